//! Moving this computer's local workspace into a team on the DynamoDB table: export the local
//! plan, keep that export as a backup file, copy it into the team (each item only if the team
//! lacks it), and only then empty the local plan. Every step can be run again after an
//! interruption: the copy skips what arrived, the emptying deletes what is left.

use crate::places::Places;
use crate::{App, AppError};
use planner_domain::SystemClock;
use planner_store::{Engine, FileAudit, Store, StoreError, TeamScope};
use std::path::Path;
use std::sync::Arc;

/// What the local workspace holds, for the offer to move it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalPlan {
    pub people: usize,
    pub projects: usize,
    pub assignments: usize,
}

/// The steps of a move, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStage {
    /// People and projects.
    Rows,
    Assignments,
    /// Emptying this computer's copy.
    Local,
}

/// How far a move has come: `done` of `total` in `stage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveProgress {
    pub stage: MoveStage,
    pub done: usize,
    pub total: usize,
}

/// What a move did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveReport {
    pub people: usize,
    pub projects: usize,
    pub assignments: usize,
    /// Items an earlier, interrupted run had put already.
    pub already_there: usize,
    /// Items not brought back: the team deleted them (or their person or project) or moved them
    /// to another day since an earlier run put them.
    pub deleted_in_team: usize,
    /// Holiday calendars not moved (only a team admin adds calendars): they stay on this computer.
    pub calendars_left_out: usize,
    /// The file the local plan was saved to before it was moved (importable with rp-admin);
    /// none when there was nothing to move.
    pub backup: Option<std::path::PathBuf>,
}

/// The local workspace's store and owner scope, if this computer has one.
async fn open_local(places: &Places) -> Result<Option<(Store, TeamScope)>, AppError> {
    let file = places.workspace_file();
    if !file.exists() {
        return Ok(None);
    }
    let conn = planner_store::connect(&Engine::LocalFile(file), None).await?;
    let store = Store::new(conn, Arc::new(SystemClock), Arc::new(FileAudit::new(places.audit_log())));
    let (_, owner) = store.identity().open_local_workspace().await?;
    Ok(Some((store, owner)))
}

/// What the local workspace holds (none when there is no local workspace or it is empty).
pub async fn summary(places: &Places) -> Result<Option<LocalPlan>, AppError> {
    let Some((store, owner)) = open_local(places).await? else { return Ok(None) };
    let plan = store.transfer().export_team(&owner).await?;
    if plan.people.is_empty() && plan.projects.is_empty() {
        return Ok(None);
    }
    Ok(Some(LocalPlan {
        people: plan.people.len(),
        projects: plan.projects.len(),
        assignments: plan.assignments.len(),
    }))
}

impl App {
    /// Moves the local plan into the open team (a team table only).
    pub async fn move_local_plan(
        &self,
        places: &Places,
        mut progress: impl FnMut(MoveProgress) + Send,
    ) -> Result<MoveReport, AppError> {
        let (store, scope) = self.team_plan().await?;
        let (local, owner) =
            open_local(places).await?.ok_or(StoreError::NotFound { what: "local workspace" })?;
        let plan = local.transfer().export_team(&owner).await?;
        // What could not be read back is not moved (nor in the backup); the local workspace keeps it.
        for u in &plan.unreadable {
            tracing::warn!(key = %u.key, detail = %u.detail, "left out of the move: could not be read back");
        }
        if plan.people.is_empty() && plan.projects.is_empty() {
            return Ok(MoveReport::default());
        }
        // The backup comes first: whatever happens next, the plan is in a file the user can import.
        let backup = places.local_backup(&stamp());
        write_backup(&backup, &plan)?;
        let mut report = |stage: &str, done: usize, total: usize| {
            let stage = match stage {
                "assignments" => MoveStage::Assignments,
                "removing" => MoveStage::Local,
                _ => MoveStage::Rows,
            };
            progress(MoveProgress { stage, done, total });
        };
        let copied = store.transfer().copy_into_team(&scope, &plan, &mut report).await?;
        // Calendars a planner's copy left out stay on this computer, nothing lost.
        local.transfer().clear_plan(&owner, copied.calendars_left_out > 0, &mut report).await?;
        Ok(MoveReport {
            people: copied.people,
            projects: copied.projects,
            assignments: copied.assignments,
            already_there: copied.already_there,
            deleted_in_team: copied.deleted_in_team,
            calendars_left_out: copied.calendars_left_out,
            backup: Some(backup),
        })
    }
}

fn write_backup(path: &Path, plan: &planner_store::transfer::TeamExport) -> Result<(), AppError> {
    let failed = |e: String| {
        AppError::Backup(format!(
            "the local plan could not be saved to {} before moving it: {e}",
            path.display()
        ))
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| failed(e.to_string()))?;
    }
    let json = serde_json::to_vec_pretty(plan).map_err(|e| failed(e.to_string()))?;
    // The user's whole plan: readable by them only.
    planner_store::private::write(path, &json).map_err(|e| failed(e.to_string()))
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
