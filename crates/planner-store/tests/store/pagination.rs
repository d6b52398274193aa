//! Nothing silently stops at DynamoDB's 1 MB page: queries that need several pages return
//! everything (docs/data-model.md, "Access patterns" and "DynamoDB limits").

use crate::common::*;
use planner_domain::{Assignment, AssignmentId, DateRange, Name};
use planner_store::transfer::{FORMAT, FORMAT_VERSION, TeamExport};

#[tokio::test]
async fn queries_follow_last_evaluated_key_across_pages() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("Big").await;
    // About 6,000 assignments of ~250 bytes, all inside one 13-week window: more than 1 MB.
    let assignments = imported(&env, &scope, (&r, &p), 6000, 80).await;

    recorder.take();
    let all = env.plan().all_assignments(&scope).await.unwrap();
    assert_eq!(all.len(), 6000);
    let pages = recorder.take().iter().filter(|s| s.operation == "Query").count();
    assert!(pages >= 2, "expected several pages, saw {pages}");

    let w = window("2026-05-04", "2026-08-03");
    let shown = env.plan().timeline(&scope, w).await.unwrap().items.assignments;
    let expected = assignments.iter().filter(|a| a.range.overlaps(w)).count();
    assert_eq!(shown.len(), expected);
    let seen = recorder.take();
    let continued = seen
        .iter()
        .filter(|s| s.operation == "Query" && s.request.get("ExclusiveStartKey").is_some())
        .count();
    assert!(continued >= 1, "the window query never asked for a next page");
}

/// A team of `n` assignments of person `r` on project `p`, starting on `days` days from `start`
/// in turn, imported.
async fn imported(
    env: &TestEnv,
    scope: &planner_store::TeamScope,
    (r, p): (&planner_domain::Person, &planner_domain::Project),
    n: i64,
    days: i64,
) -> Vec<Assignment> {
    let start = day("2026-05-04");
    let assignments: Vec<Assignment> = (0..n)
        .map(|i| Assignment {
            id: AssignmentId::generate(),
            person_id: r.id.clone(),
            project_id: p.id.clone(),
            range: DateRange::new(start.add_days(i % days), start.add_days(i % days + 1 + i % 5)).unwrap(),
            allocation: Default::default(),
            status: Default::default(),
            version: 1,
            series: None,
        })
        .collect();
    let file = TeamExport {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        exported_at: String::new(),
        team_name: Name::parse("Big").unwrap(),
        people: vec![r.clone()],
        projects: vec![p.clone()],
        assignments: assignments.clone(),
        default_week: None,
        time_off: vec![],
        calendars: vec![],
        holidays: vec![],
        labels: vec![],
        views: None,
        unreadable: vec![],
    };
    env.transfer().import_team(scope, &file, &mut |_, _, _| {}).await.unwrap();
    assignments
}

/// The short assignments' queries of a window read: (lo, hi, whether it goes on from a page).
fn short_queries(seen: &[Seen]) -> Vec<(String, String, bool)> {
    let value =
        |s: &Seen, k: &str| s.request["ExpressionAttributeValues"][k]["S"].as_str().unwrap_or("").to_owned();
    seen.iter()
        .filter(|s| s.operation == "Query" && value(s, ":lo").starts_with("ASN#"))
        .map(|s| (value(s, ":lo"), value(s, ":hi"), s.request.get("ExclusiveStartKey").is_some()))
        .collect()
}

#[tokio::test]
async fn a_window_of_many_pages_asks_the_days_after_the_first_page_in_parts() {
    // 16,000 assignments over 13 weeks: several pages of 1 MB. Page after page, a window of
    // 2,500 people took eight round trips one after the other.
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("Big").await;
    let assignments = imported(&env, &scope, (&r, &p), 16_000, 91).await;
    let w = window("2026-05-04", "2026-08-03");
    recorder.take();
    let shown = env.plan().window_items(&scope, w).await.unwrap().assignments;
    let mut expected: Vec<_> =
        assignments.iter().filter(|a| a.range.overlaps(w)).map(|a| a.id.clone()).collect();
    expected.sort();
    let mut got: Vec<_> = shown.iter().map(|a| a.id.clone()).collect();
    got.sort();
    assert_eq!(got, expected, "every assignment of the window, once");

    let asked = short_queries(&recorder.take());
    let (first_lo, first_hi, _) = asked[0].clone();
    // After the first page (the whole range), parts of it: other ranges, not one range page by page.
    let parts: Vec<_> = asked[1..].iter().filter(|(lo, hi, _)| (lo, hi) != (&first_lo, &first_hi)).collect();
    assert!(parts.len() >= 2, "the days left were not asked in parts: {asked:?}");
    // The parts do not overlap, and end where the first range ends.
    let mut ranges: Vec<_> = parts.iter().map(|(lo, hi, _)| (lo.clone(), hi.clone())).collect();
    ranges.sort();
    ranges.dedup();
    for pair in ranges.windows(2) {
        assert!(pair[0].1 < pair[1].0, "parts overlap: {pair:?}");
    }
    assert_eq!(ranges.last().unwrap().1, first_hi);
}

#[tokio::test]
async fn a_day_holding_more_than_a_page_is_read_whole() {
    // 6,000 assignments on three days: the first page stops inside the first day.
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Big").await;
    let assignments = imported(&env, &scope, (&r, &p), 6_000, 3).await;
    let w = window("2026-05-04", "2026-08-03");
    let shown = env.plan().window_items(&scope, w).await.unwrap().assignments;
    assert_eq!(shown.len(), assignments.len());
    let ids: std::collections::HashSet<_> = shown.iter().map(|a| &a.id).collect();
    assert_eq!(ids.len(), assignments.len(), "none twice");
}
