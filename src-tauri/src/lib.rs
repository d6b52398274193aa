//! The Tauri shell: start-up wiring, the window, the commands (`commands`, grouped by feature)
//! and the IPC edge (`ipc`). The application itself is `planner-app` (no Tauri); the shell opens
//! it on what the settings name, loops its connection check, and hands it the OS's links.

pub mod commands;
pub mod dialogs;
pub mod ipc;
pub mod memory;
pub mod rendering;
pub mod updates;
mod window_place;

pub use ipc::IpcError;
use planner_app::{App, Places, startup};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tauri::webview::PageLoadEvent;
use tauri::{AppHandle, Manager};
use tauri_plugin_deep_link::DeepLinkExt;

/// Starts the app on what the settings say: by default the local workspace in the OS data
/// directory; a team table with sign-in when configured (docs/configuration.md).
///
/// `resource-planner://sign-in?…` links from the sign-in email reach the app through the OS:
/// macOS hands them to the running app; Windows and Linux start the app again with the link as
/// its argument, and the single-instance plugin passes that on to the running one (which comes
/// to the front). Either way [`App::open_link_from_os`] signs in and tells the window.
///
/// Call it from `main`, before any thread is started (it may set WebKit's environment: `rendering`).
pub fn run() {
    let context = tauri::generate_context!();
    if std::env::args().any(|a| a == EMPTY_WINDOW) {
        return empty_window(context);
    }
    memory::limit_arenas();
    #[cfg(target_os = "linux")]
    let compositing = rendering::choose().describe();
    #[cfg(not(target_os = "linux"))]
    let compositing = "the web view's default rendering";
    let started = Instant::now();
    let builder = tauri::Builder::default()
        .on_page_load(move |webview, page| {
            if page.event() == PageLoadEvent::Finished {
                reveal(&webview.window(), started, "its page has loaded");
            }
        })
        // First, so that a second start is caught before anything else opens.
        .plugin(tauri_plugin_single_instance::init(|app, _argv, _cwd| show(app)))
        .plugin(tauri_plugin_deep_link::init())
        // The window's size and place as the user left them (window_place.rs).
        .plugin(window_place::plugin())
        // The OS's open and save dialogs (commands/files.rs).
        .plugin(tauri_plugin_dialog::init())
        // Updates from where IT says (updates.rs); the key and address come from IT's settings.
        .plugin(tauri_plugin_updater::Builder::new().build())
        .on_window_event(window_place::on_event);
    commands::register(builder)
        .setup(move |app| {
            let places = Places::of_os();
            if let Ok(p) = &places {
                planner_app::log::init(&p.logs());
            }
            tracing::info!("resource-planner {} starts; {compositing}", env!("CARGO_PKG_VERSION"));
            // Opened in the background: the window's page loads meanwhile (this thread serves its
            // files), and the commands wait for the open (App::opening). Opened here, a team
            // table reached over a slow network or the keyring kept the window blank until done.
            let (state, opening) = App::opening();
            app.manage(state);
            let opener = app.handle().clone();
            let settings = places.clone();
            tauri::async_runtime::spawn(async move {
                let began = std::time::Instant::now();
                let state = opener.state::<App>();
                opening.finish(&state, startup::open(&settings).await).await;
                let opened = state.session().await;
                let took = began.elapsed().as_millis();
                let how = if opened.is_offline() { " from the offline copy" } else { "" };
                match opened.reason() {
                    Some(r) => {
                        tracing::warn!("opened {}{how} in {took} ms: {r} ({})", opened.mode(), r.code())
                    }
                    None => tracing::info!("opened {}{how} in {took} ms", opened.mode()),
                }
            });
            app.manage(dialogs::Dialogs::of_os(app.handle().clone()));
            app.manage(updates::Updates::of(app.handle().clone()));
            // Should the page never finish loading, the window still comes (with what it has).
            let late = app.handle().clone();
            tauri::async_runtime::spawn(async move {
                tokio::time::sleep(REVEAL_AT_LATEST).await;
                if let Some(window) = late.get_webview_window("main") {
                    reveal(&window.as_ref().window(), started, "its page took too long");
                }
            });
            // The connection check: an open team's session re-checked every few seconds (every
            // minute while the live view's asks answer), a lost table tried again with backoff
            // (the window hears both ways).
            let checker = app.handle().clone();
            tauri::async_runtime::spawn(async move {
                let state = checker.state::<App>();
                loop {
                    let wait = state.heartbeat().await;
                    state.pause(wait).await;
                }
            });
            if let Ok(places) = places {
                app.manage(places);
            }
            // Installers register the scheme (tauri.conf.json, plugins.deep-link); a build run
            // from a folder registers itself for this user on Linux and Windows.
            #[cfg(all(debug_assertions, any(target_os = "linux", windows)))]
            register_links_of_dev_build(app);
            let handle = app.handle().clone();
            app.deep_link().on_open_url(move |event| {
                for url in event.urls() {
                    open_link(&handle, url.to_string());
                }
            });
            // Started by a link.
            if let Ok(Some(urls)) = app.deep_link().get_current() {
                for url in urls {
                    open_link(app.handle(), url.to_string());
                }
            }
            Ok(())
        })
        .build(context)
        .expect("error while building resource-planner")
        .run(|app, event| {
            // Quitting: what the last reads brought goes into the offline copy's file (written
            // behind their answers) before the process ends; not waited for long (an app still
            // opening on a slow network quits at once; the file then lacks only those reads).
            if let tauri::RunEvent::Exit = event {
                let written = app.state::<App>().inner().copy_written();
                let _ = tauri::async_runtime::block_on(tokio::time::timeout(QUIT_WAITS_AT_MOST, written));
            }
        });
}

/// How long quitting waits for the offline copy's file ([`App::copy_written`]).
const QUIT_WAITS_AT_MOST: Duration = Duration::from_secs(2);

/// The argument that starts [`empty_window`].
const EMPTY_WINDOW: &str = "--empty-window";

/// `--empty-window`: this build's Tauri and web view showing an empty page, with nothing of the
/// app behind it (no store, no settings, no commands, no plugins; it reads and writes nothing).
/// The floor the benchmarks measure the app's memory and start against (BENCHMARKS.md).
fn empty_window(mut context: tauri::Context<tauri::Wry>) {
    context.config_mut().app.windows.clear();
    tauri::Builder::default()
        .setup(|app| {
            let blank = tauri::WebviewUrl::External("about:blank".parse()?);
            tauri::WebviewWindowBuilder::new(app, "main", blank)
                .title("resource-planner (empty window)")
                .inner_size(1280.0, 800.0)
                .build()?;
            Ok(())
        })
        .run(context)
        .expect("error while running the empty window");
}

/// The window is made hidden (tauri.conf.json) and shown once its page has loaded. Shown earlier,
/// WebKitGTK may block the app's main thread for up to 500 ms to wait for a first drawing that the
/// page cannot make yet, since that same thread serves the page its files: on the benchmark
/// machine that delayed the start by about half a second in half the launches (BENCHMARKS.md,
/// "Launch"). It also spares the user a blank window.
static REVEALED: AtomicBool = AtomicBool::new(false);
const REVEAL_AT_LATEST: Duration = Duration::from_secs(5);

fn reveal(window: &tauri::Window, started: Instant, why: &str) {
    if let Err(e) = window.show() {
        tracing::warn!("could not show the window: {e}");
    } else if !REVEALED.swap(true, Ordering::Relaxed) {
        tracing::info!("window shown {} ms after start: {why}", started.elapsed().as_millis());
    }
}

fn open_link(app: &AppHandle, link: String) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        app.state::<App>().open_link_from_os(&link).await;
        show(&app);
    });
}

/// Brings the window to the front.
fn show(app: &AppHandle) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

/// A build run from a folder registers `resource-planner://` for this user. On Linux that takes
/// the desktop database's tools (desktop-file-utils, xdg-utils), which a build machine may lack:
/// then one calm line says so, instead of a warning about a missing file at every start.
#[cfg(all(debug_assertions, any(target_os = "linux", windows)))]
fn register_links_of_dev_build(app: &tauri::App) {
    #[cfg(target_os = "linux")]
    {
        let on_path = |program: &str| {
            std::env::var_os("PATH")
                .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
        };
        if let Some(missing) = ["update-desktop-database", "xdg-mime"].into_iter().find(|p| !on_path(p)) {
            tracing::info!(
                "resource-planner:// links are not registered for this build ({missing} is not installed); installed packages register them"
            );
            return;
        }
    }
    if let Err(e) = app.deep_link().register_all() {
        tracing::warn!("could not register resource-planner:// links: {e}");
    }
}
