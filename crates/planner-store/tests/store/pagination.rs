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
    let start = day("2026-05-04");
    let assignments: Vec<Assignment> = (0..6000)
        .map(|i| Assignment {
            id: AssignmentId::generate(),
            person_id: r.id.clone(),
            project_id: p.id.clone(),
            range: DateRange::new(start.add_days(i % 80), start.add_days(i % 80 + 1 + i % 5)).unwrap(),
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
    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();

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
