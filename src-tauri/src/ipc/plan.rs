//! The plan's IPC types: people, projects, assignments, timelines, deletes.

use super::{
    AssignmentsDto, CalendarDto, GroupFromDto, HolidayDto, IpcError, LabelDto, ScheduleDto, TimeOffDto,
    week_dto,
};
use planner_app::{Catalog, PendingDeletion};
use planner_app::{LoadedTimeline, Overview};
use planner_domain::{DateRange, Person, Project, Unreadable};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A person on the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PersonDto {
    pub id: String,
    pub name: String,
    #[ts(type = "number")]
    pub version: u64,
    /// Their own working weeks; absent: the team's default week.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub schedule: Option<ScheduleDto>,
    /// Their holiday calendar; absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub calendar_id: Option<String>,
    /// Their groups over time (the first from the start); absent: in no group.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<GroupFromDto>>", optional)]
    pub groups: Vec<GroupFromDto>,
    /// Their role title; absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub role_id: Option<String>,
    /// Their skills; absent: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub skill_ids: Vec<String>,
    /// A placeholder (a role not yet staffed); absent: a person.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub placeholder: bool,
}

impl From<&Person> for PersonDto {
    fn from(r: &Person) -> Self {
        Self {
            id: r.id.to_string(),
            name: r.name.to_string(),
            version: r.version,
            schedule: r.schedule.as_ref().map(Into::into),
            calendar_id: r.calendar.as_ref().map(ToString::to_string),
            groups: super::groups_dto(&r.labels.groups),
            role_id: r.labels.role.as_ref().map(ToString::to_string),
            skill_ids: r.labels.skills.iter().map(ToString::to_string).collect(),
            placeholder: r.placeholder,
        }
    }
}

impl PersonDto {
    /// The person as the window saw them (an edit's condition is their version).
    pub fn to_domain(&self) -> Result<Person, IpcError> {
        Ok(Person {
            id: super::person_id(&self.id)?,
            name: super::name(&self.name)?,
            version: self.version,
            schedule: self.schedule.as_ref().map(ScheduleDto::to_domain).transpose()?,
            calendar: self.calendar_id.as_deref().map(super::calendar_id).transpose()?,
            labels: super::person_labels(&self.groups, self.role_id.as_deref(), &self.skill_ids)?,
            placeholder: self.placeholder,
        })
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

/// Everything the timeline shows for one window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TimelineDto {
    pub team_name: String,
    pub from: String,
    pub to: String,
    pub people: Vec<PersonDto>,
    pub projects: Vec<ProjectDto>,
    pub assignments: AssignmentsDto,
    /// The time off of the people shown overlapping the window.
    pub time_off: Vec<TimeOffDto>,
    /// The holidays on the window's days, of every calendar.
    pub holidays: Vec<HolidayDto>,
    /// The team's holiday calendars.
    pub calendars: Vec<CalendarDto>,
    /// The team's groups, roles and skills, by kind and name.
    pub labels: Vec<LabelDto>,
    /// The team's default working week: minutes, Monday first.
    pub default_week: Vec<u32>,
    /// How many days the team's activity log is kept (admins set it).
    pub feed_days: u32,
    /// The days of `[from, to)` whose assignments are all here: the whole window when read
    /// from the table; offline, only what the offline copy holds (the rest is "not loaded").
    pub loaded: Vec<WindowDto>,
    /// Read from the offline copy, not the table (the window reads it again once online).
    pub cached: bool,
    /// Items that could not be read back and are not shown.
    pub unreadable: Vec<Unreadable>,
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
    pub people: Vec<PersonDto>,
    pub projects: Vec<ProjectDto>,
    /// The team's groups, roles and skills, by kind and name.
    pub labels: Vec<LabelDto>,
    /// Ids of people whose delete began but did not finish.
    pub unfinished_person_deletes: Vec<String>,
    /// Ids of projects whose delete began but did not finish.
    pub unfinished_project_deletes: Vec<String>,
    /// Rows that could not be read back and are not shown.
    pub unreadable: Vec<Unreadable>,
}

impl From<&Catalog> for CatalogDto {
    fn from(c: &Catalog) -> Self {
        let (mut people, mut projects) = (Vec::new(), Vec::new());
        for pending in &c.pending_deletions {
            match pending {
                PendingDeletion::Person(id) => people.push(id.to_string()),
                PendingDeletion::Project(id) => projects.push(id.to_string()),
            }
        }
        Self {
            people: c.people.iter().map(Into::into).collect(),
            projects: c.projects.iter().map(Into::into).collect(),
            labels: c.labels.iter().map(Into::into).collect(),
            unfinished_person_deletes: people,
            unfinished_project_deletes: projects,
            unreadable: c.unreadable.clone(),
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

impl From<&LoadedTimeline> for TimelineDto {
    fn from(s: &LoadedTimeline) -> Self {
        let t = &s.timeline;
        Self {
            team_name: t.team.name.to_string(),
            from: t.window.start().to_string(),
            to: t.window.end_exclusive().to_string(),
            people: t.people.iter().map(Into::into).collect(),
            projects: t.projects.iter().map(Into::into).collect(),
            assignments: t.items.assignments.iter().collect(),
            time_off: t.items.time_off.iter().map(Into::into).collect(),
            holidays: t.items.holidays.iter().map(Into::into).collect(),
            calendars: t.calendars.iter().map(Into::into).collect(),
            labels: t.labels.iter().map(Into::into).collect(),
            default_week: week_dto(t.team.default_week),
            feed_days: t.team.feed_days,
            loaded: s.loaded.iter().copied().map(Into::into).collect(),
            cached: s.cached,
            unreadable: t.items.unreadable.clone(),
        }
    }
}
