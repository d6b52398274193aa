//! What a record of the team's change feed is about and what happened to it: the values the
//! store writes, the activity screen filters by, and the window reads (one type each, with its
//! TypeScript twin).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a change record is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum FeedKind {
    Assignment,
    Person,
    Project,
    TimeOff,
    Calendar,
    Holidays,
    Member,
    Team,
    /// One of the team's groups, roles or skills.
    Label,
    /// A view of the rows shared with the team (one kept for oneself has no record).
    View,
    /// A whole import (one summary record per run).
    Import,
}

/// What happened to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum FeedAction {
    Created,
    Changed,
    Deleted,
    /// Created again from the activity log (a deleted assignment's Restore).
    Restored,
    /// A team's plan was made equal to a file (an import, admins).
    Imported,
    /// A plan was added to the team (a local workspace copied into it).
    Copied,
}
