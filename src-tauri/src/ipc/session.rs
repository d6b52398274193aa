//! Who is signed in, to which teams, and the team's members, as the window reads them.

use super::IpcError;
use planner_app::{SessionView, Told};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The window shows the offline copy: the table could not be reached (`reason`), or, with no
/// reason, the app started from the copy and is connecting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OfflineDto {
    /// RFC 3339: when the copy was last in step with the table (none: there is no copy).
    pub synced_at: Option<String>,
    pub reason: Option<IpcError>,
}

/// One of the signed-in user's teams, with their role in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamDto {
    pub id: String,
    pub name: String,
    /// `admin`, `planner` or `viewer`.
    pub role: String,
}

impl From<&planner_store::TeamMembership> for TeamDto {
    fn from(t: &planner_store::TeamMembership) -> Self {
        Self {
            id: t.team.to_string(),
            name: t.name.as_ref().map(|n| n.to_string()).unwrap_or_default(),
            role: t.role.as_str().to_owned(),
        }
    }
}

/// Who is signed in, to which teams, and which one is open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SessionDto {
    /// `local` (this computer's workspace, no sign-in), `team` (a team table), or `error`
    /// (nothing could be opened; `reason` says why).
    pub mode: String,
    pub signed_in: bool,
    pub email: Option<String>,
    pub teams: Vec<TeamDto>,
    /// The team open now.
    pub team: Option<TeamDto>,
    /// Why nobody is signed in (an expired or ended session), as `{code, message}`.
    pub reason: Option<IpcError>,
    /// Set while the table is out of reach (or being reached at start-up): the window shows
    /// the offline copy and does not edit.
    pub offline: Option<OfflineDto>,
}

impl From<&SessionView> for SessionDto {
    fn from(view: &SessionView) -> Self {
        let none = Self {
            mode: view.mode().into(),
            signed_in: false,
            email: None,
            teams: vec![],
            team: None,
            reason: view.reason().map(Into::into),
            offline: None,
        };
        match view {
            SessionView::Local => Self { signed_in: true, ..none },
            SessionView::Broken { .. } | SessionView::SignedOut { .. } => none,
            SessionView::Team { email, teams, team, offline } => Self {
                signed_in: true,
                email: Some(email.as_str().to_owned()),
                teams: teams.iter().map(TeamDto::from).collect(),
                team: team.as_ref().map(TeamDto::from),
                offline: offline.as_ref().map(|o| OfflineDto {
                    synced_at: o.synced_at.clone(),
                    reason: o.reason.as_ref().map(Into::into),
                }),
                ..none
            },
        }
    }
}

impl From<SessionView> for SessionDto {
    fn from(view: SessionView) -> Self {
        (&view).into()
    }
}

/// A notice said once travels as the reason (the window shows one sentence at a time).
impl From<Told> for SessionDto {
    fn from(told: Told) -> Self {
        let dto = SessionDto::from(&told.session);
        match told.notice {
            Some(notice) => SessionDto { reason: Some(notice.into()), ..dto },
            None => dto,
        }
    }
}

/// A member of the open team, as the members screen lists them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberDto {
    pub user_id: String,
    pub email: Option<String>,
    /// The name given when they were invited, if any.
    pub name: Option<String>,
    /// `admin`, `planner` or `viewer`.
    pub role: String,
}

impl From<&planner_store::MemberInfo> for MemberDto {
    fn from(m: &planner_store::MemberInfo) -> Self {
        Self {
            user_id: m.user_id.to_string(),
            email: m.email.as_ref().map(|e| e.as_str().to_owned()),
            name: m.name.as_ref().map(|n| n.as_str().to_owned()),
            role: m.role.as_str().to_owned(),
        }
    }
}
