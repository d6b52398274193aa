//! Team roles and what each may do (docs/data-model.md, rule 5).

use crate::ValidationError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A member's role in one team, as stored on the MEMBER item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    Planner,
    Viewer,
}

/// What a call wants to do; checked against the role before any write or read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Read the team's plan (people, projects, assignments).
    ReadPlan,
    /// Create, change or delete people, projects and assignments.
    EditPlan,
    /// Invite, change and remove members; rename the team.
    ManageTeam,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::ReadPlan => "read_plan",
            Action::EditPlan => "edit_plan",
            Action::ManageTeam => "manage_team",
        }
    }
}

impl Role {
    pub fn allows(self, action: Action) -> bool {
        matches!(
            (self, action),
            (Role::Admin, _)
                | (Role::Planner, Action::ReadPlan | Action::EditPlan)
                | (Role::Viewer, Action::ReadPlan)
        )
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "admin" => Ok(Role::Admin),
            "planner" => Ok(Role::Planner),
            "viewer" => Ok(Role::Viewer),
            _ => Err(ValidationError::Role(raw.chars().take(32).collect())),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Planner => "planner",
            Role::Viewer => "viewer",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permissions_follow_the_spec() {
        use Action::*;
        assert!(Role::Admin.allows(ManageTeam) && Role::Admin.allows(EditPlan));
        assert!(Role::Planner.allows(EditPlan) && !Role::Planner.allows(ManageTeam));
        assert!(Role::Viewer.allows(ReadPlan));
        assert!(!Role::Viewer.allows(EditPlan) && !Role::Viewer.allows(ManageTeam));
    }

    #[test]
    fn parses_the_three_roles_only() {
        assert_eq!(Role::parse("Planner").unwrap(), Role::Planner);
        assert!(Role::parse("owner").is_err());
    }
}
