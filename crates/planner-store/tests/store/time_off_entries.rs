//! A person's entries of their time off (`OFP#{person}#{end}#{id}`, docs/data-model.md): every
//! write of a time off keeps them equal to the time off itself (create, change, delete, a person's
//! delete, import, copy), and a team from before they existed is read without them until
//! `Plan::index_time_off_by_person` gives it them.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::capacity::{Allocation, Status, TimeOffKind};
use planner_domain::{AssignmentId, Person, TimeOff, TimeOffId};
use planner_store::{NewAssignment, NewTimeOff, StoreError, TeamScope, TimeOffChange, keys};
use std::collections::{BTreeMap, HashMap};

type Item = HashMap<String, AttributeValue>;

/// Every item of the team's partition.
async fn items_of(env: &TestEnv, scope: &TeamScope) -> Vec<Item> {
    partition(env, &keys::team_pk(scope.team())).await
}

/// Deletes every person entry of the team's time off, as a team of an earlier version has none.
async fn forget_entries(env: &TestEnv, scope: &TeamScope) {
    let (client, table) = (&env.store.connection().client, &env.store.connection().table);
    for item in items_of(env, scope).await {
        if matches!(item.get("sk"), Some(AttributeValue::S(sk)) if sk.starts_with("OFP#")) {
            let key =
                HashMap::from([("pk".to_owned(), item["pk"].clone()), ("sk".to_owned(), item["sk"].clone())]);
            client.delete_item().table_name(table).set_key(Some(key)).send().await.unwrap();
        }
    }
}

/// The time off of the partition's main items and that of its person entries, by id, each
/// without its keys; and the entries' sort keys.
async fn both(
    env: &TestEnv,
    scope: &TeamScope,
) -> (BTreeMap<String, String>, BTreeMap<String, String>, Vec<String>) {
    let (mut mains, mut entries, mut keys_seen) = (BTreeMap::new(), BTreeMap::new(), Vec::new());
    for mut item in items_of(env, scope).await {
        let Some(AttributeValue::S(sk)) = item.remove("sk") else { continue };
        item.remove("pk");
        let id = match item.get("id") {
            Some(AttributeValue::S(id)) => id.clone(),
            _ => continue,
        };
        let mut attributes: Vec<_> = item.iter().map(|(k, v)| format!("{k}={v:?}")).collect();
        attributes.sort();
        if sk.starts_with("OFF#") {
            mains.insert(id, attributes.join(" "));
        } else if sk.starts_with("OFP#") {
            keys_seen.push(sk);
            entries.insert(id, attributes.join(" "));
        }
    }
    (mains, entries, keys_seen)
}

/// Each time off has exactly one entry, with its attributes, under its person and end day.
async fn assert_entries_follow(env: &TestEnv, scope: &TeamScope, what: &str) -> usize {
    let (mains, entries, sks) = both(env, scope).await;
    assert_eq!(entries, mains, "{what}: the entries are the time off");
    assert_eq!(sks.len(), mains.len(), "{what}: one entry each");
    for item in env.plan().timeline(scope, window("1990-01-01", "2100-01-01")).await.unwrap().items.time_off {
        let sk = keys::person_time_off_sk(&item.person_id, item.range.end_exclusive(), &item.id);
        assert!(sks.contains(&sk), "{what}: {sk} is the key of {}", item.id);
    }
    mains.len()
}

/// Books `who` 400 hours in all over `days`, on a new project.
async fn total(env: &TestEnv, scope: &TeamScope, who: &Person, days: planner_domain::DateRange) {
    let p = env.project(scope, "P").await;
    let new = NewAssignment {
        id: AssignmentId::generate(),
        person_id: who.id.clone(),
        project_id: p.id,
        range: days,
        allocation: Allocation::Total(400 * 60),
        status: Status::Confirmed,
        series: None,
    };
    env.plan().create_assignment(scope, new).await.unwrap();
}

fn new_off(who: &Person, first: &str, days: i64) -> NewTimeOff {
    let change = TimeOffChange { range: range(first, days), kind: TimeOffKind::Holiday, minutes: None };
    NewTimeOff { id: TimeOffId::generate(), person_id: who.id.clone(), change }
}

#[tokio::test]
async fn every_edit_of_a_time_off_keeps_its_person_s_entry() {
    let env = TestEnv::new().await;
    let scope = env.team("Entries").await;
    let ann = env.person(&scope, "Ann").await;
    let bob = env.person(&scope, "Bob").await;
    let plan = env.plan();
    let short = plan.create_time_off(&scope, new_off(&ann, "2026-05-04", 2)).await.unwrap();
    let long = plan.create_time_off(&scope, new_off(&ann, "2026-06-01", 90)).await.unwrap();
    let bobs = plan.create_time_off(&scope, new_off(&bob, "2026-05-11", 1)).await.unwrap();
    assert_eq!(assert_entries_follow(&env, &scope, "created").await, 3);

    // A change of its last day moves its entry; of its first day alone, not; of its hours, in place.
    let change = |t: &TimeOff, first: &str, days: i64, minutes: Option<u32>| TimeOffChange {
        range: range(first, days),
        kind: t.kind,
        minutes,
    };
    let short = plan.update_time_off(&scope, &short, change(&short, "2026-05-04", 3, None)).await.unwrap();
    assert_entries_follow(&env, &scope, "a day longer").await;
    let short = plan.update_time_off(&scope, &short, change(&short, "2026-05-05", 2, None)).await.unwrap();
    assert_entries_follow(&env, &scope, "a day later, the same end").await;
    plan.update_time_off(&scope, &short, change(&short, "2026-05-05", 2, Some(240))).await.unwrap();
    assert_entries_follow(&env, &scope, "four hours a day").await;
    plan.update_time_off(&scope, &long, change(&long, "2026-04-01", 20, None)).await.unwrap();
    assert_entries_follow(&env, &scope, "a long leave made short").await;
    plan.delete_time_off(&scope, &bobs).await.unwrap();
    assert_eq!(assert_entries_follow(&env, &scope, "deleted").await, 2);

    // A person's delete takes their entries with their time off.
    plan.create_time_off(&scope, new_off(&bob, "2026-07-01", 5)).await.unwrap();
    plan.delete_person(&scope, &ann.id, &mut |_, _| {}).await.unwrap();
    assert_eq!(assert_entries_follow(&env, &scope, "Ann deleted").await, 1);
}

#[tokio::test]
async fn an_import_and_a_copy_write_the_entries_with_the_time_off() {
    let env = TestEnv::new().await;
    let scope = env.team("Exported").await;
    let bob = env.person(&scope, "Bob").await;
    env.plan().create_time_off(&scope, new_off(&bob, "2026-07-01", 5)).await.unwrap();
    let file = env.transfer().export_team(&scope).await.unwrap();
    let imported = env.team("Imported").await;
    env.transfer().import_team(&imported, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(assert_entries_follow(&env, &imported, "imported").await, 1);
    let copied = env.team("Copied").await;
    env.transfer().copy_into_team(&copied, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(assert_entries_follow(&env, &copied, "copied").await, 1);
}

/// A team made before the entries existed (none, and no mark saying it has them) is read as
/// before, for the whole team; `index_time_off_by_person` gives it its entries and the mark, and
/// the window reads the same through them. Run again, it changes nothing.
#[tokio::test]
async fn a_team_from_before_the_entries_is_read_without_them_until_it_is_given_them() {
    let env = TestEnv::new().await;
    let scope = env.team("Older").await;
    let ann = env.person(&scope, "Ann").await;
    let bob = env.person(&scope, "Bob").await;
    for (who, first) in
        [(&ann, "2025-03-10"), (&ann, "2026-02-02"), (&bob, "2025-06-02"), (&ann, "2026-05-06")]
    {
        env.plan().create_time_off(&scope, new_off(who, first, 1)).await.unwrap();
    }
    total(&env, &scope, &ann, range("2025-01-06", 500)).await;
    let w = window("2026-05-04", "2026-05-11");
    let expected = env.plan().window_items(&scope, w).await.unwrap();
    assert_eq!(expected.time_off.len(), 3, "Ann's three days off in her total's days, not Bob's");

    // As a team of an earlier version: no entries, no mark.
    forget_entries(&env, &scope).await;
    let (client, table) = (&env.store.connection().client, &env.store.connection().table);
    let pk = keys::team_pk(scope.team());
    let levels = HashMap::from([
        ("pk".to_owned(), AttributeValue::S(pk.clone())),
        ("sk".to_owned(), AttributeValue::S(keys::LEVELS.into())),
    ]);
    client
        .update_item()
        .table_name(table)
        .set_key(Some(levels))
        .update_expression(format!("REMOVE {}", keys::PERSON_ENTRIES))
        .send()
        .await
        .unwrap();
    assert_eq!(env.plan().window_items(&scope, w).await.unwrap(), expected, "read for the whole team");

    assert_eq!(Box::pin(env.plan().index_time_off_by_person(&scope)).await.unwrap(), 4);
    assert_entries_follow(&env, &scope, "given its entries").await;
    assert_eq!(env.plan().window_items(&scope, w).await.unwrap(), expected, "read through the entries");
    assert_eq!(
        Box::pin(env.plan().index_time_off_by_person(&scope)).await.unwrap(),
        4,
        "put again, the same"
    );
    assert_entries_follow(&env, &scope, "given them again").await;
}

/// Without its entries, a team marked as having them would miss its time off before the window:
/// the mark is what the read goes by (this is why only a team made now, an import, or the
/// reindex sets it).
#[tokio::test]
async fn the_read_goes_by_the_entries_once_a_team_has_them() {
    let env = TestEnv::new().await;
    let scope = env.team("Marked").await;
    let ann = env.person(&scope, "Ann").await;
    env.plan().create_time_off(&scope, new_off(&ann, "2025-03-10", 1)).await.unwrap();
    total(&env, &scope, &ann, range("2025-01-06", 500)).await;
    let w = window("2026-05-04", "2026-05-11");
    assert_eq!(env.plan().window_items(&scope, w).await.unwrap().time_off.len(), 1);
    forget_entries(&env, &scope).await;
    assert_eq!(
        env.plan().window_items(&scope, w).await.unwrap().time_off.len(),
        0,
        "read through the (now missing) entry, not the whole team's time off"
    );
}

/// A create whose window-index entry is already there (an interrupted import left it) is told
/// "already exists", as it was before the person entries took a place in the transaction.
#[tokio::test]
async fn a_create_over_a_left_index_entry_is_already_there() {
    let env = TestEnv::new().await;
    let scope = env.team("Left").await;
    let ann = env.person(&scope, "Ann").await;
    let new = new_off(&ann, "2026-05-04", 40);
    let sk = keys::Series::TimeOff.index_sk(1, day("2026-05-04"), new.id.as_str());
    env.store
        .connection()
        .client
        .put_item()
        .table_name(&env.store.connection().table)
        .item("pk", AttributeValue::S(keys::team_pk(scope.team())))
        .item("sk", AttributeValue::S(sk))
        .item("id", AttributeValue::S(new.id.as_str().to_owned()))
        .send()
        .await
        .unwrap();
    let refused = env.plan().create_time_off(&scope, new).await.unwrap_err();
    assert!(matches!(refused, StoreError::AlreadyExists { .. }), "{refused:?}");
}

/// The reindex writes no entry for the time off of a person being deleted: the cascade may have
/// listed that person's entries already, and one written after would outlive the time off.
#[tokio::test]
async fn the_reindex_writes_no_entry_for_a_person_being_deleted() {
    let env = TestEnv::new().await;
    let scope = env.team("Leaving").await;
    let ann = env.person(&scope, "Ann").await;
    let bob = env.person(&scope, "Bob").await;
    env.plan().create_time_off(&scope, new_off(&ann, "2026-05-04", 1)).await.unwrap();
    env.plan().create_time_off(&scope, new_off(&bob, "2026-05-05", 1)).await.unwrap();
    forget_entries(&env, &scope).await;
    // Ann's delete begun (its first step: the mark), not finished.
    env.store
        .connection()
        .client
        .update_item()
        .table_name(&env.store.connection().table)
        .key("pk", AttributeValue::S(keys::team_pk(scope.team())))
        .key("sk", AttributeValue::S(keys::person_sk(&ann.id)))
        .update_expression("SET deleting = :now")
        .expression_attribute_values(":now", AttributeValue::S("2026-05-01T00:00:00Z".into()))
        .send()
        .await
        .unwrap();
    assert_eq!(Box::pin(env.plan().index_time_off_by_person(&scope)).await.unwrap(), 1, "Bob's alone");
    let (_, entries, _) = both(&env, &scope).await;
    assert_eq!(entries.len(), 1);
}
