//! One bad item cannot hide a team: an item that cannot be read back (damaged, or a version past
//! what the window can hold) is left out of the read and named; the rest shows. Import refuses such
//! values before writing anything.

use crate::common::*;
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::{CalendarId, DateRange, MAX_VERSION, Name, Role};
use planner_store::transfer::MAX_IMPORTED_VERSION;
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
    // Nor the largest the window can hold: the next edit would take it past (and the app would
    // no longer read the assignment). An import writes half of it at most.
    file.assignments[0].version = MAX_VERSION;
    assert!(matches!(
        env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await,
        Err(StoreError::BadFile { .. })
    ));
    file.assignments[0].version = MAX_IMPORTED_VERSION;
    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!((t.items.assignments[0].version, t.items.unreadable.len()), (MAX_IMPORTED_VERSION, 0));
    // An edit after it is read back.
    let moved = env
        .plan()
        .update_assignment(
            &scope,
            &t.items.assignments[0],
            planner_store::AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2026-05-05", 3),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!((t.items.assignments.clone(), t.items.unreadable.len()), (vec![moved], 0));
}

/// Import refuses what the reader would refuse, by the reader's own code: a calendar whose region
/// is not one the reader takes (`"jp"`) made the timeline, the report and the export of the whole
/// team fail once imported.
#[tokio::test]
async fn import_refuses_a_calendar_the_reader_refuses() {
    let env = TestEnv::new().await;
    let (scope, _, _) = env.team_with_r_and_p("Region").await;
    env.plan()
        .create_calendar(&scope, CalendarId::generate(), Name::parse("Japan").unwrap(), Some("JP".into()))
        .await
        .unwrap();
    let mut file = env.transfer().export_team(&scope).await.unwrap();
    file.calendars[0].region = Some("jp".into());
    let target = env.team("Target").await;
    let refused = env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap_err();
    assert!(matches!(refused, StoreError::BadFile { .. }), "{refused:?}");
    let said = refused.to_string();
    assert!(said.contains("CAL#") && said.contains("could not be read back"), "{said}");
    assert!(env.plan().calendars(&target).await.unwrap().is_empty(), "nothing written");
    env.plan().timeline(&target, window("2026-05-01", "2026-06-01")).await.unwrap();
}

/// One damaged item of each kind beside a good team: the timeline, the report, the export, an
/// import of that export into another team and into the team itself (which removes the damaged
/// assignment), all go on, and name what they left out.
#[tokio::test]
async fn a_damaged_calendar_or_assignment_stops_no_read_of_the_rest() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Damaged too").await;
    let good = env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let bad = env.assign(&scope, &r.id, &p.id, "2026-05-11", 3).await;
    let cal = env
        .plan()
        .create_calendar(&scope, CalendarId::generate(), Name::parse("Japan").unwrap(), Some("JP".into()))
        .await
        .unwrap();
    let pk = keys::team_pk(scope.team());
    tamper(&env, pk.clone(), keys::calendar_sk(&cal.id), "region", AttributeValue::S("jp".into())).await;
    tamper(
        &env,
        pk.clone(),
        keys::assignment_sk(bad.range.start(), &bad.id),
        "projectId",
        AttributeValue::N("7".into()),
    )
    .await;

    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!(t.items.assignments, vec![good.clone()]);
    assert_eq!(t.items.unreadable.len(), 2, "{:?}", t.items.unreadable);
    env.plan()
        .report(&scope, DateRange::from_inclusive(day("2026-05-01"), day("2026-05-31")).unwrap(), 0)
        .await
        .unwrap();

    let file = env.transfer().export_team(&scope).await.unwrap();
    assert_eq!(file.assignments, vec![good.clone()], "the rest is exported");
    assert!(file.calendars.is_empty());
    let mut named: Vec<_> = file.unreadable.iter().map(|u| u.key.clone()).collect();
    named.sort();
    let mut expected = vec![
        format!("{pk} / {}", keys::assignment_sk(bad.range.start(), &bad.id)),
        format!("{pk} / {}", keys::calendar_sk(&cal.id)),
    ];
    expected.sort();
    assert_eq!(named, expected);

    let other = env.team("Other").await;
    env.transfer().import_team(&other, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(env.plan().all_assignments(&other).await.unwrap(), vec![good.clone()]);
    // Into the team itself: the damaged assignment is removed, as one the file lacks.
    let report = env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(report.removed_assignments, 1);
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![good]);
}

/// One malformed change record stopped the activity screen, the live view and `rp-admin activity`
/// of every member; a record keyed far in the future stood first in every read. Now the first is
/// left out and named, the second is not read until its time comes.
#[tokio::test]
async fn a_malformed_or_far_future_change_record_stops_no_feed_read() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Feed").await;
    env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let pk = keys::team_pk(scope.team());
    let client = &env.store.connection().client;
    let table = &env.store.connection().table;
    let items = client
        .query()
        .table_name(table)
        .key_condition_expression("pk = :pk AND begins_with(sk, :feed)")
        .expression_attribute_values(":pk", AttributeValue::S(pk.clone()))
        .expression_attribute_values(":feed", AttributeValue::S(keys::FEED_PREFIX.into()))
        .send()
        .await
        .unwrap()
        .items
        .unwrap();
    let good = items.last().unwrap().clone();
    let cursor = good[keys::SK].as_s().unwrap().clone();
    let millis: i64 = cursor[keys::FEED_PREFIX.len()..keys::FEED_PREFIX.len() + 13].parse().unwrap();
    // A record without its author, a millisecond after the last; one a year ahead.
    let mut malformed = good.clone();
    malformed.remove("by");
    malformed.insert(keys::SK.into(), AttributeValue::S(keys::feed_sk(millis + 1, "MALFORMED")));
    let mut ahead = good.clone();
    ahead.insert(keys::SK.into(), AttributeValue::S(keys::feed_sk(millis + 365 * 86_400_000, "AHEAD")));
    for item in [malformed, ahead] {
        client.put_item().table_name(table).set_item(Some(item)).send().await.unwrap();
    }

    let filter = planner_store::feed::ActivityFilter::default();
    let page = env.plan().activity(&scope, None, 100, &filter).await.unwrap();
    assert_eq!(
        page.records.first().map(|r| r.cursor.clone()),
        Some(cursor.clone()),
        "the newest readable first"
    );
    assert!(page.records.iter().all(|r| !r.cursor.contains("AHEAD")), "the record a year ahead is not read");
    assert_eq!(page.unreadable.len(), 1, "{:?}", page.unreadable);
    assert!(page.unreadable[0].key.ends_with("#MALFORMED"), "{:?}", page.unreadable);
    let since = env.plan().changes_since(&scope, None, 100).await.unwrap();
    assert_eq!(since.records.last().map(|r| r.cursor.clone()), Some(cursor.clone()));
    assert_eq!(since.unreadable.len(), 1);
    let mut reader = planner_store::feed::FeedReader::from(millis - 1);
    let read = reader.read(&env.store, &scope, 3).await.unwrap();
    let planner_store::feed::FeedRead::Changes(read) = read else { panic!("{read:?}") };
    assert_eq!(read.last().map(|r| r.cursor.clone()), Some(cursor), "the live view reads on past it");
    assert!(read.iter().all(|r| !r.cursor.contains("AHEAD")));
}

/// A cascade never leaves a person stuck: one whose version is at the reader's limit is marked
/// (its version then past it) and deleted all the same, with their bookings; before, the delete
/// stopped after the mark and the person stayed "deleting" for ever (every later import failed).
#[tokio::test]
async fn a_person_at_the_version_limit_is_deleted_with_their_bookings() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Limit").await;
    env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let pk = keys::team_pk(scope.team());
    tamper(&env, pk, keys::person_sk(&r.id), "version", AttributeValue::N(MAX_VERSION.to_string())).await;
    let report = env.plan().delete_person(&scope, &r.id, &mut |_, _| {}).await.unwrap();
    assert_eq!(report.assignments_deleted, 1);
    assert!(env.plan().list_people(&scope).await.unwrap().is_empty());
    let file = env.transfer().export_team(&scope).await.unwrap();
    assert!(file.unreadable.is_empty() && file.people.is_empty(), "{:?}", file.unreadable);
    env.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
}

#[tokio::test]
async fn a_damaged_membership_hides_no_other_member_and_none_of_its_user_s_other_teams() {
    let env = TestEnv::new().await;
    let (scope, _, _) = env.team_with_r_and_p("Members").await;
    let kept = env.member(&scope, Role::Planner).await;
    let damaged = env.member(&scope, Role::Viewer).await;
    // The damaged member belongs to a second team too.
    let (second, _, _) = env.team_with_r_and_p("Second").await;
    env.identity().put_member(&second, damaged.user(), Role::Planner).await.unwrap();
    let pk = keys::team_pk(scope.team());
    tamper(&env, pk.clone(), keys::member_sk(damaged.user()), "role", AttributeValue::S("overlord".into()))
        .await;

    // And an item at another membership's key naming a member who has one already (a planner
    // can write the team's partition): it is no membership, and lists no one twice.
    env.store
        .connection()
        .client
        .put_item()
        .table_name(&env.store.connection().table)
        .item(keys::PK, AttributeValue::S(pk.clone()))
        .item(keys::SK, AttributeValue::S("MEMBER#01ARZ3NDEKTSV4RRFFQ69G5FAV".into()))
        .item("userId", AttributeValue::S(kept.user().to_string()))
        .item("role", AttributeValue::S("admin".into()))
        .send()
        .await
        .unwrap();

    let members = env.identity().list_members(&scope).await.expect("the member list still reads");
    assert_eq!(members.iter().filter(|m| &m.user_id == kept.user()).count(), 1, "{members:?}");
    assert_eq!(members.iter().find(|m| &m.user_id == kept.user()).map(|m| m.role), Some(Role::Planner));
    let ids: Vec<_> = members.iter().map(|m| m.user_id.clone()).collect();
    assert!(ids.contains(kept.user()) && ids.contains(scope.user()), "the others: {ids:?}");
    assert!(!ids.contains(damaged.user()), "the damaged one is left out: {ids:?}");
    let teams = env.identity().list_user_teams(damaged.user()).await.expect("their teams still read");
    assert_eq!(teams.iter().map(|t| t.team.clone()).collect::<Vec<_>>(), [second.team().clone()]);
}

/// Whether the timeline names the team's record, or the damaged value is one kept as it is (a
/// creation time, any string).
fn named_or_kept(t: &planner_store::Timeline, name: &str, bad: &AttributeValue) -> bool {
    let kept = name == "createdAt" && bad.as_s().is_ok();
    kept || t.items.unreadable.iter().any(|u| u.key.ends_with("/ META"))
}

#[tokio::test]
async fn a_damaged_attribute_of_the_team_record_stops_no_edit_nor_read() {
    let env = TestEnv::new().await;
    let (scope, _, _) = env.team_with_r_and_p("Record").await;
    // Every setting the team's record can hold, set.
    let week = planner_domain::capacity::WorkWeek::new([420, 420, 420, 420, 240, 0, 0]).unwrap();
    env.plan().set_default_week(&scope, week).await.unwrap();
    env.plan().set_feed_days(&scope, 30).await.unwrap();
    let pk = keys::team_pk(scope.team());
    let meta = env
        .store
        .connection()
        .client
        .get_item()
        .table_name(&env.store.connection().table)
        .key(keys::PK, AttributeValue::S(pk.clone()))
        .key(keys::SK, AttributeValue::S("META".into()))
        .send()
        .await
        .unwrap()
        .item
        .unwrap();
    // Not the id, the count of admins or the revision: what the team is and what guards its writes.
    let mut names: Vec<String> =
        meta.keys().filter(|k| !["pk", "sk"].contains(&k.as_str())).cloned().collect();
    names.sort();
    let mut failures = Vec::new();
    let mut writes = 0;
    for name in &names {
        for bad in [AttributeValue::N("1e125".into()), AttributeValue::S("\u{1b}[31m".into())] {
            tamper(&env, pk.clone(), "META".into(), name, bad.clone()).await;
            let what = format!("META.{name} = {bad:?}");
            match env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await {
                Err(e) => failures.push(format!("{what}: timeline: {e}")),
                // Every value it cannot read is named (a creation time is kept as any string).
                Ok(t) if !named_or_kept(&t, name, &bad) => {
                    failures.push(format!("{what}: the timeline does not name the team's record"));
                }
                Ok(_) => {}
            }
            let person = env
                .plan()
                .create_person(&scope, planner_domain::PersonId::generate(), Name::parse("N").unwrap())
                .await;
            if let Err(e) = person {
                failures.push(format!("{what}: an edit: {e}"));
            }
            if let Err(e) = env.identity().list_members(&scope).await {
                failures.push(format!("{what}: members: {e}"));
            }
            // The writes that the META's counts guard: a setting, and an admin added and made a
            // planner again (each mends the count it needs).
            // (Another number of days each time: the same again writes nothing.)
            writes += 1;
            if let Err(e) = env.plan().set_feed_days(&scope, 30 + writes).await {
                failures.push(format!("{what}: a setting: {e}"));
            }
            let email = planner_domain::Email::parse("second@example.com").unwrap();
            match env.identity().invite_member(&scope, &email, None, planner_domain::Role::Admin).await {
                Err(e) => failures.push(format!("{what}: an admin added: {e}")),
                Ok(user) => {
                    let demoted =
                        env.identity().put_member(&scope, &user.id, planner_domain::Role::Planner).await;
                    if let Err(e) = demoted {
                        failures.push(format!("{what}: an admin made a planner: {e}"));
                    }
                }
            }
            tamper(&env, pk.clone(), "META".into(), name, meta[name].clone()).await;
        }
    }
    assert_eq!(names, ["admins", "createdAt", "defaultWeek", "feedDays", "id", "metaRev", "name"]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // An admin sets the damaged name again from the app.
    tamper(&env, pk.clone(), "META".into(), "name", AttributeValue::N("1".into())).await;
    env.plan().rename_team(&scope, Name::parse("Mended").unwrap()).await.unwrap();
    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!((t.team.name.as_str(), t.items.unreadable.len()), ("Mended", 0));
}
