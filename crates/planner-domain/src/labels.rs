//! What a person carries beside their name: a group (department or team) that can change on a
//! day, a role title, and skills. Groups, roles and skills are lists the team keeps ([`Label`]);
//! a person names them by id, so renaming one is one write that everyone follows.

use crate::{Date, LabelId, Name, ValidationError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Which of the team's lists a label is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum LabelKind {
    /// A department or team a person belongs to, from a day.
    Group,
    /// A role title ("Senior designer").
    Role,
    /// A skill ("React", "Japanese").
    Skill,
}

impl LabelKind {
    pub const ALL: [LabelKind; 3] = [LabelKind::Group, LabelKind::Role, LabelKind::Skill];

    pub fn as_str(self) -> &'static str {
        match self {
            LabelKind::Group => "group",
            LabelKind::Role => "role",
            LabelKind::Skill => "skill",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == raw)
            .ok_or_else(|| ValidationError::LabelKind(raw.chars().take(32).collect()))
    }
}

/// One entry of a team's list of groups, roles or skills.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Label {
    pub id: LabelId,
    pub kind: LabelKind,
    pub name: Name,
    pub version: u64,
}

impl Label {
    /// What two names of one list may not share: the name with case and Unicode compatibility
    /// forms folded (NFKC, then lower case), so "React", "react" and "ＲＥＡＣＴ" are one skill.
    pub fn name_key(name: &Name) -> String {
        use unicode_normalization::UnicodeNormalization;
        name.as_str().nfkc().collect::<String>().to_lowercase()
    }
}

/// A person's group from a day on (`from: None`: from the start) until the next change.
/// `group: None` is "in no group" from that day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupFrom {
    pub from: Option<Date>,
    pub group: Option<LabelId>,
}

/// A person's groups over time: the first holds from the start, each later one from its day
/// (strictly later than the one before). Empty: in no group on any day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<GroupFrom>", into = "Vec<GroupFrom>")]
pub struct Groups(Vec<GroupFrom>);

impl Groups {
    /// The most group changes one person keeps (a move every month for over eight years).
    pub const MAX: usize = 100;

    pub fn new(spells: Vec<GroupFrom>) -> Result<Self, ValidationError> {
        if spells.is_empty() {
            return Ok(Self::default());
        }
        if spells.len() > Self::MAX || spells[0].from.is_some() {
            return Err(ValidationError::GroupDays { max: Self::MAX });
        }
        let days: Vec<Date> = spells[1..]
            .iter()
            .map(|s| s.from.ok_or(()))
            .collect::<Result<_, _>>()
            .map_err(|()| ValidationError::GroupDays { max: Self::MAX })?;
        if days.windows(2).any(|w| w[0] >= w[1]) {
            return Err(ValidationError::GroupDays { max: Self::MAX });
        }
        for d in &days {
            d.as_day()?;
        }
        Ok(Self(spells).tidy())
    }

    /// One group from the start (`None`: no group at all).
    pub fn always(group: Option<LabelId>) -> Self {
        Self(vec![GroupFrom { from: None, group }]).tidy()
    }

    pub fn spells(&self) -> &[GroupFrom] {
        &self.0
    }

    /// The group of a day.
    pub fn on(&self, day: Date) -> Option<&LabelId> {
        self.0.iter().rev().find(|s| s.from.is_none_or(|f| f <= day)).and_then(|s| s.group.as_ref())
    }

    /// Every group named on any day.
    pub fn named(&self) -> impl Iterator<Item = &LabelId> {
        self.0.iter().filter_map(|s| s.group.as_ref())
    }

    /// The same history with `group` from `day` on, replacing every change on or after that day
    /// (`day: None`: from the start, so one group throughout).
    pub fn moved(&self, day: Option<Date>, group: Option<LabelId>) -> Self {
        let Some(day) = day else { return Self::always(group) };
        let mut spells: Vec<GroupFrom> =
            self.0.iter().filter(|s| s.from.is_none_or(|f| f < day)).cloned().collect();
        if spells.is_empty() {
            spells.push(GroupFrom { from: None, group: None });
        }
        spells.push(GroupFrom { from: Some(day), group });
        Self(spells).tidy()
    }

    /// The history without a group (its days become "no group"), as when the group is deleted.
    pub fn without(&self, id: &LabelId) -> Self {
        let spells = self
            .0
            .iter()
            .map(|s| GroupFrom { from: s.from, group: s.group.clone().filter(|g| g != id) })
            .collect();
        Self(spells).tidy()
    }

    /// Drops changes that change nothing (a spell naming the group before it), and a history that
    /// is "no group" throughout.
    fn tidy(self) -> Self {
        let mut out: Vec<GroupFrom> = Vec::with_capacity(self.0.len());
        for s in self.0 {
            if out.last().is_some_and(|last| last.group == s.group) {
                continue;
            }
            out.push(s);
        }
        if out.len() == 1 && out[0].group.is_none() {
            out.clear();
        }
        Self(out)
    }
}

impl TryFrom<Vec<GroupFrom>> for Groups {
    type Error = ValidationError;
    fn try_from(spells: Vec<GroupFrom>) -> Result<Self, Self::Error> {
        Self::new(spells)
    }
}

impl From<Groups> for Vec<GroupFrom> {
    fn from(g: Groups) -> Self {
        g.0
    }
}

/// What a person carries of the team's lists.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonLabels {
    #[serde(default, skip_serializing_if = "is_no_group")]
    pub groups: Groups,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<LabelId>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub skills: BTreeSet<LabelId>,
}

fn is_no_group(g: &Groups) -> bool {
    g.0.is_empty()
}

impl PersonLabels {
    /// The most skills one person carries.
    pub const MAX_SKILLS: usize = 50;

    pub fn new(
        groups: Groups,
        role: Option<LabelId>,
        skills: BTreeSet<LabelId>,
    ) -> Result<Self, ValidationError> {
        if skills.len() > Self::MAX_SKILLS {
            return Err(ValidationError::TooManySkills { max: Self::MAX_SKILLS });
        }
        Ok(Self { groups, role, skills })
    }

    /// Every label named, each once, with the list it must be in.
    pub fn named(&self) -> BTreeSet<(LabelKind, &LabelId)> {
        let mut out: BTreeSet<(LabelKind, &LabelId)> =
            self.groups.named().map(|g| (LabelKind::Group, g)).collect();
        out.extend(self.role.iter().map(|r| (LabelKind::Role, r)));
        out.extend(self.skills.iter().map(|s| (LabelKind::Skill, s)));
        out
    }

    /// Whether the label is carried anywhere (any day of the groups).
    pub fn carries(&self, id: &LabelId) -> bool {
        self.role.as_ref() == Some(id) || self.skills.contains(id) || self.groups.named().any(|g| g == id)
    }

    /// The same without the label (a deleted group's days become "no group").
    pub fn without(&self, id: &LabelId) -> Self {
        Self {
            groups: self.groups.without(id),
            role: self.role.clone().filter(|r| r != id),
            skills: self.skills.iter().filter(|s| *s != id).cloned().collect(),
        }
    }

    /// Checks that every label named is one of `labels` and in the right list: the first that is
    /// not, as a sentence.
    pub fn check_against(&self, labels: &[Label]) -> Result<(), ValidationError> {
        for (kind, id) in self.named() {
            if !labels.iter().any(|l| &l.id == id && l.kind == kind) {
                return Err(ValidationError::NoSuchLabel { kind: kind.as_str(), id: id.to_string() });
            }
        }
        Ok(())
    }
}

/// A change of many people's labels at once: each part left `None` is left as each person has it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelsEdit {
    /// The group from a day (`None` day: from the start).
    pub group: Option<(Option<Date>, Option<LabelId>)>,
    /// The role (`Some(None)`: none).
    pub role: Option<Option<LabelId>>,
    pub add_skills: BTreeSet<LabelId>,
    pub remove_skills: BTreeSet<LabelId>,
}

impl LabelsEdit {
    pub fn is_empty(&self) -> bool {
        self.group.is_none()
            && self.role.is_none()
            && self.add_skills.is_empty()
            && self.remove_skills.is_empty()
    }

    /// What a person with `labels` carries after the change.
    pub fn apply(&self, labels: &PersonLabels) -> Result<PersonLabels, ValidationError> {
        let groups = match &self.group {
            Some((day, group)) => labels.groups.moved(*day, group.clone()),
            None => labels.groups.clone(),
        };
        let role = self.role.clone().unwrap_or_else(|| labels.role.clone());
        let skills = labels
            .skills
            .iter()
            .chain(&self.add_skills)
            .filter(|s| !self.remove_skills.contains(*s))
            .cloned()
            .collect();
        PersonLabels::new(groups, role, skills)
    }
}

#[cfg(test)]
#[path = "labels_tests.rs"]
mod tests;
