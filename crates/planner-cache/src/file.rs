//! The offline copy on disk: `RPCACHE1` ‖ 24-byte nonce ‖ XChaCha20-Poly1305(JSON snapshot),
//! with the file's owner (table, user, team) as associated data, so a file copied from another
//! user or team does not open. Written whole through a temporary file and a rename.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use rand::RngCore;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"RPCACHE1";
const NONCE: usize = 24;

/// The 256-bit key of a user's offline copies. Kept in the OS keyring by the app; never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct CacheKey([u8; 32]);

impl CacheKey {
    pub fn generate() -> Self {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        Self(key)
    }

    /// The form the keyring keeps (64 hex digits).
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    pub fn from_hex(hex: &str) -> Option<Self> {
        let hex = hex.trim();
        if hex.len() != 64 || !hex.is_ascii() {
            return None;
        }
        let mut key = [0u8; 32];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Self(key))
    }
}

impl fmt::Debug for CacheKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CacheKey(<redacted>)")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// Not a readable copy of this user and team: damaged, cut short, of another key or owner.
    /// Discard it; the next load writes a new one.
    #[error("the offline copy {file} could not be read ({why}); it was set aside and will be rebuilt")]
    Damaged { file: PathBuf, why: &'static str },
    #[error("the offline copy {file} could not be written: {message}")]
    Io { file: PathBuf, message: String },
}

/// One encrypted file of the offline copy: a team's [`crate::Snapshot`], or the
/// [`crate::Profile`] of who was signed in.
#[derive(Debug, Clone)]
pub struct CacheFile {
    path: PathBuf,
    key: CacheKey,
    /// Who the file belongs to (table, user, team): bound into the encryption.
    owner: String,
}

impl CacheFile {
    pub fn new(path: PathBuf, key: CacheKey, owner: impl Into<String>) -> Self {
        Self { path, key, owner: owner.into() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The copy, if there is one. A file that cannot be read as this owner's copy is
    /// [`CacheError::Damaged`]; [`CacheFile::discard`] it.
    pub fn load<T: DeserializeOwned>(&self) -> Result<Option<T>, CacheError> {
        let bytes = match std::fs::read(&self.path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(_) => return Err(self.damaged("unreadable")),
        };
        if bytes.len() < MAGIC.len() + NONCE || &bytes[..MAGIC.len()] != MAGIC {
            return Err(self.damaged("not an offline copy, or cut short"));
        }
        let (nonce, sealed) = bytes[MAGIC.len()..].split_at(NONCE);
        let plain = self
            .cipher()
            .decrypt(XNonce::from_slice(nonce), Payload { msg: sealed, aad: self.owner.as_bytes() })
            .map_err(|_| self.damaged("damaged, or not this user's and team's"))?;
        serde_json::from_slice(&plain).map(Some).map_err(|_| self.damaged("of an unknown form"))
    }

    /// Replaces the copy with `value`.
    pub fn store<T: Serialize>(&self, value: &T) -> Result<(), CacheError> {
        let io = |e: std::io::Error| CacheError::Io { file: self.path.clone(), message: e.to_string() };
        let plain = serde_json::to_vec(value)
            .map_err(|e| CacheError::Io { file: self.path.clone(), message: e.to_string() })?;
        let mut nonce = [0u8; NONCE];
        rand::rng().fill_bytes(&mut nonce);
        let sealed = self
            .cipher()
            .encrypt(XNonce::from_slice(&nonce), Payload { msg: &plain, aad: self.owner.as_bytes() })
            .map_err(|_| CacheError::Io { file: self.path.clone(), message: "encryption failed".into() })?;
        let mut out = Vec::with_capacity(MAGIC.len() + NONCE + sealed.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let temp = self.path.with_extension("writing");
        std::fs::write(&temp, out).map_err(io)?;
        std::fs::rename(&temp, &self.path).map_err(io)
    }

    /// Removes the copy (damaged, or on sign-out); a missing one is fine.
    pub fn discard(&self) -> Result<(), CacheError> {
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(CacheError::Io { file: self.path.clone(), message: e.to_string() }),
        }
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new((&self.key.0).into())
    }

    fn damaged(&self, why: &'static str) -> CacheError {
        CacheError::Damaged { file: self.path.clone(), why }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Snapshot;
    use planner_domain::{
        Assignment, AssignmentId, Color, Date, DateRange, Name, Person, Project, ProjectId,
    };
    use planner_domain::{PersonId, Team, TeamId};

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!("rp-cache-{}", AssignmentId::generate()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn snapshot() -> Snapshot {
        let r = Person::new(PersonId::generate(), Name::parse("Ada").unwrap());
        let p = Project {
            id: ProjectId::generate(),
            name: Name::parse("Apollo").unwrap(),
            color: Color::parse("#1f77b4").unwrap(),
            version: 3,
        };
        let start = Date::parse("2026-11-30").unwrap();
        let a = Assignment {
            id: AssignmentId::generate(),
            person_id: r.id.clone(),
            project_id: p.id.clone(),
            range: DateRange::new(start, start.add_days(5)).unwrap(),
            allocation: Default::default(),
            status: Default::default(),
            version: 1,
            series: None,
        };
        let team = Team {
            id: TeamId::generate(),
            name: Name::parse("Team").unwrap(),
            created_at: "x".into(),
            default_week: Default::default(),
            feed_days: Team::DEFAULT_FEED_DAYS,
        };
        let window = DateRange::window(start, start.add_days(35)).unwrap();
        Snapshot::new(team, vec![r], vec![p], window, vec![a], "2026-11-30T09:00:00Z".into())
    }

    #[test]
    fn a_copy_comes_back_as_it_went_and_is_not_readable_on_disk() {
        let file = CacheFile::new(dir().join("team.bin"), CacheKey::generate(), "table|user|team");
        assert!(file.load::<Snapshot>().unwrap().is_none(), "no copy yet");
        let s = snapshot();
        file.store(&s).unwrap();
        assert_eq!(file.load().unwrap(), Some(s));
        let raw = std::fs::read(file.path()).unwrap();
        let text = String::from_utf8_lossy(&raw);
        assert!(!text.contains("Apollo") && !text.contains("Ada"), "names are encrypted");
        assert!(!file.path().with_extension("writing").exists());
    }

    #[test]
    fn damage_of_every_kind_is_reported_not_crashed_on() {
        let d = dir();
        let key = CacheKey::generate();
        let file = CacheFile::new(d.join("team.bin"), key.clone(), "table|user|team");
        file.store(&snapshot()).unwrap();
        let good = std::fs::read(file.path()).unwrap();
        let damaged = |bytes: &[u8]| {
            std::fs::write(file.path(), bytes).unwrap();
            matches!(file.load::<Snapshot>(), Err(CacheError::Damaged { .. }))
        };
        assert!(damaged(&good[..good.len() / 2]), "truncated");
        assert!(damaged(&good[..10]), "cut inside the header");
        assert!(damaged(b""), "empty");
        assert!(damaged(b"{\"team\": \"not encrypted\"}"), "another format");
        let mut flipped = good.clone();
        let at = flipped.len() - 20;
        flipped[at] ^= 0x40;
        assert!(damaged(&flipped), "one bit changed");
        std::fs::write(file.path(), &good).unwrap();
        let other_key = CacheFile::new(file.path().to_owned(), CacheKey::generate(), "table|user|team");
        assert!(matches!(other_key.load::<Snapshot>(), Err(CacheError::Damaged { .. })), "another key");
        let other_owner = CacheFile::new(file.path().to_owned(), key, "table|someone-else|team");
        assert!(
            matches!(other_owner.load::<Snapshot>(), Err(CacheError::Damaged { .. })),
            "another user's file"
        );
        // The message says what happens, and discarding lets a new copy start.
        std::fs::write(file.path(), b"garbage").unwrap();
        let message = file.load::<Snapshot>().unwrap_err().to_string();
        assert!(message.contains("set aside") && message.contains("team.bin"), "{message}");
        file.discard().unwrap();
        assert!(file.load::<Snapshot>().unwrap().is_none());
        file.discard().unwrap();
    }

    #[test]
    fn keys_round_trip_through_hex_and_never_print() {
        let key = CacheKey::generate();
        assert_eq!(CacheKey::from_hex(&key.to_hex()), Some(key.clone()));
        assert_eq!(CacheKey::from_hex("abc"), None);
        assert_eq!(CacheKey::from_hex(&"zz".repeat(32)), None);
        assert!(!format!("{key:?}").contains(&key.to_hex()[..8]));
    }
}
