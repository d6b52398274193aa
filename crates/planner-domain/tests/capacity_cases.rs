//! The table of load cases that the UI's copy of the maths passes too (ui/src/timeline/load.test.ts
//! reads the same file): the domain's maths against each.

use planner_domain::capacity::{
    Absence, Allocation, Availability, Booking, DayLoad, Level, PeriodLoad, Schedule, Status, day_loads,
};
use planner_domain::{Date, DateRange};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
struct Table {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Case {
    name: String,
    #[serde(default)]
    schedule: Schedule,
    #[serde(default)]
    holidays: BTreeSet<Date>,
    #[serde(default)]
    absences: Vec<RawAbsence>,
    bookings: Vec<RawBooking>,
    window: Span,
    days: Vec<[u32; 4]>,
    with_tentative: Figures,
    without_tentative: Figures,
}

#[derive(Deserialize)]
struct Span {
    first: Date,
    last: Date,
}

impl Span {
    fn range(&self) -> DateRange {
        DateRange::from_inclusive(self.first, self.last).unwrap()
    }
}

#[derive(Deserialize)]
struct RawAbsence {
    first: Date,
    last: Date,
    minutes: Option<u32>,
}

#[derive(Deserialize)]
struct RawBooking {
    first: Date,
    last: Date,
    allocation: Allocation,
    status: Status,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Figures {
    percent: Option<u64>,
    over_days: u32,
    available: u64,
    level: Level,
}

fn figures(p: &PeriodLoad, tentative: bool) -> Figures {
    Figures {
        percent: p.percent(tentative),
        over_days: p.over_days,
        available: p.available(tentative),
        level: p.level(tentative),
    }
}

#[test]
fn the_domain_passes_every_case_of_the_shared_table() {
    let table: Table = serde_json::from_str(include_str!("capacity_cases.json")).expect("the table parses");
    assert!(table.cases.len() >= 9);
    for case in &table.cases {
        let absences: Vec<Absence> = case
            .absences
            .iter()
            .map(|a| {
                let range = DateRange::from_inclusive(a.first, a.last).unwrap();
                a.minutes.map_or(Absence::whole_days(range), |m| Absence::hours(range, m).unwrap())
            })
            .collect();
        let bookings: Vec<Booking> = case
            .bookings
            .iter()
            .map(|b| Booking {
                range: DateRange::from_inclusive(b.first, b.last).unwrap(),
                allocation: b.allocation,
                status: b.status,
            })
            .collect();
        let person = Availability { schedule: &case.schedule, holidays: &case.holidays, absences: &absences };
        let loads = day_loads(&person, &bookings, case.window.range());
        let days: Vec<[u32; 4]> =
            loads.iter().map(|d: &DayLoad| [d.capacity, d.confirmed, d.tentative, d.off]).collect();
        assert_eq!(days, case.days, "{}: the days", case.name);
        let period = PeriodLoad::of(&loads, true);
        assert_eq!(figures(&period, true), case.with_tentative, "{}: with tentative work", case.name);
        let period = PeriodLoad::of(&loads, false);
        assert_eq!(figures(&period, false), case.without_tentative, "{}: without tentative work", case.name);
    }
}
