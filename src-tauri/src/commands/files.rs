//! The OS's own open dialog for the window's files: it opens in the folder last used for the
//! same purpose, which it then remembers (`planner_app::folders`).

use crate::dialogs::Dialogs;
use planner_app::{Places, folders};
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
    let remembered = places.last_folders();
    let folder = folders::last(&remembered, "import");
    let chosen = dialogs.pick_file(&title, "CSV, Excel", &["csv", "tsv", "txt", "xlsx"], folder).await;
    if let Some(path) = &chosen {
        folders::remember(&remembered, "import", path);
    }
    chosen.map(|p| p.display().to_string())
}
