//! Saved views of the rows: docs/data-model.md, access patterns 62–64.
//!
//! A view (`VIEW#{id}`) is the rows as someone set them up (the people filter's conditions,
//! grouping, order, density, period) and a zoom, under a name. Its owner — who saved it first —
//! alone changes or deletes it (an admin may delete a shared one). Shared, every member sees it
//! and its changes go through the feed (the live view and the activity log carry them); kept for
//! oneself, only its owner reads it back and it has no change record. Any member keeps views for
//! themself; planners and admins share.

use super::items;
use crate::keys;
use crate::plan::Plan;
use crate::plan::feed::{Change, FeedAction, FeedKind};
use crate::sdk::{key, put_new, query_all};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
use planner_domain::{Action, Name, Role, RowsView, View, ViewId, ViewZoom};

/// The most views a member reads (their own and the shared ones).
pub const MAX_VIEWS: usize = 500;

/// What a view is saved as: the caller's choices (its owner and version are the store's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewInput {
    pub id: ViewId,
    pub name: Name,
    pub shared: bool,
    pub zoom: ViewZoom,
    pub rows: RowsView,
}

impl Plan<'_> {
    /// Access pattern 62: the views the caller sees — the team's shared ones and their own — by
    /// name. One Query of the views' range (the others' own views are read and left out: a team
    /// keeps a few hundred at most).
    pub async fn views(self, scope: &TeamScope) -> Result<Vec<View>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "views")?;
        let rows =
            query_all(self.store.query_range(scope.pk(), keys::views_range(), self.store.strong_reads))
                .await?;
        let mut views: Vec<View> = items::readable(rows.iter(), items::view_from_item, &mut Vec::new())
            .into_iter()
            .filter(|v| v.shared || &v.owner == scope.user())
            .collect();
        views.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()).then_with(|| a.id.cmp(&b.id)));
        views.truncate(MAX_VIEWS);
        Ok(views)
    }

    /// Every view of the team, anyone's, readable (export and import: pattern 62's Query, strong).
    pub(crate) async fn all_views(self, scope: &TeamScope) -> Result<Vec<View>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "export_team")?;
        let rows = query_all(self.store.query_range(scope.pk(), keys::views_range(), true)).await?;
        Ok(items::readable(rows.iter(), items::view_from_item, &mut Vec::new()))
    }

    /// Access pattern 63: saves a view. `version` 0: a new one, the caller its owner (sending it
    /// again is safe); else the caller's own, as they saw it at `version`. Sharing one (or saving
    /// a shared one) takes a planner or an admin.
    pub async fn save_view(
        self,
        scope: &TeamScope,
        input: ViewInput,
        version: u64,
    ) -> Result<View, StoreError> {
        self.store.require(scope, Action::ReadPlan, "save_view")?;
        let rows = input.rows.checked()?;
        let pk = scope.pk();
        let at = key(&pk, keys::view_sk(&input.id));
        let before = if version == 0 {
            None
        } else {
            match self.store.get(at.clone(), true).await? {
                Some(item) => Some(items::view_from_item(&item)?),
                None => return Err(StoreError::NotFound { what: "view" }),
            }
        };
        if let Some(b) = &before {
            if &b.owner != scope.user() {
                return Err(not_owner(scope.role()));
            }
            if b.version != version {
                return Err(StoreError::Conflict { what: "view" });
            }
        }
        if input.shared || before.as_ref().is_some_and(|b| b.shared) {
            self.store.require(scope, Action::EditPlan, "share_view").map_err(|_| StoreError::Forbidden {
                role: scope.role(),
                action: "share a view with the team",
            })?;
        }
        let view = View {
            id: input.id,
            name: input.name,
            owner: scope.user().clone(),
            shared: input.shared,
            zoom: input.zoom,
            rows,
            version: version + 1,
        };
        let write = if before.is_some() {
            let put = Put::builder()
                .table_name(self.store.table())
                .set_item(Some(items::view_item(&pk, &view)))
                .condition_expression("attribute_exists(pk) AND version = :seen AND #owner = :me")
                .expression_attribute_names("#owner", "owner")
                .expression_attribute_values(":seen", crate::sdk::n(version))
                .expression_attribute_values(":me", crate::sdk::s(scope.user().as_str()))
                .build()
                .map_err(StoreError::build)?;
            TransactWriteItem::builder().put(put).build()
        } else {
            put_new(self.store.table(), items::view_item(&pk, &view))?
        };
        let mut actions = vec![write];
        // Seen by the team before or after: the team hears of it.
        if view.shared || before.as_ref().is_some_and(|b| b.shared) {
            let action = if before.is_some() { FeedAction::Changed } else { FeedAction::Created };
            let mut change = Change::new(FeedKind::View, action, view.id.as_str()).after(&view);
            if let Some(b) = &before {
                change = change.before(b);
            }
            actions.push(self.feed_record(scope, self.feed_days(scope).await?, change)?);
        }
        match self.store.transact(actions).await {
            Ok(()) => Ok(view),
            Err(e) if e.condition_failed_at(0) => match self.store.get(at, true).await? {
                // Sent again: it is there as asked.
                Some(item) if before.is_none() && items::view_from_item(&item).as_ref() == Ok(&view) => {
                    Ok(view)
                }
                Some(_) if before.is_none() => Err(StoreError::AlreadyExists { what: "view" }),
                Some(_) => Err(StoreError::Conflict { what: "view" }),
                None => Err(StoreError::NotFound { what: "view" }),
            },
            Err(e) => Err(e.into_store("view")),
        }
    }

    /// Access pattern 64: deletes a view the caller saw at `version`: their own, or (admins) a
    /// shared one. Deleting one that is gone succeeds.
    pub async fn delete_view(self, scope: &TeamScope, id: &ViewId, version: u64) -> Result<(), StoreError> {
        self.store.require(scope, Action::ReadPlan, "delete_view")?;
        let pk = scope.pk();
        let at = key(&pk, keys::view_sk(id));
        let Some(item) = self.store.get(at.clone(), true).await? else { return Ok(()) };
        let view = items::view_from_item(&item)?;
        let admin_on_shared = view.shared && scope.role() == Role::Admin;
        if &view.owner != scope.user() && !admin_on_shared {
            return Err(not_owner(scope.role()));
        }
        if view.shared {
            self.store.require(scope, Action::EditPlan, "delete_view").map_err(|_| {
                StoreError::Forbidden { role: scope.role(), action: "share a view with the team" }
            })?;
        }
        if view.version != version {
            return Err(StoreError::Conflict { what: "view" });
        }
        let remove = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(at))
            .condition_expression("version = :seen")
            .expression_attribute_values(":seen", crate::sdk::n(version))
            .build()
            .map_err(StoreError::build)?;
        let mut actions = vec![TransactWriteItem::builder().delete(remove).build()];
        if view.shared {
            let change = Change::new(FeedKind::View, FeedAction::Deleted, id.as_str()).before(&view);
            actions.push(self.feed_record(scope, self.feed_days(scope).await?, change)?);
        }
        match self.store.transact(actions).await {
            Ok(()) => Ok(()),
            Err(e) if e.condition_failed_at(0) => {
                match self.store.get(key(&pk, keys::view_sk(id)), true).await? {
                    None => Ok(()),
                    Some(_) => Err(StoreError::Conflict { what: "view" }),
                }
            }
            Err(e) => Err(e.into_store("view")),
        }
    }
}

/// A view someone else saved: theirs to change.
fn not_owner(role: Role) -> StoreError {
    StoreError::Forbidden { role, action: "change a view someone else saved" }
}
