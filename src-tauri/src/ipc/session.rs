//! Who is signed in, to which teams, and the team's members, as the window reads them.

use super::IpcError;
use planner_app::{SessionUpdate, SessionView};
use planner_domain::Role;
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

/// A role in a team, as the window shows and sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum RoleDto {
    Admin,
    Planner,
    Viewer,
}

impl From<Role> for RoleDto {
    fn from(role: Role) -> Self {
        match role {
            Role::Admin => RoleDto::Admin,
            Role::Planner => RoleDto::Planner,
            Role::Viewer => RoleDto::Viewer,
        }
    }
}

/// One of the signed-in user's teams, with their role in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamDto {
    pub id: String,
    pub name: String,
    pub role: RoleDto,
}

impl From<&planner_app::TeamMembership> for TeamDto {
    fn from(t: &planner_app::TeamMembership) -> Self {
        Self {
            id: t.team.to_string(),
            name: t.name.as_ref().map(|n| n.to_string()).unwrap_or_default(),
            role: t.role.into(),
        }
    }
}

/// What is open, one of four states (`state` tells which); only a team has a user, teams and
/// an offline state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "state", rename_all = "camelCase")]
#[ts(export)]
pub enum SessionDto {
    /// This computer's workspace, no sign-in.
    Local,
    /// Nothing could be opened; `reason` says what to fix (a bad setting, say).
    Broken { reason: IpcError },
    /// A team table with nobody signed in; `reason` says why, when a session ended.
    /// `awsIdentity`: this table signs in by AWS identity (a button, no email form).
    #[serde(rename_all = "camelCase")]
    SignedOut { reason: Option<IpcError>, aws_identity: bool },
    /// Signed in to a team table. `offline` is set while the table is out of reach (or being
    /// reached at start-up): the window shows the offline copy and does not edit.
    Team {
        email: String,
        teams: Vec<TeamDto>,
        /// The team open now.
        team: Option<TeamDto>,
        offline: Option<OfflineDto>,
    },
}

impl From<&SessionView> for SessionDto {
    fn from(view: &SessionView) -> Self {
        match view {
            SessionView::Local => SessionDto::Local,
            SessionView::Broken { reason } => SessionDto::Broken { reason: reason.into() },
            SessionView::SignedOut { reason, aws_identity } => {
                SessionDto::SignedOut { reason: reason.as_ref().map(Into::into), aws_identity: *aws_identity }
            }
            SessionView::Team { email, teams, team, offline } => SessionDto::Team {
                email: email.as_str().to_owned(),
                teams: teams.iter().map(TeamDto::from).collect(),
                team: team.as_ref().map(TeamDto::from),
                offline: offline.as_ref().map(|o| OfflineDto {
                    synced_at: o.synced_at.clone(),
                    reason: o.reason.as_ref().map(Into::into),
                }),
            },
        }
    }
}

/// What the window is told: what is open, and apart from it a notice said once (a damaged
/// offline copy that was set aside, a sign-in link from the OS that did not work).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SessionUpdateDto {
    pub session: SessionDto,
    pub notice: Option<IpcError>,
    /// A sign-in link to confirm before it is used (`answer_sign_in_link`).
    pub ask: Option<LinkAskDto>,
}

/// A sign-in link this app did not ask for: the account it would sign in, the team it would
/// open, and who is signed in now and would be signed out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LinkAskDto {
    pub email: String,
    pub team: Option<String>,
    pub replaces: Option<String>,
}

impl From<SessionUpdate> for SessionUpdateDto {
    fn from(told: SessionUpdate) -> Self {
        Self {
            session: (&told.session).into(),
            notice: told.notice.map(Into::into),
            ask: told.ask.map(|a| LinkAskDto {
                email: a.email.as_str().to_owned(),
                team: a.team,
                replaces: a.replaces.map(|e| e.as_str().to_owned()),
            }),
        }
    }
}

impl From<SessionView> for SessionUpdateDto {
    fn from(session: SessionView) -> Self {
        Self { session: (&session).into(), notice: None, ask: None }
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
    pub role: RoleDto,
}

impl From<&planner_app::MemberInfo> for MemberDto {
    fn from(m: &planner_app::MemberInfo) -> Self {
        Self {
            user_id: m.user_id.to_string(),
            email: m.email.as_ref().map(|e| e.as_str().to_owned()),
            name: m.name.as_ref().map(|n| n.as_str().to_owned()),
            role: m.role.into(),
        }
    }
}
