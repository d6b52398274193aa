//! Working time's IPC types: working weeks and schedules, time off, holiday calendars and
//! holidays, and what a window of days holds.

use super::{AssignmentsDto, IpcError, date, person_id};
use planner_app::{NewTimeOff, TimeOffChange};
use planner_domain::capacity::{Schedule, TimeOffKind, WeekFrom, WorkWeek};
use planner_domain::{Calendar, CalendarId, DateRange, Holiday, TimeOff, TimeOffId, WindowItems};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Minutes of work on each weekday, Monday first (seven numbers).
pub fn week_dto(w: WorkWeek) -> Vec<u32> {
    w.minutes().to_vec()
}

/// Seven numbers of minutes, checked.
pub fn week(minutes: &[u32]) -> Result<WorkWeek, IpcError> {
    let days: [u32; 7] = minutes
        .try_into()
        .map_err(|_| planner_domain::ValidationError::WeekHours(format!("{} days", minutes.len())))?;
    Ok(WorkWeek::new(days)?)
}

/// A working week from a day on (`from: null`: the one that holds before every change).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WeekFromDto {
    pub from: Option<String>,
    /// Minutes, Monday first.
    pub week: Vec<u32>,
}

/// A person's own working time: weeks by the day they take effect, first and last working day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ScheduleDto {
    pub weeks: Vec<WeekFromDto>,
    pub first_day: Option<String>,
    pub last_day: Option<String>,
}

impl From<&Schedule> for ScheduleDto {
    fn from(s: &Schedule) -> Self {
        Self {
            weeks: s
                .weeks()
                .iter()
                .map(|w| WeekFromDto { from: w.from.map(|d| d.to_string()), week: week_dto(w.week) })
                .collect(),
            first_day: s.first_day().map(|d| d.to_string()),
            last_day: s.last_day().map(|d| d.to_string()),
        }
    }
}

impl ScheduleDto {
    pub fn to_domain(&self) -> Result<Schedule, IpcError> {
        let weeks = self
            .weeks
            .iter()
            .map(|w| Ok(WeekFrom { from: w.from.as_deref().map(date).transpose()?, week: week(&w.week)? }))
            .collect::<Result<Vec<_>, IpcError>>()?;
        let day = |d: &Option<String>| d.as_deref().map(date).transpose();
        Ok(Schedule::new(weeks, day(&self.first_day)?, day(&self.last_day)?)?)
    }
}

/// Why a person is away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum TimeOffKindDto {
    Holiday,
    Sick,
    Other,
}

impl From<TimeOffKind> for TimeOffKindDto {
    fn from(k: TimeOffKind) -> Self {
        match k {
            TimeOffKind::Holiday => Self::Holiday,
            TimeOffKind::Sick => Self::Sick,
            TimeOffKind::Other => Self::Other,
        }
    }
}

impl From<TimeOffKindDto> for TimeOffKind {
    fn from(k: TimeOffKindDto) -> Self {
        match k {
            TimeOffKindDto::Holiday => Self::Holiday,
            TimeOffKindDto::Sick => Self::Sick,
            TimeOffKindDto::Other => Self::Other,
        }
    }
}

/// A person's time off as drawn: the stored half-open range and the inclusive last day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TimeOffDto {
    pub id: String,
    pub person_id: String,
    pub start_date: String,
    pub end_date_exclusive: String,
    pub last_day: String,
    pub kind: TimeOffKindDto,
    /// Minutes of each day; `null`: the whole day.
    pub minutes: Option<u32>,
    #[ts(type = "number")]
    pub version: u64,
}

impl From<&TimeOff> for TimeOffDto {
    fn from(t: &TimeOff) -> Self {
        Self {
            id: t.id.to_string(),
            person_id: t.person_id.to_string(),
            start_date: t.range.start().to_string(),
            end_date_exclusive: t.range.end_exclusive().to_string(),
            last_day: t.range.last_day().to_string(),
            kind: t.kind.into(),
            minutes: t.minutes,
            version: t.version,
        }
    }
}

impl TimeOffDto {
    /// The time off as the window last saw it (for conflict-checked edits).
    pub fn to_domain(&self) -> Result<TimeOff, IpcError> {
        Ok(TimeOff {
            id: TimeOffId::parse(&self.id)?,
            person_id: person_id(&self.person_id)?,
            range: DateRange::new(date(&self.start_date)?, date(&self.end_date_exclusive)?)?,
            kind: self.kind.into(),
            minutes: self.minutes,
            version: self.version,
        }
        .checked()?)
    }
}

/// Time off from a form: its days (first and last, both included), kind and hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TimeOffInput {
    pub start_date: String,
    pub last_day: String,
    pub kind: TimeOffKindDto,
    /// Minutes of each day; absent: whole days.
    #[ts(optional)]
    pub minutes: Option<u32>,
}

impl TimeOffInput {
    pub fn to_domain(&self) -> Result<TimeOffChange, IpcError> {
        Ok(TimeOffChange {
            range: DateRange::from_inclusive(date(&self.start_date)?, date(&self.last_day)?)?,
            kind: self.kind.into(),
            minutes: self.minutes,
        })
    }

    /// A new time off of `person` (`id` made by the window, so a repeat is recognised).
    pub fn to_new(&self, id: Option<&str>, person: &str) -> Result<NewTimeOff, IpcError> {
        let id = id.map(TimeOffId::parse).transpose()?.unwrap_or_else(TimeOffId::generate);
        Ok(NewTimeOff { id, person_id: person_id(person)?, change: self.to_domain()? })
    }
}

/// A holiday calendar of the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CalendarDto {
    pub id: String,
    pub name: String,
    /// The holiday library's region its days came from (`JP`, `DE-BY`), if any.
    pub region: Option<String>,
    #[ts(type = "number")]
    pub version: u64,
}

impl From<&Calendar> for CalendarDto {
    fn from(c: &Calendar) -> Self {
        Self { id: c.id.to_string(), name: c.name.to_string(), region: c.region.clone(), version: c.version }
    }
}

pub fn calendar_id(raw: &str) -> Result<CalendarId, IpcError> {
    Ok(CalendarId::parse(raw)?)
}

/// A public holiday of a calendar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HolidayDto {
    pub calendar_id: String,
    /// `YYYY-MM-DD`.
    pub day: String,
    pub name: String,
}

impl From<&Holiday> for HolidayDto {
    fn from(h: &Holiday) -> Self {
        Self { calendar_id: h.calendar.to_string(), day: h.day.to_string(), name: h.name.to_string() }
    }
}

/// A holiday to add: its day and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HolidayInput {
    pub day: String,
    pub name: String,
}

/// What a window of days holds: its assignments and time off, and the holidays on its days.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WindowItemsDto {
    pub assignments: AssignmentsDto,
    pub time_off: Vec<TimeOffDto>,
    pub holidays: Vec<HolidayDto>,
    /// Items that could not be read back and are not shown.
    pub unreadable: Vec<planner_domain::Unreadable>,
}

impl From<&WindowItems> for WindowItemsDto {
    fn from(w: &WindowItems) -> Self {
        Self {
            assignments: w.assignments.iter().collect(),
            time_off: w.time_off.iter().map(Into::into).collect(),
            holidays: w.holidays.iter().map(Into::into).collect(),
            unreadable: w.unreadable.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_app::ErrorCode;

    #[test]
    fn schedules_and_weeks_cross_both_ways_and_are_checked() {
        let s = Schedule::default()
            .with_change(planner_domain::Date::parse("2027-01-04").unwrap(), WorkWeek::new([240; 7]).unwrap())
            .unwrap();
        assert_eq!(ScheduleDto::from(&s).to_domain().unwrap(), s);
        assert_eq!(week(&[480; 6]).unwrap_err().code, ErrorCode::InvalidWeekHours);
        assert_eq!(week(&[480, 480, 480, 480, 480, 0, 1500]).unwrap_err().code, ErrorCode::InvalidWeekHours);
        let none = ScheduleDto { weeks: vec![], first_day: None, last_day: None };
        assert_eq!(none.to_domain().unwrap_err().code, ErrorCode::InvalidSchedule);
    }

    #[test]
    fn time_off_from_a_form_is_checked() {
        let form = |first: &str, last: &str, minutes| TimeOffInput {
            start_date: first.into(),
            last_day: last.into(),
            kind: TimeOffKindDto::Sick,
            minutes,
        };
        assert!(form("2026-12-21", "2026-12-23", Some(240)).to_domain().is_ok());
        assert_eq!(
            form("2026-12-23", "2026-12-21", None).to_domain().unwrap_err().code,
            ErrorCode::RangeEndBeforeStart
        );
        let t = form("2026-12-21", "2026-12-21", Some(1440)).to_new(None, "R1").unwrap();
        let dto = TimeOffDto::from(&TimeOff {
            id: t.id,
            person_id: t.person_id,
            range: t.change.range,
            kind: t.change.kind,
            minutes: t.change.minutes,
            version: 1,
        });
        assert_eq!(
            dto.to_domain().unwrap_err().code,
            ErrorCode::InvalidOffHours,
            "a whole day in hours is refused"
        );
    }
}
