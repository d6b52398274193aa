//! Staffing a placeholder as the window asks for it: its bookings and the candidates for the
//! chosen ones, and handing them over to a person.

use crate::AppError;
use crate::app::App;
use planner_domain::{Assignment, AssignmentId, PersonId};
use planner_store::{AssignmentChange, BookingEdit, EditOutcome, StaffingRead, StoreError};

impl App {
    /// The placeholder `id`'s bookings from today on and who could take `chosen` of them (all
    /// when `None`), best first. Needs the team's table (offline, the copy holds only the days
    /// that were shown).
    pub async fn staffing(
        &self,
        id: &PersonId,
        chosen: Option<Vec<AssignmentId>>,
    ) -> Result<StaffingRead, AppError> {
        let from = self.today()?;
        self.read(async |store, scope| store.plan().staffing(scope, id, from, chosen.as_deref()).await).await
    }

    /// Hands each of `bookings` (as the window shows them) to `to` as one edit of many (each a
    /// conflict-checked move with its own change record, in as few transactions as fit): the
    /// answer says, booking by booking, where it is now or why it stayed. A placeholder's bookings
    /// go to a person, and a person's back to the placeholder (undo), by the same way.
    pub async fn hand_over(
        &self,
        bookings: &[Assignment],
        to: &PersonId,
    ) -> Vec<Result<Assignment, AppError>> {
        if bookings.is_empty() {
            return Vec::new();
        }
        let edits = bookings
            .iter()
            .map(|current| BookingEdit::Update {
                current: current.clone(),
                change: AssignmentChange {
                    person_id: to.clone(),
                    project_id: current.project_id.clone(),
                    range: current.range,
                    allocation: None,
                    status: None,
                    series: None,
                },
            })
            .collect();
        let key = format!("hand-over-{}", planner_domain::AssignmentId::generate());
        match self.edit_many(&key, edits, |_, _| {}).await {
            Ok(done) => done
                .outcomes
                .into_iter()
                .map(|outcome| match outcome {
                    EditOutcome::Written(a) => Ok(a),
                    EditOutcome::Failed(e) => Err(e.into()),
                    // Not reached: what stopped it is the answer of the rest.
                    EditOutcome::Deleted | EditOutcome::NotSent | EditOutcome::Unsure => Err(done
                        .stopped
                        .clone()
                        .map_or(AppError::from(StoreError::Conflict { what: "assignment" }), AppError::from)),
                })
                .collect(),
            Err(e) => bookings.iter().map(|_| Err(e.clone())).collect(),
        }
    }
}
