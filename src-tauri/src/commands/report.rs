//! The utilisation report: its figures for the report screen and its CSV file.
//! Any member may read it. The domain's `Report` is the window's type as it is (ts-rs).

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

/// Saves the report's CSV file in the downloads folder; answers its path.
#[command]
pub async fn save_report_csv(
    app: State<'_, App>,
    places: State<'_, Places>,
    first_day: String,
    last_day: String,
    first_weekday: u8,
) -> Result<String, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let path = app.save_report_csv(range, first_weekday, &places.downloads()?).await?;
    Ok(path.display().to_string())
}

/// Saves the activity log's CSV (made by the window) in the downloads folder; its path.
#[command]
pub async fn save_activity_csv(
    app: State<'_, App>,
    places: State<'_, Places>,
    text: String,
) -> Result<String, IpcError> {
    let path = app.save_activity_csv(text, &places.downloads()?).await?;
    Ok(path.display().to_string())
}
