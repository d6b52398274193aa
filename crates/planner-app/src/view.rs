//! What the window is told: the state it shows ([`SessionView`]) and, apart from it, anything
//! it should hear once ([`SessionUpdate::notice`]). The shell turns these into IPC types.

use crate::AppError;
use planner_domain::Email;
use planner_store::TeamMembership;

/// Who is signed in, to which teams, and which one is open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionView {
    /// This computer's local workspace (no sign-in).
    Local,
    /// Nothing could be opened; `reason` says what to fix.
    Broken { reason: AppError },
    /// A team table with nobody signed in, and why (an ended session, say). `aws_identity`: the
    /// table signs in by AWS identity (a button, no email form).
    SignedOut { reason: Option<AppError>, aws_identity: bool },
    /// Signed in to a team table; `offline` while the table is out of reach (or still being
    /// reached at a start from the copy).
    Team {
        email: Email,
        teams: Vec<TeamMembership>,
        team: Option<TeamMembership>,
        offline: Option<OfflineView>,
    },
}

/// The window shows the offline copy: the table could not be reached (`reason`), or, with no
/// reason, the app started from the copy and is connecting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfflineView {
    /// RFC 3339: when the copy was last in step with the table (none: there is no copy).
    pub synced_at: Option<String>,
    pub reason: Option<AppError>,
}

impl SessionView {
    /// Why the window shows no team (broken, or signed out with a reason).
    pub fn reason(&self) -> Option<&AppError> {
        match self {
            SessionView::Broken { reason } => Some(reason),
            SessionView::SignedOut { reason, .. } => reason.as_ref(),
            SessionView::Local | SessionView::Team { .. } => None,
        }
    }

    /// `local`, `team` or `error`, for the log and diagnostics.
    pub fn mode(&self) -> &'static str {
        match self {
            SessionView::Local => "local",
            SessionView::Broken { .. } => "error",
            SessionView::SignedOut { .. } | SessionView::Team { .. } => "team",
        }
    }

    pub fn is_offline(&self) -> bool {
        matches!(self, SessionView::Team { offline: Some(_), .. })
    }
}

/// What the window hears: the state, and a notice said once (a damaged offline copy that was
/// discarded, a sign-in link from the OS that did not work).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUpdate {
    pub session: SessionView,
    pub notice: Option<AppError>,
    /// A sign-in link the window must confirm before it is used.
    pub ask: Option<LinkAsk>,
}

/// A sign-in link this app did not ask for: whom it would sign in, and to which team, so that
/// the person can say no. Nothing has changed yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkAsk {
    pub email: Email,
    /// The team that would open (the one open last, if the account is in it; else its first).
    pub team: Option<String>,
    /// Whether someone else is signed in now (and would be signed out).
    pub replaces: Option<Email>,
}

/// The window's ear, implemented by the shell: what changes without the window asking (a
/// sign-in link handed over by the OS, a session found ended, the table lost or back).
pub trait Window: Send + Sync {
    fn hear(&self, told: SessionUpdate);
}
