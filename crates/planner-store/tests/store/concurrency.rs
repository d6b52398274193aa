//! Many writers at once: nothing lost, conflicts detected ("the design itself creates
//! concurrency": docs/data-model.md, rule 6).

use crate::common::*;
use planner_domain::{DateRange, Name, PersonId};
use planner_store::{AssignmentChange, StoreError};
use std::collections::HashSet;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_writers_lose_nothing() {
    let env = Arc::new(TestEnv::new().await);
    let scope = env.team("Busy").await;
    let p = env.project(&scope, "P").await;
    let mut tasks = Vec::new();
    for w in 0..20 {
        let (env, scope, p) = (env.clone(), scope.clone(), p.id.clone());
        tasks.push(tokio::spawn(async move {
            let r = env
                .plan()
                .create_person(&scope, PersonId::generate(), Name::parse(&format!("Writer {w:02}")).unwrap())
                .await
                .unwrap();
            let mut ids = Vec::new();
            for i in 0..10 {
                // Same days for everyone, some long: the same index level item is shared.
                let start = day("2026-05-01").add_days(i);
                let len = if i % 3 == 0 { 70 } else { 2 };
                let a = env
                    .assign_range(&scope, &r.id, &p, DateRange::new(start, start.add_days(len)).unwrap())
                    .await
                    .unwrap();
                ids.push(a.id);
            }
            ids
        }));
    }
    let mut expected = HashSet::new();
    for t in tasks {
        expected.extend(t.await.unwrap());
    }
    assert_eq!(expected.len(), 200);
    let stored: HashSet<_> =
        env.plan().all_assignments(&scope).await.unwrap().into_iter().map(|a| a.id).collect();
    assert_eq!(stored, expected);
    let in_window: HashSet<_> = env
        .plan()
        .assignments_in_window(&scope, window("2026-06-20", "2026-06-27"))
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.id)
        .collect();
    // The long ones (i = 0, 3, 6, 9; 70 days) still run in late June.
    assert_eq!(in_window.len(), 20 * 4);
    assert_eq!(env.plan().list_people(&scope).await.unwrap().len(), 20);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_edits_of_one_read_copy_give_one_success_and_one_conflict() {
    let env = Arc::new(TestEnv::new().await);
    let (scope, r, p) = env.team_with_r_and_p("Two windows").await;
    for round in 0..10 {
        let a = env.assign(&scope, &r.id, &p.id, "2026-05-04", 5).await;
        let mut tasks = Vec::new();
        for k in 0..2i64 {
            let (env, scope, a, r, p) = (env.clone(), scope.clone(), a.clone(), r.id.clone(), p.id.clone());
            tasks.push(tokio::spawn(async move {
                // One moves it (new sort key), the other resizes it (same key), or both resize.
                let start = if round % 2 == 0 && k == 0 { "2026-05-11" } else { "2026-05-04" };
                env.plan()
                    .update_assignment(
                        &scope,
                        &a,
                        AssignmentChange {
                            person_id: r,
                            project_id: p,
                            range: range(start, 6 + k),
                            allocation: None,
                            status: None,
                            series: None,
                        },
                    )
                    .await
            }));
        }
        let results: Vec<_> = futures_join(tasks).await;
        let ok = results.iter().filter(|r| r.is_ok()).count();
        let refused = results
            .iter()
            .filter(|r| matches!(r, Err(StoreError::Conflict { .. }) | Err(StoreError::NotFound { .. })))
            .count();
        assert_eq!((ok, refused), (1, 1), "round {round}: {results:?}");
        let winner = results.into_iter().find_map(Result::ok).unwrap();
        let stored = env.plan().all_assignments(&scope).await.unwrap();
        assert_eq!(stored, vec![winner.clone()]);
        env.plan().delete_assignment(&scope, &winner).await.unwrap();
    }
}

async fn futures_join<T>(tasks: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}
