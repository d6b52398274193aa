//! The OS's own open dialog for the window's files: it opens in the folder last used for the
//! same purpose, which it then remembers (`crate::dialogs`).

use crate::dialogs::Dialogs;
use planner_app::Places;
use planner_command::command;
use tauri::State;

/// Asks the user for a sheet to import (CSV or an Excel workbook), titled `title`; the path
/// chosen, or none when the dialog was closed.
#[command]
pub async fn pick_import_file(
    dialogs: State<'_, Dialogs>,
    places: State<'_, Places>,
    title: String,
) -> Option<String> {
    let extensions = ["csv", "tsv", "txt", "xlsx"];
    let chosen = dialogs.pick_file(&places, "import", &title, "CSV, Excel", &extensions).await;
    chosen.map(|p| p.display().to_string())
}
