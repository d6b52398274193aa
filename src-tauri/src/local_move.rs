//! Moving this computer's local workspace into a team on the DynamoDB table (issue #4.7):
//! export the local plan, keep that export as a backup file, copy it into the team (each item
//! only if the team lacks it), and only then empty the local plan. Every step can be run again
//! after an interruption: the copy skips what arrived, the emptying deletes what is left.

use crate::IpcError;
use crate::dto::{LocalPlanDto, MoveProgressDto, MoveReportDto};
use planner_domain::SystemClock;
use planner_store::{Engine, FileAudit, Store, StoreError, TeamScope};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The local workspace's file in the data directory `data`.
fn workspace_file(data: &Path) -> PathBuf {
    data.join("workspace.db")
}

/// The local workspace's store and owner scope, if this computer has one.
async fn open_local(data: &Path) -> Result<Option<(Store, TeamScope)>, IpcError> {
    let file = workspace_file(data);
    if !file.exists() {
        return Ok(None);
    }
    let conn = planner_store::connect(&Engine::LocalFile(file), None).await?;
    let store = Store::new(conn, Arc::new(SystemClock), Arc::new(FileAudit::new(data.join("audit.log"))));
    let (_, owner) = store.open_local_workspace().await?;
    Ok(Some((store, owner)))
}

/// What the local workspace holds (none when there is no local workspace or it is empty).
pub async fn summary(data: &Path) -> Result<Option<LocalPlanDto>, IpcError> {
    let Some((store, owner)) = open_local(data).await? else { return Ok(None) };
    let plan = store.export_team(&owner).await?;
    if plan.resources.is_empty() && plan.projects.is_empty() {
        return Ok(None);
    }
    Ok(Some(LocalPlanDto {
        people: plan.resources.len() as u64,
        projects: plan.projects.len() as u64,
        assignments: plan.assignments.len() as u64,
    }))
}

/// Moves the local plan into `team` (the signed-in user's open team, as `store` and `scope`).
pub async fn move_into(
    store: &Store,
    scope: &TeamScope,
    data: &Path,
    mut progress: impl FnMut(MoveProgressDto) + Send,
) -> Result<MoveReportDto, IpcError> {
    let (local, owner) = open_local(data).await?.ok_or(StoreError::NotFound { what: "local workspace" })?;
    let plan = local.export_team(&owner).await?;
    if plan.resources.is_empty() && plan.projects.is_empty() {
        return Ok(MoveReportDto::default());
    }
    // The backup comes first: whatever happens next, the plan is in a file the user can import.
    let backup = data.join("backups").join(format!("local-workspace-{}.json", stamp()));
    write_backup(&backup, &plan)?;
    let mut report = |stage: &str, done: usize, total: usize| {
        let stage = match stage {
            "assignments" => "assignments",
            "removing" => "local",
            _ => "rows",
        };
        progress(MoveProgressDto { stage: stage.into(), done: done as u64, total: total as u64 });
    };
    let copied = store.copy_into_team(scope, &plan, &mut report).await?;
    local.clear_plan(&owner, &mut report).await?;
    Ok(MoveReportDto {
        people: copied.resources as u64,
        projects: copied.projects as u64,
        assignments: copied.assignments as u64,
        already_there: copied.already_there as u64,
        backup: Some(backup.display().to_string()),
    })
}

fn write_backup(path: &Path, plan: &planner_store::transfer::TeamExport) -> Result<(), IpcError> {
    let failed = |e: String| IpcError {
        code: "backup",
        message: format!("the local plan could not be saved to {} before moving it: {e}", path.display()),
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| failed(e.to_string()))?;
    }
    let json = serde_json::to_vec_pretty(plan).map_err(|e| failed(e.to_string()))?;
    std::fs::write(path, json).map_err(|e| failed(e.to_string()))
}

/// `20261130T091500Z`, for file names.
fn stamp() -> String {
    let now = time::OffsetDateTime::now_utc();
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        now.year(),
        u8::from(now.month()),
        now.day(),
        now.hour(),
        now.minute(),
        now.second()
    )
}
