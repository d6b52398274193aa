//! Project colours.

use crate::ValidationError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An sRGB colour written `#RRGGBB`, stored upper-case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Color([u8; 3]);

impl Color {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let err = || ValidationError::Color(raw.chars().take(32).collect());
        let hex = raw.strip_prefix('#').ok_or_else(err)?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(err());
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| err());
        Ok(Self([byte(0)?, byte(2)?, byte(4)?]))
    }

    pub const fn from_rgb(r: u8, g: u8, b: u8) -> Self {
        Self([r, g, b])
    }

    pub fn rgb(self) -> [u8; 3] {
        self.0
    }
}

text_value!(Color);

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02X}{g:02X}{b:02X}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_normalises_to_upper_case() {
        assert_eq!(Color::parse("#4d72f3").unwrap().to_string(), "#4D72F3");
        assert_eq!(Color::parse("#000000").unwrap().rgb(), [0, 0, 0]);
    }

    #[test]
    fn refuses_other_forms() {
        for bad in ["4D72F3", "#4D72F", "#4D72F30", "#GGGGGG", "#fff", "", "#", "#４D72F3"] {
            assert!(Color::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
