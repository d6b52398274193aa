//! Deleting a person or a project with all its assignments (docs/data-model.md, access pattern 9).
//!
//! One transaction cannot do it past 99 assignments, so the delete runs in steps that are each
//! safe to interrupt and to run again:
//! 1. mark the person/project `deleting` (from now on no assignment can be created or moved onto
//!    it, and no screen shows it or its bars);
//! 2. find its assignments with a strongly consistent query (any create that committed before
//!    step 1 is visible; none can commit after it);
//! 3. delete their window-index entries (and a person's entries of their time off), then the
//!    assignments (and a person's time off, likewise), in batches of 25 (UnprocessedItems retried);
//! 4. delete the person/project itself.
//!
//! Running it again after a failure at any step continues where it stopped; running it for a
//! row that is already gone succeeds.

use super::items::{DELETING, PERSON_ID};
use crate::keys::{self, Series};
use crate::plan::Plan;
use crate::plan::feed::{Change, FeedAction, FeedKind};
use crate::sdk::{self, Item, classify, get_s, is_condition_failure, key, n, query_all, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{ReturnConsumedCapacity, ReturnValue};
use planner_domain::{Action, Date, DateRange, PersonId, ProjectId};
use serde::Serialize;

/// What a cascade delete did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CascadeReport {
    /// Assignments deleted by this run.
    pub assignments_deleted: usize,
    /// A person's time off deleted by this run.
    pub time_off_deleted: usize,
    /// The row was already gone before this run (a repeat).
    pub already_gone: bool,
}

impl Plan<'_> {
    /// Deletes a person and all their assignments. `progress(done, total)` follows step 3.
    pub async fn delete_person(
        self,
        scope: &TeamScope,
        id: &PersonId,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<CascadeReport, StoreError> {
        self.store.require(scope, Action::EditPlan, "delete_resource")?;
        let children = [Series::Assignments, Series::TimeOff];
        self.cascade(scope, keys::person_sk(id), &children, PERSON_ID, id.as_str(), progress).await
    }

    /// Deletes a project and all its assignments.
    pub async fn delete_project(
        self,
        scope: &TeamScope,
        id: &ProjectId,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<CascadeReport, StoreError> {
        self.store.require(scope, Action::EditPlan, "delete_project")?;
        self.cascade(scope, keys::project_sk(id), &[Series::Assignments], "projectId", id.as_str(), progress)
            .await
    }

    /// How many assignments deleting this person would delete (for the confirmation).
    pub async fn person_assignment_count(
        self,
        scope: &TeamScope,
        id: &PersonId,
    ) -> Result<usize, StoreError> {
        self.store.require(scope, Action::ReadPlan, "resource_assignment_count")?;
        Ok(self.children(scope, Series::Assignments, PERSON_ID, id.as_str(), false).await?.len())
    }

    /// How many assignments deleting this project would delete.
    pub async fn project_assignment_count(
        self,
        scope: &TeamScope,
        id: &ProjectId,
    ) -> Result<usize, StoreError> {
        self.store.require(scope, Action::ReadPlan, "project_assignment_count")?;
        Ok(self.children(scope, Series::Assignments, "projectId", id.as_str(), false).await?.len())
    }

    /// The items of `series` whose `attribute` is `id`: the whole series, filtered (a rare action
    /// pays for history), keys and dates only.
    async fn children(
        self,
        scope: &TeamScope,
        series: Series,
        attribute: &str,
        id: &str,
        consistent: bool,
    ) -> Result<Vec<Item>, StoreError> {
        query_all(
            self.store
                .query_range(scope.pk(), series.all(), consistent)
                .filter_expression("#parent = :id")
                .projection_expression("sk, id, startDate, endDateExclusive")
                .expression_attribute_names("#parent", attribute)
                .expression_attribute_values(":id", s(id)),
        )
        .await
    }

    async fn cascade(
        self,
        scope: &TeamScope,
        parent_sk: String,
        series: &[Series],
        attribute: &str,
        id: &str,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<CascadeReport, StoreError> {
        let pk = scope.pk();
        let parent = key(&pk, parent_sk);

        // Step 1: mark. A parent that is already gone means an earlier run finished.
        let marked = self
            .store
            .update_item()
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(parent.clone()))
            .update_expression(format!(
                "SET {DELETING} = if_not_exists({DELETING}, :now), version = version + :one"
            ))
            .condition_expression("attribute_exists(pk)")
            .expression_attribute_values(":now", s(self.store.now_rfc3339()))
            .expression_attribute_values(":one", n(1))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        // The mark this delete goes by (an earlier run's, if one began it), and the row as it
        // was, for the change record.
        let (mark, row_before) = match marked {
            Ok(out) => {
                let row = out.attributes.unwrap_or_default();
                // A row that cannot be read back (damaged, or its version past the reader's limit
                // by this very mark) is deleted all the same, its record without a "before": a
                // cascade that stopped here would leave it marked for ever.
                let before = match attribute {
                    PERSON_ID => super::items::person_from_item(&row).map(serde_json::to_value),
                    _ => super::items::project_from_item(&row).map(serde_json::to_value),
                }
                .ok()
                .and_then(Result::ok)
                .unwrap_or_default();
                (get_s(&row, DELETING)?.to_owned(), before)
            }
            Err(e) if is_condition_failure(&e) => {
                return Ok(CascadeReport { assignments_deleted: 0, time_off_deleted: 0, already_gone: true });
            }
            Err(e) => return Err(classify(e)),
        };

        // Step 2: find, strongly consistent (the assignments are what progress counts; a
        // person's time off goes with them, first).
        let mut mains = Vec::new();
        let mut others = Vec::new();
        let mut indexes = Vec::new();
        for &series in series {
            for row in &self.children(scope, series, attribute, id, true).await? {
                let main = key(&pk, get_s(row, keys::SK)?);
                match series {
                    Series::Assignments => mains.push(main),
                    Series::TimeOff => others.push(main),
                }
                if let Some(index) = index_key_of(&pk, series, row)? {
                    indexes.push(index);
                }
            }
        }
        // A person's entries of their time off (keyed by person: one Query finds them all).
        if attribute == PERSON_ID {
            let person = PersonId::parse(id)?;
            let entries = self.store.query_range(&pk, keys::person_time_off_all(&person), true);
            for row in query_all(entries.projection_expression("pk, sk")).await? {
                indexes.push(key(&pk, get_s(&row, keys::SK)?));
            }
        }

        // The row must still carry this delete's mark: an import may have finished the delete
        // and put the row back (with the file's assignments, which step 2 just listed) since step
        // 1; then this delete was overtaken and deletes nothing.
        match self.store.get(parent.clone(), true).await? {
            None => {
                return Ok(CascadeReport { assignments_deleted: 0, time_off_deleted: 0, already_gone: true });
            }
            Some(row) if super::items::deleting_mark(&row) == Some(mark.as_str()) => {}
            Some(_) => {
                return Err(StoreError::Conflict {
                    what: if attribute == PERSON_ID { "person" } else { "project" },
                });
            }
        }

        // Step 3: delete, index entries first so that no entry outlives its item.
        let total = mains.len();
        sdk::batch_delete(self.store.client(), self.store.table(), indexes, |_| {}).await?;
        let time_off_deleted =
            sdk::batch_delete(self.store.client(), self.store.table(), others, |_| {}).await?;
        progress(0, total);
        let deleted =
            sdk::batch_delete(self.store.client(), self.store.table(), mains, |done| progress(done, total))
                .await?;

        // Step 4: the row itself, only if it is still the one we marked, with the mark that it
        // was deleted (a copy run again must not bring it back).
        let row_sk = get_s(&parent, keys::SK)?.to_owned();
        let kind = if attribute == PERSON_ID { FeedKind::Person } else { FeedKind::Project };
        let summary = CascadeReport { assignments_deleted: deleted, time_off_deleted, already_gone: false };
        let change =
            Change::new(kind, FeedAction::Deleted, id).about([id]).before(&row_before).summary(&summary);
        let record = self.feed_record(scope, self.feed_days(scope).await?, change)?;
        let condition = Some(format!("attribute_exists({DELETING})"));
        match self.delete_row_with_mark(&pk, row_sk, id, condition, record).await {
            Ok(()) => {}
            // A concurrent run of the same delete finished first.
            Err(e) if e.condition_failed_at(0) => {}
            Err(e) => return Err(e.into_store("delete")),
        }
        Ok(summary)
    }
}

/// The window-index entry of a listed item, if it is long enough to have one.
fn index_key_of(pk: &str, series: Series, row: &Item) -> Result<Option<Item>, StoreError> {
    let bad =
        |e: planner_domain::ValidationError| StoreError::corrupt(crate::sdk::item_key(row), e.to_string());
    let id = get_s(row, "id")?;
    let start = Date::parse(get_s(row, "startDate")?).map_err(bad)?;
    let end = Date::parse(get_s(row, "endDateExclusive")?).map_err(bad)?;
    let range = DateRange::new(start, end).map_err(bad)?;
    let level = crate::window::level_of(range);
    Ok((level > 0).then(|| key(pk, series.index_sk(level, start, id))))
}
