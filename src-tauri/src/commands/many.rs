//! Many bookings edited at once: a selection moved, handed over, changed or deleted, or copies
//! made, as one batch (one undo step, one entry of the activity log).

use crate::ipc::{self, BookingEditInput, DeleteProgressDto, IpcError, ManyEditedDto};
use planner_app::App;
use planner_command::command;
use tauri::State;
use tauri::ipc::Channel;

/// Writes `edits` as one batch in as few transactions as fit, telling `on_progress` after each;
/// `key` (made by the window) names it for `cancel_edit`. Refused whole when one booking's new
/// state is invalid; otherwise each booking is answered on its own (the conflicting ones say
/// why, and the rest is written).
#[command]
pub async fn edit_bookings(
    app: State<'_, App>,
    key: String,
    edits: Vec<BookingEditInput>,
    on_progress: Channel<DeleteProgressDto>,
) -> Result<ManyEditedDto, IpcError> {
    let edits = edits.iter().map(BookingEditInput::to_domain).collect::<Result<Vec<_>, _>>()?;
    Ok((&app.edit_many(&key, edits, ipc::progress_to(on_progress)).await?).into())
}

/// Cancels the running edit `key` before its next transaction (what is written stays); false
/// when none of that key runs.
#[command]
pub fn cancel_edit(app: State<'_, App>, key: String) -> bool {
    app.cancel_edit(&key)
}
