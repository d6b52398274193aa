//! Saved views of the rows: any member keeps their own; planners and admins share theirs with
//! the team; only a view's owner changes it (checked in Rust).

use crate::ipc::{self, *};
use planner_app::App;
use planner_command::command;
use tauri::State;

/// The views the user sees: the team's shared ones and their own, by name.
#[command]
pub async fn views(app: State<'_, App>) -> Result<Vec<ViewDto>, IpcError> {
    Ok(app.views().await?.iter().map(Into::into).collect())
}

/// Saves a view: a new one (`version` 0), or the user's own as they saw it. A view with a
/// condition this version does not know, or a value out of bounds, is refused with a sentence.
#[command]
pub async fn save_view(app: State<'_, App>, view: SaveViewInput) -> Result<ViewDto, IpcError> {
    let (input, version) = view.to_domain()?;
    Ok(ViewDto { mine: true, ..(&app.save_view(input, version).await?).into() })
}

/// Deletes a view the user saw at `version`: their own, or (admins) a shared one.
#[command]
pub async fn delete_view(app: State<'_, App>, id: String, version: u64) -> Result<(), IpcError> {
    Ok(app.delete_view(&ipc::view_id(&id)?, version).await?)
}
