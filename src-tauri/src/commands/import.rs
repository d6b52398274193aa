//! The plan in from a sheet (the toolbar's Import…, planners and admins): a preview of what
//! each row does, then the import, written all or nothing, cancellable with `cancel_edit`.

use crate::ipc::{self, ImportOptionsInput, ImportPreviewDto, ImportedDto, IpcError};
use planner_app::App;
use planner_command::command;
use tauri::State;
use tauri::ipc::Channel;

/// Reads the file at `path` as `options` say and holds each row against the team; nothing is
/// written.
#[command]
pub async fn import_preview(
    app: State<'_, App>,
    path: String,
    options: ImportOptionsInput,
) -> Result<ImportPreviewDto, IpcError> {
    let bytes = read(&path).await?;
    Ok((&app.import_preview(&bytes, &options.to_domain()).await?).into())
}

/// Imports the file at `path` (its preview made again against the team as it is now), telling
/// `on_progress` as items are written; `key` (made by the window) names it for `cancel_edit`.
#[command]
pub async fn import_sheet(
    app: State<'_, App>,
    key: String,
    path: String,
    options: ImportOptionsInput,
    on_progress: Channel<ipc::DeleteProgressDto>,
) -> Result<ImportedDto, IpcError> {
    let bytes = read(&path).await?;
    let name =
        std::path::Path::new(&path).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let done =
        app.import_sheet(&key, &bytes, &name, &options.to_domain(), ipc::progress_to(on_progress)).await?;
    Ok((&done).into())
}

/// The file's bytes, at most the import's limit; a file that cannot be read is said as it is.
async fn read(path: &str) -> Result<Vec<u8>, IpcError> {
    use planner_app::import::{ImportError, MAX_BYTES};
    let cannot =
        |e: std::io::Error| planner_app::AppError::from(ImportError::Unreadable(format!("{path}: {e}")));
    let size = std::fs::metadata(path).map_err(cannot)?.len();
    if size > MAX_BYTES as u64 {
        return Err(planner_app::AppError::from(ImportError::TooLarge {
            max_mib: MAX_BYTES / (1024 * 1024),
        })
        .into());
    }
    Ok(std::fs::read(path).map_err(cannot)?)
}
