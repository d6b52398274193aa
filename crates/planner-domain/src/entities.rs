//! The entities of the team table (docs/data-model.md), as the rest of the program sees them.
//!
//! `version` is the optimistic-concurrency counter: every update names the version it read and
//! fails with a conflict if someone else changed the item in between.

use crate::capacity::{Absence, Allocation, Schedule, Status, TimeOffKind, WorkWeek};
use crate::{
    AssignmentId, CalendarId, Color, Date, DateRange, Email, Name, PersonId, PersonLabels, ProjectId, Role,
    SeriesId, TeamId, TimeOffId, UserId, ValidationError,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub id: TeamId,
    pub name: Name,
    /// RFC 3339.
    pub created_at: String,
    /// The working week of everyone without one of their own (Monday to Friday, 8 hours, until
    /// an admin sets another).
    #[serde(default)]
    pub default_week: WorkWeek,
    /// How many days the team's change records are kept (an admin sets it; 13 months until then).
    #[serde(default = "Team::default_feed_days")]
    pub feed_days: u32,
}

impl Team {
    /// The retention of change records until an admin sets another: 13 months.
    pub const DEFAULT_FEED_DAYS: u32 = 396;

    fn default_feed_days() -> u32 {
        Self::DEFAULT_FEED_DAYS
    }
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
pub struct Person {
    pub id: PersonId,
    pub name: Name,
    pub version: u64,
    /// Their own working weeks; `None`: the team's default week.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Schedule>,
    /// The public-holiday calendar they are in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar: Option<CalendarId>,
    /// Their groups over time, role and skills (ids of the team's lists).
    #[serde(flatten)]
    pub labels: PersonLabels,
    /// A placeholder: a role not yet staffed ("Senior designer — to hire"). It takes bookings as
    /// a person does and has a working week, group, role and skills; its hours are demand, in
    /// the projects' figures and the demand by role, never in anyone's utilisation.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub placeholder: bool,
}

impl Person {
    /// A new person: the team's week, no calendar, no group, role or skills.
    pub fn new(id: PersonId, name: Name) -> Self {
        Self {
            id,
            name,
            version: 1,
            schedule: None,
            calendar: None,
            labels: PersonLabels::default(),
            placeholder: false,
        }
    }

    /// A new placeholder: as [`Person::new`], standing for a role not yet staffed.
    pub fn placeholder(id: PersonId, name: Name) -> Self {
        Self { placeholder: true, ..Self::new(id, name) }
    }

    /// The working time that holds for them: their own, else the team's default week.
    pub fn schedule_or(&self, default_week: WorkWeek) -> Schedule {
        self.schedule.clone().unwrap_or_else(|| Schedule::always(default_week))
    }
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
    /// Stored and written to files as `resourceId`, the name it had first.
    #[serde(rename = "resourceId")]
    pub person_id: PersonId,
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
    /// The series it belongs to, when it was made by repeating a booking (or is the booking
    /// repeated): "this and the following ones" are the series' bookings from its day on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<SeriesId>,
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

/// A stretch of a person's time off: every day of `range`, all of the day or `minutes` of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeOff {
    pub id: TimeOffId,
    /// Stored and written to files as `resourceId`, the name it had first.
    #[serde(rename = "resourceId")]
    pub person_id: PersonId,
    #[serde(flatten)]
    pub range: DateRange,
    #[serde(default)]
    pub kind: TimeOffKind,
    /// `None`: the whole day; else quarter hours under 24 hours of each day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
    pub version: u64,
}

impl TimeOff {
    /// What the load maths sees; refuses minutes that are not part of a day.
    pub fn absence(&self) -> Result<Absence, ValidationError> {
        match self.minutes {
            None => Ok(Absence::whole_days(self.range)),
            Some(m) => Absence::hours(self.range, m),
        }
    }

    /// Checks what the parts cannot check alone (the minutes).
    pub fn checked(self) -> Result<Self, ValidationError> {
        self.absence()?;
        Ok(self)
    }
}

/// A team's public-holiday calendar: its name, and where its days came from (a holiday
/// library's region such as `JP`, `DE-BY`, `US-CA`, or none: typed in or read from an .ics file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Calendar {
    pub id: CalendarId,
    pub name: Name,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    pub version: u64,
}

impl Calendar {
    /// A region code: a country's two capital letters, then up to two parts of 1–10 letters or
    /// digits, each after a `-` (`JP`, `GB-SCT`, `DE-BY-A`).
    pub fn check_region(raw: &str) -> Result<String, ValidationError> {
        let mut parts = raw.trim().split('-');
        let country = parts.next().unwrap_or_default();
        let rest: Vec<&str> = parts.collect();
        let ok = country.len() == 2
            && country.bytes().all(|b| b.is_ascii_uppercase())
            && rest.len() <= 2
            && rest
                .iter()
                .all(|p| (1..=10).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
        if ok {
            Ok(raw.trim().to_owned())
        } else {
            Err(ValidationError::Region(raw.chars().take(32).collect()))
        }
    }
}

/// One public holiday of a calendar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Holiday {
    pub calendar: CalendarId,
    pub day: Date,
    pub name: Name,
}

/// What a window of days holds: the assignments overlapping it, and the time off and holidays of
/// its [reach](WindowItems::reach) (one read of the window query; the offline copy keeps it window
/// by window).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WindowItems {
    pub assignments: Vec<Assignment>,
    #[serde(default)]
    pub time_off: Vec<TimeOff>,
    #[serde(default)]
    pub holidays: Vec<Holiday>,
    /// Items of the read that could not be read back (damaged, or a value out of range): left
    /// out of what is shown, and named here, so one bad item does not hide the rest.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unreadable: Vec<Unreadable>,
}

/// A stored item that could not be read back, and why (for the window's notice and the log; the
/// window's type as it is, ts-rs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Unreadable {
    /// `pk / sk` of the item.
    pub key: String,
    pub detail: String,
}

/// The largest version a stored item may carry: the window reads versions as JSON numbers, which
/// hold whole numbers exactly only up to 2^53 − 1 (JavaScript's `Number.MAX_SAFE_INTEGER`); past
/// it, an edit would send back a version that is not the stored one. Import refuses larger ones.
pub const MAX_VERSION: u64 = (1 << 53) - 1;

/// The days whose holidays and time off the figures of a window rest on ([`WindowItems::reach`]).
///
/// A total is spread over the working days of all its range, so a holiday or a day off outside
/// the window moves what it books inside (docs/data-model.md, "Capacity and figures"). Only its
/// own person's days off do: another person's time off outside the window moves none of the
/// window's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    window: DateRange,
    /// The window widened to the whole range of every total overlapping it: whose holidays count.
    days: DateRange,
    /// Of each person with a total overlapping the window, the window widened to their totals.
    by_person: std::collections::HashMap<PersonId, DateRange>,
}

impl Reach {
    /// The window widened to the whole range of each total overlapping it (the days whose
    /// holidays the figures rest on).
    pub fn days(&self) -> DateRange {
        self.days
    }

    /// The window itself.
    pub fn window(&self) -> DateRange {
        self.window
    }

    /// Of each person with a total overlapping the window, the days their figures rest on
    /// beyond it: the window widened to their totals.
    pub fn people(&self) -> impl Iterator<Item = (&PersonId, DateRange)> {
        self.by_person.iter().map(|(p, r)| (p, *r))
    }

    /// Whether a figure of the window's days rests on this time off: it overlaps the window, or
    /// the range of one of its own person's totals.
    pub fn holds(&self, t: &TimeOff) -> bool {
        t.range.overlaps(self.window)
            || self.by_person.get(&t.person_id).is_some_and(|r| t.range.overlaps(*r))
    }

    /// Whether a figure of the window's days rests on a holiday of this day.
    pub fn holds_day(&self, day: Date) -> bool {
        self.days.contains(day)
    }
}

impl WindowItems {
    /// What the figures of `window` rest on, given the assignments overlapping it: the holidays
    /// of the window widened to the whole range of each total among them, and the time off of
    /// each person over the window widened to their own totals.
    pub fn reach(window: DateRange, assignments: &[Assignment]) -> Reach {
        let widen = |r: DateRange, a: &Assignment| {
            let (from, to) = (r.start().min(a.range.start()), r.end_exclusive().max(a.range.end_exclusive()));
            DateRange::window(from, to).unwrap_or(r)
        };
        let mut reach = Reach { window, days: window, by_person: Default::default() };
        for a in assignments {
            if !matches!(a.allocation, Allocation::Total(_)) || !a.range.overlaps(window) {
                continue;
            }
            reach.days = widen(reach.days, a);
            let mine = reach.by_person.entry(a.person_id.clone()).or_insert(window);
            *mine = widen(*mine, a);
        }
        reach
    }

    /// What a read of `window` holds of everything dated (`assignments`, `time_off`,
    /// `holidays`): the assignments overlapping the window, and the time off and holidays of its
    /// [reach](WindowItems::reach). Every figure of the window's days made from this is the one
    /// made from everything; the store's window read answers this, and the offline copy answers
    /// it from what it holds.
    pub fn cut(
        window: DateRange,
        assignments: &[Assignment],
        time_off: &[TimeOff],
        holidays: &[Holiday],
    ) -> Self {
        let assignments: Vec<Assignment> =
            assignments.iter().filter(|a| a.range.overlaps(window)).cloned().collect();
        let reach = Self::reach(window, &assignments);
        WindowItems {
            time_off: time_off.iter().filter(|t| reach.holds(t)).cloned().collect(),
            holidays: holidays.iter().filter(|h| reach.holds_day(h.day)).cloned().collect(),
            assignments,
            unreadable: Vec::new(),
        }
    }
}

impl From<Vec<Assignment>> for WindowItems {
    /// Assignments alone (no time off, no holidays).
    fn from(assignments: Vec<Assignment>) -> Self {
        WindowItems { assignments, ..WindowItems::default() }
    }
}
