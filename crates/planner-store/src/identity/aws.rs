//! Sign-in by AWS identity (docs/security.md, "Sign-in by AWS identity").
//!
//! Who you are comes from the AWS credentials the app runs with: STS `GetCallerIdentity` answers
//! their ARN (signed by AWS; nothing in the table can change it), and a `PRINCIPAL#{arn}` item
//! that IT wrote (`rp-admin link-identity`) names the user it belongs to. The IAM policies of
//! `deploy/cloudformation/` let users read those items and never write them, and let each
//! credential reach only its teams' partitions (viewers read only), so what an insider can touch
//! is decided by IAM, not by anything they can write.

use crate::identity::Identity;
use crate::keys::{self, META};
use crate::sdk::{classify, get_s, key};
use crate::{Sensitive, StoreError, VerifiedSession};
use planner_domain::UserId;
use std::time::{Duration, Instant};

/// How long a command's recheck trusts STS's last answer; a sign-in always asks afresh. Every
/// window a scroll loads is a command: without this each asked STS again.
const CALLER_FRESH: Duration = Duration::from_secs(60);

/// How a signed-in person proved who they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// A session token from the OS keyring (email code or link); the table holds its hash.
    Token(Sensitive),
    /// The AWS credentials of this app: STS says whose they are, IT's link says which user.
    AwsIdentity,
}

impl Identity<'_> {
    /// The ARN of the AWS identity this store's credentials belong to, as STS answers it
    /// (`arn:aws:iam::…:user/…`, or `arn:aws:sts::…:assumed-role/{role}/{session}` for a role,
    /// IAM Identity Center's included). STS needs no permission for this call.
    pub async fn caller_principal(self) -> Result<String, StoreError> {
        let sts = self.store.conn.sts.as_ref().ok_or_else(|| StoreError::Config {
            message:
                "signing in by AWS identity needs a DynamoDB table; the local workspace has no AWS identity"
                    .into(),
        })?;
        let out = sts.get_caller_identity().send().await.map_err(classify)?;
        let arn = out
            .arn()
            .map(str::to_owned)
            .ok_or_else(|| StoreError::Engine { message: "STS answered no identity (no ARN)".into() })?;
        *self.store.caller.lock().unwrap_or_else(|e| e.into_inner()) = Some((arn.clone(), Instant::now()));
        Ok(arn)
    }

    /// [`Identity::caller_principal`], or its answer of the last [`CALLER_FRESH`].
    async fn recent_caller(self) -> Result<String, StoreError> {
        let recent = self.store.caller.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match recent {
            Some((arn, at)) if at.elapsed() < CALLER_FRESH => Ok(arn),
            _ => self.caller_principal().await,
        }
    }

    /// The user IT linked to an AWS principal (a strongly consistent read), if any.
    pub async fn user_of_principal(self, arn: &str) -> Result<Option<UserId>, StoreError> {
        let item = self.store.get(key(keys::principal_pk(arn)?, META), true).await?;
        item.map(|i| Ok(UserId::parse(get_s(&i, "userId")?)?)).transpose()
    }

    /// Proves a credential: a token against its Session item; the AWS identity through STS and
    /// IT's link. An identity nobody linked is refused (`UnknownIdentity`, naming the ARN, so
    /// that IT knows what to link).
    pub async fn verify(self, credential: &Credential) -> Result<VerifiedSession, StoreError> {
        match credential {
            Credential::Token(token) => self.verify_session(token).await,
            Credential::AwsIdentity => {
                let arn = self.caller_principal().await?;
                match self.user_of_principal(&arn).await? {
                    Some(user) => Ok(VerifiedSession::of_principal(user, arn)),
                    None => Err(StoreError::UnknownIdentity { principal: arn }),
                }
            }
        }
    }

    /// Checks a verified session again (before each command): the Session item for a token; for
    /// the AWS identity, STS again at most once a minute (credentials that now belong to someone
    /// else end it) and IT's link of the principal (removed or pointed elsewhere ends it), the
    /// two at once. Answers the user it belongs to now.
    pub(crate) async fn reverify(
        self,
        credential: &Credential,
        session: &VerifiedSession,
    ) -> Result<UserId, StoreError> {
        match (credential, session.principal()) {
            (Credential::Token(token), _) => Ok(self.verify_session(token).await?.user().clone()),
            (Credential::AwsIdentity, Some(arn)) => {
                let (now, linked) =
                    futures::future::join(self.recent_caller(), self.user_of_principal(arn)).await;
                if now? != arn {
                    return Err(StoreError::SessionInvalid);
                }
                linked?.ok_or_else(|| StoreError::UnknownIdentity { principal: arn.to_owned() })
            }
            (Credential::AwsIdentity, None) => Err(StoreError::SessionInvalid),
        }
    }

    /// Ends what a credential started: a token's Session item; nothing for the AWS identity
    /// (its credentials are the OS's and IT's to end).
    pub async fn end_session(self, credential: &Credential) -> Result<(), StoreError> {
        match credential {
            Credential::Token(token) => self.delete_session(token).await,
            Credential::AwsIdentity => Ok(()),
        }
    }

    /// Links an AWS principal to a user (replacing an earlier link of that principal); the user
    /// must exist. Administrators only (`rp-admin link-identity`): the app's users may read
    /// these items, never write them (the policies of docs/security.md).
    #[cfg(feature = "operator")]
    pub async fn link_principal(self, user: &UserId, arn: &str) -> Result<(), StoreError> {
        use crate::sdk::s;
        let mut item = key(keys::principal_pk(arn)?, META);
        item.insert("userId".into(), s(user.as_str()));
        item.insert("principal".into(), s(arn));
        item.insert("linkedAt".into(), s(self.store.now_rfc3339()));
        let put = crate::sdk::plain_put(self.store.table(), item)?;
        let user_exists = crate::sdk::check_at(
            self.store.table(),
            &keys::user_pk(user),
            META.into(),
            "attribute_exists(pk)",
        )?;
        self.store.transact(vec![put, user_exists]).await.map_err(|e| {
            if e.condition_failed_at(1) {
                StoreError::NotFound { what: "user" }
            } else {
                e.into_store("identity link")
            }
        })
    }

    /// Removes an AWS principal's link; answers whether there was one.
    #[cfg(feature = "operator")]
    pub async fn unlink_principal(self, arn: &str) -> Result<bool, StoreError> {
        let out = self
            .store
            .delete_item()
            .set_key(Some(key(keys::principal_pk(arn)?, META)))
            .return_values(aws_sdk_dynamodb::types::ReturnValue::AllOld)
            .send()
            .await
            .map_err(classify)?;
        Ok(out.attributes().is_some_and(|a| !a.is_empty()))
    }
}
