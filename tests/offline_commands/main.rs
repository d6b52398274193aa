//! The offline copy through the app's commands, without a window: a team table (the embedded engine
//! in a file) behind hooks that can cut the connection or lose an answer, the way a train tunnel or
//! a broken VPN does. The copy's key lives in an in-memory vault here (the OS keyring has its own
//! test).

#[path = "../common/mod.rs"]
mod common;
mod synced;

use common::{call, clock, signed_in, signed_out_why, watchdog};

use planner_app::{App, Auth, Copies};
use planner_auth::{MemoryVault, TokenVault};
use planner_domain::{Email, Name, Role};
use planner_store::engine::hooks::{Before, Hooks};
use planner_store::{Engine, MemoryAudit, Store};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use tauri::test::MockRuntime;
use tauri::{Manager, WebviewWindow};

/// The connection to the table: up, cut (no request gets through), or losing the answers of
/// writes (they land, the app never hears).
#[derive(Debug, Default)]
struct Line(AtomicU8, AtomicUsize);

const UP: u8 = 0;
const CUT: u8 = 1;
const LOSE_WRITE_ANSWERS: u8 = 2;
/// Every request answered "throttled", as a busy table does (nothing is written).
const THROTTLED: u8 = 3;

impl Line {
    fn set(&self, state: u8) {
        self.0.store(state, Ordering::SeqCst);
    }

    /// The requests sent through the line so far.
    fn requests(&self) -> usize {
        self.1.load(Ordering::SeqCst)
    }
}

impl Hooks for Line {
    fn before(&self, operation: &str, _body: &[u8]) -> Before {
        self.1.fetch_add(1, Ordering::SeqCst);
        match self.0.load(Ordering::SeqCst) {
            CUT => Before::Disconnect,
            THROTTLED => Before::Respond {
                status: 400,
                body: serde_json::json!({
                    "__type": "com.amazonaws.dynamodb.v20120810#ThrottlingException",
                    "message": "Rate of requests exceeds the allowed throughput."
                })
                .to_string()
                .into_bytes(),
            },
            LOSE_WRITE_ANSWERS
                if matches!(
                    operation,
                    "PutItem" | "UpdateItem" | "DeleteItem" | "TransactWriteItems" | "BatchWriteItem"
                ) =>
            {
                Before::LoseResponse
            }
            _ => Before::Forward,
        }
    }
}

struct Setup {
    file: PathBuf,
    line: Arc<Line>,
    vault: Arc<MemoryVault>,
    keys: Arc<MemoryVault>,
}

async fn store(file: &Path, line: Option<Arc<Line>>) -> Store {
    // Opening the embedded engine makes sure of its table (a request); a remote table is not
    // reached before the first call, so the line is up for this one.
    let was = line.as_ref().map(|l| l.0.swap(UP, Ordering::SeqCst));
    let hooks = line.clone().map(|l| l as Arc<dyn Hooks>);
    let conn = planner_store::connect(&Engine::LocalFile(file.to_owned()), hooks).await.unwrap();
    if let (Some(line), Some(was)) = (line, was) {
        line.set(was);
    }
    Store::new(conn, clock(), Arc::new(MemoryAudit::default())).with_token_pepper(b"pepper".to_vec())
}

/// A team table whose team has Ada as a planner, signed in on this computer (her token in the
/// vault, as after the emailed code).
async fn setup() -> Setup {
    watchdog("offline_commands", 180);
    let dir = std::env::temp_dir().join(format!("rp-offline-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("team.db");
    let s = store(&file, None).await;
    let (_, admin) = s.identity().open_local_workspace().await.unwrap();
    let ada = Email::parse("ada@example.com").unwrap();
    s.identity()
        .invite_member(&admin, &ada, Some(&Name::parse("Ada").unwrap()), Role::Planner)
        .await
        .unwrap();
    let issued = s.identity().request_sign_in_code(&ada).await.unwrap().unwrap();
    let signed = s.identity().sign_in_with_code(&ada, &issued.code).await.unwrap();
    let vault = Arc::new(MemoryVault::default());
    vault.save(&signed.token).unwrap();
    Setup { file, line: Arc::new(Line::default()), vault, keys: Arc::new(MemoryVault::default()) }
}

fn local_dir(s: &Setup) -> PathBuf {
    s.file.parent().unwrap().join("local")
}

/// The app as after a start on the setup's table.
async fn app(s: &Setup) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let auth = Auth {
        aws_identity: false,
        mailer: None,
        vault: s.vault.clone(),
        local_dir: Some(local_dir(s)),
        copies: Some(Copies::new(&local_dir(s), s.keys.clone())),
    };
    let store = store(&s.file, Some(s.line.clone())).await;
    let state = App::open_team(store, auth, clock()).await.unwrap();
    common::window_on(state, None)
}

const FROM: &str = "2026-11-02";
const TO: &str = "2027-01-04";

fn timeline(w: &WebviewWindow<MockRuntime>) -> Result<Value, Value> {
    call(w, "open_timeline", json!({ "from": FROM, "to": TO }))
}

fn bars(t: &Value) -> Vec<String> {
    let mut ids: Vec<String> =
        common::assignments(t).iter().map(|a| a["id"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    ids
}

/// Plans a person, a project and two bars, and reads January as a scroll would.
fn plan_some(w: &WebviewWindow<MockRuntime>) -> (Value, Value) {
    timeline(w).unwrap();
    let person = call(w, "create_person", json!({ "name": "Grace" })).unwrap();
    let project = call(w, "create_project", json!({ "name": "Apollo", "color": "#1f77b4" })).unwrap();
    for (start, last) in [("2026-11-30", "2026-12-04"), ("2026-12-07", "2026-12-18")] {
        let input = json!({ "personId": person["id"], "projectId": project["id"], "startDate": start, "lastDay": last });
        call(w, "create_assignment", json!({ "input": input })).unwrap();
    }
    call(w, "load_window", json!({ "from": "2027-01-04", "to": "2027-02-01" })).unwrap();
    (person, project)
}

/// As the app is quit and started again: what its reads brought is in the copy's file (written
/// behind their answers), as it is a moment after them.
async fn quit(app: &tauri::App<MockRuntime>) {
    app.state::<App>().copy_written().await;
}

/// A first run of the app, online: some plan made, and the timeline as it then showed.
async fn planned_online(s: &Setup) -> Value {
    let (app, w) = app(s).await;
    plan_some(&w);
    let shown = timeline(&w).unwrap();
    quit(&app).await;
    shown
}

fn offline(w: &WebviewWindow<MockRuntime>) -> Value {
    call(w, "session_status", json!({})).unwrap()["session"]["offline"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lost_connection_shows_the_copy_read_only_and_it_comes_back_by_itself() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    assert!(offline(&w).is_null(), "online after a start with the network");
    let (person, project) = plan_some(&w);
    let online = timeline(&w).unwrap();
    assert_eq!(bars(&online).len(), 2);

    s.line.set(CUT);
    // The next read finds the table gone: the same bars, from the copy, and the window is told.
    let cached = timeline(&w).unwrap();
    assert_eq!(bars(&cached), bars(&online), "the same bars");
    assert_eq!((online["cached"].as_bool(), cached["cached"].as_bool()), (Some(false), Some(true)));
    assert_eq!(cached["people"], online["people"]);
    assert_eq!(cached["loaded"], json!([{ "from": FROM, "to": TO }]));
    let off = offline(&w);
    assert_eq!(off["reason"]["code"], "unavailable", "{off}");
    assert_eq!(off["syncedAt"], "2026-11-30T09:00:00Z", "the time of the last successful read");
    let status = call(&w, "session_status", json!({})).unwrap();
    assert_eq!(
        (signed_in(&status), status["session"]["team"]["role"].as_str()),
        (Some(true), Some("planner"))
    );

    // Inside what was loaded: served; outside: "not loaded"; people and projects: served.
    let jan = call(&w, "load_window", json!({ "from": "2027-01-04", "to": "2027-02-01" })).unwrap();
    assert_eq!(common::assignments(&jan), Vec::<Value>::new());
    let march = call(&w, "load_window", json!({ "from": "2027-03-01", "to": "2027-03-29" })).unwrap_err();
    assert_eq!(march["code"], "not_loaded");
    let wider = call(&w, "open_timeline", json!({ "from": "2026-12-01", "to": "2027-03-01" })).unwrap();
    assert_eq!(wider["loaded"], json!([{ "from": "2026-12-01", "to": "2027-02-01" }]));
    assert_eq!(call(&w, "catalog", json!({})).unwrap()["people"][0]["name"], "Grace");

    // Edits are refused before anything is sent (nothing changes: not "unknown").
    let input = json!({ "personId": person["id"], "projectId": project["id"], "startDate": "2026-12-21", "lastDay": "2026-12-22" });
    let refused = call(&w, "create_assignment", json!({ "input": input.clone() })).unwrap_err();
    assert_eq!(refused["code"], "offline");
    assert!(refused["message"].as_str().unwrap().contains("nothing can be changed"), "{refused}");
    assert_eq!(
        call(&w, "rename_person", json!({ "id": person["id"], "version": 1, "name": "G" })).unwrap_err()["code"],
        "offline"
    );
    assert_eq!(
        call(&w, "switch_team", json!({ "team": ulid::Ulid::new().to_string() })).unwrap_err()["code"],
        "offline"
    );

    // Trying again while cut stays offline; once the line is back, it is online again.
    let again = call(&w, "reconnect", json!({})).unwrap();
    assert_eq!(again["session"]["offline"]["reason"]["code"], "unavailable");
    s.line.set(UP);
    let back = call(&w, "reconnect", json!({})).unwrap();
    assert!(back["session"]["offline"].is_null(), "{back}");
    assert_eq!(back["session"]["team"]["role"], "planner");
    call(&w, "create_assignment", json!({ "input": input })).unwrap();
    assert_eq!(bars(&timeline(&w).unwrap()).len(), 3, "edits work again");
    // The connection check while online re-checks the session and stays online.
    assert!(call(&w, "reconnect", json!({})).unwrap()["session"]["offline"].is_null());
    s.line.set(CUT);
    let found = call(&w, "reconnect", json!({})).unwrap();
    assert_eq!(
        found["session"]["offline"]["reason"]["code"], "unavailable",
        "the check itself notices a cut"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn while_the_live_view_answers_the_connection_check_reads_nothing() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    let state = w.state::<App>();
    // No live view yet: the periodic check reads the session and the membership.
    let before = s.line.requests();
    assert_eq!(state.heartbeat().await, planner_app::HEARTBEAT);
    assert_eq!(s.line.requests() - before, 2, "the session and the membership, read again");
    // The live view asked, and the table answered: the next checks read nothing (the asks
    // notice a lost table, and the feed brings a change to the membership), for a minute.
    call(&w, "live_changes", json!({})).unwrap();
    let before = s.line.requests();
    assert_eq!(state.heartbeat().await, planner_app::HEARTBEAT);
    assert_eq!(state.heartbeat().await, planner_app::HEARTBEAT);
    assert_eq!(s.line.requests(), before, "nothing read while the live view answers");
    // The user's own check (Reconnect) always reads.
    assert!(call(&w, "reconnect", json!({})).unwrap()["session"]["offline"].is_null());
    assert_eq!(s.line.requests() - before, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_throttled_table_answers_busy_and_the_window_stays_online() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    let (person, project) = plan_some(&w);
    s.line.set(THROTTLED);
    // An edit: refused as busy, with a sentence that says nothing changed; the window does not go
    // offline (every member's would, at once, when a team's table is busy).
    let input = json!({ "personId": person["id"], "projectId": project["id"], "startDate": "2026-12-21", "lastDay": "2026-12-22" });
    let busy = call(&w, "create_assignment", json!({ "input": input.clone() })).unwrap_err();
    assert_eq!(busy["code"], "busy", "{busy}");
    assert!(busy["message"].as_str().unwrap().contains("nothing was changed"), "{busy}");
    assert!(offline(&w).is_null(), "a busy table is not out of reach");
    assert_eq!(call(&w, "catalog", json!({})).unwrap_err()["code"], "busy");
    assert!(offline(&w).is_null());
    s.line.set(UP);
    call(&w, "create_assignment", json!({ "input": input })).unwrap();
    assert_eq!(bars(&timeline(&w).unwrap()).len(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edit_whose_answer_is_lost_ends_as_done_and_retrying_it_is_safe() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    let (person, project) = plan_some(&w);
    let before = timeline(&w).unwrap();
    let bar = common::assignments(&before)[0].clone();

    // The move lands, but its answer is lost with the connection.
    s.line.set(LOSE_WRITE_ANSWERS);
    let change = json!({ "personId": person["id"], "projectId": project["id"], "startDate": "2026-12-21", "lastDay": "2026-12-23" });
    let lost = call(&w, "update_assignment", json!({ "current": bar.clone(), "change": change.clone() }))
        .unwrap_err();
    assert_eq!(lost["code"], "unconfirmed", "{lost}");
    assert!(lost["message"].as_str().unwrap().contains("checked when the connection is back"), "{lost}");
    assert!(!offline(&w).is_null(), "the window went offline");

    // Back online, a read says what happened (the window does this), and sending the same
    // change again answers done instead of a conflict.
    s.line.set(UP);
    assert!(call(&w, "reconnect", json!({})).unwrap()["session"]["offline"].is_null());
    let after = timeline(&w).unwrap();
    let moved = common::assignments(&after).into_iter().find(|a| a["id"] == bar["id"]).unwrap();
    assert_eq!((moved["startDate"].as_str(), moved["version"].as_u64()), (Some("2026-12-21"), Some(2)));
    let retried = call(&w, "update_assignment", json!({ "current": bar, "change": change })).unwrap();
    assert_eq!(retried, moved, "a retry of the same change is done, once");

    // A create whose answer is lost, retried with the same id: one bar.
    s.line.set(LOSE_WRITE_ANSWERS);
    let id = ulid::Ulid::new().to_string();
    let input = json!({ "id": id, "personId": person["id"], "projectId": project["id"], "startDate": "2026-11-16", "lastDay": "2026-11-17" });
    assert_eq!(
        call(&w, "create_assignment", json!({ "input": input.clone() })).unwrap_err()["code"],
        "unconfirmed"
    );
    s.line.set(UP);
    call(&w, "reconnect", json!({})).unwrap();
    call(&w, "create_assignment", json!({ "input": input })).unwrap();
    let count = bars(&timeline(&w).unwrap()).iter().filter(|b| **b == id).count();
    assert_eq!(count, 1);

    // A new person likewise (the UI sends the id it made).
    s.line.set(LOSE_WRITE_ANSWERS);
    let id = ulid::Ulid::new().to_string();
    let lost = call(&w, "create_person", json!({ "name": "Hedy", "id": id })).unwrap_err();
    assert_eq!(lost["code"], "unconfirmed");
    s.line.set(UP);
    call(&w, "reconnect", json!({})).unwrap();
    call(&w, "create_person", json!({ "name": "Hedy", "id": id })).unwrap();
    let people = call(&w, "catalog", json!({})).unwrap()["people"].clone();
    assert_eq!(people.as_array().unwrap().iter().filter(|p| p["name"] == "Hedy").count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_start_without_the_network_and_without_a_copy_signs_in_once_the_table_answers() {
    let s = setup().await;
    s.line.set(CUT);
    let (_app, w) = app(&s).await;
    assert_eq!(signed_out_why(&w), (Some(true), Some("unavailable".into())));
    assert!(s.vault.load().unwrap().is_some(), "the session is kept for later");
    call(&w, "reconnect", json!({})).unwrap();
    assert_eq!(signed_in(&call(&w, "session_status", json!({})).unwrap()), Some(false));
    s.line.set(UP);
    let back = call(&w, "reconnect", json!({})).unwrap();
    assert_eq!((signed_in(&back), back["session"]["email"].as_str()), (Some(true), Some("ada@example.com")));
    timeline(&w).unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_start_without_the_network_opens_the_copy_at_once() {
    let s = setup().await;
    let online = planned_online(&s).await;
    // The copy on disk is encrypted: no name in it.
    let copies = local_dir(&s).join("offline");
    for entry in std::fs::read_dir(&copies).unwrap() {
        let raw = std::fs::read(entry.unwrap().path()).unwrap();
        let text = String::from_utf8_lossy(&raw);
        assert!(
            !text.contains("Grace") && !text.contains("Apollo") && !text.contains("ada@"),
            "plain text on disk"
        );
    }

    s.line.set(CUT);
    let (_app, w) = app(&s).await;
    let status = call(&w, "session_status", json!({})).unwrap();
    assert_eq!(
        (signed_in(&status), status["session"]["email"].as_str()),
        (Some(true), Some("ada@example.com"))
    );
    assert_eq!(status["session"]["offline"]["reason"], Value::Null, "connecting: no reason yet");
    assert_eq!(status["session"]["offline"]["syncedAt"], "2026-11-30T09:00:00Z");
    assert_eq!(bars(&timeline(&w).unwrap()), bars(&online), "the cached timeline, before any network");
    // The connection check finds the table out of reach, then back.
    call(&w, "reconnect", json!({})).unwrap();
    assert_eq!(offline(&w)["reason"]["code"], "unavailable");
    s.line.set(UP);
    assert!(call(&w, "reconnect", json!({})).unwrap()["session"]["offline"].is_null());
    assert_eq!(bars(&timeline(&w).unwrap()), bars(&online));

    // An ended session found on the way back signs out and removes the copy and its key.
    s.line.set(CUT);
    drop(w);
    let (_app2, w) = app(&s).await;
    let token = s.vault.load().unwrap().unwrap();
    store(&s.file, None).await.identity().delete_session(&token).await.unwrap();
    s.line.set(UP);
    let out = call(&w, "reconnect", json!({})).unwrap();
    assert_eq!(
        (signed_in(&out), out["session"]["reason"]["code"].as_str()),
        (Some(false), Some("session_invalid"))
    );
    assert!(!local_dir(&s).exists() && s.keys.load().unwrap().is_none() && s.vault.load().unwrap().is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_damaged_copy_is_discarded_with_a_notice_and_rebuilt() {
    let s = setup().await;
    let online = planned_online(&s).await;
    let copies = local_dir(&s).join("offline");
    let team_file = std::fs::read_dir(&copies)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap() != "profile.bin")
        .unwrap();
    let good = std::fs::read(&team_file).unwrap();
    for (what, damaged) in
        [("truncated", good[..good.len() / 2].to_vec()), ("garbage", b"not a copy".to_vec())]
    {
        std::fs::write(&team_file, &damaged).unwrap();
        let (started, w) = app(&s).await;
        let status = call(&w, "session_status", json!({})).unwrap();
        assert_eq!(status["notice"]["code"], "cache_damaged", "{what}: {status}");
        assert!(status["notice"]["message"].as_str().unwrap().contains("set aside"), "{status}");
        assert!(status["session"]["offline"].is_null(), "{what}: opened from the table instead");
        assert_eq!(bars(&timeline(&w).unwrap()), bars(&online));
        // Said once.
        assert!(call(&w, "session_status", json!({})).unwrap()["notice"].is_null());
        quit(&started).await;
    }
    // A key that no longer matches (the keyring entry was reset) is the same case.
    s.keys.delete().unwrap();
    let (started, w) = app(&s).await;
    assert_eq!(call(&w, "session_status", json!({})).unwrap()["notice"]["code"], "cache_damaged");
    timeline(&w).unwrap();
    quit(&started).await;
    drop(w);
    // Rebuilt: the next start without the network opens it.
    s.line.set(CUT);
    let (_app, w) = app(&s).await;
    assert_eq!(bars(&timeline(&w).unwrap()), bars(&online));
}

#[tokio::test(flavor = "multi_thread")]
async fn signing_out_when_the_table_cannot_be_reached_forgets_the_session_here() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    plan_some(&w);
    s.line.set(CUT);
    // "Everywhere" needs the table: refused, and the window is offline now.
    let refused = call(&w, "sign_out", json!({ "everywhere": true })).unwrap_err();
    assert_eq!(refused["code"], "offline");
    assert!(!offline(&w).is_null());
    assert!(s.vault.load().unwrap().is_some(), "still signed in");
    // Plain sign-out works offline: this computer forgets the session and the copy.
    let out = call(&w, "sign_out", json!({ "everywhere": false })).unwrap();
    assert_eq!(signed_in(&out), Some(false));
    assert!(s.vault.load().unwrap().is_none() && s.keys.load().unwrap().is_none());
    assert!(!local_dir(&s).exists());
}

#[tokio::test(flavor = "multi_thread")]
async fn signing_out_just_as_the_table_goes_away_still_signs_out_here() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    plan_some(&w);
    // Online as far as the window knows; the table is gone by the time it is asked.
    s.line.set(CUT);
    let out = call(&w, "sign_out", json!({ "everywhere": false })).unwrap();
    assert_eq!(signed_in(&out), Some(false));
    assert!(s.vault.load().unwrap().is_none() && !local_dir(&s).exists());
}
