//! One bad item hides nothing else, as a property: a good team is written, then one of its items
//! is damaged at random (an attribute removed, of another type, garbage, a huge number) or a stray
//! item planted under a key of the partition; every read path of the team still answers, and
//! what it could not read is named rather than hiding the rest.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{AssignmentId, CalendarId, DateRange, Name, TimeOffId};
use planner_store::{NewAssignment, NewTimeOff, TeamScope, TimeOffChange, keys};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::collections::HashMap;

type Item = HashMap<String, AttributeValue>;

#[derive(Debug, Clone)]
enum Damage {
    /// The `n`-th item of the partition (by key order, the team record and memberships aside):
    /// its `m`-th attribute (pk and sk aside) removed or replaced.
    Attribute { n: usize, m: usize, with: Option<AttributeValue> },
    /// An item planted under `prefix` + garbage, holding `with` as one attribute.
    Stray { prefix: &'static str, with: AttributeValue },
}

fn value() -> impl Strategy<Value = AttributeValue> {
    prop_oneof![
        Just(AttributeValue::N("1e125".into())),
        Just(AttributeValue::N("-1".into())),
        Just(AttributeValue::N("18014398509481984".into())),
        Just(AttributeValue::S(String::new())),
        Just(AttributeValue::S("\u{1b}[31m#~garbage".into())),
        Just(AttributeValue::S("2026-02-30".into())),
        Just(AttributeValue::Bool(true)),
        Just(AttributeValue::Ss(vec!["x".into()])),
        Just(AttributeValue::Null(true)),
    ]
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        3 => (0usize..64, 0usize..16, prop::option::of(value())).prop_map(|(n, m, with)| Damage::Attribute { n, m, with }),
        1 => (prop::sample::select(vec!["RES#", "PRJ#", "ASN#", "ASN#2026-05-04#", "ASL#01#", "OFF#", "CAL#", "HOL#", "HOL#2026-05-05#", "FEED#", "GONE#ASN#"]), value())
            .prop_map(|(prefix, with)| Damage::Stray { prefix, with }),
    ]
}

async fn good_team(env: &TestEnv) -> TeamScope {
    let (scope, r, p) = env.team_with_r_and_p("Good").await;
    let other = env.person(&scope, "S").await;
    let cal = env
        .plan()
        .create_calendar(&scope, CalendarId::generate(), Name::parse("Here").unwrap(), Some("JP".into()))
        .await
        .unwrap();
    env.plan()
        .put_holidays(&scope, &cal.id, vec![(day("2026-05-05"), Name::parse("Kodomo").unwrap())])
        .await
        .unwrap();
    env.plan().set_working_time(&scope, &r, None, Some(cal.id.clone())).await.unwrap();
    for (who, first, days, allocation) in [
        (&r.id, "2026-05-04", 3, Allocation::HoursPerDay(240)),
        (&r.id, "2026-04-01", 60, Allocation::Total(40 * 60)), // long: an index entry too
        (&other.id, "2026-05-06", 2, Allocation::Percent(50)),
    ] {
        let new = NewAssignment {
            id: AssignmentId::generate(),
            person_id: who.clone(),
            project_id: p.id.clone(),
            range: range(first, days),
            allocation,
            status: Status::Confirmed,
        };
        env.plan().create_assignment(&scope, new).await.unwrap();
    }
    let off = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: other.id.clone(),
        change: TimeOffChange { range: range("2026-05-11", 40), kind: Default::default(), minutes: None },
    };
    env.plan().create_time_off(&scope, off).await.unwrap();
    scope
}

fn week() -> DateRange {
    window("2026-05-04", "2026-05-11")
}

async fn partition(env: &TestEnv, pk: &str) -> Vec<Item> {
    let out = env
        .store
        .connection()
        .client
        .query()
        .table_name(&env.store.connection().table)
        .key_condition_expression("pk = :pk")
        .expression_attribute_values(":pk", AttributeValue::S(pk.into()))
        .send()
        .await
        .unwrap();
    out.items.unwrap_or_default()
}

async fn apply(env: &TestEnv, pk: &str, damage: &Damage) -> String {
    let client = &env.store.connection().client;
    let table = &env.store.connection().table;
    match damage {
        Damage::Attribute { n, m, with } => {
            // The team record and the memberships are the team itself and who may read it: not
            // "one item beside the team" (their damage is the team's, docs/security.md).
            let items: Vec<Item> = partition(env, pk)
                .await
                .into_iter()
                .filter(|i| {
                    let sk = i[keys::SK].as_s().unwrap();
                    sk != "META" && !sk.starts_with("MEMBER#")
                })
                .collect();
            let item = &items[n % items.len()];
            let mut names: Vec<&String> = item.keys().filter(|k| *k != keys::PK && *k != keys::SK).collect();
            names.sort();
            let sk = item[keys::SK].as_s().unwrap().clone();
            let Some(name) = names.get(m % names.len().max(1)).copied() else {
                return format!("{sk}: nothing");
            };
            let update = client
                .update_item()
                .table_name(table)
                .key(keys::PK, AttributeValue::S(pk.into()))
                .key(keys::SK, AttributeValue::S(sk.clone()))
                .expression_attribute_names("#a", name);
            match with {
                None => update.update_expression("REMOVE #a").send().await.unwrap(),
                Some(v) => update
                    .update_expression("SET #a = :v")
                    .expression_attribute_values(":v", v.clone())
                    .send()
                    .await
                    .unwrap(),
            };
            format!("{sk}.{name} = {with:?}")
        }
        Damage::Stray { prefix, with } => {
            let sk = format!("{prefix}zz-stray");
            client
                .put_item()
                .table_name(table)
                .item(keys::PK, AttributeValue::S(pk.into()))
                .item(keys::SK, AttributeValue::S(sk.clone()))
                .item("version", with.clone())
                .send()
                .await
                .unwrap();
            format!("{sk} planted")
        }
    }
}

/// Every read path of the team: each must answer (what it could not read, it names); and the
/// timeline shows every assignment of `good` but one the damage touched (its own item, or its
/// person's or project's, named `touched`).
async fn every_read(
    env: &TestEnv,
    scope: &TeamScope,
    good: &[planner_domain::Assignment],
    touched: &str,
) -> Result<(), String> {
    // A week the long assignment (from 2026-04-01) reaches only through its index entry.
    let t = env.plan().timeline(scope, week()).await.map_err(|e| format!("timeline: {e}"))?;
    for a in good {
        let hit = [a.id.as_str(), a.person_id.as_str(), a.project_id.as_str()]
            .iter()
            .any(|id| touched.contains(id));
        if !hit && !t.items.assignments.iter().any(|x| x.id == a.id) {
            return Err(format!("the timeline hides {} ({:?}), untouched", a.id, a.range));
        }
    }
    env.plan()
        .window_items(scope, window("2026-05-01", "2026-05-08"))
        .await
        .map_err(|e| format!("window: {e}"))?;
    env.plan()
        .report(scope, DateRange::from_inclusive(day("2026-04-01"), day("2026-06-30")).unwrap(), 0)
        .await
        .map_err(|e| format!("report: {e}"))?;
    let file = env.transfer().export_team(scope).await.map_err(|e| format!("export: {e}"))?;
    let other = env.team("Other").await;
    env.transfer()
        .import_team(&other, &file, &mut |_, _, _| {})
        .await
        .map_err(|e| format!("import elsewhere: {e}"))?;
    env.plan().changes_since(scope, None, 100).await.map_err(|e| format!("changes since: {e}"))?;
    env.plan().activity(scope, None, 100, &Default::default()).await.map_err(|e| format!("activity: {e}"))?;
    env.plan().list_people(scope).await.map_err(|e| format!("people: {e}"))?;
    env.plan().calendars(scope).await.map_err(|e| format!("calendars: {e}"))?;
    // What the timeline shows of the good team: at least the assignments nothing touched.
    if t.items.assignments.is_empty() && t.items.unreadable.is_empty() {
        return Err("the timeline shows nothing and names nothing".into());
    }
    Ok(())
}

#[test]
fn one_damaged_item_stops_no_read_of_the_team() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut runner = TestRunner::new(Config { cases: if remote() { 8 } else { 64 }, ..Config::default() });
    runner
        .run(&damage(), |d| {
            rt.block_on(async {
                let env = TestEnv::new().await;
                let scope = good_team(&env).await;
                let good = env.plan().timeline(&scope, week()).await.unwrap().items.assignments;
                assert_eq!(good.len(), 3);
                let pk = keys::team_pk(scope.team());
                let what = apply(&env, &pk, &d).await;
                every_read(&env, &scope, &good, &what)
                    .await
                    .map_err(|e| TestCaseError::fail(format!("{what}: {e}")))
            })
        })
        .unwrap();
}
