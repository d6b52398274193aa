//! The IPC types of the team's lists of groups, roles and skills, and of what a person carries.

use super::{IpcError, PersonDto};
use planner_domain::{GroupFrom, Groups, Label, LabelId, LabelKind, LabelsEdit, PersonLabels};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use ts_rs::TS;

/// A group, role or skill of the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LabelDto {
    pub id: String,
    pub kind: LabelKind,
    pub name: String,
    #[ts(type = "number")]
    pub version: u64,
}

impl From<&Label> for LabelDto {
    fn from(l: &Label) -> Self {
        Self { id: l.id.to_string(), kind: l.kind, name: l.name.to_string(), version: l.version }
    }
}

/// A person's group from a day on (`from` absent: from the start; `groupId` absent: none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GroupFromDto {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group_id: Option<String>,
}

pub fn label_id(raw: &str) -> Result<LabelId, IpcError> {
    Ok(LabelId::parse(raw)?)
}

fn label_ids(raw: &[String]) -> Result<BTreeSet<LabelId>, IpcError> {
    raw.iter().map(|s| label_id(s)).collect()
}

pub fn groups_dto(g: &Groups) -> Vec<GroupFromDto> {
    g.spells()
        .iter()
        .map(|s| GroupFromDto {
            from: s.from.map(|d| d.to_string()),
            group_id: s.group.as_ref().map(ToString::to_string),
        })
        .collect()
}

pub fn groups(raw: &[GroupFromDto]) -> Result<Groups, IpcError> {
    let spells = raw
        .iter()
        .map(|s| {
            Ok(GroupFrom {
                from: s.from.as_deref().map(super::date).transpose()?,
                group: s.group_id.as_deref().map(label_id).transpose()?,
            })
        })
        .collect::<Result<Vec<_>, IpcError>>()?;
    Ok(Groups::new(spells)?)
}

/// What a person carries, as the window sends it.
pub fn person_labels(
    groups_raw: &[GroupFromDto],
    role_id: Option<&str>,
    skill_ids: &[String],
) -> Result<PersonLabels, IpcError> {
    Ok(PersonLabels::new(groups(groups_raw)?, role_id.map(label_id).transpose()?, label_ids(skill_ids)?)?)
}

/// One change of many people's labels: each part absent is left as each person has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LabelsEditDto {
    /// A group from a day (`from` absent: from the start; `groupId` absent: no group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub group: Option<GroupFromDto>,
    /// The role: `roleChange` true with `roleId` absent takes it away.
    #[serde(default)]
    pub role_change: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub role_id: Option<String>,
    #[serde(default)]
    pub add_skill_ids: Vec<String>,
    #[serde(default)]
    pub remove_skill_ids: Vec<String>,
}

impl LabelsEditDto {
    pub fn to_domain(&self) -> Result<LabelsEdit, IpcError> {
        let group = self
            .group
            .as_ref()
            .map(|g| -> Result<_, IpcError> {
                Ok((
                    g.from.as_deref().map(super::date).transpose()?,
                    g.group_id.as_deref().map(label_id).transpose()?,
                ))
            })
            .transpose()?;
        let role =
            if self.role_change { Some(self.role_id.as_deref().map(label_id).transpose()?) } else { None };
        Ok(LabelsEdit {
            group,
            role,
            add_skills: label_ids(&self.add_skill_ids)?,
            remove_skills: label_ids(&self.remove_skill_ids)?,
        })
    }
}

/// A person as the window saw them, for a change of many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SeenPersonDto {
    pub id: String,
    #[ts(type = "number")]
    pub version: u64,
}

/// What a change of many people's labels did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ManyLabelsDto {
    /// The people as they are now.
    pub people: Vec<PersonDto>,
    /// Ids of the people someone else changed or deleted meanwhile: left as they are.
    pub conflicts: Vec<String>,
}

impl From<&planner_app::ManyLabels> for ManyLabelsDto {
    fn from(m: &planner_app::ManyLabels) -> Self {
        Self {
            people: m.people.iter().map(Into::into).collect(),
            conflicts: m.conflicts.iter().map(ToString::to_string).collect(),
        }
    }
}
