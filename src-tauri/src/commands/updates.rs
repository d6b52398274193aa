//! Updates: whether a newer version is published where IT's settings say, and installing it
//! (its signature checked against IT's key first), then restarting into it (`crate::updates`).

use crate::ipc::IpcError;
use crate::updates::{UpdateView, Updates};
use planner_app::Places;
use planner_command::command;
use tauri::State;

/// Looks for a newer version where IT's settings say: off (and whether IT turned it off), not
/// set up, this one the newest, or the newer one with its notes.
#[command]
pub async fn update_check(
    places: State<'_, Places>,
    updates: State<'_, Updates>,
) -> Result<UpdateView, IpcError> {
    let (settings, _) = places.in_force()?;
    let locked = settings.locked.contains("updates.enabled");
    Ok(updates.check(&settings.updates, locked).await?)
}

/// Downloads the version `update_check` found, proves its signature IT's, installs it and
/// restarts the app into it. A failure leaves this version as it is, with a sentence.
#[command]
pub async fn update_install(updates: State<'_, Updates>) -> Result<(), IpcError> {
    Ok(updates.install().await?)
}
