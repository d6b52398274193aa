//! Display names of teams, people and projects.

use crate::ValidationError;
use serde::{Deserialize, Serialize};

/// A trimmed name of 1–100 characters without control or invisible formatting characters.
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
        if trimmed.chars().any(is_format_character) {
            return Err(ValidationError::NameFormatCharacter);
        }
        if trimmed.chars().count() > Self::MAX_CHARS {
            return Err(ValidationError::NameTooLong { max: Self::MAX_CHARS });
        }
        Ok(Self(trimmed.to_owned()))
    }
}

string_value!(Name);

/// Invisible characters that change how text around them is shown or compared (Unicode's
/// format characters, category Cf): direction marks and overrides, which can make a name read
/// as another ("Trojan Source"), and zero-width characters, which make two names that look the
/// same differ. Names and email addresses refuse them.
pub fn is_format_character(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    )
}

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
    fn refuses_direction_marks_and_zero_width_characters() {
        for bad in [
            "Ada\u{202E}gnirts",
            "Ad\u{200B}a",
            "\u{2066}Ada\u{2069}",
            "Ada\u{200D}",
            "Ada\u{FEFF}",
            "A\u{00AD}da",
            "\u{200F}Ada",
        ] {
            assert_eq!(Name::parse(bad), Err(ValidationError::NameFormatCharacter), "{bad:?}");
        }
        // Japanese, accents and emoji are names.
        for good in ["山田 太郎", "Zoë Ångström", "Ada 🚀"] {
            assert!(Name::parse(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn deserialising_validates() {
        assert!(serde_json::from_str::<Name>("\"  \"").is_err());
        assert_eq!(serde_json::from_str::<Name>("\" Acme \"").unwrap().as_str(), "Acme");
    }
}
