//! The utilisation report: for a range of days, each person's capacity, hours booked (confirmed and
//! tentative apart), time off and utilisation, each project's hours, the team's sums, and all of it
//! week by week for a chart. The figures are the timeline's: every day is [`day_loads_each`]'s,
//! summed by [`PeriodLoad::of`], so a person's line here says what their row says for the same
//! days. The screen, `rp-admin report` and the CSV file all read this.

use super::load::{Availability, Booking, PeriodLoad, day_loads_each};
use super::off::Absence;
use super::week::WorkWeek;
use crate::{Date, DateRange, Name, Person, PersonId, Project, ProjectId, ValidationError, WindowItems};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};
use ts_rs::TS;

/// The longest range a report covers: two years (a planning horizon, and a bound on the work).
pub const MAX_REPORT_DAYS: i64 = 731;

/// What a report is made of: the team's people and projects, and what the window query read for
/// the range (assignments and time off overlapping it, the holidays on its days).
#[derive(Debug, Clone, Copy)]
pub struct ReportInput<'a> {
    pub range: DateRange,
    /// The weekday the chart's weeks start on (0 Monday … 6 Sunday; a region's own).
    pub first_weekday: u8,
    pub default_week: WorkWeek,
    pub people: &'a [Person],
    pub projects: &'a [Project],
    pub items: &'a WindowItems,
}

/// A week of the range (the first and last may be cut by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportWeek {
    /// Its first day in the range (`YYYY-MM-DD`).
    #[ts(type = "string")]
    pub start: Date,
    pub days: u32,
}

/// A person's figures over the range and in each week.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PersonLine {
    /// The person.
    #[ts(type = "string")]
    pub id: PersonId,
    #[ts(type = "string")]
    pub name: Name,
    #[ts(as = "LoadFigures")]
    pub load: PeriodLoad,
    #[ts(as = "Vec<LoadFigures>")]
    pub weeks: Vec<PeriodLoad>,
}

/// A project's hours over the range and in each week (its `capacity` and `off` are nothing: a
/// project has none of its own), and how many people it books.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProjectLine {
    /// The project.
    #[ts(type = "string")]
    pub id: ProjectId,
    #[ts(type = "string")]
    pub name: Name,
    pub people: u32,
    #[ts(as = "LoadFigures")]
    pub load: PeriodLoad,
    #[ts(as = "Vec<LoadFigures>")]
    pub weeks: Vec<PeriodLoad>,
}

/// The report, as the app's report screen and `rp-admin report --json` read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Report {
    /// The range's first and last day (both in the report), `YYYY-MM-DD`.
    #[ts(type = "string")]
    pub first_day: Date,
    #[ts(type = "string")]
    pub last_day: Date,
    /// Its weeks, in order; every line has a figure for each.
    pub weeks: Vec<ReportWeek>,
    /// By name, then id.
    pub people: Vec<PersonLine>,
    /// By hours booked (confirmed and tentative), most first, then name; projects with none left out.
    pub projects: Vec<ProjectLine>,
    /// The team: the sum of the people.
    #[ts(as = "LoadFigures")]
    pub team: PeriodLoad,
    #[ts(as = "Vec<LoadFigures>")]
    pub team_weeks: Vec<PeriodLoad>,
}

/// A [`PeriodLoad`] as written out: its sums (minutes) and its percentages, so that what reads
/// the report computes none. `overDays`: days booked beyond their capacity, tentative work counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadFigures {
    #[ts(type = "number")]
    pub capacity: u64,
    #[ts(type = "number")]
    pub confirmed: u64,
    #[ts(type = "number")]
    pub tentative: u64,
    #[ts(type = "number")]
    pub off: u64,
    pub over_days: u32,
    /// Confirmed work as a whole % of capacity (none without capacity).
    #[ts(type = "number | null")]
    pub percent: Option<u64>,
    /// Confirmed and tentative work as a whole % of capacity.
    #[ts(type = "number | null")]
    pub percent_with_tentative: Option<u64>,
}

impl From<PeriodLoad> for LoadFigures {
    fn from(l: PeriodLoad) -> Self {
        let (percent, percent_with_tentative) = (l.percent(false), l.percent(true));
        let PeriodLoad { capacity, confirmed, tentative, off, over_days } = l;
        Self { capacity, confirmed, tentative, off, over_days, percent, percent_with_tentative }
    }
}

impl Report {
    /// Refuses a range longer than [`MAX_REPORT_DAYS`] (the store asks before it reads).
    pub fn check_range(range: DateRange) -> Result<(), ValidationError> {
        if range.days() > MAX_REPORT_DAYS {
            return Err(ValidationError::ReportTooLong { max_days: MAX_REPORT_DAYS });
        }
        Ok(())
    }

    /// The report of `input`; a range longer than [`MAX_REPORT_DAYS`] is refused.
    pub fn build(input: ReportInput<'_>) -> Result<Self, ValidationError> {
        let range = input.range;
        Self::check_range(range)?;
        let weeks = weeks_of(range, input.first_weekday);
        // The week of each day of the range, by its offset.
        let week_of: Vec<usize> =
            weeks.iter().enumerate().flat_map(|(i, w)| std::iter::repeat_n(i, w.days as usize)).collect();
        let calendars = holidays_by_calendar(input.items);
        let none = BTreeSet::new();
        let mut absences: HashMap<&PersonId, Vec<Absence>> = HashMap::new();
        for t in &input.items.time_off {
            absences.entry(&t.person_id).or_default().push(t.absence()?);
        }
        // Each person's bookings, and the project of each.
        let mut bookings: HashMap<&PersonId, (Vec<Booking>, Vec<&ProjectId>)> = HashMap::new();
        for a in &input.items.assignments {
            let (theirs, of) = bookings.entry(&a.person_id).or_default();
            theirs.push(Booking { range: a.range, allocation: a.allocation, status: a.status });
            of.push(&a.project_id);
        }
        let none_booked = (Vec::new(), Vec::new());

        let mut projects: HashMap<&ProjectId, (Vec<PeriodLoad>, BTreeSet<&PersonId>)> = HashMap::new();
        let mut people = Vec::with_capacity(input.people.len());
        for person in input.people {
            let schedule = person.schedule_or(input.default_week);
            let holidays = person.calendar.as_ref().and_then(|c| calendars.get(c)).unwrap_or(&none);
            let availability = Availability {
                schedule: &schedule,
                holidays,
                absences: absences.get(&person.id).map_or(&[], Vec::as_slice),
            };
            let (theirs, of) = bookings.get(&person.id).unwrap_or(&none_booked);
            // The person's days, each booking's minutes summed by project and week on the way.
            let days = day_loads_each(&availability, theirs, range, |i, day, minutes| {
                let (line, who) = projects
                    .entry(of[i])
                    .or_insert_with(|| (vec![PeriodLoad::default(); weeks.len()], BTreeSet::new()));
                booked(&mut line[week_of[range.start().days_until(day) as usize]], &theirs[i], minutes);
                who.insert(&person.id);
            });
            let by_week: Vec<PeriodLoad> =
                split(&weeks, range).map(|r| PeriodLoad::of(&days[r], true)).collect();
            people.push(PersonLine {
                id: person.id.clone(),
                name: person.name.clone(),
                load: PeriodLoad::of(&days, true),
                weeks: by_week,
            });
        }
        people.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()).then_with(|| a.id.cmp(&b.id)));

        let mut project_lines: Vec<ProjectLine> = input
            .projects
            .iter()
            .filter_map(|p| {
                let (weeks, who) = projects.remove(&p.id)?;
                let load = weeks.iter().fold(PeriodLoad::default(), add);
                Some(ProjectLine {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    people: who.len() as u32,
                    load,
                    weeks,
                })
            })
            .filter(|p| p.load.booked(true) > 0)
            .collect();
        project_lines.sort_by(|a, b| {
            b.load.booked(true).cmp(&a.load.booked(true)).then_with(|| a.name.as_str().cmp(b.name.as_str()))
        });

        let team = people.iter().fold(PeriodLoad::default(), |sum, p| add(sum, &p.load));
        let team_weeks = (0..weeks.len())
            .map(|i| people.iter().fold(PeriodLoad::default(), |sum, p| add(sum, &p.weeks[i])))
            .collect();
        Ok(Self {
            first_day: range.start(),
            last_day: range.last_day(),
            weeks,
            people,
            projects: project_lines,
            team,
            team_weeks,
        })
    }
}

/// The CSV file's columns (hours as decimals with a point, percentages whole).
pub const CSV_HEADER: [&str; 9] = [
    "line",
    "name",
    "capacity_hours",
    "confirmed_hours",
    "tentative_hours",
    "time_off_hours",
    "utilisation_percent",
    "utilisation_with_tentative_percent",
    "people",
];

impl Report {
    /// The report as a CSV file (RFC 4180: quoted where needed, CRLF line ends), UTF-8 with a
    /// byte-order mark so that Excel reads names in Japanese correctly: a line for each person,
    /// each project, then the team's. A project's capacity, time off and utilisation are empty
    /// (it has none of its own); a line without capacity has no utilisation.
    pub fn to_csv(&self) -> String {
        let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
        w.write_record(CSV_HEADER).expect("writing to memory does not fail");
        let mut row = |line: &str, name: &str, l: &PeriodLoad, own_capacity: bool, people: Option<u32>| {
            let percent = |tentative| l.percent(tentative).map(|p| p.to_string()).unwrap_or_default();
            let capacity = if own_capacity { decimal_hours(l.capacity) } else { String::new() };
            let off = if own_capacity { decimal_hours(l.off) } else { String::new() };
            let (plain, with) =
                if own_capacity { (percent(false), percent(true)) } else { Default::default() };
            let people = people.map(|n| n.to_string()).unwrap_or_default();
            let name = inert(name);
            let fields = [
                line,
                &name,
                &capacity,
                &decimal_hours(l.confirmed),
                &decimal_hours(l.tentative),
                &off,
                &plain,
                &with,
                &people,
            ];
            w.write_record(fields).expect("writing to memory does not fail");
        };
        for p in &self.people {
            row("person", p.name.as_str(), &p.load, true, None);
        }
        for p in &self.projects {
            row("project", p.name.as_str(), &p.load, false, Some(p.people));
        }
        row("team", "", &self.team, true, Some(self.people.len() as u32));
        let body = w.into_inner().expect("writing to memory does not fail");
        let body = String::from_utf8(body).expect("the fields are UTF-8");
        format!("\u{feff}{body}")
    }
}

/// A name a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first: a
/// name typed so) kept as text, with a leading apostrophe (as the activity log's CSV does).
fn inert(name: &str) -> std::borrow::Cow<'_, str> {
    if name.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{name}").into() } else { name.into() }
}

/// Minutes as hours: a decimal with at most two places, no trailing zeros (450 → "7.5").
pub fn decimal_hours(minutes: u64) -> String {
    let hundredths = (minutes * 100 + 30) / 60;
    let (whole, part) = (hundredths / 100, hundredths % 100);
    match part {
        0 => whole.to_string(),
        p if p % 10 == 0 => format!("{whole}.{}", p / 10),
        p => format!("{whole}.{p:02}"),
    }
}

/// The weeks of `range`, cut where a week starts on `first_weekday`.
fn weeks_of(range: DateRange, first_weekday: u8) -> Vec<ReportWeek> {
    let mut weeks: Vec<ReportWeek> = Vec::new();
    for i in 0..range.days() {
        let day = range.start().add_days(i);
        match weeks.last_mut() {
            Some(w) if day.weekday_from_monday() != first_weekday % 7 => w.days += 1,
            _ => weeks.push(ReportWeek { start: day, days: 1 }),
        }
    }
    weeks
}

/// The indexes of `range`'s days in each week.
fn split(weeks: &[ReportWeek], range: DateRange) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    weeks.iter().map(move |w| {
        let from = range.start().days_until(w.start) as usize;
        from..from + w.days as usize
    })
}

fn booked(sum: &mut PeriodLoad, booking: &Booking, minutes: u32) {
    match booking.status {
        super::Status::Confirmed => sum.confirmed += u64::from(minutes),
        super::Status::Tentative => sum.tentative += u64::from(minutes),
    }
}

fn add(mut sum: PeriodLoad, more: &PeriodLoad) -> PeriodLoad {
    sum.capacity += more.capacity;
    sum.confirmed += more.confirmed;
    sum.tentative += more.tentative;
    sum.off += more.off;
    sum.over_days += more.over_days;
    sum
}

fn holidays_by_calendar(items: &WindowItems) -> HashMap<&crate::CalendarId, BTreeSet<Date>> {
    let mut by: HashMap<&crate::CalendarId, BTreeSet<Date>> = HashMap::new();
    for h in &items.holidays {
        by.entry(&h.calendar).or_default().insert(h.day);
    }
    by
}

#[cfg(test)]
#[path = "report_tests.rs"]
mod tests;
