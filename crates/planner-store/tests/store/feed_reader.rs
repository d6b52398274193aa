//! The live view's reader of the feed (`FeedReader`): how far back each ask reads again, and how
//! the items new records name are checked (eventually, strongly where that read disagrees or the
//! record landed late); what each ask reads, counted.

use crate::common::*;
use planner_store::TeamScope;
use planner_store::feed::{FeedRead, FeedReader};

/// The test clock `s` seconds after the tests' start.
fn at(s: i64) -> time::OffsetDateTime {
    start_of_test_time() + time::Duration::seconds(s)
}

/// Epoch milliseconds of `t`.
fn ms(t: time::OffsetDateTime) -> i64 {
    (t.unix_timestamp_nanos() / 1_000_000) as i64
}

/// The items the feed Queries of `seen` looked at (DynamoDB's `ScannedCount`).
fn feed_items_read(seen: &[Seen]) -> u64 {
    seen.iter()
        .filter(|s| s.operation == "Query")
        .map(|s| s.response["ScannedCount"].as_u64().unwrap_or(0))
        .sum()
}

/// One ask of the feed: the ids of the items its changes name.
async fn ask(env: &TestEnv, team: &TeamScope, reader: &mut FeedReader) -> Vec<String> {
    match reader.read(&env.store, team, 5).await.unwrap() {
        FeedRead::Changes(c) => c.into_iter().map(|c| c.item).collect(),
        FeedRead::Reload => panic!("a reload"),
    }
}

/// A record that lands behind the newest one seen (its writer's clock 30 s behind) is applied by
/// the next full read-back of the last minute, at most 15 s later, and once; the asks between
/// read back 5 s only, so an ask while others edit reads the records of those seconds, not the
/// whole minute's.
#[tokio::test]
async fn a_record_landing_behind_comes_with_the_next_full_read_back_and_the_asks_between_read_less() {
    let (env, recorder) = TestEnv::recorded().await;
    let (team, r, p) = env.team_with_r_and_p("Late").await;
    env.clock.set(at(0));
    let mut reader = FeedReader::from(ms(at(0)));
    // (The team's own records, of its person and project, come first.)
    ask(&env, &team, &mut reader).await;
    env.clock.set(at(1));
    for day in ["2026-05-04", "2026-05-05", "2026-05-06", "2026-05-07", "2026-05-08"] {
        env.assign(&team, &r.id, &p.id, day, 1).await;
    }
    env.clock.set(at(2));
    assert_eq!(ask(&env, &team, &mut reader).await.len(), 5);
    env.clock.set(at(10));
    let tenth = env.assign(&team, &r.id, &p.id, "2026-05-11", 1).await;
    env.clock.set(at(11));
    assert_eq!(ask(&env, &team, &mut reader).await, [tenth.id.to_string()]);
    recorder.take();
    env.clock.set(at(12));
    assert!(ask(&env, &team, &mut reader).await.is_empty());
    assert_eq!(feed_items_read(&recorder.take()), 1, "5 s before the newest record: that record alone");

    // A writer whose clock is 30 s behind.
    env.clock.set(at(-20));
    let late = env.assign(&team, &r.id, &p.id, "2026-05-12", 1).await;
    env.clock.set(at(13));
    assert!(ask(&env, &team, &mut reader).await.is_empty(), "not in the last 5 s");
    env.clock.set(at(16));
    recorder.take();
    assert_eq!(
        ask(&env, &team, &mut reader).await,
        [late.id.to_string()],
        "the full read-back, 16 s after the last"
    );
    let seen = recorder.take();
    assert_eq!(
        feed_items_read(&seen),
        9,
        "the whole minute again: its nine records (person, project, seven bookings)"
    );
    // Landed behind records already applied: its item may have moved on since, so it is read
    // strongly at once (a stale replica bearing it out would put an older state back).
    assert_eq!(batch_reads(&seen), [true]);
    env.clock.set(at(17));
    assert!(ask(&env, &team, &mut reader).await.is_empty(), "once");
}

/// How each BatchGetItem of `seen` read: `true` strongly consistent.
fn batch_reads(seen: &[Seen]) -> Vec<bool> {
    seen.iter()
        .filter(|s| s.operation == "BatchGetItem")
        .flat_map(|s| {
            let tables = s.request["RequestItems"].as_object().cloned().unwrap_or_default();
            tables.into_values().map(|t| t["ConsistentRead"].as_bool().unwrap_or(false)).collect::<Vec<_>>()
        })
        .collect()
}

/// The check of new records reads their items eventually consistently (half the units), and
/// strongly only for a record that read does not bear out: one that says what never was is
/// still read strongly and marked, as before.
#[tokio::test]
async fn records_are_checked_eventually_and_again_strongly_only_when_the_read_disagrees() {
    let (env, recorder) = TestEnv::recorded().await;
    let (team, r, p) = env.team_with_r_and_p("Checks").await;
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    recorder.take();
    let mut reader = FeedReader::from(ms(at(0)));
    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!() };
    assert!(got.iter().all(|c| !c.contradicted), "{got:?}");
    assert_eq!(batch_reads(&recorder.take()), [false], "one eventually consistent read, borne out");

    // The booking's record altered to say another range.
    let record = env
        .plan()
        .changes_since(&team, None, 1000)
        .await
        .unwrap()
        .records
        .into_iter()
        .find(|c| c.item == a.id.to_string())
        .unwrap();
    let mut after = record.after.clone().unwrap();
    after["endDateExclusive"] = "2026-08-01".into();
    env.store
        .connection()
        .client
        .update_item()
        .table_name(&env.store.connection().table)
        .key(
            planner_store::keys::PK,
            aws_sdk_dynamodb::types::AttributeValue::S(planner_store::keys::team_pk(team.team())),
        )
        .key(planner_store::keys::SK, aws_sdk_dynamodb::types::AttributeValue::S(record.cursor.clone()))
        .update_expression("SET #a = :a")
        .expression_attribute_names("#a", "after")
        .expression_attribute_values(":a", aws_sdk_dynamodb::types::AttributeValue::S(after.to_string()))
        .send()
        .await
        .unwrap();
    recorder.take();
    let mut reader = FeedReader::from(ms(at(0)));
    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!() };
    let altered = got.iter().find(|c| c.cursor == record.cursor).unwrap();
    assert!(altered.contradicted);
    assert_eq!(altered.after.as_ref().unwrap()["endDateExclusive"], "2026-05-07", "what the table holds");
    assert_eq!(batch_reads(&recorder.take()), [false, true], "read again strongly, as it disagreed");
}

/// A record that lands 55 s behind the newest one seen, just after a full read-back, comes with
/// the next full read-back, though the newest record moved on 12 s meanwhile: each full
/// read-back reaches a minute before where the last one stood.
#[tokio::test]
async fn a_record_landing_just_after_a_full_read_back_comes_with_the_next() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Between").await;
    env.clock.set(at(0));
    let mut reader = FeedReader::from(ms(at(0)));
    ask(&env, &team, &mut reader).await; // the full read-back at 0 s
    // A writer 55 s behind.
    env.clock.set(at(-55));
    let late = env.assign(&team, &r.id, &p.id, "2026-05-04", 1).await;
    env.clock.set(at(2));
    assert!(ask(&env, &team, &mut reader).await.is_empty(), "not in the last 5 s");
    env.clock.set(at(12));
    let later = env.assign(&team, &r.id, &p.id, "2026-05-05", 1).await;
    env.clock.set(at(13));
    assert_eq!(ask(&env, &team, &mut reader).await, [later.id.to_string()]);
    env.clock.set(at(16));
    assert_eq!(ask(&env, &team, &mut reader).await, [late.id.to_string()], "the next full read-back");
}
