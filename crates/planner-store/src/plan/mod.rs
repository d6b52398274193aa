//! The team's plan: people, projects and assignments — docs/data-model.md, access
//! patterns 1–16.
//!
//! - `catalog`: people and projects (create, rename, recolour, list).
//! - `assignments`: create, move/resize/reassign, delete; one transaction each.
//! - `many`: many bookings edited at once (a selection), in as few transactions as fit.
//! - `reads`: the window query and the timeline.
//! - `cascade`: deleting a person or a project with all its assignments (and a person's time off).
//! - `time_off`, `calendars`: capacity's items — time off; holiday calendars and holidays; a
//!   person's working weeks and calendar (`capacity_items`: their item conversions).

mod assignments;
mod calendars;
mod capacity_items;
mod cascade;
mod catalog;
pub mod demo;
mod demo_holidays;
pub mod feed;
mod gone;
mod items;
mod labels;
mod many;
mod reads;
mod restore;
mod series;
mod settings;
pub(crate) use settings::{ADMINS, count_of};
mod staffing;
mod time_off;
mod views;

pub use calendars::MAX_HOLIDAYS_AT_ONCE;
pub(crate) use capacity_items::{
    calendar_from_item, calendar_item, holiday_from_item, holiday_item, person_time_off_item,
    time_off_from_item, time_off_index_item, time_off_index_key, time_off_item,
};
pub use cascade::CascadeReport;
pub use catalog::{Catalog, PendingDeletion};
pub use gone::GONE_DAYS;
pub(crate) use items::{
    assignment_from_item, assignment_item, index_item, index_key, label_from_item, label_item,
    person_from_item, person_item, project_from_item, project_item, view_from_item, view_item,
};
pub use labels::{MAX_LABELS_NAMED, ManyLabels};
pub use many::{BookingEdit, EditOutcome, MAX_EDITS_AT_ONCE, ManyEdited};
pub use reads::Timeline;
pub use staffing::StaffingRead;
pub use time_off::{NewTimeOff, TimeOffChange};
pub use views::{MAX_VIEWS, ViewInput};

use crate::Store;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{Assignment, AssignmentId, Date, DateRange, PersonId, ProjectId, SeriesId};
use serde::{Deserialize, Serialize};

/// The team's plan — people, projects, assignments, capacity's items, the team's settings and
/// its change feed — read and written within a [`crate::TeamScope`]. A handle on the store
/// ([`crate::Store::plan`]).
#[derive(Clone, Copy)]
pub struct Plan<'a> {
    store: &'a Store,
    /// The batch every change record of this handle is marked with (an import's), if any.
    batch: Option<&'a feed::Batch>,
}

impl Store {
    /// The team's plan.
    pub fn plan(&self) -> Plan<'_> {
        Plan { store: self, batch: None }
    }
}

impl<'a> Plan<'a> {
    /// The same plan, its changes recorded as part of `batch` (the activity log shows the batch
    /// as one entry): an import's writes.
    pub fn in_batch(self, batch: &'a feed::Batch) -> Plan<'a> {
        Plan { batch: Some(batch), ..self }
    }
}

/// An assignment to create. The id is made by the client (a ULID), so a retried create is
/// recognised instead of doubled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewAssignment {
    pub id: AssignmentId,
    pub person_id: PersonId,
    pub project_id: ProjectId,
    #[serde(flatten)]
    pub range: DateRange,
    #[serde(default)]
    pub allocation: Allocation,
    #[serde(default)]
    pub status: Status,
    /// The series it is a repeat in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<SeriesId>,
}

impl NewAssignment {
    /// The assignment it makes: version 1, checked (a total that its days can hold).
    pub fn made(&self) -> Result<Assignment, planner_domain::ValidationError> {
        Assignment {
            id: self.id.clone(),
            person_id: self.person_id.clone(),
            project_id: self.project_id.clone(),
            range: self.range,
            allocation: self.allocation,
            status: self.status,
            version: 1,
            series: self.series.clone(),
        }
        .checked()
    }
}

/// Where an assignment is stored: its sort key holds the start day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentRef {
    pub id: AssignmentId,
    pub start_date: Date,
}

impl From<&Assignment> for AssignmentRef {
    fn from(a: &Assignment) -> Self {
        Self { id: a.id.clone(), start_date: a.range.start() }
    }
}

/// The new state of an edited assignment: moved, resized and/or given to another person or
/// project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentChange {
    pub person_id: PersonId,
    pub project_id: ProjectId,
    #[serde(flatten)]
    pub range: DateRange,
    /// A new allocation, or `None` to keep it (a drag moves and resizes, and keeps it).
    #[serde(default)]
    pub allocation: Option<Allocation>,
    /// A new status, or `None` to keep it.
    #[serde(default)]
    pub status: Option<Status>,
    /// The series it is put in (`Some(Some(_))`) or taken out of (`Some(None)`); `None` keeps it.
    #[serde(default)]
    pub series: Option<Option<SeriesId>>,
}
