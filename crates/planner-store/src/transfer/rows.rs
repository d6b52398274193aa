//! An import's labels, calendars, people and projects, put without stripping a delete under
//! way. A plain put of a row that a cascade delete has marked `deleting` removes the mark; the
//! cascade, which listed the row's assignments already, would then delete the ones the import
//! puts next and leave the row without them. So each row is put on
//! `attribute_not_exists(deleting)`, and a marked row's delete is finished first (which makes any
//! other run of it stop before it deletes, `plan/cascade.rs`), then the row is put. A label's
//! delete likewise takes it from every person carrying it before it goes: it is finished before
//! the import puts the label, and the labels go before the people.

use super::Transfer;
use crate::keys::{self, TeamItemKey};
use crate::sdk::{Item, classify, get_s, is_condition_failure};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::ReturnConsumedCapacity;

/// How many rows are put at once.
const PARALLEL: usize = 16;

impl Transfer<'_> {
    /// Puts `rows` (an import's labels, or its calendars, people and projects), each over no
    /// delete under way.
    pub(super) async fn put_rows_unmarked(
        self,
        scope: &TeamScope,
        rows: Vec<Item>,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<(), StoreError> {
        use futures::{StreamExt, TryStreamExt};
        let total = rows.len();
        let mut puts = futures::stream::iter(rows.into_iter().map(|row| self.put_row_unmarked(scope, row)))
            .buffer_unordered(PARALLEL);
        let mut done = 0;
        while puts.try_next().await?.is_some() {
            done += 1;
            if done % 25 == 0 || done == total {
                progress(done, total);
            }
        }
        Ok(())
    }

    async fn put_row_unmarked(self, scope: &TeamScope, row: Item) -> Result<(), StoreError> {
        let which = keys::parse_team_sk(get_s(&row, keys::SK)?)
            .map_err(|e| StoreError::Engine { message: e.to_string() })?;
        // A delete begun again by someone else meanwhile is finished again; three times is a
        // teammate deleting it on purpose, which the import does not fight.
        for _ in 0..3 {
            let put = self
                .store
                .put_item()
                .return_consumed_capacity(ReturnConsumedCapacity::Total)
                .set_item(Some(row.clone()))
                .condition_expression("attribute_not_exists(deleting)")
                .send()
                .await;
            match put {
                Ok(_) => return Ok(()),
                Err(e) if is_condition_failure(&e) => {}
                Err(e) => return Err(classify(e)),
            }
            let mut nothing = |_: usize, _: usize| {};
            let finished = match &which {
                TeamItemKey::Person(id) => {
                    self.store.plan().delete_person(scope, id, &mut nothing).await.map(drop)
                }
                TeamItemKey::Project(id) => {
                    self.store.plan().delete_project(scope, id, &mut nothing).await.map(drop)
                }
                TeamItemKey::Calendar(id) => self.store.plan().delete_calendar(scope, id).await.map(drop),
                TeamItemKey::Label(id) => self.store.plan().delete_label(scope, id).await.map(drop),
                other => {
                    return Err(StoreError::Engine { message: format!("not a row of an import: {other:?}") });
                }
            };
            match finished {
                // Overtaken by another import that put the row back: put it (again) all the same.
                Ok(()) | Err(StoreError::Conflict { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Conflict {
            what: match which {
                TeamItemKey::Project(_) => "project",
                TeamItemKey::Label(_) => "label",
                _ => "person",
            },
        })
    }
}
