//! Many bookings edited at once (access pattern 66): as few transactions as fit, each booking's
//! own condition kept, the conflicting ones named and the rest written, one batch in the feed,
//! refused whole when one booking's new state is invalid, cancellable between transactions.

use crate::common::*;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{Assignment, AssignmentId, Role, ValidationError};
use planner_store::feed::ActivityFilter;
use planner_store::{AssignmentChange, BookingEdit, EditOutcome, ManyEdited, NewAssignment, StoreError};
use std::sync::atomic::{AtomicBool, Ordering};

/// `a` moved by `days` (same person and project, same length).
fn shifted(a: &Assignment, days: i64) -> BookingEdit {
    BookingEdit::Update {
        current: a.clone(),
        change: AssignmentChange {
            person_id: a.person_id.clone(),
            project_id: a.project_id.clone(),
            range: planner_domain::DateRange::new(
                a.range.start().add_days(days),
                a.range.end_exclusive().add_days(days),
            )
            .unwrap(),
            allocation: None,
            status: None,
            series: None,
        },
    }
}

async fn edit(env: &TestEnv, scope: &planner_store::TeamScope, edits: Vec<BookingEdit>) -> ManyEdited {
    env.plan().edit_many(scope, edits, &AtomicBool::new(false), &mut |_, _| {}).await.unwrap()
}

fn transactions(recorder: &Recorder) -> Vec<usize> {
    recorder
        .take()
        .iter()
        .filter(|s| s.operation == "TransactWriteItems")
        .map(|s| s.request["TransactItems"].as_array().map_or(0, Vec::len))
        .collect()
}

#[tokio::test]
async fn moves_sixty_bookings_in_three_transactions_as_one_batch() {
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, p) = env.team_with_r_and_p("Many").await;
    let mut bookings = Vec::new();
    for i in 0..60 {
        bookings
            .push(env.assign(&scope, &r.id, &p.id, &day("2026-03-02").add_days(i * 3).to_string(), 2).await);
    }
    recorder.take();
    let edited = edit(&env, &scope, bookings.iter().map(|a| shifted(a, 14)).collect()).await;
    // A move is 4 actions (the old item, the new, the mark it moved, the change record); with the
    // person's and the project's checks, 24 fit a transaction: 24 + 24 + 12.
    assert_eq!(transactions(&recorder), vec![98, 98, 50]);
    assert_eq!((edited.requests, edited.stopped.clone(), edited.cancelled), (3, None, false));
    for (a, outcome) in bookings.iter().zip(&edited.outcomes) {
        let EditOutcome::Written(now) = outcome else { panic!("{outcome:?}") };
        assert_eq!((now.range.start(), now.version), (a.range.start().add_days(14), 2));
    }
    let shown = env.plan().timeline(&scope, window("2026-03-01", "2026-12-01")).await.unwrap();
    let mut starts: Vec<_> = shown.items.assignments.iter().map(|a| a.range.start()).collect();
    starts.sort();
    assert_eq!(starts, bookings.iter().map(|a| a.range.start().add_days(14)).collect::<Vec<_>>());
    // Each booking's own change record, all of one batch of 60.
    let log = env.plan().activity(&scope, None, 200, &ActivityFilter::default()).await.unwrap();
    let batch: Vec<_> = log.records.iter().filter(|r| r.batch.is_some()).collect();
    assert_eq!(batch.len(), 60);
    assert!(batch.iter().all(|r| r.batch.as_ref() == Some(&edited.batch) && edited.batch.count == 60));
}

#[tokio::test]
async fn the_conflicting_bookings_are_named_and_the_rest_is_written() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Conflicts").await;
    let other = env.member(&scope, Role::Planner).await;
    let mut seen = Vec::new();
    for i in 0..5 {
        seen.push(env.assign(&scope, &r.id, &p.id, &day("2026-04-06").add_days(i * 7).to_string(), 2).await);
    }
    // Someone else moves the third and deletes the fifth meanwhile.
    if let BookingEdit::Update { change, .. } = shifted(&seen[2], 1) {
        env.plan().update_assignment(&other, &seen[2], change).await.unwrap();
    }
    env.plan().delete_assignment(&other, &seen[4]).await.unwrap();
    let mut edits: Vec<_> = seen[..4].iter().map(|a| shifted(a, 7)).collect();
    edits.push(BookingEdit::Delete(seen[4].clone()));
    let edited = edit(&env, &scope, edits).await;
    let outcome = |i: usize| &edited.outcomes[i];
    assert!(matches!(outcome(0), EditOutcome::Written(a) if a.version == 2));
    assert!(matches!(outcome(1), EditOutcome::Written(_)));
    assert_eq!(outcome(2), &EditOutcome::Failed(StoreError::Conflict { what: "assignment" }));
    assert!(matches!(outcome(3), EditOutcome::Written(_)));
    // Deleting one deleted already is done.
    assert_eq!(outcome(4), &EditOutcome::Deleted);
    // One transaction refused (the third's condition), then the rest sent again and written.
    assert_eq!(edited.requests, 2);
    let shown = env.plan().timeline(&scope, window("2026-04-01", "2026-07-01")).await.unwrap();
    let mut starts: Vec<_> = shown.items.assignments.iter().map(|a| a.range.start().to_string()).collect();
    starts.sort();
    assert_eq!(starts, ["2026-04-13", "2026-04-20", "2026-04-21", "2026-05-04"]);
}

#[tokio::test]
async fn bookings_handed_to_a_deleted_person_stay_and_say_so() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Gone").await;
    let q = env.person(&scope, "Q").await;
    let a = env.assign(&scope, &r.id, &p.id, "2026-04-06", 2).await;
    let b = env.assign(&scope, &r.id, &p.id, "2026-04-13", 2).await;
    env.plan().delete_person(&scope, &q.id, &mut |_, _| {}).await.unwrap();
    let to_q = BookingEdit::Update {
        current: a.clone(),
        change: AssignmentChange {
            person_id: q.id.clone(),
            project_id: p.id.clone(),
            range: a.range,
            allocation: None,
            status: None,
            series: None,
        },
    };
    let edited = edit(&env, &scope, vec![to_q, shifted(&b, 1)]).await;
    assert_eq!(edited.outcomes[0], EditOutcome::Failed(StoreError::ParentGone { what: "person" }));
    assert!(
        matches!(&edited.outcomes[1], EditOutcome::Written(now) if now.range.start() == day("2026-04-14"))
    );
}

#[tokio::test]
async fn sent_again_after_a_lost_answer_it_changes_nothing_more() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Again").await;
    let a = env.assign(&scope, &r.id, &p.id, "2026-04-06", 2).await;
    let new = NewAssignment {
        id: AssignmentId::generate(),
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-04-20", 3),
        allocation: Allocation::HoursPerDay(240),
        status: Status::Tentative,
        series: None,
    };
    let edits = vec![shifted(&a, 2), BookingEdit::Create(new.clone())];
    let first = edit(&env, &scope, edits.clone()).await;
    let again = edit(&env, &scope, edits).await;
    assert_eq!(first.outcomes, again.outcomes);
    let shown = env.plan().timeline(&scope, window("2026-04-01", "2026-05-01")).await.unwrap();
    assert_eq!(shown.items.assignments.len(), 2);
}

#[tokio::test]
async fn one_invalid_booking_refuses_the_whole_edit() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Whole").await;
    let a = env.assign(&scope, &r.id, &p.id, "2026-12-07", 2).await;
    let total = env
        .plan()
        .create_assignment(
            &scope,
            NewAssignment {
                id: AssignmentId::generate(),
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2026-12-14", 5),
                allocation: Allocation::Total(8 * 60),
                status: Status::Confirmed,
                series: None,
            },
        )
        .await
        .unwrap();
    // Moved by 5 days, the total's week would be Saturday to Wednesday: still has days. Moved by
    // 5 days and cut to the weekend: none; the whole edit is refused, nothing moves.
    let onto_weekend = BookingEdit::Update {
        current: total.clone(),
        change: AssignmentChange {
            person_id: r.id.clone(),
            project_id: p.id.clone(),
            range: range("2026-12-19", 2),
            allocation: None,
            status: None,
            series: None,
        },
    };
    let refused = env
        .plan()
        .edit_many(&scope, vec![shifted(&a, 1), onto_weekend], &AtomicBool::new(false), &mut |_, _| {})
        .await
        .unwrap_err();
    assert!(matches!(refused, StoreError::Invalid(ValidationError::NoWorkingDay { .. })), "{refused:?}");
    let twice = vec![shifted(&a, 1), shifted(&a, 2)];
    let refused = env.plan().edit_many(&scope, twice, &AtomicBool::new(false), &mut |_, _| {}).await;
    assert_eq!(refused.unwrap_err(), StoreError::Invalid(ValidationError::BookingTwice(a.id.to_string())));
    let none = env.plan().edit_many(&scope, vec![], &AtomicBool::new(false), &mut |_, _| {}).await;
    assert!(matches!(none, Err(StoreError::Invalid(ValidationError::ManyBookings { max: 2000 }))));
    let shown = env.plan().timeline(&scope, window("2026-12-01", "2027-01-01")).await.unwrap();
    let mut now: Vec<_> =
        shown.items.assignments.iter().map(|a| (a.range.start().to_string(), a.version)).collect();
    now.sort();
    assert_eq!(now, [("2026-12-07".to_owned(), 1), ("2026-12-14".to_owned(), 1)]);
}

#[tokio::test]
async fn viewers_edit_none() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Viewers").await;
    let a = env.assign(&scope, &r.id, &p.id, "2026-04-06", 2).await;
    let viewer = env.member(&scope, Role::Viewer).await;
    let refused = env
        .plan()
        .edit_many(&viewer, vec![BookingEdit::Delete(a)], &AtomicBool::new(false), &mut |_, _| {})
        .await;
    assert!(matches!(refused, Err(StoreError::Forbidden { .. })));
}

#[tokio::test]
async fn cancelled_after_the_first_transaction_the_rest_is_not_sent() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Cancel").await;
    let mut bookings = Vec::new();
    for i in 0..30 {
        bookings
            .push(env.assign(&scope, &r.id, &p.id, &day("2026-03-02").add_days(i * 3).to_string(), 2).await);
    }
    let cancel = AtomicBool::new(false);
    let mut told = Vec::new();
    let edited = env
        .plan()
        .edit_many(&scope, bookings.iter().map(|a| shifted(a, 1)).collect(), &cancel, &mut |done, of| {
            told.push((done, of));
            cancel.store(true, Ordering::Relaxed);
        })
        .await
        .unwrap();
    assert_eq!(told, [(24, 30)]);
    assert!(edited.cancelled);
    assert!(edited.outcomes[..24].iter().all(|o| matches!(o, EditOutcome::Written(_))));
    assert!(edited.outcomes[24..].iter().all(|o| *o == EditOutcome::NotSent));
}
