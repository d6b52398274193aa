//! Sign-in by a one-time code sent by email (the VerificationToken and Session items of
//! docs/data-model.md, access patterns 33 and 34).
//!
//! Each code sent is two secrets: a **typed code** of [`CODE_LENGTH`] characters (50 bits) and
//! the **link's secret** (256 bits), each the key of one VerificationToken item
//! `VERIFICATION#{key}` / `META`: the typed code's key is Argon2id of it ([`code_key`], slow on
//! purpose), the link's a keyed SHA-256. Both items name the email (`identifier`), expire after
//! [`VERIFICATION_MINUTES`] (TTL `expires`, also checked on use) and carry the code's `serial`.
//!
//! The **sign-in guard** `SIGNIN#{h(email)}` / `META` (our addition to the layout) holds no value
//! derived from a code: how many codes were issued in the current hour, how many attempts were
//! made against the current code, and the current code's `current` serial, a random value. A code
//! works only while its serial is the guard's `current`, so the next code, a sign-in, or
//! [`WRONG_CODES_ALLOWED`] attempts end it without touching its items.
//!
//! A typed attempt is **counted before it is judged**: one conditional update of the guard
//! (`attempts < max`) answers the current serial, and only then does the transaction that
//! consumes the code run. Concurrent guesses cannot all be judged, and a guess whose count did
//! not land is not judged. A link is not counted (its secret cannot be guessed), so a link
//! with someone's email cannot use up their attempts; it is refused once the code is killed.
//!
//! Invite-only, without enumeration: a code is issued only to the email of a User who belongs
//! to at least one team; for any other email [`Identity::request_sign_in_code`] answers `None` and
//! writes nothing, and so it does when the hourly limit is reached. Callers show one neutral
//! answer for all of these.

use super::users::VERIFICATION_MINUTES;
use crate::identity::Identity;
use crate::keys::{self, META};
use crate::sdk::{Item, classify, get_n, get_opt_s, get_s, is_condition_failure, key, n, s};
use crate::secret::{canonical_code, code_key, is_link_secret, keyed_hash};
use crate::{AuditEvent, Sensitive, StoreError};
use aws_sdk_dynamodb::types::{Delete, Put, ReturnConsumedCapacity, ReturnValue, TransactWriteItem, Update};
use planner_domain::{Email, User};

pub use crate::secret::{CODE_BITS, CODE_LENGTH};

/// Codes one email may be sent in one clock hour.
pub const CODES_PER_HOUR: i64 = 5;
/// Attempts with a wrong typed code before the current code stops working.
pub const WRONG_CODES_ALLOWED: i64 = 5;

/// Whether `code` has the form of the typed codes this store sends (see [`canonical_code`]).
pub fn has_code_form(code: &str) -> bool {
    canonical_code(code).is_some()
}

/// A code to send to `email`: the code to type and the link's secret. `Debug` shows neither.
#[derive(Debug, Clone)]
pub struct IssuedCode {
    pub email: Email,
    pub code: Sensitive,
    pub link_secret: Sensitive,
    /// Epoch seconds.
    pub expires: i64,
}

/// A completed sign-in: the new session's token (for the OS keyring, nowhere else) and its user.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: Sensitive,
    pub user: User,
    /// Epoch seconds.
    pub expires: i64,
}

impl Identity<'_> {
    fn guard_key(self, email: &Email) -> Item {
        key(keys::signin_guard_pk(&keyed_hash(&["signin", email.as_str()], &self.store.pepper)), META)
    }

    /// The typed code's key: Argon2id, off the async threads (it takes tens of milliseconds).
    async fn code_key(self, email: &Email, canonical: String) -> Result<String, StoreError> {
        let (email, pepper) = (email.as_str().to_owned(), self.store.pepper.clone());
        tokio::task::spawn_blocking(move || code_key(&email, &canonical, &pepper))
            .await
            .map_err(|e| StoreError::Engine { message: format!("the sign-in code's key: {e}") })
    }

    fn link_key(self, email: &Email, secret: &Sensitive) -> String {
        keyed_hash(&["link", email.as_str(), secret.expose()], &self.store.pepper)
    }

    fn require_pepper(self) -> Result<(), StoreError> {
        if self.store.pepper.is_empty() && !self.store.conn.embedded {
            return Err(StoreError::Config {
                message: "sign-in by email needs a token pepper on a shared table (signin.pepper)".into(),
            });
        }
        Ok(())
    }

    /// Issues a sign-in code for `email` if it belongs to an invited user and the hourly limit
    /// allows; `None` otherwise, with nothing written. The caller sends the code and the link.
    pub async fn request_sign_in_code(self, email: &Email) -> Result<Option<IssuedCode>, StoreError> {
        self.require_pepper()?;
        let Some(id) = self.user_id_by_email(email).await? else { return Ok(None) };
        let Some((user, teams)) = self.user_with_teams(&id).await? else { return Ok(None) };
        if teams.is_empty() {
            return Ok(None);
        }
        let code = Sensitive::random_code();
        let link_secret = Sensitive::random_token();
        // The serial says which code is current; it is random, so it tells nothing of the code.
        let serial = Sensitive::random_token().expose()[..32].to_owned();
        let canonical = canonical_code(code.expose()).expect("a code of its own form");
        let code_key = self.code_key(email, canonical).await?;
        let now = self.store.now().unix_timestamp();
        let expires = now + VERIFICATION_MINUTES * 60;
        if !self.count_code(email, &serial, now).await? {
            self.store.audit.record(&AuditEvent {
                at: self.store.now_rfc3339(),
                user: user.id.to_string(),
                team: String::new(),
                command: "request_sign_in_code".into(),
                refused: "rate_limited".into(),
                role: None,
            });
            return Ok(None);
        }
        let put = |key_hash: &str| {
            let mut item = key(keys::verification_pk(key_hash), META);
            item.insert("identifier".into(), s(email.as_str()));
            item.insert("expires".into(), n(expires));
            item.insert("serial".into(), s(&serial));
            Put::builder()
                .table_name(self.store.table())
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(pk)")
                .build()
                .map(|put| TransactWriteItem::builder().put(put).build())
                .map_err(StoreError::build)
        };
        let actions = vec![put(&code_key)?, put(&self.link_key(email, &link_secret))?];
        match self.store.transact(actions).await {
            Ok(()) => {}
            Err(e) if e.condition_failed_at(0) || e.condition_failed_at(1) => {
                return Err(StoreError::Engine {
                    message: "a new sign-in code collided with a stored one".into(),
                });
            }
            Err(e) => return Err(e.into_store("sign-in code")),
        }
        Ok(Some(IssuedCode { email: email.clone(), code, link_secret, expires }))
    }

    /// Counts one more code against the hourly limit and makes `serial` the current one, with no
    /// attempts yet (the code before it stops working). `false` when the limit is reached.
    async fn count_code(self, email: &Email, serial: &str, now: i64) -> Result<bool, StoreError> {
        let hour = now / 3600;
        let attempt = |expression: &str, condition: &str| {
            self.store
                .update_item()
                .return_consumed_capacity(ReturnConsumedCapacity::Total)
                .set_key(Some(self.guard_key(email)))
                .update_expression(expression)
                .condition_expression(condition)
                .expression_attribute_names("#hour", "hour")
                .expression_attribute_names("#cur", "current")
                // What the earlier layout kept: the current code's key hash. Removed.
                .expression_attribute_names("#token", "token")
                .expression_attribute_names("#exp", "expires")
                .expression_attribute_values(":hour", n(hour))
                .expression_attribute_values(":one", n(1))
                .expression_attribute_values(":zero", n(0))
                .expression_attribute_values(":serial", s(serial))
                // The guard outlives the hour it counts, then TTL removes it.
                .expression_attribute_values(":exp", n(now + 2 * 3600))
        };
        // The same hour: one more, below the limit.
        let same_hour = attempt(
            "SET issued = issued + :one, attempts = :zero, #cur = :serial, #exp = :exp REMOVE #token",
            "#hour = :hour AND issued < :max",
        )
        .expression_attribute_values(":max", n(CODES_PER_HOUR))
        .send()
        .await;
        match same_hour {
            Ok(_) => Ok(true),
            Err(e) if is_condition_failure(&e) => {
                // A new hour (or a first code): start counting again.
                let new_hour = attempt(
                    "SET #hour = :hour, issued = :one, attempts = :zero, #cur = :serial, #exp = :exp REMOVE #token",
                    "attribute_not_exists(pk) OR #hour <> :hour",
                )
                .send()
                .await;
                match new_hour {
                    Ok(_) => Ok(true),
                    Err(e) if is_condition_failure(&e) => Ok(false),
                    Err(e) => Err(classify(e)),
                }
            }
            Err(e) => Err(classify(e)),
        }
    }

    /// Signs in with the code typed from the email: counts the attempt, then consumes the code
    /// exactly once and starts a session. Wrong, expired, used, replaced and killed codes are all
    /// [`StoreError::CodeInvalid`].
    pub async fn sign_in_with_code(self, email: &Email, code: &Sensitive) -> Result<SignedIn, StoreError> {
        self.require_pepper()?;
        // Not of the form of the codes sent, so not one of them: refused before anything is
        // sent, without using one of the email's attempts (a typo must not lock anyone out).
        let Some(canonical) = canonical_code(code.expose()) else { return Err(StoreError::CodeInvalid) };
        // Counted first, atomically: at most WRONG_CODES_ALLOWED attempts are ever judged.
        let serial = self.count_attempt(email).await?;
        let key_hash = self.code_key(email, canonical).await?;
        self.consume(email, &key_hash, &serial, WRONG_CODES_ALLOWED).await
    }

    /// Signs in with the secret of the link in the email. Not counted as an attempt: a 256-bit
    /// secret cannot be guessed, so a wrong one must not use up the email's attempts.
    pub async fn sign_in_with_link(self, email: &Email, secret: &Sensitive) -> Result<SignedIn, StoreError> {
        let serial = self.link_serial(email, secret).await?;
        // Refused once the typed code was killed by wrong attempts, like the code itself.
        self.consume(email, &self.link_key(email, secret), &serial, WRONG_CODES_ALLOWED - 1).await
    }

    /// Whether a link's secret would sign `email` in now, without using it (the app asks the
    /// user before it does): `Ok` or [`StoreError::CodeInvalid`]. Reads only.
    pub async fn check_sign_in_link(self, email: &Email, secret: &Sensitive) -> Result<(), StoreError> {
        let serial = self.link_serial(email, secret).await?;
        let item =
            self.store.get(key(keys::verification_pk(&self.link_key(email, secret)), META), true).await?;
        let live = item.is_some_and(|item| {
            get_opt_s(&item, "identifier") == Some(email.as_str())
                && get_opt_s(&item, "serial") == Some(serial.as_str())
                && get_n(&item, "expires").is_ok_and(|exp| exp > self.store.now().unix_timestamp())
        });
        if live { Ok(()) } else { Err(StoreError::CodeInvalid) }
    }

    /// One more attempt against the current code, counted before it is judged: the current
    /// serial, or [`StoreError::CodeInvalid`] when there is no current code or its attempts are
    /// used up.
    async fn count_attempt(self, email: &Email) -> Result<String, StoreError> {
        let counted = self
            .store
            .update_item()
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(self.guard_key(email)))
            .update_expression("ADD attempts :one")
            .condition_expression("attribute_exists(#cur) AND attempts < :max")
            .expression_attribute_names("#cur", "current")
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":max", n(WRONG_CODES_ALLOWED))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        match counted {
            Ok(out) => Ok(get_s(&out.attributes.unwrap_or_default(), "current")?.to_owned()),
            Err(e) if is_condition_failure(&e) => Err(StoreError::CodeInvalid),
            Err(e) => Err(classify(e)),
        }
    }

    /// The current code's serial for a link with `secret` (one of the form sent), read strongly.
    async fn link_serial(self, email: &Email, secret: &Sensitive) -> Result<String, StoreError> {
        self.require_pepper()?;
        if !is_link_secret(secret.expose()) {
            return Err(StoreError::CodeInvalid);
        }
        self.live_serial(email).await
    }

    /// The current code's serial while its attempts are not used up (a strong read of the guard).
    async fn live_serial(self, email: &Email) -> Result<String, StoreError> {
        let guard = self.store.get(self.guard_key(email), true).await?.ok_or(StoreError::CodeInvalid)?;
        match get_opt_s(&guard, "current") {
            Some(serial) if get_n(&guard, "attempts")? < WRONG_CODES_ALLOWED => Ok(serial.to_owned()),
            _ => Err(StoreError::CodeInvalid),
        }
    }

    /// Consumes the VerificationToken `key_hash` of the current code `serial` and ends the code
    /// (the guard's `current` removed, so its other item stops working too), in one transaction;
    /// then starts a session. `most`: the attempts the guard may show.
    async fn consume(
        self,
        email: &Email,
        key_hash: &str,
        serial: &str,
        most: i64,
    ) -> Result<SignedIn, StoreError> {
        let now = self.store.now().unix_timestamp();
        let consume = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(key(keys::verification_pk(key_hash), META)))
            .condition_expression(
                "attribute_exists(pk) AND identifier = :email AND #exp > :now AND serial = :serial",
            )
            .expression_attribute_names("#exp", "expires")
            .expression_attribute_values(":email", s(email.as_str()))
            .expression_attribute_values(":now", n(now))
            .expression_attribute_values(":serial", s(serial))
            .build()
            .map_err(StoreError::build)?;
        let settle = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(self.guard_key(email)))
            .update_expression("REMOVE #cur SET attempts = :zero")
            .condition_expression("#cur = :serial AND attempts <= :most")
            .expression_attribute_names("#cur", "current")
            .expression_attribute_values(":zero", n(0))
            .expression_attribute_values(":most", n(most))
            .expression_attribute_values(":serial", s(serial))
            .build()
            .map_err(StoreError::build)?;
        let actions = vec![
            TransactWriteItem::builder().delete(consume).build(),
            TransactWriteItem::builder().update(settle).build(),
        ];
        match self.store.transact(actions).await {
            Ok(()) => {}
            Err(e) if e.condition_failed_at(0) || e.condition_failed_at(1) => {
                return Err(StoreError::CodeInvalid);
            }
            Err(e) => return Err(e.into_store("sign-in code")),
        }
        let user = self.find_user_by_email(email).await?.ok_or(StoreError::CodeInvalid)?;
        let (token, expires) = self.create_session(&user.id).await?;
        Ok(SignedIn { token, user, expires })
    }
}
