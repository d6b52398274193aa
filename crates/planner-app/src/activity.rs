//! The activity screen: the team's change feed newest first, a page at a time, filtered; Restore of
//! a deleted assignment; and the admin's settings the feed records (the team's name, how long the
//! log is kept). Every member reads the log; Restore follows the roles (planners and admins), the
//! settings are admins'.

use crate::AppError;
use crate::app::App;
use crate::live::{LiveItem, live_item};
use planner_domain::{Assignment, Name, Team};
use planner_store::feed::ActivityFilter;

/// A page of the activity log, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityPage {
    pub items: Vec<LiveItem>,
    /// Where the next (older) page starts.
    pub cursor: Option<String>,
    /// Older records may follow.
    pub more: bool,
    /// Records of the page that could not be read back: left out, named.
    pub unreadable: Vec<planner_domain::Unreadable>,
}

/// The most records one page of the activity screen reads.
pub const ACTIVITY_PAGE_MAX: i32 = 200;

impl App {
    /// The records before `before` (from the newest without one), newest first; at most
    /// `limit` read, of which the filter keeps some: read on from the answer's cursor while
    /// `more`.
    pub async fn activity(
        &self,
        before: Option<&str>,
        limit: i32,
        filter: &ActivityFilter,
    ) -> Result<ActivityPage, AppError> {
        let limit = limit.clamp(1, ACTIVITY_PAGE_MAX);
        self.read(async |store, scope| {
            let page = store.plan().activity(scope, before, limit, filter).await?;
            let items = page.records.iter().map(|r| live_item(r, scope.user())).collect();
            Ok(ActivityPage { items, cursor: page.cursor, more: page.more, unreadable: page.unreadable })
        })
        .await
    }

    /// Creates again the assignment whose delete the record `cursor` holds.
    pub async fn restore_assignment(&self, cursor: &str) -> Result<Assignment, AppError> {
        self.write(async |store, scope| store.plan().restore_assignment(scope, cursor).await).await
    }

    /// Renames the open team (admins).
    pub async fn rename_team(&self, name: Name) -> Result<Team, AppError> {
        self.write(async |store, scope| store.plan().rename_team(scope, name).await).await
    }

    /// How many days the team's activity log is kept (admins).
    pub async fn set_feed_days(&self, days: u32) -> Result<Team, AppError> {
        self.write(async |store, scope| store.plan().set_feed_days(scope, days).await).await
    }
}
