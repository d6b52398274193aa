//! Identity items (docs/data-model.md, "Identity items"): users, linked accounts and sessions.
//! Sign-in codes are in `signin.rs`.
//!
//! Differences from the original layout, documented in docs/data-model.md: session and verification
//! keys hold the SHA-256 of the secret, never the secret; an `EMAIL#{email}` guard item makes an
//! email belong to one user (GSI1 alone cannot enforce that); expiry is checked on every read,
//! because TTL deletes late.

use crate::identity::Identity;
use crate::keys::{self, GSI1, GSI1PK, GSI1SK, META};
use crate::sdk::put_new;
use crate::sdk::{Item, classify, get_n, get_opt_s, get_s, key, n, s};
use crate::{Sensitive, StoreError};
use aws_sdk_dynamodb::types::{ReturnConsumedCapacity, TransactWriteItem};
use planner_domain::{Email, Name, TeamId, User, UserId};

/// How long a session lasts.
pub const SESSION_DAYS: i64 = 30;
/// How long a sign-in code is valid.
pub const VERIFICATION_MINUTES: i64 = 10;

/// What the team roles may read of User items and email guards: every read of them names these
/// attributes and no other, so that IAM can refuse the rest (a User item's `recentTeams`, which
/// lists the teams its person joined) to whoever reads a colleague's (docs/security.md, the
/// `ReadPeopleAsTheAppShowsThem` statement; check-table-template.py compares the two lists).
pub(crate) const PERSON_ATTRIBUTES: [&str; 7] =
    ["pk", "sk", "id", "email", "name", "emailVerified", "userId"];

/// A read of [`PERSON_ATTRIBUTES`].
pub(crate) fn person_projection() -> crate::sdk::Projection {
    crate::sdk::Projection::of(&PERSON_ATTRIBUTES)
}

impl Identity<'_> {
    /// A User item or email guard (`pk`/`META`), strongly consistent, as the team roles may
    /// read it: [`PERSON_ATTRIBUTES`] only.
    pub(crate) async fn person(self, pk: String) -> Result<Option<Item>, StoreError> {
        self.store.get_of(key(pk, META), true, Some(&person_projection())).await
    }
}

/// A session token that was found, unexpired, in the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedSession {
    user: UserId,
    /// Epoch seconds.
    expires: i64,
    /// Signed in by AWS identity: whose credentials STS answered, and IT's link of them (no
    /// Session item, no expiry of ours).
    principal: Option<(crate::Caller, Option<Vec<TeamId>>)>,
}

impl VerifiedSession {
    pub fn user(&self) -> &UserId {
        &self.user
    }

    pub fn expires(&self) -> i64 {
        self.expires
    }

    /// The ARN of the AWS principal the user signed in as (sign-in by AWS identity), if that
    /// was how.
    pub fn principal(&self) -> Option<&str> {
        self.principal.as_ref().map(|(caller, _)| caller.arn.as_str())
    }

    /// The AWS principal the user signed in as, if that was how.
    pub fn caller(&self) -> Option<&crate::Caller> {
        self.principal.as_ref().map(|(caller, _)| caller)
    }

    /// The teams IT's link of the AWS principal names, if it names them: the only teams this
    /// session may open (a user's teams are then never looked up in the index).
    pub fn linked_teams(&self) -> Option<&[TeamId]> {
        self.principal.as_ref().and_then(|(_, teams)| teams.as_deref())
    }

    pub(crate) fn of_principal(caller: crate::Caller, link: crate::IdentityLink) -> Self {
        Self { user: link.user, expires: i64::MAX, principal: Some((caller, link.teams)) }
    }
}

pub(crate) fn user_from_item(item: &Item) -> Result<User, StoreError> {
    let corrupt =
        |e: planner_domain::ValidationError| StoreError::corrupt(crate::sdk::item_key(item), e.to_string());
    Ok(User {
        id: keys::parse_user_pk(get_s(item, keys::PK)?)
            .map_err(|e| StoreError::corrupt(crate::sdk::item_key(item), e.to_string()))?,
        email: Email::parse(get_s(item, "email")?).map_err(corrupt)?,
        name: get_opt_s(item, "name").map(Name::parse).transpose().map_err(corrupt)?,
        email_verified: get_opt_s(item, "emailVerified").map(str::to_owned),
    })
}

impl Identity<'_> {
    /// The two Puts that create a user: the User item and its email guard.
    pub(crate) fn new_user_actions(
        self,
        id: &UserId,
        email: &Email,
        name: Option<&Name>,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let mut user = key(keys::user_pk(id), META);
        user.insert("id".into(), s(id.as_str()));
        user.insert("email".into(), s(email.as_str()));
        if let Some(name) = name {
            user.insert("name".into(), s(name.as_str()));
        }
        user.insert(GSI1PK.into(), s(keys::user_email_gsi(email)));
        user.insert(GSI1SK.into(), s(keys::user_email_gsi(email)));
        let mut guard = key(keys::email_guard_pk(email), META);
        guard.insert("userId".into(), s(id.as_str()));
        Ok(vec![put_new(self.store.table(), user)?, put_new(self.store.table(), guard)?])
    }

    /// Creates a user; refused when the email already belongs to someone.
    pub async fn create_user(self, email: &Email, name: Option<&Name>) -> Result<User, StoreError> {
        let id = UserId::generate();
        let actions = self.new_user_actions(&id, email, name)?;
        self.store.transact(actions).await.map_err(|e| {
            if e.condition_failed_at(1) {
                StoreError::AlreadyExists { what: "user with this email" }
            } else {
                e.into_store("user")
            }
        })?;
        Ok(User { id, email: email.clone(), name: name.cloned(), email_verified: None })
    }

    pub async fn get_user(self, id: &UserId) -> Result<Option<User>, StoreError> {
        let out = self.person(keys::user_pk(id)).await?;
        out.as_ref().map(user_from_item).transpose()
    }

    /// Finds a user by email: through the guard item (strongly consistent, so a user created a
    /// moment ago is found), then the User item.
    pub async fn find_user_by_email(self, email: &Email) -> Result<Option<User>, StoreError> {
        match self.user_id_by_email(email).await? {
            Some(id) => self.get_user(&id).await,
            None => Ok(None),
        }
    }

    /// The id of the user an email belongs to, from its guard item (strongly consistent).
    pub(crate) async fn user_id_by_email(self, email: &Email) -> Result<Option<UserId>, StoreError> {
        let guard = self.person(keys::email_guard_pk(email)).await?;
        guard.map(|g| Ok(UserId::parse(get_s(&g, "userId")?)?)).transpose()
    }

    /// Links a sign-in provider's account to a user (e.g. Microsoft Entra ID).
    pub async fn link_account(
        self,
        user: &UserId,
        provider: &str,
        provider_account_id: &str,
    ) -> Result<(), StoreError> {
        let mut item = key(keys::user_pk(user), keys::account_sk(provider, provider_account_id)?);
        item.insert("userId".into(), s(user.as_str()));
        item.insert("provider".into(), s(provider));
        item.insert("providerAccountId".into(), s(provider_account_id));
        item.insert(GSI1PK.into(), s(keys::account_gsi1pk(provider)?));
        item.insert(GSI1SK.into(), s(keys::account_gsi1sk(provider_account_id)?));
        self.store
            .put_item()
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_item(Some(item))
            .send()
            .await
            .map_err(classify)?;
        Ok(())
    }

    /// Finds the user of a linked account through GSI1 (eventually consistent).
    pub async fn find_user_by_account(
        self,
        provider: &str,
        provider_account_id: &str,
    ) -> Result<Option<User>, StoreError> {
        let items = crate::sdk::query_all(
            self.store
                .query()
                .index_name(GSI1)
                .key_condition_expression("GSI1PK = :pk AND GSI1SK = :sk")
                .expression_attribute_values(":pk", s(keys::account_gsi1pk(provider)?))
                .expression_attribute_values(":sk", s(keys::account_gsi1sk(provider_account_id)?)),
        )
        .await?;
        match items.first() {
            Some(item) => self.get_user(&UserId::parse(get_s(item, "userId")?)?).await,
            None => Ok(None),
        }
    }

    /// Starts a session for a user who has just proved who they are (only the sign-in flow
    /// calls this); the token goes back to the caller only (for the keyring), with its expiry.
    pub(crate) async fn create_session(self, user: &UserId) -> Result<(Sensitive, i64), StoreError> {
        let token = Sensitive::random_token();
        let hash = token.hashed(b"");
        let expires = (self.store.now() + time::Duration::days(SESSION_DAYS)).unix_timestamp();
        let mut item = key(keys::session_pk(&hash), META);
        item.insert("userId".into(), s(user.as_str()));
        item.insert("expires".into(), n(expires));
        item.insert(GSI1PK.into(), s(keys::user_sessions_gsi1pk(user)));
        item.insert(GSI1SK.into(), s(keys::session_gsi1sk(&hash)));
        if !self.store.put_if_absent(item).await? {
            // 256 random bits met an existing session: the OS generator is broken.
            return Err(StoreError::Engine {
                message: "a new session token collided with an existing one".into(),
            });
        }
        Ok((token, expires))
    }

    /// Checks a session token: present and unexpired (TTL deletes late, so expiry is read here).
    pub async fn verify_session(self, token: &Sensitive) -> Result<VerifiedSession, StoreError> {
        let item = self
            .store
            .get(key(keys::session_pk(&token.hashed(b"")), META), true)
            .await?
            .ok_or(StoreError::SessionInvalid)?;
        let expires = get_n(&item, "expires")?;
        if expires <= self.store.now().unix_timestamp() {
            return Err(StoreError::SessionInvalid);
        }
        Ok(VerifiedSession { user: UserId::parse(get_s(&item, "userId")?)?, expires, principal: None })
    }

    /// Ends a session (sign-out); ending an unknown one is not an error.
    pub async fn delete_session(self, token: &Sensitive) -> Result<(), StoreError> {
        self.store
            .delete_item()
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(key(keys::session_pk(&token.hashed(b"")), META)))
            .send()
            .await
            .map_err(classify)?;
        Ok(())
    }

    /// Ends every session of the signed-in user ("sign out everywhere"), found through GSI1
    /// (`GSI1PK = USER#{userId}`, `GSI1SK begins_with SESSION#`). The index is eventually
    /// consistent: a session started in the last moment may be missed (then run it again).
    /// Answers how many sessions were ended.
    pub async fn end_all_sessions(self, session: &VerifiedSession) -> Result<usize, StoreError> {
        let items = crate::sdk::query_all(
            self.store
                .query()
                .index_name(GSI1)
                .key_condition_expression("GSI1PK = :pk AND begins_with(GSI1SK, :session)")
                .expression_attribute_values(":pk", s(keys::user_sessions_gsi1pk(session.user())))
                .expression_attribute_values(":session", s(keys::session_gsi1sk_prefix()))
                .projection_expression("pk, sk"),
        )
        .await?;
        let mut doomed = Vec::with_capacity(items.len());
        for item in &items {
            doomed.push(key(get_s(item, keys::PK)?, META));
        }
        crate::sdk::batch_delete(self.store.client(), self.store.table(), doomed, |_| {}).await
    }
}
