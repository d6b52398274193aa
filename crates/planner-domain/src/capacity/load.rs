//! Load against capacity, day by day: the one place the app's figures are computed
//! (docs/data-model.md, "Capacity and figures"; the UI's copy is held to the same table of cases,
//! `tests/capacity_cases.json`).
//!
//! - **Capacity** on a day = the contract's minutes (the working week that holds that day, none
//!   outside the first and last working day), none on a public holiday of the person's calendar,
//!   less time off (all of it, or some hours).
//! - **Working day** = a day with capacity. An assignment books its person only on working days:
//!   hours a day as given; a share of the day's capacity (rounded half up to the minute); a total
//!   spread evenly over the working days of its whole range, the minutes that do not divide going
//!   one each to its first working days, so the days add up to the total exactly. A total is
//!   refused over days the person works none of (`NoWorkingDay`); one that loses its last working
//!   day later (a holiday added, time off, another working week) books its days evenly all the
//!   same: the person is booked when they cannot work, which shows as over on each of them.
//! - A day is **over** when booked > capacity (booked on a day without capacity included).

use super::allocation::{Allocation, Status};
use super::off::Absence;
use super::week::Schedule;
use crate::{CalendarId, Date, DateRange, Person, PersonId, ValidationError, WindowItems};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

/// Everything that decides when one person can work.
#[derive(Debug, Clone, Copy)]
pub struct Availability<'a> {
    pub schedule: &'a Schedule,
    /// The public holidays of the person's calendar (empty when in none).
    pub holidays: &'a BTreeSet<Date>,
    pub absences: &'a [Absence],
}

/// Everyone's holidays and time off from one window read, for [`Availability`]s made person by
/// person (their working weeks are the caller's: [`Person::schedule_or`]). A time off that cannot
/// be read as days off is refused whole.
pub(crate) struct PeopleDays<'a> {
    holidays: HashMap<&'a CalendarId, BTreeSet<Date>>,
    absences: HashMap<&'a PersonId, Vec<Absence>>,
    none: BTreeSet<Date>,
}

/// The public holidays of a window read, by calendar.
pub fn holidays_by_calendar(items: &WindowItems) -> HashMap<&CalendarId, BTreeSet<Date>> {
    let mut holidays: HashMap<&CalendarId, BTreeSet<Date>> = HashMap::new();
    for h in &items.holidays {
        holidays.entry(&h.calendar).or_default().insert(h.day);
    }
    holidays
}

impl<'a> PeopleDays<'a> {
    pub(crate) fn new(items: &'a WindowItems) -> Result<Self, ValidationError> {
        let holidays = holidays_by_calendar(items);
        let mut absences: HashMap<&PersonId, Vec<Absence>> = HashMap::new();
        for t in &items.time_off {
            absences.entry(&t.person_id).or_default().push(t.absence()?);
        }
        Ok(Self { holidays, absences, none: BTreeSet::new() })
    }

    /// When `person` can work, on `schedule` (theirs or the team's).
    pub(crate) fn of<'s>(&'s self, person: &Person, schedule: &'s Schedule) -> Availability<'s> {
        Availability {
            schedule,
            holidays: person.calendar.as_ref().and_then(|c| self.holidays.get(c)).unwrap_or(&self.none),
            absences: self.absences.get(&person.id).map_or(&[], Vec::as_slice),
        }
    }
}

impl Availability<'_> {
    /// The minutes the person can work on `day`.
    pub fn capacity(&self, day: Date) -> u32 {
        let contract = self.schedule.minutes_on(day);
        if contract == 0 || self.holidays.contains(&day) {
            return 0;
        }
        self.absences.iter().filter(|a| a.range.contains(day)).fold(contract, |left, a| a.leaves(left))
    }

    /// Whether the person can work on at least one day of `range` (a total has days to go to).
    pub fn works_in(&self, range: DateRange) -> bool {
        (0..range.days()).any(|i| self.capacity(range.start().add_days(i)) > 0)
    }

    /// The contract's minutes lost on `day` to holidays and time off.
    pub fn off(&self, day: Date) -> u32 {
        self.schedule.minutes_on(day) - self.capacity(day)
    }
}

/// An assignment as the maths sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Booking {
    pub range: DateRange,
    pub allocation: Allocation,
    pub status: Status,
}

/// The minutes `booking` takes on each day of `window` it covers (days it books nothing left
/// out), in day order.
pub fn booked_days(booking: &Booking, person: &Availability<'_>, window: DateRange) -> Vec<(Date, u32)> {
    let from = booking.range.start().max(window.start());
    let to = booking.range.end_exclusive().min(window.end_exclusive());
    if from >= to {
        return Vec::new();
    }
    let days = || (0..from.days_until(to)).map(|i| from.add_days(i));
    match booking.allocation {
        Allocation::HoursPerDay(m) => days().filter(|d| person.capacity(*d) > 0).map(|d| (d, m)).collect(),
        Allocation::Percent(p) => days()
            .filter_map(|d| {
                let c = person.capacity(d);
                (c > 0).then(|| (d, (c * u32::from(p) + 50) / 100))
            })
            .collect(),
        Allocation::Total(total) => spread(booking.range, total, person, from, to),
    }
}

/// A total over `range` on the days `[from, to)` of it (see the module's rules).
fn spread(range: DateRange, total: u32, person: &Availability<'_>, from: Date, to: Date) -> Vec<(Date, u32)> {
    let all = || (0..range.days()).map(|i| range.start().add_days(i));
    // The days it is spread over, each day's capacity read once.
    let mut over: Vec<Date> = all().filter(|d| person.capacity(*d) > 0).collect();
    if over.is_empty() {
        over = all().collect();
    }
    let n = over.len() as u32;
    let (each, rest) = (total / n, total % n);
    over.into_iter()
        .enumerate()
        .take_while(|(_, d)| *d < to)
        .filter(|(_, d)| from <= *d)
        .map(|(i, d)| (d, each + u32::from((i as u32) < rest)))
        .filter(|(_, m)| *m > 0)
        .collect()
}

/// One person's day: what they can work, what is booked (confirmed and tentative apart) and what
/// their time off and holidays took from the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayLoad {
    pub day: Date,
    pub capacity: u32,
    pub confirmed: u32,
    pub tentative: u32,
    pub off: u32,
}

/// How full a day or a period is, for the overbooked mark and the heatmap's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Level {
    /// Not a working day, and nothing booked.
    NoCapacity,
    Free,
    Part,
    Full,
    Over,
}

impl DayLoad {
    pub fn booked(&self, tentative: bool) -> u32 {
        self.confirmed + if tentative { self.tentative } else { 0 }
    }

    pub fn level(&self, tentative: bool) -> Level {
        level(self.capacity, self.booked(tentative))
    }
}

fn level(capacity: u32, booked: u32) -> Level {
    match (capacity, booked) {
        (0, 0) => Level::NoCapacity,
        (_, 0) => Level::Free,
        (c, b) if b > c => Level::Over,
        (c, b) if b == c => Level::Full,
        _ => Level::Part,
    }
}

/// Each day of `window` for one person with these bookings.
pub fn day_loads(person: &Availability<'_>, bookings: &[Booking], window: DateRange) -> Vec<DayLoad> {
    day_loads_each(person, bookings, window, |_, _, _| {})
}

/// [`day_loads`], telling `booked` what each booking (by its index) books on each day as it is
/// added: how the report sums projects without working the bookings out a second time.
pub fn day_loads_each(
    person: &Availability<'_>,
    bookings: &[Booking],
    window: DateRange,
    mut booked: impl FnMut(usize, Date, u32),
) -> Vec<DayLoad> {
    let start = window.start();
    let mut days: Vec<DayLoad> = (0..window.days())
        .map(|i| {
            let day = start.add_days(i);
            DayLoad { day, capacity: person.capacity(day), confirmed: 0, tentative: 0, off: person.off(day) }
        })
        .collect();
    for (i, b) in bookings.iter().enumerate() {
        for (day, minutes) in booked_days(b, person, window) {
            booked(i, day, minutes);
            let slot = &mut days[start.days_until(day) as usize];
            match b.status {
                Status::Confirmed => slot.confirmed += minutes,
                Status::Tentative => slot.tentative += minutes,
            }
        }
    }
    days
}

/// The sums over a period (a row's figures, a heatmap's week, a report's line). Written out (the
/// report's JSON) as [`LoadFigures`](super::LoadFigures), with its percentages.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(into = "super::LoadFigures")]
pub struct PeriodLoad {
    pub capacity: u64,
    pub confirmed: u64,
    pub tentative: u64,
    pub off: u64,
    /// Days booked beyond their capacity.
    pub over_days: u32,
}

impl PeriodLoad {
    pub fn of(days: &[DayLoad], tentative: bool) -> Self {
        days.iter().fold(Self::default(), |mut p, d| {
            p.capacity += u64::from(d.capacity);
            p.confirmed += u64::from(d.confirmed);
            p.tentative += u64::from(d.tentative);
            p.off += u64::from(d.off);
            p.over_days += u32::from(d.level(tentative) == Level::Over);
            p
        })
    }

    pub fn booked(&self, tentative: bool) -> u64 {
        self.confirmed + if tentative { self.tentative } else { 0 }
    }

    /// Booked as a whole percent of capacity, rounded half up; `None` without capacity.
    pub fn percent(&self, tentative: bool) -> Option<u64> {
        (self.capacity > 0).then(|| (self.booked(tentative) * 200 + self.capacity) / (self.capacity * 2))
    }

    /// Capacity not booked (never below nothing).
    pub fn available(&self, tentative: bool) -> u64 {
        self.capacity.saturating_sub(self.booked(tentative))
    }

    /// The period's colour: over if any day is, else by its total.
    pub fn level(&self, tentative: bool) -> Level {
        if self.over_days > 0 {
            return Level::Over;
        }
        let (c, b) = (self.capacity, self.booked(tentative));
        level(u32::try_from(c).unwrap_or(u32::MAX), u32::try_from(b).unwrap_or(u32::MAX))
    }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
