//! Sign-in through the app's commands, without a window: a team table (the embedded engine in a
//! file), a real SMTP server process on loopback, the code taken from the delivered email's
//! link. The session token goes to a vault; here an in-memory one (the OS keyring has its own
//! test, scripts/keyring-test.sh).

#[path = "../common/mod.rs"]
mod common;
mod links;
mod live;

use common::{FlakyKeyring, call, clock, signed_in, signed_out_why, state};

use planner_app::{App, Auth, Copies};
use planner_auth::link::link_in_email;
use planner_auth::testing::SmtpServer;
use planner_auth::{MemoryVault, TokenVault};
use planner_domain::{Email, Name, Role};
use planner_store::{Engine, MemoryAudit, Store};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tauri::WebviewWindow;
use tauri::test::MockRuntime;

struct Setup {
    file: PathBuf,
    smtp: SmtpServer,
    vault: Arc<MemoryVault>,
    /// The keyring entry of the offline copies' key.
    cache_keys: Arc<MemoryVault>,
    audit: Arc<MemoryAudit>,
}

async fn store(file: &Path, audit: Arc<MemoryAudit>) -> Store {
    let conn = planner_store::connect(&Engine::LocalFile(file.to_owned()), None).await.unwrap();
    Store::new(conn, clock(), audit).with_token_pepper(b"pepper".to_vec())
}

/// A team table in a file whose team (the file's own, owned by its admin) has invited Ada as a
/// planner and Vic as a viewer.
async fn setup() -> Setup {
    let dir = std::env::temp_dir().join(format!("rp-signin-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("team.db");
    let audit = Arc::new(MemoryAudit::default());
    let s = store(&file, audit.clone()).await;
    let (_, admin) = s.identity().open_local_workspace().await.unwrap();
    for (email, role) in [
        ("ada@example.com", Role::Planner),
        ("vic@example.com", Role::Viewer),
        ("lead@example.com", Role::Admin),
    ] {
        s.identity()
            .invite_member(&admin, &Email::parse(email).unwrap(), Some(&Name::parse("X").unwrap()), role)
            .await
            .unwrap();
    }
    // Someone to plan (the capacity commands need a person).
    s.plan()
        .create_person(&admin, planner_domain::PersonId::generate(), Name::parse("Pat").unwrap())
        .await
        .unwrap();
    Setup {
        file,
        smtp: SmtpServer::start(),
        vault: Arc::new(MemoryVault::default()),
        cache_keys: Arc::new(MemoryVault::default()),
        audit,
    }
}

/// The user's local things for the setup's table.
fn local_dir(s: &Setup) -> PathBuf {
    s.file.parent().unwrap().join("local")
}

/// The app (as after a start) on the setup's table.
async fn app(s: &Setup) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let auth = Auth {
        aws_identity: false,
        mailer: Some(s.smtp.mailer()),
        vault: s.vault.clone(),
        local_dir: Some(local_dir(s)),
        copies: Some(Copies::new(&local_dir(s), s.cache_keys.clone())),
    };
    let state = App::open_team(store(&s.file, s.audit.clone()).await, auth, clock()).await.unwrap();
    common::window_on(state, None)
}

/// Asks for a code for `email` and answers the link of the email that arrives (the n-th).
fn link_for(w: &WebviewWindow<MockRuntime>, s: &Setup, email: &str, nth: usize) -> String {
    call(w, "request_sign_in_code", json!({ "email": email, "lang": "en" })).unwrap();
    let mails = s.smtp.wait_for(nth);
    let mail = mails.iter().find(|m| m.contains(&format!("To: {email}"))).unwrap();
    link_in_email(mail).unwrap()
}

/// Signs in as `email` by the link of their `nth` email; the session the window then has.
fn sign_in(w: &WebviewWindow<MockRuntime>, s: &Setup, email: &str, nth: usize) -> serde_json::Value {
    let link = link_for(w, s, email, nth);
    call(w, "open_sign_in_link", json!({ "link": link })).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_in_by_emailed_link_open_the_team_and_sign_out() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    let status = call(&w, "session_status", json!({})).unwrap();
    assert_eq!(state(&status), "signedOut");
    let before = call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap_err();
    assert_eq!(before["code"], "signed_out");

    // A stranger gets the same answer as Ada, and no email.
    call(&w, "request_sign_in_code", json!({ "email": "mallory@example.com", "lang": "en" })).unwrap();
    let link = link_for(&w, &s, "ada@example.com", 1);
    assert_eq!(s.smtp.delivered().len(), 1);

    let signed = call(&w, "open_sign_in_link", json!({ "link": link })).unwrap();
    assert_eq!(signed_in(&signed), Some(true));
    assert_eq!(signed["session"]["email"], "ada@example.com");
    assert_eq!(
        (signed["session"]["team"]["name"].as_str(), signed["session"]["team"]["role"].as_str()),
        (Some("My team"), Some("planner"))
    );
    assert!(s.vault.load().unwrap().is_some(), "the token is in the vault");
    call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap();
    call(&w, "create_person", json!({ "name": "Grace" })).unwrap();
    // The link works once.
    let again = call(&w, "open_sign_in_link", json!({ "link": link })).unwrap_err();
    assert_eq!(again["code"], "code_invalid");

    // Another team's id: refused by the stored membership, and audited.
    let other = ulid::Ulid::new().to_string();
    let refused = call(&w, "switch_team", json!({ "team": other })).unwrap_err();
    assert_eq!(refused["code"], "not_member");
    let event = s.audit.events().into_iter().last().unwrap();
    assert_eq!((event.team.as_str(), event.refused.as_str()), (other.as_str(), "not_member"));

    // The user's local things: the last team's id, and whatever lies beside it (the offline
    // copies do).
    assert!(local_dir(&s).join("last-team.txt").exists());
    std::fs::create_dir_all(local_dir(&s).join("cache")).unwrap();
    std::fs::write(local_dir(&s).join("cache").join("plan.bin"), b"cached plan").unwrap();
    let out = call(&w, "sign_out", json!({ "everywhere": false })).unwrap();
    assert_eq!(signed_in(&out), Some(false));
    assert!(s.vault.load().unwrap().is_none(), "the token left the vault");
    assert!(!local_dir(&s).exists(), "signing out wipes the user's local data");
    let after = call(&w, "create_person", json!({ "name": "Eve" })).unwrap_err();
    assert_eq!(after["code"], "signed_out");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restart_resumes_the_session_and_an_ended_one_says_why() {
    let s = setup().await;
    {
        let (_app, w) = app(&s).await;
        call(&w, "request_sign_in_code", json!({ "email": "ada@example.com", "lang": "en" })).unwrap();
        let code = planner_auth::link::code_in_email(&s.smtp.wait_for(1)[0]).expect("the code in the email");
        let signed = call(
            &w,
            "sign_in",
            json!({ "email": "Ada@Example.com", "code": format!(" {} ", code.to_lowercase()) }),
        );
        assert_eq!(signed_in(&signed.unwrap()), Some(true));
    }
    // A new start finds the token in the vault: signed in without a code.
    let token = s.vault.load().unwrap().unwrap();
    {
        let (_app, w) = app(&s).await;
        assert_eq!(signed_in(&call(&w, "session_status", json!({})).unwrap()), Some(true));
        // Signing out everywhere ends this session in the table.
        call(&w, "sign_out", json!({ "everywhere": true })).unwrap();
    }
    // The ended session's token, put back: the next start says why it is signed out.
    s.vault.save(&token).unwrap();
    let (_app, w) = app(&s).await;
    let status = call(&w, "session_status", json!({})).unwrap();
    assert_eq!(signed_in(&status), Some(false));
    assert_eq!(status["session"]["reason"]["code"], "session_invalid");
    assert!(s.vault.load().unwrap().is_none(), "a dead token is removed from the vault");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_viewer_reads_but_every_write_is_refused_and_audited() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    let signed = sign_in(&w, &s, "vic@example.com", 1);
    assert_eq!(signed["session"]["team"]["role"], "viewer");
    call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap();
    let write = call(&w, "create_person", json!({ "name": "Nope" })).unwrap_err();
    assert_eq!(write["code"], "forbidden");
    assert!(write["message"].as_str().unwrap().contains("viewer"));
    let event = s.audit.events().into_iter().last().unwrap();
    assert_eq!((event.command.as_str(), event.role.as_deref()), ("create_resource", Some("viewer")));
    // Nor capacity's: time off, working weeks, the team's week, calendars.
    let t = call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap();
    let person = t["people"][0].clone();
    let off = json!({ "startDate": "2026-12-21", "lastDay": "2026-12-21", "kind": "holiday" });
    for (command, args) in [
        ("create_time_off", json!({ "personId": person["id"], "input": off })),
        ("set_working_time", json!({ "current": person, "schedule": null, "calendarId": null })),
        ("set_default_week", json!({ "minutes": [480, 480, 480, 480, 480, 0, 0] })),
        ("create_calendar", json!({ "name": "x", "region": null })),
    ] {
        let refused = call(&w, command, args).unwrap_err();
        assert_eq!(refused["code"], "forbidden", "{command}");
        let event = s.audit.events().into_iter().last().unwrap();
        assert_eq!((event.command.as_str(), event.role.as_deref()), (command, Some("viewer")));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_links_and_codes_get_sentences() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    let bad =
        call(&w, "open_sign_in_link", json!({ "link": "https://evil.example/sign-in?code=1" })).unwrap_err();
    assert_eq!(bad["code"], "bad_link");
    let wrong = call(&w, "sign_in", json!({ "email": "ada@example.com", "code": "000000" })).unwrap_err();
    assert_eq!(wrong["code"], "code_invalid");
    let email =
        call(&w, "request_sign_in_code", json!({ "email": "not an email", "lang": "en" })).unwrap_err();
    assert!(email["message"].as_str().unwrap().len() > 10, "{email}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_manages_members_and_the_last_admin_stays() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    assert_eq!(sign_in(&w, &s, "lead@example.com", 1)["session"]["team"]["role"], "admin");
    let members = call(&w, "list_members", json!({})).unwrap();
    let emails: Vec<_> = members.as_array().unwrap().iter().filter_map(|m| m["email"].as_str()).collect();
    assert!(
        ["ada@example.com", "lead@example.com", "vic@example.com"].iter().all(|e| emails.contains(e)),
        "{emails:?}"
    );

    let new =
        call(&w, "invite_member", json!({ "email": "New@Example.com", "role": "planner", "name": "Neu" }))
            .unwrap();
    assert_eq!((new["email"].as_str(), new["role"].as_str()), (Some("new@example.com"), Some("planner")));
    call(&w, "change_role", json!({ "userId": new["userId"], "role": "viewer" })).unwrap();
    let roles = call(&w, "list_members", json!({})).unwrap();
    let role_of = |email: &str| {
        roles
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["email"] == email)
            .map(|m| m["role"].as_str().unwrap().to_owned())
    };
    assert_eq!(role_of("new@example.com").as_deref(), Some("viewer"));
    assert_eq!(new["name"], "Neu");
    assert!(roles.as_array().unwrap().iter().any(|m| m["email"] == "new@example.com" && m["name"] == "Neu"));
    call(&w, "remove_member", json!({ "userId": new["userId"] })).unwrap();
    let after = call(&w, "list_members", json!({})).unwrap();
    assert!(!after.as_array().unwrap().iter().any(|m| m["email"] == "new@example.com"));
    let bad = call(&w, "invite_member", json!({ "email": "x@example.com", "role": "owner" })).unwrap_err();
    assert_eq!(bad["code"], "invalid_role");

    // The workspace owner and the lead are admins: the owner may be demoted, then not the lead.
    let me = after.as_array().unwrap().iter().find(|m| m["email"] == "lead@example.com").unwrap()["userId"]
        .clone();
    let owner = after.as_array().unwrap().iter().find(|m| m["role"] == "admin" && m["userId"] != me).unwrap()
        ["userId"]
        .clone();
    call(&w, "change_role", json!({ "userId": owner, "role": "planner" })).unwrap();
    let last = call(&w, "change_role", json!({ "userId": me, "role": "viewer" })).unwrap_err();
    assert_eq!(last["code"], "last_admin");
    assert!(last["message"].as_str().unwrap().contains("admin"));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_planner_cannot_manage_members() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    sign_in(&w, &s, "ada@example.com", 1);
    assert!(call(&w, "list_members", json!({})).is_ok());
    let refused =
        call(&w, "invite_member", json!({ "email": "friend@example.com", "role": "admin" })).unwrap_err();
    assert_eq!(refused["code"], "forbidden");
    let event = s.audit.events().into_iter().last().unwrap();
    assert_eq!((event.command.as_str(), event.role.as_deref()), ("invite_member", Some("planner")));
    // A planner plans people's time, but the team's week and calendars are admins'.
    let t = call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap();
    let person = t["people"][0].clone();
    let off = json!({ "startDate": "2026-12-21", "lastDay": "2026-12-21", "kind": "holiday" });
    call(&w, "create_time_off", json!({ "personId": person["id"], "input": off })).unwrap();
    for (command, args) in [
        ("set_default_week", json!({ "minutes": [480, 480, 480, 480, 480, 0, 0] })),
        ("create_calendar", json!({ "name": "x", "region": null })),
    ] {
        assert_eq!(call(&w, command, args).unwrap_err()["code"], "forbidden", "{command}");
    }
}

/// Ada's user id, read through her own window.
fn user_id_of(w: &WebviewWindow<MockRuntime>, email: &str) -> planner_domain::UserId {
    let members = call(w, "list_members", json!({})).unwrap();
    let found = members.as_array().unwrap().iter().find(|m| m["email"] == email).unwrap();
    planner_domain::UserId::parse(found["userId"].as_str().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_role_change_or_a_removal_takes_effect_on_the_next_command() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    sign_in(&w, &s, "ada@example.com", 1);
    call(&w, "create_person", json!({ "name": "Before" })).unwrap();
    let ada = user_id_of(&w, "ada@example.com");

    // The admin, elsewhere, makes Ada a viewer: her very next write is refused, without a restart.
    let admin_store = store(&s.file, s.audit.clone()).await;
    let (_, admin) = admin_store.identity().open_local_workspace().await.unwrap();
    admin_store.identity().put_member(&admin, &ada, Role::Viewer).await.unwrap();
    let refused = call(&w, "create_person", json!({ "name": "Demoted" })).unwrap_err();
    assert_eq!(refused["code"], "forbidden");
    assert_eq!(call(&w, "session_status", json!({})).unwrap()["session"]["team"]["role"], "viewer");
    admin_store.identity().put_member(&admin, &ada, Role::Planner).await.unwrap();
    call(&w, "create_person", json!({ "name": "Promoted again" })).unwrap();

    // Removed from her only team: the next command is refused and the window signs out.
    admin_store.identity().remove_member(&admin, &ada).await.unwrap();
    let gone = call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap_err();
    assert_eq!(gone["code"], "not_member");
    assert_eq!(signed_out_why(&w), (Some(true), Some("not_member".into())));
    assert!(s.vault.load().unwrap().is_none(), "the token left the vault");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_ended_elsewhere_ends_here_on_the_next_command() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    sign_in(&w, &s, "ada@example.com", 1);
    call(&w, "catalog", json!({})).unwrap();

    // "Sign out everywhere" from another computer ends this session in the table.
    let token = s.vault.load().unwrap().unwrap();
    let other = store(&s.file, s.audit.clone()).await;
    let session = other.identity().verify_session(&token).await.unwrap();
    assert_eq!(other.identity().end_all_sessions(&session).await.unwrap(), 1);

    let ended = call(&w, "create_person", json!({ "name": "Too late" })).unwrap_err();
    assert_eq!(ended["code"], "session_invalid");
    assert_eq!(signed_out_why(&w), (Some(true), Some("session_invalid".into())));
    assert!(s.vault.load().unwrap().is_none(), "the dead token left the vault");
    let fresh = store(&s.file, s.audit.clone()).await;
    let (_, owner) = fresh.identity().open_local_workspace().await.unwrap();
    let names: Vec<_> =
        fresh.plan().catalog(&owner).await.unwrap().people.iter().map(|r| r.name.to_string()).collect();
    assert!(!names.contains(&"Too late".to_owned()), "{names:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_local_workspace_moves_into_a_team_with_a_backup_and_only_once() {
    let s = setup().await;
    let data = s.file.parent().unwrap().join("data");
    // This computer planned locally first (the demo plan of a first start).
    drop(App::open_local(&data).await.unwrap());
    let places = planner_app::Places {
        machine: data.join("none-machine.toml"),
        user: data.join("none-user.toml"),
        data: data.clone(),
    };
    let (app, w) = app(&s).await;
    tauri::Manager::manage(&app, places);
    let local = call(&w, "local_plan", json!({})).unwrap();
    assert_eq!((local["people"].as_u64(), local["projects"].as_u64()), (Some(12), Some(6)));
    let assignments = local["assignments"].as_u64().unwrap();
    let signed_out = call(&w, "move_local_plan", json!({ "onProgress": "__CHANNEL__:1" })).unwrap_err();
    assert_eq!(signed_out["code"], "signed_out");

    // A viewer may not bring a plan in; a planner may.
    sign_in(&w, &s, "vic@example.com", 1);
    let refused = call(&w, "move_local_plan", json!({ "onProgress": "__CHANNEL__:2" })).unwrap_err();
    assert_eq!(refused["code"], "forbidden");
    assert_eq!(call(&w, "local_plan", json!({})).unwrap()["people"], 12, "nothing moved");
    call(&w, "sign_out", json!({ "everywhere": false })).unwrap();
    sign_in(&w, &s, "ada@example.com", 2);
    let before = call(&w, "catalog", json!({})).unwrap()["people"].as_array().unwrap().len();

    let moved = call(&w, "move_local_plan", json!({ "onProgress": "__CHANNEL__:3" })).unwrap();
    assert_eq!((moved["people"].as_u64(), moved["assignments"].as_u64()), (Some(12), Some(assignments)));
    assert_eq!(moved["alreadyThere"], 0);
    let team = call(&w, "catalog", json!({})).unwrap();
    assert_eq!(team["people"].as_array().unwrap().len(), before + 12);
    let backup_file = std::path::Path::new(moved["backup"].as_str().unwrap());
    #[cfg(unix)]
    {
        // The whole plan in plain JSON: readable by the user only.
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(backup_file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
    }
    let backup = std::fs::read_to_string(backup_file).unwrap();
    let backup: planner_store::transfer::TeamExport = serde_json::from_str(&backup).unwrap();
    assert_eq!(backup.assignments.len() as u64, assignments);
    // This computer's copy is empty now: nothing to offer, and a second move finds nothing.
    assert!(call(&w, "local_plan", json!({})).unwrap().is_null());
    let again = call(&w, "move_local_plan", json!({ "onProgress": "__CHANNEL__:4" })).unwrap();
    assert_eq!((again["people"].as_u64(), again["backup"].is_null()), (Some(0), true));
    assert_eq!(call(&w, "catalog", json!({})).unwrap()["people"].as_array().unwrap().len(), before + 12);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keyring_out_of_use_at_sign_in_leaves_the_code_good_for_another_try() {
    let s = setup().await;
    let keyring = Arc::new(FlakyKeyring::default());
    let auth = Auth {
        aws_identity: false,
        mailer: Some(s.smtp.mailer()),
        vault: keyring.clone(),
        local_dir: Some(local_dir(&s)),
        copies: Some(Copies::new(&local_dir(&s), s.cache_keys.clone())),
    };
    let opened = App::open_team(store(&s.file, s.audit.clone()).await, auth, clock()).await.unwrap();
    let (_app, w) = common::window_on(opened, None);
    let link = link_for(&w, &s, "ada@example.com", 1);
    keyring.down.store(true, Ordering::SeqCst);
    let refused = call(&w, "open_sign_in_link", json!({ "link": link.clone() })).unwrap_err();
    assert_eq!(refused["code"], "keyring", "{refused}");
    assert_eq!(state(&call(&w, "session_status", json!({})).unwrap()), "signedOut");
    // The keyring works again: the same link signs in (its code was not spent).
    keyring.down.store(false, Ordering::SeqCst);
    let signed = call(&w, "open_sign_in_link", json!({ "link": link })).unwrap();
    assert_eq!(signed_in(&signed), Some(true), "{signed}");
    assert!(keyring.kept.load().unwrap().is_some(), "the token is in the keyring");
}
