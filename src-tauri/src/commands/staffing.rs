//! Staffing a placeholder: who could take its bookings, and handing them to a person (or back:
//! the window's undo).

use crate::ipc::{self, AssignmentDto, HandedOverDto, IpcError, NotHandedDto, StaffingDto};
use planner_app::App;
use planner_command::command;
use planner_domain::AssignmentId;
use tauri::State;

/// The placeholder's bookings from today on, and the people who could take `chosen` of them
/// (all when absent): those with its role and skills first, then by the free hours they have on
/// exactly those days.
#[command]
pub async fn staffing(
    app: State<'_, App>,
    id: String,
    chosen: Option<Vec<String>>,
) -> Result<StaffingDto, IpcError> {
    let id = ipc::person_id(&id)?;
    let chosen = chosen
        .map(|ids| ids.iter().map(|a| AssignmentId::parse(a)).collect::<Result<Vec<_>, _>>())
        .transpose()?;
    Ok((&app.staffing(&id, chosen).await?).into())
}

/// Hands `bookings` (as the window shows them) to `personId`, each a move of its own: the answer
/// lists those moved and, for each that stayed, why (changed meanwhile, gone).
#[command]
pub async fn hand_over(
    app: State<'_, App>,
    bookings: Vec<AssignmentDto>,
    person_id: String,
) -> Result<HandedOverDto, IpcError> {
    let to = ipc::person_id(&person_id)?;
    let current = bookings.iter().map(AssignmentDto::to_domain).collect::<Result<Vec<_>, _>>()?;
    let mut answer = HandedOverDto { moved: Vec::new(), failed: Vec::new() };
    for (seen, result) in current.iter().zip(app.hand_over(&current, &to).await) {
        match result {
            Ok(moved) => answer.moved.push((&moved).into()),
            Err(e) => answer.failed.push(NotHandedDto { id: seen.id.to_string(), error: e.into() }),
        }
    }
    Ok(answer)
}
