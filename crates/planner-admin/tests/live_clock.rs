//! The desktop app's live view keeps to the table's clock, as its change records do: on a
//! computer whose clock is an hour ahead, a colleague's edit made just now still reaches the
//! window. Here, beside rp-admin, because the team is made as IT makes it (the operator's part). The table is
//! dynoxide's DynamoDB protocol served on a loopback port of the test's own, whose answers carry
//! this machine's true time in their `Date` header, as DynamoDB's do.

use planner_app::{App, Auth, LiveNews};
use planner_auth::MemoryVault;
use planner_domain::{Date, DateRange, Email, FixedClock, Name, PersonId, Role};
use planner_store::feed::{FeedAction, FeedKind};
use planner_store::{Engine, MemoryAudit, RemoteTable, Store};
use std::sync::Arc;
use time::{Duration, OffsetDateTime};

#[tokio::test(flavor = "multi_thread")]
async fn a_colleague_s_edit_reaches_the_live_view_though_this_computer_s_clock_is_an_hour_ahead() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(dynoxide::server::serve_on(listener, dynoxide::Database::memory().unwrap()));
    let engine = Engine::DynamoDb(RemoteTable {
        table: "rp-live-clock".into(),
        region: Some("us-east-1".into()),
        profile: None,
        endpoint: Some(format!("http://127.0.0.1:{port}")),
        test_credentials: true,
    });
    let conn = planner_store::connect(&engine, None).await.unwrap();
    planner_store::engine::ensure_table(&conn.client, &conn.table).await.unwrap();
    // Stores that keep to the table's time, as the app's and rp-admin's do; this computer's
    // calendar clock says an hour later than it is.
    let ahead = Arc::new(FixedClock::new(OffsetDateTime::now_utc() + Duration::hours(1)));
    let store = || {
        Store::new(conn.clone(), ahead.clone(), Arc::new(MemoryAudit::default()))
            .with_token_pepper(b"pepper".to_vec())
            .with_table_time()
    };

    // IT's part: a team, its admin, and Ada, a planner.
    let it = store();
    let lead = it.identity().create_user(&Email::parse("lead@example.com").unwrap(), None).await.unwrap();
    let team = it.identity().create_team(&Name::parse("Clock").unwrap(), &lead.id).await.unwrap();
    let admin = it.identity().operator_scope(&team.id).await.unwrap();
    let ada = Email::parse("ada@example.com").unwrap();
    it.identity()
        .invite_member(&admin, &ada, Some(&Name::parse("Ada").unwrap()), Role::Planner)
        .await
        .unwrap();
    let code = it.identity().request_sign_in_code(&ada).await.unwrap().expect("a code").code;

    // Ada's app, signed in, showing the timeline: the live view starts reading from here.
    let dir = std::env::temp_dir().join(format!("rp-live-clock-{}", ulid::Ulid::new()));
    let auth = Auth {
        aws_identity: false,
        mailer: None,
        vault: Arc::new(MemoryVault::default()),
        local_dir: Some(dir.clone()),
        copies: None,
    };
    let app = App::open_team(store(), auth, ahead.clone()).await.unwrap();
    app.sign_in(&ada, &code).await.unwrap();
    let today = Date::parse(&OffsetDateTime::now_utc().date().to_string()).unwrap();
    app.timeline(DateRange::window(today, today.add_days(28)).unwrap()).await.unwrap();
    // Anything the setup wrote is heard and done with.
    app.live_changes().await.unwrap();

    // The admin, elsewhere, adds a person: a record stamped by the table's time, an hour before
    // what this computer's clock says.
    it.plan().create_person(&admin, PersonId::generate(), Name::parse("Pat").unwrap()).await.unwrap();
    let heard = match app.live_changes().await.unwrap() {
        LiveNews::Changes(items) => {
            items.iter().any(|i| i.kind == FeedKind::Person && i.action == FeedAction::Created && !i.mine)
        }
        LiveNews::Reload => false,
    };
    assert!(heard, "the admin's new person did not reach the live view");
    let _ = std::fs::remove_dir_all(dir);
}
