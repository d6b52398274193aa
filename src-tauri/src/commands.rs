//! Tauri commands: arguments → store call → DTO. Nothing else happens here.

use crate::{AppState, IpcError};
use planner_domain::DateRange;
use planner_store::StoreError;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkspaceOverview {
    pub team_name: String,
    pub people: usize,
    pub projects: usize,
    pub assignments_next_13_weeks: usize,
}

/// A summary of the workspace's next thirteen weeks (the timeline comes with issue #3).
#[tauri::command]
pub async fn workspace_overview(state: tauri::State<'_, AppState>) -> Result<WorkspaceOverview, IpcError> {
    overview(&state).await
}

pub async fn overview(state: &AppState) -> Result<WorkspaceOverview, IpcError> {
    let today = state.today()?;
    let window = DateRange::window(today, today.add_days(91)).map_err(StoreError::from)?;
    let timeline = state.store.timeline(&state.scope, window).await?;
    Ok(WorkspaceOverview {
        team_name: timeline.team.name.to_string(),
        people: timeline.resources.len(),
        projects: timeline.projects.len(),
        assignments_next_13_weeks: timeline.assignments.len(),
    })
}
