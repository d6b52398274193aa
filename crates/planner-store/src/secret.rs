//! Secrets (session tokens, sign-in codes) in a wrapper that never prints them.

use sha2::{Digest, Sha256};
use std::fmt;

/// A secret string. `Debug` and `Display` print `<redacted>`; the value is reachable only through
/// [`Sensitive::expose`], which is easy to search for.
#[derive(Clone, PartialEq, Eq)]
pub struct Sensitive(String);

impl Sensitive {
    pub fn new(value: String) -> Self {
        Self(value)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// 256 random bits from the OS generator, as 64 hex digits.
    pub fn random_token() -> Self {
        let bytes: [u8; 32] = rand::random();
        Self(hex(&bytes))
    }

    /// The SHA-256 of the secret (and an optional pepper), as hex: what keys hold instead.
    pub fn hashed(&self, pepper: &[u8]) -> String {
        let mut h = Sha256::new();
        h.update(self.0.as_bytes());
        h.update(pepper);
        hex(&h.finalize())
    }
}

impl fmt::Debug for Sensitive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl fmt::Display for Sensitive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_prints_the_value() {
        let s = Sensitive::new("hunter2".into());
        assert_eq!(format!("{s:?} {s}"), "<redacted> <redacted>");
        assert_eq!(s.expose(), "hunter2");
    }

    #[test]
    fn random_tokens_are_256_bits_and_differ() {
        let (a, b) = (Sensitive::random_token(), Sensitive::random_token());
        assert_eq!(a.expose().len(), 64);
        assert_ne!(a, b);
    }

    #[test]
    fn hashes_depend_on_the_pepper() {
        let s = Sensitive::new("123456".into());
        assert_ne!(s.hashed(b"a"), s.hashed(b"b"));
        assert_eq!(s.hashed(b"a").len(), 64);
        assert!(!s.hashed(b"").contains("123456"));
    }
}
