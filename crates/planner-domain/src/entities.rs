//! The entities of the team table (docs/data-model.md), as the rest of the program sees them.
//!
//! `version` is the optimistic-concurrency counter: every update names the version it read and
//! fails with a conflict if someone else changed the item in between.

use crate::capacity::{Allocation, Status};
use crate::{
    AssignmentId, Color, DateRange, Email, Name, ProjectId, ResourceId, Role, TeamId, UserId, ValidationError,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub id: TeamId,
    pub name: Name,
    /// RFC 3339.
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub user_id: UserId,
    pub role: Role,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: UserId,
    pub email: Email,
    pub name: Option<Name>,
    /// RFC 3339, when the email address was last proven by a sign-in code.
    pub email_verified: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resource {
    pub id: ResourceId,
    pub name: Name,
    pub version: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub id: ProjectId,
    pub name: Name,
    pub color: Color,
    pub version: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Assignment {
    pub id: AssignmentId,
    pub resource_id: ResourceId,
    pub project_id: ProjectId,
    #[serde(flatten)]
    pub range: DateRange,
    /// How much of the person's working days it takes: absent in items and files written before
    /// allocations, which read as the whole working day.
    #[serde(default)]
    pub allocation: Allocation,
    #[serde(default)]
    pub status: Status,
    pub version: u64,
}

impl Assignment {
    /// Checks what the parts cannot check alone: a total of hours fits the range (at most 24
    /// hours a day).
    pub fn checked(self) -> Result<Self, ValidationError> {
        if let Allocation::Total(minutes) = self.allocation {
            Allocation::total(minutes, self.range.days())?;
        }
        Ok(self)
    }
}
