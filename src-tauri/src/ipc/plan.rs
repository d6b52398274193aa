//! The plan's IPC types: people, projects, assignments, timelines, deletes.

use super::{IpcError, date, project_id, resource_id};
use planner_app::{Overview, Shown};
use planner_domain::{Assignment, AssignmentId, DateRange, Project, Resource};
use planner_store::{AssignmentChange, Catalog, NewAssignment, PendingDeletion};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A person on the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceDto {
    pub id: String,
    pub name: String,
    #[ts(type = "number")]
    pub version: u64,
}

impl From<&Resource> for ResourceDto {
    fn from(r: &Resource) -> Self {
        Self { id: r.id.to_string(), name: r.name.to_string(), version: r.version }
    }
}

/// A project and its colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProjectDto {
    pub id: String,
    pub name: String,
    /// `#RRGGBB`.
    pub color: String,
    #[ts(type = "number")]
    pub version: u64,
}

impl From<&Project> for ProjectDto {
    fn from(p: &Project) -> Self {
        Self {
            id: p.id.to_string(),
            name: p.name.to_string(),
            color: p.color.to_string(),
            version: p.version,
        }
    }
}

/// An assignment as the timeline draws it: the stored half-open range, and the inclusive last day
/// that forms show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentDto {
    pub id: String,
    pub resource_id: String,
    pub project_id: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// The day after the last day (stored form).
    pub end_date_exclusive: String,
    /// The last day included (form form).
    pub last_day: String,
    #[ts(type = "number")]
    pub version: u64,
}

impl From<&Assignment> for AssignmentDto {
    fn from(a: &Assignment) -> Self {
        Self {
            id: a.id.to_string(),
            resource_id: a.resource_id.to_string(),
            project_id: a.project_id.to_string(),
            start_date: a.range.start().to_string(),
            end_date_exclusive: a.range.end_exclusive().to_string(),
            last_day: a.range.last_day().to_string(),
            version: a.version,
        }
    }
}

impl AssignmentDto {
    /// The assignment as the UI last saw it (for conflict-checked edits).
    pub fn to_domain(&self) -> Result<Assignment, IpcError> {
        Ok(Assignment {
            id: AssignmentId::parse(&self.id)?,
            resource_id: resource_id(&self.resource_id)?,
            project_id: project_id(&self.project_id)?,
            range: DateRange::new(date(&self.start_date)?, date(&self.end_date_exclusive)?)?,
            version: self.version,
        })
    }
}

/// A new assignment from a drag or a form: first and last day, both included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NewAssignmentInput {
    /// A ULID made by the UI, so that a repeated request is recognised; made here if absent.
    #[ts(optional)]
    pub id: Option<String>,
    pub resource_id: String,
    pub project_id: String,
    pub start_date: String,
    pub last_day: String,
}

impl NewAssignmentInput {
    pub fn to_domain(&self) -> Result<NewAssignment, IpcError> {
        let AssignmentChange { resource_id, project_id, range } =
            change(&self.resource_id, &self.project_id, &self.start_date, &self.last_day)?;
        let id = match &self.id {
            Some(id) => AssignmentId::parse(id)?,
            None => AssignmentId::generate(),
        };
        Ok(NewAssignment { id, resource_id, project_id, range })
    }
}

/// Person, project and the form's first and last day (both included), parsed.
fn change(resource: &str, project: &str, start: &str, last_day: &str) -> Result<AssignmentChange, IpcError> {
    Ok(AssignmentChange {
        resource_id: resource_id(resource)?,
        project_id: project_id(project)?,
        range: DateRange::from_inclusive(date(start)?, date(last_day)?)?,
    })
}

/// The new state of an edited assignment (moved, resized, reassigned).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentChangeInput {
    pub resource_id: String,
    pub project_id: String,
    pub start_date: String,
    pub last_day: String,
}

impl AssignmentChangeInput {
    pub fn to_domain(&self) -> Result<AssignmentChange, IpcError> {
        change(&self.resource_id, &self.project_id, &self.start_date, &self.last_day)
    }
}

/// Everything the timeline shows for one window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TimelineDto {
    pub team_name: String,
    pub from: String,
    pub to: String,
    pub resources: Vec<ResourceDto>,
    pub projects: Vec<ProjectDto>,
    pub assignments: Vec<AssignmentDto>,
    /// The days of `[from, to)` whose assignments are all here: the whole window when read
    /// from the table; offline, only what the offline copy holds (the rest is "not loaded").
    pub loaded: Vec<WindowDto>,
    /// Read from the offline copy, not the table (the window reads it again once online).
    pub cached: bool,
}

/// Days `[from, to)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WindowDto {
    pub from: String,
    pub to: String,
}

impl From<DateRange> for WindowDto {
    fn from(w: DateRange) -> Self {
        Self { from: w.start().to_string(), to: w.end_exclusive().to_string() }
    }
}

/// People and projects, with deletes that were interrupted and can be finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CatalogDto {
    pub resources: Vec<ResourceDto>,
    pub projects: Vec<ProjectDto>,
    /// Ids of people whose delete began but did not finish.
    pub unfinished_resource_deletes: Vec<String>,
    /// Ids of projects whose delete began but did not finish.
    pub unfinished_project_deletes: Vec<String>,
}

impl From<&Catalog> for CatalogDto {
    fn from(c: &Catalog) -> Self {
        let (mut people, mut projects) = (Vec::new(), Vec::new());
        for pending in &c.pending_deletions {
            match pending {
                PendingDeletion::Resource(id) => people.push(id.to_string()),
                PendingDeletion::Project(id) => projects.push(id.to_string()),
            }
        }
        Self {
            resources: c.resources.iter().map(Into::into).collect(),
            projects: c.projects.iter().map(Into::into).collect(),
            unfinished_resource_deletes: people,
            unfinished_project_deletes: projects,
        }
    }
}

/// What deleting a person or project removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DeleteReportDto {
    #[ts(type = "number")]
    pub assignments_deleted: u64,
}

/// How far a delete of a person or project is: `done` of `total` assignments deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DeleteProgressDto {
    #[ts(type = "number")]
    pub done: u64,
    #[ts(type = "number")]
    pub total: u64,
}

/// A progress callback for the store that reports to the UI over `channel`. A UI that has gone
/// away does not stop the delete, which is safe to finish.
pub fn progress_to(channel: tauri::ipc::Channel<DeleteProgressDto>) -> impl FnMut(usize, usize) + Send {
    move |done, total| {
        let _ = channel.send(DeleteProgressDto { done: done as u64, total: total as u64 });
    }
}

/// A summary of the workspace's next thirteen weeks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkspaceOverview {
    pub team_name: String,
    pub people: u32,
    pub projects: u32,
    pub assignments_next_13_weeks: u32,
}

impl From<Overview> for WorkspaceOverview {
    fn from(o: Overview) -> Self {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Self {
            team_name: o.team_name,
            people: count(o.people),
            projects: count(o.projects),
            assignments_next_13_weeks: count(o.assignments_next_13_weeks),
        }
    }
}

impl From<&Shown> for TimelineDto {
    fn from(s: &Shown) -> Self {
        let t = &s.timeline;
        Self {
            team_name: t.team.name.to_string(),
            from: t.window.start().to_string(),
            to: t.window.end_exclusive().to_string(),
            resources: t.resources.iter().map(Into::into).collect(),
            projects: t.projects.iter().map(Into::into).collect(),
            assignments: t.assignments.iter().map(Into::into).collect(),
            loaded: s.loaded.iter().copied().map(Into::into).collect(),
            cached: s.cached,
        }
    }
}
