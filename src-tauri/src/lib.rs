//! The Tauri shell: opens the store on the local workspace, registers the commands, starts the
//! window. The work is in `crates/`; commands are a few lines each (`commands`).

pub mod commands;
pub mod dto;
mod error;
mod state;

pub use error::IpcError;
pub use state::AppState;

/// Starts the app on the local workspace in the OS data directory.
pub fn run() {
    commands::register(tauri::Builder::default())
        .setup(|app| {
            use tauri::Manager;
            let state = tauri::async_runtime::block_on(AppState::open_local())?;
            app.manage(state);
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("error while running resource-planner");
}
