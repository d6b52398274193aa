//! Sign-in by a one-time code sent by email (issue #4; the VerificationToken and Session items of
//! docs/data-model.md, access patterns 33 and 34).
//!
//! Two items per email, neither holding the email or the code in clear:
//! - the **VerificationToken** `VERIFICATION#{h(email, code)}` / `META`: bound to the email,
//!   valid [`VERIFICATION_MINUTES`] (TTL `expires`, also checked on use, since TTL deletes late),
//!   consumed exactly once by a conditional delete;
//! - the **sign-in guard** `SIGNIN#{h(email)}` / `META` (our addition to the layout): how many
//!   codes were issued in the current hour, how many wrong codes were tried against the current
//!   one, and which token is current. It makes the limits atomic: at most [`CODES_PER_HOUR`]
//!   codes an hour, and [`WRONG_CODES_ALLOWED`] wrong codes kill the current one.
//!
//! `h` is SHA-256 over the parts and the store's pepper (`keyed_hash`); a shared table refuses
//! to issue codes without a pepper.
//!
//! Invite-only, without enumeration: a code is issued only to the email of a User who belongs
//! to at least one team; for any other email [`Store::request_sign_in_code`] answers `None` and
//! writes nothing, and so it does when the hourly limit is reached. Callers show one neutral
//! answer for all of these.

use crate::identity::VERIFICATION_MINUTES;
use crate::keys::{self, META};
use crate::sdk::{Item, classify, get_n, get_opt_s, is_condition_failure, key, n, s};
use crate::secret::keyed_hash;
use crate::{AuditEvent, Sensitive, Store, StoreError};
use aws_sdk_dynamodb::types::{Delete, ReturnConsumedCapacity, ReturnValue, TransactWriteItem, Update};
use planner_domain::{Email, User};

/// Codes one email may be sent in one clock hour.
pub const CODES_PER_HOUR: i64 = 5;
/// Wrong codes tried against the current code before it stops working.
pub const WRONG_CODES_ALLOWED: i64 = 5;
/// Digits of a sign-in code.
pub const CODE_DIGITS: u32 = 6;

/// Whether `code` has the form of the codes this store sends: [`CODE_DIGITS`] ASCII digits.
pub fn has_code_form(code: &str) -> bool {
    code.len() == CODE_DIGITS as usize && code.bytes().all(|b| b.is_ascii_digit())
}

/// A code to send to `email`. `Debug` shows no code.
#[derive(Debug, Clone)]
pub struct IssuedCode {
    pub email: Email,
    pub code: Sensitive,
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

impl Store {
    fn guard_key(&self, email: &Email) -> Item {
        key(keys::signin_guard_pk(&keyed_hash(&["signin", email.as_str()], &self.pepper)), META)
    }

    fn token_hash(&self, email: &Email, code: &Sensitive) -> String {
        keyed_hash(&["verification", email.as_str(), code.expose()], &self.pepper)
    }

    fn require_pepper(&self) -> Result<(), StoreError> {
        if self.pepper.is_empty() && !self.conn.embedded {
            return Err(StoreError::Config {
                message: "sign-in by email needs a token pepper on a shared table (signin.pepper)".into(),
            });
        }
        Ok(())
    }

    /// Issues a sign-in code for `email` if it belongs to an invited user and the hourly limit
    /// allows; `None` otherwise, with nothing written. The caller sends the code.
    pub async fn request_sign_in_code(&self, email: &Email) -> Result<Option<IssuedCode>, StoreError> {
        self.require_pepper()?;
        let Some(id) = self.user_id_by_email(email).await? else { return Ok(None) };
        let Some((user, teams)) = self.user_with_teams(&id).await? else { return Ok(None) };
        if teams.is_empty() {
            return Ok(None);
        }
        let code = Sensitive::random_code(CODE_DIGITS);
        let token = self.token_hash(email, &code);
        let now = self.now().unix_timestamp();
        let expires = now + VERIFICATION_MINUTES * 60;
        let Some(previous) = self.count_code(email, &token, now).await? else {
            self.audit.record(&AuditEvent {
                at: self.now_rfc3339(),
                user: user.id.to_string(),
                team: String::new(),
                command: "request_sign_in_code".into(),
                refused: "rate_limited".into(),
                role: None,
            });
            return Ok(None);
        };
        let mut item = key(keys::verification_pk(&token), META);
        item.insert("identifier".into(), s(email.as_str()));
        item.insert("expires".into(), n(expires));
        if !self.put_if_absent(item).await? {
            return Err(StoreError::Engine {
                message: "a new sign-in code collided with a stored one".into(),
            });
        }
        // A new code replaces the one before it.
        if let Some(old) = previous.filter(|old| *old != token) {
            self.delete_token(&old).await?;
        }
        Ok(Some(IssuedCode { email: email.clone(), code, expires }))
    }

    /// Counts one more code against the hourly limit and makes `token` the current one, with no
    /// wrong attempts yet. `None` when the limit is reached; else the previous current token.
    async fn count_code(
        &self,
        email: &Email,
        token: &str,
        now: i64,
    ) -> Result<Option<Option<String>>, StoreError> {
        let hour = now / 3600;
        let attempt = |expression: &str, condition: &str| {
            self.client()
                .update_item()
                .table_name(self.table())
                .return_consumed_capacity(ReturnConsumedCapacity::Total)
                .set_key(Some(self.guard_key(email)))
                .update_expression(expression)
                .condition_expression(condition)
                .expression_attribute_names("#hour", "hour")
                .expression_attribute_names("#token", "token")
                .expression_attribute_names("#exp", "expires")
                .expression_attribute_values(":hour", n(hour))
                .expression_attribute_values(":one", n(1))
                .expression_attribute_values(":zero", n(0))
                .expression_attribute_values(":token", s(token))
                // The guard outlives the hour it counts, then TTL removes it.
                .expression_attribute_values(":exp", n(now + 2 * 3600))
                .return_values(ReturnValue::AllOld)
        };
        // The same hour: one more, below the limit.
        let same_hour = attempt(
            "SET issued = issued + :one, attempts = :zero, #token = :token, #exp = :exp",
            "#hour = :hour AND issued < :max",
        )
        .expression_attribute_values(":max", n(CODES_PER_HOUR))
        .send()
        .await;
        let old = match same_hour {
            Ok(out) => out.attributes,
            Err(e) if is_condition_failure(&e) => {
                // A new hour (or a first code): start counting again.
                let new_hour = attempt(
                    "SET #hour = :hour, issued = :one, attempts = :zero, #token = :token, #exp = :exp",
                    "attribute_not_exists(pk) OR #hour <> :hour",
                )
                .send()
                .await;
                match new_hour {
                    Ok(out) => out.attributes,
                    Err(e) if is_condition_failure(&e) => return Ok(None),
                    Err(e) => return Err(classify(e)),
                }
            }
            Err(e) => return Err(classify(e)),
        };
        Ok(Some(old.as_ref().and_then(|o| get_opt_s(o, "token")).map(str::to_owned)))
    }

    async fn delete_token(&self, token: &str) -> Result<(), StoreError> {
        self.client()
            .delete_item()
            .table_name(self.table())
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(key(keys::verification_pk(token), META)))
            .send()
            .await
            .map_err(classify)?;
        Ok(())
    }

    /// Signs in with the code sent to `email` (typed, or from the link in the email): consumes
    /// it exactly once and starts a session. Wrong, expired, used, replaced and killed codes are
    /// all [`StoreError::CodeInvalid`]; each wrong one counts against the current code.
    pub async fn sign_in_with_code(&self, email: &Email, code: &Sensitive) -> Result<SignedIn, StoreError> {
        self.require_pepper()?;
        // Not of the form of the codes sent, so not one of them: refused before anything is
        // sent, without using one of the email's attempts (a typo must not lock anyone out).
        if !has_code_form(code.expose()) {
            return Err(StoreError::CodeInvalid);
        }
        let token = self.token_hash(email, code);
        let now = self.now().unix_timestamp();
        let consume = Delete::builder()
            .table_name(self.table())
            .set_key(Some(key(keys::verification_pk(&token), META)))
            .condition_expression("attribute_exists(pk) AND identifier = :email AND #exp > :now")
            .expression_attribute_names("#exp", "expires")
            .expression_attribute_values(":email", s(email.as_str()))
            .expression_attribute_values(":now", n(now))
            .build()
            .map_err(StoreError::build)?;
        let settle = Update::builder()
            .table_name(self.table())
            .set_key(Some(self.guard_key(email)))
            .update_expression("REMOVE #token SET attempts = :zero")
            .condition_expression("attempts < :max AND #token = :token")
            .expression_attribute_names("#token", "token")
            .expression_attribute_values(":zero", n(0))
            .expression_attribute_values(":max", n(WRONG_CODES_ALLOWED))
            .expression_attribute_values(":token", s(&token))
            .build()
            .map_err(StoreError::build)?;
        let actions = vec![
            TransactWriteItem::builder().delete(consume).build(),
            TransactWriteItem::builder().update(settle).build(),
        ];
        match crate::sdk::transact(self.client(), actions).await {
            Ok(()) => {}
            Err(e) if e.condition_failed_at(0) || e.condition_failed_at(1) => {
                self.count_wrong_code(email).await?;
                return Err(StoreError::CodeInvalid);
            }
            Err(e) => return Err(e.into_store("sign-in code")),
        }
        let user = self.find_user_by_email(email).await?.ok_or(StoreError::CodeInvalid)?;
        let (token, expires) = self.create_session(&user.id).await?;
        Ok(SignedIn { token, user, expires })
    }

    /// One more wrong code against the current one; at the limit the current code is deleted.
    async fn count_wrong_code(&self, email: &Email) -> Result<(), StoreError> {
        let counted = self
            .client()
            .update_item()
            .table_name(self.table())
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(self.guard_key(email)))
            .update_expression("ADD attempts :one")
            .condition_expression("attribute_exists(pk)")
            .expression_attribute_values(":one", n(1))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        let guard = match counted {
            Ok(out) => out.attributes.unwrap_or_default(),
            // No guard: no code was ever issued to this email; nothing to count.
            Err(e) if is_condition_failure(&e) => return Ok(()),
            Err(e) => return Err(classify(e)),
        };
        if get_n(&guard, "attempts")? >= WRONG_CODES_ALLOWED
            && let Some(current) = get_opt_s(&guard, "token")
        {
            self.delete_token(current).await?;
        }
        Ok(())
    }
}
