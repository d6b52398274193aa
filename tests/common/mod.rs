//! Shared by the command tests: a command called as the UI calls it (JSON in, JSON out, errors
//! as `{code, message}`) on tauri's mock runtime.

use serde_json::Value;
use tauri::WebviewWindow;
use tauri::test::{INVOKE_KEY, MockRuntime, get_ipc_response};
use tauri::webview::InvokeRequest;

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
