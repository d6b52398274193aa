//! Email addresses, the sign-in identifier.

use crate::ValidationError;
use serde::{Deserialize, Serialize};

/// An email address, trimmed and lower-cased, so that one person has one key.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let value = raw.trim().to_lowercase();
        let err = || ValidationError::Email(raw.chars().take(64).collect());
        let (local, domain) = value.split_once('@').ok_or_else(err)?;
        let ok = !local.is_empty()
            && local.len() <= 64
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && value.len() <= 254
            && !value
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || crate::name::is_format_character(c))
            && !domain.contains('@')
            && !value.contains('#');
        if ok { Ok(Self(value)) } else { Err(err()) }
    }
}

string_value!(Email);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_case_and_space() {
        assert_eq!(Email::parse(" Hanako@Example.COM ").unwrap().as_str(), "hanako@example.com");
    }

    #[test]
    fn refuses_malformed_addresses() {
        for bad in
            ["", "plain", "@example.com", "a@b", "a@@b.com", "a b@c.com", "a@.com", "a@b.com.", "a#b@c.com"]
        {
            assert!(Email::parse(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn refuses_direction_marks_and_zero_width_characters() {
        // Each looks like ada@example.com on screen.
        for bad in [
            "ada\u{200B}@example.com",
            "ada@exam\u{202E}ple.com",
            "\u{FEFF}ada@example.com",
            "ada@example.com\u{2060}",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }
}
