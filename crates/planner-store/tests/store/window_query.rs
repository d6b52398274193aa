//! The window query against a brute-force filter over random data (docs/data-model.md, access
//! pattern 4): boundary days, one-day and multi-year assignments, empty windows, windows long
//! after old history.

use crate::common::*;
use planner_domain::{Assignment, Date, DateRange, MAX_ASSIGNMENT_DAYS};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn lengths() -> impl Strategy<Value = i64> {
    prop_oneof![Just(1i64), 1i64..=40, 30i64..=35, 60i64..=70, 100i64..=1200, Just(MAX_ASSIGNMENT_DAYS),]
}

#[derive(Debug, Clone)]
struct Case {
    assignments: Vec<(i64, i64)>,
    windows: Vec<(i64, i64)>,
}

fn cases() -> impl Strategy<Value = Case> {
    // Days are offsets from 2020-01-01 over ~10 years.
    let assignment = (0i64..3650, lengths());
    let window = prop_oneof![(0i64..3650, 1i64..120), (0i64..3650, Just(1i64)), (3000i64..9000, 1i64..400),];
    (prop::collection::vec(assignment, 1..40), prop::collection::vec(window, 1..6))
        .prop_map(|(assignments, windows)| Case { assignments, windows })
}

fn base() -> Date {
    day("2020-01-01")
}

#[test]
fn window_query_equals_brute_force() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let cases_to_run = if remote() { 8 } else { 48 };
    let mut runner = TestRunner::new(Config { cases: cases_to_run, ..Config::default() });
    runner
        .run(&cases(), |case| {
            rt.block_on(async {
                let env = TestEnv::new().await;
                let (scope, r, p) = env.team_with_r_and_p("Window").await;
                let mut all: Vec<Assignment> = Vec::new();
                for (start, len) in &case.assignments {
                    let start = base().add_days(*start);
                    let a = env
                        .assign_range(
                            &scope,
                            &r.id,
                            &p.id,
                            DateRange::new(start, start.add_days(*len)).unwrap(),
                        )
                        .await
                        .unwrap();
                    all.push(a);
                }
                // Every start and end day of the data is also a window boundary.
                let mut windows: Vec<DateRange> = case
                    .windows
                    .iter()
                    .map(|(from, days)| {
                        DateRange::window(base().add_days(*from), base().add_days(from + days)).unwrap()
                    })
                    .collect();
                for a in all.iter().take(4) {
                    windows.push(DateRange::window(a.range.start(), a.range.start().add_days(1)).unwrap());
                    windows.push(
                        DateRange::window(a.range.end_exclusive(), a.range.end_exclusive().add_days(7))
                            .unwrap(),
                    );
                    windows.push(DateRange::window(a.range.start().add_days(-7), a.range.start()).unwrap());
                    windows.push(DateRange::window(a.range.last_day(), a.range.end_exclusive()).unwrap());
                }
                for w in windows {
                    let got = env.plan().assignments_in_window(&scope, w).await.unwrap();
                    let mut expected: Vec<Assignment> = all
                        .iter()
                        .filter(|a| {
                            a.range.start() < w.end_exclusive() && a.range.end_exclusive() > w.start()
                        })
                        .cloned()
                        .collect();
                    expected.sort_by(|a, b| (a.range.start(), &a.id).cmp(&(b.range.start(), &b.id)));
                    prop_assert_eq!(got, expected, "window {:?}", w);
                }
                Ok(())
            })
        })
        .unwrap();
}

#[tokio::test]
async fn an_assignment_that_began_years_before_the_window_is_found() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Old").await;
    let old = env.assign(&scope, &r.id, &p.id, "2019-03-01", 3000).await;
    env.assign(&scope, &r.id, &p.id, "2019-03-01", 10).await;
    let found = env.plan().assignments_in_window(&scope, window("2026-01-05", "2026-01-12")).await.unwrap();
    assert_eq!(found, vec![old]);
}

#[tokio::test]
async fn half_open_boundaries() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Bounds").await;
    // May 1 – May 31 inclusive.
    let may = env.assign(&scope, &r.id, &p.id, "2026-05-01", 31).await;
    let june_window = window("2026-06-01", "2026-06-08");
    assert!(env.plan().assignments_in_window(&scope, june_window).await.unwrap().is_empty());
    let april_window = window("2026-04-24", "2026-05-01");
    assert!(env.plan().assignments_in_window(&scope, april_window).await.unwrap().is_empty());
    let last_day = window("2026-05-31", "2026-06-01");
    assert_eq!(env.plan().assignments_in_window(&scope, last_day).await.unwrap(), vec![may]);
}
