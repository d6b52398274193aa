//! Updates through the commands, without a window, with Tauri's real updater plugin against a
//! real HTTP server on this computer that publishes a `latest.json` and a package signed with a
//! key made for the test (minisign, as Tauri's signer writes it): nothing looked for until IT's
//! machine-wide file names the address and the key; IT's `enabled = false` is "off, locked";
//! a newer version is offered with its notes; its package is downloaded only when its
//! signature is IT's key's (a tampered package, or one signed by another key, is refused with
//! a sentence). Installing is not run here: it replaces this program (`dpkg -i` through pkexec
//! for the .deb).

mod common;

use base64::Engine as _;
use common::call;
use planner_app::Places;
use resource_planner_app::updates::Updates;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use tauri::Manager;
use tauri::test::{MockRuntime, mock_builder, mock_context, noop_assets};

const PACKAGE: &[u8] = b"resource-planner 9.9.9, as a package";

/// A key pair as Tauri's signer makes it: the public key as the updater takes it (the minisign
/// public key file, base64), and a signer of bytes (the minisign signature file, base64).
struct Key {
    public: String,
    pair: minisign::KeyPair,
}

impl Key {
    fn new() -> Self {
        let pair = minisign::KeyPair::generate_unencrypted_keypair().unwrap();
        let public = base64(pair.pk.to_box().unwrap().into_string());
        Self { public, pair }
    }

    fn sign(&self, bytes: &[u8]) -> String {
        let signed = minisign::sign(
            Some(&self.pair.pk),
            &self.pair.sk,
            std::io::Cursor::new(bytes),
            Some("timestamp:1796547600\tfile:resource-planner_9.9.9_amd64.deb"),
            None,
        )
        .unwrap();
        base64(signed.into_string())
    }
}

fn base64(text: String) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// What the test's server answers: each path's body, as the test sets them.
type Files = Arc<Mutex<Vec<(&'static str, Vec<u8>)>>>;

/// An HTTP server on this computer answering `GET /latest.json` and `GET /package` with what
/// `files` holds at the time; its address.
fn server(files: Files) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).map(|n| n == 1).unwrap_or(false) {
                head.push(byte[0]);
            }
            let line = String::from_utf8_lossy(&head).lines().next().unwrap_or_default().to_owned();
            let path = line.split(' ').nth(1).unwrap_or("/").to_owned();
            let body = files.lock().unwrap().iter().find(|(p, _)| *p == path).map(|(_, b)| b.clone());
            let answer = match body {
                Some(body) => {
                    let mut a = format!(
                        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n",
                        body.len()
                    )
                    .into_bytes();
                    a.extend(body);
                    a
                }
                None => b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec(),
            };
            let _ = stream.write_all(&answer);
        }
    });
    address
}

/// The manifest of version `version`, its package at `address`/package signed as `signature`.
fn manifest(version: &str, address: &str, signature: &str) -> Vec<u8> {
    let platform = json!({ "signature": signature, "url": format!("{address}/package") });
    let platforms: serde_json::Map<String, Value> =
        ["linux-x86_64", "linux-aarch64", "windows-x86_64", "darwin-x86_64", "darwin-aarch64"]
            .into_iter()
            .map(|p| (p.to_owned(), platform.clone()))
            .collect();
    serde_json::to_vec(&json!({
        "version": version,
        "notes": "The timeline prints on A3.",
        "pub_date": "2026-12-01T09:00:00Z",
        "platforms": platforms,
    }))
    .unwrap()
}

/// The app with the updater plugin (the build's configuration: no key, no address) and IT's
/// machine-wide file holding `machine`; its main window.
fn window(machine: &str) -> (tauri::App<MockRuntime>, tauri::WebviewWindow<MockRuntime>) {
    let dir = std::env::temp_dir().join(format!("rp-updates-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("machine.toml"), machine).unwrap();
    let places =
        Places { machine: dir.join("machine.toml"), user: dir.join("config.toml"), data: dir.join("data") };
    let audit = Arc::new(planner_store::MemoryAudit::default());
    let state = tauri::async_runtime::block_on(planner_app::App::open(
        planner_store::Engine::Memory,
        audit,
        common::clock(),
    ))
    .unwrap();
    let mut context = mock_context(noop_assets());
    let conf: Value = serde_json::from_str(include_str!("../tauri.conf.json")).unwrap();
    context.config_mut().plugins.0.insert("updater".into(), conf["plugins"]["updater"].clone());
    let app = resource_planner_app::commands::register(mock_builder())
        .plugin(tauri_plugin_updater::Builder::new().build())
        .manage(state)
        .manage(places)
        .build(context)
        .unwrap();
    app.manage(Updates::of(app.handle().clone()));
    let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap();
    (app, window)
}

fn it_says(address: &str, key: &str) -> String {
    format!("[updates]\nurl = \"{address}/latest.json\"\npublic_key = \"{key}\"\n")
}

fn download(app: &tauri::App<MockRuntime>) -> Result<Vec<u8>, String> {
    let updates = app.state::<Updates>();
    tauri::async_runtime::block_on(updates.download()).map(|(_, bytes)| bytes).map_err(|e| e.to_string())
}

#[test]
fn nothing_is_looked_for_until_it_says_where_and_it_may_turn_updates_off() {
    let (_app, w) = window("");
    assert_eq!(call(&w, "update_check", json!({})).unwrap(), json!({ "state": "notSetUp" }));
    let (_app, w) = window("[updates]\nenabled = false\n");
    assert_eq!(call(&w, "update_check", json!({})).unwrap(), json!({ "state": "off", "locked": true }));
    // Nothing found, nothing to install: a sentence.
    let e = call(&w, "update_install", json!({})).unwrap_err();
    assert_eq!(e["code"], "update", "{e}");
    assert!(e["message"].as_str().unwrap().contains("look for updates first"), "{e}");
}

#[test]
fn a_newer_version_signed_by_its_key_is_offered_and_downloaded_and_a_tampered_one_refused() {
    let key = Key::new();
    let files: Files = Arc::default();
    let address = server(files.clone());
    *files.lock().unwrap() = vec![
        ("/latest.json", manifest("9.9.9", &address, &key.sign(PACKAGE))),
        ("/package", PACKAGE.to_vec()),
    ];

    let (app, w) = window(&it_says(&address, &key.public));
    let offered = call(&w, "update_check", json!({})).unwrap();
    assert_eq!(offered["state"], "available", "{offered}");
    assert_eq!(offered["version"], "9.9.9");
    assert_eq!(offered["notes"], "The timeline prints on A3.");
    assert_eq!(offered["date"], "2026-12-01T09:00:00Z");
    assert_eq!(download(&app).unwrap(), PACKAGE, "the signed package, proven");

    // The same manifest, the package changed on the server: refused, and said.
    files.lock().unwrap()[1].1 = b"resource-planner 9.9.9, with something added".to_vec();
    let refused = download(&app).unwrap_err();
    assert!(refused.contains("signature is not IT's"), "{refused}");

    // A package signed by another key than IT's: refused too.
    let other = Key::new();
    *files.lock().unwrap() = vec![
        ("/latest.json", manifest("9.9.9", &address, &other.sign(PACKAGE))),
        ("/package", PACKAGE.to_vec()),
    ];
    assert_eq!(call(&w, "update_check", json!({})).unwrap()["state"], "available");
    let refused = download(&app).unwrap_err();
    assert!(refused.contains("signature is not IT's"), "{refused}");
}

#[test]
fn an_older_or_equal_version_is_current_and_a_server_that_fails_gets_a_sentence() {
    let key = Key::new();
    let files: Files = Arc::default();
    let address = server(files.clone());
    *files.lock().unwrap() = vec![
        ("/latest.json", manifest("0.0.1", &address, &key.sign(PACKAGE))),
        ("/package", PACKAGE.to_vec()),
    ];
    let (_app, w) = window(&it_says(&address, &key.public));
    let current = call(&w, "update_check", json!({})).unwrap();
    assert_eq!(current["state"], "current", "{current}");
    assert_eq!(current["version"], env!("CARGO_PKG_VERSION"));

    // No manifest there (404): a sentence, the version in use untouched.
    files.lock().unwrap().clear();
    let e = call(&w, "update_check", json!({})).unwrap_err();
    assert_eq!(e["code"], "update", "{e}");
    assert!(e["message"].as_str().unwrap().starts_with("could not look for updates"), "{e}");
}
