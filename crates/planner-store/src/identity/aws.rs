//! Sign-in by AWS identity (docs/security.md, "Sign-in by AWS identity").
//!
//! Who you are comes from the AWS credentials the app runs with: STS `GetCallerIdentity` answers
//! their ARN and unique id (signed by AWS; nothing in the table can change them), and a
//! `PRINCIPAL#{id}` item that IT wrote (`rp-admin link-identity`) names the user it belongs to
//! and the teams it reaches. The IAM policies of `deploy/cloudformation/` let each principal read
//! its own link (`${aws:userid}`) and no other, never write one, never read the index (which
//! would answer anyone's memberships of every team), and reach only their teams' partitions
//! (viewers read only), so what an insider can touch or learn is decided by IAM, not by anything
//! they can write.

use crate::identity::Identity;
use crate::keys::{self, META};
use crate::sdk::{classify, get_s, key};
use crate::{Sensitive, StoreError, VerifiedSession};
use aws_sdk_dynamodb::types::AttributeValue;
#[cfg(feature = "operator")]
use aws_sdk_dynamodb::types::{Delete, TransactWriteItem};
use planner_domain::{TeamId, UserId};
use std::time::{Duration, Instant};

/// How long a command's recheck trusts STS's last answer; a sign-in always asks afresh. Every
/// window a scroll loads is a command: without this each asked STS again.
const CALLER_FRESH: Duration = Duration::from_secs(60);

/// The link's attribute naming the teams the principal reaches (a string set).
const TEAMS: &str = "teams";

/// How a signed-in person proved who they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Credential {
    /// A session token from the OS keyring (email code or link); the table holds its hash.
    Token(Sensitive),
    /// The AWS credentials of this app: STS says whose they are, IT's link says which user.
    AwsIdentity,
}

/// Whose AWS credentials these are, as STS answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// `arn:aws:iam::…:user/…`, or `arn:aws:sts::…:assumed-role/{role}/{session}` for a role
    /// (IAM Identity Center's included): what people read.
    pub arn: String,
    /// The unique id (`UserId`): `AIDA…` for an IAM user, `{role id}:{session}` for a role's
    /// session; IAM's `${aws:userid}`. A user or role deleted and made again under the same
    /// name has the same ARN but a new id, so it is not the person the old one was linked to.
    pub id: String,
}

/// IT's link of an AWS principal to a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdentityLink {
    pub user: UserId,
    /// The teams IT lets this principal reach (its IAM roles' teams). `None` for a link made
    /// before links named them (keyed by ARN): its teams are found as with email sign-in.
    pub teams: Option<Vec<TeamId>>,
}

impl Identity<'_> {
    /// Whose AWS credentials this store runs with, as STS answers. STS needs no permission for
    /// this call.
    pub async fn caller_principal(self) -> Result<Caller, StoreError> {
        let sts = self.store.conn.sts.as_ref().ok_or_else(|| StoreError::Config {
            message:
                "signing in by AWS identity needs a DynamoDB table; the local workspace has no AWS identity"
                    .into(),
        })?;
        let out = sts.get_caller_identity().send().await.map_err(classify)?;
        let none =
            |what: &str| StoreError::Engine { message: format!("STS answered no identity (no {what})") };
        let caller = Caller {
            arn: out.arn().map(str::to_owned).ok_or_else(|| none("ARN"))?,
            id: out.user_id().map(str::to_owned).ok_or_else(|| none("user id"))?,
        };
        *self.store.caller.lock().unwrap_or_else(|e| e.into_inner()) = Some((caller.clone(), Instant::now()));
        Ok(caller)
    }

    /// [`Identity::caller_principal`], or its answer of the last [`CALLER_FRESH`].
    async fn recent_caller(self) -> Result<Caller, StoreError> {
        let recent = self.store.caller.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match recent {
            Some((caller, at)) if at.elapsed() < CALLER_FRESH => Ok(caller),
            _ => self.caller_principal().await,
        }
    }

    /// IT's link of a principal (strongly consistent reads), if any: the one keyed by its id,
    /// else one made before, keyed by its ARN. The team roles let nobody read a link by ARN: a
    /// refusal there is no link (IT links the principal again, by id).
    pub async fn link_of(self, caller: &Caller) -> Result<Option<IdentityLink>, StoreError> {
        if let Some(item) = self.store.get(key(keys::principal_pk(&caller.id)?, META), true).await? {
            // IT's links by id always name their teams: one that names none reaches none
            // (rather than falling back to the index, which the team roles may not read).
            let link = link_from_item(&item)?;
            return Ok(Some(IdentityLink { teams: Some(link.teams.unwrap_or_default()), ..link }));
        }
        match self.store.get(key(keys::legacy_principal_pk(&caller.arn)?, META), true).await {
            Ok(Some(item)) => Ok(Some(IdentityLink { teams: None, ..link_from_item(&item)? })),
            Ok(None) | Err(StoreError::Denied { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Proves a credential: a token against its Session item; the AWS identity through STS and
    /// IT's link. An identity nobody linked is refused (`UnknownIdentity`, naming the ARN and
    /// the id, so that IT knows what to link).
    pub async fn verify(self, credential: &Credential) -> Result<VerifiedSession, StoreError> {
        match credential {
            Credential::Token(token) => self.verify_session(token).await,
            Credential::AwsIdentity => {
                let caller = self.caller_principal().await?;
                match self.link_of(&caller).await? {
                    Some(link) => Ok(VerifiedSession::of_principal(caller, link)),
                    None => Err(unknown(&caller)),
                }
            }
        }
    }

    /// Checks a verified session again (before each command): the Session item for a token; for
    /// the AWS identity, STS again at most once a minute (credentials that now belong to someone
    /// else end it) and IT's link of the principal (removed or pointed elsewhere ends it), the
    /// two at once. Answers the user it belongs to now and, for a link that names them, the
    /// teams it reaches now.
    pub(crate) async fn reverify(
        self,
        credential: &Credential,
        session: &VerifiedSession,
    ) -> Result<(UserId, Option<Vec<TeamId>>), StoreError> {
        match (credential, session.caller()) {
            (Credential::Token(token), _) => Ok((self.verify_session(token).await?.user().clone(), None)),
            (Credential::AwsIdentity, Some(caller)) => {
                let (now, linked) = futures::future::join(self.recent_caller(), self.link_of(caller)).await;
                if &now? != caller {
                    return Err(StoreError::SessionInvalid);
                }
                let link = linked?.ok_or_else(|| unknown(caller))?;
                Ok((link.user, link.teams))
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

    /// Links an AWS principal (by its unique id; its ARN is kept for people to read) to a user
    /// and the teams it reaches, replacing an earlier link of that principal; the user must
    /// exist and be a member of each team. Administrators only (`rp-admin link-identity`): the
    /// app's users may read their own link, never write one (the policies of docs/security.md).
    #[cfg(feature = "operator")]
    pub async fn link_principal(
        self,
        user: &UserId,
        caller: &Caller,
        teams: &[TeamId],
    ) -> Result<(), StoreError> {
        use crate::sdk::s;
        if teams.is_empty() {
            return Err(StoreError::Config {
                message: "name the teams this identity reaches (--team, once for each): its IAM roles' teams"
                    .into(),
            });
        }
        principal_matches(caller)?;
        let mut item = key(keys::principal_pk(&caller.id)?, META);
        item.insert("userId".into(), s(user.as_str()));
        item.insert("principal".into(), s(&caller.arn));
        item.insert(TEAMS.into(), AttributeValue::Ss(teams.iter().map(|t| t.to_string()).collect()));
        item.insert("linkedAt".into(), s(self.store.now_rfc3339()));
        let mut actions = vec![crate::sdk::plain_put(self.store.table(), item)?];
        // The link made before by ARN goes with it: left, it would still be read wherever a
        // policy lets the app read it, after an unlink by id.
        let legacy = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(key(keys::legacy_principal_pk(&caller.arn)?, META)))
            .build()
            .map_err(StoreError::build)?;
        actions.push(TransactWriteItem::builder().delete(legacy).build());
        actions.push(crate::sdk::check_at(
            self.store.table(),
            &keys::user_pk(user),
            META.into(),
            "attribute_exists(pk)",
        )?);
        for team in teams {
            actions.push(crate::sdk::check_at(
                self.store.table(),
                &keys::team_pk(team),
                keys::member_sk(user),
                "attribute_exists(pk)",
            )?);
        }
        self.store.transact(actions).await.map_err(|e| {
            if e.condition_failed_at(2) {
                return StoreError::NotFound { what: "user" };
            }
            match teams.iter().enumerate().find(|(i, _)| e.condition_failed_at(i + 3)) {
                Some((_, team)) => StoreError::Config {
                    message: format!(
                        "this user is not a member of team {team}: add them first (rp-admin add-member), then link"
                    ),
                },
                None => e.into_store("identity link"),
            }
        })
    }

    /// Removes an AWS principal's link, by its id or (a link made before) its ARN; by id, the
    /// link by its ARN too, if one is left. Answers whether there was one.
    #[cfg(feature = "operator")]
    pub async fn unlink_principal(self, principal: &str) -> Result<bool, StoreError> {
        let by_arn = principal.starts_with("arn:");
        let pk = if by_arn { keys::legacy_principal_pk(principal)? } else { keys::principal_pk(principal)? };
        let removed = self.delete_link(pk).await?;
        let arn = removed.as_ref().and_then(|old| get_s(old, "principal").ok()).filter(|_| !by_arn);
        let legacy = match arn {
            Some(arn) => self.delete_link(keys::legacy_principal_pk(arn)?).await?,
            None => None,
        };
        Ok(removed.is_some() || legacy.is_some())
    }

    /// Deletes one link item; answers what it held, if anything.
    #[cfg(feature = "operator")]
    async fn delete_link(self, pk: String) -> Result<Option<crate::sdk::Item>, StoreError> {
        let out = self
            .store
            .delete_item()
            .set_key(Some(key(pk, META)))
            .return_values(aws_sdk_dynamodb::types::ReturnValue::AllOld)
            .send()
            .await
            .map_err(classify)?;
        Ok(out.attributes.filter(|a| !a.is_empty()))
    }
}

/// The refusal of an identity nobody linked: what IT needs to link it.
fn unknown(caller: &Caller) -> StoreError {
    StoreError::UnknownIdentity { principal: caller.arn.clone(), id: caller.id.clone() }
}

fn link_from_item(item: &crate::sdk::Item) -> Result<IdentityLink, StoreError> {
    let corrupt = |why: String| StoreError::corrupt(crate::sdk::item_key(item), why);
    let user = UserId::parse(get_s(item, "userId")?).map_err(|e| corrupt(e.to_string()))?;
    let teams = match item.get(TEAMS) {
        Some(AttributeValue::Ss(ids)) => {
            let mut teams = Vec::with_capacity(ids.len());
            for id in ids {
                teams.push(TeamId::parse(id).map_err(|e| corrupt(e.to_string()))?);
            }
            Some(teams)
        }
        Some(_) => return Err(corrupt("its teams are not a string set".into())),
        None => None,
    };
    Ok(IdentityLink { user, teams })
}

/// An ARN and an id that STS would answer together: a role session's id ends with the session
/// name its ARN ends with; an IAM user's id begins `AIDA`. Catches an id copied from someone
/// else's answer before it links the wrong person.
#[cfg(feature = "operator")]
fn principal_matches(caller: &Caller) -> Result<(), StoreError> {
    let arn = &caller.arn;
    let ok = if let Some(rest) = arn.split_once(":assumed-role/").map(|(_, r)| r) {
        rest.rsplit_once('/').is_some_and(|(_, session)| {
            caller.id.starts_with("AROA") && caller.id.ends_with(&format!(":{session}"))
        })
    } else if arn.contains(":user/") {
        caller.id.starts_with("AIDA") && !caller.id.contains(':')
    } else {
        true
    };
    if ok {
        Ok(())
    } else {
        Err(StoreError::Config {
            message: format!(
                "the id {} is not the one STS answers for {arn}: take both from one answer of `aws sts get-caller-identity` with that person's credentials (UserId and Arn)",
                caller.id
            ),
        })
    }
}
