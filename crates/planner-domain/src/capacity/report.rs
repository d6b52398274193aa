//! The utilisation report: for a range of days, each person's capacity, hours booked (confirmed and
//! tentative apart), time off and utilisation, each project's hours, the team's sums, the demand
//! by role, and all of it week by week for a chart. The figures are the timeline's: every day is
//! [`day_loads_each`]'s, summed by [`PeriodLoad::of`], so a person's line here says what their row
//! says for the same days. The screen, `rp-admin report` and the CSV file all read this.
//!
//! A placeholder (a role not yet staffed) has a line as a person has, but its hours are demand:
//! they are in its projects' hours (and their part "to staff") and in its role's, never in the
//! team's sums, whose utilisation is the people's alone.

use super::load::{Booking, PeopleDays, PeriodLoad, day_loads_each};
use super::week::WorkWeek;
use crate::{
    Date, DateRange, Label, LabelId, LabelKind, Name, Person, PersonId, Project, ProjectId, ValidationError,
    WindowItems,
};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};
use ts_rs::TS;

/// The longest range a report covers: two years (a planning horizon, and a bound on the work).
pub const MAX_REPORT_DAYS: i64 = 731;

/// What a report is made of: the team's people (placeholders among them), projects and labels
/// (its role titles name the demand by role), and what the window query read for the range
/// (assignments and time off overlapping it, the holidays on its days).
#[derive(Debug, Clone, Copy)]
pub struct ReportInput<'a> {
    pub range: DateRange,
    /// The weekday the chart's weeks start on (0 Monday … 6 Sunday; a region's own).
    pub first_weekday: u8,
    pub default_week: WorkWeek,
    pub people: &'a [Person],
    pub projects: &'a [Project],
    /// The team's groups, roles and skills (the roles are read).
    pub labels: &'a [Label],
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

/// A person's figures over the range and in each week, or a placeholder's (its hours booked are
/// demand; its capacity is that of its working week, which nobody's utilisation counts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PersonLine {
    /// The person.
    #[ts(type = "string")]
    pub id: PersonId,
    #[ts(type = "string")]
    pub name: Name,
    /// A placeholder's line: not summed into the team's.
    pub placeholder: bool,
    #[ts(as = "LoadFigures")]
    pub load: PeriodLoad,
    #[ts(as = "Vec<LoadFigures>")]
    pub weeks: Vec<PeriodLoad>,
}

/// A project's hours over the range and in each week (its `capacity` and `off` are nothing: a
/// project has none of its own), how many people it books, and the part of its hours booked on
/// placeholders (still to staff).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProjectLine {
    /// The project.
    #[ts(type = "string")]
    pub id: ProjectId,
    #[ts(type = "string")]
    pub name: Name,
    /// The people it books (placeholders not counted).
    pub people: u32,
    /// All its hours, those booked on placeholders included: the project's whole demand.
    #[ts(as = "LoadFigures")]
    pub load: PeriodLoad,
    #[ts(as = "Vec<LoadFigures>")]
    pub weeks: Vec<PeriodLoad>,
    /// Of its hours, the minutes booked on placeholders (confirmed and tentative).
    #[ts(type = "number")]
    pub to_staff: u64,
    /// The same in each week.
    #[ts(type = "Array<number>")]
    pub to_staff_weeks: Vec<u64>,
}

/// The demand for one role title over the range: the hours booked on the people with that role
/// and on its placeholders apart, and the people's capacity; the same in each week. Every person
/// and placeholder counts under the role they have now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoleLine {
    /// The role (`None`: the people and placeholders with no role).
    #[ts(type = "string | null")]
    pub id: Option<LabelId>,
    /// Its name (`None` with no role).
    #[ts(type = "string | null")]
    pub name: Option<Name>,
    /// How many people and how many placeholders have the role.
    pub people: u32,
    pub placeholders: u32,
    /// Minutes booked on its people (confirmed and tentative).
    #[ts(type = "number")]
    pub staffed: u64,
    /// Minutes booked on its placeholders (confirmed and tentative).
    #[ts(type = "number")]
    pub to_staff: u64,
    /// Its people's capacity in minutes (placeholders have none that counts).
    #[ts(type = "number")]
    pub capacity: u64,
    /// All the minutes booked on the role, people's and placeholders', by status: `confirmed` and
    /// `tentative` add up to `staffed` and `to_staff`.
    #[ts(type = "number")]
    pub confirmed: u64,
    #[ts(type = "number")]
    pub tentative: u64,
    pub weeks: Vec<RoleWeek>,
}

/// A role's demand in one week of the range, in minutes (as [`RoleLine`]'s sums).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoleWeek {
    #[ts(type = "number")]
    pub staffed: u64,
    #[ts(type = "number")]
    pub to_staff: u64,
    #[ts(type = "number")]
    pub capacity: u64,
}

impl RoleLine {
    fn new(id: Option<&LabelId>, name: Option<&Name>, weeks: usize) -> Self {
        Self {
            id: id.cloned(),
            name: name.cloned(),
            people: 0,
            placeholders: 0,
            staffed: 0,
            to_staff: 0,
            capacity: 0,
            confirmed: 0,
            tentative: 0,
            weeks: vec![RoleWeek::default(); weeks],
        }
    }

    /// Counts a person's line (or a placeholder's) in the role's figures.
    fn add(&mut self, line: &PersonLine) {
        self.confirmed += line.load.confirmed;
        self.tentative += line.load.tentative;
        if line.placeholder {
            self.placeholders += 1;
            self.to_staff += line.load.booked(true);
        } else {
            self.people += 1;
            self.staffed += line.load.booked(true);
            self.capacity += line.load.capacity;
        }
        for (sum, week) in self.weeks.iter_mut().zip(&line.weeks) {
            if line.placeholder {
                sum.to_staff += week.booked(true);
            } else {
                sum.staffed += week.booked(true);
                sum.capacity += week.capacity;
            }
        }
    }
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
    /// The demand by role: by hours to staff, most first, then name (the line of those with no
    /// role last among equals). A role with no hours and no capacity is left out, and the line of
    /// those with no role unless they have hours booked.
    pub roles: Vec<RoleLine>,
    /// The team: the sum of the people (placeholders not counted).
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
        let days_off = PeopleDays::new(input.items)?;
        // Each person's bookings, and the project of each.
        let mut bookings: HashMap<&PersonId, (Vec<Booking>, Vec<&ProjectId>)> = HashMap::new();
        for a in &input.items.assignments {
            let (theirs, of) = bookings.entry(&a.person_id).or_default();
            theirs.push(Booking { range: a.range, allocation: a.allocation, status: a.status });
            of.push(&a.project_id);
        }
        let none_booked = (Vec::new(), Vec::new());
        let role_names: HashMap<&LabelId, &Name> =
            input.labels.iter().filter(|l| l.kind == LabelKind::Role).map(|l| (&l.id, &l.name)).collect();

        let mut projects: HashMap<&ProjectId, ProjectSums<'_>> = HashMap::new();
        let mut roles: HashMap<Option<&LabelId>, RoleLine> = HashMap::new();
        let mut people = Vec::with_capacity(input.people.len());
        for person in input.people {
            let schedule = person.schedule_or(input.default_week);
            let availability = days_off.of(person, &schedule);
            let (theirs, of) = bookings.get(&person.id).unwrap_or(&none_booked);
            // The person's days, each booking's minutes summed by project and week on the way
            // (a placeholder's also as the project's part to staff).
            let days = day_loads_each(&availability, theirs, range, |i, day, minutes| {
                let sums = projects.entry(of[i]).or_insert_with(|| ProjectSums::new(weeks.len()));
                let week = week_of[range.start().days_until(day) as usize];
                booked(&mut sums.weeks[week], &theirs[i], minutes);
                if person.placeholder {
                    sums.to_staff[week] += u64::from(minutes);
                } else {
                    sums.people.insert(&person.id);
                }
            });
            let by_week: Vec<PeriodLoad> =
                split(&weeks, range).map(|r| PeriodLoad::of(&days[r], true)).collect();
            let line = PersonLine {
                id: person.id.clone(),
                name: person.name.clone(),
                placeholder: person.placeholder,
                load: PeriodLoad::of(&days, true),
                weeks: by_week,
            };
            // A role the team no longer lists (or a label of another list) counts as no role.
            let role = person.labels.role.as_ref().and_then(|r| role_names.get_key_value(r));
            let (id, name) = (role.map(|(id, _)| *id), role.map(|(_, name)| *name));
            roles.entry(id).or_insert_with(|| RoleLine::new(id, name, weeks.len())).add(&line);
            people.push(line);
        }
        people.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()).then_with(|| a.id.cmp(&b.id)));

        let mut project_lines: Vec<ProjectLine> = input
            .projects
            .iter()
            .filter_map(|p| {
                let sums = projects.remove(&p.id)?;
                let load = sums.weeks.iter().fold(PeriodLoad::default(), add);
                Some(ProjectLine {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    people: sums.people.len() as u32,
                    load,
                    weeks: sums.weeks,
                    to_staff: sums.to_staff.iter().sum(),
                    to_staff_weeks: sums.to_staff,
                })
            })
            .filter(|p| p.load.booked(true) > 0)
            .collect();
        project_lines.sort_by(|a, b| {
            b.load.booked(true).cmp(&a.load.booked(true)).then_with(|| a.name.as_str().cmp(b.name.as_str()))
        });

        let mut role_lines: Vec<RoleLine> = roles
            .into_values()
            .filter(|r| match r.id {
                Some(_) => r.staffed + r.to_staff + r.capacity > 0,
                None => r.staffed + r.to_staff > 0,
            })
            .collect();
        role_lines.sort_by(|a, b| {
            b.to_staff.cmp(&a.to_staff).then_with(|| match (&a.name, &b.name) {
                (Some(x), Some(y)) => x.as_str().cmp(y.as_str()).then_with(|| a.id.cmp(&b.id)),
                (x, y) => y.is_some().cmp(&x.is_some()),
            })
        });

        // The team's utilisation is its people's: placeholders' lines are left out of its sums.
        let staff: Vec<&PersonLine> = people.iter().filter(|p| !p.placeholder).collect();
        let team = staff.iter().fold(PeriodLoad::default(), |sum, p| add(sum, &p.load));
        let team_weeks = (0..weeks.len())
            .map(|i| staff.iter().fold(PeriodLoad::default(), |sum, p| add(sum, &p.weeks[i])))
            .collect();
        Ok(Self {
            first_day: range.start(),
            last_day: range.last_day(),
            weeks,
            people,
            projects: project_lines,
            roles: role_lines,
            team,
            team_weeks,
        })
    }
}

/// A project's sums as its people's days are read: its hours by week, those booked on
/// placeholders by week, and the people it books.
struct ProjectSums<'a> {
    weeks: Vec<PeriodLoad>,
    to_staff: Vec<u64>,
    people: BTreeSet<&'a PersonId>,
}

impl ProjectSums<'_> {
    fn new(weeks: usize) -> Self {
        Self { weeks: vec![PeriodLoad::default(); weeks], to_staff: vec![0; weeks], people: BTreeSet::new() }
    }
}

/// The CSV file's columns (hours as decimals with a point, percentages whole).
pub const CSV_HEADER: [&str; 10] = [
    "line",
    "name",
    "capacity_hours",
    "confirmed_hours",
    "tentative_hours",
    "time_off_hours",
    "utilisation_percent",
    "utilisation_with_tentative_percent",
    "people",
    "to_staff_hours",
];

/// One line of the CSV file, its fields in [`CSV_HEADER`]'s order (`None`: an empty field).
struct CsvLine<'a> {
    line: &'a str,
    name: &'a str,
    capacity: Option<u64>,
    confirmed: u64,
    tentative: u64,
    off: Option<u64>,
    percent: Option<u64>,
    percent_with_tentative: Option<u64>,
    people: Option<u32>,
    to_staff: Option<u64>,
}

impl<'a> CsvLine<'a> {
    /// A line of hours booked alone: no capacity, time off or utilisation.
    fn booked(line: &'a str, name: &'a str, l: &PeriodLoad) -> Self {
        Self {
            line,
            name,
            capacity: None,
            confirmed: l.confirmed,
            tentative: l.tentative,
            off: None,
            percent: None,
            percent_with_tentative: None,
            people: None,
            to_staff: None,
        }
    }

    /// A line with capacity of its own (a person's, the team's): its time off and utilisation too.
    fn own(line: &'a str, name: &'a str, l: &PeriodLoad) -> Self {
        Self {
            capacity: Some(l.capacity),
            off: Some(l.off),
            percent: l.percent(false),
            percent_with_tentative: l.percent(true),
            ..Self::booked(line, name, l)
        }
    }

    fn fields(&self) -> [String; 10] {
        let hours = |m: Option<u64>| m.map(decimal_hours).unwrap_or_default();
        let text = |n: Option<u64>| n.map(|n| n.to_string()).unwrap_or_default();
        [
            self.line.to_owned(),
            inert(self.name).into_owned(),
            hours(self.capacity),
            decimal_hours(self.confirmed),
            decimal_hours(self.tentative),
            hours(self.off),
            text(self.percent),
            text(self.percent_with_tentative),
            text(self.people.map(u64::from)),
            hours(self.to_staff),
        ]
    }
}

impl Report {
    /// The report as a CSV file (RFC 4180: quoted where needed, CRLF line ends), UTF-8 with a
    /// byte-order mark so that Excel reads names in Japanese correctly: a line for each person,
    /// each placeholder, each project, each role of the demand by role, then the team's. A
    /// placeholder's or project's capacity, time off and utilisation are empty (they count for
    /// nobody's utilisation); a line without capacity has no utilisation. A project's and a role's
    /// confirmed and tentative hours are all their hours, `to_staff_hours` the part of them booked
    /// on placeholders; a role's capacity is its people's, its name "No role" for those with none.
    pub fn to_csv(&self) -> String {
        let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
        w.write_record(CSV_HEADER).expect("writing to memory does not fail");
        let mut row =
            |line: CsvLine<'_>| w.write_record(line.fields()).expect("writing to memory does not fail");
        for p in self.people.iter().filter(|p| !p.placeholder) {
            row(CsvLine::own("person", p.name.as_str(), &p.load));
        }
        for p in self.people.iter().filter(|p| p.placeholder) {
            row(CsvLine::booked("placeholder", p.name.as_str(), &p.load));
        }
        for p in &self.projects {
            row(CsvLine {
                people: Some(p.people),
                to_staff: Some(p.to_staff),
                ..CsvLine::booked("project", p.name.as_str(), &p.load)
            });
        }
        for r in &self.roles {
            let booked =
                PeriodLoad { confirmed: r.confirmed, tentative: r.tentative, ..PeriodLoad::default() };
            let name = r.name.as_ref().map_or("No role", Name::as_str);
            row(CsvLine {
                capacity: Some(r.capacity),
                people: Some(r.people),
                to_staff: Some(r.to_staff),
                ..CsvLine::booked("role", name, &booked)
            });
        }
        let staff = self.people.iter().filter(|p| !p.placeholder).count() as u32;
        row(CsvLine { people: Some(staff), ..CsvLine::own("team", "", &self.team) });
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
pub(crate) fn weeks_of(range: DateRange, first_weekday: u8) -> Vec<ReportWeek> {
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

#[cfg(test)]
#[path = "report_tests.rs"]
mod tests;
