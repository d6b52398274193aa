//! Planted change records: anyone who may write a team's partition can write a record that says
//! anything. What the live view reads ([`FeedReader`]) is what the table holds of the items a
//! record names, never the record's word: a booking "moved" to where it is not is left out, a
//! "deleted" one that is there shows as it is, a delete its mark does not prove is left out, a
//! version the table does not hold gives way to the one it does, the team's settings are its
//! META's.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::{Assignment, Name};
use planner_store::feed::{ChangeRecord, FeedAction, FeedRead, FeedReader};
use planner_store::{TeamScope, keys};

/// Writes a change record as a colleague could, straight into the team's partition, at `ms`.
async fn plant(
    env: &TestEnv,
    scope: &TeamScope,
    ms: i64,
    kind: &str,
    action: &str,
    item: &str,
    (before, after): (Option<String>, Option<String>),
) {
    let conn = env.store.connection();
    let mut put = conn
        .client
        .put_item()
        .table_name(&conn.table)
        .item(keys::PK, AttributeValue::S(keys::team_pk(scope.team())))
        .item(keys::SK, AttributeValue::S(keys::feed_sk(ms, &ulid::Ulid::new().to_string())))
        .item("at", AttributeValue::S("2026-05-01T09:00:10Z".into()))
        .item("by", AttributeValue::S(scope.user().to_string()))
        .item("kind", AttributeValue::S(kind.into()))
        .item("action", AttributeValue::S(action.into()))
        .item("item", AttributeValue::S(item.into()));
    if let Some(b) = before {
        put = put.item("before", AttributeValue::S(b));
    }
    if let Some(a) = after {
        put = put.item("after", AttributeValue::S(a));
    }
    put.send().await.unwrap();
}

fn json(a: &Assignment) -> Option<String> {
    Some(serde_json::to_string(a).unwrap())
}

fn assignment_of(record: &ChangeRecord) -> Option<Assignment> {
    record.after.clone().map(|v| serde_json::from_value(v).unwrap())
}

#[tokio::test]
async fn the_live_view_applies_what_the_table_holds_not_what_a_planted_record_says() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Planted").await;
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    let b = env.assign(&team, &r.id, &p.id, "2026-05-11", 2).await;
    let t0 = start_of_test_time();
    let ms = (t0.unix_timestamp_nanos() / 1_000_000) as i64 + 10_000;
    env.clock.set(t0 + time::Duration::seconds(20));
    let mut reader = FeedReader::from(ms);
    let FeedRead::Changes(_) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!("changes") };

    // "a moved a year on, one version up": nothing is there, so nothing of it is applied.
    let moved = Assignment { range: range("2027-05-04", 3), version: a.version + 1, ..a.clone() };
    plant(&env, &team, ms + 1, "assignment", "changed", a.id.as_str(), (json(&a), json(&moved))).await;
    // "b deleted", and b is there.
    plant(&env, &team, ms + 2, "assignment", "deleted", b.id.as_str(), (json(&b), None)).await;
    // "b deleted" at a start it never had, where nothing is: no delete mark proves it.
    let elsewhere = Assignment { range: range("2026-09-07", 2), ..b.clone() };
    plant(&env, &team, ms + 3, "assignment", "deleted", b.id.as_str(), (json(&elsewhere), None)).await;
    // The team renamed.
    let renamed = Some(r#"{"name":"Hacked"}"#.to_owned());
    plant(&env, &team, ms + 4, "team", "changed", team.team().as_str(), (None, renamed)).await;

    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!("changes") };
    let said: Vec<(String, FeedAction)> = got.iter().map(|c| (c.item.clone(), c.action)).collect();
    assert_eq!(
        said,
        [(b.id.to_string(), FeedAction::Changed), (team.team().to_string(), FeedAction::Changed)],
        "the move to where nothing is and the delete nothing proves are left out: {got:#?}"
    );
    assert_eq!(assignment_of(&got[0]), Some(b.clone()), "b is there, as it is");
    assert_eq!(got[1].after, Some(serde_json::json!({ "name": "Planted" })));
}

#[tokio::test]
async fn a_record_the_table_bears_out_is_passed_on_as_written_and_one_it_contradicts_is_marked() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Borne out").await;
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    let b = env.assign(&team, &r.id, &p.id, "2026-05-11", 2).await;
    let t0 = start_of_test_time();
    let ms = (t0.unix_timestamp_nanos() / 1_000_000) as i64 + 10_000;
    env.clock.set(t0 + time::Duration::seconds(20));
    let mut reader = FeedReader::from(ms);
    let FeedRead::Changes(_) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!("changes") };

    // Real edits: a moved, b deleted, the team renamed.
    let change = planner_store::AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-06-01", 3),
        allocation: None,
        status: None,
        series: None,
    };
    let moved = env.plan().update_assignment(&team, &a, change).await.unwrap();
    env.plan().delete_assignment(&team, &b).await.unwrap();
    env.plan().rename_team(&team, Name::parse("Borne").unwrap()).await.unwrap();
    // And a planted record of b's delete that says b was somewhere else (its mark's digest is
    // of the b that was deleted).
    let other = Assignment { range: range("2026-05-11", 5), ..b.clone() };
    plant(&env, &team, ms + 9_000, "assignment", "deleted", b.id.as_str(), (json(&other), None)).await;

    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!("changes") };
    let seen: Vec<(FeedAction, bool)> = got.iter().map(|c| (c.action, c.contradicted)).collect();
    assert_eq!(
        seen,
        [(FeedAction::Changed, false), (FeedAction::Deleted, false), (FeedAction::Changed, false)],
        "the three real records as written, the planted delete left out: {got:#?}"
    );
    assert_eq!(assignment_of(&got[0]), Some(moved.clone()));
    assert_eq!(got[1].before, Some(serde_json::to_value(&b).unwrap()));

    // A planted record of a, five versions on where a is: passed on with the table's a, marked.
    let ahead = Assignment { version: moved.version + 5, ..moved.clone() };
    plant(&env, &team, ms + 9_500, "assignment", "changed", a.id.as_str(), (json(&moved), json(&ahead)))
        .await;
    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!("changes") };
    assert_eq!(got.len(), 1);
    assert!(got[0].contradicted);
    assert_eq!(assignment_of(&got[0]), Some(moved));
}
