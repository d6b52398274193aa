//! The open team's members (the members screen).

use crate::ipc::{self, IpcError, MemberDto, RoleDto};
use planner_app::App;
use planner_command::command;
use tauri::State;

/// The open team's members (any member may see them).
#[command]
pub async fn list_members(app: State<'_, App>) -> Result<Vec<MemberDto>, IpcError> {
    Ok(app.list_members().await?.iter().map(Into::into).collect())
}

/// Invites someone by email with a role (admins only); a new email becomes a new user.
#[command]
pub async fn invite_member(
    app: State<'_, App>,
    email: String,
    #[ts(as = RoleDto)] role: String,
    name: Option<String>,
) -> Result<MemberDto, IpcError> {
    let name = name.as_deref().filter(|n| !n.trim().is_empty()).map(ipc::name).transpose()?;
    let (role, email) = (ipc::role(&role)?, ipc::email(&email)?);
    let user = app.invite_member(&email, name.as_ref(), role).await?;
    Ok(MemberDto {
        user_id: user.id.to_string(),
        email: Some(user.email.as_str().to_owned()),
        name: user.name.as_ref().map(|n| n.as_str().to_owned()),
        role: role.into(),
    })
}

/// Changes a member's role (admins only; never leaves the team without an admin).
#[command]
pub async fn change_role(
    app: State<'_, App>,
    user_id: String,
    #[ts(as = RoleDto)] role: String,
) -> Result<(), IpcError> {
    Ok(app.change_role(&ipc::user_id(&user_id)?, ipc::role(&role)?).await?)
}

/// Removes a member (admins only; never the last admin).
#[command]
pub async fn remove_member(app: State<'_, App>, user_id: String) -> Result<(), IpcError> {
    Ok(app.remove_member(&ipc::user_id(&user_id)?).await?)
}
