//! Repeating a booking: the days of a series' bookings from a rule (every N weeks, every N months
//! on the same date or on the same weekday of the month; until a day or for a number of bookings),
//! skipping those on which the person works none of the days when asked.
//!
//! The booking repeated is the series' first; its repeats keep its length in days. A series holds
//! at most [`MAX_REPEATS`] bookings, the first included.

use crate::{Date, DateRange, ValidationError};
use serde::{Deserialize, Serialize};

/// The most bookings one series holds, the first included.
pub const MAX_REPEATS: usize = 500;

/// How often a booking repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Every {
    /// Every `n` weeks (1–52), on the first booking's weekday.
    Weeks { n: u8 },
    /// Every `n` months (1–12) on the first booking's date; in a month without that date, on
    /// its last day (the 31st becomes the 30th, or February's last).
    MonthDay { n: u8 },
    /// Every `n` months (1–12) on the same weekday of the month as the first booking: its first,
    /// second, third or fourth; a booking on a fifth weekday repeats on the month's last.
    MonthWeekday { n: u8 },
}

/// Where a series ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Until {
    /// The last repeat starts on or before this day.
    Day { day: Date },
    /// The series holds this many bookings, the first included (2–500); skipped days do not
    /// count.
    Count { count: u16 },
}

/// A repeat as the planner asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Repeat {
    pub every: Every,
    pub until: Until,
    /// Leave out a repeat on whose days the person works none (days off, holidays, time off).
    pub skip_days_off: bool,
}

/// The repeats a rule makes of a first booking.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Repeats {
    /// The days of each new booking, in order (the first booking is not among them).
    pub made: Vec<DateRange>,
    /// Repeats left out because the person works none of their days.
    pub skipped: Vec<DateRange>,
}

impl Repeat {
    /// Checks the rule's own numbers.
    pub fn checked(self) -> Result<Self, ValidationError> {
        let (n, most) = match self.every {
            Every::Weeks { n } => (n, 52),
            Every::MonthDay { n } | Every::MonthWeekday { n } => (n, 12),
        };
        if !(1..=most).contains(&n) {
            return Err(ValidationError::RepeatEvery { most });
        }
        if let Until::Count { count } = self.until {
            if count < 2 {
                return Err(ValidationError::RepeatCount);
            }
            if usize::from(count) > MAX_REPEATS {
                return Err(ValidationError::TooManyRepeats { max: MAX_REPEATS, asked: usize::from(count) });
            }
        }
        Ok(self)
    }

    /// The `k`-th repeat's first day (`k` = 1 is the first repeat after `first`), or `None` past
    /// the last day a plan holds.
    pub fn start_of(self, first: Date, k: u32) -> Option<Date> {
        match self.every {
            Every::Weeks { n } => {
                let day = first.add_days(7 * i64::from(n) * i64::from(k));
                (day < Date::END && first.days_until(day) == 7 * i64::from(n) * i64::from(k)).then_some(day)
            }
            Every::MonthDay { n } => {
                let t = first.as_time();
                let (year, month) = months_on(t.year(), t.month(), u32::from(n) * k)?;
                let last = month.length(year);
                Date::from_ymd(year, month as u8, t.day().min(last)).ok().filter(|d| *d < Date::END)
            }
            Every::MonthWeekday { n } => {
                let t = first.as_time();
                let (year, month) = months_on(t.year(), t.month(), u32::from(n) * k)?;
                let ordinal = (t.day() - 1) / 7; // 0–3, or 4: the fifth, repeated as the last
                let first_of = time::Date::from_calendar_date(year, month, 1).ok()?;
                let to_weekday = (7 + i16::from(t.weekday().number_days_from_monday())
                    - i16::from(first_of.weekday().number_days_from_monday()))
                    % 7;
                let mut day = 1 + to_weekday as u8 + 7 * ordinal;
                let last = month.length(year);
                while day > last {
                    day -= 7;
                }
                Date::from_ymd(year, month as u8, day).ok().filter(|d| *d < Date::END)
            }
        }
    }

    /// The repeats of `first` this rule makes; `works_in` says whether the person works any day
    /// of a range (asked only when days off are skipped). Refused: a rule with wrong numbers, a
    /// series of more than [`MAX_REPEATS`] bookings, one that makes no repeat, or one that would
    /// run past 2999-12-31.
    pub fn repeats(
        self,
        first: DateRange,
        mut works_in: impl FnMut(DateRange) -> bool,
    ) -> Result<Repeats, ValidationError> {
        let rule = self.checked()?;
        let length = first.days();
        let mut out = Repeats::default();
        let wanted = match rule.until {
            Until::Count { count } => usize::from(count) - 1,
            Until::Day { .. } => usize::MAX,
        };
        let mut k = 0u32;
        while out.made.len() < wanted {
            k += 1;
            let start = match (rule.start_of(first.start(), k), rule.until) {
                (Some(start), Until::Day { day }) if start > day => break,
                (Some(start), _) => start,
                (None, Until::Day { .. }) => break,
                (None, Until::Count { .. }) => return Err(ValidationError::RepeatPastEnd),
            };
            let days =
                DateRange::new(start, start.add_days(length)).map_err(|_| ValidationError::RepeatPastEnd)?;
            // A repeat that would end past the last day a plan holds (the end saturates there).
            if start.days_until(days.end_exclusive()) != length {
                return Err(ValidationError::RepeatPastEnd);
            }
            if rule.skip_days_off && !works_in(days) {
                out.skipped.push(days);
                continue;
            }
            out.made.push(days);
            if out.made.len() + 1 > MAX_REPEATS {
                // Count how many it would make, to say so.
                let asked = out.made.len() + 1 + rule.count_after(first, k, &mut works_in);
                return Err(ValidationError::TooManyRepeats { max: MAX_REPEATS, asked });
            }
        }
        if out.made.is_empty() {
            let until = match rule.until {
                Until::Day { day } => day.to_string(),
                Until::Count { .. } => Date::END.add_days(-1).to_string(),
            };
            return Err(ValidationError::RepeatNone { first: first.start().to_string(), until });
        }
        Ok(out)
    }

    /// How many more repeats than `k` a rule ending on a day would make (for the sentence of a
    /// series that is too long).
    fn count_after(self, first: DateRange, k: u32, works_in: &mut impl FnMut(DateRange) -> bool) -> usize {
        let Until::Day { day } = self.until else { return 0 };
        let mut more = 0;
        let mut k = k;
        loop {
            k += 1;
            match self.start_of(first.start(), k) {
                Some(start) if start <= day => {
                    let days = DateRange::new(start, start.add_days(first.days())).ok();
                    if days.is_some_and(|d| !self.skip_days_off || works_in(d)) {
                        more += 1;
                    }
                }
                _ => return more,
            }
        }
    }

    /// The last day the series could reach without skipping: the end of its last repeat (for the
    /// reads of the person's days off). At most [`Date::END`].
    pub fn reach(self, first: DateRange) -> Date {
        let last_k = match self.until {
            Until::Count { count } => u32::from(count) - 1,
            // The last repeat starts on that day at the latest.
            Until::Day { day } => return day.add_days(first.days()).min(Date::END),
        };
        self.start_of(first.start(), last_k).map_or(Date::END, |d| d.add_days(first.days()).min(Date::END))
    }
}

/// The month `months` after (`year`, `month`), or `None` past the year 2999.
fn months_on(year: i32, month: time::Month, months: u32) -> Option<(i32, time::Month)> {
    let index = i64::from(year) * 12 + i64::from(month as u8 - 1) + i64::from(months);
    let year = i32::try_from(index / 12).ok()?;
    if year > 2999 {
        return None;
    }
    let month = time::Month::try_from(u8::try_from(index % 12).ok()? + 1).ok()?;
    Some((year, month))
}

#[cfg(test)]
#[path = "repeat_tests.rs"]
mod tests;
