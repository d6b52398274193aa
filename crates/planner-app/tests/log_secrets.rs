//! No token, sign-in code, SMTP password or pepper reaches the app's log or the diagnostics
//! text, through a whole sign-in (a wrong code, the right one, a load, a sign-out) with the log
//! written as the app writes it. Its own process: the log is one per process.

use planner_app::{App, Auth, Copies, Places};
use planner_auth::{MemoryVault, TokenVault};
use planner_domain::{Date, DateRange, Email, FixedClock, Name, Role};
use planner_store::{Engine, MemoryAudit, Sensitive, Store};
use std::sync::Arc;

const PEPPER: &str = "pepper-that-must-not-be-logged";
const SMTP_PASSWORD: &str = "smtp-password-that-must-not-be-logged";

#[tokio::test(flavor = "multi_thread")]
async fn no_secret_reaches_the_log_or_the_diagnostics() {
    let dir = std::env::temp_dir().join(format!("rp-log-secrets-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let places =
        Places { machine: dir.join("machine.toml"), user: dir.join("config.toml"), data: dir.join("data") };
    std::fs::write(
        &places.machine,
        format!(
            "[smtp]\nhost = \"mail.example.com\"\nfrom = \"p@example.com\"\nusername = \"relay\"\npassword = \"{SMTP_PASSWORD}\"\n[signin]\npepper = \"{PEPPER}\"\n"
        ),
    )
    .unwrap();
    planner_app::log::init(&places.logs());

    let clock = Arc::new(FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    let conn = planner_store::connect(&Engine::LocalFile(dir.join("team.db")), None).await.unwrap();
    let store = Store::new(conn, clock.clone(), Arc::new(MemoryAudit::default()))
        .with_token_pepper(PEPPER.as_bytes().to_vec());
    let (_, admin) = store.identity().open_local_workspace().await.unwrap();
    let ada = Email::parse("ada@example.com").unwrap();
    store
        .identity()
        .invite_member(&admin, &ada, Some(&Name::parse("Ada").unwrap()), Role::Planner)
        .await
        .unwrap();
    let code = store.identity().request_sign_in_code(&ada).await.unwrap().unwrap().code;

    let vault = Arc::new(MemoryVault::default());
    let local = places.table_dir("team@local");
    let keys = Arc::new(MemoryVault::default());
    let auth = Auth {
        aws_identity: false,
        mailer: None,
        vault: vault.clone(),
        local_dir: Some(local.path().to_owned()),
        copies: Some(Copies::new(local.path(), keys.clone())),
    };
    let app = App::open_team(store, auth, clock).await.unwrap();
    assert!(app.sign_in(&ada, &Sensitive::new("000000".into())).await.is_err(), "a wrong code");
    app.sign_in(&ada, &code).await.unwrap();
    let token = vault.load().unwrap().expect("signed in: the token is in the vault");
    let cache_key = keys.load().unwrap().expect("the offline copy's key");
    let window =
        DateRange::window(Date::parse("2026-11-30").unwrap(), Date::parse("2027-01-04").unwrap()).unwrap();
    app.timeline(window).await.unwrap();
    let report = planner_app::diagnostics::report(&app, &places, "test shell").await;
    app.sign_out(false).await.unwrap();

    let mut log = String::new();
    for f in std::fs::read_dir(places.logs()).unwrap() {
        log.push_str(&std::fs::read_to_string(f.unwrap().path()).unwrap());
    }
    // The log is written (else the test would prove nothing): the sign-in and sign-out are in it.
    assert!(log.contains("info signed in as user") && log.contains("info signed out"), "{log}");
    assert!(report.contains("sign-in pepper: set") && report.contains("password set"), "{report}");
    for (what, secret) in [
        ("the session token", token.expose()),
        ("the sign-in code", code.expose()),
        ("the offline copy's key", cache_key.expose()),
        ("the pepper", PEPPER),
        ("the SMTP password", SMTP_PASSWORD),
    ] {
        assert!(!log.contains(secret), "{what} is in the log:\n{log}");
        assert!(!report.contains(secret), "{what} is in the diagnostics:\n{report}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
