//! A way of looking at the team's rows: which people (the filter's conditions), in what order,
//! grouped how, how dense, and the period their figures are for. The window remembers the one
//! it showed last (the prefs file) and opens with it; a [`View`] is one saved under a name, for
//! oneself or shared with the team. Every field is named and checked: a view with a condition
//! this version does not know is refused whole, never half applied.

use crate::{Date, LabelId, Name, ProjectId, UserId, ValidationError, ViewId};
use serde::{Deserialize, Serialize};

/// The most ids one condition of a view names.
pub const MAX_VIEW_IDS: usize = 1_000;
/// The longest period a view picks, as the window's period dialog allows: two years and a day.
pub const MAX_VIEW_DAYS: i64 = 731;
/// The most free minutes a view asks for (a year of whole days, far beyond any period).
pub const MAX_FREE_MINUTES: u32 = 366 * 24 * 60;

/// What the rows are grouped by: a label of the people's, or the projects they are booked on in
/// the period (the project view).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RowGrouping {
    #[default]
    None,
    Group,
    Role,
    Skill,
    Project,
}

/// The rows' order: by name, most booked first, most free first (over the period).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RowOrder {
    #[default]
    Name,
    Load,
    Free,
}

/// Which rows: people and placeholders (roles not yet staffed), people only, placeholders only.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RowKind {
    #[default]
    All,
    People,
    Placeholders,
}

/// A lane a bar (comfortable) or a line a person (compact).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RowDensity {
    #[default]
    Comfortable,
    Compact,
}

/// The period the rows' figures are for: fixed ones counted from today, the days in view, or
/// days picked (`RowsView::custom`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PeriodKind {
    ThisWeek,
    #[default]
    Next4Weeks,
    ThisMonth,
    NextMonth,
    Next13Weeks,
    InView,
    Custom,
}

/// Days `[from, to)` picked for a view's period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DaySpan {
    #[ts(type = "string")]
    pub from: Date,
    #[ts(type = "string")]
    pub to: Date,
}

/// The rows as a user set them up: the people filter's conditions (each empty: everyone), the
/// grouping, order and density, the period, and the sections folded away.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct RowsView {
    /// In one of these groups on some day of the period.
    #[ts(type = "string[]")]
    pub groups: Vec<LabelId>,
    /// With one of these roles.
    #[ts(type = "string[]")]
    pub roles: Vec<LabelId>,
    /// With these skills: all of them (`all_skills`) or any.
    #[ts(type = "string[]")]
    pub skills: Vec<LabelId>,
    pub all_skills: bool,
    /// Booked on one of these projects in the period.
    #[ts(type = "string[]")]
    pub projects: Vec<ProjectId>,
    /// Free at least this many minutes over the period; none: any.
    pub free_minutes: Option<u32>,
    /// People, placeholders or both (a view saved before placeholders: both).
    #[serde(default)]
    pub kind: RowKind,
    pub grouping: RowGrouping,
    pub sort: RowOrder,
    pub density: RowDensity,
    pub period: PeriodKind,
    /// The days picked for the period `custom`.
    pub custom: Option<DaySpan>,
    /// The sections folded away, `{grouping}:{label id}` (`group:` for the people in none).
    pub collapsed: Vec<String>,
}

impl Default for RowsView {
    fn default() -> Self {
        Self {
            groups: Vec::new(),
            roles: Vec::new(),
            skills: Vec::new(),
            all_skills: true,
            projects: Vec::new(),
            free_minutes: None,
            kind: RowKind::All,
            grouping: RowGrouping::None,
            sort: RowOrder::Name,
            density: RowDensity::Comfortable,
            period: PeriodKind::Next4Weeks,
            custom: None,
            collapsed: Vec::new(),
        }
    }
}

impl RowsView {
    /// A view as written (JSON), read and checked: a field this version does not know ("a filter
    /// by colour") or a value out of its bounds is refused with a sentence.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let view: RowsView = serde_json::from_str(raw).map_err(|e| ValidationError::View(e.to_string()))?;
        view.checked()
    }

    /// The view if its values are within their bounds.
    pub fn checked(self) -> Result<Self, ValidationError> {
        let bad = |why: String| Err(ValidationError::View(why));
        let lists = [self.groups.len(), self.roles.len(), self.skills.len(), self.projects.len()];
        if lists.iter().any(|n| *n > MAX_VIEW_IDS) {
            return bad(format!(
                "a condition names more than {MAX_VIEW_IDS} groups, roles, skills or projects"
            ));
        }
        if self.free_minutes.is_some_and(|m| m > MAX_FREE_MINUTES) {
            return bad("the free hours asked for are more than a year".into());
        }
        if let Some(span) = self.custom {
            let days = span.from.days_until(span.to);
            if days <= 0 {
                return bad(format!(
                    "the period's last day is before its first ({} – {})",
                    span.from, span.to
                ));
            }
            if days > MAX_VIEW_DAYS {
                return bad(format!("the period is longer than {MAX_VIEW_DAYS} days"));
            }
        }
        if self.collapsed.len() > MAX_VIEW_IDS || !self.collapsed.iter().all(|k| is_section_key(k)) {
            return bad("a folded section is not one the rows can have".into());
        }
        Ok(self)
    }
}

/// The zoom a saved view opens at.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ViewZoom {
    Day,
    #[default]
    Week,
    Month,
}

impl ViewZoom {
    pub fn as_str(self) -> &'static str {
        match self {
            ViewZoom::Day => "day",
            ViewZoom::Week => "week",
            ViewZoom::Month => "month",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        [ViewZoom::Day, ViewZoom::Week, ViewZoom::Month].into_iter().find(|z| z.as_str() == raw).ok_or_else(
            || ValidationError::View(format!("'{}' is not a zoom", raw.chars().take(16).collect::<String>())),
        )
    }
}

/// A view saved under a name: the rows as set up and the zoom. Its owner (who saved it first)
/// alone changes or deletes it; shared, every member of the team sees it (planners and admins
/// share), else only its owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub id: ViewId,
    pub name: Name,
    pub owner: UserId,
    pub shared: bool,
    pub zoom: ViewZoom,
    pub rows: RowsView,
    pub version: u64,
}

/// Whether `key` names a section: `group:`, `role:` or `skill:`, then a label's id or nothing.
fn is_section_key(key: &str) -> bool {
    let Some((by, id)) = key.split_once(':') else { return false };
    match by {
        "group" | "role" | "skill" => id.is_empty() || LabelId::parse(id).is_ok(),
        "project" => id.is_empty() || ProjectId::parse(id).is_ok(),
        _ => false,
    }
}

#[cfg(test)]
#[path = "views_tests.rs"]
mod tests;
