//! One bad item hides nothing else, as a property: a good team is written, then one of its items
//! is damaged at random (an attribute removed, of another type, garbage, a huge number) or a stray
//! item planted under a key of the partition or of the index; every read path of the team still
//! answers, and what it could not read is named rather than hiding the rest; an untouched
//! assignment can still be edited, one deleted before can still be restored, and the member's
//! list of teams still opens.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{AssignmentId, CalendarId, DateRange, Name, TimeOffId};
use planner_store::feed::FeedAction;
use planner_store::{AssignmentChange, NewAssignment, NewTimeOff, TeamScope, TimeOffChange, keys};
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
    /// An item of the partition that is no membership but carries the member's index keys:
    /// `GSI1PK = USER#{member}` and this `GSI1SK` (a string: the index refuses any other type).
    StrayIndex { sk: &'static str },
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
        1 => (prop::sample::select(vec!["RES#", "PRJ#", "ASN#", "ASN#2026-05-04#", "ASL#01#", "OFF#", "OFP#", "CAL#", "HOL#", "HOL#2026-05-05#", "FEED#", "GONE#ASN#"]), value())
            .prop_map(|(prefix, with)| Damage::Stray { prefix, with }),
        1 => prop::sample::select(vec!["TEAM#", "TEAM#\u{1b}[31m", "TEAM#not a team!", "TEAM#01ARZ3NDEKTSV4RRFFQ69G5FAV", "garbage"])
            .prop_map(|sk| Damage::StrayIndex { sk }),
    ]
}

/// An assignment deleted before the damage: its change record, and the ids that name it, its
/// person and its project (what a damage to any of them may rightly stop restoring).
struct Deleted {
    cursor: String,
    ids: [String; 3],
}

/// A good team, and an assignment deleted from it (to restore).
async fn good_team(env: &TestEnv) -> (TeamScope, Deleted) {
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
    // A fourth booking on a person and project of its own: whatever one item the damage
    // touches, some booking stays untouched, to edit.
    let third = env.person(&scope, "T").await;
    let q = env.project(&scope, "Q").await;
    for (who, what, first, days, allocation) in [
        (&r.id, &p.id, "2026-05-04", 3, Allocation::HoursPerDay(240)),
        (&r.id, &p.id, "2026-04-01", 60, Allocation::Total(40 * 60)), // long: an index entry too
        (&other.id, &p.id, "2026-05-06", 2, Allocation::Percent(50)),
        (&third.id, &q.id, "2026-05-05", 2, Allocation::HoursPerDay(120)),
    ] {
        let new = NewAssignment {
            id: AssignmentId::generate(),
            person_id: who.clone(),
            project_id: what.clone(),
            range: range(first, days),
            allocation,
            status: Status::Confirmed,
            series: None,
        };
        env.plan().create_assignment(&scope, new).await.unwrap();
    }
    let off = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: other.id.clone(),
        change: TimeOffChange { range: range("2026-05-11", 40), kind: Default::default(), minutes: None },
    };
    env.plan().create_time_off(&scope, off).await.unwrap();
    let gone = env.assign(&scope, &other.id, &p.id, "2026-05-18", 2).await;
    env.plan().delete_assignment(&scope, &gone).await.unwrap();
    let records = env.plan().changes_since(&scope, None, 1000).await.unwrap().records;
    let deleted =
        records.iter().find(|r| r.action == FeedAction::Deleted && r.item.contains(gone.id.as_str()));
    let cursor = deleted.expect("the deletion's change record").cursor.clone();
    let ids = [gone.id.to_string(), gone.person_id.to_string(), gone.project_id.to_string()];
    (scope, Deleted { cursor, ids })
}

fn week() -> DateRange {
    window("2026-05-04", "2026-05-11")
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
        Damage::StrayIndex { sk } => {
            let member = partition(env, pk)
                .await
                .into_iter()
                .find_map(|i| i[keys::SK].as_s().unwrap().strip_prefix("MEMBER#").map(str::to_owned))
                .expect("a member");
            client
                .put_item()
                .table_name(table)
                .item(keys::PK, AttributeValue::S(pk.into()))
                .item(keys::SK, AttributeValue::S("RES#zz-stray-index".into()))
                .item(keys::GSI1PK, AttributeValue::S(format!("USER#{member}")))
                .item(keys::GSI1SK, AttributeValue::S((*sk).into()))
                .send()
                .await
                .unwrap();
            format!("RES#zz-stray-index listed among the teams of {member} as {sk:?}")
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
    deleted: &Deleted,
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
    // The member's teams still list this one, whatever stray entry the index holds.
    let teams =
        env.identity().list_user_teams(scope.user()).await.map_err(|e| format!("the user's teams: {e}"))?;
    if !teams.iter().any(|m| &m.team == scope.team()) {
        return Err("the member's teams leave the team out".into());
    }
    // Still editable: an assignment nothing touched takes a change.
    let untouched = |a: &planner_domain::Assignment| {
        ![a.id.as_str(), a.person_id.as_str(), a.project_id.as_str()].iter().any(|id| touched.contains(id))
    };
    let Some(edited) = t.items.assignments.iter().find(|a| untouched(a)) else {
        return Err("no assignment left untouched to edit".into());
    };
    let change = AssignmentChange {
        person_id: edited.person_id.clone(),
        project_id: edited.project_id.clone(),
        range: edited.range,
        allocation: None,
        status: Some(Status::Tentative),
        series: None,
    };
    env.plan()
        .update_assignment(scope, edited, change)
        .await
        .map_err(|e| format!("edit {}: {e}", edited.id))?;
    // Still restorable: the assignment deleted before the damage, unless the damage was to its
    // own record, its delete mark, or its person or project.
    let its_own =
        touched.contains(&deleted.cursor) || deleted.ids.iter().any(|id| touched.contains(id.as_str()));
    if !its_own {
        env.plan()
            .restore_assignment(scope, &deleted.cursor)
            .await
            .map_err(|e| format!("restore beside it: {e}"))?;
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
                let (scope, deleted) = good_team(&env).await;
                let good = env.plan().timeline(&scope, week()).await.unwrap().items.assignments;
                assert_eq!(good.len(), 4);
                let pk = keys::team_pk(scope.team());
                let what = apply(&env, &pk, &d).await;
                every_read(&env, &scope, &good, &deleted, &what)
                    .await
                    .map_err(|e| TestCaseError::fail(format!("{what}: {e}")))
            })
        })
        .unwrap();
}
