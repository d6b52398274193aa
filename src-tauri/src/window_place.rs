//! The window's size, place and maximised state, kept as the user leaves them: Tauri's
//! window-state plugin restores them before the window shows (the window stays hidden until its
//! page loads) and saves them on quit; a move or a resize is saved as well, half a second after
//! it ends, so that a process ended without quitting (a crash, a session logged out) keeps them.
//! A place on a screen that is gone is not restored (the plugin's own check).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tauri::plugin::TauriPlugin;
use tauri::{Manager, Runtime, Window, WindowEvent};
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

/// What is kept.
fn flags() -> StateFlags {
    StateFlags::SIZE | StateFlags::POSITION | StateFlags::MAXIMIZED
}

/// The plugin, keeping [`flags`].
pub fn plugin<R: Runtime>() -> TauriPlugin<R> {
    tauri_plugin_window_state::Builder::default().with_state_flags(flags()).build()
}

/// Moves and resizes seen: a save waits until half a second passes without another.
static CHANGES: AtomicU64 = AtomicU64::new(0);

/// Saves the windows' state half a second after the last move or resize.
pub fn on_event<R: Runtime>(window: &Window<R>, event: &WindowEvent) {
    if !matches!(event, WindowEvent::Moved(_) | WindowEvent::Resized(_)) {
        return;
    }
    let seen = CHANGES.fetch_add(1, Ordering::Relaxed) + 1;
    let app = window.app_handle().clone();
    tauri::async_runtime::spawn(async move {
        tokio::time::sleep(Duration::from_millis(500)).await;
        if CHANGES.load(Ordering::Relaxed) == seen
            && let Err(e) = app.save_window_state(flags())
        {
            tracing::warn!("could not keep the window's size and place: {e}");
        }
    });
}
