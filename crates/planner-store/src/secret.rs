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

    /// A one-time sign-in code to type: [`CODE_LENGTH`] characters of Crockford's base 32,
    /// uniformly random, written in two groups of five (`7KQ4M-XPD2R`).
    pub fn random_code() -> Self {
        use rand::Rng;
        let mut rng = rand::rng();
        let chars: String = (0..CODE_LENGTH)
            .map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char)
            .collect();
        Self(format!("{}-{}", &chars[..CODE_LENGTH / 2], &chars[CODE_LENGTH / 2..]))
    }

    /// The SHA-256 of the secret (and an optional pepper), as hex: what keys hold instead.
    pub fn hashed(&self, pepper: &[u8]) -> String {
        let mut h = Sha256::new();
        h.update(self.0.as_bytes());
        h.update(pepper);
        hex(&h.finalize())
    }
}

/// Characters of a typed sign-in code.
pub const CODE_LENGTH: usize = 10;
/// Crockford's base 32: digits and letters without I, L, O and U, which read as others.
pub const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The bits of a typed sign-in code: 10 characters of 5 bits.
pub const CODE_BITS: u32 = 50;

/// A typed code in its one written form, or `None` when it is not of the form of the codes sent:
/// case and the groups' hyphen and spaces do not matter, and the letters that read as digits
/// (O, I, L) are those digits, as Crockford's base 32 reads them.
pub fn canonical_code(typed: &str) -> Option<String> {
    let mut out = String::with_capacity(CODE_LENGTH);
    for c in typed.trim().chars() {
        let c = match c.to_ascii_uppercase() {
            '-' | ' ' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !c.is_ascii() || !CODE_ALPHABET.contains(&(c as u8)) {
            return None;
        }
        out.push(c);
    }
    (out.len() == CODE_LENGTH).then_some(out)
}

/// Whether `secret` has the form of a sign-in link's secret: 64 lowercase hex digits.
pub fn is_link_secret(secret: &str) -> bool {
    secret.len() == 64 && secret.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The key of a typed code: Argon2id (19 MiB, two passes, the OWASP minimum) of the code, salted
/// by the email and the pepper. Slow on purpose: whoever can read the keys (a Scan of the table)
/// must pay one Argon2id per guess of a 50-bit code (docs/security.md has the arithmetic).
pub fn code_key(email: &str, canonical: &str, pepper: &[u8]) -> String {
    use argon2::{Algorithm, Argon2, Params, Version};
    let salt = keyed_hash(&["verification-salt", email], pepper);
    let params = Params::new(19 * 1024, 2, 1, Some(32)).expect("valid Argon2 parameters");
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(canonical.as_bytes(), &salt.as_bytes()[..32], &mut out)
        .expect("Argon2id over a short code");
    hex(&out)
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

/// The SHA-256 of `bytes`, as hex (a delete mark's digest of what it deleted).
pub(crate) fn digest(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
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
            let c = Sensitive::random_code();
            let (a, b) = c.expose().split_once('-').unwrap();
            assert_eq!((a.len(), b.len()), (5, 5));
            assert_eq!(canonical_code(c.expose()).unwrap(), format!("{a}{b}"));
        }
        assert_eq!(2f64.powi(CODE_BITS as i32), (CODE_ALPHABET.len() as f64).powi(CODE_LENGTH as i32));
        assert_ne!(keyed_hash(&["ab", "c"], b"p"), keyed_hash(&["a", "bc"], b"p"));
        assert_ne!(keyed_hash(&["a"], b"p"), keyed_hash(&["a"], b"q"));
        assert_eq!(keyed_hash(&["a", "b"], b"p").len(), 64);
    }

    #[test]
    fn typed_codes_are_read_as_crockford_reads_them() {
        assert_eq!(canonical_code("7kq4m-xpd2r").as_deref(), Some("7KQ4MXPD2R"));
        assert_eq!(canonical_code(" 7KQ4M XPD2R\n").as_deref(), Some("7KQ4MXPD2R"));
        assert_eq!(canonical_code("OIL00-11111").as_deref(), Some("0110011111"));
        for bad in ["", "7KQ4M-XPD2", "7KQ4M-XPD2RR", "7KQ4M-XPD2U", "7KQ4M_XPD2R", "７KQ4M-XPD2R", "123456"]
        {
            assert_eq!(canonical_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn link_secrets_are_64_hex_digits() {
        assert!(is_link_secret(Sensitive::random_token().expose()));
        assert!(!is_link_secret(&"A".repeat(64)));
        assert!(!is_link_secret(&"a".repeat(63)));
        assert!(!is_link_secret("123456"));
    }

    #[test]
    fn code_keys_depend_on_email_code_and_pepper() {
        let k = code_key("a@b.co", "7KQ4MXPD2R", b"p");
        assert_eq!(k.len(), 64);
        assert_eq!(k, code_key("a@b.co", "7KQ4MXPD2R", b"p"));
        assert_ne!(k, code_key("a@b.co", "7KQ4MXPD2S", b"p"));
        assert_ne!(k, code_key("c@b.co", "7KQ4MXPD2R", b"p"));
        assert_ne!(k, code_key("a@b.co", "7KQ4MXPD2R", b"q"));
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
