//! Imports and copies respect deletes: copying a plan into a team (this computer's local workspace
//! moving in) checks each item as a create does, and a run again after an interruption brings back
//! nothing a teammate deleted meanwhile — a person with their bars, a bar, a time off. An import's
//! put does not strip a delete under way, so the teammate's delete cannot then remove the bars the
//! import puts.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::capacity::TimeOffKind;
use planner_domain::{Groups, Label, LabelId, LabelKind, Name, PersonLabels, TimeOffId};
use planner_store::engine::hooks::{Before, Hooks};
use planner_store::{NewTimeOff, StoreError, TeamScope, TimeOffChange, keys};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};

/// A local plan: Gus (one bar) and Sam (two bars, a time off), one project.
async fn local_plan(env: &TestEnv) -> (TeamScope, planner_store::transfer::TeamExport) {
    let local = env.team("This computer").await;
    let gus = env.person(&local, "Gus").await;
    let sam = env.person(&local, "Sam").await;
    let p = env.project(&local, "Globex").await;
    env.assign(&local, &gus.id, &p.id, "2026-05-04", 3).await;
    env.assign(&local, &sam.id, &p.id, "2026-05-04", 3).await;
    env.assign(&local, &sam.id, &p.id, "2026-05-11", 3).await;
    let new = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: sam.id.clone(),
        change: TimeOffChange { range: range("2026-05-18", 2), kind: TimeOffKind::Holiday, minutes: None },
    };
    env.plan().create_time_off(&local, new).await.unwrap();
    let file = env.transfer().export_team(&local).await.unwrap();
    (local, file)
}

#[tokio::test]
async fn a_copy_run_again_brings_back_nothing_the_team_deleted_meanwhile() {
    let env = TestEnv::new().await;
    let (_, file) = local_plan(&env).await;
    let team = env.team("Team").await;
    // The first run put everything (its end was lost, say, so the move runs again).
    env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    // Meanwhile teammates delete Gus (with his bar), one of Sam's bars and Sam's time off.
    let gus = file.people.iter().find(|r| r.name.as_str() == "Gus").unwrap();
    env.plan().delete_person(&team, &gus.id, &mut |_, _| {}).await.unwrap();
    let in_team = env.transfer().export_team(&team).await.unwrap();
    let sams_first = in_team.assignments.iter().find(|a| a.range.start() == day("2026-05-04")).unwrap();
    env.plan().delete_assignment(&team, sams_first).await.unwrap();
    env.plan().delete_time_off(&team, &in_team.time_off[0]).await.unwrap();
    let left = env.transfer().export_team(&team).await.unwrap();

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let after = env.transfer().export_team(&team).await.unwrap();
    assert_eq!(
        (after.people, after.assignments, after.time_off),
        (left.people, left.assignments, left.time_off),
        "nothing came back"
    );
    // Gus, his bar, Sam's bar and the time off.
    assert_eq!(report.deleted_in_team, 4, "{report:?}");
    assert_eq!(report.already_there, 3, "Sam, the project and Sam's other bar: {report:?}");
}

/// A bar a teammate moved (another start day is another key) and a time off moved likewise
/// are not put back at their old keys by a run again: the team would show them twice.
#[tokio::test]
async fn a_copy_run_again_does_not_bring_back_what_the_team_moved_meanwhile() {
    let env = TestEnv::new().await;
    let (_, file) = local_plan(&env).await;
    let team = env.team("Team").await;
    env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let in_team = env.transfer().export_team(&team).await.unwrap();
    let bar = in_team.assignments.iter().find(|a| a.range.start() == day("2026-05-11")).unwrap();
    let change = planner_store::AssignmentChange {
        person_id: bar.person_id.clone(),
        project_id: bar.project_id.clone(),
        range: range("2026-06-01", 3),
        allocation: None,
        status: None,
        series: None,
    };
    env.plan().update_assignment(&team, bar, change).await.unwrap();
    let off = &in_team.time_off[0];
    let moved = TimeOffChange { range: range("2026-06-08", 2), kind: off.kind, minutes: off.minutes };
    env.plan().update_time_off(&team, off, moved).await.unwrap();
    let left = env.transfer().export_team(&team).await.unwrap();

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let after = env.transfer().export_team(&team).await.unwrap();
    assert_eq!((after.assignments, after.time_off), (left.assignments, left.time_off), "nothing twice");
    assert_eq!(report.deleted_in_team, 2, "the moved bar and time off: {report:?}");
}

/// An admin's import that moves a bar (the file has it on another day) or drops one leaves the
/// same marks as an edit's move or delete: a copy run again afterwards puts neither back.
#[tokio::test]
async fn a_copy_run_again_does_not_bring_back_what_an_import_moved_or_removed() {
    let env = TestEnv::new().await;
    let (_, file) = local_plan(&env).await;
    let team = env.team("Team").await;
    env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let mut restored = env.transfer().export_team(&team).await.unwrap();
    let moved = restored.assignments.iter_mut().find(|a| a.range.start() == day("2026-05-11")).unwrap();
    moved.range = range("2026-06-01", 3);
    let gus = file.people.iter().find(|r| r.name.as_str() == "Gus").unwrap();
    restored.assignments.retain(|a| a.person_id != gus.id);
    env.transfer().import_team(&team, &restored, &mut |_, _, _| {}).await.unwrap();
    let left = env.transfer().export_team(&team).await.unwrap();

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let after = env.transfer().export_team(&team).await.unwrap();
    assert_eq!(after.assignments, left.assignments, "nothing back, nothing twice");
    assert_eq!(report.deleted_in_team, 2, "the moved bar and the removed one: {report:?}");
}

#[tokio::test]
async fn a_copy_puts_no_bar_onto_a_person_being_deleted() {
    let env = TestEnv::new().await;
    let (_, file) = local_plan(&env).await;
    let team = env.team("Team").await;
    env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    // A teammate's delete of Sam is under way: Sam is marked and one of his bars already gone
    // (the cascade's first steps), when the move runs again.
    let sam = file.people.iter().find(|r| r.name.as_str() == "Sam").unwrap();
    let conn = env.store.connection();
    let pk = keys::team_pk(team.team());
    conn.client
        .update_item()
        .table_name(&conn.table)
        .key(keys::PK, AttributeValue::S(pk.clone()))
        .key(keys::SK, AttributeValue::S(keys::person_sk(&sam.id)))
        .update_expression("SET deleting = :now")
        .expression_attribute_values(":now", AttributeValue::S("2026-05-01T09:00:00Z".into()))
        .send()
        .await
        .unwrap();
    let bar = file.assignments.iter().find(|a| a.person_id == sam.id).unwrap();
    let bar_sk = keys::assignment_sk(bar.range.start(), &bar.id);
    conn.client
        .delete_item()
        .table_name(&conn.table)
        .key(keys::PK, AttributeValue::S(pk.clone()))
        .key(keys::SK, AttributeValue::S(bar_sk.clone()))
        .send()
        .await
        .unwrap();

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let put_back = conn
        .client
        .get_item()
        .table_name(&conn.table)
        .key(keys::PK, AttributeValue::S(pk))
        .key(keys::SK, AttributeValue::S(bar_sk))
        .consistent_read(true)
        .send()
        .await
        .unwrap()
        .item;
    assert!(put_back.is_none(), "a bar was put onto a person being deleted: {put_back:?}");
    assert!(report.deleted_in_team >= 1, "{report:?}");
}

/// Holds the first Query after it is armed until released: a teammate's delete paused after its
/// first step (the cascade's mark), before it lists the person's bars (its first Query).
#[derive(Debug, Default)]
struct Pause {
    armed: AtomicBool,
    paused: Mutex<Option<mpsc::Sender<()>>>,
    release: Mutex<Option<mpsc::Receiver<()>>>,
}

impl Hooks for Pause {
    fn before(&self, operation: &str, _body: &[u8]) -> Before {
        if operation == "Query" && self.armed.swap(false, Ordering::SeqCst) {
            if let Some(paused) = self.paused.lock().unwrap().take() {
                let _ = paused.send(());
            }
            if let Some(release) = self.release.lock().unwrap().take() {
                // Waiting blocks this worker thread: block_in_place hands its other tasks (an
                // HTTP connection's, waiting in its slot, on a real endpoint) to another thread,
                // so that the import meanwhile is not stuck behind the paused delete.
                tokio::task::block_in_place(|| {
                    let _ = release.recv();
                });
            }
        }
        Before::Forward
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_during_a_teammates_delete_keeps_the_files_bars() {
    let pause = Arc::new(Pause::default());
    let env = Arc::new(TestEnv::with_hooks(Some(pause.clone())).await);
    let (team, r, p) = env.team_with_r_and_p("Import").await;
    env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    env.assign(&team, &r.id, &p.id, "2026-05-11", 3).await;
    let file = env.transfer().export_team(&team).await.unwrap();

    // A teammate deletes R: the mark is set, then the delete waits before it lists R's bars.
    let (paused_tx, paused_rx) = mpsc::channel();
    let (release_tx, release_rx) = mpsc::channel();
    *pause.paused.lock().unwrap() = Some(paused_tx);
    *pause.release.lock().unwrap() = Some(release_rx);
    pause.armed.store(true, Ordering::SeqCst);
    let teammate = {
        let (env, team, id) = (env.clone(), team.clone(), r.id.clone());
        tokio::spawn(async move { env.plan().delete_person(&team, &id, &mut |_, _| {}).await })
    };
    tokio::task::spawn_blocking(move || paused_rx.recv()).await.unwrap().unwrap();
    // Meanwhile an admin imports the file, R and both bars in it; then the delete goes on.
    env.transfer().import_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    release_tx.send(()).unwrap();
    let outcome = teammate.await.unwrap();

    let after = env.transfer().export_team(&team).await.unwrap();
    assert_eq!(
        (after.people.len(), after.assignments.len()),
        (file.people.len(), file.assignments.len()),
        "the import's plan stands whole, not R without the bars the import put (the teammate's delete: {outcome:?})"
    );
}

#[tokio::test]
async fn a_copy_run_again_does_not_bring_back_a_calendar_the_team_deleted() {
    let env = TestEnv::new().await;
    let local = env.team("This computer").await;
    let cal = env
        .plan()
        .create_calendar(
            &local,
            planner_domain::CalendarId::generate(),
            planner_domain::Name::parse("UK").unwrap(),
            Some("GB".into()),
        )
        .await
        .unwrap();
    let days = vec![(day("2026-12-25"), planner_domain::Name::parse("Christmas Day").unwrap())];
    env.plan().put_holidays(&local, &cal.id, days).await.unwrap();
    let file = env.transfer().export_team(&local).await.unwrap();
    let team = env.team("Team").await;
    env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    // A teammate deletes the calendar (and so its holiday); the move runs again.
    env.plan().delete_calendar(&team, &cal.id).await.unwrap();
    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    let after = env.transfer().export_team(&team).await.unwrap();
    assert!(
        after.calendars.is_empty() && after.holidays.is_empty(),
        "{:?} {:?}",
        after.calendars,
        after.holidays
    );
    assert_eq!(report.deleted_in_team, 2, "the calendar and its holiday: {report:?}");
}

/// Calendars and holidays are the admins' everywhere: a planner's copy of a plan that has any
/// (a local workspace moving in) leaves them out, its people in no calendar, and says how many
/// (the move keeps them on the computer); an admin's copies them.
#[tokio::test]
async fn a_planner_cannot_bring_calendars_in_through_a_copy() {
    let env = TestEnv::new().await;
    let (local, _) = local_plan(&env).await;
    let cal = env
        .plan()
        .create_calendar(
            &local,
            planner_domain::CalendarId::generate(),
            planner_domain::Name::parse("Mine").unwrap(),
            None,
        )
        .await
        .unwrap();
    env.plan()
        .put_holidays(
            &local,
            &cal.id,
            vec![(day("2026-05-06"), planner_domain::Name::parse("Day off for all").unwrap())],
        )
        .await
        .unwrap();
    let gus =
        env.plan().list_people(&local).await.unwrap().into_iter().find(|p| p.name.as_str() == "Gus").unwrap();
    env.plan().set_working_time(&local, &gus, None, Some(cal.id.clone())).await.unwrap();
    let with_calendar = env.transfer().export_team(&local).await.unwrap();
    let admin = env.team("Team").await;
    let planner = env.member(&admin, planner_domain::Role::Planner).await;

    let report = env.transfer().copy_into_team(&planner, &with_calendar, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(report.calendars_left_out, 1);
    assert!(env.plan().calendars(&admin).await.unwrap().is_empty(), "no calendar made by a planner");
    let people = env.plan().list_people(&admin).await.unwrap();
    assert_eq!(people.len(), 2, "the rest is copied");
    assert!(people.iter().all(|p| p.calendar.is_none()), "in no calendar");
    let t = env.plan().timeline(&admin, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert!(t.items.holidays.is_empty());

    let other = env.team("Admin's").await;
    let report = env.transfer().copy_into_team(&other, &with_calendar, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(report.calendars_left_out, 0);
    assert_eq!(env.plan().calendars(&other).await.unwrap().len(), 1);
}

async fn label(env: &TestEnv, scope: &TeamScope, kind: LabelKind, name: &str) -> Label {
    env.plan().create_label(scope, LabelId::generate(), kind, Name::parse(name).unwrap()).await.unwrap()
}

/// How many label name guards the team's partition holds.
async fn name_guards(env: &TestEnv, scope: &TeamScope) -> usize {
    partition(env, &keys::team_pk(scope.team()))
        .await
        .iter()
        .filter(|i| keys::parse_team_sk(i[keys::SK].as_s().unwrap()) == Ok(keys::TeamItemKey::LabelName))
        .count()
}

/// A local plan whose Gus carries a group, a role and two skills: React and Go.
async fn labelled_local(env: &TestEnv) -> (TeamScope, Vec<Label>, planner_store::transfer::TeamExport) {
    let local = env.team("This computer").await;
    let labels = vec![
        label(env, &local, LabelKind::Group, "Design").await,
        label(env, &local, LabelKind::Role, "Lead").await,
        label(env, &local, LabelKind::Skill, "React").await,
        label(env, &local, LabelKind::Skill, "Go").await,
    ];
    let gus = env.person(&local, "Gus").await;
    let carried = PersonLabels::new(
        Groups::always(Some(labels[0].id.clone())),
        Some(labels[1].id.clone()),
        [labels[2].id.clone(), labels[3].id.clone()].into(),
    )
    .unwrap();
    env.plan().set_person_labels(&local, &gus, carried).await.unwrap();
    let file = env.transfer().export_team(&local).await.unwrap();
    (local, labels, file)
}

/// The local plan's labels come in with their names' guards, but a name the team's list has
/// already (any case or width) stays the team's label, and the copied people carry that one; a
/// run again puts nothing twice; clearing the local plan afterwards removes its labels and frees
/// their names.
#[tokio::test]
async fn a_copy_brings_labels_in_and_the_copied_people_carry_the_teams_label_of_a_name() {
    let env = TestEnv::new().await;
    let (local, labels, file) = labelled_local(&env).await;
    let [design, lead, _, go] = [&labels[0], &labels[1], &labels[2], &labels[3]];
    let team = env.team("Team").await;
    let theirs = label(&env, &team, LabelKind::Skill, "ＲＥＡＣＴ").await;

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!((report.labels, report.labels_matched, report.already_there), (4, 1, 0), "{report:?}");
    let catalog = env.plan().catalog(&team).await.unwrap();
    let mut ids: Vec<_> = catalog.labels.iter().map(|l| l.id.clone()).collect();
    let mut want = vec![design.id.clone(), lead.id.clone(), go.id.clone(), theirs.id.clone()];
    ids.sort();
    want.sort();
    assert_eq!(ids, want, "no second React");
    assert_eq!(name_guards(&env, &team).await, 4);
    let gus = &catalog.people[0];
    assert_eq!(gus.labels.skills, [theirs.id.clone(), go.id.clone()].into(), "the team's React");
    assert_eq!(
        (gus.labels.role.as_ref(), gus.labels.groups.on(day("2026-05-01"))),
        (Some(&lead.id), Some(&design.id))
    );
    // The copied labels are the team's as any: a create of their names is refused.
    let e = env
        .plan()
        .create_label(&team, LabelId::generate(), LabelKind::Skill, Name::parse("go").unwrap())
        .await;
    assert!(
        matches!(e, Err(StoreError::Invalid(planner_domain::ValidationError::DuplicateLabel { .. }))),
        "{e:?}"
    );

    let again = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!((again.labels_matched, again.already_there), (1, 3 + 1), "three labels and Gus: {again:?}");
    assert_eq!(env.plan().catalog(&team).await.unwrap(), catalog, "nothing twice, nothing changed");
    assert_eq!(name_guards(&env, &team).await, 4);

    // Clearing the local plan removes Gus and the four labels with their guards.
    assert_eq!(env.transfer().clear_plan(&local, false, &mut |_, _, _| {}).await.unwrap(), 1 + 4);
    assert!(env.plan().catalog(&local).await.unwrap().labels.is_empty());
    assert_eq!(name_guards(&env, &local).await, 0);
    label(&env, &local, LabelKind::Skill, "React").await;
}

/// A name held by a label whose delete was cut short in the team is freed by finishing that
/// delete: the copied label takes the name and the copied people keep it. A label an earlier run
/// put that the team is deleting now is not put again, and the people carry nothing for it.
#[tokio::test]
async fn a_copy_finishes_a_delete_that_holds_a_name_and_brings_back_no_label_being_deleted() {
    let (env, recorder) = TestEnv::recorded().await;
    let (_, labels, file) = labelled_local(&env).await;
    let (react, go) = (&labels[2], &labels[3]);
    let team = env.team("Team").await;
    let old_go = label(&env, &team, LabelKind::Skill, "Go").await;
    recorder.disconnect_after("Query", 0);
    assert!(env.plan().delete_label(&team, &old_go.id).await.is_err(), "cut after the mark");
    recorder.clear_rule();

    let report = env.transfer().copy_into_team(&team, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!((report.labels_matched, report.deleted_in_team), (0, 0), "{report:?}");
    let catalog = env.plan().catalog(&team).await.unwrap();
    assert!(catalog.labels.contains(go) && !catalog.labels.iter().any(|l| l.id == old_go.id));
    assert!(catalog.people[0].labels.skills.contains(&go.id));
    assert_eq!(name_guards(&env, &team).await, 4);

    // In another team, a teammate's delete of the copied React is cut short; then the move runs
    // again, with a new person who carries React too.
    let other = env.team("Other").await;
    env.transfer().copy_into_team(&other, &file, &mut |_, _, _| {}).await.unwrap();
    recorder.disconnect_after("Query", 0);
    assert!(env.plan().delete_label(&other, &react.id).await.is_err(), "cut after the mark");
    recorder.clear_rule();
    let mut more = file.clone();
    let ivy = planner_domain::Person {
        id: planner_domain::PersonId::generate(),
        name: Name::parse("Ivy").unwrap(),
        ..file.people[0].clone()
    };
    more.people.push(ivy.clone());
    let report = env.transfer().copy_into_team(&other, &more, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(report.deleted_in_team, 1, "React: {report:?}");
    let catalog = env.plan().catalog(&other).await.unwrap();
    let copied = catalog.people.iter().find(|p| p.id == ivy.id).unwrap();
    assert_eq!(copied.labels.skills, [go.id.clone()].into(), "no React");
    assert_eq!(copied.labels.role, ivy.labels.role);
    assert!(!catalog.labels.iter().any(|l| l.id == react.id));
}
