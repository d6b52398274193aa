//! Shared by the command tests: a command called as the UI calls it (JSON in, JSON out, errors
//! as `{code, message}`) on tauri's mock runtime.

use planner_auth::{MemoryVault, TokenVault};
use planner_domain::FixedClock;
use resource_planner_app::dialogs::{Answer, Ask, Chooser, Dialogs};
use serde_json::Value;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tauri::test::{INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets};
use tauri::webview::InvokeRequest;
use tauri::{WebviewWindow, WebviewWindowBuilder};

/// The file dialogs as a user answers them, in turn: each answer a path, or none (the dialog
/// closed); when they run out, every dialog is closed. What each dialog asked is kept in `asked`.
#[derive(Default, Clone)]
#[allow(dead_code)] // not every test file reads them
pub struct Answers {
    pub paths: Arc<Mutex<VecDeque<Option<PathBuf>>>>,
    pub asked: Arc<Mutex<Vec<Ask>>>,
}

impl Answers {
    #[allow(dead_code)] // not every test file uses it
    pub fn of(paths: impl IntoIterator<Item = Option<PathBuf>>) -> Self {
        Self { paths: Arc::new(Mutex::new(paths.into_iter().collect())), ..Self::default() }
    }

    fn answer(&self, ask: Ask, answer: Answer) {
        self.asked.lock().unwrap().push(ask);
        answer(self.paths.lock().unwrap().pop_front().flatten());
    }
}

impl Chooser for Answers {
    fn open(&self, ask: Ask, answer: Answer) {
        self.answer(ask, answer);
    }

    fn save(&self, ask: Ask, answer: Answer) {
        self.answer(ask, answer);
    }
}

/// The command tests' clock: a Monday morning.
#[allow(dead_code)] // not every test file uses it
pub fn clock() -> Arc<FixedClock> {
    Arc::new(FixedClock::new(time::macros::datetime!(2026-11-30 09:00 UTC)))
}

/// The app on the local workspace in memory (the demo team), at [`clock`]'s time, and its main
/// window.
#[allow(dead_code)] // not every test file uses it
pub fn local_window() -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let audit = Arc::new(planner_store::MemoryAudit::default());
    let state =
        tauri::async_runtime::block_on(planner_app::App::open(planner_store::Engine::Memory, audit, clock()))
            .expect("open the workspace");
    window_on(state, None)
}

/// The app with every command on tauri's mock runtime, `state` (and `places`, when the test has
/// them) managed, and its main window.
pub fn window_on(
    state: planner_app::App,
    places: Option<planner_app::Places>,
) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    window_with(state, places, Dialogs::with(Answers::default()))
}

/// [`window_on`] whose dialogs are `dialogs`.
pub fn window_with(
    state: planner_app::App,
    places: Option<planner_app::Places>,
    dialogs: Dialogs,
) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    let builder = resource_planner_app::commands::register(mock_builder()).manage(state).manage(dialogs);
    let builder = match places {
        Some(places) => builder.manage(places),
        None => builder,
    };
    let app = builder.build(mock_context(noop_assets())).expect("build the app");
    let window = WebviewWindowBuilder::new(&app, "main", Default::default()).build().expect("window");
    (app, window)
}

pub fn call(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    let request = InvokeRequest {
        cmd: cmd.into(),
        callback: tauri::ipc::CallbackFn(0),
        error: tauri::ipc::CallbackFn(1),
        url: "tauri://localhost".parse().unwrap(),
        body: tauri::ipc::InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    };
    get_ipc_response(window, request).map(|body| body.deserialize::<Value>().unwrap())
}

/// Is someone signed in, in what a session command answered (`{session, notice}`)? The local
/// workspace needs nobody; a team does; a broken start or a signed-out table has nobody.
#[allow(dead_code)] // not every test file uses it
pub fn signed_in(told: &Value) -> Option<bool> {
    match told["session"]["state"].as_str()? {
        "local" | "team" => Some(true),
        "signedOut" | "broken" => Some(false),
        _ => None,
    }
}

/// Whether the window is signed out, and why (the reason's code), as `session_status` says.
#[allow(dead_code)] // not every test file uses it
pub fn signed_out_why(w: &WebviewWindow<MockRuntime>) -> (Option<bool>, Option<String>) {
    let status = call(w, "session_status", serde_json::json!({})).unwrap();
    let why = status["session"]["reason"]["code"].as_str().map(str::to_owned);
    (signed_in(&status).map(|s| !s), why)
}

/// The state a session command answered: `local`, `broken`, `signedOut` or `team`.
#[allow(dead_code)] // not every test file uses it
pub fn state(told: &Value) -> &str {
    told["session"]["state"].as_str().unwrap_or("(none)")
}

/// Ends the test process if a test is still running after `secs` (a lock held across an await
/// hangs rather than fails; CI would wait for its whole time limit).
#[allow(dead_code)] // not every test file uses it
pub fn watchdog(what: &'static str, secs: u64) {
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(secs));
        eprintln!("{what}: still running after {secs} s — stuck (a lock held across an await?)");
        std::process::exit(101);
    });
}

/// A keyring that can be out of use (locked, or no Secret Service running), then back.
#[derive(Debug, Default)]
#[allow(dead_code)] // the sign-in tests use it
pub struct FlakyKeyring {
    /// Out of use while set.
    pub down: AtomicBool,
    pub kept: MemoryVault,
}

impl TokenVault for FlakyKeyring {
    fn save(&self, token: &planner_store::Sensitive) -> Result<(), planner_auth::VaultError> {
        self.check()?;
        self.kept.save(token)
    }
    fn load(&self) -> Result<Option<planner_store::Sensitive>, planner_auth::VaultError> {
        self.check()?;
        self.kept.load()
    }
    fn delete(&self) -> Result<(), planner_auth::VaultError> {
        self.check()?;
        self.kept.delete()
    }
}

#[allow(dead_code)]
impl FlakyKeyring {
    fn check(&self) -> Result<(), planner_auth::VaultError> {
        if self.down.load(Ordering::SeqCst) {
            return Err(planner_auth::VaultError::Unavailable("the collection is locked".into()));
        }
        Ok(())
    }
}

/// The assignments of an answer (a timeline's, a window's) as the window reads them: their
/// columns (`AssignmentsDto`) made into objects again.
#[allow(dead_code)] // not every test file reads them
pub fn assignments(answer: &Value) -> Vec<Value> {
    let packed: resource_planner_app::ipc::AssignmentsDto =
        serde_json::from_value(answer["assignments"].clone()).expect("the assignments in columns");
    packed.items().into_iter().map(|a| serde_json::to_value(a).expect("an assignment as JSON")).collect()
}
