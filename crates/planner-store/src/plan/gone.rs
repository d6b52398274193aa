//! What a stale edit of an assignment or a time off finds when its item is no longer where the
//! caller saw it: changed (moved to another start day, which is another key) or deleted. A delete
//! leaves a mark (`GONE#ASN#{id}`, `GONE#OFF#{id}`) in the same transaction, which expires with the
//! table's TTL after [`GONE_DAYS`]; the answer reads the old key, the mark and, when neither is
//! there, the item's person and project (a cascade delete leaves no mark): strongly consistent
//! GetItems, whatever the team's history (it had queried every item of the series: ~6k read
//! units at 100k assignments).

use crate::StoreError;
use crate::keys::Series;
use crate::plan::Plan;
use crate::sdk::plain_put;
use crate::sdk::{Item, get_n, key, n, s};
use aws_sdk_dynamodb::types::TransactWriteItem;

/// How long a delete's mark is kept: an edit from a copy older than this (an offline copy of a
/// quarter ago) is told "changed", and the reload it brings shows the item gone.
pub const GONE_DAYS: i64 = 90;

/// On a mark (`GONE#…`): the key the item moved away from (it was not deleted).
const MOVED_FROM: &str = "movedFrom";
/// On an edit's delete mark: the version the item was deleted at.
pub(super) const DELETED_VERSION: &str = "version";
/// On an edit's delete mark: the SHA-256 of the deleted item as its change record writes it, so
/// that a Restore brings back only what was deleted, whatever a record planted beside says.
pub(super) const DIGEST: &str = "digest";

/// The digest a delete mark holds of `deleted` (its JSON, as the change record's "before").
pub(super) fn digest_of(deleted: &impl serde::Serialize) -> Result<String, StoreError> {
    let json = serde_json::to_vec(deleted).map_err(|e| StoreError::Engine { message: e.to_string() })?;
    Ok(crate::secret::digest(&json))
}

impl Plan<'_> {
    /// The mark that the item `id` of `series` was deleted at `version`, for the delete's
    /// transaction, with the digest of `deleted` (the version and the digest: a Restore from the
    /// activity log brings back only this delete's item, plan/restore.rs).
    pub(super) fn gone_mark(
        self,
        pk: &str,
        series: Series,
        id: &str,
        version: u64,
        deleted: &impl serde::Serialize,
    ) -> Result<TransactWriteItem, StoreError> {
        let mut item = self.mark_item(pk, series.gone_sk(id), id, None);
        item.insert(DELETED_VERSION.into(), n(version));
        item.insert(DIGEST.into(), s(digest_of(deleted)?));
        plain_put(self.store.table(), item)
    }

    /// The mark that the item `id` of `series` moved away from the key `from` (its start day
    /// changed): the delete mark's key, with `movedFrom` set. The copy into a team checks for
    /// either.
    pub(super) fn moved_mark(
        self,
        pk: &str,
        series: Series,
        id: &str,
        from: &str,
    ) -> Result<TransactWriteItem, StoreError> {
        plain_put(self.store.table(), self.mark_item(pk, series.gone_sk(id), id, Some(from)))
    }

    /// A delete's (or, with `moved_from`, a move's) mark as an item: for a transaction, or for
    /// the import's batch of them.
    pub(crate) fn mark_item(self, pk: &str, gone_sk: String, id: &str, moved_from: Option<&str>) -> Item {
        let mut item = key(pk, gone_sk);
        let expires = (self.store.now() + time::Duration::days(GONE_DAYS)).unix_timestamp();
        item.insert("expires".into(), n(expires));
        item.insert("id".into(), s(id));
        if let Some(from) = moved_from {
            item.insert(MOVED_FROM.into(), s(from));
        }
        item
    }

    /// The mark `gone_sk` that the item `id` was deleted (a person's or project's:
    /// `keys::gone_row_sk`), for the delete's transaction.
    pub(crate) fn gone_mark_at(
        self,
        pk: &str,
        gone_sk: String,
        id: &str,
    ) -> Result<TransactWriteItem, StoreError> {
        plain_put(self.store.table(), self.mark_item(pk, gone_sk, id, None))
    }

    /// Deletes the row `row_sk` (on `condition`, if any) with its delete mark
    /// (`keys::gone_row_sk`) and its change `record` in one transaction: a person's, project's
    /// or calendar's last step.
    pub(super) async fn delete_row_with_mark(
        self,
        pk: &str,
        row_sk: String,
        id: &str,
        condition: Option<String>,
        record: TransactWriteItem,
    ) -> Result<(), crate::sdk::TxError> {
        let gone = crate::keys::gone_row_sk(&row_sk);
        let remove = aws_sdk_dynamodb::types::Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(key(pk, row_sk)))
            .set_condition_expression(condition)
            .build()
            .map_err(|e| crate::sdk::TxError::Store(StoreError::build(e)))?;
        let mark = self.gone_mark_at(pk, gone, id).map_err(crate::sdk::TxError::Store)?;
        let actions = vec![TransactWriteItem::builder().delete(remove).build(), mark, record];
        self.store.transact(actions).await
    }

    /// After a failed condition on the item `id` of `series` the caller saw at `old_sk`: there
    /// still (changed: a conflict); else deleted — its mark not expired, or one of its `parents`
    /// (the person's, the project's sort key) gone or being deleted, whose cascade leaves no mark —
    /// which is "not found"; else moved (a conflict).
    pub(super) async fn changed_or_deleted(
        self,
        pk: &str,
        old_sk: String,
        series: Series,
        id: &str,
        parents: &[String],
        what: &'static str,
    ) -> StoreError {
        match self.store.get(key(pk, old_sk), true).await {
            Ok(Some(_)) => return StoreError::Conflict { what },
            Ok(None) => {}
            Err(e) => return e,
        }
        match self.store.get(key(pk, series.gone_sk(id)), true).await {
            // Moved, not deleted: changed — unless its person or project went since (a cascade
            // leaves no mark of the bar), read on below.
            Ok(Some(item)) if item.contains_key(MOVED_FROM) => {}
            Ok(Some(item))
                if get_n(&item, "expires").is_ok_and(|t| t > self.store.now().unix_timestamp()) =>
            {
                return StoreError::NotFound { what };
            }
            Ok(_) => {}
            Err(e) => return e,
        }
        for parent in parents {
            match self.store.get(key(pk, parent.clone()), true).await {
                Ok(Some(item)) if !super::items::is_deleting(&item) => {}
                Ok(_) => return StoreError::NotFound { what },
                Err(e) => return e,
            }
        }
        StoreError::Conflict { what }
    }
}
