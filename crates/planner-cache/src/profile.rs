//! Who was signed in, and to which teams: what an offline start shows before the table answers.

use planner_domain::{Role, TeamId, UserId};
use serde::{Deserialize, Serialize};

/// The signed-in user as last confirmed by the table (kept encrypted like the timelines).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub user: UserId,
    pub email: String,
    pub teams: Vec<ProfileTeam>,
}

/// One of the user's teams, with the role they had there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileTeam {
    pub id: TeamId,
    pub name: Option<String>,
    pub role: Role,
}
