//! The plan out of the app as files in the downloads folder: the bookings' hours over a range
//! (CSV, or a workbook with the lists), the people or projects lists, calendar (.ics) files of a
//! person or the team, and the timeline printed as a PDF. Any member may export.

use crate::ipc::{self, ExportFormat, ExportList, ExportPeriod, IpcError, PrintPaper, PrintRows, PrintZoom};
use planner_app::export::Print;
use planner_app::{App, Places};
use planner_command::command;
use tauri::State;

/// Saves the bookings' hours from `firstDay` to `lastDay` (at most two years), a line per booking
/// and week or day, in the downloads folder; answers the file's path.
#[command]
pub async fn export_plan(
    app: State<'_, App>,
    places: State<'_, Places>,
    first_day: String,
    last_day: String,
    period: ExportPeriod,
    format: ExportFormat,
) -> Result<String, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let path = app.export_plan(range, period.into(), format.into(), &places.downloads()?).await?;
    Ok(path.display().to_string())
}

/// Saves the team's people or projects in the downloads folder; answers the file's path.
#[command]
pub async fn export_list(
    app: State<'_, App>,
    places: State<'_, Places>,
    list: ExportList,
    format: ExportFormat,
) -> Result<String, IpcError> {
    let path = app.export_list(list.into(), format.into(), &places.downloads()?).await?;
    Ok(path.display().to_string())
}

/// Saves a calendar (.ics) of `personId`'s bookings and time off (the team's, when absent) that
/// meet `firstDay` to `lastDay`, its words in `lang`, in the downloads folder; answers the
/// file's path. Importing a newer one into a calendar program updates its events.
#[command]
pub async fn export_ics(
    app: State<'_, App>,
    places: State<'_, Places>,
    person_id: Option<String>,
    first_day: String,
    last_day: String,
    lang: String,
) -> Result<String, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let person = person_id.as_deref().map(ipc::person_id).transpose()?;
    let path = app.export_ics(person.as_ref(), range, &lang, &places.downloads()?).await?;
    Ok(path.display().to_string())
}

/// Saves the timeline from `firstDay` to `lastDay` (at most two years) as a PDF of landscape
/// pages (`paper`), a row a person or a project (`rows`) at `zoom`, its words in `lang`, in the
/// downloads folder; answers the file's path.
#[command]
#[allow(clippy::too_many_arguments)]
pub async fn export_pdf(
    app: State<'_, App>,
    places: State<'_, Places>,
    first_day: String,
    last_day: String,
    rows: PrintRows,
    zoom: PrintZoom,
    paper: PrintPaper,
    lang: String,
) -> Result<String, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let print = Print { range, rows: rows.to_domain(), zoom: zoom.to_domain(), paper: paper.to_domain() };
    let path = app.export_pdf(print, &lang, &places.downloads()?).await?;
    Ok(path.display().to_string())
}
