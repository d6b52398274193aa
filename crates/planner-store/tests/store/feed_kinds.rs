//! The change feed for every kind of edit: each write that changes what members see carries its
//! change record in the same request (checked on the requests themselves), a refused or conflicting
//! one writes none, a cascade and an import write one summary record per run; the record says who
//! (id and the name or email of their membership) and what before and after. Restore, the retention
//! an admin sets, the live reader's read-back and the activity screen's newest-first, filtered
//! pages.

use crate::common::*;
use planner_domain::capacity::WorkWeek;
use planner_domain::{CalendarId, Email, LabelId, LabelKind, Name, PersonLabels, Role, TimeOffId};
use planner_store::feed::{ActivityFilter, ChangeRecord, FeedAction, FeedKind, FeedRead, FeedReader};
use planner_store::{NewTimeOff, StoreError, TeamScope, TimeOffChange};

async fn all_records(env: &TestEnv, scope: &TeamScope) -> Vec<ChangeRecord> {
    env.plan().changes_since(scope, None, 1000).await.unwrap().records
}

fn kinds(records: &[ChangeRecord]) -> Vec<(FeedKind, FeedAction)> {
    records.iter().map(|r| (r.kind, r.action)).collect()
}

/// The sort keys of every item a write request puts, updates or deletes in a team partition.
fn written_keys(request: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut key_of = |v: &serde_json::Value| {
        let pk = v["pk"]["S"].as_str().unwrap_or_default();
        if pk.starts_with("TEAM#") {
            out.push(v["sk"]["S"].as_str().unwrap_or_default().to_owned());
        }
    };
    if let Some(items) = request["TransactItems"].as_array() {
        for item in items {
            for op in ["Put", "Update", "Delete"] {
                let body = &item[op];
                key_of(if op == "Put" { &body["Item"] } else { &body["Key"] });
            }
        }
    } else {
        key_of(&request["Item"]);
        key_of(&request["Key"]);
    }
    out
}

#[tokio::test]
async fn every_edit_carries_its_record_in_its_own_request() {
    let (env, recorder) = TestEnv::recorded().await;
    let (team, r, p) = env.team_with_r_and_p("Every edit").await;
    let s = &env.store;
    let start = s.plan().changes_since(&team, None, 1000).await.unwrap().cursor;
    recorder.take();
    let name = |n: &str| Name::parse(n).unwrap();

    let r2 = s.plan().rename_person(&team, &r.id, r.version, name("Ruth")).await.unwrap();
    let p2 = s.plan().update_project(&team, &p.id, p.version, Some(name("Globex")), None).await.unwrap();
    let cal = s.plan().create_calendar(&team, CalendarId::generate(), name("Japan"), None).await.unwrap();
    let cal2 = s.plan().rename_calendar(&team, &cal.id, cal.version, name("Tokyo")).await.unwrap();
    s.plan().put_holidays(&team, &cal.id, vec![(day("2026-05-05"), name("Children's Day"))]).await.unwrap();
    s.plan().delete_holiday(&team, &cal.id, day("2026-05-05")).await.unwrap();
    let r3 = s.plan().set_working_time(&team, &r2, None, Some(cal.id.clone())).await.unwrap();
    let new_off = NewTimeOff {
        id: TimeOffId::generate(),
        person_id: r.id.clone(),
        change: TimeOffChange { range: range("2026-05-11", 2), kind: Default::default(), minutes: None },
    };
    let off = s.plan().create_time_off(&team, new_off).await.unwrap();
    let change = TimeOffChange { range: range("2026-05-18", 2), kind: Default::default(), minutes: None };
    let off2 = s.plan().update_time_off(&team, &off, change).await.unwrap();
    s.plan().delete_time_off(&team, &off2).await.unwrap();
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    s.plan().delete_assignment(&team, &a).await.unwrap();
    let invited = Email::parse("ada@example.com").unwrap();
    let ada = s.identity().invite_member(&team, &invited, Some(&name("Ada")), Role::Planner).await.unwrap();
    s.identity().put_member(&team, &ada.id, Role::Viewer).await.unwrap();
    s.identity().remove_member(&team, &ada.id).await.unwrap();
    s.plan().rename_team(&team, name("Every edit, renamed")).await.unwrap();
    s.plan().set_default_week(&team, WorkWeek::new([420, 420, 420, 420, 420, 0, 0]).unwrap()).await.unwrap();
    s.plan().set_feed_days(&team, 400).await.unwrap();
    let skill =
        s.plan().create_label(&team, LabelId::generate(), LabelKind::Skill, name("React")).await.unwrap();
    let skill2 = s.plan().rename_label(&team, &skill.id, skill.version, name("React.js")).await.unwrap();
    let carried = PersonLabels { skills: [skill.id.clone()].into(), ..PersonLabels::default() };
    s.plan().set_person_labels(&team, &r3, carried).await.unwrap();

    // The requests: every one that wrote to the team's partition (but for the window-index
    // registry, which no screen shows) wrote a change record with it, and exactly one.
    let writes = ["PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "BatchWriteItem"];
    let mut edits = 0;
    for seen in recorder.take().iter().filter(|s| writes.contains(&s.operation.as_str())) {
        let keys = written_keys(&seen.request);
        if keys.is_empty() || keys == ["ASLVL"] {
            continue;
        }
        edits += 1;
        let records = keys.iter().filter(|k| k.starts_with("FEED#")).count();
        assert_eq!(records, 1, "{} wrote {keys:?} with {records} change records", seen.operation);
        assert_eq!(seen.operation, "TransactWriteItems", "one atomic request: {keys:?}");
    }
    assert_eq!(edits, 21, "one request per edit");

    let records = s.plan().changes_since(&team, start.as_deref(), 1000).await.unwrap().records;
    use FeedAction::*;
    use FeedKind::*;
    assert_eq!(
        kinds(&records),
        [
            (Person, Changed),
            (Project, Changed),
            (Calendar, Created),
            (Calendar, Changed),
            (Holidays, Created),
            (Holidays, Deleted),
            (Person, Changed),
            (TimeOff, Created),
            (TimeOff, Changed),
            (TimeOff, Deleted),
            (Assignment, Created),
            (Assignment, Deleted),
            (Member, Created),
            (Member, Changed),
            (Member, Deleted),
            (Team, Changed),
            (Team, Changed),
            (Team, Changed),
            (Label, Created),
            (Label, Changed),
            (Person, Changed),
        ]
    );
    assert_eq!(records[19].after.as_ref().unwrap()["name"], skill2.name.as_str());
    assert_eq!(records[20].after.as_ref().unwrap()["skills"][0], skill.id.as_str());
    // Before and after, as the screens name them.
    assert_eq!(records[0].before.as_ref().unwrap()["name"], "R");
    assert_eq!(records[0].after.as_ref().unwrap()["name"], "Ruth");
    assert_eq!(records[0].about, [r.id.to_string()]);
    assert_eq!(records[1].after.as_ref().unwrap()["name"], p2.name.as_str());
    assert_eq!(records[3].after.as_ref().unwrap()["name"], cal2.name.as_str());
    assert_eq!(records[4].after.as_ref().unwrap()[0]["name"], "Children's Day");
    assert_eq!(records[6].after.as_ref().unwrap()["calendar"], cal.id.as_str());
    assert_eq!(records[6].after.as_ref().unwrap()["version"], r3.version);
    assert_eq!(records[8].before.as_ref().unwrap()["startDate"], "2026-05-11");
    let mut about = vec![r.id.to_string(), p.id.to_string()];
    about.sort();
    assert_eq!(records[10].about, about, "an assignment's record concerns its person and project");
    assert_eq!(records[12].after.as_ref().unwrap()["role"], "planner");
    assert_eq!(records[12].after.as_ref().unwrap()["who"], "Ada", "the invited name");
    assert_eq!(records[13].before.as_ref().unwrap()["role"], "planner");
    assert_eq!(records[13].after.as_ref().unwrap()["role"], "viewer");
    assert_eq!(records[15].before.as_ref().unwrap()["name"], "Every edit");
    assert_eq!(records[15].after.as_ref().unwrap()["name"], "Every edit, renamed");
    assert_eq!(records[17].after.as_ref().unwrap()["feedDays"], 400);
    // Who: the admin's id, and the email their membership holds (they were made by the operator
    // without a name).
    assert!(records.iter().all(|c| c.by == *team.user()));
    let admin_email = records[0].who.clone().expect("the writer's email");
    assert!(admin_email.starts_with("admin-") && admin_email.ends_with("@example.com"), "{admin_email}");
    // No secret in any record: no token, no code, no key material; only plan and names.
    let text = serde_json::to_string(&records).unwrap();
    for secret in ["token", "code", "pepper", "secret", "session"] {
        assert!(!text.to_lowercase().contains(secret), "a record mentions {secret}");
    }
}

#[tokio::test]
async fn a_refused_a_conflicting_or_a_repeated_edit_writes_no_record() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Refused").await;
    let s = &env.store;
    let before = all_records(&env, &team).await.len();
    let name = |n: &str| Name::parse(n).unwrap();

    let renamed = s.plan().rename_person(&team, &r.id, r.version, name("Ruth")).await.unwrap();
    // Stale (the version before the rename), refused by role, a repeat of the same create.
    assert!(matches!(
        s.plan().rename_person(&team, &r.id, r.version, name("Rita")).await,
        Err(StoreError::Conflict { .. })
    ));
    let viewer = env.member(&team, Role::Viewer).await;
    let after_member = all_records(&env, &team).await.len();
    assert!(s.plan().update_project(&viewer, &p.id, p.version, Some(name("X")), None).await.is_err());
    assert!(matches!(s.plan().rename_team(&viewer, name("Mine")).await, Err(StoreError::Forbidden { .. })));
    assert!(matches!(s.plan().set_feed_days(&team, 3).await, Err(StoreError::Invalid(_))));
    let again = s.plan().create_person(&team, r.id.clone(), name("R")).await;
    assert!(again.is_err(), "the id is taken by a person of another name");
    let q = env.person(&team, "Q").await;
    let repeat = s.plan().create_person(&team, q.id.clone(), name("Q")).await.unwrap();
    assert_eq!(repeat, q, "a repeated create answers the person");
    // A time off for a person being deleted: refused by the transaction's check, no record.
    let records = all_records(&env, &team).await;
    assert_eq!(records.len(), after_member + 1, "only Q's create since the member joined");
    assert_eq!(after_member, before + 2, "the rename and the viewer's membership");
    assert_eq!(renamed.version, r.version + 1);
}

#[tokio::test]
async fn a_cascade_and_an_import_write_one_summary_record_per_run() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Summaries").await;
    for week in 0..5 {
        let start = day("2026-05-04").add_days(week * 7).to_string();
        env.assign(&team, &r.id, &p.id, &start, 2).await;
    }
    let cursor = env.plan().changes_since(&team, None, 1000).await.unwrap().cursor;
    let export = env.transfer().export_team(&team).await.unwrap();
    env.plan().delete_person(&team, &r.id, &mut |_, _| {}).await.unwrap();
    let after_delete = env.plan().changes_since(&team, cursor.as_deref(), 100).await.unwrap();
    assert_eq!(kinds(&after_delete.records), [(FeedKind::Person, FeedAction::Deleted)], "one for the run");
    let record = &after_delete.records[0];
    assert_eq!(record.summary.as_ref().unwrap()["assignmentsDeleted"], 5);
    assert_eq!(record.before.as_ref().unwrap()["name"], "R");
    // Run again: the person is gone, nothing more is written.
    env.plan().delete_person(&team, &r.id, &mut |_, _| {}).await.unwrap();
    let cursor = after_delete.cursor;
    assert!(env.plan().changes_since(&team, cursor.as_deref(), 100).await.unwrap().records.is_empty());

    // The import puts them back: one summary record for the run.
    let report = env.transfer().import_team(&team, &export, &mut |_, _, _| {}).await.unwrap();
    let after_import = env.plan().changes_since(&team, cursor.as_deref(), 100).await.unwrap();
    let last = after_import.records.last().unwrap();
    assert_eq!((last.kind, last.action), (FeedKind::Import, FeedAction::Imported));
    assert_eq!(last.summary.as_ref().unwrap()["assignments"], report.assignments);
    assert!(
        after_import.records.iter().all(|c| c.kind != FeedKind::Assignment),
        "no record per assignment: one for the run"
    );
}

#[tokio::test]
async fn a_deleted_assignment_is_restored_from_its_record_once() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Restore").await;
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 30).await;
    env.plan().delete_assignment(&team, &a).await.unwrap();
    let records = all_records(&env, &team).await;
    let deleted = records.iter().find(|c| c.action == FeedAction::Deleted).unwrap();
    let created = records.iter().find(|c| c.action == FeedAction::Created && c.kind == FeedKind::Assignment);

    let viewer = env.member(&team, Role::Viewer).await;
    assert!(matches!(
        env.plan().restore_assignment(&viewer, &deleted.cursor).await,
        Err(StoreError::Forbidden { .. })
    ));
    assert!(matches!(
        env.plan().restore_assignment(&team, &created.unwrap().cursor).await,
        Err(StoreError::NotFound { .. })
    ));
    let back = env.plan().restore_assignment(&team, &deleted.cursor).await.unwrap();
    assert_eq!((back.id.clone(), back.range, back.version), (a.id.clone(), a.range, a.version + 1));
    let shown = env.plan().assignments_in_window(&team, window("2026-05-01", "2026-07-01")).await.unwrap();
    assert_eq!(shown, std::slice::from_ref(&back), "on the timeline again (a long one: its index entry too)");
    let last = all_records(&env, &team).await.pop().unwrap();
    assert_eq!((last.kind, last.action), (FeedKind::Assignment, FeedAction::Restored));
    // Twice: it is there already; moved since, still there (not put back at its old days).
    assert!(matches!(
        env.plan().restore_assignment(&team, &deleted.cursor).await,
        Err(StoreError::AlreadyExists { .. })
    ));
    let change = planner_store::AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-06-08", 3),
        allocation: None,
        status: None,
        series: None,
    };
    env.plan().update_assignment(&team, &back, change).await.unwrap();
    assert!(matches!(
        env.plan().restore_assignment(&team, &deleted.cursor).await,
        Err(StoreError::AlreadyExists { .. })
    ));
    assert_eq!(env.plan().all_assignments(&team).await.unwrap().len(), 1, "never two of it");
}

#[tokio::test]
async fn the_retention_an_admin_sets_hides_older_records_at_once() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Retention").await;
    env.assign(&team, &r.id, &p.id, "2026-05-04", 1).await;
    env.clock.set(start_of_test_time() + time::Duration::days(40));
    env.assign(&team, &r.id, &p.id, "2026-06-15", 1).await;
    assert_eq!(all_records(&env, &team).await.len(), 4, "two creates of rows, two of bars");
    let team_now = env.plan().set_feed_days(&team, 30).await.unwrap();
    assert_eq!(team_now.feed_days, 30);
    assert_eq!(env.plan().team_meta(&team).await.unwrap().feed_days, 30);
    // Forty days old: past thirty, no longer read (the table's TTL still holds it until its own
    // time), by this store and by another reading the same table.
    let records = all_records(&env, &team).await;
    assert_eq!(
        kinds(&records),
        [(FeedKind::Assignment, FeedAction::Created), (FeedKind::Team, FeedAction::Changed)]
    );
    let page = env.plan().activity(&team, None, 100, &ActivityFilter::default()).await.unwrap();
    assert_eq!(page.records.len(), 2, "the activity screen too");
}

#[tokio::test]
async fn the_live_reader_reads_the_last_minute_again_and_skips_what_it_saw() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Live").await;
    let t0 = start_of_test_time();
    let mut reader = FeedReader::from((t0.unix_timestamp_nanos() / 1_000_000) as i64);
    env.clock.set(t0 + time::Duration::seconds(10));
    let first = env.assign(&team, &r.id, &p.id, "2026-05-04", 1).await;
    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!("changes") };
    // The two rows were made at t0, within the read-back: read (and applied idempotently).
    assert_eq!(got.last().unwrap().item, first.id.to_string());
    let FeedRead::Changes(none) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!() };
    assert!(none.is_empty(), "nothing twice");
    // A writer whose clock is 8 s behind writes now: its record sorts before the newest seen.
    env.clock.set(t0 + time::Duration::seconds(2));
    let late = env.assign(&team, &r.id, &p.id, "2026-05-11", 1).await;
    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!() };
    assert_eq!(got.iter().map(|c| c.item.clone()).collect::<Vec<_>>(), [late.id.to_string()]);

    // Too many to apply one by one: reload.
    env.clock.set(t0 + time::Duration::seconds(20));
    for i in 0..5 {
        env.assign(&team, &r.id, &p.id, &day("2026-06-01").add_days(i).to_string(), 1).await;
    }
    let from = (t0.unix_timestamp_nanos() / 1_000_000) as i64 + 15_000;
    // From 45 s before t0: the two rows, the two bars above and the five new ones.
    let mut enough = FeedReader::from(from).with_page_size(2);
    assert!(matches!(enough.read(&env.store, &team, 5).await.unwrap(), FeedRead::Changes(c) if c.len() == 9));
    let mut small = FeedReader::from(from).with_page_size(2);
    assert!(
        matches!(small.read(&env.store, &team, 4).await.unwrap(), FeedRead::Reload),
        "nine is past 4 pages of 2"
    );
    // Away past the retention: reload.
    let mut away = FeedReader::from((t0.unix_timestamp_nanos() / 1_000_000) as i64);
    env.clock.set(t0 + time::Duration::days(400));
    assert!(matches!(away.read(&env.store, &team, 5).await.unwrap(), FeedRead::Reload));
}

#[tokio::test]
async fn the_activity_log_reads_newest_first_in_pages_and_filters() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Activity").await;
    let planner = env.member(&team, Role::Planner).await;
    let ben = env.person(&team, "Ben").await;
    for i in 0..4 {
        env.clock.set(start_of_test_time() + time::Duration::seconds(i + 1));
        let who = if i % 2 == 0 { &team } else { &planner };
        let person = if i < 2 { &r.id } else { &ben.id };
        env.assign(who, person, &p.id, "2026-05-04", 1).await;
    }
    let all = ActivityFilter::default();
    let first = env.plan().activity(&team, None, 3, &all).await.unwrap();
    assert!(first.more);
    let at: Vec<_> = first.records.iter().map(|c| c.at.clone()).collect();
    let mut sorted = at.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(at, sorted, "newest first");
    let rest = env.plan().activity(&team, first.cursor.as_deref(), 100, &all).await.unwrap();
    let total = first.records.len() + rest.records.len();
    assert_eq!(total, all_records(&env, &team).await.len(), "every record once over the pages");

    let bens = ActivityFilter { about: Some(ben.id.to_string()), ..ActivityFilter::default() };
    let got = env.plan().activity(&planner, None, 100, &bens).await.unwrap().records;
    assert_eq!(
        kinds(&got),
        [
            (FeedKind::Assignment, FeedAction::Created),
            (FeedKind::Assignment, FeedAction::Created),
            (FeedKind::Person, FeedAction::Created)
        ]
    );
    let by_planner = ActivityFilter { by: Some(planner.user().clone()), ..ActivityFilter::default() };
    assert_eq!(env.plan().activity(&team, None, 100, &by_planner).await.unwrap().records.len(), 2);
    let members = ActivityFilter { kind: Some(FeedKind::Member), ..ActivityFilter::default() };
    let got = env.plan().activity(&team, None, 100, &members).await.unwrap().records;
    assert_eq!(kinds(&got), [(FeedKind::Member, FeedAction::Created)], "admin actions are in it");
    assert!(env.plan().activity(&team, Some("RES#x"), 10, &all).await.is_err());
}

#[tokio::test]
async fn restore_brings_back_only_the_latest_delete_and_says_when_too_old() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Restore rules").await;
    let deletes = |records: Vec<ChangeRecord>| {
        records.into_iter().filter(|c| c.action == FeedAction::Deleted).map(|c| c.cursor).collect::<Vec<_>>()
    };
    // A short bar (no window-index entry): deleted, restored, moved, deleted again.
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 2).await;
    env.plan().delete_assignment(&team, &a).await.unwrap();
    let first = deletes(all_records(&env, &team).await).pop().unwrap();
    let back = env.plan().restore_assignment(&team, &first).await.unwrap();
    let change = planner_store::AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-05-11", 2),
        allocation: None,
        status: None,
        series: None,
    };
    let moved = env.plan().update_assignment(&team, &back, change).await.unwrap();
    env.plan().delete_assignment(&team, &moved).await.unwrap();
    // The first delete's record no longer restores (it would bring back older days); the
    // latest does.
    assert!(matches!(env.plan().restore_assignment(&team, &first).await, Err(StoreError::Conflict { .. })));
    let latest = deletes(all_records(&env, &team).await).pop().unwrap();
    let again = env.plan().restore_assignment(&team, &latest).await.unwrap();
    assert_eq!((again.range, again.version), (moved.range, moved.version + 1));
    // A delete older than its mark (90 days): "not found" (too old), not "restored already".
    env.plan().delete_assignment(&team, &again).await.unwrap();
    let last = deletes(all_records(&env, &team).await).pop().unwrap();
    env.clock.set(start_of_test_time() + time::Duration::days(planner_store::GONE_DAYS + 1));
    assert!(matches!(env.plan().restore_assignment(&team, &last).await, Err(StoreError::NotFound { .. })));
}

#[tokio::test]
async fn a_writer_clock_ahead_does_not_hide_the_others_records() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Clocks").await;
    let t0 = start_of_test_time();
    let ms = |t: time::OffsetDateTime| (t.unix_timestamp_nanos() / 1_000_000) as i64;
    let mut reader = FeedReader::from(ms(t0));
    // One writer's clock is five minutes ahead.
    env.clock.set(t0 + time::Duration::minutes(5));
    env.assign(&team, &r.id, &p.id, "2026-05-04", 1).await;
    env.clock.set(t0 + time::Duration::seconds(10));
    assert!(
        matches!(reader.read(&env.store, &team, 5).await.unwrap(), FeedRead::Changes(c) if !c.is_empty())
    );
    // The others' records, at the right time, still arrive.
    env.clock.set(t0 + time::Duration::seconds(20));
    let later = env.assign(&team, &r.id, &p.id, "2026-05-11", 1).await;
    let FeedRead::Changes(got) = reader.read(&env.store, &team, 5).await.unwrap() else { panic!() };
    assert_eq!(got.iter().map(|c| c.item.clone()).collect::<Vec<_>>(), [later.id.to_string()]);
}

#[tokio::test]
async fn the_same_setting_again_writes_nothing_and_paging_past_the_retention_ends() {
    let env = TestEnv::new().await;
    let (team, _, _) = env.team_with_r_and_p("Settings").await;
    let before = all_records(&env, &team).await.len();
    env.plan().rename_team(&team, Name::parse("Settings").unwrap()).await.unwrap();
    env.plan().set_feed_days(&team, planner_store::feed::FEED_DAYS).await.unwrap();
    assert_eq!(all_records(&env, &team).await.len(), before, "no change, no record");
    // An activity page asked from before the retention (the screen open while it was shortened).
    let old = all_records(&env, &team).await[0].cursor.clone();
    env.clock.set(start_of_test_time() + time::Duration::days(60));
    env.plan().set_feed_days(&team, 30).await.unwrap();
    let page = env.plan().activity(&team, Some(&old), 10, &ActivityFilter::default()).await.unwrap();
    assert!(page.records.is_empty() && !page.more);
}

/// Restore writes only what the table's delete mark proves: a delete record whose "before" was
/// altered (or one planted beside the real one, at the deleted version) is refused, and nothing
/// is written; the record as the delete wrote it restores.
#[tokio::test]
async fn restore_refuses_a_record_that_says_other_than_what_was_deleted() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Forged").await;
    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    env.plan().delete_assignment(&team, &a).await.unwrap();
    let deleted =
        all_records(&env, &team).await.into_iter().find(|c| c.action == FeedAction::Deleted).unwrap();
    // Another range in its "before", as a planted record would say.
    let mut before = deleted.before.clone().unwrap();
    before["endDateExclusive"] = "2026-08-01".into();
    let pk = planner_store::keys::team_pk(team.team());
    let set = |value: String| {
        env.store
            .connection()
            .client
            .update_item()
            .table_name(&env.store.connection().table)
            .key(planner_store::keys::PK, aws_sdk_dynamodb::types::AttributeValue::S(pk.clone()))
            .key(planner_store::keys::SK, aws_sdk_dynamodb::types::AttributeValue::S(deleted.cursor.clone()))
            .update_expression("SET #b = :b")
            .expression_attribute_names("#b", "before")
            .expression_attribute_values(":b", aws_sdk_dynamodb::types::AttributeValue::S(value))
            .send()
    };
    set(before.to_string()).await.unwrap();
    let refused = env.plan().restore_assignment(&team, &deleted.cursor).await.unwrap_err();
    assert!(refused.to_string().contains("does not match the delete"), "{refused}");
    assert!(env.plan().all_assignments(&team).await.unwrap().is_empty(), "nothing written");
    set(deleted.before.clone().unwrap().to_string()).await.unwrap();
    let back = env.plan().restore_assignment(&team, &deleted.cursor).await.unwrap();
    assert_eq!((back.range, back.version), (a.range, a.version + 1));
}
