//! One bad item cannot hide a team: an item that cannot be read back (damaged, or a version past
//! what the window can hold) is left out of the read and named; the rest shows. Import refuses such
//! values before writing anything.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::MAX_VERSION;
use planner_store::{StoreError, keys};

/// Sets one attribute of a stored item as a damaged or hand-edited table might hold it.
async fn tamper(env: &TestEnv, pk: String, sk: String, attribute: &str, value: AttributeValue) {
    env.store
        .connection()
        .client
        .update_item()
        .table_name(&env.store.connection().table)
        .key(keys::PK, AttributeValue::S(pk))
        .key(keys::SK, AttributeValue::S(sk))
        .update_expression("SET #a = :v")
        .expression_attribute_names("#a", attribute)
        .expression_attribute_values(":v", value)
        .send()
        .await
        .unwrap();
}

#[tokio::test]
async fn a_damaged_item_is_left_out_and_named_and_the_rest_shows() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Damaged").await;
    let good = env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let bad = env.assign(&scope, &r.id, &p.id, "2026-05-11", 3).await;
    let broken = env.person(&scope, "Broken").await;
    let pk = keys::team_pk(scope.team());
    // A version past 2^53 − 1 (imports wrote such before they refused them), and a person whose
    // name is not a string.
    let too_big = AttributeValue::N((MAX_VERSION + 1).to_string());
    tamper(&env, pk.clone(), keys::assignment_sk(bad.range.start(), &bad.id), "version", too_big).await;
    tamper(&env, pk.clone(), keys::person_sk(&broken.id), "name", AttributeValue::N("1".into())).await;

    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!(t.items.assignments, vec![good], "the rest shows");
    assert_eq!(t.people.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["R"]);
    let mut named: Vec<_> = t.items.unreadable.iter().map(|u| u.key.clone()).collect();
    named.sort();
    let mut expected = vec![
        format!("{pk} / {}", keys::assignment_sk(bad.range.start(), &bad.id)),
        format!("{pk} / {}", keys::person_sk(&broken.id)),
    ];
    expected.sort();
    assert_eq!(named, expected, "{:?}", t.items.unreadable);
    assert!(
        t.items.unreadable.iter().any(|u| u.detail.contains("version out of range")),
        "{:?}",
        t.items.unreadable
    );
    // The window read alone (a scroll) names it too.
    let w = env.plan().window_items(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!(w.unreadable.len(), 1, "{:?}", w.unreadable);
}

#[tokio::test]
async fn import_refuses_values_the_reader_cannot_read_back() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Import").await;
    env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let mut file = env.transfer().export_team(&scope).await.unwrap();
    file.assignments[0].version = MAX_VERSION + 1;
    let before = env.plan().all_assignments(&scope).await.unwrap();
    let refused = env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap_err();
    assert!(
        matches!(&refused, StoreError::BadFile { message } if message.contains("version")),
        "{refused:?}"
    );
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), before, "nothing written");
    // The largest version the window can hold is accepted.
    file.assignments[0].version = MAX_VERSION;
    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!((t.items.assignments[0].version, t.items.unreadable.len()), (MAX_VERSION, 0));
}
