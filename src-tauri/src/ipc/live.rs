//! The live view's types: what others changed, as the window applies it.

use super::{
    AssignmentDto, CalendarDto, HolidayDto, LabelDto, PersonDto, ProjectDto, RoleDto, TimeOffDto, ViewDto,
    week_dto,
};
use planner_app::{LiveChange, LiveItem, LiveNews};
use planner_app::{MemberState, TeamSettings};
use planner_domain::{FeedAction, FeedKind};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What changed (`after` null: deleted).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum LiveChangeDto {
    Assignment {
        before: Option<AssignmentDto>,
        after: Option<AssignmentDto>,
    },
    Person {
        before: Option<PersonDto>,
        after: Option<PersonDto>,
    },
    Project {
        before: Option<ProjectDto>,
        after: Option<ProjectDto>,
    },
    TimeOff {
        before: Option<TimeOffDto>,
        after: Option<TimeOffDto>,
    },
    Calendar {
        before: Option<CalendarDto>,
        after: Option<CalendarDto>,
    },
    /// One of the team's groups, roles or skills.
    Label {
        before: Option<LabelDto>,
        after: Option<LabelDto>,
    },
    /// A view shared with the team (after: no longer shared, or deleted, when not `shared`).
    View {
        before: Option<ViewDto>,
        after: Option<ViewDto>,
    },
    Holidays {
        added: Vec<HolidayDto>,
        removed: Vec<HolidayDto>,
    },
    Member {
        before: Option<MemberStateDto>,
        after: Option<MemberStateDto>,
    },
    Team {
        before: TeamSettingsDto,
        after: TeamSettingsDto,
    },
    /// An import or a copy into the team (the item's summary has its counts): read again.
    Whole,
}

/// A membership as a record holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MemberStateDto {
    pub user_id: String,
    pub role: RoleDto,
    pub who: Option<String>,
}

impl From<&MemberState> for MemberStateDto {
    fn from(m: &MemberState) -> Self {
        Self { user_id: m.user_id.to_string(), role: m.role.into(), who: m.who.clone() }
    }
}

/// A team's settings as a record holds them: only what changed is there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamSettingsDto {
    pub name: Option<String>,
    pub default_week: Option<Vec<u32>>,
    pub feed_days: Option<u32>,
}

impl From<&TeamSettings> for TeamSettingsDto {
    fn from(t: &TeamSettings) -> Self {
        Self {
            name: t.name.as_ref().map(|n| n.as_str().to_owned()),
            default_week: t.default_week.map(week_dto),
            feed_days: t.feed_days,
        }
    }
}

fn both<T, D: for<'a> From<&'a T>>(before: &Option<T>, after: &Option<T>) -> (Option<D>, Option<D>) {
    (before.as_ref().map(D::from), after.as_ref().map(D::from))
}

impl From<&LiveChange> for LiveChangeDto {
    fn from(c: &LiveChange) -> Self {
        match c {
            LiveChange::Assignment { before, after } => {
                let (before, after) = both(before, after);
                Self::Assignment { before, after }
            }
            LiveChange::Person { before, after } => {
                let (before, after) = both(before, after);
                Self::Person { before, after }
            }
            LiveChange::Project { before, after } => {
                let (before, after) = both(before, after);
                Self::Project { before, after }
            }
            LiveChange::TimeOff { before, after } => {
                let (before, after) = both(before, after);
                Self::TimeOff { before, after }
            }
            LiveChange::Calendar { before, after } => {
                let (before, after) = both(before, after);
                Self::Calendar { before, after }
            }
            LiveChange::Label { before, after } => {
                let (before, after) = both(before, after);
                Self::Label { before, after }
            }
            LiveChange::View { before, after } => {
                let (before, after) = both(before, after);
                Self::View { before, after }
            }
            LiveChange::Member { before, after } => {
                let (before, after) = both(before, after);
                Self::Member { before, after }
            }
            LiveChange::Holidays { added, removed } => Self::Holidays {
                added: added.iter().map(Into::into).collect(),
                removed: removed.iter().map(Into::into).collect(),
            },
            LiveChange::Team { before, after } => Self::Team { before: before.into(), after: after.into() },
            LiveChange::Whole => Self::Whole,
        }
    }
}

/// One change: who (their name or email at the time), when, what.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LiveItemDto {
    /// Its place in the feed (Restore, paging).
    pub cursor: String,
    /// RFC 3339, the writer's clock.
    pub at: String,
    pub by: String,
    pub who: Option<String>,
    /// Made by this user (here or in another window): applied, not announced.
    pub mine: bool,
    /// The table holds other than the record said: `change` is the table's, and it is not
    /// announced as anyone's change (the live view checks; the activity log says false).
    pub contradicted: bool,
    pub kind: FeedKind,
    pub action: FeedAction,
    /// The id of what changed.
    pub item: String,
    pub change: LiveChangeDto,
    /// A run's counts by name (`assignmentsDeleted`, an import's `resources`, …: the stored names).
    #[ts(type = "Array<[string, number]>")]
    pub summary: Vec<(String, u64)>,
    /// The file an import read (a sheet's name as the user chose it).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source: Option<String>,
    /// The edit of many bookings it is one change of: its id and how many bookings it held.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub batch: Option<BatchDto>,
}

/// An edit of many bookings at once, as each of its change records names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BatchDto {
    pub id: String,
    pub count: u32,
}

impl From<&LiveItem> for LiveItemDto {
    fn from(i: &LiveItem) -> Self {
        Self {
            cursor: i.cursor.clone(),
            at: i.at.clone(),
            by: i.by.to_string(),
            who: i.who.clone(),
            mine: i.mine,
            contradicted: i.contradicted,
            kind: i.kind,
            action: i.action,
            item: i.item.clone(),
            change: (&i.change).into(),
            summary: i.summary.clone(),
            source: i.source.clone(),
            batch: i.batch.as_ref().map(|b| BatchDto { id: b.id.clone(), count: b.count }),
        }
    }
}

/// A page of the activity log, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ActivityPageDto {
    pub items: Vec<LiveItemDto>,
    /// Where the next (older) page starts.
    pub cursor: Option<String>,
    /// Older records may follow.
    pub more: bool,
    /// Records of the page that could not be read back: left out, named once.
    pub unreadable: Vec<planner_domain::Unreadable>,
}

/// What the activity screen narrows to (all empty: everything).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ActivityFilterInput {
    pub kind: Option<FeedKind>,
    /// A person's, project's or member's id.
    pub about: Option<String>,
    /// Who made the changes (a user id).
    pub by: Option<String>,
}

/// The answer to "what changed?": the changes, oldest first, or "read again what you show".
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum LiveNewsDto {
    Changes { items: Vec<LiveItemDto> },
    Reload,
}

impl From<&LiveNews> for LiveNewsDto {
    fn from(n: &LiveNews) -> Self {
        match n {
            LiveNews::Changes(items) => Self::Changes { items: items.iter().map(Into::into).collect() },
            LiveNews::Reload => Self::Reload,
        }
    }
}
