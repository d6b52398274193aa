//! Staffing a placeholder (docs/data-model.md, access pattern 65): its bookings from a day on,
//! and who could take the chosen ones, from one timeline read of those days.

use crate::plan::Plan;
use crate::{StoreError, TeamScope};
use planner_domain::capacity::{MAX_REPORT_DAYS, Staffing, StaffingInput};
use planner_domain::{Action, Assignment, AssignmentId, Date, DateRange, PersonId, ValidationError};

/// A placeholder's bookings and the candidates for the chosen ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffingRead {
    /// The placeholder's bookings that end after the first day asked for and start within two
    /// years of it, by start.
    pub bookings: Vec<Assignment>,
    pub staffing: Staffing,
}

impl Plan<'_> {
    /// Access pattern 65: the placeholder `id`'s bookings from `from` on (within
    /// [`MAX_REPORT_DAYS`]), and the candidates for `chosen` of them (all when `None`): the
    /// timeline's read of those days, so every figure is the rows' own. Any member may read it.
    pub async fn staffing(
        self,
        scope: &TeamScope,
        id: &PersonId,
        from: Date,
        chosen: Option<&[AssignmentId]>,
    ) -> Result<StaffingRead, StoreError> {
        self.store.require(scope, Action::ReadPlan, "staffing")?;
        let range = DateRange::new(from, from.add_days(MAX_REPORT_DAYS))?;
        // Boxed: the timeline read is a large future, and this one is awaited inside others.
        let t = Box::pin(self.timeline(scope, range)).await?;
        let Some(placeholder) = t.people.iter().find(|p| &p.id == id) else {
            return Err(StoreError::NotFound { what: "placeholder" });
        };
        if !placeholder.placeholder {
            return Err(ValidationError::NotPlaceholder.into());
        }
        let mut bookings: Vec<Assignment> =
            t.items.assignments.iter().filter(|a| &a.person_id == id).cloned().collect();
        bookings.sort_by(|a, b| a.range.start().cmp(&b.range.start()).then_with(|| a.id.cmp(&b.id)));
        let picked: Vec<&Assignment> = match chosen {
            None => bookings.iter().collect(),
            Some(ids) => ids
                .iter()
                .map(|wanted| {
                    bookings.iter().find(|a| &a.id == wanted).ok_or_else(|| {
                        ValidationError::NotPlaceholdersBooking { assignment: wanted.to_string() }
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        let staffing = Staffing::build(StaffingInput {
            default_week: t.team.default_week,
            people: &t.people,
            placeholder,
            chosen: &picked,
            items: &t.items,
        })?;
        Ok(StaffingRead { bookings, staffing })
    }
}
