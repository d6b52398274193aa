//! Staffing's IPC types: a placeholder's bookings with the candidates for the chosen ones, and
//! what handing bookings over did, booking by booking.

use super::{AssignmentDto, IpcError};
use planner_app::StaffingRead;
use planner_domain::capacity::Staffing;
use serde::Serialize;
use ts_rs::TS;

/// A placeholder's bookings from today on, and who could take the chosen ones (best first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StaffingDto {
    pub bookings: Vec<AssignmentDto>,
    pub staffing: Staffing,
}

impl From<&StaffingRead> for StaffingDto {
    fn from(r: &StaffingRead) -> Self {
        Self { bookings: r.bookings.iter().map(Into::into).collect(), staffing: r.staffing.clone() }
    }
}

/// A booking that stayed where it was, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NotHandedDto {
    pub id: String,
    pub error: IpcError,
}

/// What handing bookings over did: those moved (as stored now) and those that stayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HandedOverDto {
    pub moved: Vec<AssignmentDto>,
    pub failed: Vec<NotHandedDto>,
}
