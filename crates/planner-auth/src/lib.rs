//! Sign-in for resource-planner, without Tauri: the email with the code and its link (`mail`,
//! `link`), and the session token in the OS keyring (`vault`). The codes and sessions themselves
//! are items of the team table (`planner_store::signin`).

pub mod link;
pub mod mail;
#[cfg(feature = "testing")]
pub mod testing;
pub mod vault;

pub use link::{LinkError, parse_sign_in_link, sign_in_link};
pub use mail::{Lang, MailConfig, MailError, SmtpMailer, TlsMode};
pub use vault::{MemoryVault, SessionVault, TokenVault, VaultError};

use planner_domain::Email;
use planner_store::{Store, StoreError};

/// Why asking for a code failed (never because the email is unknown: that answer is neutral).
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Mail(#[from] MailError),
}

/// Asks for a sign-in code for `email`: issued and sent if the email belongs to an invited
/// user and the hourly limit allows, else nothing happens. The answer is the same either way,
/// so that no one learns which emails are invited; only a broken mail server says more.
pub async fn request_code(
    store: &Store,
    mailer: &SmtpMailer,
    email: &Email,
    lang: Lang,
) -> Result<(), RequestError> {
    if let Some(issued) = store.identity().request_sign_in_code(email).await? {
        mailer.send_sign_in_code(&issued, lang).await?;
    }
    Ok(())
}
