//! Limits and expiry hold against a wrong computer clock: a store that keeps to the table's time
//! (`Store::with_table_time`, engine/table_time.rs) reads "now" from the `Date` of the table's
//! answers. The embedded engine sends no answers over HTTP, so each test here serves dynoxide's
//! DynamoDB protocol on a loopback port of its own (as rp-test-dynamodb does), whatever engine
//! the rest of the suite runs on; the server's `Date` is this machine's true time.

use planner_domain::{Email, FixedClock, Name, Role};
use planner_store::{
    CODES_PER_HOUR, Connection, Engine, MemoryAudit, RemoteTable, SESSION_DAYS, Store, StoreError,
    VERIFICATION_MINUTES,
};
use std::sync::Arc;
use time::{Duration, OffsetDateTime};

/// A new table on a DynamoDB-protocol server of this test's own, on 127.0.0.1.
async fn table_over_http() -> Connection {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind a loopback port");
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(dynoxide::server::serve_on(listener, dynoxide::Database::memory().unwrap()));
    let engine = Engine::DynamoDb(RemoteTable {
        table: "rp-table-clock".into(),
        region: Some("us-east-1".into()),
        profile: None,
        endpoint: Some(format!("http://127.0.0.1:{port}")),
        test_credentials: true,
    });
    let conn = planner_store::connect(&engine, None).await.expect("connect");
    planner_store::engine::ensure_table(&conn.client, &conn.table).await.expect("create table");
    conn
}

/// A store on `conn` whose computer's clock says `at`; `table_time`: whether it keeps to the table's.
fn store(conn: &Connection, at: OffsetDateTime, table_time: bool) -> Store {
    let store = Store::new(conn.clone(), Arc::new(FixedClock::new(at)), Arc::new(MemoryAudit::default()))
        .with_strong_reads(true)
        .with_token_pepper(b"test-pepper".to_vec());
    if table_time { store.with_table_time() } else { store }
}

/// A member of a new team, invited by email, on `store`.
async fn invited(store: &Store, email: &str) -> Email {
    let admin = Email::parse(&format!("admin-{email}")).unwrap();
    let admin = store.identity().create_user(&admin, None).await.unwrap();
    let team = store.identity().create_team(&Name::parse("Clock").unwrap(), &admin.id).await.unwrap();
    let email = Email::parse(email).unwrap();
    let user = store.identity().create_user(&email, None).await.unwrap();
    let scope = store.identity().operator_scope(&team.id).await.unwrap();
    store.identity().put_member(&scope, &user.id, Role::Planner).await.unwrap();
    email
}

#[tokio::test]
async fn a_code_expires_by_the_table_s_time_though_this_computer_s_clock_is_an_hour_behind() {
    let conn = table_over_http().await;
    let true_now = OffsetDateTime::now_utc();
    // A code asked 40 minutes ago (by a computer whose clock was right then): it ran out 30
    // minutes ago.
    let then = store(&conn, true_now - Duration::minutes(40), false);
    let email = invited(&then, "late@example.com").await;
    let issued = then.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    const _: () = assert!(VERIFICATION_MINUTES < 40);
    // Typed now on a computer whose clock is an hour behind: by its clock the code has 50
    // minutes left; by the table's it has expired.
    let behind = store(&conn, true_now - Duration::hours(1), true);
    let late = behind.identity().sign_in_with_code(&email, &issued.code).await;
    assert!(matches!(late, Err(StoreError::CodeInvalid)), "an expired code was taken: {late:?}");
    let table_now = behind.now();
    assert!((table_now - true_now).abs() < Duration::minutes(1), "the table's time: {table_now}");
}

#[tokio::test]
async fn the_hourly_code_limit_holds_though_this_computer_s_clock_is_hours_ahead() {
    let conn = table_over_http().await;
    // The limit counts by the hour: a code asked across an hour's end starts a new count by
    // right, so the test runs again if the hour changed while it ran.
    for _ in 0..2 {
        let start = OffsetDateTime::now_utc();
        let right = store(&conn, start, true);
        let email = invited(&right, &format!("busy-{}@example.com", start.unix_timestamp_nanos())).await;
        for _ in 0..CODES_PER_HOUR {
            right.identity().request_sign_in_code(&email).await.unwrap().expect("a code within the limit");
        }
        // The same person on a computer two hours ahead: another hour by its clock.
        let ahead = store(&conn, start + Duration::hours(2), true);
        let more = ahead.identity().request_sign_in_code(&email).await.unwrap();
        if right.now().unix_timestamp() / 3600 != start.unix_timestamp() / 3600 {
            continue;
        }
        assert!(more.is_none(), "a code past the hourly limit was issued by a clock two hours ahead");
        return;
    }
    panic!("the hour changed during both runs");
}

#[tokio::test]
async fn a_session_expires_by_the_table_s_time_though_this_computer_s_clock_is_days_behind() {
    let conn = table_over_http().await;
    let true_now = OffsetDateTime::now_utc();
    // Signed in a day more than a session lasts ago: it ran out yesterday.
    let then = store(&conn, true_now - Duration::days(SESSION_DAYS + 1), false);
    let email = invited(&then, "old@example.com").await;
    let issued = then.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    let signed = then.identity().sign_in_with_code(&email, &issued.code).await.unwrap();
    // Resumed on a computer two days behind: by its clock the session has a day left.
    let behind = store(&conn, true_now - Duration::days(2), true);
    let resumed = behind.identity().verify_session(&signed.token).await;
    assert!(matches!(resumed, Err(StoreError::SessionInvalid)), "an expired session was taken: {resumed:?}");
}

#[tokio::test]
async fn a_store_that_does_not_keep_to_the_table_s_time_reads_its_own_clock() {
    // What the tests that set the time themselves rely on.
    let conn = table_over_http().await;
    let at = time::macros::datetime!(2026-05-01 09:00 UTC);
    let own = store(&conn, at, false);
    own.probe().await.unwrap();
    assert_eq!(own.now(), at);
    let table = store(&conn, at, true);
    table.probe().await.unwrap();
    assert_ne!(table.now(), at);
}
