//! The plan out of the app as files, each saved where the OS's save dialog says (titled as the
//! window asks, in its language): the bookings' hours over a range (CSV, or a workbook with the
//! lists), the people or projects lists, calendar (.ics) files of a person or the team, and the
//! timeline printed as a PDF. Any member may export. Each answers the path written, or none
//! when the dialog was closed; a bad request is refused before the dialog shows.

use crate::dialogs::Dialogs;
use crate::ipc::{self, ExportFormat, ExportList, ExportPeriod, IpcError, PrintPaper, PrintRows, PrintZoom};
use planner_app::export::Print;
use planner_app::{App, Places};
use planner_command::command;
use tauri::State;

/// Saves the bookings' hours from `firstDay` to `lastDay` (at most two years), a line per booking
/// and week or day, where the save dialog titled `title` says; the path, or none.
#[command]
#[allow(clippy::too_many_arguments)]
pub async fn export_plan(
    app: State<'_, App>,
    places: State<'_, Places>,
    dialogs: State<'_, Dialogs>,
    first_day: String,
    last_day: String,
    period: ExportPeriod,
    format: ExportFormat,
    title: String,
) -> Result<Option<String>, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let file = app.export_plan(range, period.into(), format.into()).await?;
    saved(dialogs.save(&places, &title, file).await?)
}

/// Saves the team's people or projects where the save dialog titled `title` says; the path,
/// or none.
#[command]
pub async fn export_list(
    app: State<'_, App>,
    places: State<'_, Places>,
    dialogs: State<'_, Dialogs>,
    list: ExportList,
    format: ExportFormat,
    title: String,
) -> Result<Option<String>, IpcError> {
    let file = app.export_list(list.into(), format.into()).await?;
    saved(dialogs.save(&places, &title, file).await?)
}

/// Saves a calendar (.ics) of `personId`'s bookings and time off (the team's, when absent) that
/// meet `firstDay` to `lastDay`, its words in `lang`, where the save dialog titled `title`
/// says; the path, or none. Importing a newer one into a calendar program updates its events.
#[command]
#[allow(clippy::too_many_arguments)]
pub async fn export_ics(
    app: State<'_, App>,
    places: State<'_, Places>,
    dialogs: State<'_, Dialogs>,
    person_id: Option<String>,
    first_day: String,
    last_day: String,
    lang: String,
    title: String,
) -> Result<Option<String>, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let person = person_id.as_deref().map(ipc::person_id).transpose()?;
    let file = app.export_ics(person.as_ref(), range, &lang).await?;
    saved(dialogs.save(&places, &title, file).await?)
}

/// Saves the timeline from `firstDay` to `lastDay` (at most two years) as a PDF of landscape
/// pages (`paper`), a row a person or a project (`rows`) at `zoom`, its words in `lang`, where
/// the save dialog titled `title` says; the path, or none.
#[command]
#[allow(clippy::too_many_arguments)]
pub async fn export_pdf(
    app: State<'_, App>,
    places: State<'_, Places>,
    dialogs: State<'_, Dialogs>,
    first_day: String,
    last_day: String,
    rows: PrintRows,
    zoom: PrintZoom,
    paper: PrintPaper,
    lang: String,
    title: String,
) -> Result<Option<String>, IpcError> {
    let range = ipc::days(&first_day, &last_day)?;
    let print = Print { range, rows: rows.to_domain(), zoom: zoom.to_domain(), paper: paper.to_domain() };
    let file = app.export_pdf(print, &lang).await?;
    saved(dialogs.save(&places, &title, file).await?)
}

/// The path written, as the window shows it.
pub(crate) fn saved(path: Option<std::path::PathBuf>) -> Result<Option<String>, IpcError> {
    Ok(path.map(|p| p.display().to_string()))
}
