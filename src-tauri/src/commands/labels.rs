//! The team's lists of groups, roles and skills, and what people carry of them. Planners and
//! admins change them, viewers none (checked in Rust).

use crate::ipc::{self, *};
use planner_app::App;
use planner_command::command;
use planner_domain::{LabelId, LabelKind};
use tauri::State;

/// A new group, role or skill; `id` (made by the window) makes a repeat safe. A name its list
/// holds already, in any case or width, is refused.
#[command]
pub async fn create_label(
    app: State<'_, App>,
    kind: LabelKind,
    name: String,
    id: Option<String>,
) -> Result<LabelDto, IpcError> {
    let id = id.as_deref().map(ipc::label_id).transpose()?.unwrap_or_else(LabelId::generate);
    Ok((&app.create_label(id, kind, ipc::name(&name)?).await?).into())
}

/// Renames a group, role or skill the window saw at `version`: everyone carrying it follows.
#[command]
pub async fn rename_label(
    app: State<'_, App>,
    id: String,
    version: u64,
    name: String,
) -> Result<LabelDto, IpcError> {
    Ok((&app.rename_label(&ipc::label_id(&id)?, version, ipc::name(&name)?).await?).into())
}

/// Deletes a group, role or skill and takes it from everyone carrying it (a deleted group's days
/// become "no group"); answers how many people carried it.
#[command]
pub async fn delete_label(app: State<'_, App>, id: String) -> Result<u32, IpcError> {
    let n = app.delete_label(&ipc::label_id(&id)?).await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Sets what a person carries — groups over time, role, skills — as the window saw them at
/// `current.version`.
#[command]
pub async fn set_person_labels(
    app: State<'_, App>,
    current: PersonDto,
    groups: Vec<GroupFromDto>,
    role_id: Option<String>,
    skill_ids: Vec<String>,
) -> Result<PersonDto, IpcError> {
    let labels = ipc::person_labels(&groups, role_id.as_deref(), &skill_ids)?;
    Ok((&app.set_person_labels(&current.to_domain()?, labels).await?).into())
}

/// One change of many people's labels (a group from a day, a role, skills added or taken), each
/// as the window saw them; those someone else changed meanwhile are named and left.
#[command]
pub async fn set_labels_many(
    app: State<'_, App>,
    people: Vec<SeenPersonDto>,
    edit: LabelsEditDto,
) -> Result<ManyLabelsDto, IpcError> {
    let seen = people
        .iter()
        .map(|p| Ok((ipc::person_id(&p.id)?, p.version)))
        .collect::<Result<Vec<_>, IpcError>>()?;
    Ok((&app.set_labels_many(&seen, &edit.to_domain()?).await?).into())
}
