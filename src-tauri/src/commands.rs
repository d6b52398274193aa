//! Tauri commands: arguments → store call → DTO. Nothing else happens here; parsing is in `dto`,
//! the work in `planner-store`, and the team scope comes from the app state, never from the UI.

use crate::dto::{self, *};
use crate::startup::{self, Places};
use crate::{AppState, IpcError, local_move};
use planner_domain::{DateRange, ProjectId, ResourceId};
use planner_store::StoreError;
use serde::Serialize;
use tauri::State;
use tauri::ipc::Channel;

/// Registers every command of this module on a builder (the app's and the tests').
pub fn register<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        workspace_overview,
        open_timeline,
        load_window,
        catalog,
        reconnect,
        create_resource,
        rename_resource,
        resource_assignment_count,
        delete_resource,
        create_project,
        update_project,
        project_assignment_count,
        delete_project,
        create_assignment,
        update_assignment,
        delete_assignment,
        session_status,
        request_sign_in_code,
        sign_in,
        open_sign_in_link,
        switch_team,
        sign_out,
        watch_session,
        settings,
        save_settings,
        test_connection,
        diagnostics,
        local_plan,
        move_local_plan,
        list_members,
        invite_member,
        change_role,
        remove_member,
    ])
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WorkspaceOverview {
    pub team_name: String,
    pub people: u32,
    pub projects: u32,
    pub assignments_next_13_weeks: u32,
}

/// A summary of the workspace's next thirteen weeks.
#[tauri::command]
pub async fn workspace_overview(state: State<'_, AppState>) -> Result<WorkspaceOverview, IpcError> {
    overview(&state).await
}

pub async fn overview(state: &AppState) -> Result<WorkspaceOverview, IpcError> {
    let today = state.today()?;
    let window = DateRange::window(today, today.add_days(91)).map_err(StoreError::from)?;
    let timeline = state.read(async |store, scope| store.timeline(scope, window).await).await?;
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(WorkspaceOverview {
        team_name: timeline.team.name.to_string(),
        people: count(timeline.resources.len()),
        projects: count(timeline.projects.len()),
        assignments_next_13_weeks: count(timeline.assignments.len()),
    })
}

/// The timeline of `[from, to)`: team, people, projects and the assignments in view. While
/// the table is out of reach, what the offline copy holds of it (`loaded` says which days).
#[tauri::command]
pub async fn open_timeline(
    state: State<'_, AppState>,
    from: String,
    to: String,
) -> Result<TimelineDto, IpcError> {
    state.timeline(dto::window(&from, &to)?).await
}

/// More assignments as the timeline scrolls: those overlapping `[from, to)`. Offline, from the
/// copy if it holds those days, else `not_loaded`.
#[tauri::command]
pub async fn load_window(
    state: State<'_, AppState>,
    from: String,
    to: String,
) -> Result<Vec<AssignmentDto>, IpcError> {
    state.window(dto::window(&from, &to)?).await
}

#[tauri::command]
pub async fn catalog(state: State<'_, AppState>) -> Result<CatalogDto, IpcError> {
    state.catalog().await
}

/// Tries to reach the table now (the banner's "Try again"); answers what is open then.
#[tauri::command]
pub async fn reconnect(state: State<'_, AppState>) -> Result<SessionDto, IpcError> {
    state.check_connection().await;
    Ok(state.to_window().await)
}

/// Adds a person. `id` (a ULID made by the UI) makes sending it again after a lost answer safe:
/// the same person is found, not a second one made.
#[tauri::command]
pub async fn create_resource(
    state: State<'_, AppState>,
    name: String,
    id: Option<String>,
) -> Result<ResourceDto, IpcError> {
    let name = dto::name(&name)?;
    let id = id.as_deref().map(dto::resource_id).transpose()?.unwrap_or_else(ResourceId::generate);
    let created = state
        .write(
            async |store, scope| store.create_resource(scope, id, name).await,
            |s, r| s.put_resource(r.clone()),
        )
        .await?;
    Ok((&created).into())
}

#[tauri::command]
pub async fn rename_resource(
    state: State<'_, AppState>,
    id: String,
    version: u64,
    name: String,
) -> Result<ResourceDto, IpcError> {
    let (id, name) = (dto::resource_id(&id)?, dto::name(&name)?);
    let renamed = state
        .write(
            async |store, scope| store.rename_resource(scope, &id, version, name).await,
            |s, r| s.put_resource(r.clone()),
        )
        .await?;
    Ok((&renamed).into())
}

/// How many assignments deleting this person would delete (the confirmation says it).
#[tauri::command]
pub async fn resource_assignment_count(state: State<'_, AppState>, id: String) -> Result<u64, IpcError> {
    let id = dto::resource_id(&id)?;
    Ok(state.read(async |store, scope| store.resource_assignment_count(scope, &id).await).await? as u64)
}

/// Deletes a person and their assignments, telling `on_progress` how far it is.
#[tauri::command]
pub async fn delete_resource(
    state: State<'_, AppState>,
    id: String,
    on_progress: Channel<DeleteProgressDto>,
) -> Result<DeleteReportDto, IpcError> {
    let id = dto::resource_id(&id)?;
    let mut progress = dto::progress_to(on_progress);
    let report = state
        .write(
            async |store, scope| store.delete_resource(scope, &id, &mut progress).await,
            |s, _| s.remove_resource(&id),
        )
        .await?;
    Ok(DeleteReportDto { assignments_deleted: report.assignments_deleted as u64 })
}

/// Adds a project; `id` as for [`create_resource`].
#[tauri::command]
pub async fn create_project(
    state: State<'_, AppState>,
    name: String,
    color: String,
    id: Option<String>,
) -> Result<ProjectDto, IpcError> {
    let (name, color) = (dto::name(&name)?, dto::color(&color)?);
    let id = id.as_deref().map(dto::project_id).transpose()?.unwrap_or_else(ProjectId::generate);
    let created = state
        .write(
            async |store, scope| store.create_project(scope, id, name, color).await,
            |s, p| s.put_project(p.clone()),
        )
        .await?;
    Ok((&created).into())
}

#[tauri::command]
pub async fn update_project(
    state: State<'_, AppState>,
    id: String,
    version: u64,
    name: Option<String>,
    color: Option<String>,
) -> Result<ProjectDto, IpcError> {
    let name = name.as_deref().map(dto::name).transpose()?;
    let color = color.as_deref().map(dto::color).transpose()?;
    let id = dto::project_id(&id)?;
    let updated = state
        .write(
            async |store, scope| store.update_project(scope, &id, version, name, color).await,
            |s, p| s.put_project(p.clone()),
        )
        .await?;
    Ok((&updated).into())
}

/// How many assignments deleting this project would delete.
#[tauri::command]
pub async fn project_assignment_count(state: State<'_, AppState>, id: String) -> Result<u64, IpcError> {
    let id = dto::project_id(&id)?;
    Ok(state.read(async |store, scope| store.project_assignment_count(scope, &id).await).await? as u64)
}

/// Deletes a project and its assignments, telling `on_progress` how far it is.
#[tauri::command]
pub async fn delete_project(
    state: State<'_, AppState>,
    id: String,
    on_progress: Channel<DeleteProgressDto>,
) -> Result<DeleteReportDto, IpcError> {
    let id = dto::project_id(&id)?;
    let mut progress = dto::progress_to(on_progress);
    let report = state
        .write(
            async |store, scope| store.delete_project(scope, &id, &mut progress).await,
            |s, _| s.remove_project(&id),
        )
        .await?;
    Ok(DeleteReportDto { assignments_deleted: report.assignments_deleted as u64 })
}

#[tauri::command]
pub async fn create_assignment(
    state: State<'_, AppState>,
    input: NewAssignmentInput,
) -> Result<AssignmentDto, IpcError> {
    let input = input.to_domain()?;
    let created = state
        .write(async |store, scope| store.create_assignment(scope, input).await, |s, a| s.put(a.clone()))
        .await?;
    Ok((&created).into())
}

/// Moves, resizes or reassigns the assignment the UI shows as `current`.
#[tauri::command]
pub async fn update_assignment(
    state: State<'_, AppState>,
    current: AssignmentDto,
    change: AssignmentChangeInput,
) -> Result<AssignmentDto, IpcError> {
    let (current, change) = (current.to_domain()?, change.to_domain()?);
    let updated = state
        .write(
            async |store, scope| store.update_assignment(scope, &current, change).await,
            |s, a| s.put(a.clone()),
        )
        .await?;
    Ok((&updated).into())
}

#[tauri::command]
pub async fn delete_assignment(state: State<'_, AppState>, current: AssignmentDto) -> Result<(), IpcError> {
    let current = current.to_domain()?;
    state
        .write(
            async |store, scope| store.delete_assignment(scope, &current).await,
            |s, _| s.remove(&current.id),
        )
        .await
}

/// Who is signed in, to which teams, and which team is open (the start-up screen's question).
#[tauri::command]
pub async fn session_status(state: State<'_, AppState>) -> Result<SessionDto, IpcError> {
    Ok(state.to_window().await)
}

/// Asks for a sign-in code by email. The answer is the same for every email (no enumeration).
#[tauri::command]
pub async fn request_sign_in_code(
    state: State<'_, AppState>,
    email: String,
    lang: String,
) -> Result<(), IpcError> {
    let lang = if lang == "ja" { planner_auth::Lang::Ja } else { planner_auth::Lang::En };
    state.request_code(&dto::email(&email)?, lang).await
}

/// Signs in with the code typed from the email.
#[tauri::command]
pub async fn sign_in(
    state: State<'_, AppState>,
    email: String,
    code: String,
) -> Result<SessionDto, IpcError> {
    state.sign_in(&dto::email(&email)?, &planner_store::Sensitive::new(code.trim().to_owned())).await
}

/// Signs in with the `resource-planner://sign-in?…` link from the email.
#[tauri::command]
pub async fn open_sign_in_link(state: State<'_, AppState>, link: String) -> Result<SessionDto, IpcError> {
    state.open_link(&link).await
}

/// What this computer's local workspace holds (nothing when it has none, or an empty one).
#[tauri::command]
pub async fn local_plan(places: State<'_, Places>) -> Result<Option<LocalPlanDto>, IpcError> {
    local_move::summary(&places.data).await
}

/// Moves this computer's local workspace into the open team: backup file, copy (put before
/// delete, re-runnable), then the local copy is emptied. Progress arrives on `on_progress`.
#[tauri::command]
pub async fn move_local_plan(
    state: State<'_, AppState>,
    places: State<'_, Places>,
    on_progress: Channel<MoveProgressDto>,
) -> Result<MoveReportDto, IpcError> {
    let (store, scope) = state.team_plan().await?;
    local_move::move_into(&store, &scope, &places.data, move |p| {
        let _ = on_progress.send(p);
    })
    .await
}

/// The window's ear: what changes without it asking (a sign-in link the OS handed over, a
/// session found ended) arrives on `on_change`.
#[tauri::command]
pub fn watch_session(state: State<'_, AppState>, on_change: Channel<SessionDto>) {
    state.watch(on_change);
}

/// The connection settings as the settings screen shows them: values in force, and which are
/// locked by the machine-wide file or set by environment variables.
#[tauri::command]
pub fn settings(places: State<'_, Places>) -> SettingsDto {
    SettingsDto::of(&places)
}

/// Saves the connection into the user's settings file and opens what it names, at once.
#[tauri::command]
pub async fn save_settings(
    state: State<'_, AppState>,
    places: State<'_, Places>,
    input: SettingsInput,
) -> Result<SessionDto, IpcError> {
    let (in_force, user_file_at_fault) = places.in_force()?;
    planner_config::save_connection(&places.user, &in_force, input.connection()?, user_file_at_fault)
        .map_err(|e| IpcError { code: "config", message: e.to_string() })?;
    state.replace_with(startup::open_with(&places).await).await;
    let session = state.session().await;
    crate::log::event("info", &format!("settings saved; opened {}", session.mode));
    Ok(session)
}

/// Text for a support ticket: versions, the settings in force (secrets only as "set"), what is
/// open, the last lines of the log.
#[tauri::command]
pub async fn diagnostics(state: State<'_, AppState>, places: State<'_, Places>) -> Result<String, IpcError> {
    Ok(crate::diagnostics::report(&state, &places).await)
}

/// Tries a connection without saving it: one read on the table proves the credentials, the
/// region, the endpoint and the table.
#[tauri::command]
pub async fn test_connection(input: SettingsInput) -> Result<(), IpcError> {
    startup::test_connection(&input.connection()?).await
}

/// Opens another of the signed-in user's teams (the stored membership decides).
#[tauri::command]
pub async fn switch_team(state: State<'_, AppState>, team: String) -> Result<SessionDto, IpcError> {
    state.switch_team(&dto::team_id(&team)?).await
}

/// Signs out: ends the session (or, with `everywhere`, all of the user's sessions) and removes
/// the token from the keyring.
#[tauri::command]
pub async fn sign_out(state: State<'_, AppState>, everywhere: bool) -> Result<SessionDto, IpcError> {
    state.sign_out(everywhere).await
}

/// The open team's members (any member may see them).
#[tauri::command]
pub async fn list_members(state: State<'_, AppState>) -> Result<Vec<MemberDto>, IpcError> {
    let members = state.read(async |store, scope| store.list_members(scope).await).await?;
    Ok(members.iter().map(Into::into).collect())
}

/// Invites someone by email with a role (admins only); a new email becomes a new user.
#[tauri::command]
pub async fn invite_member(
    state: State<'_, AppState>,
    email: String,
    role: String,
    name: Option<String>,
) -> Result<MemberDto, IpcError> {
    let name = name.as_deref().filter(|n| !n.trim().is_empty()).map(dto::name).transpose()?;
    let role = dto::role(&role)?;
    let email = dto::email(&email)?;
    let user = state
        .write(async |store, scope| store.invite_member(scope, &email, name.as_ref(), role).await, |_, _| {})
        .await?;
    Ok(MemberDto {
        user_id: user.id.to_string(),
        email: Some(user.email.as_str().to_owned()),
        name: user.name.as_ref().map(|n| n.as_str().to_owned()),
        role: role.as_str().into(),
    })
}

/// Changes a member's role (admins only; never leaves the team without an admin).
#[tauri::command]
pub async fn change_role(state: State<'_, AppState>, user_id: String, role: String) -> Result<(), IpcError> {
    let (user, role) = (dto::user_id(&user_id)?, dto::role(&role)?);
    state.write(async |store, scope| store.put_member(scope, &user, role).await, |_, _| {}).await
}

/// Removes a member (admins only; never the last admin).
#[tauri::command]
pub async fn remove_member(state: State<'_, AppState>, user_id: String) -> Result<(), IpcError> {
    let user = dto::user_id(&user_id)?;
    state.write(async |store, scope| store.remove_member(scope, &user).await, |_, _| {}).await
}
