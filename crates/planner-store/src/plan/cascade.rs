//! Deleting a person or a project with all its assignments (docs/data-model.md, access pattern 9).
//!
//! One transaction cannot do it past 99 assignments, so the delete runs in steps that are each
//! safe to interrupt and to run again:
//! 1. mark the person/project `deleting` (from now on no assignment can be created or moved onto
//!    it, and no screen shows it or its bars);
//! 2. find its assignments with a strongly consistent query (any create that committed before
//!    step 1 is visible; none can commit after it);
//! 3. delete their window-index entries, then the assignments, in batches of 25 (UnprocessedItems
//!    retried);
//! 4. delete the person/project itself.
//!
//! Running it again after a failure at any step continues where it stopped; running it for a
//! row that is already gone succeeds.

use super::items::{self, DELETING};
use crate::keys;
use crate::sdk::{self, Item, classify, get_s, is_condition_failure, key, n, query_all, s};
use crate::{Store, StoreError, TeamScope};
use aws_sdk_dynamodb::types::ReturnConsumedCapacity;
use planner_domain::{Action, AssignmentId, Date, DateRange, ProjectId, ResourceId};
use serde::Serialize;

/// What a cascade delete did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CascadeReport {
    /// Assignments deleted by this run.
    pub assignments_deleted: usize,
    /// The row was already gone before this run (a repeat).
    pub already_gone: bool,
}

impl Store {
    /// Deletes a person and all their assignments. `progress(done, total)` follows step 3.
    pub async fn delete_resource(
        &self,
        scope: &TeamScope,
        id: &ResourceId,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<CascadeReport, StoreError> {
        self.require(scope, Action::EditPlan, "delete_resource")?;
        self.cascade(scope, keys::resource_sk(id), "resourceId", id.as_str(), progress).await
    }

    /// Deletes a project and all its assignments.
    pub async fn delete_project(
        &self,
        scope: &TeamScope,
        id: &ProjectId,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<CascadeReport, StoreError> {
        self.require(scope, Action::EditPlan, "delete_project")?;
        self.cascade(scope, keys::project_sk(id), "projectId", id.as_str(), progress).await
    }

    /// How many assignments deleting this person would delete (for the confirmation).
    pub async fn resource_assignment_count(
        &self,
        scope: &TeamScope,
        id: &ResourceId,
    ) -> Result<usize, StoreError> {
        self.require(scope, Action::ReadPlan, "resource_assignment_count")?;
        Ok(self.children(scope, "resourceId", id.as_str(), false).await?.len())
    }

    /// How many assignments deleting this project would delete.
    pub async fn project_assignment_count(
        &self,
        scope: &TeamScope,
        id: &ProjectId,
    ) -> Result<usize, StoreError> {
        self.require(scope, Action::ReadPlan, "project_assignment_count")?;
        Ok(self.children(scope, "projectId", id.as_str(), false).await?.len())
    }

    /// The assignments whose `attribute` is `id`: the whole assignment range, filtered (a rare
    /// action pays for history), keys and dates only.
    async fn children(
        &self,
        scope: &TeamScope,
        attribute: &str,
        id: &str,
        consistent: bool,
    ) -> Result<Vec<Item>, StoreError> {
        query_all(
            self.query_range(scope.pk(), keys::all_assignments_range(), consistent)
                .filter_expression("#parent = :id")
                .projection_expression("sk, id, startDate, endDateExclusive")
                .expression_attribute_names("#parent", attribute)
                .expression_attribute_values(":id", s(id)),
        )
        .await
    }

    async fn cascade(
        &self,
        scope: &TeamScope,
        parent_sk: String,
        attribute: &str,
        id: &str,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<CascadeReport, StoreError> {
        let pk = scope.pk();
        let parent = key(&pk, parent_sk);

        // Step 1: mark. A parent that is already gone means an earlier run finished.
        let marked = self
            .client()
            .update_item()
            .table_name(self.table())
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(parent.clone()))
            .update_expression(format!(
                "SET {DELETING} = if_not_exists({DELETING}, :now), version = version + :one"
            ))
            .condition_expression("attribute_exists(pk)")
            .expression_attribute_values(":now", s(self.now_rfc3339()))
            .expression_attribute_values(":one", n(1))
            .send()
            .await;
        match marked {
            Ok(_) => {}
            Err(e) if is_condition_failure(&e) => {
                return Ok(CascadeReport { assignments_deleted: 0, already_gone: true });
            }
            Err(e) => return Err(classify(e)),
        }

        // Step 2: find, strongly consistent.
        let rows = self.children(scope, attribute, id, true).await?;
        let mut mains = Vec::with_capacity(rows.len());
        let mut indexes = Vec::new();
        for row in &rows {
            mains.push(key(&pk, get_s(row, keys::SK)?));
            if let Some(index) = index_key_of(&pk, row)? {
                indexes.push(index);
            }
        }

        // Step 3: delete, index entries first so that no entry outlives its assignment.
        let total = mains.len();
        sdk::batch_delete(self.client(), self.table(), indexes, |_| {}).await?;
        progress(0, total);
        let deleted =
            sdk::batch_delete(self.client(), self.table(), mains, |done| progress(done, total)).await?;

        // Step 4: the row itself, only if it is still the one we marked.
        let removed = self
            .client()
            .delete_item()
            .table_name(self.table())
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(parent))
            .condition_expression(format!("attribute_exists({DELETING})"))
            .send()
            .await;
        match removed {
            Ok(_) => {}
            // A concurrent run of the same delete finished first.
            Err(e) if is_condition_failure(&e) => {}
            Err(e) => return Err(classify(e)),
        }
        Ok(CascadeReport { assignments_deleted: deleted, already_gone: false })
    }
}

fn index_key_of(pk: &str, row: &Item) -> Result<Option<Item>, StoreError> {
    let bad =
        |e: planner_domain::ValidationError| StoreError::corrupt(crate::sdk::item_key(row), e.to_string());
    let id = AssignmentId::parse(get_s(row, "id")?).map_err(bad)?;
    let start = Date::parse(get_s(row, "startDate")?).map_err(bad)?;
    let end = Date::parse(get_s(row, "endDateExclusive")?).map_err(bad)?;
    let range = DateRange::new(start, end).map_err(bad)?;
    Ok(items::index_key(pk, &id, range))
}
