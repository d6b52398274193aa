//! Conflicts cost what they show: an edit from an old copy of an assignment or a time off that
//! someone else moved or deleted meanwhile is told apart (changed: a conflict; deleted: gone) by
//! reading its own keys, never the team's history.

use crate::common::*;
use planner_domain::capacity::TimeOffKind;
use planner_domain::{Assignment, Person, TimeOff, TimeOffId};
use planner_store::{AssignmentChange, NewTimeOff, StoreError, TeamScope, TimeOffChange};

fn change(a: &Assignment, start: &str, days: i64) -> AssignmentChange {
    AssignmentChange {
        person_id: a.person_id.clone(),
        project_id: a.project_id.clone(),
        range: range(start, days),
        allocation: None,
        status: None,
        series: None,
    }
}

fn off_change(start: &str, days: i64) -> TimeOffChange {
    TimeOffChange { range: range(start, days), kind: TimeOffKind::Sick, minutes: None }
}

async fn time_off(env: &TestEnv, scope: &TeamScope, r: &Person, start: &str) -> TimeOff {
    let new = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: r.id.clone(),
        change: TimeOffChange { range: range(start, 2), kind: TimeOffKind::Holiday, minutes: None },
    };
    env.plan().create_time_off(scope, new).await.unwrap()
}

/// What the failed edits since the last call sent: each request's operation, and how many
/// items the answers held (a query of the history answers with many).
fn requests(recorder: &Recorder) -> Vec<String> {
    recorder
        .take()
        .iter()
        .map(|s| {
            let items = s.response.get("Items").and_then(|i| i.as_array()).map_or(0, Vec::len);
            format!("{} {items}", s.operation)
        })
        .collect()
}

/// The requests of each stale edit of one assignment and one time off, in a team with
/// `history` other assignments and time offs: moved by someone else, then deleted.
async fn stale_edits(history: usize) -> Vec<Vec<String>> {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("History").await;
    for i in 0..history {
        let start = day("2025-01-06").add_days(i as i64 * 3).to_string();
        env.assign(&scope, &r.id, &p.id, &start, 2).await;
        time_off(&env, &scope, &r, &start).await;
    }
    let a = env.assign(&scope, &r.id, &p.id, "2026-05-04", 5).await;
    let t = time_off(&env, &scope, &r, "2026-05-04").await;
    let moved = env.plan().update_assignment(&scope, &a, change(&a, "2026-06-01", 5)).await.unwrap();
    let t_moved = env.plan().update_time_off(&scope, &t, off_change("2026-06-01", 3)).await.unwrap();
    let mut out = Vec::new();
    recorder.take();

    // Changed by someone else: a conflict, for an edit and a delete alike.
    let e = env.plan().update_assignment(&scope, &a, change(&a, "2026-05-11", 5)).await.unwrap_err();
    assert!(matches!(e, StoreError::Conflict { .. }), "{e:?}");
    out.push(requests(&recorder));
    let e = env.plan().delete_assignment(&scope, &a).await.unwrap_err();
    assert!(matches!(e, StoreError::Conflict { .. }), "{e:?}");
    out.push(requests(&recorder));
    let e = env.plan().update_time_off(&scope, &t, off_change("2026-05-11", 2)).await.unwrap_err();
    assert!(matches!(e, StoreError::Conflict { .. }), "{e:?}");
    out.push(requests(&recorder));
    let e = env.plan().delete_time_off(&scope, &t).await.unwrap_err();
    assert!(matches!(e, StoreError::Conflict { .. }), "{e:?}");
    out.push(requests(&recorder));

    // Deleted by someone else: gone (a delete of it is done; an edit of it is refused as gone).
    env.plan().delete_assignment(&scope, &moved).await.unwrap();
    env.plan().delete_time_off(&scope, &t_moved).await.unwrap();
    recorder.take();
    let e = env.plan().update_assignment(&scope, &a, change(&a, "2026-05-11", 5)).await.unwrap_err();
    assert!(matches!(e, StoreError::NotFound { .. }), "{e:?}");
    out.push(requests(&recorder));
    env.plan().delete_assignment(&scope, &a).await.unwrap();
    out.push(requests(&recorder));
    let e = env.plan().update_time_off(&scope, &t, off_change("2026-05-11", 2)).await.unwrap_err();
    assert!(matches!(e, StoreError::NotFound { .. }), "{e:?}");
    out.push(requests(&recorder));
    env.plan().delete_time_off(&scope, &t).await.unwrap();
    out.push(requests(&recorder));
    out
}

#[tokio::test]
async fn a_stale_edit_is_told_changed_or_deleted_by_its_own_keys_whatever_the_history() {
    let small = stale_edits(2).await;
    let large = stale_edits(150).await;
    for requests in small.iter().chain(&large) {
        assert!(
            requests.iter().all(|r| !r.starts_with("Query")),
            "a failed edit queried the team's items: {requests:?}"
        );
    }
    assert_eq!(small, large, "the requests of a failed edit depend on the history");
}
