//! Repeating a booking: the rule the window asks for, and the days its repeats would take.

use super::{IpcError, date};
use planner_domain::DateRange;
use planner_domain::repeat::{Every, Repeat, Repeats, Until};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How often a booking repeats: every `n` weeks, or every `n` months on the same date or on the
/// same weekday of the month (its first to fourth, or its last).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum EveryInput {
    Weeks { n: u8 },
    MonthDay { n: u8 },
    MonthWeekday { n: u8 },
}

/// Where a series ends: its last repeat starts on or before `day`, or it holds `count`
/// bookings, the first included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum UntilInput {
    Day { day: String },
    Count { count: u16 },
}

/// A repeat as the window asks for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RepeatInput {
    pub every: EveryInput,
    pub until: UntilInput,
    /// Leave out the repeats on whose days the person works none.
    pub skip_days_off: bool,
}

impl RepeatInput {
    pub fn to_domain(&self) -> Result<Repeat, IpcError> {
        let every = match self.every {
            EveryInput::Weeks { n } => Every::Weeks { n },
            EveryInput::MonthDay { n } => Every::MonthDay { n },
            EveryInput::MonthWeekday { n } => Every::MonthWeekday { n },
        };
        let until = match &self.until {
            UntilInput::Day { day } => Until::Day { day: date(day)? },
            UntilInput::Count { count } => Until::Count { count: *count },
        };
        Ok(Repeat { every, until, skip_days_off: self.skip_days_off }.checked()?)
    }
}

/// A booking's days: first and last, both included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BookingDaysDto {
    pub start_date: String,
    pub last_day: String,
}

impl From<&DateRange> for BookingDaysDto {
    fn from(d: &DateRange) -> Self {
        Self { start_date: d.start().to_string(), last_day: d.last_day().to_string() }
    }
}

/// The days of the repeats a rule would make (the booking repeated not among them), and of
/// those left out because the person works none of their days.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RepeatDaysDto {
    pub made: Vec<BookingDaysDto>,
    pub skipped: Vec<BookingDaysDto>,
}

impl From<&Repeats> for RepeatDaysDto {
    fn from(r: &Repeats) -> Self {
        Self {
            made: r.made.iter().map(Into::into).collect(),
            skipped: r.skipped.iter().map(Into::into).collect(),
        }
    }
}
