//! Export a team and import it back: put before delete, re-runnable after an interruption.

use crate::common::*;
use planner_store::StoreError;
use planner_store::transfer::TeamExport;

#[tokio::test]
async fn export_then_import_into_another_team_gives_the_same_plan() {
    let env = TestEnv::new().await;
    let source = env.team("Source").await;
    env.plan().seed_demo(&source, day("2026-05-01"), 7).await.unwrap();
    let file = env.transfer().export_team(&source).await.unwrap();
    assert_eq!(file.people.len(), 12);
    assert_eq!(file.projects.len(), 6);
    assert!(file.assignments.len() > 50);

    // The target already has a person that the file does not: it goes.
    let target = env.team("Target").await;
    let stray = env.person(&target, "Stray").await;
    let p = env.project(&target, "Stray project").await;
    env.assign(&target, &stray.id, &p.id, "2026-05-01", 3).await;

    let json = serde_json::to_string(&file).unwrap();
    let parsed: TeamExport = serde_json::from_str(&json).unwrap();
    let report = env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(report.assignments, file.assignments.len());
    assert_eq!(report.removed, 2 + 1);
    // What went, said as such (a bare "removed 3 items" did not say what).
    assert_eq!((report.removed_people, report.removed_projects, report.removed_assignments), (1, 1, 1));
    let back = env.transfer().export_team(&target).await.unwrap();
    assert_eq!(
        (back.people, back.projects, back.assignments),
        (file.people.clone(), file.projects.clone(), file.assignments.clone())
    );
    // The window query works on the imported long assignments too.
    let w = window("2026-05-01", "2026-08-01");
    assert_eq!(
        env.plan().assignments_in_window(&target, w).await.unwrap(),
        env.plan().assignments_in_window(&source, w).await.unwrap()
    );
}

#[tokio::test]
async fn an_interrupted_import_loses_nothing_and_completes_when_run_again() {
    let (env, recorder) = TestEnv::recorded().await;
    let source = env.team("Source").await;
    env.plan().seed_demo(&source, day("2026-05-01"), 3).await.unwrap();
    let file = env.transfer().export_team(&source).await.unwrap();
    let target = env.team("Target").await;
    let old = env.person(&target, "Old").await;

    recorder.disconnect_after("BatchWriteItem", 2);
    assert!(env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.is_err());
    recorder.clear_rule();
    // Put first: what was there is still there.
    assert!(env.plan().list_people(&target).await.unwrap().contains(&old));
    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
    let back = env.transfer().export_team(&target).await.unwrap();
    assert_eq!((back.people, back.assignments), (file.people, file.assignments));
}

#[tokio::test]
async fn a_file_with_dangling_references_is_refused_before_anything_is_written() {
    let env = TestEnv::new().await;
    let source = env.team("Source").await;
    env.plan().seed_demo(&source, day("2026-05-01"), 5).await.unwrap();
    let mut file = env.transfer().export_team(&source).await.unwrap();
    file.people.remove(0);
    let target = env.team("Target").await;
    let err = env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap_err();
    assert!(matches!(err, StoreError::BadFile { .. }), "{err:?}");
    // Said as what it is: the file, not the configuration.
    let said = err.to_string();
    assert!(said.starts_with("the team export cannot be imported, and nothing was written: "), "{said}");
    assert!(said.ends_with("refers to a person or project that is not in the file"), "{said}");
    assert!(env.plan().list_people(&target).await.unwrap().is_empty());
}

#[tokio::test]
async fn an_import_finishes_a_delete_that_was_left_half_done() {
    let (env, recorder) = TestEnv::recorded().await;
    let source = env.team("Source").await;
    env.person(&source, "Kept").await;
    let file = env.transfer().export_team(&source).await.unwrap();

    let target = env.team("Target").await;
    let half = env.person(&target, "Half deleted").await;
    let p = env.project(&target, "P").await;
    for i in 0..30 {
        env.assign(&target, &half.id, &p.id, &day("2026-01-01").add_days(i).to_string(), 1).await;
    }
    recorder.disconnect_after("BatchWriteItem", 0);
    assert!(env.plan().delete_person(&target, &half.id, &mut |_, _| {}).await.is_err());
    recorder.clear_rule();
    assert_eq!(env.plan().catalog(&target).await.unwrap().pending_deletions.len(), 1);

    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
    let after = env.plan().catalog(&target).await.unwrap();
    assert!(after.pending_deletions.is_empty());
    assert_eq!(after.people.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Kept"]);
    assert!(env.plan().all_assignments(&target).await.unwrap().is_empty());
}

#[tokio::test]
async fn an_import_that_shortens_an_assignment_leaves_no_stale_index_entry() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Shorten").await;
    let long = env.assign(&scope, &r.id, &p.id, "2026-05-01", 92).await;
    let mut file = env.transfer().export_team(&scope).await.unwrap();
    // The same assignment (same id and start day), now 19 days long; and another level change.
    file.assignments[0].range = range("2026-05-01", 19);
    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    assert!(
        env.plan()
            .assignments_in_window(&scope, window("2026-06-15", "2026-07-01"))
            .await
            .unwrap()
            .is_empty()
    );
    let may = env.plan().assignments_in_window(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!(may.len(), 1);
    assert_eq!(may[0].range, range("2026-05-01", 19));
    assert_eq!(may[0].id, long.id);
    env.plan().delete_assignment(&scope, &may[0]).await.unwrap();
    assert!(
        env.plan()
            .assignments_in_window(&scope, window("2026-01-01", "2027-01-01"))
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn an_export_taken_during_an_unfinished_delete_imports_cleanly() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Half").await;
    let gone = env.person(&scope, "Gone").await;
    let kept = env.person(&scope, "Kept").await;
    let p = env.project(&scope, "P").await;
    env.assign(&scope, &gone.id, &p.id, "2026-05-01", 3).await;
    env.assign(&scope, &kept.id, &p.id, "2026-05-01", 3).await;
    recorder.disconnect_after("BatchWriteItem", 0);
    assert!(env.plan().delete_person(&scope, &gone.id, &mut |_, _| {}).await.is_err());
    recorder.clear_rule();
    let file = env.transfer().export_team(&scope).await.unwrap();
    assert_eq!(file.assignments.len(), 1);
    file.validate().unwrap();
    let target = env.team("Copy").await;
    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
}

#[tokio::test]
async fn a_file_that_names_a_person_twice_is_refused() {
    let env = TestEnv::new().await;
    let scope = env.team("Twice").await;
    env.person(&scope, "R").await;
    let mut file = env.transfer().export_team(&scope).await.unwrap();
    file.people.push(file.people[0].clone());
    assert!(matches!(file.validate(), Err(StoreError::BadFile { .. })));
}

/// Counts every item of every assignment (main and index entries) through the export.
async fn plan_sizes(env: &TestEnv, scope: &planner_store::TeamScope) -> (usize, usize, usize) {
    let e = env.transfer().export_team(scope).await.unwrap();
    (e.people.len(), e.projects.len(), e.assignments.len())
}

#[tokio::test]
async fn copying_into_a_team_keeps_what_the_team_has() {
    let env = TestEnv::new().await;
    let local = env.team("This computer").await;
    env.plan().seed_demo(&local, day("2026-05-01"), 11).await.unwrap();
    let file = env.transfer().export_team(&local).await.unwrap();
    let team = env.team("Team").await;
    let theirs = env.person(&team, "Already in the team").await;
    let p = env.project(&team, "Their project").await;
    env.assign(&team, &theirs.id, &p.id, "2026-05-04", 120).await;

    let mut stages = Vec::new();
    let report = env
        .transfer()
        .copy_into_team(&team, &file, &mut |s, d, t| stages.push((s.to_owned(), d, t)))
        .await
        .unwrap();
    assert_eq!((report.people, report.projects, report.assignments), (12, 6, file.assignments.len()));
    assert_eq!(report.already_there, 0);
    assert_eq!(plan_sizes(&env, &team).await, (13, 7, file.assignments.len() + 1));
    assert!(stages.iter().any(|(s, d, t)| s == "assignments" && d == t), "{stages:?}");
    // The long ones are found by the window query in the team too.
    let w = window("2026-05-01", "2026-09-01");
    let in_team = env.plan().assignments_in_window(&team, w).await.unwrap();
    for a in env.plan().assignments_in_window(&local, w).await.unwrap() {
        assert!(in_team.contains(&a), "{a:?} is missing in the team's window");
    }
}

#[tokio::test]
async fn an_interrupted_copy_finishes_when_run_again_without_overwriting_the_teams_changes() {
    let (env, recorder) = TestEnv::recorded().await;
    let local = env.team("This computer").await;
    env.plan().seed_demo(&local, day("2026-05-01"), 5).await.unwrap();
    let file = env.transfer().export_team(&local).await.unwrap();
    let team = env.team("Team").await;

    recorder.disconnect_after("TransactWriteItems", 30);
    assert!(env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.is_err());
    recorder.clear_rule();
    let partial = env.transfer().export_team(&team).await.unwrap();
    assert!(!partial.people.is_empty() && partial.people.len() + partial.projects.len() <= 30);
    // Meanwhile a teammate renames a person the copy already put.
    let copied = &partial.people[0];
    let renamed = env
        .plan()
        .rename_person(
            &team,
            &copied.id,
            copied.version,
            planner_domain::Name::parse("Renamed in the team").unwrap(),
        )
        .await
        .unwrap();

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    assert!(report.already_there >= partial.people.len() + partial.projects.len(), "{report:?}");
    let after = env.transfer().export_team(&team).await.unwrap();
    assert_eq!((after.people.len(), after.projects.len()), (12, 6));
    assert_eq!(after.assignments.len(), file.assignments.len(), "nothing twice, nothing missing");
    assert!(after.people.contains(&renamed), "the team's change stays");
}

#[tokio::test]
async fn a_viewer_cannot_copy_in_and_clearing_empties_the_plan_but_keeps_the_team() {
    let env = TestEnv::new().await;
    let local = env.team("This computer").await;
    env.plan().seed_demo(&local, day("2026-05-01"), 2).await.unwrap();
    let file = env.transfer().export_team(&local).await.unwrap();
    let team = env.team("Team").await;
    let viewer = env.member(&team, planner_domain::Role::Viewer).await;
    let refused = env.transfer().copy_into_team(&viewer, &file, &mut |_, _, _| {}).await.unwrap_err();
    assert!(matches!(refused, StoreError::Forbidden { .. }), "{refused:?}");
    assert_eq!(plan_sizes(&env, &team).await, (0, 0, 0));

    let removed = env.transfer().clear_plan(&local, false, &mut |_, _, _| {}).await.unwrap();
    // People, projects, assignments, and the demo's time off, calendar and holidays.
    let capacity = file.time_off.len() + file.calendars.len() + file.holidays.len();
    assert_eq!(removed, 12 + 6 + file.assignments.len() + capacity);
    assert_eq!(plan_sizes(&env, &local).await, (0, 0, 0));
    assert!(
        env.plan()
            .assignments_in_window(&local, window("2020-01-01", "2030-01-01"))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        env.plan().timeline(&local, window("2026-05-01", "2026-06-01")).await.unwrap().team.name.as_str(),
        "This computer"
    );
}

/// A file as an earlier version wrote it, byte for byte: its names (`resources`, `resourceId`,
/// `startDate`, `endDateExclusive`, …) are the file format's, whatever the code calls them, so a
/// rename in the code must keep them. Version 1: no allocation, no status, no time off.
const VERSION_1_FILE: &str = r##"{
  "format": "resource-planner/team-export",
  "formatVersion": 1,
  "exportedAt": "2026-01-05T09:00:00Z",
  "teamName": "Old team",
  "resources": [{ "id": "01J0000000000000000000000A", "name": "Ada", "version": 1 }],
  "projects": [{ "id": "01J0000000000000000000000B", "name": "Apollo", "color": "#336699", "version": 1 }],
  "assignments": [{
    "id": "01J0000000000000000000000C",
    "resourceId": "01J0000000000000000000000A",
    "projectId": "01J0000000000000000000000B",
    "startDate": "2026-01-05",
    "endDateExclusive": "2026-01-10",
    "version": 1
  }]
}"##;

#[tokio::test]
async fn a_file_written_by_an_earlier_version_imports_as_written() {
    let env = TestEnv::new().await;
    let file: TeamExport = serde_json::from_str(VERSION_1_FILE).unwrap();
    let scope = env.team("Target").await;
    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    let people = env.plan().list_people(&scope).await.unwrap();
    assert_eq!(people.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["Ada"]);
    let shown = env.plan().assignments_in_window(&scope, window("2026-01-01", "2026-02-01")).await.unwrap();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].person_id.to_string(), "01J0000000000000000000000A");
}

#[tokio::test]
async fn a_file_is_written_with_the_format_s_names() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Source").await;
    env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let file = serde_json::to_value(env.transfer().export_team(&scope).await.unwrap()).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&file),
        [
            "assignments",
            "calendars",
            "defaultWeek",
            "exportedAt",
            "format",
            "formatVersion",
            "holidays",
            "projects",
            "resources",
            "teamName",
            "timeOff"
        ]
    );
    assert_eq!(keys(&file["resources"][0]), ["id", "name", "version"]);
    assert_eq!(
        keys(&file["assignments"][0]),
        ["allocation", "endDateExclusive", "id", "projectId", "resourceId", "startDate", "status", "version"]
    );
}
