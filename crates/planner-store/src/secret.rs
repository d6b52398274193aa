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

    /// A one-time sign-in code: `digits` decimal digits, uniformly random.
    pub fn random_code(digits: u32) -> Self {
        use rand::Rng;
        let n: u64 = rand::rng().random_range(0..10u64.pow(digits));
        Self(format!("{n:0width$}", width = digits as usize))
    }

    /// The SHA-256 of the secret (and an optional pepper), as hex: what keys hold instead.
    pub fn hashed(&self, pepper: &[u8]) -> String {
        let mut h = Sha256::new();
        h.update(self.0.as_bytes());
        h.update(pepper);
        hex(&h.finalize())
    }
}

/// SHA-256 over several parts and a pepper, each part length-prefixed so that no two different
/// lists of parts hash alike ("ab","c" ≠ "a","bc"); hex.
pub fn keyed_hash(parts: &[&str], pepper: &[u8]) -> String {
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    h.update(pepper);
    hex(&h.finalize())
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
    fn codes_have_their_digits_and_hashes_keep_parts_apart() {
        for _ in 0..200 {
            let c = Sensitive::random_code(6);
            assert_eq!(c.expose().len(), 6);
            assert!(c.expose().chars().all(|d| d.is_ascii_digit()));
        }
        assert_ne!(keyed_hash(&["ab", "c"], b"p"), keyed_hash(&["a", "bc"], b"p"));
        assert_ne!(keyed_hash(&["a"], b"p"), keyed_hash(&["a"], b"q"));
        assert_eq!(keyed_hash(&["a", "b"], b"p").len(), 64);
    }

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
