//! A window never changes a figure, the domain's half (the store's is
//! `planner-store/tests/store/figures.rs`): a random plan of one person, cut at a random window
//! as a window read cuts it (`WindowItems::cut`: the assignments overlapping the window, the time
//! off and holidays of its reach), gives each day of the window the figures of the whole plan,
//! for every kind of allocation, with holidays and time off on both sides of the cut.
//!
//! The UI's copy of the maths passes the same cases: `window_cases.json` holds 40 of them (the
//! cut plan, and the days as the whole plan makes them), written from a fixed seed by
//! `the_shared_cases_are_up_to_date` (`RP_WRITE_CASES=1` writes it again) and read by
//! `ui/src/timeline/model/load.test.ts`.

use planner_domain::capacity::{
    Absence, Allocation, Availability, Booking, DayLoad, Level, PeriodLoad, Schedule, Status, TimeOffKind,
    day_loads,
};
use planner_domain::{
    Assignment, AssignmentId, CalendarId, Date, DateRange, Holiday, Name, PersonId, ProjectId, TimeOff,
    TimeOffId, WindowItems,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRng, TestRunner};
use serde_json::json;
use std::collections::BTreeSet;

/// Days from 2026-11-02 (a Monday): the plans live in `[0, SPAN)`.
const SPAN: i64 = 70;

fn at(offset: i64) -> Date {
    Date::parse("2026-11-02").unwrap().add_days(offset)
}

#[derive(Debug, Clone)]
struct Plan {
    /// Monday to Thursday rather than Monday to Friday.
    four_days: bool,
    holidays: BTreeSet<i64>,
    /// (first day, days, minutes off or whole days)
    time_off: Vec<(i64, i64, Option<u32>)>,
    /// (first day, days, allocation, tentative)
    bookings: Vec<(i64, i64, Allocation, bool)>,
    /// (first day, days)
    window: (i64, i64),
}

fn plan() -> impl Strategy<Value = Plan> {
    let allocation = prop_oneof![
        (1u32..=32).prop_map(|q| Allocation::HoursPerDay(q * 15)),
        (1u8..=100).prop_map(Allocation::Percent),
        (1u32..=300).prop_map(|q| Allocation::Total(q * 15)),
    ];
    (
        any::<bool>(),
        prop::collection::btree_set(0..SPAN, 0..8),
        prop::collection::vec((0..SPAN, 1i64..6, prop::option::of((1u32..32).prop_map(|q| q * 15))), 0..5),
        prop::collection::vec((0..SPAN - 1, 1i64..45, allocation, any::<bool>()), 1..6),
        (0..SPAN, 1i64..25),
    )
        .prop_map(|(four_days, holidays, time_off, bookings, window)| Plan {
            four_days,
            holidays,
            time_off,
            bookings,
            window,
        })
}

fn schedule(plan: &Plan) -> Schedule {
    let friday = if plan.four_days { 0 } else { 480 };
    serde_json::from_value(json!({ "weeks": [{ "from": null, "week": [480, 480, 480, 480, friday, 0, 0] }] }))
        .unwrap()
}

fn range(first: i64, days: i64) -> DateRange {
    DateRange::new(at(first), at(first + days)).unwrap()
}

/// The plan as the table holds it: one person in one calendar.
fn items(plan: &Plan) -> WindowItems {
    let person = PersonId::generate();
    let calendar = CalendarId::generate();
    WindowItems {
        assignments: plan
            .bookings
            .iter()
            .map(|(first, days, allocation, tentative)| Assignment {
                id: AssignmentId::generate(),
                person_id: person.clone(),
                project_id: ProjectId::generate(),
                range: range(*first, *days),
                allocation: *allocation,
                status: if *tentative { Status::Tentative } else { Status::Confirmed },
                version: 1,
                series: None,
            })
            .collect(),
        time_off: plan
            .time_off
            .iter()
            .map(|(first, days, minutes)| TimeOff {
                id: TimeOffId::generate(),
                person_id: person.clone(),
                range: range(*first, *days),
                kind: TimeOffKind::Other,
                minutes: *minutes,
                version: 1,
            })
            .collect(),
        holidays: plan
            .holidays
            .iter()
            .map(|d| Holiday {
                calendar: calendar.clone(),
                day: at(*d),
                name: Name::parse("Closed").unwrap(),
            })
            .collect(),
        unreadable: Vec::new(),
    }
}

/// Each day of `window` as `items` make it: [capacity, confirmed, tentative, off].
fn days(schedule: &Schedule, items: &WindowItems, window: DateRange) -> Vec<DayLoad> {
    let holidays: BTreeSet<Date> = items.holidays.iter().map(|h| h.day).collect();
    let absences: Vec<Absence> = items.time_off.iter().map(|t| t.absence().unwrap()).collect();
    let bookings: Vec<Booking> = items
        .assignments
        .iter()
        .map(|a| Booking { range: a.range, allocation: a.allocation, status: a.status })
        .collect();
    let person = Availability { schedule, holidays: &holidays, absences: &absences };
    day_loads(&person, &bookings, window)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn a_window_cut_as_a_read_cuts_it_has_the_figures_of_the_whole_plan(plan in plan()) {
        let all = items(&plan);
        let window = range(plan.window.0, plan.window.1);
        let s = schedule(&plan);
        let whole = days(&s, &all, window);
        let cut = WindowItems::cut(window, &all.assignments, &all.time_off, &all.holidays);
        prop_assert_eq!(days(&s, &cut, window), whole);
    }
}

/// A window cut as it was before the reach (time off and holidays of the window's days alone)
/// does move figures: the property above can fail, and does on the old cut.
#[test]
fn the_window_s_days_alone_are_not_enough() {
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(Config::default().rng_algorithm),
    );
    let moved = (0..200).any(|_| {
        let plan = plan().new_tree(&mut runner).unwrap().current();
        let all = items(&plan);
        let window = range(plan.window.0, plan.window.1);
        let s = schedule(&plan);
        let mut cut = WindowItems::cut(window, &all.assignments, &all.time_off, &all.holidays);
        cut.time_off.retain(|t| t.range.overlaps(window));
        cut.holidays.retain(|h| window.contains(h.day));
        days(&s, &cut, window) != days(&s, &all, window)
    });
    assert!(moved);
}

fn figures(p: &PeriodLoad, tentative: bool) -> serde_json::Value {
    let level: Level = p.level(tentative);
    json!({
        "percent": p.percent(tentative),
        "overDays": p.over_days,
        "available": p.available(tentative),
        "level": level,
    })
}

fn inclusive(r: DateRange) -> serde_json::Value {
    json!({ "first": r.start(), "last": r.last_day() })
}

/// A case of the shared table: the cut plan, and what the whole plan makes of the window.
fn case(i: usize, plan: &Plan) -> serde_json::Value {
    let all = items(plan);
    let window = range(plan.window.0, plan.window.1);
    let s = schedule(plan);
    let whole = days(&s, &all, window);
    let cut = WindowItems::cut(window, &all.assignments, &all.time_off, &all.holidays);
    json!({
        "name": format!("random plan {i}, cut at {}..{}", window.start(), window.last_day()),
        "schedule": s,
        "holidays": cut.holidays.iter().map(|h| h.day).collect::<Vec<_>>(),
        "absences": cut.time_off.iter().map(|t| {
            let mut a = inclusive(t.range);
            a["minutes"] = json!(t.minutes);
            a
        }).collect::<Vec<_>>(),
        "bookings": cut.assignments.iter().map(|a| {
            let mut b = inclusive(a.range);
            b["allocation"] = json!(a.allocation);
            b["status"] = json!(a.status);
            b
        }).collect::<Vec<_>>(),
        "window": inclusive(window),
        "days": whole.iter().map(|d| [d.capacity, d.confirmed, d.tentative, d.off]).collect::<Vec<_>>(),
        "withTentative": figures(&PeriodLoad::of(&whole, true), true),
        "withoutTentative": figures(&PeriodLoad::of(&whole, false), false),
    })
}

fn shared_cases() -> String {
    // A fixed seed: the same 40 plans on every run.
    let config = Config::default();
    let mut runner =
        TestRunner::new_with_rng(config.clone(), TestRng::from_seed(config.rng_algorithm, &[7; 32]));
    let cases: Vec<_> = (0..40).map(|i| case(i, &plan().new_tree(&mut runner).unwrap().current())).collect();
    let table = json!({
        "about": "A window never changes a figure: random plans of one person cut at random windows as the window read cuts them (the assignments overlapping the window; the time off and holidays of its reach), and the days as the whole plan makes them. Written by planner-domain/tests/window_cases.rs (RP_WRITE_CASES=1); the UI's copy of the maths (ui/src/timeline/model/load.test.ts) passes them too. days: [capacity, confirmed, tentative, off] in minutes.",
        "cases": cases,
    });
    serde_json::to_string_pretty(&table).unwrap() + "\n"
}

#[test]
fn the_shared_cases_are_up_to_date() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/window_cases.json");
    let fresh = shared_cases();
    if std::env::var_os("RP_WRITE_CASES").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let held = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        held == fresh,
        "tests/window_cases.json is not what the seed makes: run RP_WRITE_CASES=1 cargo test -p planner-domain --test window_cases"
    );
}

/// The reach is each person's own: a total's person's days off over its range come with the
/// window, another person's days off outside the window do not (they move none of its figures),
/// and the holidays of the total's days do (a holiday is a calendar's, read for everyone).
#[test]
fn the_reach_holds_a_total_s_own_person_s_days_off_and_no_one_else_s() {
    let (ann, bob) = (PersonId::generate(), PersonId::generate());
    let window = DateRange::new(at(35), at(42)).unwrap();
    let total = Assignment {
        id: AssignmentId::generate(),
        person_id: ann.clone(),
        project_id: ProjectId::generate(),
        range: DateRange::new(at(0), at(40)).unwrap(),
        allocation: Allocation::Total(3000),
        status: Status::Confirmed,
        version: 1,
        series: None,
    };
    let off = |who: &PersonId, first: i64| TimeOff {
        id: TimeOffId::generate(),
        person_id: who.clone(),
        range: DateRange::new(at(first), at(first + 1)).unwrap(),
        kind: TimeOffKind::Other,
        minutes: None,
        version: 1,
    };
    let (anns, bobs, bobs_inside) = (off(&ann, 3), off(&bob, 3), off(&bob, 36));
    let cal = CalendarId::generate();
    let holiday = Holiday { calendar: cal, day: at(10), name: Name::parse("H").unwrap() };
    let cut = WindowItems::cut(
        window,
        std::slice::from_ref(&total),
        &[anns.clone(), bobs.clone(), bobs_inside.clone()],
        std::slice::from_ref(&holiday),
    );
    assert_eq!(cut.time_off, vec![anns, bobs_inside]);
    assert_eq!(cut.holidays, vec![holiday]);
    let reach = WindowItems::reach(window, &[total]);
    assert!(!reach.holds(&bobs));
    assert_eq!(reach.days(), DateRange::new(at(0), at(42)).unwrap());
}
