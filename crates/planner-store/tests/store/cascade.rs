//! Deleting a person or a project with all its assignments (docs/data-model.md, access pattern
//! 9): past the 100-action transaction cap, against concurrent creates, and re-run after an
//! interruption.

use crate::common::*;
use planner_domain::{DateRange, Name, PersonId, ProjectId};
use planner_store::{PendingDeletion, StoreError, TeamScope};
use std::sync::Arc;

async fn fill(env: &TestEnv, scope: &TeamScope, r: &PersonId, p: &ProjectId, n: usize) {
    // Short and long ones, so the index entries go too.
    for i in 0..n {
        let start = day("2024-01-01").add_days((i as i64) * 3);
        let len = if i % 10 == 0 { 90 } else { 3 };
        env.assign_range(scope, r, p, DateRange::new(start, start.add_days(len)).unwrap()).await.unwrap();
    }
}

async fn cascade_of(n: usize) {
    let env = TestEnv::new().await;
    let scope = env.team("Cascade").await;
    let doomed = env.person(&scope, "Doomed").await;
    let stays = env.person(&scope, "Stays").await;
    let p = env.project(&scope, "P").await;
    fill(&env, &scope, &doomed.id, &p.id, n).await;
    let kept = env.assign(&scope, &stays.id, &p.id, "2024-02-01", 5).await;
    // What the confirmation tells before the delete.
    assert_eq!(env.plan().person_assignment_count(&scope, &doomed.id).await.unwrap(), n);
    assert_eq!(env.plan().person_assignment_count(&scope, &stays.id).await.unwrap(), 1);
    assert_eq!(env.plan().project_assignment_count(&scope, &p.id).await.unwrap(), n + 1);

    let mut seen = Vec::new();
    let report = env
        .plan()
        .delete_person(&scope, &doomed.id, &mut |done, total| seen.push((done, total)))
        .await
        .unwrap();
    assert_eq!(report.assignments_deleted, n);
    assert_eq!(seen.last(), Some(&(n, n)));
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![kept.clone()]);
    assert_eq!(env.plan().list_people(&scope).await.unwrap(), vec![stays]);
    assert_eq!(env.plan().person_assignment_count(&scope, &doomed.id).await.unwrap(), 0);
    let everything =
        env.plan().assignments_in_window(&scope, window("2023-01-01", "2035-01-01")).await.unwrap();
    assert_eq!(everything, vec![kept]);
    // Again: nothing to do, and no error.
    let again = env.plan().delete_person(&scope, &doomed.id, &mut |_, _| {}).await.unwrap();
    assert!(again.already_gone);
}

#[tokio::test]
async fn cascade_of_250_assignments() {
    cascade_of(250).await;
}

#[tokio::test]
async fn cascade_of_1000_assignments() {
    cascade_of(1000).await;
}

#[tokio::test]
async fn deleting_a_project_removes_its_assignments_only() {
    let env = TestEnv::new().await;
    let scope = env.team("Project cascade").await;
    let r = env.person(&scope, "R").await;
    let gone = env.project(&scope, "Gone").await;
    let kept_project = env.project(&scope, "Kept").await;
    fill(&env, &scope, &r.id, &gone.id, 130).await;
    let kept = env.assign(&scope, &r.id, &kept_project.id, "2024-02-01", 5).await;
    let report = env.plan().delete_project(&scope, &gone.id, &mut |_, _| {}).await.unwrap();
    assert_eq!(report.assignments_deleted, 130);
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![kept]);
    assert_eq!(env.plan().list_projects(&scope).await.unwrap(), vec![kept_project]);
}

#[tokio::test]
async fn an_interrupted_cascade_hides_the_row_and_completes_when_run_again() {
    for fail_after_batches in [0usize, 1, 3, 7] {
        let (env, recorder) = TestEnv::recorded().await;
        let scope = env.team("Interrupted").await;
        let doomed = env.person(&scope, "Doomed").await;
        let p = env.project(&scope, "P").await;
        fill(&env, &scope, &doomed.id, &p.id, 200).await;

        recorder.disconnect_after("BatchWriteItem", fail_after_batches);
        let first = env.plan().delete_person(&scope, &doomed.id, &mut |_, _| {}).await;
        assert!(matches!(first, Err(StoreError::Unavailable { .. })), "{first:?}");
        recorder.clear_rule();

        // Meanwhile: the row and all its bars are hidden, the delete is listed as pending,
        // and no new assignment can be given to the person.
        let t = env.plan().timeline(&scope, window("2023-06-01", "2026-06-01")).await.unwrap();
        assert!(t.people.is_empty() && t.items.assignments.is_empty(), "after {fail_after_batches} batches");
        let catalog = env.plan().catalog(&scope).await.unwrap();
        assert_eq!(catalog.pending_deletions, vec![PendingDeletion::Person(doomed.id.clone())]);
        let late = env.assign_range(&scope, &doomed.id, &p.id, range("2026-01-01", 2)).await;
        assert!(matches!(late, Err(StoreError::ParentGone { .. })), "{late:?}");

        let second = env.plan().delete_person(&scope, &doomed.id, &mut |_, _| {}).await.unwrap();
        assert!(!second.already_gone);
        assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
        assert!(env.plan().catalog(&scope).await.unwrap().pending_deletions.is_empty());
        assert!(
            env.plan()
                .assignments_in_window(&scope, window("2023-01-01", "2030-01-01"))
                .await
                .unwrap()
                .is_empty()
        );
    }
}

#[tokio::test]
async fn concurrent_creates_never_outlive_the_cascade() {
    let env = Arc::new(TestEnv::new().await);
    let scope = env.team("Race").await;
    let doomed = env.person(&scope, "Doomed").await;
    let p = env.project(&scope, "P").await;
    fill(&env, &scope, &doomed.id, &p.id, 120).await;

    let mut writers = Vec::new();
    for w in 0..4 {
        let (env, scope, r, p) = (env.clone(), scope.clone(), doomed.id.clone(), p.id.clone());
        writers.push(tokio::spawn(async move {
            let mut created = 0;
            for i in 0..40 {
                let start = day("2030-01-01").add_days(w * 100 + i);
                let result =
                    env.assign_range(&scope, &r, &p, DateRange::new(start, start.add_days(2)).unwrap()).await;
                match result {
                    Ok(_) => created += 1,
                    Err(StoreError::ParentGone { .. }) => {}
                    Err(e) => panic!("unexpected {e:?}"),
                }
                tokio::task::yield_now().await;
            }
            created
        }));
    }
    let cascade = {
        let (env, scope, r) = (env.clone(), scope.clone(), doomed.id.clone());
        tokio::spawn(async move { env.plan().delete_person(&scope, &r, &mut |_, _| {}).await })
    };
    for w in writers {
        w.await.unwrap();
    }
    cascade.await.unwrap().unwrap();
    assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
    assert!(env.plan().catalog(&scope).await.unwrap().people.is_empty());
    // The name is free to be used again by a new person.
    env.plan().create_person(&scope, PersonId::generate(), Name::parse("Doomed").unwrap()).await.unwrap();
}

#[tokio::test]
async fn an_assignment_cannot_be_taken_away_from_a_person_being_deleted() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Reassign race").await;
    let doomed = env.person(&scope, "Doomed").await;
    let other = env.person(&scope, "Other").await;
    let p = env.project(&scope, "P").await;
    let a = env.assign(&scope, &doomed.id, &p.id, "2026-05-01", 60).await;
    // The delete stops after marking and listing (its batch writes fail).
    recorder.disconnect_after("BatchWriteItem", 0);
    assert!(env.plan().delete_person(&scope, &doomed.id, &mut |_, _| {}).await.is_err());
    recorder.clear_rule();
    let change = planner_store::AssignmentChange {
        person_id: other.id.clone(),
        project_id: p.id.clone(),
        range: a.range,
        allocation: None,
        status: None,
        series: None,
    };
    let moved = env.plan().update_assignment(&scope, &a, change).await;
    assert!(matches!(moved, Err(StoreError::ParentGone { what: "person" })), "{moved:?}");
    env.plan().delete_person(&scope, &doomed.id, &mut |_, _| {}).await.unwrap();
    assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
    assert!(
        env.plan()
            .assignments_in_window(&scope, window("2026-01-01", "2027-01-01"))
            .await
            .unwrap()
            .is_empty()
    );
}
