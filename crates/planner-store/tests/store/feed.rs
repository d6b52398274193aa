//! The change feed for assignments: every edit writes its change record in its own transaction, a
//! refused or conflicting edit writes none, and one Query reads what came after the last record
//! seen, page by page; expired records are skipped. (feed_kinds.rs: the other kinds of edit.)

use crate::common::*;
use planner_domain::Role;
use planner_store::feed::{FeedAction, FeedKind};
use planner_store::{AssignmentChange, NewAssignment, StoreError};

#[tokio::test]
async fn each_assignment_edit_writes_its_record_and_a_refused_one_none() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Feed").await;
    // The person and the project were recorded as they were made; read on from them.
    let start = env.plan().changes_since(&team, None, 100).await.unwrap();
    assert_eq!(start.records.len(), 2);

    let a = env.assign(&team, &r.id, &p.id, "2026-05-04", 3).await;
    env.clock.set(start_of_test_time() + time::Duration::seconds(1));
    let change = AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-05-11", 3),
        allocation: None,
        status: None,
        series: None,
    };
    let moved = env.plan().update_assignment(&team, &a, change.clone()).await.unwrap();
    // A conflicting edit (another move, from the version before this one) and a refused create
    // write nothing.
    let stale = AssignmentChange { range: range("2026-05-18", 3), ..change };
    assert!(matches!(env.plan().update_assignment(&team, &a, stale).await, Err(StoreError::Conflict { .. })));
    let viewer = env.member(&team, Role::Viewer).await;
    let new = NewAssignment {
        id: planner_domain::AssignmentId::generate(),
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-06-01", 2),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    assert!(env.plan().create_assignment(&viewer, new).await.is_err(), "a viewer may not");
    env.clock.set(start_of_test_time() + time::Duration::seconds(2));
    env.plan().delete_assignment(&team, &moved).await.unwrap();

    let page = env.plan().changes_since(&viewer, start.cursor.as_deref(), 100).await.unwrap();
    // (The viewer's membership was recorded too: feed_kinds.rs.)
    let records: Vec<_> = page.records.iter().filter(|c| c.kind == FeedKind::Assignment).collect();
    let got: Vec<_> = records.iter().map(|c| (c.kind, c.action, c.item.clone())).collect();
    let id = a.id.to_string();
    assert_eq!(
        got,
        [
            (FeedKind::Assignment, FeedAction::Created, id.clone()),
            (FeedKind::Assignment, FeedAction::Changed, id.clone()),
            (FeedKind::Assignment, FeedAction::Deleted, id),
        ],
        "one record per landed edit, in order; none for the conflict or the refusal"
    );
    let changed = records[1];
    assert_eq!(changed.by, *team.user());
    assert_eq!(changed.before.as_ref().unwrap()["startDate"], "2026-05-04");
    assert_eq!(changed.after.as_ref().unwrap()["startDate"], "2026-05-11");
    assert!(records[0].before.is_none() && records[2].after.is_none());

    // Read on from the last one: nothing new; then one more edit, and only it.
    let cursor = page.cursor.clone();
    assert!(env.plan().changes_since(&team, cursor.as_deref(), 100).await.unwrap().records.is_empty());
    env.clock.set(start_of_test_time() + time::Duration::seconds(3));
    env.assign(&team, &r.id, &p.id, "2026-07-06", 1).await;
    let next = env.plan().changes_since(&team, cursor.as_deref(), 100).await.unwrap();
    assert_eq!(next.records.len(), 1);
    assert_eq!(next.records[0].action, FeedAction::Created);
}

#[tokio::test]
async fn the_feed_is_read_in_pages_and_expired_records_are_skipped() {
    let env = TestEnv::new().await;
    let (team, r, p) = env.team_with_r_and_p("Pages").await;
    let start = env.plan().changes_since(&team, None, 100).await.unwrap().cursor;
    for i in 0..5 {
        env.clock.set(start_of_test_time() + time::Duration::seconds(i));
        env.assign(&team, &r.id, &p.id, "2026-05-04", 1).await;
    }
    let mut cursor = start;
    let mut seen = 0;
    let mut pages = 0;
    loop {
        let page = env.plan().changes_since(&team, cursor.as_deref(), 2).await.unwrap();
        seen += page.records.len();
        pages += 1;
        cursor = page.cursor;
        if !page.more {
            break;
        }
    }
    assert_eq!((seen, pages), (5, 3), "two, two and one");
    // Thirteen months and a day later: the table's TTL may not have run yet; a read skips them.
    env.clock.set(start_of_test_time() + time::Duration::days(i64::from(planner_store::feed::FEED_DAYS) + 1));
    assert!(env.plan().changes_since(&team, None, 100).await.unwrap().records.is_empty());
    assert!(env.plan().changes_since(&team, Some("ASN#x"), 10).await.is_err(), "a cursor that is not one");
}
