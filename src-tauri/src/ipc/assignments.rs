//! Assignments' IPC types: an assignment as drawn, a new one, an edit of one.

use super::{AllocationDto, IpcError, StatusDto, date, person_id, project_id};
use planner_app::{AssignmentChange, NewAssignment};
use planner_domain::{Assignment, AssignmentId, DateRange, SeriesId};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An assignment as the timeline draws it: the stored half-open range, and the inclusive last day
/// that forms show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentDto {
    pub id: String,
    pub person_id: String,
    pub project_id: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// The day after the last day (stored form).
    pub end_date_exclusive: String,
    /// The last day included (form form).
    pub last_day: String,
    pub allocation: AllocationDto,
    pub status: StatusDto,
    #[ts(type = "number")]
    pub version: u64,
    /// The series of a repeated booking (absent: none).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
}

impl From<&Assignment> for AssignmentDto {
    fn from(a: &Assignment) -> Self {
        Self {
            id: a.id.to_string(),
            person_id: a.person_id.to_string(),
            project_id: a.project_id.to_string(),
            start_date: a.range.start().to_string(),
            end_date_exclusive: a.range.end_exclusive().to_string(),
            last_day: a.range.last_day().to_string(),
            allocation: a.allocation.into(),
            status: a.status.into(),
            version: a.version,
            series: a.series.as_ref().map(ToString::to_string),
        }
    }
}

impl AssignmentDto {
    /// The assignment as the UI last saw it (for conflict-checked edits).
    pub fn to_domain(&self) -> Result<Assignment, IpcError> {
        let range = DateRange::new(date(&self.start_date)?, date(&self.end_date_exclusive)?)?;
        Ok(Assignment {
            id: AssignmentId::parse(&self.id)?,
            person_id: person_id(&self.person_id)?,
            project_id: project_id(&self.project_id)?,
            range,
            allocation: self.allocation.to_domain(range.days())?,
            status: self.status.into(),
            version: self.version,
            series: self.series.as_deref().map(SeriesId::parse).transpose()?,
        })
    }
}

/// A new assignment from a drag or a form: its fields as an edit's, and an id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NewAssignmentInput {
    /// A ULID made by the UI, so that a repeated request is recognised; made here if absent.
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub fields: AssignmentChangeInput,
}

impl NewAssignmentInput {
    pub fn to_domain(&self) -> Result<NewAssignment, IpcError> {
        let AssignmentChange { person_id, project_id, range, allocation, status, series } =
            self.fields.parsed()?;
        let id = match &self.id {
            Some(id) => AssignmentId::parse(id)?,
            None => AssignmentId::generate(),
        };
        Ok(NewAssignment {
            id,
            person_id,
            project_id,
            range,
            allocation: allocation.unwrap_or_default(),
            status: status.unwrap_or_default(),
            series: series.flatten(),
        })
    }
}

/// The new state of an edited assignment (moved, resized, reassigned), or a new one's fields:
/// person, project, first and last day (both included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentChangeInput {
    pub person_id: String,
    pub project_id: String,
    pub start_date: String,
    pub last_day: String,
    /// If absent: kept as it is (a drag moves and resizes only), the whole working day for a new
    /// assignment.
    #[ts(optional)]
    pub allocation: Option<AllocationDto>,
    /// If absent: kept as it is, confirmed for a new assignment.
    #[ts(optional)]
    pub status: Option<StatusDto>,
    /// The series it is put in; `null`: taken out of its series; absent: kept as it is (none for a
    /// new assignment).
    #[ts(optional, type = "string | null")]
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub series: Option<Option<String>>,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl AssignmentChangeInput {
    pub fn to_domain(&self) -> Result<AssignmentChange, IpcError> {
        self.parsed()
    }

    /// Person, project and the form's first and last day (both included), allocation and status,
    /// parsed.
    fn parsed(&self) -> Result<AssignmentChange, IpcError> {
        let range = DateRange::from_inclusive(date(&self.start_date)?, date(&self.last_day)?)?;
        Ok(AssignmentChange {
            person_id: person_id(&self.person_id)?,
            project_id: project_id(&self.project_id)?,
            range,
            allocation: self.allocation.map(|a| a.to_domain(range.days())).transpose()?,
            status: self.status.map(Into::into),
            series: match &self.series {
                None => None,
                Some(None) => Some(None),
                Some(Some(id)) => Some(Some(SeriesId::parse(id)?)),
            },
        })
    }
}
