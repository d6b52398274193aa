//! The settings screen, diagnostics, and moving the local workspace into a team.

use crate::ipc::{
    IpcError, LocalPlanDto, MoveProgressDto, MoveReportDto, PrefsDto, SessionUpdateDto, SettingsDto,
    SettingsInput,
};
use planner_app::{App, Places, local_move, prefs, startup};
use planner_command::command;
use tauri::State;
use tauri::ipc::Channel;

/// The connection settings as the settings screen shows them: values in force, and which are
/// locked by the machine-wide file or set by environment variables.
#[command]
pub fn settings(places: State<'_, Places>) -> SettingsDto {
    SettingsDto::of(&places)
}

/// Saves the connection into the user's settings file and opens what it names, at once.
#[command]
pub async fn save_settings(
    app: State<'_, App>,
    places: State<'_, Places>,
    input: SettingsInput,
) -> Result<SessionUpdateDto, IpcError> {
    startup::save_and_open(&app, &places, input.connection()?).await?;
    Ok(app.session().await.into())
}

/// Text for a support ticket: versions, the settings in force (secrets only as "set"), what is
/// open, the last lines of the log.
#[command]
pub async fn diagnostics(app: State<'_, App>, places: State<'_, Places>) -> Result<String, IpcError> {
    let shell = format!("tauri {}", tauri::VERSION);
    Ok(planner_app::diagnostics::report(&app, &places, &shell).await)
}

/// Writes an error the window did not catch (`kind` "error") or a promise rejected with no one to
/// hear it ("rejection") to the app's log, with where it happened; at most 20 a minute. False
/// when the minute's share was spent.
#[command]
pub fn log_window_error(app: State<'_, App>, kind: String, message: String, at: String) -> bool {
    app.log_window_error(&kind, &message, &at)
}

/// Tries a connection without saving it: one read on the table proves the credentials, the
/// region, the endpoint and the table.
#[command]
pub async fn test_connection(input: SettingsInput) -> Result<(), IpcError> {
    Ok(startup::test_connection(&input.connection()?).await?)
}

/// What this computer's local workspace holds (nothing when it has none, or an empty one).
#[command]
pub async fn local_plan(places: State<'_, Places>) -> Result<Option<LocalPlanDto>, IpcError> {
    Ok(local_move::summary(&places).await?.map(Into::into))
}

/// Moves this computer's local workspace into the open team: backup file, copy (put before
/// delete, re-runnable), then the local copy is emptied. Progress arrives on `on_progress`.
#[command]
pub async fn move_local_plan(
    app: State<'_, App>,
    places: State<'_, Places>,
    on_progress: Channel<MoveProgressDto>,
) -> Result<MoveReportDto, IpcError> {
    let report = app.move_local_plan(&places, move |p| drop(on_progress.send(p.into()))).await?;
    Ok(report.into())
}

/// What the window remembered for the open workspace (all unset the first time, or signed out).
#[command]
pub async fn load_prefs(app: State<'_, App>, places: State<'_, Places>) -> Result<PrefsDto, IpcError> {
    Ok(app.prefs_file(&places).await.map(|file| prefs::load(&file)).unwrap_or_default().into())
}

/// Remembers the window's language, zoom, day in view and filters for the open workspace.
#[command]
pub async fn save_prefs(
    app: State<'_, App>,
    places: State<'_, Places>,
    prefs: PrefsDto,
) -> Result<(), IpcError> {
    let checked = prefs::Prefs::from(prefs).checked()?;
    match app.prefs_file(&places).await {
        Some(file) => Ok(prefs::save(&file, &checked)?),
        None => Ok(()),
    }
}
