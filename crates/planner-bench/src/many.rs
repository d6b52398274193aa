//! Moving 200 selected bookings two weeks later (#36): the edit of many (`Plan::edit_many`,
//! transactions of up to 100 actions) beside the same 200 moves sent one by one as a single drag
//! sends each (`Plan::update_assignment`, what the window did before), on a team of 20 people with
//! 10 bookings each. Requests and write units are counted from the engine's answers; time to done
//! is the wall clock from the first request to the last answer, median of `RUNS` runs (each on
//! the bookings as the run before left them). Run behind the 100 ms round-trip proxy with
//! `./dev bench-remote --many`.

use crate::meter::{Meter, Totals};
use crate::report::median;
use crate::{open, team_scope};
use planner_domain::{Assignment, AssignmentId, Color, Date, DateRange, Name, PersonId, ProjectId};
use planner_store::{AssignmentChange, BookingEdit, EditOutcome, NewAssignment, Store, TeamScope};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const PEOPLE: usize = 20;
const EACH: usize = 10;
const RUNS: usize = 3;

/// The change that moves `a` by `days` (its person, project, length, time and status kept).
pub(crate) fn moved(a: &Assignment, days: i64) -> AssignmentChange {
    AssignmentChange {
        person_id: a.person_id.clone(),
        project_id: a.project_id.clone(),
        range: DateRange::new(a.range.start().add_days(days), a.range.end_exclusive().add_days(days))
            .unwrap(),
        allocation: None,
        status: None,
        series: None,
    }
}

async fn team(store: &Store, scope: &TeamScope) -> Vec<Assignment> {
    let project = ProjectId::generate();
    store
        .plan()
        .create_project(
            scope,
            project.clone(),
            Name::parse("Apollo").unwrap(),
            Color::parse("#336699").unwrap(),
        )
        .await
        .unwrap();
    let start = Date::parse("2027-03-01").unwrap();
    let mut out = Vec::new();
    for p in 0..PEOPLE {
        let person = PersonId::generate();
        let name = Name::parse(&format!("Person {p:02}")).unwrap();
        store.plan().create_person(scope, person.clone(), name).await.unwrap();
        for i in 0..EACH {
            let first = start.add_days((i * 7) as i64);
            let new = NewAssignment {
                id: AssignmentId::generate(),
                person_id: person.clone(),
                project_id: project.clone(),
                range: DateRange::new(first, first.add_days(3)).unwrap(),
                allocation: Default::default(),
                status: Default::default(),
                series: None,
            };
            out.push(store.plan().create_assignment(scope, new).await.unwrap());
        }
    }
    out
}

/// Prints the table: each way's requests, write units and time to done.
pub async fn run() {
    let meter = Arc::new(Meter::default());
    let store = open(Some(meter.clone())).await;
    let scope = team_scope(&store).await;
    let mut bookings = team(&store, &scope).await;
    let (mut many_t, mut one_t) = (Vec::new(), Vec::new());
    let (mut many_n, mut one_n) = (Totals::default(), Totals::default());
    for _ in 0..RUNS {
        // Two weeks later, as one edit of many.
        meter.reset();
        let t = Instant::now();
        let edits = bookings
            .iter()
            .map(|a| BookingEdit::Update { current: a.clone(), change: moved(a, 14) })
            .collect();
        let done =
            store.plan().edit_many(&scope, edits, &AtomicBool::new(false), &mut |_, _| {}).await.unwrap();
        many_t.push(t.elapsed());
        many_n = meter.reset();
        bookings = done
            .outcomes
            .into_iter()
            .map(|o| match o {
                EditOutcome::Written(a) => a,
                other => panic!("a booking of the benchmark was not moved: {other:?}"),
            })
            .collect();
        // And back, one by one as single drags send them.
        let t = Instant::now();
        let mut back = Vec::with_capacity(bookings.len());
        for a in &bookings {
            back.push(store.plan().update_assignment(&scope, a, moved(a, -14)).await.unwrap());
        }
        one_t.push(t.elapsed());
        one_n = meter.reset();
        bookings = back;
    }
    println!(
        "\nMoving {} selected bookings two weeks ({PEOPLE} people × {EACH}; median of {RUNS} runs; engine: {})\n",
        bookings.len(),
        crate::engine_named()
    );
    println!("| way | requests | write units (WCU) | time to done, ms |\n|---|---:|---:|---:|");
    println!(
        "| one edit of many (transactions of up to 100 actions) | {} | {:.1} | {:.0} |",
        many_n.requests,
        many_n.write_units,
        median(many_t.clone())
    );
    println!(
        "| one move a booking (as single drags) | {} | {:.1} | {:.0} |",
        one_n.requests,
        one_n.write_units,
        median(one_t.clone())
    );
    println!(
        "\nThe edit of many: {:.1}x fewer requests, {:.1}x less time to done.",
        one_n.requests as f64 / many_n.requests.max(1) as f64,
        median(one_t) / median(many_t)
    );
}
