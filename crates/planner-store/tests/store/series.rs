//! Repeated bookings (access patterns 67 and 68): the days a repeat makes, its person's days off
//! skipped when asked; the repeats written as one edit of many, each carrying the series; a
//! series' bookings from a day on, whoever moved them since; viewers refused.

use crate::common::*;
use planner_domain::capacity::TimeOffKind;
use planner_domain::repeat::{Every, Repeat, Until};
use planner_domain::{Assignment, AssignmentId, Role, SeriesId, TimeOffId, ValidationError};
use planner_store::{
    AssignmentChange, BookingEdit, EditOutcome, NewAssignment, NewTimeOff, StoreError, TimeOffChange,
};
use std::sync::atomic::AtomicBool;

fn weekly(count: u16, skip_days_off: bool) -> Repeat {
    Repeat { every: Every::Weeks { n: 1 }, until: Until::Count { count }, skip_days_off }
}

/// The first booking put in a new series and its repeats made, as the window does: one edit of
/// many. Answers the series and the bookings as stored, the first included.
async fn repeat(
    env: &TestEnv,
    scope: &planner_store::TeamScope,
    first: &Assignment,
    rule: Repeat,
) -> (SeriesId, Vec<Assignment>) {
    let days = env.plan().repeat_days(scope, first, rule).await.unwrap();
    let series = SeriesId::generate();
    let mut edits = vec![BookingEdit::Update {
        current: first.clone(),
        change: AssignmentChange {
            person_id: first.person_id.clone(),
            project_id: first.project_id.clone(),
            range: first.range,
            allocation: None,
            status: None,
            series: Some(Some(series.clone())),
        },
    }];
    edits.extend(days.made.iter().map(|range| {
        BookingEdit::Create(NewAssignment {
            id: AssignmentId::generate(),
            person_id: first.person_id.clone(),
            project_id: first.project_id.clone(),
            range: *range,
            allocation: first.allocation,
            status: first.status,
            series: Some(series.clone()),
        })
    }));
    let done = env.plan().edit_many(scope, edits, &AtomicBool::new(false), &mut |_, _| {}).await.unwrap();
    let written = done
        .outcomes
        .into_iter()
        .map(|o| match o {
            EditOutcome::Written(a) => a,
            other => panic!("{other:?}"),
        })
        .collect();
    (series, written)
}

#[tokio::test]
async fn a_weekly_repeat_skips_the_persons_day_off_and_is_found_from_a_day_on() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Repeats").await;
    // Monday 2027-03-01, two days; a day off on Tuesday 2027-03-16 and all of the week of 03-22.
    let first = env.assign(&scope, &r.id, &p.id, "2027-03-01", 2).await;
    for (start, days) in [("2027-03-16", 1), ("2027-03-22", 5)] {
        let change = TimeOffChange { range: range(start, days), kind: TimeOffKind::Holiday, minutes: None };
        let off = NewTimeOff { id: TimeOffId::generate(), person_id: r.id.clone(), change };
        env.plan().create_time_off(&scope, off).await.unwrap();
    }
    let days = env.plan().repeat_days(&scope, &first, weekly(5, true)).await.unwrap();
    let starts: Vec<String> = days.made.iter().map(|d| d.start().to_string()).collect();
    // 03-15 still has its Monday; the week of 03-22 has no working day: skipped, and the count
    // of five bookings reaches further.
    assert_eq!(starts, ["2027-03-08", "2027-03-15", "2027-03-29", "2027-04-05"]);
    assert_eq!(days.skipped, vec![range("2027-03-22", 2)]);
    // Without skipping, the week off is booked like any other.
    let all = env.plan().repeat_days(&scope, &first, weekly(5, false)).await.unwrap();
    assert_eq!(all.made.len(), 4);
    assert_eq!(all.made[2], range("2027-03-22", 2));

    let (series, written) = repeat(&env, &scope, &first, weekly(5, true)).await;
    assert_eq!(written.len(), 5);
    assert!(written.iter().all(|a| a.series.as_ref() == Some(&series)));
    assert_eq!((written[0].id.clone(), written[0].version), (first.id.clone(), 2));
    // Another booking of the same person and project is not in the series.
    env.assign(&scope, &r.id, &p.id, "2027-03-10", 1).await;
    let from_third = env.plan().series_from(&scope, &series, day("2027-03-15")).await.unwrap();
    let ids: Vec<_> = from_third.iter().map(|a| a.id.clone()).collect();
    assert_eq!(ids, written[2..].iter().map(|a| a.id.clone()).collect::<Vec<_>>());
    // The shown timeline carries the series too.
    let shown = env.plan().timeline(&scope, window("2027-03-01", "2027-04-30")).await.unwrap();
    assert_eq!(shown.items.assignments.iter().filter(|a| a.series.as_ref() == Some(&series)).count(), 5);
}

#[tokio::test]
async fn a_moved_repeat_stays_in_its_series_until_taken_out() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Series moves").await;
    let first = env.assign(&scope, &r.id, &p.id, "2027-05-03", 1).await;
    let (series, written) = repeat(&env, &scope, &first, weekly(3, false)).await;
    // A drag keeps the series (the change leaves it as it is): moved to another start day, so a
    // new key.
    let second = &written[1];
    let moved = env
        .plan()
        .update_assignment(
            &scope,
            second,
            AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2027-05-12", 1),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(moved.series.as_ref(), Some(&series));
    let found = env.plan().series_from(&scope, &series, day("2027-05-04")).await.unwrap();
    assert_eq!(
        found.iter().map(|a| a.range.start().to_string()).collect::<Vec<_>>(),
        ["2027-05-12", "2027-05-17"]
    );
    // Taken out of its series (an undo of the repeat does this to the first booking).
    let out = env
        .plan()
        .update_assignment(
            &scope,
            &moved,
            AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: moved.range,
                allocation: None,
                status: None,
                series: Some(None),
            },
        )
        .await
        .unwrap();
    assert_eq!(out.series, None);
    let found = env.plan().series_from(&scope, &series, day("2027-05-03")).await.unwrap();
    assert_eq!(found.len(), 2);
}

#[tokio::test]
async fn viewers_repeat_nothing_and_a_long_series_gets_a_sentence() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Series rules").await;
    let first = env.assign(&scope, &r.id, &p.id, "2027-01-04", 1).await;
    let viewer = env.member(&scope, Role::Viewer).await;
    let refused = env.plan().repeat_days(&viewer, &first, weekly(3, false)).await;
    assert!(matches!(refused, Err(StoreError::Forbidden { .. })), "{refused:?}");
    // Viewers may read a series (the window shows it).
    assert!(
        env.plan().series_from(&viewer, &SeriesId::generate(), day("2027-01-04")).await.unwrap().is_empty()
    );
    let too_many = Repeat {
        every: Every::Weeks { n: 1 },
        until: Until::Day { day: day("2037-12-31") },
        skip_days_off: true,
    };
    let err = env.plan().repeat_days(&scope, &first, too_many).await.unwrap_err();
    assert_eq!(err, StoreError::Invalid(ValidationError::TooManyRepeats { max: 500, asked: 574 }));
}
