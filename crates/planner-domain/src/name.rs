//! Display names of teams, people and projects.

use crate::ValidationError;
use serde::{Deserialize, Serialize};
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

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
        if hidden_format_character(trimmed).is_some() {
            return Err(ValidationError::NameFormatCharacter);
        }
        if trimmed.chars().count() > Self::MAX_CHARS {
            return Err(ValidationError::NameTooLong { max: Self::MAX_CHARS });
        }
        Ok(Self(trimmed.to_owned()))
    }
}

string_value!(Name);

/// Invisible characters that change how text around them is shown or compared: Unicode's format
/// characters (general category Cf, from Unicode's own data through `unicode-properties`):
/// direction marks and overrides, which can make a name read as another ("Trojan Source"),
/// zero-width characters and tags, which make two names that look the same differ. Names and email
/// addresses refuse them — but for those inside an emoji sequence, which join what is seen rather
/// than hide anything: a zero-width joiner between two emoji (👩‍💻), and the tags of a flag
/// (🏴 followed by tag letters and the cancel tag: 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
pub fn is_format_character(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
}

/// The first format character of `text` that is not part of an emoji sequence, if any.
pub fn hidden_format_character(text: &str) -> Option<char> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\u{1F3F4}' {
            // A flag's tags: letters and digits as tags, closed by the cancel tag.
            let mut j = i + 1;
            while j < chars.len() && ('\u{E0020}'..='\u{E007E}').contains(&chars[j]) {
                j += 1;
            }
            if j > i + 1 && chars.get(j) == Some(&'\u{E007F}') {
                i = j + 1;
                continue;
            }
        } else if is_format_character(c) {
            let joins = c == ZWJ
                && i > 0
                && emoji_part(chars[i - 1])
                && chars.get(i + 1).is_some_and(|n| n.is_emoji_char() && !n.is_ascii());
            if !joins {
                return Some(c);
            }
        }
        i += 1;
    }
    None
}

const ZWJ: char = '\u{200D}';

/// What may stand before a joiner: an emoji, its presentation selector, a skin tone.
fn emoji_part(c: char) -> bool {
    (c.is_emoji_char() && !c.is_ascii()) || c == '\u{FE0F}'
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
        // Japanese, accents and emoji are names; so are emoji sequences, whose joiners and tags
        // are format characters that join what is seen.
        for good in
            ["山田 太郎", "Zoë Ångström", "Ada 🚀", "Ada 👩‍💻", "👨‍👩‍👧 team", "Scotland 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️‍🔥 Fire", "👍🏽 ok"]
        {
            assert!(Name::parse(good).is_ok(), "{good}");
        }
    }

    /// Every format character Unicode has, not a hand-made list: the 131 the old list missed
    /// among them (tags such as U+E0001 and U+E0020–E007F outside a flag, U+FFF9–FFFB, the
    /// Arabic and Syriac marks, shorthand format controls). A joiner or a tag out of an emoji
    /// sequence is refused.
    #[test]
    fn refuses_every_format_character_unicode_has_outside_an_emoji_sequence() {
        let all: Vec<char> =
            (0..=0x10FFFF).filter_map(char::from_u32).filter(|c| is_format_character(*c)).collect();
        assert!(all.len() >= 160, "{}", all.len());
        for c in &all {
            assert_eq!(
                Name::parse(&format!("A{c}da")),
                Err(ValidationError::NameFormatCharacter),
                "U+{:04X}",
                *c as u32
            );
        }
        for bad in [
            "Ada\u{E0001}",
            "A\u{E0041}da",
            "🏴\u{E0067}\u{E0062}",
            "Ada\u{200D}💻",
            "👩\u{200D}a",
            "\u{110BD}x",
            "\u{0600}1",
        ] {
            assert_eq!(Name::parse(bad), Err(ValidationError::NameFormatCharacter), "{bad:?}");
        }
    }

    #[test]
    fn deserialising_validates() {
        assert!(serde_json::from_str::<Name>("\"  \"").is_err());
        assert_eq!(serde_json::from_str::<Name>("\" Acme \"").unwrap().as_str(), "Acme");
    }
}
