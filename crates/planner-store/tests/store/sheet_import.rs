//! A sheet's import written all or nothing (access pattern 69): its labels, projects, people
//! (with what they carry), people's changed labels, bookings and time off as one batch ending in
//! the summary record; a failure midway, or a cancel, undoes what was written; viewers are
//! refused.

use crate::common::*;
use planner_domain::capacity::{Allocation, TimeOffKind};
use planner_domain::{
    Assignment, AssignmentId, Color, FeedKind, Groups, Label, LabelId, LabelKind, Name, Person, PersonId,
    PersonLabels, Project, ProjectId, Role, TimeOffId,
};
use planner_store::feed::ActivityFilter;
use planner_store::transfer::{PersonChange, SheetImported, SheetSummary, SheetWrites, TimeOffWrite};
use planner_store::{
    AssignmentChange, BookingEdit, NewAssignment, NewTimeOff, StoreError, TeamScope, TimeOffChange,
};
use std::sync::atomic::{AtomicBool, Ordering};

/// A new role and group, a new project and a new person with that role, with `bookings` weekly
/// bookings of them, and a week off.
fn writes(bookings: i64) -> SheetWrites {
    let [role, group] = [(LabelKind::Role, "Imported role"), (LabelKind::Group, "Imported group")]
        .map(|(kind, n)| Label { id: LabelId::generate(), kind, name: Name::parse(n).unwrap(), version: 1 });
    let project = Project {
        id: ProjectId::generate(),
        name: Name::parse("Imported project").unwrap(),
        color: Color::parse("#112233").unwrap(),
        version: 1,
    };
    let person = Person {
        labels: PersonLabels { role: Some(role.id.clone()), ..Default::default() },
        ..Person::new(PersonId::generate(), Name::parse("Imported person").unwrap())
    };
    let bookings = (0..bookings)
        .map(|i| {
            BookingEdit::Create(NewAssignment {
                id: AssignmentId::generate(),
                person_id: person.id.clone(),
                project_id: project.id.clone(),
                range: range(&day("2027-01-04").add_days(i * 7).to_string(), 5),
                allocation: Allocation::HoursPerDay(360),
                status: Default::default(),
                series: None,
            })
        })
        .collect();
    let off = TimeOffWrite::Create(NewTimeOff {
        id: TimeOffId::generate(),
        person_id: person.id.clone(),
        change: TimeOffChange { range: range("2027-01-01", 1), kind: TimeOffKind::Holiday, minutes: None },
    });
    SheetWrites {
        labels: vec![role, group],
        projects: vec![project],
        projects_changed: vec![],
        people: vec![person],
        people_changed: vec![],
        bookings,
        time_off: vec![off],
    }
}

/// `w` also renaming `r` Roberta (a row matched by its id) and moving them into its new group.
fn regrouped(mut w: SheetWrites, r: &Person) -> SheetWrites {
    let group = w.labels.iter().find(|l| l.kind == LabelKind::Group).unwrap().id.clone();
    let labels = PersonLabels { groups: Groups::always(Some(group)), ..r.labels.clone() };
    w.people_changed.push(PersonChange {
        person: r.clone(),
        name: Some(Name::parse("Roberta").unwrap()),
        labels: Some(labels),
    });
    w
}

/// The team's labels by name, and who carries which role and group (today).
async fn who_carries(
    env: &TestEnv,
    scope: &TeamScope,
) -> (Vec<String>, Vec<(String, Option<String>, Option<String>)>) {
    let labels = env.plan().labels(scope).await.unwrap();
    let of = |id: &LabelId| labels.iter().find(|l| l.id == *id).map(|l| l.name.to_string());
    let t = env.plan().timeline(scope, window("2027-01-01", "2027-01-02")).await.unwrap();
    let mut carried: Vec<_> = t
        .people
        .iter()
        .map(|p| {
            (
                p.name.to_string(),
                p.labels.role.as_ref().and_then(of),
                p.labels.groups.on(day("2027-01-01")).and_then(of),
            )
        })
        .collect();
    carried.sort();
    let mut names: Vec<String> = labels.iter().map(|l| l.name.to_string()).collect();
    names.sort();
    (names, carried)
}

fn summary() -> SheetSummary {
    SheetSummary {
        file: "plan.csv".into(),
        people: 1,
        projects: 1,
        assignments: 150,
        time_off: 1,
        ..Default::default()
    }
}

async fn what_the_team_has(
    env: &TestEnv,
    scope: &TeamScope,
) -> (Vec<String>, Vec<String>, Vec<Assignment>, usize) {
    let t = env.plan().timeline(scope, window("2026-12-01", "2030-01-01")).await.unwrap();
    let mut people: Vec<_> = t.people.iter().map(|p| p.name.to_string()).collect();
    let mut projects: Vec<_> = t.projects.iter().map(|p| p.name.to_string()).collect();
    people.sort();
    projects.sort();
    (people, projects, t.items.assignments, t.items.time_off.len())
}

#[tokio::test]
async fn an_import_is_one_batch_ending_in_its_summary() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, _) = env.team_with_r_and_p("Sheet").await;
    let w = regrouped(writes(150), &r);
    let count = w.len();
    recorder.take();
    let end = env
        .transfer()
        .import_sheet(&scope, w, &summary(), &AtomicBool::new(false), &mut |_, _| {})
        .await
        .unwrap();
    // The 150 bookings in a few transactions of at most 100 actions; two labels, a project, a
    // person, the labels they carry, R's new name and group, a time off and the summary: one
    // each. The count answered is the transactions sent.
    let sent: Vec<usize> = recorder
        .take()
        .iter()
        .filter(|s| s.operation == "TransactWriteItems")
        .map(|s| s.request["TransactItems"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(end, SheetImported::Written { requests: sent.len() as u32 });
    assert!(sent.len() <= 13 && sent.iter().all(|&n| n <= 100), "{sent:?}");
    let (people, projects, bookings, off) = what_the_team_has(&env, &scope).await;
    assert_eq!(people, ["Imported person", "Roberta"]);
    assert_eq!(projects, ["Imported project", "P"]);
    assert_eq!((bookings.len(), off), (150, 1));
    // The labels made; the new person carries its role (a second write), R the new group.
    let (labels, carried) = who_carries(&env, &scope).await;
    assert_eq!(labels, ["Imported group", "Imported role"]);
    assert_eq!(
        carried,
        [
            ("Imported person".into(), Some("Imported role".into()), None),
            ("Roberta".into(), None, Some("Imported group".into()))
        ]
    );
    let log = env.plan().activity(&scope, None, 500, &ActivityFilter::default()).await.unwrap();
    let newest = &log.records[0];
    assert_eq!(newest.kind, FeedKind::Import);
    assert_eq!(newest.summary.as_ref().unwrap()["assignments"], 150);
    assert_eq!(newest.summary.as_ref().unwrap()["file"], "plan.csv");
    let batch = newest.batch.clone().unwrap();
    assert_eq!(batch.count as usize, count + 1);
    let in_batch = log.records.iter().filter(|r| r.batch.as_ref() == Some(&batch)).count();
    assert_eq!(in_batch, count + 1, "every change of the import, and its summary, in the one batch");
}

#[tokio::test]
async fn a_failure_midway_undoes_what_was_written() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Sheet").await;
    let theirs = env.assign(&scope, &r.id, &p.id, "2027-06-07", 5).await;
    // The file changes a booking a teammate has moved since it was read.
    let stale = theirs.clone();
    env.plan()
        .update_assignment(
            &scope,
            &theirs,
            AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2027-06-14", 5),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    let mut w = regrouped(writes(150), &r);
    w.bookings.insert(
        70,
        BookingEdit::Update {
            current: stale,
            change: AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2027-06-07", 5),
                allocation: Some(Allocation::HoursPerDay(120)),
                status: None,
                series: None,
            },
        },
    );
    let before = what_the_team_has(&env, &scope).await;
    let carried_before = who_carries(&env, &scope).await;
    let end = env
        .transfer()
        .import_sheet(&scope, w, &summary(), &AtomicBool::new(false), &mut |_, _| {})
        .await
        .unwrap();
    assert!(matches!(end, SheetImported::Undone { reason: Some(StoreError::Conflict { .. }) }), "{end:?}");
    // The labels made are gone again, and R is R again and carries what R carried.
    assert_eq!(who_carries(&env, &scope).await, carried_before);
    assert!(carried_before.0.is_empty());
    // Nothing of the import stays; the teammate's move does.
    let after = what_the_team_has(&env, &scope).await;
    assert_eq!((after.0.clone(), after.1.clone(), after.3), (before.0, before.1, before.3));
    assert_eq!(after.2.len(), 1);
    assert_eq!(after.2[0].range, range("2027-06-14", 5));
    let log = env.plan().activity(&scope, None, 1000, &ActivityFilter::default()).await.unwrap();
    assert!(log.records.iter().all(|r| r.kind != FeedKind::Import), "no summary of an import undone");
}

#[tokio::test]
async fn a_cancel_undoes_what_was_written() {
    let env = TestEnv::new().await;
    let (scope, _, _) = env.team_with_r_and_p("Sheet").await;
    let cancel = AtomicBool::new(false);
    let mut told = Vec::new();
    let end = env
        .transfer()
        .import_sheet(&scope, writes(150), &summary(), &cancel, &mut |done, of| {
            told.push((done, of));
            if done >= 50 {
                cancel.store(true, Ordering::Relaxed);
            }
        })
        .await
        .unwrap();
    assert_eq!(end, SheetImported::Undone { reason: None });
    // 2 labels, a project, a person and what they carry, 150 bookings, a time off.
    assert!(told.iter().all(|&(_, of)| of == 156) && told.len() >= 3, "{told:?}");
    let (people, projects, bookings, off) = what_the_team_has(&env, &scope).await;
    assert_eq!((people, projects, bookings.len(), off), (vec!["R".to_owned()], vec!["P".to_owned()], 0, 0));
    assert!(env.plan().labels(&scope).await.unwrap().is_empty(), "the labels made are gone again");
}

#[tokio::test]
async fn viewers_import_nothing() {
    let env = TestEnv::new().await;
    let (admin, _, _) = env.team_with_r_and_p("Sheet").await;
    let viewer = env.member(&admin, Role::Viewer).await;
    let e = env
        .transfer()
        .import_sheet(&viewer, writes(3), &summary(), &AtomicBool::new(false), &mut |_, _| {})
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Forbidden { .. }), "{e:?}");
    let (people, ..) = what_the_team_has(&env, &admin).await;
    assert_eq!(people, ["R"]);
}
