//! Staffing a placeholder as the window asks for it: its bookings and the candidates for the
//! chosen ones, and handing them over to a person.

use crate::AppError;
use crate::app::App;
use planner_domain::{Assignment, AssignmentId, PersonId};
use planner_store::{AssignmentChange, StaffingRead};

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

    /// Hands each of `bookings` (as the window shows them) to `to`, one after another, each as a
    /// move of its own (conflict-checked, with its change record): the answer says, booking by
    /// booking, where it is now or why it stayed. A placeholder's bookings go to a person, and a
    /// person's back to the placeholder (undo), by the same way.
    pub async fn hand_over(
        &self,
        bookings: &[Assignment],
        to: &PersonId,
    ) -> Vec<Result<Assignment, AppError>> {
        let mut out = Vec::with_capacity(bookings.len());
        for current in bookings {
            let change = AssignmentChange {
                person_id: to.clone(),
                project_id: current.project_id.clone(),
                range: current.range,
                allocation: None,
                status: None,
            };
            out.push(self.update_assignment(current, change).await);
        }
        out
    }
}
