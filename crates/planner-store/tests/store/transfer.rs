//! Export a team and import it back: put before delete, re-runnable after an interruption.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::{Groups, Label, LabelId, LabelKind, Name, Person, PersonLabels, ValidationError};
use planner_store::transfer::TeamExport;
use planner_store::{StoreError, TeamScope, keys};

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
    // People, projects, assignments, the demo's time off, calendar and holidays, and its groups,
    // roles and skills.
    let capacity = file.time_off.len() + file.calendars.len() + file.holidays.len();
    assert_eq!(file.labels.len(), 12);
    assert_eq!(removed, 12 + 6 + file.assignments.len() + capacity + file.labels.len());
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
            "labels",
            "projects",
            "resources",
            "teamName",
            "timeOff",
            "views"
        ]
    );
    assert_eq!(keys(&file["resources"][0]), ["id", "name", "version"]);
    assert_eq!(
        keys(&file["assignments"][0]),
        ["allocation", "endDateExclusive", "id", "projectId", "resourceId", "startDate", "status", "version"]
    );
}

async fn label(env: &TestEnv, scope: &TeamScope, kind: LabelKind, name: &str) -> Label {
    env.plan().create_label(scope, LabelId::generate(), kind, Name::parse(name).unwrap()).await.unwrap()
}

async fn carry(
    env: &TestEnv,
    scope: &TeamScope,
    p: &Person,
    groups: Groups,
    role: Option<&Label>,
    skills: &[&Label],
) -> Person {
    let labels =
        PersonLabels::new(groups, role.map(|r| r.id.clone()), skills.iter().map(|s| s.id.clone()).collect())
            .unwrap();
    env.plan().set_person_labels(scope, p, labels).await.unwrap()
}

/// The sort keys of the team's label name guards, as stored.
async fn name_guards(env: &TestEnv, scope: &TeamScope) -> Vec<String> {
    let mut out: Vec<String> = partition(env, &keys::team_pk(scope.team()))
        .await
        .iter()
        .map(|i| i[keys::SK].as_s().unwrap().clone())
        .filter(|sk| keys::parse_team_sk(sk) == Ok(keys::TeamItemKey::LabelName))
        .collect();
    out.sort();
    out
}

fn guard_of(l: &Label) -> String {
    keys::label_name_sk(l.kind, &Label::name_key(&l.name))
}

/// A team whose people carry groups over time, a role and skills: Ada (Design, then Product
/// from 2027-02-01; Lead; React and Go), Bob (Go), Cy (none); and a label no one carries.
async fn labelled_team(env: &TestEnv, name: &str) -> TeamScope {
    let scope = env.team(name).await;
    let design = label(env, &scope, LabelKind::Group, "Design").await;
    let product = label(env, &scope, LabelKind::Group, "Product").await;
    let lead = label(env, &scope, LabelKind::Role, "Lead").await;
    let react = label(env, &scope, LabelKind::Skill, "React").await;
    let go = label(env, &scope, LabelKind::Skill, "Go").await;
    label(env, &scope, LabelKind::Skill, "Japanese").await;
    let ada = env.person(&scope, "Ada").await;
    let groups =
        Groups::always(Some(design.id.clone())).moved(Some(day("2027-02-01")), Some(product.id.clone()));
    carry(env, &scope, &ada, groups, Some(&lead), &[&react, &go]).await;
    let bob = env.person(&scope, "Bob").await;
    carry(env, &scope, &bob, Groups::default(), None, &[&go]).await;
    env.person(&scope, "Cy").await;
    scope
}

#[tokio::test]
async fn labels_and_what_each_person_carries_go_out_and_come_back_as_they_were() {
    let env = TestEnv::new().await;
    let source = labelled_team(&env, "Source").await;
    let file = env.transfer().export_team(&source).await.unwrap();
    assert_eq!(file.format_version, 5);
    assert_eq!(file.labels.len(), 6);
    let json = serde_json::to_value(&file).unwrap();
    let ada = json["resources"].as_array().unwrap().iter().find(|r| r["name"] == "Ada").unwrap();
    let mut keys: Vec<_> = ada.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    assert_eq!(keys, ["groups", "id", "name", "role", "skills", "version"], "the person's labels, by id");
    assert_eq!(json["labels"][0].as_object().unwrap().len(), 4, "{}", json["labels"][0]);

    let target = env.team("Target").await;
    let parsed: TeamExport = serde_json::from_value(json).unwrap();
    let report = env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    assert_eq!((report.labels, report.removed_labels), (6, 0));
    let (theirs, ours) =
        (env.plan().catalog(&source).await.unwrap(), env.plan().catalog(&target).await.unwrap());
    assert_eq!((&ours.labels, &ours.people), (&theirs.labels, &theirs.people));
    let ada = ours.people.iter().find(|p| p.name.as_str() == "Ada").unwrap();
    let group_on = |d| {
        ada.labels
            .groups
            .on(day(d))
            .and_then(|g| ours.labels.iter().find(|l| &l.id == g))
            .map(|l| l.name.as_str())
    };
    assert_eq!((group_on("2027-01-31"), group_on("2027-02-01")), (Some("Design"), Some("Product")));
    // Each name is the imported label's: taken in the team as a create would have taken it.
    let mut guards: Vec<_> = file.labels.iter().map(guard_of).collect();
    guards.sort();
    assert_eq!(name_guards(&env, &target).await, guards);
    let e = env
        .plan()
        .create_label(&target, LabelId::generate(), LabelKind::Skill, Name::parse("react").unwrap())
        .await;
    assert!(matches!(e, Err(StoreError::Invalid(ValidationError::DuplicateLabel { .. }))), "{e:?}");
    // The same file again changes nothing.
    env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    let again = env.plan().catalog(&target).await.unwrap();
    assert_eq!((again.labels, again.people), (ours.labels, ours.people));
    assert_eq!(name_guards(&env, &target).await, guards);
}

#[tokio::test]
async fn an_import_removes_the_labels_the_file_does_not_have_and_frees_their_names() {
    let env = TestEnv::new().await;
    let source = labelled_team(&env, "Source").await;
    let file = env.transfer().export_team(&source).await.unwrap();
    // The target has a group and a skill of its own, carried by its own person; its skill
    // "REACT" has the name of the file's "React" (another label).
    let target = env.team("Target").await;
    let ops = label(&env, &target, LabelKind::Group, "Ops").await;
    let theirs = label(&env, &target, LabelKind::Skill, "REACT").await;
    let stray = env.person(&target, "Stray").await;
    carry(&env, &target, &stray, Groups::always(Some(ops.id.clone())), None, &[&theirs]).await;

    let report = env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!((report.removed_labels, report.removed_people), (2, 1), "{report:?}");
    let after = env.plan().catalog(&target).await.unwrap();
    assert_eq!(after.labels, env.plan().catalog(&source).await.unwrap().labels);
    let mut guards: Vec<_> = file.labels.iter().map(guard_of).collect();
    guards.sort();
    assert_eq!(name_guards(&env, &target).await, guards, "the removed labels' guards went with them");
    // "Ops" is free again; "React" is the file's label's now.
    let again = label(&env, &target, LabelKind::Group, "Ops").await;
    assert!(env.plan().catalog(&target).await.unwrap().labels.contains(&again));
    let e = env
        .plan()
        .create_label(&target, LabelId::generate(), LabelKind::Skill, Name::parse("React").unwrap())
        .await;
    assert!(matches!(e, Err(StoreError::Invalid(ValidationError::DuplicateLabel { .. }))), "{e:?}");
    // The file's "React" can be renamed and deleted as any label (its guard is its own).
    let react = after.labels.iter().find(|l| l.name.as_str() == "React").unwrap();
    env.plan()
        .rename_label(&target, &react.id, react.version, Name::parse("React.js").unwrap())
        .await
        .unwrap();
    assert_eq!(env.plan().delete_label(&target, &react.id).await.unwrap(), 1);
    label(&env, &target, LabelKind::Skill, "React").await;
}

/// Refuses the file with a sentence that ends with `ends`, and leaves the team as it was.
async fn refused(env: &TestEnv, target: &TeamScope, file: &TeamExport, ends: &str) {
    let before = env.plan().catalog(target).await.unwrap();
    let guards = name_guards(env, target).await;
    let err = env.transfer().import_team(target, file, &mut |_, _, _| {}).await.unwrap_err();
    assert!(matches!(err, StoreError::BadFile { .. }), "{err:?}");
    let said = err.to_string();
    assert!(said.starts_with("the team export cannot be imported, and nothing was written: "), "{said}");
    assert!(said.ends_with(ends), "{said}");
    assert_eq!(env.plan().catalog(target).await.unwrap(), before, "nothing was written");
    assert_eq!(name_guards(env, target).await, guards);
}

#[tokio::test]
async fn a_file_whose_person_has_a_skill_it_does_not_have_is_refused_and_changes_nothing() {
    let env = TestEnv::new().await;
    let source = labelled_team(&env, "Source").await;
    let file = env.transfer().export_team(&source).await.unwrap();
    let target = env.team("Target").await;
    let kept = label(&env, &target, LabelKind::Skill, "Kept").await;
    let person = env.person(&target, "Existing").await;
    carry(&env, &target, &person, Groups::default(), None, &[&kept]).await;

    let ada = file.people.iter().find(|p| p.name.as_str() == "Ada").unwrap().clone();
    let react = file.labels.iter().find(|l| l.name.as_str() == "React").unwrap().clone();
    let mut missing = file.clone();
    missing.labels.retain(|l| l.id != react.id);
    refused(
        &env,
        &target,
        &missing,
        &format!("Ada ({}) has the skill {}, which is not in the file", ada.id, react.id),
    )
    .await;
    // A label of another list: said as such.
    let mut wrong = file.clone();
    wrong.labels.iter_mut().find(|l| l.id == react.id).unwrap().kind = LabelKind::Group;
    refused(
        &env,
        &target,
        &wrong,
        &format!("Ada ({}) has \"React\" ({}) as a skill, but the file has it as a group", ada.id, react.id),
    )
    .await;
    // The file as exported goes in.
    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
}

#[tokio::test]
async fn a_file_with_two_skills_of_one_name_is_refused() {
    let env = TestEnv::new().await;
    let source = labelled_team(&env, "Source").await;
    let mut file = env.transfer().export_team(&source).await.unwrap();
    let react = file.labels.iter().find(|l| l.name.as_str() == "React").unwrap().clone();
    let twin = Label { id: LabelId::generate(), name: Name::parse("react").unwrap(), ..react.clone() };
    file.labels.push(twin.clone());
    let target = env.team("Target").await;
    env.person(&target, "Existing").await;
    let said = format!(
        "the skills \"React\" ({}) and \"react\" ({}) have the same name (the names of a list differ in more than case or width)",
        react.id, twin.id
    );
    refused(&env, &target, &file, &said).await;
    // Alike in another list is another label; the same id twice is refused.
    file.labels.last_mut().unwrap().kind = LabelKind::Group;
    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
    file.labels.push(react.clone());
    refused(&env, &target, &file, &format!("label {} appears twice", react.id)).await;
}

#[tokio::test]
async fn an_export_leaves_out_a_label_a_person_names_that_the_team_does_not_have() {
    let env = TestEnv::new().await;
    let scope = labelled_team(&env, "Dangling").await;
    let bob =
        env.plan().list_people(&scope).await.unwrap().into_iter().find(|p| p.name.as_str() == "Bob").unwrap();
    // Bob's stored item names a skill and a role that are not the team's (as a damage, or a
    // label deleted while he was written).
    let ghost = LabelId::generate();
    let conn = env.store.connection();
    let mut skills: Vec<String> = bob.labels.skills.iter().map(|s| s.to_string()).collect();
    skills.push(ghost.to_string());
    conn.client
        .update_item()
        .table_name(&conn.table)
        .key(keys::PK, AttributeValue::S(keys::team_pk(scope.team())))
        .key(keys::SK, AttributeValue::S(keys::person_sk(&bob.id)))
        .update_expression("SET skills = :s, roleId = :r")
        .expression_attribute_values(":s", AttributeValue::Ss(skills))
        .expression_attribute_values(":r", AttributeValue::S(ghost.to_string()))
        .send()
        .await
        .unwrap();
    let file = env.transfer().export_team(&scope).await.unwrap();
    let exported = file.people.iter().find(|p| p.id == bob.id).unwrap();
    assert_eq!(exported.labels, bob.labels, "the team's skill stays, the others go");
    file.validate().unwrap();
    let target = env.team("Target").await;
    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
}

#[tokio::test]
async fn an_import_finishes_a_labels_delete_begun_in_the_team_before_it_puts_the_label() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = labelled_team(&env, "Cut short").await;
    let file = env.transfer().export_team(&scope).await.unwrap();
    let go = file.labels.iter().find(|l| l.name.as_str() == "Go").unwrap().clone();
    recorder.disconnect_after("Query", 0);
    assert!(env.plan().delete_label(&scope, &go.id).await.is_err(), "cut after the mark");
    recorder.clear_rule();
    assert!(!env.plan().catalog(&scope).await.unwrap().labels.contains(&go));

    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    let after = env.transfer().export_team(&scope).await.unwrap();
    // Go is the team's again, carried as the file has it (the delete, finished first, took it
    // from Ada and Bob before the file's people were put).
    assert_eq!((after.labels, after.people), (file.labels, file.people));
    assert!(name_guards(&env, &scope).await.contains(&guard_of(&go)));
}
