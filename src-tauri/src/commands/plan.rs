//! The plan: the timeline and its windows, people, projects, assignments.

use crate::ipc::{self, *};
use planner_app::App;
use planner_command::command;
use planner_domain::{DateRange, PersonId, ProjectId};
use tauri::State;
use tauri::ipc::Channel;

/// A summary of the workspace's next thirteen weeks.
#[command]
pub async fn workspace_overview(app: State<'_, App>) -> Result<WorkspaceOverview, IpcError> {
    Ok(app.overview().await?.into())
}

/// The timeline of `[from, to)`: team, people, projects and the assignments in view. While
/// the table is out of reach, what the offline copy holds of it (`loaded` says which days).
#[command]
pub async fn open_timeline(app: State<'_, App>, from: String, to: String) -> Result<TimelineDto, IpcError> {
    let timeline = (&app.timeline(ipc::window(&from, &to)?).await?).into();
    crate::memory::trim_soon();
    Ok(timeline)
}

/// More of the plan as the timeline scrolls: the assignments overlapping `[from, to)`, and the
/// time off and holidays of its reach (its days; the holidays and each person's time off of the
/// days of their totals: `WindowItems::reach`).
/// Offline, from the copy if it holds those days, else `not_loaded`.
#[command]
pub async fn load_window(app: State<'_, App>, from: String, to: String) -> Result<WindowItemsDto, IpcError> {
    let window: DateRange = ipc::window(&from, &to)?;
    let items = (&app.window(window).await?).into();
    crate::memory::trim_soon();
    Ok(items)
}

/// Offline: the oldest read time of the copy's days in `[from, to)` (the banner's "as of"). Null
/// online or when none of those days is in the copy.
#[command]
pub async fn offline_synced_in(
    app: State<'_, App>,
    from: String,
    to: String,
) -> Result<Option<String>, IpcError> {
    Ok(app.offline_synced_in(ipc::window(&from, &to)?).await)
}

#[command]
pub async fn catalog(app: State<'_, App>) -> Result<CatalogDto, IpcError> {
    Ok((&app.catalog().await?).into())
}

/// Adds a person, or with `placeholder` a row for a role not yet staffed. `id` (a ULID made by
/// the window) makes sending it again after a lost answer safe: the same person is found, not a
/// second one made.
#[command]
pub async fn create_person(
    app: State<'_, App>,
    name: String,
    id: Option<String>,
    placeholder: Option<bool>,
) -> Result<PersonDto, IpcError> {
    let name = ipc::name(&name)?;
    let id = id.as_deref().map(ipc::person_id).transpose()?.unwrap_or_else(PersonId::generate);
    let person = if placeholder.unwrap_or(false) {
        app.create_placeholder(id, name).await?
    } else {
        app.create_person(id, name).await?
    };
    Ok((&person).into())
}

#[command]
pub async fn rename_person(
    app: State<'_, App>,
    id: String,
    version: u64,
    name: String,
) -> Result<PersonDto, IpcError> {
    let (id, name) = (ipc::person_id(&id)?, ipc::name(&name)?);
    Ok((&app.rename_person(&id, version, name).await?).into())
}

/// How many assignments deleting this person would delete (the confirmation says it).
#[command]
pub async fn person_assignment_count(app: State<'_, App>, id: String) -> Result<u64, IpcError> {
    Ok(app.person_assignment_count(&ipc::person_id(&id)?).await? as u64)
}

/// Deletes a person and their assignments, telling `on_progress` how far it is.
#[command]
pub async fn delete_person(
    app: State<'_, App>,
    id: String,
    on_progress: Channel<DeleteProgressDto>,
) -> Result<DeleteReportDto, IpcError> {
    let report = app.delete_person(&ipc::person_id(&id)?, ipc::progress_to(on_progress)).await?;
    Ok(DeleteReportDto { assignments_deleted: report.assignments_deleted as u64 })
}

/// Adds a project; `id` as for [`create_person`].
#[command]
pub async fn create_project(
    app: State<'_, App>,
    name: String,
    color: String,
    id: Option<String>,
) -> Result<ProjectDto, IpcError> {
    let (name, color) = (ipc::name(&name)?, ipc::color(&color)?);
    let id = id.as_deref().map(ipc::project_id).transpose()?.unwrap_or_else(ProjectId::generate);
    Ok((&app.create_project(id, name, color).await?).into())
}

#[command]
pub async fn update_project(
    app: State<'_, App>,
    id: String,
    version: u64,
    name: Option<String>,
    color: Option<String>,
) -> Result<ProjectDto, IpcError> {
    let name = name.as_deref().map(ipc::name).transpose()?;
    let color = color.as_deref().map(ipc::color).transpose()?;
    Ok((&app.update_project(&ipc::project_id(&id)?, version, name, color).await?).into())
}

/// How many assignments deleting this project would delete.
#[command]
pub async fn project_assignment_count(app: State<'_, App>, id: String) -> Result<u64, IpcError> {
    Ok(app.project_assignment_count(&ipc::project_id(&id)?).await? as u64)
}

/// Deletes a project and its assignments, telling `on_progress` how far it is.
#[command]
pub async fn delete_project(
    app: State<'_, App>,
    id: String,
    on_progress: Channel<DeleteProgressDto>,
) -> Result<DeleteReportDto, IpcError> {
    let report = app.delete_project(&ipc::project_id(&id)?, ipc::progress_to(on_progress)).await?;
    Ok(DeleteReportDto { assignments_deleted: report.assignments_deleted as u64 })
}

#[command]
pub async fn create_assignment(
    app: State<'_, App>,
    input: NewAssignmentInput,
) -> Result<AssignmentDto, IpcError> {
    Ok((&app.create_assignment(input.to_domain()?).await?).into())
}

/// Moves, resizes or reassigns the assignment the window shows as `current`.
#[command]
pub async fn update_assignment(
    app: State<'_, App>,
    current: AssignmentDto,
    change: AssignmentChangeInput,
) -> Result<AssignmentDto, IpcError> {
    let (current, change) = (current.to_domain()?, change.to_domain()?);
    Ok((&app.update_assignment(&current, change).await?).into())
}

#[command]
pub async fn delete_assignment(app: State<'_, App>, current: AssignmentDto) -> Result<(), IpcError> {
    Ok(app.delete_assignment(&current.to_domain()?).await?)
}
