//! Assignments' allocation and status: stored, read back through the window query, kept by an edit
//! that does not name them, checked, and carried by export and import.

use crate::common::*;
use planner_domain::ValidationError;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{DateRange, Person, Project};
use planner_store::transfer::TeamExport;
use planner_store::{AssignmentChange, NewAssignment, StoreError};

fn new(r: &Person, p: &Project, range: DateRange, allocation: Allocation, status: Status) -> NewAssignment {
    NewAssignment {
        id: planner_domain::AssignmentId::generate(),
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range,
        allocation,
        status,
        series: None,
    }
}

#[tokio::test]
async fn allocation_and_status_are_stored_and_kept_by_a_move() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Allocated").await;
    let mut made = Vec::new();
    for (allocation, status, days) in [
        (Allocation::HoursPerDay(240), Status::Tentative, 5),
        (Allocation::Percent(50), Status::Confirmed, 3),
        (Allocation::Total(600), Status::Confirmed, 400), // long: a window-index entry too
        (Allocation::FULL_DAY, Status::Confirmed, 2),
    ] {
        let asked = new(&r, &p, range("2026-05-04", days), allocation, status);
        let a = env.plan().create_assignment(&scope, asked).await.unwrap();
        assert_eq!((a.allocation, a.status), (allocation, status));
        made.push(a);
    }
    let mut read =
        env.plan().assignments_in_window(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    read.sort_by_key(|a| a.range.days());
    made.sort_by_key(|a| a.range.days());
    assert_eq!(read, made, "the window query reads what was written");

    // A drag names neither: both are kept. The dialog names them: both change.
    let moved = env
        .plan()
        .update_assignment(
            &scope,
            &made[2],
            AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2026-05-11", 5),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    assert_eq!((moved.allocation, moved.status), (Allocation::HoursPerDay(240), Status::Tentative));
    let edited = env
        .plan()
        .update_assignment(
            &scope,
            &moved,
            AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: moved.range,
                allocation: Some(Allocation::FULL_DAY),
                status: Some(Status::Confirmed),
                series: None,
            },
        )
        .await
        .unwrap();
    assert_eq!((edited.allocation, edited.status), (Allocation::FULL_DAY, Status::Confirmed));
    let stored = env.plan().assignments_in_window(&scope, window("2026-05-11", "2026-05-12")).await.unwrap();
    assert!(stored.contains(&edited), "{stored:?}");
}

#[tokio::test]
async fn a_total_that_does_not_fit_its_days_is_refused_and_nothing_is_written() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Too much").await;
    let asked = new(&r, &p, range("2026-05-04", 2), Allocation::Total(2 * 24 * 60 + 15), Status::Confirmed);
    let refused = env.plan().create_assignment(&scope, asked).await;
    assert!(matches!(refused, Err(StoreError::Invalid(ValidationError::TotalHours { .. }))), "{refused:?}");
    let a = env.assign(&scope, &r.id, &p.id, "2026-05-04", 5).await;
    // Shortened to one day, 40 hours no longer fit.
    let shorter = AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-05-04", 1),
        allocation: Some(Allocation::Total(40 * 60)),
        status: None,
        series: None,
    };
    assert!(matches!(env.plan().update_assignment(&scope, &a, shorter).await, Err(StoreError::Invalid(_))));
    assert_eq!(
        env.plan().assignments_in_window(&scope, window("2026-05-01", "2026-06-01")).await.unwrap(),
        vec![a]
    );
}

#[tokio::test]
async fn export_and_import_carry_them_and_a_version_1_file_still_imports() {
    let env = TestEnv::new().await;
    let (source, r, p) = env.team_with_r_and_p("Source").await;
    let asked = new(&r, &p, range("2026-05-04", 5), Allocation::Percent(25), Status::Tentative);
    let a = env.plan().create_assignment(&source, asked).await.unwrap();
    let file = env.transfer().export_team(&source).await.unwrap();
    assert!(file.format_version >= 2, "allocations came with version 2");
    let target = env.team("Target").await;
    let parsed: TeamExport = serde_json::from_str(&serde_json::to_string(&file).unwrap()).unwrap();
    env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(
        env.plan().assignments_in_window(&target, window("2026-05-01", "2026-06-01")).await.unwrap(),
        vec![a.clone()]
    );

    // A file of version 1 has no allocation and no status: full days, confirmed.
    let mut old = serde_json::to_value(&file).unwrap();
    old["formatVersion"] = 1.into();
    for a in old["assignments"].as_array_mut().unwrap() {
        let a = a.as_object_mut().unwrap();
        a.remove("allocation");
        a.remove("status");
    }
    let old: TeamExport = serde_json::from_value(old).unwrap();
    let third = env.team("Third").await;
    env.transfer().import_team(&third, &old, &mut |_, _, _| {}).await.unwrap();
    let read = env.plan().assignments_in_window(&third, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!((read[0].allocation, read[0].status), (Allocation::FULL_DAY, Status::Confirmed));
    let mut future = serde_json::to_value(&file).unwrap();
    future["formatVersion"] = (planner_store::transfer::FORMAT_VERSION + 1).into();
    let future: TeamExport = serde_json::from_value(future).unwrap();
    assert!(matches!(
        env.transfer().import_team(&third, &future, &mut |_, _, _| {}).await,
        Err(StoreError::BadFile { .. })
    ));
}
