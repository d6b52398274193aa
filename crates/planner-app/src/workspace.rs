//! The workspace state machine: what the window works on, and how it moves between states.
//! Each transition is a plain function on [`Workspace`]; [`crate::App`] holds the workspace
//! under its lock and runs the IO (the table, the keyring, files) around these.
//!
//! ```text
//!  Local ─────────────────────────────────────────────── (never leaves; settings replace it)
//!  SignedOut ──sign in / kept session──▶ Team ──table out of reach──▶ Offline
//!      ▲  ▲                               │ ▲                            │
//!      │  └──session or membership gone───┘ └────back online (resume)────┤
//!      └──────────────sign out / session gone────────────────────────────┘
//!  Broken (nothing could be opened: every command answers its reason)
//! ```

use crate::offline::TeamCopy;
use crate::{AppError, view::OfflineView, view::SessionView};
use planner_domain::{Email, TeamId, UserId};
use planner_store::{Credential, Store, TeamMembership, TeamScope, VerifiedSession};
use std::sync::Arc;
use std::time::Duration;

/// How often an open team's session and membership are checked when nothing else reads the
/// table (this is also how soon a lost connection is noticed).
pub const HEARTBEAT: Duration = Duration::from_secs(10);

/// The wait before the `n`-th try to reach the table again: 1, 2, 4, 8, 16, then 30 seconds.
pub fn backoff(n: u32) -> Duration {
    Duration::from_secs(1u64 << n.min(5)).min(Duration::from_secs(30))
}

/// What the window works on now.
pub(crate) enum Workspace {
    /// This computer's local workspace, always open as its owner (admin).
    Local { store: Arc<Store>, scope: TeamScope },
    /// A team table with nobody signed in; `reason` says why (an expired session, say).
    SignedOut { store: Arc<Store>, reason: Option<AppError> },
    /// A team table, signed in, one of the user's teams open.
    Team { store: Arc<Store>, open: Box<Signed> },
    /// A team table, signed in, but the table is out of reach (or, at start-up, not reached
    /// yet): the window shows the offline copy and edits nothing until the connection is back.
    Offline { store: Arc<Store>, open: Box<Cached> },
    /// Nothing could be opened (a bad settings file, say): every command answers `reason`.
    Broken { reason: AppError },
}

/// Signed in, online.
pub(crate) struct Signed {
    pub credential: Credential,
    pub session: VerifiedSession,
    pub email: Email,
    pub teams: Vec<TeamMembership>,
    pub scope: TeamScope,
    pub copy: Arc<TeamCopy>,
}

/// The signed-in user and team as last confirmed, while the table cannot be reached.
pub(crate) struct Cached {
    pub credential: Credential,
    pub user: UserId,
    pub email: Email,
    pub teams: Vec<TeamMembership>,
    pub team: TeamId,
    pub copy: Arc<TeamCopy>,
    /// Why the table cannot be reached; none while the first try of a start runs.
    pub reason: Option<AppError>,
    /// Tries since the connection was lost.
    pub tries: u32,
}

impl Cached {
    fn of(open: Signed, reason: AppError) -> Self {
        Self {
            user: open.session.user().clone(),
            team: open.scope.team().clone(),
            credential: open.credential,
            email: open.email,
            teams: open.teams,
            copy: open.copy,
            reason: Some(reason),
            tries: 0,
        }
    }
}

/// What the connection check does next, decided from the state alone.
pub(crate) enum Check {
    /// Offline: resume the session (`starting`: a start from the copy, not reached yet).
    Resume {
        store: Arc<Store>,
        credential: Credential,
        team: TeamId,
        user: UserId,
        held: Arc<TeamCopy>,
        starting: bool,
    },
    /// Online in a team: check the session and membership again.
    Recheck,
    /// Signed out because the table was out of reach at start-up: try the kept session.
    RetryStart(Arc<Store>),
    /// Nothing to check.
    Wait,
}

impl Workspace {
    /// The store of every state but `Broken`.
    pub fn store(&self) -> Result<Arc<Store>, AppError> {
        match self {
            Workspace::Local { store, .. }
            | Workspace::SignedOut { store, .. }
            | Workspace::Team { store, .. }
            | Workspace::Offline { store, .. } => Ok(store.clone()),
            Workspace::Broken { reason } => Err(reason.clone()),
        }
    }

    /// Why a command that needs the open team cannot run in this state (none: it can).
    pub fn refusal(&self) -> Option<AppError> {
        match self {
            Workspace::Local { .. } | Workspace::Team { .. } => None,
            Workspace::Offline { open, .. } => Some(AppError::offline(open.reason.as_ref())),
            Workspace::SignedOut { .. } => Some(AppError::SignedOut),
            Workspace::Broken { reason } => Some(reason.clone()),
        }
    }

    /// Whether `session` is the one open online (a late answer for another changes nothing).
    pub fn is_open(&self, session: &VerifiedSession) -> bool {
        matches!(self, Workspace::Team { open, .. } if &open.session == session)
    }

    /// The table was found out of reach during `session`: Team → Offline, keeping the user,
    /// the team and the copy. Any other state (or another session) stays; answers whether it
    /// moved.
    pub fn go_offline(&mut self, session: &VerifiedSession, reason: AppError) -> bool {
        if !self.is_open(session) {
            return false;
        }
        let was = std::mem::replace(self, Workspace::Broken { reason: reason.clone() });
        let Workspace::Team { store, open } = was else { unreachable!("checked above") };
        *self = Workspace::Offline { store, open: Box::new(Cached::of(*open, reason)) };
        true
    }

    /// Offline, the table is still out of reach (`reason`): one more try counted. Answers the
    /// wait before the next try and whether the reason changed (the window hears it then);
    /// none when the state is not offline for `user` in `team`.
    pub fn still_offline(
        &mut self,
        user: &UserId,
        team: &TeamId,
        reason: AppError,
    ) -> Option<(Duration, bool)> {
        let Workspace::Offline { open, .. } = self else { return None };
        if &open.user != user || &open.team != team {
            return None;
        }
        let changed = open.reason.as_ref() != Some(&reason);
        open.reason = Some(reason);
        open.tries += 1;
        Some((backoff(open.tries), changed))
    }

    /// Whether the state is offline for `user` in `team` (a resume's answer belongs to it).
    pub fn is_offline_as(&self, user: &UserId, team: &TeamId) -> bool {
        matches!(self, Workspace::Offline { open, .. } if &open.user == user && &open.team == team)
    }

    /// Whether this is a start that could not reach the table and had no copy to show.
    pub fn is_start_out_of_reach(&self) -> bool {
        matches!(self, Workspace::SignedOut { reason: Some(r), .. } if r.is_out_of_reach())
    }

    /// The open team's offline copy (signed in, online or not).
    pub fn copy(&self) -> Option<Arc<crate::offline::TeamCopy>> {
        match self {
            Workspace::Team { open, .. } => Some(open.copy.clone()),
            Workspace::Offline { open, .. } => Some(open.copy.clone()),
            _ => None,
        }
    }

    /// What the connection check does next.
    pub fn next_check(&self) -> Check {
        match self {
            Workspace::Offline { store, open } => Check::Resume {
                store: store.clone(),
                credential: open.credential.clone(),
                team: open.team.clone(),
                user: open.user.clone(),
                held: open.copy.clone(),
                starting: open.reason.is_none(),
            },
            Workspace::Team { .. } => Check::Recheck,
            // The sign-in screen says why; once the table answers, the kept session opens.
            Workspace::SignedOut { store, reason: Some(r) } if r.is_out_of_reach() => {
                Check::RetryStart(store.clone())
            }
            _ => Check::Wait,
        }
    }

    /// The wait after a recheck: back off once the recheck took the window offline.
    pub fn after_recheck(&self) -> Duration {
        match self {
            Workspace::Offline { .. } => backoff(0),
            _ => HEARTBEAT,
        }
    }

    /// Keeps the role read now (`scope`), unless the window moved on meanwhile.
    pub fn keep_scope(&mut self, session: &VerifiedSession, scope: &TeamScope) {
        if let Workspace::Team { open, .. } = self
            && open.scope.team() == scope.team()
            && &open.session == session
        {
            if let Some(t) = open.teams.iter_mut().find(|t| &t.team == scope.team()) {
                t.role = scope.role();
            }
            open.scope = scope.clone();
        }
    }

    /// What the window shows of this state.
    pub fn view(&self) -> SessionView {
        match self {
            Workspace::Local { .. } => SessionView::Local,
            Workspace::Broken { reason } => SessionView::Broken { reason: reason.clone() },
            Workspace::SignedOut { reason, .. } => {
                SessionView::SignedOut { reason: reason.clone(), aws_identity: false }
            }
            Workspace::Team { open, .. } => SessionView::Team {
                email: open.email.clone(),
                teams: open.teams.clone(),
                team: open.teams.iter().find(|t| &t.team == open.scope.team()).cloned(),
                offline: None,
            },
            Workspace::Offline { open, .. } => SessionView::Team {
                email: open.email.clone(),
                teams: open.teams.clone(),
                team: open.teams.iter().find(|t| t.team == open.team).cloned(),
                offline: Some(OfflineView { synced_at: open.copy.synced_at(), reason: open.reason.clone() }),
            },
        }
    }
}

#[cfg(test)]
#[path = "workspace_tests.rs"]
mod tests;
