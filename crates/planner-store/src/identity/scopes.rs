//! Making a [`TeamScope`]: from a verified session and the stored membership, from the local
//! workspace's owner, or by the operator (admin CLI only). Nothing takes a team id that came from
//! the UI and turns it into a key.

use crate::identity::Identity;
use crate::keys::{self, LOCAL_WORKSPACE_PK, META};
use crate::sdk::{get_s, key, put_new, s};
use crate::{AuditEvent, LocalWorkspace, StoreError, TeamScope, VerifiedSession};
use planner_domain::{Email, Name, Role, TeamId, UserId};

const LOCAL_OWNER_EMAIL: &str = "owner@local.invalid";

impl Identity<'_> {
    /// The scope of a signed-in user in one of their teams. `team` is only a wish: the stored
    /// membership decides, and a refusal is audited.
    pub async fn scope_for_session(
        self,
        session: &VerifiedSession,
        team: &TeamId,
    ) -> Result<TeamScope, StoreError> {
        // A session checked a while ago may have expired since.
        if session.expires() <= self.store.now().unix_timestamp() {
            return Err(StoreError::SessionInvalid);
        }
        let named = session.linked_teams().is_none_or(|teams| teams.contains(team));
        let out = if named {
            self.store.get(key(keys::team_pk(team), keys::member_sk(session.user())), true).await?
        } else {
            None
        };
        let Some(item) = out else {
            self.store.audit.record(&AuditEvent {
                at: self.store.now_rfc3339(),
                user: session.user().to_string(),
                team: team.to_string(),
                command: "open_team".into(),
                refused: "not_member".into(),
                role: None,
            });
            return Err(StoreError::NotMember);
        };
        let role = Role::parse(get_s(&item, "role")?)
            .map_err(|e| StoreError::corrupt(crate::sdk::item_key(&item), e.to_string()))?;
        let who = crate::sdk::get_opt_s(&item, super::members::WHO).map(str::to_owned);
        Ok(TeamScope::new(self.store, team.clone(), session.user().clone(), role, who))
    }

    /// Checks a scope again before a command: the session (or IT's link of the AWS identity)
    /// must still be live and the stored membership must still hold. The answer carries the
    /// role stored now, so a demotion, a removal or a revoked session takes effect on the next
    /// command, not the next start. The reads run together (one round trip); a dead session
    /// wins over a lost membership.
    pub async fn recheck_scope(
        self,
        credential: &crate::Credential,
        session: &VerifiedSession,
        team: &TeamId,
    ) -> Result<TeamScope, StoreError> {
        let (verified, scope) =
            futures::future::join(self.reverify(credential, session), self.scope_for_session(session, team))
                .await;
        let (user, linked_teams) = verified?;
        if &user != session.user() {
            return Err(StoreError::SessionInvalid);
        }
        // IT's link names the teams an AWS identity reaches: one it no longer names is closed.
        if linked_teams.is_some_and(|teams| !teams.contains(team)) {
            return Err(StoreError::NotMember);
        }
        scope
    }

    /// Opens (creating on first use) the local workspace of an embedded engine, and the owner's
    /// admin scope in it. Refused on a shared DynamoDB table.
    pub async fn open_local_workspace(self) -> Result<(LocalWorkspace, TeamScope), StoreError> {
        if !self.store.conn.embedded {
            return Err(StoreError::Config {
                message: "a local workspace exists only on the embedded engine".into(),
            });
        }
        let existing = self.store.get(key(LOCAL_WORKSPACE_PK, META), true).await?;
        let workspace = match existing {
            Some(item) => LocalWorkspace {
                team: TeamId::parse(get_s(&item, "teamId")?)?,
                owner: UserId::parse(get_s(&item, "ownerUserId")?)?,
                created: false,
            },
            None => self.create_local_workspace().await?,
        };
        let scope = TeamScope::new(
            self.store,
            workspace.team.clone(),
            workspace.owner.clone(),
            Role::Admin,
            Some("You".into()),
        );
        Ok((workspace, scope))
    }

    async fn create_local_workspace(self) -> Result<LocalWorkspace, StoreError> {
        let team = TeamId::generate();
        let owner = UserId::generate();
        let now = self.store.now_rfc3339();
        let email = Email::parse(LOCAL_OWNER_EMAIL)?;
        let mut record = key(LOCAL_WORKSPACE_PK, META);
        record.insert("teamId".into(), s(team.as_str()));
        record.insert("ownerUserId".into(), s(owner.as_str()));
        let mut actions = vec![put_new(self.store.table(), record)?];
        actions.extend(self.new_user_actions(&owner, &email, Some(&Name::parse("You")?))?);
        actions.extend(self.new_team_actions(&team, &Name::parse("My team")?, &now, &owner, Some("You"))?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(LocalWorkspace { team, owner, created: true }),
            // Another window of the app created it at the same moment: use theirs.
            Err(e) if e.condition_failed_at(0) => Box::pin(self.open_local_workspace()).await.map(|(w, _)| w),
            Err(e) => Err(e.into_store("local workspace")),
        }
    }

    /// The operator's admin scope in any existing team. Only the admin CLI enables this; the
    /// desktop app never does (checked in CI).
    #[cfg(feature = "operator")]
    pub async fn operator_scope(self, team: &TeamId) -> Result<TeamScope, StoreError> {
        let found = self.store.get(key(keys::team_pk(team), META), true).await?;
        if found.is_none() {
            return Err(StoreError::NotFound { what: "team" });
        }
        Ok(TeamScope::new(
            self.store,
            team.clone(),
            UserId::parse("operator")?,
            Role::Admin,
            Some("IT (rp-admin)".into()),
        ))
    }
}
