//! Many bookings edited at once (access pattern 66): creates, moves/resizes/reassignments and
//! deletes of a selection, written in as few transactions as DynamoDB allows (at most 100
//! actions each). Each booking keeps its own conditions (the version the caller saw) and its own
//! change record, marked with the batch so that the activity log shows the edit as one entry.
//! When some bookings' conditions fail (someone else changed or deleted them, or their person or
//! project went), those are answered with why and the transaction is sent again without them:
//! the rest goes through. A check that would refuse any booking (its dates, a total with no
//! working day) refuses the whole edit before anything is written.

use super::feed::Batch;
use super::{AssignmentChange, NewAssignment};
use crate::keys;
use crate::plan::Plan;
use crate::sdk::TxError;
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::TransactWriteItem;
use planner_domain::{Action, Assignment, AssignmentId, ValidationError};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};

/// The most bookings one edit of many may hold (a repeat makes at most 500).
pub const MAX_EDITS_AT_ONCE: usize = 2_000;
/// The most actions DynamoDB takes in one transaction.
const MAX_ACTIONS: usize = 100;

/// One booking's part of an edit of many: made, changed (from the version the caller saw), or
/// deleted (as the caller saw it).
#[derive(Debug, Clone, PartialEq)]
pub enum BookingEdit {
    Create(NewAssignment),
    Update { current: Assignment, change: AssignmentChange },
    Delete(Assignment),
}

impl BookingEdit {
    /// The booking's id.
    pub fn id(&self) -> &AssignmentId {
        match self {
            BookingEdit::Create(n) => &n.id,
            BookingEdit::Update { current, .. } | BookingEdit::Delete(current) => &current.id,
        }
    }
}

/// What became of one booking of an edit of many.
#[derive(Debug, Clone, PartialEq)]
pub enum EditOutcome {
    /// Made or changed: as it is stored now.
    Written(Assignment),
    Deleted,
    /// Left as it was, and why (changed or deleted by someone else, its person or project gone).
    Failed(StoreError),
    /// Not sent: the edit was cancelled, or stopped by an error, before its turn.
    NotSent,
    /// Sent when the connection failed: it may or may not be written (reading again tells).
    Unsure,
}

/// The answer to an edit of many, booking by booking in the order asked.
#[derive(Debug, Clone, PartialEq)]
pub struct ManyEdited {
    pub batch: Batch,
    pub outcomes: Vec<EditOutcome>,
    /// Transactions sent (a resend without the failed bookings counts again).
    pub requests: u32,
    /// What stopped the edit before its end (the bookings not reached are `NotSent`).
    pub stopped: Option<StoreError>,
    /// The caller cancelled it before its end.
    pub cancelled: bool,
}

/// What the parent item of a booking must be: there and not being deleted (the booking's person
/// and project), or only not being deleted (the one it leaves; gone is fine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Need {
    NotDeleting,
    Exists,
}

/// A booking's edit made ready: its own actions, the parents it needs checked (by sort key), and
/// the state it is to have.
struct Ready {
    at: usize,
    own: Vec<TransactWriteItem>,
    parents: Vec<(String, Need, &'static str)>,
    next: Option<Assignment>,
    edit: BookingEdit,
}

impl Plan<'_> {
    /// Access pattern 66: writes `edits` (at most [`MAX_EDITS_AT_ONCE`], each booking once) as one
    /// batch, in transactions of at most 100 actions; `cancel` is read between transactions and
    /// `progress(done, of)` told after each. Refused whole (nothing written) when one booking's
    /// new state is invalid; otherwise each booking is answered on its own.
    pub async fn edit_many(
        self,
        scope: &TeamScope,
        edits: Vec<BookingEdit>,
        cancel: &AtomicBool,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<ManyEdited, StoreError> {
        self.store.require(scope, Action::EditPlan, "edit_many")?;
        if edits.is_empty() || edits.len() > MAX_EDITS_AT_ONCE {
            return Err(ValidationError::ManyBookings { max: MAX_EDITS_AT_ONCE }.into());
        }
        let mut ids = HashSet::new();
        if let Some(twice) = edits.iter().map(BookingEdit::id).find(|id| !ids.insert(*id)) {
            return Err(ValidationError::BookingTwice(twice.to_string()).into());
        }
        let count = u32::try_from(edits.len()).unwrap_or(u32::MAX);
        // An import's batch is its own (its count: the import's every write); else one made.
        let batch = self.batch.cloned().unwrap_or_else(|| Batch { id: ulid::Ulid::new().to_string(), count });
        // Every booking checked before anything is written.
        let days = self.feed_days(scope).await?;
        let mut ready = Vec::with_capacity(edits.len());
        for (at, edit) in edits.into_iter().enumerate() {
            ready.push(self.ready(scope, at, edit, days, &batch).await?);
        }
        let total = ready.len();
        let mut outcomes = vec![EditOutcome::NotSent; total];
        let (mut requests, mut stopped, mut cancelled) = (0, None, false);
        let mut queue = ready.into_iter().peekable();
        let mut done = 0;
        while queue.peek().is_some() {
            if cancel.load(Ordering::Relaxed) {
                cancelled = true;
                break;
            }
            // As many bookings as one transaction holds, their parents checked once each.
            let mut chunk: Vec<Ready> = Vec::new();
            while let Some(next) = queue.peek() {
                let parents: HashSet<&str> =
                    chunk.iter().chain([next]).flat_map(|r| r.parents.iter().map(|p| p.0.as_str())).collect();
                let own: usize = chunk.iter().chain([next]).map(|r| r.own.len()).sum();
                if !chunk.is_empty() && own + parents.len() > MAX_ACTIONS {
                    break;
                }
                chunk.extend(queue.next());
            }
            let n = chunk.len();
            match self.write_chunk(scope, chunk, &mut outcomes, &mut requests).await {
                Ok(()) => {}
                Err(e) => {
                    stopped = Some(e);
                    break;
                }
            }
            done += n;
            progress(done, total);
        }
        Ok(ManyEdited { batch, outcomes, requests, stopped, cancelled })
    }

    /// A booking's edit checked and made ready to write.
    async fn ready(
        self,
        scope: &TeamScope,
        at: usize,
        edit: BookingEdit,
        days: u32,
        batch: &Batch,
    ) -> Result<Ready, StoreError> {
        let parents_of = |a: &Assignment| {
            vec![
                (keys::person_sk(&a.person_id), Need::Exists, "person"),
                (keys::project_sk(&a.project_id), Need::Exists, "project"),
            ]
        };
        Ok(match &edit {
            BookingEdit::Create(new) => {
                let a = new.made()?;
                self.check_total_has_days(scope, &a).await?;
                let own = self.create_actions(scope, &a, days, Some(batch)).await?;
                Ready { at, own, parents: parents_of(&a), next: Some(a), edit }
            }
            BookingEdit::Update { current, change } => {
                let (next, moved) = Self::next_of(current, change.clone())?;
                if moved {
                    self.check_total_has_days(scope, &next).await?;
                }
                let (own, leaving) = self.update_actions(scope, current, &next, days, Some(batch)).await?;
                let mut parents = parents_of(&next);
                parents.extend(leaving.into_iter().map(|(sk, what)| (sk, Need::NotDeleting, what)));
                Ready { at, own, parents, next: Some(next), edit }
            }
            BookingEdit::Delete(current) => {
                let own = self.delete_actions(scope, current, days, Some(batch))?;
                Ready { at, own, parents: Vec::new(), next: None, edit }
            }
        })
    }

    /// Writes one transaction's bookings; the ones whose conditions fail are answered with why,
    /// and the rest is sent again without them. An error of the store (not a condition) stops
    /// the edit: this chunk's bookings are then `Unsure`.
    async fn write_chunk(
        self,
        scope: &TeamScope,
        mut chunk: Vec<Ready>,
        outcomes: &mut [EditOutcome],
        requests: &mut u32,
    ) -> Result<(), StoreError> {
        let pk = scope.pk();
        while !chunk.is_empty() {
            // Each parent once, with the strongest need any booking has of it.
            let mut checks: BTreeMap<String, (Need, &'static str)> = BTreeMap::new();
            for (sk, need, what) in chunk.iter().flat_map(|r| &r.parents) {
                let held = checks.entry(sk.clone()).or_insert((*need, what));
                if *need > held.0 {
                    *held = (*need, what);
                }
            }
            let mut actions = Vec::new();
            let mut check_at = Vec::new();
            for (sk, (need, what)) in &checks {
                check_at.push((actions.len(), sk.clone(), *what));
                actions.push(match need {
                    Need::Exists => self.parent_check(&pk, sk.clone())?,
                    Need::NotDeleting => self.not_deleting_check(&pk, sk.clone())?,
                });
            }
            let mut own_at = Vec::new();
            for r in &chunk {
                own_at.push(actions.len()..actions.len() + r.own.len());
                actions.extend(r.own.iter().cloned());
            }
            *requests += 1;
            let codes = match self.store.transact(actions).await {
                Ok(()) => {
                    for r in chunk {
                        outcomes[r.at] = r.next.map_or(EditOutcome::Deleted, EditOutcome::Written);
                    }
                    return Ok(());
                }
                Err(TxError::Cancelled(codes)) => codes,
                Err(TxError::Store(e)) => {
                    for r in &chunk {
                        outcomes[r.at] = EditOutcome::Unsure;
                    }
                    return Err(e);
                }
            };
            let failed = |i: &usize| codes.get(*i).is_some_and(|c| c == "ConditionalCheckFailed");
            let gone: BTreeMap<&str, &'static str> = check_at
                .iter()
                .filter(|(i, _, _)| failed(i))
                .map(|(_, sk, what)| (sk.as_str(), *what))
                .collect();
            let mut kept = Vec::new();
            let mut settled = 0;
            for (r, own) in chunk.into_iter().zip(own_at) {
                if let Some((_, what)) =
                    r.parents.iter().find_map(|(sk, _, _)| gone.get_key_value(sk.as_str()))
                {
                    outcomes[r.at] = EditOutcome::Failed(StoreError::ParentGone { what });
                    settled += 1;
                } else if own.clone().any(|i| failed(&i)) {
                    let at = r.at;
                    outcomes[at] = self.settle(scope, r).await;
                    settled += 1;
                } else {
                    kept.push(r);
                }
            }
            if settled == 0 {
                // Cancelled for no condition of ours (a limit of the engine): none is written.
                for r in &kept {
                    outcomes[r.at] = EditOutcome::Failed(StoreError::Conflict { what: "assignment" });
                }
                return Ok(());
            }
            chunk = kept;
        }
        Ok(())
    }

    /// A booking whose own condition failed: done after all (this very edit is stored: a retry),
    /// or why it was left.
    async fn settle(self, scope: &TeamScope, r: Ready) -> EditOutcome {
        let answer = match (r.edit, r.next) {
            (BookingEdit::Create(_), Some(a)) => self.settle_create(scope, a).await.map(Some),
            (BookingEdit::Update { current, .. }, Some(next)) => {
                self.settle_update(scope, &current, next).await.map(Some)
            }
            (BookingEdit::Delete(current), _) => self.settle_delete(scope, &current).await.map(|()| None),
            _ => Err(StoreError::Conflict { what: "assignment" }),
        };
        match answer {
            Ok(Some(a)) => EditOutcome::Written(a),
            Ok(None) => EditOutcome::Deleted,
            Err(e) => EditOutcome::Failed(e),
        }
    }
}
