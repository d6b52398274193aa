//! The live view and the activity screen: what others changed since
//! the window last asked; the log newest first; Restore; the team's name and the log's retention.

use crate::ipc::{self, ActivityFilterInput, ActivityPageDto, AssignmentDto, IpcError, LiveNewsDto};
use planner_app::ActivityFilter;
use planner_app::App;
use planner_command::command;
use tauri::State;

/// The changes to the open team since the last ask, oldest first, or "reload".
#[command]
pub async fn live_changes(app: State<'_, App>) -> Result<LiveNewsDto, IpcError> {
    Ok((&app.live_changes().await?).into())
}

/// A page of the open team's activity log, newest first, before `before` (from the newest
/// without one), narrowed by `filter`. Every member may read it.
#[command]
pub async fn activity(
    app: State<'_, App>,
    before: Option<String>,
    limit: i32,
    filter: ActivityFilterInput,
) -> Result<ActivityPageDto, IpcError> {
    let filter = ActivityFilter {
        kind: filter.kind,
        about: filter.about.filter(|a| !a.is_empty()),
        by: filter.by.filter(|b| !b.is_empty()).map(|b| ipc::user_id(&b)).transpose()?,
    };
    let page = app.activity(before.as_deref(), limit, &filter).await?;
    Ok(ActivityPageDto {
        items: page.items.iter().map(Into::into).collect(),
        cursor: page.cursor,
        more: page.more,
        unreadable: page.unreadable,
    })
}

/// Creates again the assignment whose delete the record `cursor` holds (planners and admins).
#[command]
pub async fn restore_assignment(app: State<'_, App>, cursor: String) -> Result<AssignmentDto, IpcError> {
    Ok((&app.restore_assignment(&cursor).await?).into())
}

/// Renames the open team (admins).
#[command]
pub async fn rename_team(app: State<'_, App>, name: String) -> Result<String, IpcError> {
    Ok(app.rename_team(ipc::name(&name)?).await?.name.as_str().to_owned())
}

/// How many days the open team's activity log is kept (admins); the number kept now.
#[command]
pub async fn set_feed_days(app: State<'_, App>, days: u32) -> Result<u32, IpcError> {
    Ok(app.set_feed_days(days).await?.feed_days)
}
