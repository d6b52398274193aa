//! A window never changes a figure: what the window read brings is enough for every figure of
//! its days to be the one a read of everything gives. A total is spread over the working days of
//! its whole range, so the holidays and time off outside the window that fall in its range come
//! with the window too (`WindowItems::reach`).

use crate::common::*;
use planner_domain::ValidationError;
use planner_domain::capacity::{Allocation, Report, ReportInput, Status, TimeOffKind};
use planner_domain::{AssignmentId, CalendarId, DateRange, Name, Person, TimeOffId};
use planner_store::{AssignmentChange, NewAssignment, NewTimeOff, StoreError, TeamScope, TimeOffChange};
use proptest::prelude::*;

fn name(s: &str) -> Name {
    Name::parse(s).unwrap()
}

/// Books `person` on a new project "P"; the store's answer as it is.
async fn book(
    env: &TestEnv,
    scope: &TeamScope,
    person: &Person,
    range: DateRange,
    allocation: Allocation,
    status: Status,
) -> Result<planner_domain::Assignment, StoreError> {
    let p = env.project(scope, "P").await;
    let new = NewAssignment {
        id: AssignmentId::generate(),
        person_id: person.id.clone(),
        project_id: p.id,
        range,
        allocation,
        status,
        series: None,
    };
    env.plan().create_assignment(scope, new).await
}

/// The minutes booked (confirmed) for the team over `window`, as the report of the window says.
async fn booked(env: &TestEnv, scope: &TeamScope, first: &str, last: &str) -> u64 {
    let range = DateRange::from_inclusive(day(first), day(last)).unwrap();
    env.plan().report(scope, range, 0).await.unwrap().team.confirmed
}

/// The case: Ann works Monday to Friday, 8 hours; her calendar has a holiday on
/// Wednesday 2026-12-16; 15 hours in all over 2026-12-07..18 are nine working days of 100
/// minutes. The week of 12-07 has five of them whatever the window, and 12-07 alone one.
#[tokio::test]
async fn a_total_books_the_same_minutes_whatever_the_window_holds_of_its_holidays() {
    let env = TestEnv::new().await;
    let scope = env.team("Holiday outside").await;
    let ann = env.person(&scope, "Ann").await;
    let cal = env.plan().create_calendar(&scope, CalendarId::generate(), name("Here"), None).await.unwrap();
    env.plan().put_holidays(&scope, &cal.id, vec![(day("2026-12-16"), name("A holiday"))]).await.unwrap();
    let ann = env.plan().set_working_time(&scope, &ann, None, Some(cal.id.clone())).await.unwrap();
    book(&env, &scope, &ann, range("2026-12-07", 12), Allocation::Total(15 * 60), Status::Confirmed)
        .await
        .unwrap();

    assert_eq!(booked(&env, &scope, "2026-12-07", "2026-12-18").await, 900);
    assert_eq!(booked(&env, &scope, "2026-12-07", "2026-12-13").await, 500, "the first week: 5 × 100 min");
    assert_eq!(booked(&env, &scope, "2026-12-14", "2026-12-20").await, 400, "the second week: 4 × 100 min");
    assert_eq!(booked(&env, &scope, "2026-12-07", "2026-12-07").await, 100, "one day: 100 min");
    let items = env.plan().window_items(&scope, window("2026-12-07", "2026-12-08")).await.unwrap();
    assert_eq!(items.holidays.len(), 1, "the holiday in the total's range comes with the window");
}

#[tokio::test]
async fn a_total_books_the_same_minutes_whatever_the_window_holds_of_its_time_off() {
    let env = TestEnv::new().await;
    let scope = env.team("Time off outside").await;
    let ann = env.person(&scope, "Ann").await;
    let off = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: ann.id.clone(),
        change: TimeOffChange { range: range("2026-12-16", 1), kind: TimeOffKind::Holiday, minutes: None },
    };
    env.plan().create_time_off(&scope, off).await.unwrap();
    book(&env, &scope, &ann, range("2026-12-07", 12), Allocation::Total(15 * 60), Status::Confirmed)
        .await
        .unwrap();

    assert_eq!(booked(&env, &scope, "2026-12-07", "2026-12-13").await, 500);
    assert_eq!(booked(&env, &scope, "2026-12-14", "2026-12-20").await, 400);
    assert_eq!(booked(&env, &scope, "2026-12-11", "2026-12-11").await, 100);
}

// ---- the property: random plans cut at random windows ---------------------------------------

/// Days from 2026-11-02 (a Monday): the plans live in [0, SPAN).
const SPAN: i64 = 84;

fn at(offset: i64) -> planner_domain::Date {
    day("2026-11-02").add_days(offset)
}

#[derive(Debug, Clone)]
struct Plan {
    /// Two people: the first in the calendar, the second works Monday to Thursday.
    holidays: Vec<i64>,
    /// (person, first day, days, minutes off or whole days)
    time_off: Vec<(usize, i64, i64, Option<u32>)>,
    /// (person, first day, days, allocation, tentative)
    bookings: Vec<(usize, i64, i64, Allocation, bool)>,
    windows: Vec<(i64, i64)>,
}

fn allocation() -> impl Strategy<Value = Allocation> {
    prop_oneof![
        (1u32..=32).prop_map(|q| Allocation::HoursPerDay(q * 15)),
        (1u8..=100).prop_map(Allocation::Percent),
        (1u32..=200).prop_map(|q| Allocation::Total(q * 15)),
    ]
}

fn plan() -> impl Strategy<Value = Plan> {
    (
        prop::collection::vec(0..SPAN, 0..6),
        prop::collection::vec(
            // Days off, and now and then a leave longer than a short item (an index level of its own).
            (
                0usize..2,
                0..SPAN,
                prop_oneof![4 => 1i64..6, 1 => 30i64..70],
                prop::option::of((1u32..32).prop_map(|q| q * 15)),
            ),
            0..5,
        ),
        // Bookings up to 80 days: a total may begin more than a short item's length before a
        // window (its person's time off is then read through their own entries).
        prop::collection::vec((0usize..2, 0..SPAN - 1, 1i64..80, allocation(), any::<bool>()), 1..7),
        prop::collection::vec((0..SPAN, 1i64..30), 3),
    )
        .prop_map(|(holidays, time_off, bookings, windows)| Plan {
            holidays,
            time_off,
            bookings,
            windows,
        })
}

async fn write(env: &TestEnv, plan: &Plan) -> (TeamScope, Vec<Person>) {
    let scope = env.team("Cut").await;
    let cal = env.plan().create_calendar(&scope, CalendarId::generate(), name("Here"), None).await.unwrap();
    let days: std::collections::BTreeSet<i64> = plan.holidays.iter().copied().collect();
    let days: Vec<_> = days.into_iter().map(|d| (at(d), name("Closed"))).collect();
    if !days.is_empty() {
        env.plan().put_holidays(&scope, &cal.id, days).await.unwrap();
    }
    let a = env.person(&scope, "A").await;
    let a = env.plan().set_working_time(&scope, &a, None, Some(cal.id.clone())).await.unwrap();
    let b = env.person(&scope, "B").await;
    let four_days: planner_domain::capacity::Schedule = serde_json::from_value(
        serde_json::json!({ "weeks": [{ "from": null, "week": [480, 480, 480, 480, 0, 0, 0] }] }),
    )
    .unwrap();
    let b = env.plan().set_working_time(&scope, &b, Some(four_days), None).await.unwrap();
    let people = vec![a, b];
    for (who, first, days, minutes) in &plan.time_off {
        let change = TimeOffChange {
            range: DateRange::new(at(*first), at(first + days)).unwrap(),
            kind: TimeOffKind::Sick,
            minutes: *minutes,
        };
        let new = NewTimeOff { id: TimeOffId::generate(), person_id: people[*who].id.clone(), change };
        env.plan().create_time_off(&scope, new).await.unwrap();
    }
    for (who, first, days, allocation, tentative) in &plan.bookings {
        let range = DateRange::new(at(*first), at(first + days)).unwrap();
        let status = if *tentative { Status::Tentative } else { Status::Confirmed };
        let allocation = match *allocation {
            // No more than the range's 24-hour days hold.
            Allocation::Total(m) => Allocation::Total(m.min(*days as u32 * 24 * 60)),
            other => other,
        };
        match book(env, &scope, &people[*who], range, allocation, status).await {
            // A total over days the person works none of is refused: the plan goes without it.
            Ok(_) | Err(StoreError::Invalid(ValidationError::NoWorkingDay { .. })) => {}
            Err(e) => panic!("{e}"),
        }
    }
    (scope, people)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Every figure of a window's report (each person's and project's, each week's, the team's)
    /// is the one the same days' report gives from a read of everything, whatever the window.
    #[test]
    fn a_window_s_figures_are_those_of_a_read_of_everything(plan in plan()) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let env = TestEnv::new().await;
            let (scope, _) = write(&env, &plan).await;
            let everything = env.plan().timeline(&scope, window("2026-01-01", "2028-01-01")).await.unwrap();
            for (first, days) in &plan.windows {
                let range = DateRange::new(at(*first), at(first + days)).unwrap();
                let read = env.plan().report(&scope, range, 0).await.unwrap();
                let whole = Report::build(ReportInput {
                    range,
                    first_weekday: 0,
                    default_week: everything.team.default_week,
                    people: &everything.people,
                    projects: &everything.projects,
                    labels: &everything.labels,
                    items: &everything.items,
                })
                .unwrap();
                prop_assert_eq!(
                    serde_json::to_value(&read).unwrap(),
                    serde_json::to_value(&whole).unwrap(),
                    "window {:?}", range
                );
            }
            Ok(())
        })?;
    }
}

/// The items a window read looked at (DynamoDB's `ScannedCount`, what read capacity is paid
/// for) and its requests.
fn read_cost(seen: &[Seen]) -> (u64, usize) {
    let queried = seen.iter().filter(|s| s.operation == "Query");
    (queried.clone().map(|s| s.response["ScannedCount"].as_u64().unwrap_or(0)).sum(), seen.len())
}

/// The cost of what a total brings from beyond the window follows the total's own days: a
/// window with a total running past it reads as many items with one year of holidays and time
/// off behind it as with eleven (measured: printed, and the two must be equal).
#[tokio::test]
async fn what_a_total_brings_from_beyond_the_window_costs_the_same_whatever_the_history() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("History").await;
    let ann = env.person(&scope, "Ann").await;
    let cal = env.plan().create_calendar(&scope, CalendarId::generate(), name("Here"), None).await.unwrap();
    let ann = env.plan().set_working_time(&scope, &ann, None, Some(cal.id.clone())).await.unwrap();
    // A year of history: a holiday and a day off each month of 2026, and this year's total.
    let year = |y: i32| -> Vec<planner_domain::Date> {
        (1..=12).map(|m| planner_domain::Date::from_ymd(y, m, 15).unwrap()).collect()
    };
    let history = |years: std::ops::Range<i32>| {
        let env = &env;
        let (scope, ann, cal) = (&scope, &ann, &cal);
        async move {
            for y in years {
                let days = year(y);
                env.plan()
                    .put_holidays(scope, &cal.id, days.iter().map(|d| (*d, name("Closed"))).collect())
                    .await
                    .unwrap();
                for d in days {
                    let change = TimeOffChange {
                        range: DateRange::new(d.add_days(1), d.add_days(2)).unwrap(),
                        kind: TimeOffKind::Other,
                        minutes: None,
                    };
                    let new = NewTimeOff { id: TimeOffId::generate(), person_id: ann.id.clone(), change };
                    env.plan().create_time_off(scope, new).await.unwrap();
                }
            }
        }
    };
    history(2026..2027).await;
    book(&env, &scope, &ann, range("2026-11-02", 60), Allocation::Total(100 * 60), Status::Confirmed)
        .await
        .unwrap();
    let w = window("2026-12-07", "2026-12-14");

    recorder.take();
    let one_year = env.plan().window_items(&scope, w).await.unwrap();
    let one = read_cost(&recorder.take());
    history(2016..2026).await;
    recorder.take();
    let eleven_years = env.plan().window_items(&scope, w).await.unwrap();
    let eleven = read_cost(&recorder.take());
    println!(
        "window read with a total past it: {one:?} (items scanned, requests) over 1 year, {eleven:?} over 11"
    );
    assert_eq!(one_year, eleven_years);
    assert_eq!(one, eleven, "the cost follows the total's days, not the history");
    assert_eq!(one_year.holidays.len(), 2, "2026-11-15 and 12-15: the holidays in the total's days");
}

/// A total that began years before the window rests on its own person's days off over those
/// years and on no one else's: the window read costs the same whatever the rest of the team took
/// off in those years (the case the test above leaves out: a total reaching back over the
/// history), and brings no one else's days off from before the window.
#[tokio::test]
async fn a_total_begun_years_ago_costs_its_own_person_s_days_off_not_the_team_s() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Years back").await;
    let ann = env.person(&scope, "Ann").await;
    let bob = env.person(&scope, "Bob").await;
    let off = |who: &Person, first: planner_domain::Date| {
        let change = TimeOffChange {
            range: DateRange::new(first, first.add_days(1)).unwrap(),
            kind: TimeOffKind::Other,
            minutes: None,
        };
        NewTimeOff { id: TimeOffId::generate(), person_id: who.id.clone(), change }
    };
    // Ann: a day off each year since 2018, and a total from then to the end of 2026.
    for y in 2018..2027 {
        env.plan()
            .create_time_off(&scope, off(&ann, planner_domain::Date::from_ymd(y, 3, 10).unwrap()))
            .await
            .unwrap();
    }
    let total = DateRange::new(day("2018-01-08"), day("2027-01-01")).unwrap();
    book(&env, &scope, &ann, total, Allocation::Total(1000 * 60), Status::Confirmed).await.unwrap();
    let w = window("2026-12-07", "2026-12-14");

    recorder.take();
    let alone = env.plan().window_items(&scope, w).await.unwrap();
    let cost_alone = read_cost(&recorder.take());
    // Bob's history over the same years: a day off each month.
    for y in 2018..2026 {
        for m in 1..=12 {
            let first = planner_domain::Date::from_ymd(y, m, 5).unwrap();
            env.plan().create_time_off(&scope, off(&bob, first)).await.unwrap();
        }
    }
    recorder.take();
    let beside = env.plan().window_items(&scope, w).await.unwrap();
    let cost_beside = read_cost(&recorder.take());
    println!(
        "window read with Ann's total of 2018-2026: {cost_alone:?} (items scanned, requests) alone, {cost_beside:?} beside Bob's 96 days off"
    );
    assert_eq!(alone.time_off.len(), 9, "Ann's nine days off in her total's days");
    assert_eq!(beside, alone, "Bob's days off before the window move none of its figures");
    assert_eq!(cost_alone, cost_beside, "the cost follows Ann's days, not the team's history");
}

/// Every day of the domain can be asked for: a report and a window that take in 2999-12-31.
#[tokio::test]
async fn the_last_day_of_the_domain_is_in_reports_and_windows() {
    let env = TestEnv::new().await;
    let scope = env.team("The end").await;
    let ann = env.person(&scope, "Ann").await;
    let last_week = DateRange::from_inclusive(day("2999-12-27"), day("2999-12-31")).unwrap();
    book(&env, &scope, &ann, last_week, Allocation::HoursPerDay(60), Status::Confirmed).await.unwrap();
    let end = day("3000-01-01");
    let items =
        env.plan().window_items(&scope, DateRange::window(day("2999-12-01"), end).unwrap()).await.unwrap();
    assert_eq!(items.assignments.len(), 1);
    assert_eq!(items.assignments[0].range.last_day(), day("2999-12-31"));
    // 2999-12-27 is a Friday: the Friday and the Monday to Tuesday after, an hour each.
    assert_eq!(booked(&env, &scope, "2999-12-27", "2999-12-31").await, 3 * 60);
    assert_eq!(booked(&env, &scope, "2999-12-31", "2999-12-31").await, 60);
    // 3000-01-01 only ends ranges: no holiday falls on it.
    let cal = env.plan().create_calendar(&scope, CalendarId::generate(), name("Here"), None).await.unwrap();
    let refused =
        env.plan().put_holidays(&scope, &cal.id, vec![(end, name("After the end"))]).await.unwrap_err();
    assert_eq!(refused.to_string(), "the date 3000-01-01 is outside the supported years 1900–2999");
}

/// No silent booking of nothing: a total over days its person works none of (a weekend, their
/// holidays, their time off, a day off in their week) is refused with a sentence, on create and
/// on a move; one that loses its last working day later shows as over on each of its days.
#[tokio::test]
async fn a_total_over_days_without_working_time_is_refused_and_one_left_so_later_shows_as_over() {
    let env = TestEnv::new().await;
    let scope = env.team("Nothing to book").await;
    let ann = env.person(&scope, "Ann").await;
    let cal = env.plan().create_calendar(&scope, CalendarId::generate(), name("Here"), None).await.unwrap();
    env.plan().put_holidays(&scope, &cal.id, vec![(day("2026-12-14"), name("A holiday"))]).await.unwrap();
    let ann = env.plan().set_working_time(&scope, &ann, None, Some(cal.id.clone())).await.unwrap();
    let off = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: ann.id.clone(),
        change: TimeOffChange { range: range("2026-12-15", 1), kind: TimeOffKind::Holiday, minutes: None },
    };
    env.plan().create_time_off(&scope, off).await.unwrap();
    let p = env.project(&scope, "P").await;
    let total = |first: &str, days: i64| NewAssignment {
        id: AssignmentId::generate(),
        person_id: ann.id.clone(),
        project_id: p.id.clone(),
        range: range(first, days),
        allocation: Allocation::Total(8 * 60),
        status: Status::Confirmed,
        series: None,
    };
    // Saturday and Sunday; Saturday to Tuesday (the holiday, then the day off).
    for (first, days, last) in [("2026-12-12", 2, "2026-12-13"), ("2026-12-12", 4, "2026-12-15")] {
        let refused = env.plan().create_assignment(&scope, total(first, days)).await.unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "a total of 8 hours has no working day to go to: the person works none of the days {first} to {last} (a day off in their week, a holiday or time off); choose days they work, or book hours a day"
            )
        );
        assert!(matches!(refused, StoreError::Invalid(ValidationError::NoWorkingDay { .. })));
    }
    // Hours a day over the weekend are no total: taken (they book nothing there).
    let hours = NewAssignment { allocation: Allocation::HoursPerDay(60), ..total("2026-12-12", 2) };
    env.plan().create_assignment(&scope, hours).await.unwrap();
    // Saturday to Wednesday has Wednesday: taken; moved onto the weekend alone: refused.
    let a = env.plan().create_assignment(&scope, total("2026-12-12", 5)).await.unwrap();
    let onto = |r: DateRange| AssignmentChange {
        person_id: ann.id.clone(),
        project_id: p.id.clone(),
        range: r,
        allocation: None,
        status: None,
        series: None,
    };
    let refused = env.plan().update_assignment(&scope, &a, onto(range("2026-12-19", 2))).await.unwrap_err();
    assert!(matches!(refused, StoreError::Invalid(ValidationError::NoWorkingDay { .. })), "{refused}");
    assert_eq!(booked(&env, &scope, "2026-12-16", "2026-12-16").await, 8 * 60, "Wednesday takes it all");

    // Wednesday becomes a holiday: the total keeps its days and books them evenly, over on each.
    env.plan().put_holidays(&scope, &cal.id, vec![(day("2026-12-16"), name("Another"))]).await.unwrap();
    let range = DateRange::from_inclusive(day("2026-12-12"), day("2026-12-16")).unwrap();
    let report = env.plan().report(&scope, range, 0).await.unwrap();
    assert_eq!(report.team.confirmed, 8 * 60, "the total (hours a day book no day off)");
    assert_eq!(report.team.over_days, 5, "each of its five days booked beyond nothing");
    // Its status alone can still change (the days are not asked again).
    let status = AssignmentChange { status: Some(Status::Tentative), ..onto(a.range) };
    env.plan().update_assignment(&scope, &a, status).await.unwrap();
}
