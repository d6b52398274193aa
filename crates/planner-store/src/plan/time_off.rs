//! Time off: create, change, delete (docs/data-model.md, "Capacity and figures"). Stored as assignments are
//! (`OFF#{start}#{id}`, a window-index entry `OFL#…` for a long one), so the window query reads it
//! at the same flat cost; each edit is one transaction with a check that the person exists.

use super::assignments::{Rewrite, Seen, plain_delete};
use super::capacity_items as ci;
use crate::keys::{self, Series};
use crate::plan::Plan;
use crate::plan::feed::{Change, FeedAction, FeedKind};
use crate::sdk::key;
use crate::sdk::{plain_put, put_new};
use crate::{StoreError, TeamScope, window};
use planner_domain::capacity::TimeOffKind;
use planner_domain::{Action, DateRange, PersonId, TimeOff, TimeOffId};
use serde::{Deserialize, Serialize};

/// Time off to record. The id is made by the client, so a retried create is recognised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewTimeOff {
    pub id: TimeOffId,
    pub person_id: PersonId,
    #[serde(flatten)]
    pub change: TimeOffChange,
}

/// The new days, kind and hours of a time off (its person does not change).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeOffChange {
    #[serde(flatten)]
    pub range: DateRange,
    #[serde(default)]
    pub kind: TimeOffKind,
    /// `None`: whole days.
    #[serde(default)]
    pub minutes: Option<u32>,
}

impl From<&TimeOff> for Seen {
    fn from(t: &TimeOff) -> Self {
        Self { version: t.version, end: t.range.end_exclusive() }
    }
}

/// The change record of a time off's edit.
fn time_off_change(action: FeedAction, before: Option<&TimeOff>, after: Option<&TimeOff>) -> Change {
    let Some(t) = after.or(before) else { return Change::new(FeedKind::TimeOff, action, "") };
    let mut change = Change::new(FeedKind::TimeOff, action, t.id.as_str()).about([t.person_id.as_str()]);
    if let Some(b) = before {
        change = change.before(b);
    }
    if let Some(a) = after {
        change = change.after(a);
    }
    change
}

/// Index of the main item's action: after the person's check.
const MAIN: usize = 1;

impl Plan<'_> {
    /// Records time off for a person who exists and is not being deleted. Planners and admins.
    pub async fn create_time_off(self, scope: &TeamScope, new: NewTimeOff) -> Result<TimeOff, StoreError> {
        self.store.require(scope, Action::EditPlan, "create_time_off")?;
        let NewTimeOff { id, person_id, change } = new;
        let t = TimeOff {
            id,
            person_id,
            range: change.range,
            kind: change.kind,
            minutes: change.minutes,
            version: 1,
        }
        .checked()?;
        let pk = scope.pk();
        let mut actions = vec![self.parent_check(&pk, keys::person_sk(&t.person_id))?];
        actions.push(put_new(self.store.table(), ci::time_off_item(&pk, &t))?);
        if let Some(index) = ci::time_off_index_item(&pk, &t) {
            self.register_level(scope, Series::TimeOff, window::level_of(t.range)).await?;
            actions.push(put_new(self.store.table(), index)?);
        }
        // After the conditional puts, so that their places (MAIN, MAIN + 1) name them.
        actions.push(plain_put(self.store.table(), ci::person_time_off_item(&pk, &t))?);
        let days = self.feed_days(scope).await?;
        actions.push(self.feed_record(scope, days, time_off_change(FeedAction::Created, None, Some(&t)))?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(t),
            Err(e) if e.condition_failed_at(0) => Err(StoreError::ParentGone { what: "person" }),
            Err(e) if e.condition_failed_at(MAIN) || e.condition_failed_at(MAIN + 1) => {
                match self.get_time_off(scope, &t).await? {
                    Some(existing) if existing == t => Ok(t),
                    _ => Err(StoreError::AlreadyExists { what: "time off" }),
                }
            }
            Err(e) => Err(e.into_store("time off")),
        }
    }

    /// Changes the days, kind or hours of the time off the caller saw as `current`; a conflict if
    /// someone changed it since (unless what is stored is exactly this change: a retry).
    pub async fn update_time_off(
        self,
        scope: &TeamScope,
        current: &TimeOff,
        change: TimeOffChange,
    ) -> Result<TimeOff, StoreError> {
        self.store.require(scope, Action::EditPlan, "update_time_off")?;
        let next = TimeOff {
            id: current.id.clone(),
            person_id: current.person_id.clone(),
            range: change.range,
            kind: change.kind,
            minutes: change.minutes,
            version: current.version + 1,
        }
        .checked()?;
        let pk = scope.pk();
        let mut actions = vec![self.parent_check(&pk, keys::person_sk(&next.person_id))?];
        let rewrite = Rewrite {
            seen: current.into(),
            old_main: key(&pk, keys::time_off_sk(current.range.start(), &current.id)),
            new_main: ci::time_off_item(&pk, &next),
            old_index: ci::time_off_index_key(&pk, &current.id, current.range),
            new_index: ci::time_off_index_item(&pk, &next),
        };
        actions.extend(self.rewrite(scope, Series::TimeOff, rewrite, next.range).await?);
        let (old_entry, new_entry) =
            (ci::person_time_off_key(&pk, current), ci::person_time_off_item(&pk, &next));
        if old_entry.get(keys::SK) != new_entry.get(keys::SK) {
            actions.push(plain_delete(self.store.table(), old_entry)?);
        }
        actions.push(plain_put(self.store.table(), new_entry)?);
        let days = self.feed_days(scope).await?;
        actions.push(self.feed_record(
            scope,
            days,
            time_off_change(FeedAction::Changed, Some(current), Some(&next)),
        )?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(next),
            Err(e) if e.condition_failed_at(0) => Err(StoreError::ParentGone { what: "person" }),
            Err(e) if e.condition_failed_at(MAIN) || e.condition_failed_at(MAIN + 1) => {
                match self.get_time_off(scope, &next).await {
                    Ok(Some(stored)) if stored == next => Ok(next),
                    _ => Err(self.time_off_changed(scope, current).await),
                }
            }
            Err(e) => Err(e.into_store("time off")),
        }
    }

    /// Deletes the time off the caller saw. Gone already: done; changed meanwhile: a conflict.
    pub async fn delete_time_off(self, scope: &TeamScope, current: &TimeOff) -> Result<(), StoreError> {
        self.store.require(scope, Action::EditPlan, "delete_time_off")?;
        let pk = scope.pk();
        let mut actions = vec![
            self.delete_if_unchanged(
                key(&pk, keys::time_off_sk(current.range.start(), &current.id)),
                current.into(),
            )?,
            self.gone_mark(&pk, Series::TimeOff, current.id.as_str(), current.version, current)?,
        ];
        if let Some(index) = ci::time_off_index_key(&pk, &current.id, current.range) {
            actions.push(plain_delete(self.store.table(), index)?);
        }
        actions.push(plain_delete(self.store.table(), ci::person_time_off_key(&pk, current))?);
        let days = self.feed_days(scope).await?;
        actions.push(self.feed_record(
            scope,
            days,
            time_off_change(FeedAction::Deleted, Some(current), None),
        )?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(()),
            Err(e) if e.condition_failed_at(0) => match self.time_off_changed(scope, current).await {
                StoreError::NotFound { .. } => Ok(()),
                other => Err(other),
            },
            Err(e) => Err(e.into_store("time off")),
        }
    }

    async fn get_time_off(self, scope: &TeamScope, at: &TimeOff) -> Result<Option<TimeOff>, StoreError> {
        let out = self.store.get(key(scope.pk(), keys::time_off_sk(at.range.start(), &at.id)), true).await?;
        out.as_ref().map(ci::time_off_from_item).transpose()
    }

    /// After a failed condition: deleted, or changed (gone.rs)?
    async fn time_off_changed(self, scope: &TeamScope, current: &TimeOff) -> StoreError {
        let old = keys::time_off_sk(current.range.start(), &current.id);
        let parents = [keys::person_sk(&current.person_id)];
        self.changed_or_deleted(&scope.pk(), old, Series::TimeOff, current.id.as_str(), &parents, "time off")
            .await
    }
}

impl Plan<'_> {
    /// Gives every time off of the team its person's entry, then marks the team as having them
    /// (`keys::PERSON_ENTRIES`), from when on window reads use them: for a team made before they
    /// existed (new teams have them from the start). Each entry is put in one transaction with a
    /// check that its time off is still the one read and its person not being deleted, so it is
    /// safe beside edits (which keep the entries of what they write) and to run again. Every client writing to the team must be one
    /// that keeps the entries (docs/data-model.md). Admins. Reads the whole series: not for
    /// screens. The number of entries written.
    pub async fn index_time_off_by_person(self, scope: &TeamScope) -> Result<usize, StoreError> {
        use futures::{StreamExt, TryStreamExt};
        self.store.require(scope, Action::ManageTeam, "index_time_off_by_person")?;
        let pk = scope.pk();
        let rows = crate::sdk::query_all(self.store.query_range(&pk, Series::TimeOff.all(), true)).await?;
        let mut unreadable = Vec::new();
        let found = super::items::readable(&rows, ci::time_off_from_item, &mut unreadable);
        for bad in &unreadable {
            tracing::warn!(key = %bad.key, detail = %bad.detail, "a damaged time off left without a person entry");
        }
        let written = futures::stream::iter(found.iter().map(|t| {
            let pk = pk.clone();
            async move {
                let check = aws_sdk_dynamodb::types::ConditionCheck::builder()
                    .table_name(self.store.table())
                    .set_key(Some(key(&pk, keys::time_off_sk(t.range.start(), &t.id))))
                    .condition_expression("version = :v")
                    .expression_attribute_values(":v", crate::sdk::n(t.version))
                    .build()
                    .map_err(StoreError::build)?;
                let actions = vec![
                    aws_sdk_dynamodb::types::TransactWriteItem::builder().condition_check(check).build(),
                    // Its person not being deleted: a cascade that listed the person's entries
                    // before this would leave this one behind.
                    self.parent_check(&pk, keys::person_sk(&t.person_id))?,
                    plain_put(self.store.table(), ci::person_time_off_item(&pk, t))?,
                ];
                match self.store.transact(actions).await {
                    Ok(()) => Ok(1),
                    // Changed or deleted since (that edit kept its own entry), or its person is
                    // being deleted (and the time off with them).
                    Err(e) if e.condition_failed_at(0) || e.condition_failed_at(1) => Ok(0),
                    Err(e) => Err(e.into_store("time off")),
                }
            }
        }))
        .buffer_unordered(8)
        .try_fold(0, |sum, one| async move { Ok::<_, StoreError>(sum + one) })
        .await?;
        self.mark_person_entries(scope).await?;
        Ok(written)
    }

    /// Marks the team as having every time off's person entry.
    pub(crate) async fn mark_person_entries(self, scope: &TeamScope) -> Result<(), StoreError> {
        self.store
            .update_item()
            .return_consumed_capacity(aws_sdk_dynamodb::types::ReturnConsumedCapacity::Total)
            .set_key(Some(key(scope.pk(), keys::LEVELS)))
            // (Both level sets hold "00", as `register_level` writes them: an item made here is
            // not read as a damaged one.)
            .update_expression(format!(
                "SET {} = :yes ADD {} :none, {} :none",
                keys::PERSON_ENTRIES,
                Series::Assignments.levels_attribute(),
                Series::TimeOff.levels_attribute()
            ))
            .expression_attribute_values(":yes", aws_sdk_dynamodb::types::AttributeValue::Bool(true))
            .expression_attribute_values(
                ":none",
                aws_sdk_dynamodb::types::AttributeValue::Ss(vec!["00".into()]),
            )
            .send()
            .await
            .map_err(crate::sdk::classify)?;
        Ok(())
    }
}
