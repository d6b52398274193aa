//! The settings screen's commands, without a window: what they show (values in force, what the
//! machine-wide file locks), what they write (the user's file), and that saving opens the new
//! connection at once while the local workspace stays where it was.

mod common;

use common::{call, state};
use planner_app::{Places, startup};
use serde_json::{Value, json};
use std::path::PathBuf;
use tauri::WebviewWindow;
use tauri::test::MockRuntime;

fn places() -> Places {
    let dir = std::env::temp_dir().join(format!("rp-settings-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    Places {
        machine: dir.join("machine.toml"),
        user: dir.join("config").join("config.toml"),
        data: dir.join("data"),
    }
}

async fn app(places: &Places) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let state = startup::open_with(places).await;
    common::window_on(state, Some(places.clone()))
}

/// A team table nobody listens on (connecting needs no network; the first request does).
fn closed_team(table: &str) -> Value {
    json!({ "mode": "dynamodb", "table": table, "region": "eu-central-1", "endpoint": "http://127.0.0.1:9" })
}

fn people(w: &WebviewWindow<MockRuntime>) -> usize {
    call(w, "catalog", json!({})).unwrap()["people"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread")]
async fn saving_opens_the_team_table_at_once_and_back_finds_the_local_workspace() {
    let p = places();
    let (_app, w) = app(&p).await;
    let shown = call(&w, "settings", json!({})).unwrap();
    assert_eq!((shown["mode"].as_str(), shown["table"].as_str()), (Some("local"), Some("resource-planner")));
    assert_eq!(shown["userFile"].as_str(), Some(p.user.to_str().unwrap()));
    assert_eq!(shown["locked"], json!([]));
    call(&w, "create_person", json!({ "name": "Kept locally" })).unwrap();
    let local_people = people(&w);

    let team = call(&w, "save_settings", json!({ "input": closed_team("plans") })).unwrap();
    assert_eq!(state(&team), "signedOut");
    let written = std::fs::read_to_string(&p.user).unwrap();
    assert!(written.contains("mode = \"dynamodb\"") && written.contains("table = \"plans\""), "{written}");
    // The team table is what commands reach now: signed out, so refused.
    assert_eq!(call(&w, "catalog", json!({})).unwrap_err()["code"], "signed_out");
    let shown = call(&w, "settings", json!({})).unwrap();
    assert_eq!(
        (shown["mode"].as_str(), shown["endpoint"].as_str()),
        (Some("dynamodb"), Some("http://127.0.0.1:9"))
    );

    let local = call(&w, "save_settings", json!({ "input": { "mode": "local" } })).unwrap();
    assert_eq!(state(&local), "local");
    assert_eq!(people(&w), local_people, "the local workspace is the one left");
}

#[tokio::test(flavor = "multi_thread")]
async fn locked_values_show_and_cannot_be_changed() {
    let p = places();
    std::fs::write(&p.machine, "mode = \"dynamodb\"\n[dynamodb]\ntable = \"corp-plans\"\n").unwrap();
    let (_app, w) = app(&p).await;
    let shown = call(&w, "settings", json!({})).unwrap();
    assert_eq!(shown["locked"], json!(["dynamodb.table", "mode"]));
    assert_eq!(shown["table"], "corp-plans");

    let refused = call(&w, "save_settings", json!({ "input": closed_team("elsewhere") })).unwrap_err();
    assert_eq!(refused["code"], "config");
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("dynamodb.table") && message.contains("machine-wide"), "{message}");
    let to_local = call(&w, "save_settings", json!({ "input": { "mode": "local" } })).unwrap_err();
    assert!(to_local["message"].as_str().unwrap().starts_with("mode"), "{to_local}");
    assert!(!p.user.exists(), "nothing was written");
    // What is not locked may still change.
    call(&w, "save_settings", json!({ "input": closed_team("corp-plans") })).unwrap();
    assert!(std::fs::read_to_string(&p.user).unwrap().contains("region = \"eu-central-1\""));
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_values_name_their_key_and_change_nothing() {
    let p = places();
    let (_app, w) = app(&p).await;
    for (input, key) in [
        (json!({ "mode": "dynamodb", "table": "no spaces please" }), "dynamodb.table"),
        (json!({ "mode": "dynamodb", "table": "plans", "endpoint": "localhost:8000" }), "dynamodb.endpoint"),
        (json!({ "mode": "dynamodb", "table": "plans", "region": "Frankfurt" }), "dynamodb.region"),
        (json!({ "mode": "cloud" }), "mode"),
    ] {
        let e = call(&w, "save_settings", json!({ "input": input })).unwrap_err();
        assert_eq!(e["code"], "config", "{e}");
        assert!(e["message"].as_str().unwrap().contains(key), "{key}: {e}");
        let e = call(&w, "test_connection", json!({ "input": input })).unwrap_err();
        assert!(e["message"].as_str().unwrap().contains(key), "{key}: {e}");
    }
    assert!(!p.user.exists());
    assert_eq!(state(&call(&w, "session_status", json!({})).unwrap()), "local");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_connection_test_says_what_is_wrong() {
    let p = places();
    let (_app, w) = app(&p).await;
    let input = json!({ "mode": "dynamodb", "table": "plans", "region": "eu-central-1",
        "profile": "rp-no-such-profile", "endpoint": "http://127.0.0.1:9" });
    let e = call(&w, "test_connection", json!({ "input": input })).unwrap_err();
    let m = e["message"].as_str().unwrap().to_owned();
    if std::env::var_os("AWS_ACCESS_KEY_ID").is_none() {
        // No credentials (a profile that does not exist): the sentence says what to do.
        assert_eq!(e["code"], "credentials", "{e}");
        assert!(m.contains("aws sso login") && m.contains("profile"), "{m}");
    } else {
        // Credentials from the environment win over the profile: then the endpoint is down.
        assert_eq!(e["code"], "unavailable", "{e}");
        assert!(m.contains("network"), "{m}");
    }
    assert_eq!(state(&call(&w, "session_status", json!({})).unwrap()), "local", "a test opens nothing");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreadable_user_file_is_shown_then_set_aside_by_saving() {
    let p = places();
    std::fs::create_dir_all(p.user.parent().unwrap()).unwrap();
    std::fs::write(&p.user, "[dynamodb]\ntabel = \"typo\"\n").unwrap();
    let (_app, w) = app(&p).await;
    assert_eq!(state(&call(&w, "session_status", json!({})).unwrap()), "broken");
    let shown = call(&w, "settings", json!({})).unwrap();
    assert!(shown["problem"].as_str().unwrap().contains("tabel"), "{shown}");

    let opened = call(&w, "save_settings", json!({ "input": { "mode": "local" } })).unwrap();
    assert_eq!(state(&opened), "local");
    let aside: Vec<PathBuf> = std::fs::read_dir(p.user.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|f| f.to_string_lossy().contains("unreadable"))
        .collect();
    assert_eq!(aside.len(), 1, "the old file is kept");
    assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), "[dynamodb]\ntabel = \"typo\"\n");
    assert!(call(&w, "settings", json!({})).unwrap()["problem"].is_null());
}

#[tokio::test(flavor = "multi_thread")]
async fn diagnostics_name_versions_settings_and_log_but_no_secret() {
    let p = places();
    planner_app::log::init(&p.logs());
    std::fs::write(
        &p.machine,
        "[smtp]\nhost = \"mail.example.com\"\nfrom = \"p@example.com\"\nusername = \"relay\"\npassword = \"hunter2-smtp\"\n[signin]\npepper = \"salt-and-pepper-e2e\"\n",
    )
    .unwrap();
    let (_app, w) = app(&p).await;
    call(&w, "save_settings", json!({ "input": { "mode": "local" } })).unwrap();
    let text = call(&w, "diagnostics", json!({})).unwrap().as_str().unwrap().to_owned();
    assert!(text.starts_with(&format!("resource-planner {}", env!("CARGO_PKG_VERSION"))), "{text}");
    assert!(text.contains("smtp: mail.example.com:587") && text.contains("password set"), "{text}");
    assert!(text.contains("sign-in pepper: set"), "{text}");
    assert!(!text.contains("hunter2-smtp") && !text.contains("salt-and-pepper"), "no secret: {text}");
    assert!(text.contains("mode local, signed in true"), "{text}");
    assert!(text.contains("settings saved; opened local"), "the log's last lines: {text}");
}
