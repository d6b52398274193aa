//! The team scope: the only way to reach a `TEAM#` partition.
//!
//! A [`TeamScope`] carries the team, the user and the role read from the stored membership. Its
//! fields are private and it has no public constructor: the identity's calls make it
//! (identity/scopes.rs), from a verified session plus the MEMBER item, from the local workspace's
//! owner, or by the operator (admin CLI only).

use crate::Store;
use crate::keys;
use planner_domain::{Role, TeamId, UserId};

/// A verified right to act in one team with one role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamScope {
    /// The store that made it.
    store: u64,
    team: TeamId,
    user: UserId,
    role: Role,
    /// The user's name or email as their membership holds it (for the change records).
    who: Option<String>,
}

impl TeamScope {
    pub(crate) fn store_id(&self) -> u64 {
        self.store
    }

    pub fn team(&self) -> &TeamId {
        &self.team
    }

    pub fn user(&self) -> &UserId {
        &self.user
    }

    pub fn role(&self) -> Role {
        self.role
    }

    /// The user's name or email as their membership holds it (what change records say).
    pub fn who(&self) -> Option<&str> {
        self.who.as_deref()
    }

    /// A scope made by `store` (only the identity's calls make one: identity/scopes.rs).
    pub(crate) fn new(store: &Store, team: TeamId, user: UserId, role: Role, who: Option<String>) -> Self {
        Self { store: store.id, team, user, role, who }
    }

    pub(crate) fn pk(&self) -> String {
        keys::team_pk(&self.team)
    }
}

/// The local workspace of an embedded-engine file: one team whose owner is this computer's user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalWorkspace {
    pub team: TeamId,
    pub owner: UserId,
    /// Whether this call created it (first start).
    pub created: bool,
}
