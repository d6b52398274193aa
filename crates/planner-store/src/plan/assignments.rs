//! Assignments: create (access pattern 7), move/resize/reassign, delete (access pattern 8). Each
//! edit is one transaction (the main item, its window-index entry if long, and checks on the
//! person and project).

use super::items::{self, DELETING};
use super::{AssignmentChange, AssignmentRef, NewAssignment};
use crate::keys::{self, Series};
use crate::plan::Plan;
use crate::plan::feed::{Batch, Change, FeedAction, FeedKind};
use crate::sdk::{self, Item, classify, key, n, s};
use crate::sdk::{plain_put, put_new};
use crate::{StoreError, TeamScope, window};
use aws_sdk_dynamodb::types::{Delete, Put, ReturnConsumedCapacity, TransactWriteItem};
use planner_domain::capacity::{Allocation, hours_text};
use planner_domain::{Action, Assignment, Date, ValidationError};

/// Index of the main-item action in the transactions below (after the two parent checks).
const MAIN: usize = 2;

impl Plan<'_> {
    /// Access pattern 7. Refused when the person or project does not exist or is being deleted;
    /// a repeat of the same create (same client-made id and content) returns the assignment.
    pub async fn create_assignment(
        self,
        scope: &TeamScope,
        new: NewAssignment,
    ) -> Result<Assignment, StoreError> {
        self.store.require(scope, Action::EditPlan, "create_assignment")?;
        let a = new.made()?;
        self.check_total_has_days(scope, &a).await?;
        let pk = scope.pk();
        let mut actions = self.parent_checks(&pk, &a)?;
        let days = self.feed_days(scope).await?;
        actions.extend(self.create_actions(scope, &a, days, None).await?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(a),
            Err(e) if e.condition_failed_at(0) => Err(StoreError::ParentGone { what: "person" }),
            Err(e) if e.condition_failed_at(1) => Err(StoreError::ParentGone { what: "project" }),
            Err(e) if e.condition_failed_at(MAIN) || e.condition_failed_at(MAIN + 1) => {
                self.settle_create(scope, a).await
            }
            Err(e) => Err(e.into_store("assignment")),
        }
    }

    /// A create's own actions (without its parents' checks): the item and its index entry, each
    /// on the condition that it is new (first), and its change record.
    pub(super) async fn create_actions(
        self,
        scope: &TeamScope,
        a: &Assignment,
        days: u32,
        batch: Option<&Batch>,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let pk = scope.pk();
        let mut actions = vec![put_new(self.store.table(), items::assignment_item(&pk, a))?];
        if let Some(index) = items::index_item(&pk, a) {
            self.register_level(scope, Series::Assignments, window::level_of(a.range)).await?;
            actions.push(put_new(self.store.table(), index)?);
        }
        let change = Self::assignment_change(FeedAction::Created, None, Some(a));
        actions.push(self.feed_record(scope, days, change.in_batch(batch))?);
        Ok(actions)
    }

    /// A create whose item or index entry was there: done if it is this very assignment (the
    /// same create sent again), else another one has its id.
    pub(super) async fn settle_create(
        self,
        scope: &TeamScope,
        a: Assignment,
    ) -> Result<Assignment, StoreError> {
        match self.get_assignment(scope, &AssignmentRef::from(&a)).await? {
            Some(existing) if existing == a => Ok(a),
            _ => Err(StoreError::AlreadyExists { what: "assignment" }),
        }
    }

    /// Moves, resizes and/or reassigns an assignment. `current` is the assignment as the caller
    /// last read it; if it changed since, nothing is written and the answer is a conflict —
    /// unless what is stored is exactly this change (a retry of it), which answers done.
    pub async fn update_assignment(
        self,
        scope: &TeamScope,
        current: &Assignment,
        change: AssignmentChange,
    ) -> Result<Assignment, StoreError> {
        self.store.require(scope, Action::EditPlan, "update_assignment")?;
        let (next, moved) = Self::next_of(current, change)?;
        // A status alone (or nothing the days depend on) changed: the days stay as they were.
        if moved {
            self.check_total_has_days(scope, &next).await?;
        }
        let pk = scope.pk();
        let mut actions = self.parent_checks(&pk, &next)?;
        let days = self.feed_days(scope).await?;
        let (own, leaving_parents) = self.update_actions(scope, current, &next, days, None).await?;
        actions.extend(own);
        // Taking an assignment away from a person or project that is being deleted is refused
        // too: the cascade has listed it and will delete it (checked last, so indexes above hold).
        let mut leaving = Vec::new();
        for (sk, what) in leaving_parents {
            leaving.push((actions.len(), what));
            actions.push(self.not_deleting_check(&pk, sk)?);
        }
        match self.store.transact(actions).await {
            Ok(()) => Ok(next),
            Err(e) if e.condition_failed_at(0) => Err(StoreError::ParentGone { what: "person" }),
            Err(e) if e.condition_failed_at(1) => Err(StoreError::ParentGone { what: "project" }),
            Err(e) if e.condition_failed_at(MAIN) || e.condition_failed_at(MAIN + 1) => {
                self.settle_update(scope, current, next).await
            }
            Err(e) => match leaving.iter().find(|(i, _)| e.condition_failed_at(*i)) {
                Some((_, what)) => Err(StoreError::ParentGone { what }),
                None => Err(e.into_store("assignment")),
            },
        }
    }

    /// The assignment `current` as `change` makes it, checked: its version one more, what the
    /// change leaves out kept. Also answers whether its days moved (person, range or allocation).
    pub(super) fn next_of(
        current: &Assignment,
        change: AssignmentChange,
    ) -> Result<(Assignment, bool), StoreError> {
        let next = Assignment {
            id: current.id.clone(),
            person_id: change.person_id,
            project_id: change.project_id,
            range: change.range,
            allocation: change.allocation.unwrap_or(current.allocation),
            status: change.status.unwrap_or(current.status),
            version: current.version + 1,
            series: change.series.unwrap_or_else(|| current.series.clone()),
        }
        .checked()?;
        let moved = (&next.person_id, next.range, next.allocation)
            != (&current.person_id, current.range, current.allocation);
        Ok((next, moved))
    }

    /// An update's own actions (without its parents' checks): the item rewritten on the
    /// condition that it is as the caller saw it (first), its index entry, its change record;
    /// and the person or project it leaves (their sort keys), which must not be in a cascade.
    pub(super) async fn update_actions(
        self,
        scope: &TeamScope,
        current: &Assignment,
        next: &Assignment,
        days: u32,
        batch: Option<&Batch>,
    ) -> Result<(Vec<TransactWriteItem>, Vec<(String, &'static str)>), StoreError> {
        let pk = scope.pk();
        let rewrite = Rewrite {
            seen: current.into(),
            old_main: key(&pk, keys::assignment_sk(current.range.start(), &current.id)),
            new_main: items::assignment_item(&pk, next),
            old_index: items::index_key(&pk, &current.id, current.range),
            new_index: items::index_item(&pk, next),
        };
        let mut actions = self.rewrite(scope, Series::Assignments, rewrite, next.range).await?;
        let change = Self::assignment_change(FeedAction::Changed, Some(current), Some(next));
        actions.push(self.feed_record(scope, days, change.in_batch(batch))?);
        let mut leaving = Vec::new();
        if current.person_id != next.person_id {
            leaving.push((keys::person_sk(&current.person_id), "person"));
        }
        if current.project_id != next.project_id {
            leaving.push((keys::project_sk(&current.project_id), "project"));
        }
        Ok((actions, leaving))
    }

    /// An update whose item was not as the caller saw it: done if it holds this very change
    /// (the same change sent again, its answer lost with the connection), else why it changed.
    pub(super) async fn settle_update(
        self,
        scope: &TeamScope,
        current: &Assignment,
        next: Assignment,
    ) -> Result<Assignment, StoreError> {
        match self.get_assignment(scope, &AssignmentRef::from(&next)).await {
            Ok(Some(stored)) if stored == next => Ok(next),
            _ => Err(self.why_changed(scope, current).await),
        }
    }

    /// A total needs a working day to go to: refused (`NoWorkingDay`) when its person works none
    /// of its days. Reads the team's week, the person, their calendar's holidays and their time
    /// off on those days (pattern 7's reads for a total; nothing for the other kinds). A person
    /// not found is left to the write's own check (`ParentGone`).
    pub(super) async fn check_total_has_days(
        self,
        scope: &TeamScope,
        a: &Assignment,
    ) -> Result<(), StoreError> {
        let Allocation::Total(minutes) = a.allocation else {
            return Ok(());
        };
        let Some(days) = self.person_days(scope, &a.person_id, a.range).await? else {
            return Ok(());
        };
        let availability = days.availability();
        if availability.works_in(a.range) {
            return Ok(());
        }
        Err(ValidationError::NoWorkingDay {
            hours: hours_text(minutes),
            first: a.range.start().to_string(),
            last: a.range.last_day().to_string(),
        }
        .into())
    }

    /// Access pattern 8. Deletes the assignment the caller saw. Deleting one that is already gone
    /// succeeds; one that someone else changed meanwhile is a conflict.
    pub async fn delete_assignment(self, scope: &TeamScope, current: &Assignment) -> Result<(), StoreError> {
        self.store.require(scope, Action::EditPlan, "delete_assignment")?;
        let days = self.feed_days(scope).await?;
        let actions = self.delete_actions(scope, current, days, None)?;
        match self.store.transact(actions).await {
            Ok(()) => Ok(()),
            Err(e) if e.condition_failed_at(0) => self.settle_delete(scope, current).await,
            Err(e) => Err(e.into_store("assignment")),
        }
    }

    /// A delete's actions: the item on the condition that it is unchanged (first), the mark that
    /// it was deleted (gone.rs), its index entry if long, and its change record.
    pub(super) fn delete_actions(
        self,
        scope: &TeamScope,
        current: &Assignment,
        days: u32,
        batch: Option<&Batch>,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let pk = scope.pk();
        let main = key(&pk, keys::assignment_sk(current.range.start(), &current.id));
        let mut actions = vec![
            self.delete_if_unchanged(main, current.into())?,
            self.gone_mark(&pk, Series::Assignments, current.id.as_str(), current.version, current)?,
        ];
        if let Some(index) = items::index_key(&pk, &current.id, current.range) {
            actions.push(plain_delete(self.store.table(), index)?);
        }
        let change = Self::assignment_change(FeedAction::Deleted, Some(current), None);
        actions.push(self.feed_record(scope, days, change.in_batch(batch))?);
        Ok(actions)
    }

    /// A delete whose item was not as the caller saw it: done if it is gone already, else why.
    pub(super) async fn settle_delete(
        self,
        scope: &TeamScope,
        current: &Assignment,
    ) -> Result<(), StoreError> {
        match self.why_changed(scope, current).await {
            StoreError::NotFound { .. } => Ok(()),
            other => Err(other),
        }
    }

    /// The change record of an assignment's edit: about its people and projects before and after.
    pub(crate) fn assignment_change(
        action: FeedAction,
        before: Option<&Assignment>,
        after: Option<&Assignment>,
    ) -> Change {
        let id = after.or(before).map(|a| a.id.as_str()).unwrap_or_default();
        let mut change = Change::new(FeedKind::Assignment, action, id);
        for a in [before, after].into_iter().flatten() {
            change = change.about([a.person_id.as_str(), a.project_id.as_str()]);
        }
        if let Some(b) = before {
            change = change.before(b);
        }
        if let Some(a) = after {
            change = change.after(a);
        }
        change
    }

    /// Reads one assignment by where it is stored.
    pub async fn get_assignment(
        self,
        scope: &TeamScope,
        at: &AssignmentRef,
    ) -> Result<Option<Assignment>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "get_assignment")?;
        let out = self.store.get(key(scope.pk(), keys::assignment_sk(at.start_date, &at.id)), true).await?;
        out.as_ref().map(items::assignment_from_item).transpose()
    }

    /// After a failed condition: was the assignment deleted, or changed (gone.rs)?
    async fn why_changed(self, scope: &TeamScope, current: &Assignment) -> StoreError {
        let old = keys::assignment_sk(current.range.start(), &current.id);
        let parents = [keys::person_sk(&current.person_id), keys::project_sk(&current.project_id)];
        let id = current.id.as_str();
        self.changed_or_deleted(&scope.pk(), old, Series::Assignments, id, &parents, "assignment").await
    }

    /// The actions that replace a dated item the caller saw (an assignment, a time off) and its
    /// window-index entry by their new versions: the main item in place when its key stays (on
    /// the condition that it is unchanged), else a conditional delete and a put of the new key;
    /// the entry deleted when its key changes and put (its level registered first) when it has one.
    pub(super) async fn rewrite(
        self,
        scope: &TeamScope,
        series: Series,
        r: Rewrite,
        range: planner_domain::DateRange,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        let mut actions = Vec::new();
        if r.old_main.get(keys::SK) == r.new_main.get(keys::SK) {
            actions.push(self.put_if_unchanged(r.new_main, r.seen)?);
        } else {
            // Moved (its start day is in its key): the old key is left with a mark, as a delete
            // leaves one, saying it moved, so that nothing puts the item back there — a copy run
            // again — and a stale edit is told "changed", not "deleted".
            let pk = sdk::get_s(&r.new_main, keys::PK)?.to_owned();
            let id = sdk::get_s(&r.new_main, "id")?.to_owned();
            let from = sdk::get_s(&r.old_main, keys::SK)?.to_owned();
            actions.push(self.delete_if_unchanged(r.old_main, r.seen)?);
            actions.push(put_new(self.store.table(), r.new_main)?);
            actions.push(self.moved_mark(&pk, series, &id, &from)?);
        }
        let same_index_key = match (&r.old_index, &r.new_index) {
            (Some(old), Some(new)) => old.get(keys::SK) == new.get(keys::SK),
            _ => false,
        };
        if let Some(old) = r.old_index.filter(|_| !same_index_key) {
            actions.push(plain_delete(self.store.table(), old)?);
        }
        if let Some(new) = r.new_index {
            self.register_level(scope, series, window::level_of(range)).await?;
            actions.push(plain_put(self.store.table(), new)?);
        }
        Ok(actions)
    }

    /// A check that a person or project is not in a cascade delete (a missing one passes).
    pub(super) fn not_deleting_check(self, pk: &str, sk: String) -> Result<TransactWriteItem, StoreError> {
        sdk::check_at(self.store.table(), pk, sk, &format!("attribute_not_exists({DELETING})"))
    }

    /// The person and the project must exist and not be in a cascade delete.
    pub(super) fn parent_checks(
        self,
        pk: &str,
        a: &Assignment,
    ) -> Result<Vec<TransactWriteItem>, StoreError> {
        [keys::person_sk(&a.person_id), keys::project_sk(&a.project_id)]
            .into_iter()
            .map(|sk| self.parent_check(pk, sk))
            .collect()
    }

    /// A check that a person or project exists and is not in a cascade delete.
    pub(crate) fn parent_check(self, pk: &str, sk: String) -> Result<TransactWriteItem, StoreError> {
        sdk::check_at(
            self.store.table(),
            pk,
            sk,
            &format!("attribute_exists(pk) AND attribute_not_exists({DELETING})"),
        )
    }

    pub(super) fn put_if_unchanged(self, item: Item, seen: Seen) -> Result<TransactWriteItem, StoreError> {
        Ok(TransactWriteItem::builder()
            .put(
                Put::builder()
                    .table_name(self.store.table())
                    .set_item(Some(item))
                    .condition_expression(UNCHANGED)
                    .set_expression_attribute_values(Some(unchanged_values(seen)))
                    .build()
                    .map_err(StoreError::build)?,
            )
            .build())
    }

    pub(super) fn delete_if_unchanged(self, key: Item, seen: Seen) -> Result<TransactWriteItem, StoreError> {
        Ok(TransactWriteItem::builder()
            .delete(
                Delete::builder()
                    .table_name(self.store.table())
                    .set_key(Some(key))
                    .condition_expression(UNCHANGED)
                    .set_expression_attribute_values(Some(unchanged_values(seen)))
                    .build()
                    .map_err(StoreError::build)?,
            )
            .build())
    }

    /// Records that a team has window-index entries of `series` at `level`, before the first is
    /// written, so that readers never miss one. Levels are never removed; a stale one costs one
    /// empty query.
    pub(crate) async fn register_level(
        self,
        scope: &TeamScope,
        series: Series,
        level: u8,
    ) -> Result<(), StoreError> {
        let known = (scope.team().clone(), series, level);
        if self.store.known_levels.lock().unwrap_or_else(|e| e.into_inner()).contains(&known) {
            return Ok(());
        }
        // Both series' sets hold "00" (no level) from the first registration on, so that a set
        // missing from the item is damage, which the readers answer by reading every level
        // (`Plan::levels`), rather than a series without long items.
        let other = match series {
            Series::Assignments => Series::TimeOff,
            Series::TimeOff => Series::Assignments,
        };
        self.store
            .update_item()
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .set_key(Some(key(scope.pk(), keys::LEVELS)))
            .update_expression(format!(
                "ADD {} :level, {} :none",
                series.levels_attribute(),
                other.levels_attribute()
            ))
            .expression_attribute_values(
                ":level",
                aws_sdk_dynamodb::types::AttributeValue::Ss(vec![format!("{level:02}"), "00".into()]),
            )
            .expression_attribute_values(
                ":none",
                aws_sdk_dynamodb::types::AttributeValue::Ss(vec!["00".into()]),
            )
            .send()
            .await
            .map_err(classify)?;
        self.store.known_levels.lock().unwrap_or_else(|e| e.into_inner()).insert(known);
        Ok(())
    }
}

/// The stored item is still the one the caller saw: same version and same range (the start day
/// is in the key), so the index entry we compute from the caller's copy is the stored one.
const UNCHANGED: &str = "version = :seen AND endDateExclusive = :seenEnd";

/// A dated item as the caller saw it and as it is to be: keys and items (see `Plan::rewrite`).
pub(super) struct Rewrite {
    pub seen: Seen,
    pub old_main: Item,
    pub new_main: Item,
    pub old_index: Option<Item>,
    pub new_index: Option<Item>,
}

/// What the caller saw of a dated item (an assignment, a time off): its version and its end.
#[derive(Debug, Clone, Copy)]
pub(super) struct Seen {
    pub version: u64,
    pub end: Date,
}

impl From<&Assignment> for Seen {
    fn from(a: &Assignment) -> Self {
        Self { version: a.version, end: a.range.end_exclusive() }
    }
}

fn unchanged_values(
    seen: Seen,
) -> std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue> {
    std::collections::HashMap::from([
        (":seen".to_owned(), n(seen.version)),
        (":seenEnd".to_owned(), s(seen.end.to_string())),
    ])
}

pub(super) fn plain_delete(table: &str, key: Item) -> Result<TransactWriteItem, StoreError> {
    Ok(TransactWriteItem::builder()
        .delete(Delete::builder().table_name(table).set_key(Some(key)).build().map_err(StoreError::build)?)
        .build())
}
