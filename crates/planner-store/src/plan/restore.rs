//! Restore from the activity log: a deleted assignment's change record holds it as it was;
//! restoring creates it again, one version past the deleted one, in one transaction with its
//! person's and project's checks, the removal of its delete mark, and a change record that says it
//! was restored. Planners and admins.

use super::items;
use crate::keys::{self, Series};
use crate::plan::Plan;
use crate::plan::feed::{FeedAction, FeedKind, record_from_item};
use crate::sdk::put_new;
use crate::sdk::{get_n, get_s, key, n, s};
use crate::{StoreError, TeamScope, window};
use aws_sdk_dynamodb::types::{Delete, TransactWriteItem};
use planner_domain::{Action, Assignment};

impl Plan<'_> {
    /// Creates again the assignment whose delete the change record `cursor` holds. Refused
    /// ("not found") for a record that is not an assignment's delete; "already exists" when it
    /// is back already (restored by someone else); "parent gone" when its person or project went.
    pub async fn restore_assignment(self, scope: &TeamScope, cursor: &str) -> Result<Assignment, StoreError> {
        self.store.require(scope, Action::EditPlan, "restore_assignment")?;
        if !cursor.starts_with(keys::FEED_PREFIX) {
            return Err(planner_domain::ValidationError::Id("feed cursor".into()).into());
        }
        let pk = scope.pk();
        let record = match self.store.get(key(&pk, cursor), true).await? {
            Some(item) => record_from_item(&item)?,
            None => return Err(StoreError::NotFound { what: "change record" }),
        };
        let deleted = match (record.kind, record.action, record.before) {
            (FeedKind::Assignment, FeedAction::Deleted, Some(before)) => {
                serde_json::from_value::<Assignment>(before)
                    .map_err(|_| StoreError::corrupt(format!("{pk} {cursor}"), "before"))?
            }
            _ => return Err(StoreError::NotFound { what: "deleted assignment" }),
        };
        let deleted_version = deleted.version;
        let digest = super::gone::digest_of(&deleted)?;
        let a = Assignment { version: deleted.version + 1, ..deleted }.checked()?;
        let mut actions = self.parent_checks(&pk, &a)?;
        let main = actions.len();
        actions.push(put_new(self.store.table(), items::assignment_item(&pk, &a))?);
        let mut index_at = None;
        if let Some(index) = items::index_item(&pk, &a) {
            self.register_level(scope, Series::Assignments, window::level_of(a.range)).await?;
            index_at = Some(actions.len());
            actions.push(put_new(self.store.table(), index)?);
        }
        // Its delete mark goes, on the condition that it is there, a delete's (not a move's) and
        // this delete's (its version): an assignment restored already (and maybe moved or deleted
        // again since) is not put back from an older record. A mark lasts GONE_DAYS: an older
        // delete can no longer be restored. (Marks written before they held the version: any.)
        let mark = actions.len();
        let remove_mark = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(key(&pk, Series::Assignments.gone_sk(a.id.as_str()))))
            .condition_expression(
                "attribute_exists(pk) AND attribute_not_exists(movedFrom) AND expires > :now \
                 AND (attribute_not_exists(#v) OR #v = :deleted) \
                 AND (attribute_not_exists(#d) OR #d = :digest)",
            )
            .expression_attribute_names("#v", super::gone::DELETED_VERSION)
            .expression_attribute_names("#d", super::gone::DIGEST)
            .expression_attribute_values(":digest", s(&digest))
            .expression_attribute_values(":now", n(self.store.now().unix_timestamp()))
            .expression_attribute_values(":deleted", n(deleted_version))
            .build()
            .map_err(StoreError::build)?;
        actions.push(TransactWriteItem::builder().delete(remove_mark).build());
        let change = Self::assignment_change(FeedAction::Restored, None, Some(&a));
        actions.push(self.feed_record(scope, self.feed_days(scope).await?, change)?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(a),
            Err(e) if e.condition_failed_at(0) => Err(StoreError::ParentGone { what: "person" }),
            Err(e) if e.condition_failed_at(1) => Err(StoreError::ParentGone { what: "project" }),
            Err(e) if e.condition_failed_at(main) || index_at.is_some_and(|i| e.condition_failed_at(i)) => {
                Err(StoreError::AlreadyExists { what: "assignment" })
            }
            Err(e) if e.condition_failed_at(mark) => {
                match self.store.get(key(&pk, Series::Assignments.gone_sk(a.id.as_str())), true).await? {
                    // Moved since it was restored: it is there.
                    Some(m) if m.contains_key("movedFrom") => {
                        Err(StoreError::AlreadyExists { what: "assignment" })
                    }
                    // Deleted again since, at another version: only that later delete restores.
                    Some(m)
                        if get_n(&m, super::gone::DELETED_VERSION)
                            .is_ok_and(|v| Some(v) != i64::try_from(deleted_version).ok()) =>
                    {
                        Err(StoreError::Conflict { what: "assignment" })
                    }
                    // The record says other than what was deleted (planted, or altered): the
                    // mark proves what was, and nothing is written.
                    Some(m) if get_s(&m, super::gone::DIGEST).is_ok_and(|d| d != digest) => {
                        Err(StoreError::corrupt(
                            format!("{pk} / {cursor}"),
                            "the change record does not match the delete it names; not restored",
                        ))
                    }
                    _ => Err(StoreError::NotFound { what: "deleted assignment" }),
                }
            }
            Err(e) => Err(e.into_store("assignment")),
        }
    }
}
