//! Working time: time off through the window query (exact, long ones included, flat as history
//! grows), people's working weeks and calendars, the team's week, holiday calendars and holidays;
//! who may change what; bad values change nothing; each edit one request; export and import carry
//! it all; a person's delete takes their time off along.

use crate::common::*;
use planner_domain::capacity::{Schedule, TimeOffKind, WorkWeek};
use planner_domain::{CalendarId, Name, Person, Role, TimeOff, TimeOffId};
use planner_store::transfer::TeamExport;
use planner_store::{NewTimeOff, StoreError, TeamScope, TimeOffChange};

fn off(r: &Person, start: &str, days: i64, minutes: Option<u32>) -> NewTimeOff {
    NewTimeOff {
        id: TimeOffId::generate(),
        person_id: r.id.clone(),
        change: TimeOffChange { range: range(start, days), kind: TimeOffKind::Holiday, minutes },
    }
}

async fn record(env: &TestEnv, scope: &TeamScope, r: &Person, start: &str, days: i64) -> TimeOff {
    env.plan().create_time_off(scope, off(r, start, days, None)).await.unwrap()
}

#[tokio::test]
async fn time_off_is_read_exactly_through_the_window_query() {
    let env = TestEnv::new().await;
    let (scope, r, _) = env.team_with_r_and_p("Away").await;
    let short = record(&env, &scope, &r, "2026-12-21", 5).await;
    let long = record(&env, &scope, &r, "2026-06-01", 300).await; // parental leave: an index entry
    let half = env.plan().create_time_off(&scope, off(&r, "2027-01-04", 1, Some(240))).await.unwrap();
    let before = record(&env, &scope, &r, "2026-11-01", 3).await;
    let w = env.plan().window_items(&scope, window("2026-12-20", "2027-01-05")).await.unwrap();
    let mut ids: Vec<_> = w.time_off.iter().map(|t| t.id.clone()).collect();
    ids.sort();
    let mut expected = vec![short.id.clone(), long.id.clone(), half.id.clone()];
    expected.sort();
    assert_eq!(ids, expected, "overlapping ones, the long one through its entry; not {}", before.id);
    assert_eq!(w.time_off.iter().find(|t| t.id == half.id).unwrap().minutes, Some(240));
    // The day the short one ends on (exclusive) holds only the long one.
    let next = env.plan().window_items(&scope, window("2026-12-26", "2026-12-27")).await.unwrap();
    assert_eq!(next.time_off.iter().map(|t| &t.id).collect::<Vec<_>>(), [&long.id]);
    // The timeline carries them, with the person.
    let t = env.plan().timeline(&scope, window("2026-12-20", "2027-01-05")).await.unwrap();
    assert_eq!(t.items.time_off.len(), 3);
}

#[tokio::test]
async fn time_off_is_changed_and_deleted_as_seen_and_conflicts_are_told() {
    let env = TestEnv::new().await;
    let (scope, r, _) = env.team_with_r_and_p("Changes").await;
    let t = record(&env, &scope, &r, "2026-12-21", 3).await;
    let change = |start: &str, days: i64| TimeOffChange {
        range: range(start, days),
        kind: TimeOffKind::Sick,
        minutes: None,
    };
    // Longer, to another start day: main item moved, index entry made.
    let moved = env.plan().update_time_off(&scope, &t, change("2026-12-01", 60)).await.unwrap();
    assert_eq!((moved.version, moved.kind), (2, TimeOffKind::Sick));
    let w = env.plan().window_items(&scope, window("2027-01-20", "2027-01-21")).await.unwrap();
    assert_eq!(w.time_off, vec![moved.clone()], "found far from its start: its entry was written");
    // The same change sent again (a lost answer) is done, not a conflict.
    assert_eq!(env.plan().update_time_off(&scope, &t, change("2026-12-01", 60)).await.unwrap(), moved);
    // A change from an old copy is a conflict.
    let stale = env.plan().update_time_off(&scope, &t, change("2026-12-02", 2)).await.unwrap_err();
    assert!(matches!(stale, StoreError::Conflict { .. }), "{stale:?}");
    assert!(matches!(env.plan().delete_time_off(&scope, &t).await, Err(StoreError::Conflict { .. })));
    env.plan().delete_time_off(&scope, &moved).await.unwrap();
    env.plan().delete_time_off(&scope, &moved).await.unwrap(); // gone already: done
    let w = env.plan().window_items(&scope, window("2026-11-01", "2027-03-01")).await.unwrap();
    assert!(w.time_off.is_empty(), "the main item and its entry both went");
}

#[tokio::test]
async fn bad_time_off_changes_nothing() {
    let env = TestEnv::new().await;
    let (scope, r, _) = env.team_with_r_and_p("Bad").await;
    for minutes in [0, 20, 1440] {
        let err =
            env.plan().create_time_off(&scope, off(&r, "2026-12-21", 2, Some(minutes))).await.unwrap_err();
        assert_eq!(err.code(), "invalid_off_hours", "{minutes}");
    }
    let ghost = Person::new(planner_domain::PersonId::generate(), Name::parse("Ghost").unwrap());
    let err = env.plan().create_time_off(&scope, off(&ghost, "2026-12-21", 2, None)).await.unwrap_err();
    assert!(matches!(err, StoreError::ParentGone { what: "person" }), "{err:?}");
    let w = env.plan().window_items(&scope, window("2026-12-01", "2027-01-01")).await.unwrap();
    assert!(w.time_off.is_empty());
}

#[tokio::test]
async fn working_weeks_and_calendars_are_stored_on_the_person_and_checked() {
    let env = TestEnv::new().await;
    let (scope, r, _) = env.team_with_r_and_p("Weeks").await;
    let cal = env
        .plan()
        .create_calendar(&scope, CalendarId::generate(), Name::parse("日本").unwrap(), Some("JP".into()))
        .await
        .unwrap();
    let part = Schedule::default()
        .with_change(day("2027-01-04"), WorkWeek::new([360, 360, 360, 360, 0, 0, 0]).unwrap())
        .unwrap();
    let saved =
        env.plan().set_working_time(&scope, &r, Some(part.clone()), Some(cal.id.clone())).await.unwrap();
    assert_eq!(
        (saved.version, saved.schedule.as_ref(), saved.calendar.as_ref()),
        (2, Some(&part), Some(&cal.id))
    );
    let read = env.plan().catalog(&scope).await.unwrap().people;
    assert_eq!(read, vec![saved.clone()], "read back as written");
    // An unknown calendar: refused, nothing changed.
    let err =
        env.plan().set_working_time(&scope, &saved, None, Some(CalendarId::generate())).await.unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "calendar" }), "{err:?}");
    // From an old copy: a conflict.
    let err = env.plan().set_working_time(&scope, &r, None, None).await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err:?}");
    // Back to the team's week and no calendar; a rename keeps the week.
    let cleared = env.plan().set_working_time(&scope, &saved, None, None).await.unwrap();
    assert_eq!((&cleared.schedule, &cleared.calendar), (&None, &None));
    assert_eq!(env.plan().catalog(&scope).await.unwrap().people, vec![cleared.clone()]);
    let again = env.plan().set_working_time(&scope, &cleared, Some(part.clone()), None).await.unwrap();
    let renamed =
        env.plan().rename_person(&scope, &r.id, again.version, Name::parse("R2").unwrap()).await.unwrap();
    assert_eq!(renamed.schedule, Some(part));
}

#[tokio::test]
async fn the_teams_week_and_holidays_are_the_teams_and_admins_change_them() {
    let env = TestEnv::new().await;
    let (admin, r, _) = env.team_with_r_and_p("Holidays").await;
    assert_eq!(env.plan().team_meta(&admin).await.unwrap().default_week, WorkWeek::STANDARD);
    let four = WorkWeek::new([480, 480, 480, 480, 0, 0, 0]).unwrap();
    assert_eq!(env.plan().set_default_week(&admin, four).await.unwrap().default_week, four);
    assert_eq!(
        env.plan().timeline(&admin, window("2026-12-01", "2027-01-01")).await.unwrap().team.default_week,
        four
    );

    let cal = env
        .plan()
        .create_calendar(&admin, CalendarId::generate(), Name::parse("UK").unwrap(), Some("GB".into()))
        .await
        .unwrap();
    let days = vec![
        (day("2026-12-25"), Name::parse("Christmas Day").unwrap()),
        (day("2026-12-28"), Name::parse("Boxing Day (substitute)").unwrap()),
        (day("2027-01-01"), Name::parse("New Year's Day").unwrap()),
    ];
    assert_eq!(env.plan().put_holidays(&admin, &cal.id, days).await.unwrap(), 3);
    let w = env.plan().window_items(&admin, window("2026-12-24", "2027-01-01")).await.unwrap();
    assert_eq!(
        w.holidays.iter().map(|h| h.day.to_string()).collect::<Vec<_>>(),
        ["2026-12-25", "2026-12-28"]
    );
    env.plan().delete_holiday(&admin, &cal.id, day("2026-12-28")).await.unwrap();
    let renamed =
        env.plan().rename_calendar(&admin, &cal.id, 1, Name::parse("United Kingdom").unwrap()).await.unwrap();
    assert_eq!((renamed.name.as_str(), renamed.version), ("United Kingdom", 2));
    assert!(matches!(
        env.plan().rename_calendar(&admin, &cal.id, 1, Name::parse("x").unwrap()).await,
        Err(StoreError::Conflict { .. })
    ));
    // Bad values: an unknown region, a calendar that does not exist.
    let err = env
        .plan()
        .create_calendar(&admin, CalendarId::generate(), Name::parse("x").unwrap(), Some("japan".into()))
        .await
        .unwrap_err();
    assert_eq!(err.code(), "invalid_region");
    let err = env
        .plan()
        .put_holidays(&admin, &CalendarId::generate(), vec![(day("2027-01-01"), Name::parse("x").unwrap())])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::NotFound { what: "calendar" }), "{err:?}");

    // Planners plan people's time; only admins change the team's week and calendars.
    let planner = env.member(&admin, Role::Planner).await;
    let viewer = env.member(&admin, Role::Viewer).await;
    assert!(env.plan().create_time_off(&planner, off(&r, "2027-02-01", 2, None)).await.is_ok());
    for scope in [&planner, &viewer] {
        let refused = [
            env.plan().set_default_week(scope, WorkWeek::STANDARD).await.map(|_| ()),
            env.plan()
                .create_calendar(scope, CalendarId::generate(), Name::parse("x").unwrap(), None)
                .await
                .map(|_| ()),
            env.plan().put_holidays(scope, &cal.id, vec![]).await.map(|_| ()),
            env.plan().delete_holiday(scope, &cal.id, day("2026-12-25")).await,
            env.plan().delete_calendar(scope, &cal.id).await.map(|_| ()),
        ];
        for r in refused {
            assert!(matches!(r, Err(StoreError::Forbidden { .. })), "{r:?}");
        }
    }
    let person = env.plan().catalog(&viewer).await.unwrap().people.remove(0);
    for r in [
        env.plan().create_time_off(&viewer, off(&r, "2027-02-01", 2, None)).await.map(|_| ()),
        env.plan().set_working_time(&viewer, &person, None, Some(cal.id.clone())).await.map(|_| ()),
    ] {
        assert!(matches!(r, Err(StoreError::Forbidden { .. })), "viewers change nothing: {r:?}");
    }

    // A calendar deleted takes its holidays along; its people are then in none.
    env.plan().delete_calendar(&admin, &cal.id).await.unwrap();
    let w = env.plan().window_items(&admin, window("2026-12-01", "2027-02-01")).await.unwrap();
    assert!(w.holidays.is_empty());
    assert!(env.plan().calendars(&admin).await.unwrap().is_empty());
}

#[tokio::test]
async fn each_capacity_edit_is_one_request() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, _) = env.team_with_r_and_p("Requests").await;
    let cal = env
        .plan()
        .create_calendar(&scope, CalendarId::generate(), Name::parse("c").unwrap(), None)
        .await
        .unwrap();
    // The first long one registers its level once (as assignments do); after that one request.
    record(&env, &scope, &r, "2026-01-05", 100).await;
    recorder.take();
    let t = record(&env, &scope, &r, "2026-12-21", 3).await;
    let t2 = env
        .plan()
        .update_time_off(
            &scope,
            &t,
            TimeOffChange { range: range("2026-12-22", 2), kind: TimeOffKind::Other, minutes: Some(120) },
        )
        .await
        .unwrap();
    env.plan().delete_time_off(&scope, &t2).await.unwrap();
    let person = env.plan().catalog(&scope).await.unwrap().people.remove(0);
    env.plan()
        .set_working_time(&scope, &person, Some(Schedule::default()), Some(cal.id.clone()))
        .await
        .unwrap();
    // (Another week than the one the team has: the same one again writes nothing.)
    env.plan()
        .set_default_week(&scope, WorkWeek::new([420, 420, 420, 420, 420, 0, 0]).unwrap())
        .await
        .unwrap();
    env.plan().delete_holiday(&scope, &cal.id, day("2027-01-01")).await.unwrap();
    assert_eq!(
        recorder.operations(),
        [
            "TransactWriteItems",
            "TransactWriteItems",
            "TransactWriteItems",
            "Query",
            "TransactWriteItems",
            "GetItem",
            "TransactWriteItems",
            "GetItem"
        ],
        "one write request an edit, with its change record (the Query is the catalog read in \
         between; the team's week and a holiday's removal read the item first for the record's \
         'before', and a holiday that is not there is not written)"
    );
}

#[tokio::test]
async fn a_persons_delete_takes_their_time_off_and_export_import_carry_everything() {
    let env = TestEnv::new().await;
    let (source, r, _) = env.team_with_r_and_p("Source").await;
    let cal = env
        .plan()
        .create_calendar(&source, CalendarId::generate(), Name::parse("JP").unwrap(), Some("JP".into()))
        .await
        .unwrap();
    env.plan()
        .put_holidays(&source, &cal.id, vec![(day("2027-01-01"), Name::parse("元日").unwrap())])
        .await
        .unwrap();
    let r = env
        .plan()
        .set_working_time(
            &source,
            &r,
            Some(Schedule::always(WorkWeek::new([240; 7]).unwrap())),
            Some(cal.id.clone()),
        )
        .await
        .unwrap();
    env.plan()
        .set_default_week(&source, WorkWeek::new([420, 420, 420, 420, 420, 0, 0]).unwrap())
        .await
        .unwrap();
    record(&env, &source, &r, "2026-12-21", 5).await;
    record(&env, &source, &r, "2026-03-01", 200).await;
    let file = env.transfer().export_team(&source).await.unwrap();
    assert_eq!(file.format_version, 5);
    assert_eq!((file.time_off.len(), file.calendars.len(), file.holidays.len()), (2, 1, 1));
    let json = serde_json::to_string(&file).unwrap();
    let back: TeamExport = serde_json::from_str(&json).unwrap();
    assert_eq!(back, file);

    let target = env.team("Target").await;
    // Something the file does not have goes.
    env.plan()
        .create_calendar(&target, CalendarId::generate(), Name::parse("old").unwrap(), None)
        .await
        .unwrap();
    env.transfer().import_team(&target, &file, &mut |_, _, _| {}).await.unwrap();
    let again = env.transfer().export_team(&target).await.unwrap();
    assert_eq!(
        (
            again.default_week,
            again.people.clone(),
            again.time_off.clone(),
            again.calendars.clone(),
            again.holidays.clone()
        ),
        (
            file.default_week,
            file.people.clone(),
            file.time_off.clone(),
            file.calendars.clone(),
            file.holidays.clone()
        )
    );
    // A version 2 file (no time off, calendars or week) still imports.
    let mut v2 = serde_json::to_value(&file).unwrap();
    for key in ["timeOff", "calendars", "holidays", "defaultWeek"] {
        v2.as_object_mut().unwrap().remove(key);
    }
    v2["formatVersion"] = 2.into();
    for r in v2["resources"].as_array_mut().unwrap() {
        r.as_object_mut().unwrap().remove("calendar");
    }
    let v2: TeamExport = serde_json::from_value(v2).unwrap();
    env.transfer().import_team(&target, &v2, &mut |_, _, _| {}).await.unwrap();
    let w = env.plan().window_items(&target, window("2026-01-01", "2028-01-01")).await.unwrap();
    assert!(w.time_off.is_empty() && w.holidays.is_empty(), "what a v2 file lacks is removed");

    // A person's delete takes their time off (and its index entry) along.
    env.plan().delete_person(&source, &r.id, &mut |_, _| {}).await.unwrap();
    let w = env.plan().window_items(&source, window("2026-01-01", "2028-01-01")).await.unwrap();
    assert!(w.time_off.is_empty());
}

#[tokio::test]
async fn the_report_is_the_timelines_read_summed_and_a_too_long_one_reads_nothing() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Report").await;
    env.plan().seed_demo(&scope, day("2026-05-01"), 3).await.unwrap();
    let range = planner_domain::DateRange::new(day("2026-05-04"), day("2026-08-03")).unwrap();
    let report = env.plan().report(&scope, range, 0).await.unwrap();
    let t = env.plan().timeline(&scope, range).await.unwrap();
    let built = planner_domain::capacity::Report::build(planner_domain::capacity::ReportInput {
        range,
        first_weekday: 0,
        default_week: t.team.default_week,
        people: &t.people,
        projects: &t.projects,
        labels: &t.labels,
        items: &t.items,
    })
    .unwrap();
    assert_eq!(report, built);
    assert_eq!(report.people.len(), t.people.len());
    assert!(report.team.confirmed > 0, "the demo team has work booked");

    recorder.take();
    let years = planner_domain::DateRange::new(day("2026-01-01"), day("2029-01-01")).unwrap();
    let refused = env.plan().report(&scope, years, 0).await;
    assert!(matches!(refused, Err(StoreError::Invalid(_))), "{refused:?}");
    assert!(recorder.take().is_empty(), "nothing read for a refused range");
}
