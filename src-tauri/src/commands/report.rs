//! The utilisation report: its figures for the report screen and its CSV file; and the
//! activity log's CSV. The files are saved where the OS's save dialog says.
//! Any member may read it. The domain's `Report` is the window's type as it is (ts-rs).

use crate::commands::export::saved;
use crate::dialogs::Dialogs;
use crate::ipc::{self, IpcError};
use planner_app::{App, Places};
use planner_command::command;
use planner_domain::capacity::Report;
use tauri::State;

/// The report of the days `firstDay` to `lastDay`, weeks from `firstWeekday` (0 Monday).
#[command]
pub async fn report(
    app: State<'_, App>,
    first_day: String,
    last_day: String,
    first_weekday: u8,
) -> Result<Report, IpcError> {
    Ok(app.report(ipc::days(&first_day, &last_day)?, first_weekday).await?)
}

/// Saves the report's CSV file where the save dialog titled `title` says; the path, or none
/// when the dialog was closed.
#[command]
pub async fn save_report_csv(
    app: State<'_, App>,
    places: State<'_, Places>,
    dialogs: State<'_, Dialogs>,
    first_day: String,
    last_day: String,
    first_weekday: u8,
    title: String,
) -> Result<Option<String>, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let file = app.report_csv(range, first_weekday).await?;
    saved(dialogs.save(&places, &title, file).await?)
}

/// Saves the activity log's CSV (made by the window) where the save dialog titled `title`
/// says; the path, or none.
#[command]
pub async fn save_activity_csv(
    app: State<'_, App>,
    places: State<'_, Places>,
    dialogs: State<'_, Dialogs>,
    text: String,
    title: String,
) -> Result<Option<String>, IpcError> {
    let file = app.activity_csv(text).await?;
    saved(dialogs.save(&places, &title, file).await?)
}
