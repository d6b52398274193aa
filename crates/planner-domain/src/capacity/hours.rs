//! Each booking's hours over a range, by week or by day: the plan as a spreadsheet's lines (the
//! export), from the same days as the rows' and the report's figures — a person's working week,
//! holidays and time off decide the days a booking takes hours on, and a total is spread as
//! everywhere else.

use super::load::{Booking, PeopleDays, booked_days};
use super::report::{MAX_REPORT_DAYS, weeks_of};
use super::week::WorkWeek;
use crate::{Assignment, Date, DateRange, Person, ValidationError, WindowItems};
use std::collections::HashMap;

/// The most lines one export holds (a spreadsheet takes about a million rows).
pub const MAX_EXPORT_LINES: usize = 1_000_000;

/// What one line of the export covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// A week, starting on `first_weekday` (0 Monday … 6 Sunday); the range cuts the first and
    /// the last.
    Week {
        first_weekday: u8,
    },
    Day,
}

/// What the lines are made from: a timeline's read of the range.
#[derive(Debug, Clone, Copy)]
pub struct HoursInput<'a> {
    pub range: DateRange,
    pub period: Period,
    pub default_week: WorkWeek,
    pub people: &'a [Person],
    pub items: &'a WindowItems,
}

/// A booking's hours in one week or day of the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoursLine<'a> {
    pub person: &'a Person,
    pub booking: &'a Assignment,
    /// The first day of the week (or the day) within the range.
    pub from: Date,
    /// How many days of the range the line covers (a week cut by the range has fewer than 7).
    pub days: u32,
    pub minutes: u32,
}

/// Every booking's hours in `input.range`, a line per booking and week (or day) in which it has
/// any: by person as `input.people` lists them, then by the booking's first day, then by period.
/// Refused: a range over [`MAX_REPORT_DAYS`], more than [`MAX_EXPORT_LINES`] lines, or a time off
/// that cannot be read as days off.
pub fn hours_lines(input: HoursInput<'_>) -> Result<Vec<HoursLine<'_>>, ValidationError> {
    let range = input.range;
    if range.days() > MAX_REPORT_DAYS {
        return Err(ValidationError::ReportTooLong { max_days: MAX_REPORT_DAYS });
    }
    // The period each day of the range falls in: its first day and length.
    let periods: Vec<(Date, u32)> = match input.period {
        Period::Day => (0..range.days()).map(|i| (range.start().add_days(i), 1)).collect(),
        Period::Week { first_weekday } => weeks_of(range, first_weekday)
            .iter()
            .flat_map(|w| std::iter::repeat_n((w.start, w.days), w.days as usize))
            .collect(),
    };
    let days_off = PeopleDays::new(input.items)?;
    let mut theirs: HashMap<&crate::PersonId, Vec<&Assignment>> = HashMap::new();
    for a in &input.items.assignments {
        theirs.entry(&a.person_id).or_default().push(a);
    }
    let mut lines = Vec::new();
    for person in input.people {
        let Some(bookings) = theirs.get_mut(&person.id) else { continue };
        bookings.sort_by(|a, b| a.range.start().cmp(&b.range.start()).then_with(|| a.id.cmp(&b.id)));
        let schedule = person.schedule_or(input.default_week);
        let availability = days_off.of(person, &schedule);
        for a in bookings.iter() {
            let booking = Booking { range: a.range, allocation: a.allocation, status: a.status };
            let mut current: Option<HoursLine<'_>> = None;
            for (day, minutes) in booked_days(&booking, &availability, range) {
                let (from, days) = periods[range.start().days_until(day) as usize];
                match &mut current {
                    Some(line) if line.from == from => line.minutes += minutes,
                    _ => {
                        lines.extend(current.take());
                        current = Some(HoursLine { person, booking: a, from, days, minutes });
                    }
                }
            }
            lines.extend(current);
            if lines.len() > MAX_EXPORT_LINES {
                return Err(ValidationError::ExportTooLarge { max: MAX_EXPORT_LINES });
            }
        }
    }
    Ok(lines)
}

#[cfg(test)]
#[path = "hours_tests.rs"]
mod tests;
