//! The session token in the OS keyring (macOS Keychain, Windows Credential Manager, the Secret
//! Service on Linux) and nowhere else: no file, no log, no `Debug` output. One entry per app
//! profile: service `resource-planner`, account `session/{profile}`; the key of the profile's
//! offline copies beside it, account `cache-key/{profile}`.
//!
//! The calls block (the Secret Service is reached over D-Bus): call them from
//! `tokio::task::spawn_blocking` in async code.

use planner_store::Sensitive;

/// The keyring service name of every entry the app writes.
pub const SERVICE: &str = "resource-planner";

/// Why the keyring could not be used; said to the user as a sentence.
#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    #[error(
        "the system keyring is not available ({0}); on Linux a Secret Service (GNOME Keyring or KWallet) must be running"
    )]
    Unavailable(String),
}

/// Where the app keeps its session token: the OS keyring ([`SessionVault`]); command tests that
/// run without a Secret Service use [`MemoryVault`].
pub trait TokenVault: Send + Sync + std::fmt::Debug {
    fn save(&self, token: &Sensitive) -> Result<(), VaultError>;
    fn load(&self) -> Result<Option<Sensitive>, VaultError>;
    fn delete(&self) -> Result<(), VaultError>;
}

/// A token kept in this process's memory only (tests; it is gone when the process ends).
#[derive(Debug, Default)]
pub struct MemoryVault(std::sync::Mutex<Option<Sensitive>>);

impl TokenVault for MemoryVault {
    fn save(&self, token: &Sensitive) -> Result<(), VaultError> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(token.clone());
        Ok(())
    }
    fn load(&self) -> Result<Option<Sensitive>, VaultError> {
        Ok(self.0.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }
    fn delete(&self) -> Result<(), VaultError> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(())
    }
}

/// Where one profile's session token is kept.
#[derive(Debug, Clone)]
pub struct SessionVault {
    account: String,
}

impl SessionVault {
    pub fn new(profile: &str) -> Self {
        Self { account: format!("session/{profile}") }
    }

    /// Where the key of one profile's offline copies is kept (account `cache-key/{profile}`).
    pub fn cache_key(profile: &str) -> Self {
        Self { account: format!("cache-key/{profile}") }
    }

    /// The keyring account of this vault (what `secret-tool lookup service resource-planner
    /// username …` finds).
    pub fn account(&self) -> &str {
        &self.account
    }

    fn entry(&self) -> Result<keyring::Entry, VaultError> {
        keyring::Entry::new(SERVICE, &self.account).map_err(unavailable)
    }
}

impl TokenVault for SessionVault {
    fn save(&self, token: &Sensitive) -> Result<(), VaultError> {
        self.entry()?.set_password(token.expose()).map_err(unavailable)
    }

    /// The stored token, or `None` when there is none.
    fn load(&self) -> Result<Option<Sensitive>, VaultError> {
        match self.entry()?.get_password() {
            Ok(token) => Ok(Some(Sensitive::new(token))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(unavailable(e)),
        }
    }

    /// Removes the token; removing none is not an error.
    fn delete(&self) -> Result<(), VaultError> {
        match self.entry()?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(unavailable(e)),
        }
    }
}

fn unavailable(e: keyring::Error) -> VaultError {
    VaultError::Unavailable(e.to_string())
}
