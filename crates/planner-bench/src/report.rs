//! The utilisation report of 500 people × 13 weeks: 10,000 assignments in the weeks (and 10,000
//! before them), their time off and holidays. Timed side by side in one run, each the median of
//! seven after a first untimed one: opening the timeline over the same days (the baseline: the app
//! does it anyway), the report as the app asks for it (`Plan::report`: the same read, then the
//! figures), the figures alone (`Report::build`) and its CSV file.

use crate::meter::Meter;
use crate::plan::{Size, plan};
use crate::{open, team_scope, window_of};
use planner_domain::capacity::{Report, ReportInput};
use std::sync::Arc;
use std::time::{Duration, Instant};

const PEOPLE: usize = 500;
const WEEKS: i64 = 13;
const RUNS: usize = 7;

/// The median of `d`, in milliseconds.
pub(crate) fn median(mut d: Vec<Duration>) -> f64 {
    d.sort();
    d[d.len() / 2].as_secs_f64() * 1000.0
}

pub async fn run() {
    let meter = Arc::new(Meter::default());
    let store = open(Some(meter.clone())).await;
    let scope = team_scope(&store).await;
    let window = window_of(WEEKS);
    let file = plan(Size { people: PEOPLE, history: 10_000, in_window: 10_000 }, window);
    store.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();

    let (mut open_t, mut report_t, mut build_t, mut csv_t) = (vec![], vec![], vec![], vec![]);
    let (mut open_rcu, mut report_rcu, mut lines, mut bytes) = (0.0, 0.0, 0, 0);
    for run in 0..=RUNS {
        meter.reset();
        let t = Instant::now();
        let timeline = store.plan().timeline(&scope, window).await.unwrap();
        let opened = t.elapsed();
        open_rcu = meter.reset().read_units;

        let t = Instant::now();
        let report = store.plan().report(&scope, window, 0).await.unwrap();
        let reported = t.elapsed();
        report_rcu = meter.reset().read_units;

        let t = Instant::now();
        let built = Report::build(ReportInput {
            range: window,
            first_weekday: 0,
            default_week: timeline.team.default_week,
            people: &timeline.people,
            projects: &timeline.projects,
            labels: &timeline.labels,
            items: &timeline.items,
        })
        .unwrap();
        let computed = t.elapsed();
        assert_eq!(built, report, "the same figures from the same read");

        let t = Instant::now();
        let csv = report.to_csv();
        let written = t.elapsed();
        (lines, bytes) = (report.people.len() + report.projects.len(), csv.len());
        if run > 0 {
            open_t.push(opened);
            report_t.push(reported);
            build_t.push(computed);
            csv_t.push(written);
        }
    }
    println!(
        "\nThe utilisation report: {PEOPLE} people × {WEEKS} weeks from {}, {} assignments in the weeks ({} in the team), {} time off, {} holidays; median of {RUNS} runs, engine: {:?}\n",
        window.start(),
        file.assignments.iter().filter(|a| a.range.overlaps(window)).count(),
        file.assignments.len(),
        file.time_off.iter().filter(|t| t.range.overlaps(window)).count(),
        file.holidays.iter().filter(|h| window.contains(h.day)).count(),
        crate::engine(),
    );
    println!("| what | ms | RCU |\n|---|---:|---:|");
    println!("| open the timeline over the 13 weeks (baseline) | {:.1} | {open_rcu:.1} |", median(open_t));
    println!(
        "| the report as the app asks for it (the same read, then the figures) | {:.1} | {report_rcu:.1} |",
        median(report_t)
    );
    println!("| its figures alone (`Report::build`) | {:.1} | – |", median(build_t));
    println!("| its CSV file ({lines} lines, {bytes} bytes) | {:.1} | – |", median(csv_t));
}
