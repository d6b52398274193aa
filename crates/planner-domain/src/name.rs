//! Display names of teams, people and projects.

use crate::ValidationError;
use serde::{Deserialize, Serialize};

/// A trimmed name of 1–100 characters without control characters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Name(String);

impl Name {
    pub const MAX_CHARS: usize = 100;

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(ValidationError::NameEmpty);
        }
        if trimmed.chars().any(char::is_control) {
            return Err(ValidationError::NameControlCharacter);
        }
        if trimmed.chars().count() > Self::MAX_CHARS {
            return Err(ValidationError::NameTooLong { max: Self::MAX_CHARS });
        }
        Ok(Self(trimmed.to_owned()))
    }
}

string_value!(Name);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_keeps_inner_spaces() {
        assert_eq!(Name::parse("  山田 太郎 ").unwrap().as_str(), "山田 太郎");
    }

    #[test]
    fn counts_characters_not_bytes() {
        assert!(Name::parse(&"山".repeat(100)).is_ok());
        assert_eq!(Name::parse(&"山".repeat(101)), Err(ValidationError::NameTooLong { max: 100 }));
    }

    #[test]
    fn refuses_empty_and_control_characters() {
        assert_eq!(Name::parse("   "), Err(ValidationError::NameEmpty));
        assert_eq!(Name::parse(""), Err(ValidationError::NameEmpty));
        assert_eq!(Name::parse("a\u{7}b"), Err(ValidationError::NameControlCharacter));
        assert_eq!(Name::parse("line\nbreak"), Err(ValidationError::NameControlCharacter));
    }

    #[test]
    fn deserialising_validates() {
        assert!(serde_json::from_str::<Name>("\"  \"").is_err());
        assert_eq!(serde_json::from_str::<Name>("\" Acme \"").unwrap().as_str(), "Acme");
    }
}
