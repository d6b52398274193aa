//! The Tauri shell: opens the store the settings name (`startup`), registers the commands,
//! starts the window. The work is in `crates/`; commands are a few lines each (`commands`).

pub mod commands;
pub mod dto;
mod error;
pub mod startup;
mod state;

pub use error::IpcError;
pub use state::{AppState, Auth};

/// Starts the app on what the settings say: by default the local workspace in the OS data
/// directory; a team table with sign-in when configured (docs/configuration.md).
pub fn run() {
    commands::register(tauri::Builder::default())
        .setup(|app| {
            use tauri::Manager;
            let state = tauri::async_runtime::block_on(startup::open());
            app.manage(state);
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("error while running resource-planner");
}
