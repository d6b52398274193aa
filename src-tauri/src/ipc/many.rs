//! Many bookings edited at once: what the window asks of each booking, and what became of each.

use super::{AssignmentChangeInput, AssignmentDto, IpcError, NewAssignmentInput};
use planner_app::{AppError, BookingEdit, EditOutcome, ManyEdited};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One booking's part of an edit of many: a new one, a change of one as the window shows it,
/// or its delete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum BookingEditInput {
    Create { booking: NewAssignmentInput },
    Update { current: AssignmentDto, change: AssignmentChangeInput },
    Delete { current: AssignmentDto },
}

impl BookingEditInput {
    pub fn to_domain(&self) -> Result<BookingEdit, IpcError> {
        Ok(match self {
            BookingEditInput::Create { booking } => BookingEdit::Create(booking.to_domain()?),
            BookingEditInput::Update { current, change } => {
                BookingEdit::Update { current: current.to_domain()?, change: change.to_domain()? }
            }
            BookingEditInput::Delete { current } => BookingEdit::Delete(current.to_domain()?),
        })
    }
}

/// What became of one booking: written (as stored now), deleted, left as it was and why, not
/// sent (cancelled or stopped before its turn), or unsure (sent when the connection failed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum EditOutcomeDto {
    Written { booking: AssignmentDto },
    Deleted,
    Failed { error: IpcError },
    NotSent,
    Unsure,
}

/// The answer to an edit of many, booking by booking in the order asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ManyEditedDto {
    /// The batch's id, as its change records in the activity log name it.
    pub batch: String,
    pub outcomes: Vec<EditOutcomeDto>,
    /// Transactions sent.
    pub requests: u32,
    /// What stopped it before its end (the bookings not reached are `notSent`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stopped: Option<IpcError>,
    pub cancelled: bool,
}

impl From<&ManyEdited> for ManyEditedDto {
    fn from(m: &ManyEdited) -> Self {
        let outcome = |o: &EditOutcome| match o {
            EditOutcome::Written(a) => EditOutcomeDto::Written { booking: a.into() },
            EditOutcome::Deleted => EditOutcomeDto::Deleted,
            EditOutcome::Failed(e) => EditOutcomeDto::Failed { error: AppError::from(e.clone()).into() },
            EditOutcome::NotSent => EditOutcomeDto::NotSent,
            EditOutcome::Unsure => EditOutcomeDto::Unsure,
        };
        Self {
            batch: m.batch.id.clone(),
            outcomes: m.outcomes.iter().map(outcome).collect(),
            requests: m.requests,
            stopped: m.stopped.clone().map(|e| AppError::from(e).into()),
            cancelled: m.cancelled,
        }
    }
}
