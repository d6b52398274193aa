//! Failures the embedded engine cannot produce, injected between the SDK and the engine:
//! throttling, UnprocessedItems, TransactionConflict, a dropped connection.

use crate::common::*;
use planner_domain::{AssignmentId, DateRange};
use planner_store::engine::hooks::Before;
use planner_store::{NewAssignment, StoreError};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

#[tokio::test]
async fn throttling_is_retried_and_then_reported_as_busy_not_unavailable() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Throttled").await;
    let left = Arc::new(AtomicUsize::new(2));
    let l = left.clone();
    recorder.set_rule(move |op, _| {
        if op == "Query" && l.load(Ordering::SeqCst) > 0 {
            l.fetch_sub(1, Ordering::SeqCst);
            Before::Respond {
                status: 400,
                body: service_error("ProvisionedThroughputExceededException", "slow down"),
            }
        } else {
            Before::Forward
        }
    });
    // Two throttled answers, then success: the SDK's standard retries absorb them.
    env.plan().list_people(&scope).await.unwrap();
    assert_eq!(left.load(Ordering::SeqCst), 0);

    recorder.set_rule(|op, _| {
        if op == "Query" {
            Before::Respond { status: 400, body: service_error("ThrottlingException", "slow down") }
        } else {
            Before::Forward
        }
    });
    let err = env.plan().list_people(&scope).await.unwrap_err();
    // Busy: the table answers, so no window goes offline for it.
    assert_eq!(err.code(), "busy", "{err:?}");
    assert!(err.to_string().contains("busy"), "{err}");
}

#[tokio::test]
async fn unprocessed_items_are_retried_until_done() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("Unprocessed").await;
    for i in 0..60 {
        env.assign(&scope, &r.id, &p.id, &day("2026-01-01").add_days(i).to_string(), 2).await;
    }
    // On the embedded engine every batch is split: the engine gets the first half and the rest
    // comes back as UnprocessedItems. A real endpoint checks request signatures, so there the
    // first three batches come back wholly unprocessed without being sent.
    let partial = Arc::new(AtomicUsize::new(0));
    let count = partial.clone();
    let split = !remote();
    recorder.set_rule(move |op, body| {
        if op != "BatchWriteItem" {
            return Before::Forward;
        }
        let (table, requests) = body["RequestItems"].as_object().unwrap().iter().next().unwrap();
        let requests = requests.as_array().unwrap();
        if !split {
            if count.fetch_add(1, Ordering::SeqCst) >= 3 {
                return Before::Forward;
            }
            let answer = serde_json::json!({ "UnprocessedItems": { table.clone(): requests } });
            return Before::Respond { status: 200, body: answer.to_string().into_bytes() };
        }
        if requests.len() < 2 {
            return Before::Forward;
        }
        count.fetch_add(1, Ordering::SeqCst);
        let (sent, held) = requests.split_at(requests.len() / 2);
        let mut forwarded = body.clone();
        forwarded["RequestItems"][table] = serde_json::Value::Array(sent.to_vec());
        Before::Rewrite {
            body: serde_json::to_vec(&forwarded).unwrap(),
            merge: serde_json::json!({ "UnprocessedItems": { table.clone(): held } }),
        }
    });
    let report = env.plan().delete_person(&scope, &r.id, &mut |_, _| {}).await.unwrap();
    assert_eq!(report.assignments_deleted, 60);
    assert!(partial.load(Ordering::SeqCst) >= 3);
    recorder.clear_rule();
    assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
}

#[tokio::test]
async fn transaction_conflicts_are_retried() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("Conflicting").await;
    let conflicts = Arc::new(AtomicUsize::new(3));
    let c = conflicts.clone();
    recorder.set_rule(move |op, body| {
        if op == "TransactWriteItems" && c.load(Ordering::SeqCst) > 0 {
            c.fetch_sub(1, Ordering::SeqCst);
            let n = body["TransactItems"].as_array().map_or(1, Vec::len);
            let reasons: Vec<_> = (0..n)
                .map(|i| if i == 2 { serde_json::json!({"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"}) } else { serde_json::json!({"Code": "None"}) })
                .collect();
            let body = serde_json::json!({
                "__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
                "Message": "Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, TransactionConflict]",
                "CancellationReasons": reasons,
            });
            Before::Respond { status: 400, body: body.to_string().into_bytes() }
        } else {
            Before::Forward
        }
    });
    let a = env
        .assign_range(&scope, &r.id, &p.id, DateRange::new(day("2026-05-04"), day("2026-05-09")).unwrap())
        .await
        .unwrap();
    assert_eq!(conflicts.load(Ordering::SeqCst), 0);
    recorder.clear_rule();
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![a]);
}

#[tokio::test]
async fn a_dropped_connection_is_reported_as_unavailable_and_a_retry_is_safe() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("Offline").await;
    recorder.set_rule(|_, _| Before::Disconnect);
    let new = NewAssignment {
        id: AssignmentId::generate(),
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-05-04", 2),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    let err = env.plan().create_assignment(&scope, new.clone()).await.unwrap_err();
    assert_eq!(err.code(), "unavailable", "{err:?}");
    recorder.clear_rule();
    let a = env.plan().create_assignment(&scope, new).await.unwrap();
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![a]);
}

#[tokio::test]
async fn bad_credentials_get_a_sentence() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Creds").await;
    recorder.set_rule(|_, _| Before::Respond {
        status: 400,
        body: service_error("ExpiredTokenException", "The security token included in the request is expired"),
    });
    let err = env.plan().list_people(&scope).await.unwrap_err();
    assert!(matches!(err, StoreError::Credentials { .. }), "{err:?}");
    assert!(err.to_string().contains("expired") && err.to_string().contains("aws sso login"), "{err}");
    recorder.set_rule(|_, _| Before::Respond {
        status: 400,
        body: service_error("AccessDeniedException", "not authorized to perform: dynamodb:Query"),
    });
    let denied = env.plan().list_people(&scope).await.unwrap_err().to_string();
    assert!(denied.contains("dynamodb:Query") && denied.contains("IT department"), "{denied}");
}
