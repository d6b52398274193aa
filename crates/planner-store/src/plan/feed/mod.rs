//! The team's change feed (docs/data-model.md, "Change record"). Every write that
//! changes what members see — assignments, people, projects, working time, time off, calendars
//! and holidays, members and roles, the team's name, default week and retention — writes a
//! change record in the same transaction as the change (a refused or conflicting edit writes
//! none); a cascade delete and an import write one summary record per run. One Query reads what
//! came after the last record a reader saw (`read.rs`); the activity screen reads it newest first.
//!
//! A record: `TEAM#{t}` / `FEED#{ms:013}#{ulid}` with who (`by`, and `who`: the name or email the
//! membership held at the time), when, what (`kind`, `item`, and `about`: the ids of the people,
//! projects and members it concerns, for the activity screen's filters), the action, and the
//! item before and after as JSON. It expires after the team's retention (`feedDays` on the
//! team's META, default [`FEED_DAYS`]): the table's TTL removes it, and a read skips one past it
//! before that.

mod check;
mod read;

pub use read::{
    ActivityFilter, FULL_READ_BACK_EVERY_MS, FeedRead, FeedReader, READ_BACK_MS, SHORT_READ_BACK_MS,
};

use crate::keys::{self, META};
use crate::plan::Plan;
use crate::sdk::{self, get_n, get_opt_s, get_s, key, n, plain_put, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem};
use planner_domain::UserId;
pub use planner_domain::{FeedAction, FeedKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How long a change record is kept unless an admin sets another period (13 months).
pub const FEED_DAYS: u32 = planner_domain::Team::DEFAULT_FEED_DAYS;
/// The shortest and longest period an admin may set.
pub const FEED_DAYS_MIN: u32 = 7;
pub const FEED_DAYS_MAX: u32 = 3660;
/// The team META attribute holding the retention in days.
pub(crate) const FEED_DAYS_ATTR: &str = "feedDays";
/// How long a store trusts the retention it read (a change by an admin on another computer
/// takes effect here within this time; one by this store at once).
const RETENTION_FRESH: std::time::Duration = std::time::Duration::from_secs(600);

/// One change, as the feed holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangeRecord {
    /// Its place in the feed: what a reader passes back to read what came after.
    pub cursor: String,
    /// RFC 3339, the writer's clock.
    pub at: String,
    pub by: UserId,
    /// The writer's name or email as their membership held it then (none for memberships made
    /// before records carried it: the member list names them).
    pub who: Option<String>,
    pub kind: FeedKind,
    pub action: FeedAction,
    /// The id of what changed.
    pub item: String,
    /// The ids of the people, projects and members it concerns.
    pub about: Vec<String>,
    /// The item before and after, as JSON (none before a create, none after a delete).
    pub before: Option<Value>,
    pub after: Option<Value>,
    /// What a run did that is not one item's change (a cascade's or an import's counts).
    pub summary: Option<Value>,
    /// The edit of many bookings at once this change is one of (`Plan::edit_many`): the
    /// activity log shows the batch as one entry with its count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch: Option<Batch>,
    /// The live view's check found the table holding other than the record says (`check.rs`):
    /// its "after" is then the table's, and no one is told of it as a change. Always false
    /// where records are not checked (the activity log shows them as written).
    #[serde(skip)]
    pub contradicted: bool,
}

/// A page of the feed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedPage {
    pub records: Vec<ChangeRecord>,
    /// Where to read on from (the last key read, or the one given when none came).
    pub cursor: Option<String>,
    /// More came after this page.
    pub more: bool,
    /// Records of the page that could not be read back: left out and named (one malformed record
    /// stops no one's activity screen or live view).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unreadable: Vec<planner_domain::Unreadable>,
}

/// A membership as a member's change record holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberState {
    pub user_id: UserId,
    pub role: planner_domain::Role,
    /// Their name or email as the membership holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub who: Option<String>,
}

/// A team's settings as its change record holds them (only what changed is there).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<planner_domain::Name>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_week: Option<planner_domain::capacity::WorkWeek>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed_days: Option<u32>,
}

/// An edit of many bookings at once, as each of its change records names it: its id (a ULID,
/// the same in every record of the edit) and how many bookings it was asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    pub id: String,
    pub count: u32,
}

/// The record attributes of a batch's id and count.
const BATCH: &str = "batch";
const BATCH_OF: &str = "batchOf";

/// A change to record, for [`Plan::feed_record`](crate::Plan::feed_record).
#[derive(Debug, Clone)]
pub(crate) struct Change {
    kind: FeedKind,
    action: FeedAction,
    item: String,
    about: Vec<String>,
    before: Option<Value>,
    after: Option<Value>,
    summary: Option<Value>,
    batch: Option<Batch>,
}

impl Change {
    pub(crate) fn new(kind: FeedKind, action: FeedAction, item: impl Into<String>) -> Self {
        Self {
            kind,
            action,
            item: item.into(),
            about: Vec::new(),
            before: None,
            after: None,
            summary: None,
            batch: None,
        }
    }

    /// One of the changes of an edit of many at once (none: a change of its own).
    pub(crate) fn in_batch(mut self, batch: Option<&Batch>) -> Self {
        self.batch = batch.cloned();
        self
    }

    pub(crate) fn summary(mut self, value: &impl Serialize) -> Self {
        self.summary = Some(serde_json::to_value(value).unwrap_or(Value::Null));
        self
    }

    /// The ids it concerns (duplicates are dropped).
    pub(crate) fn about<I: IntoIterator<Item = S>, S: Into<String>>(mut self, ids: I) -> Self {
        for id in ids {
            let id = id.into();
            if !self.about.contains(&id) {
                self.about.push(id);
            }
        }
        self
    }

    pub(crate) fn before(mut self, value: &impl Serialize) -> Self {
        self.before = Some(serde_json::to_value(value).unwrap_or(Value::Null));
        self
    }

    pub(crate) fn after(mut self, value: &impl Serialize) -> Self {
        self.after = Some(serde_json::to_value(value).unwrap_or(Value::Null));
        self
    }
}

impl Plan<'_> {
    /// The change record of an edit, for the edit's own transaction (appended last, so the
    /// edit's own conditions keep their places). `days`: the team's retention
    /// ([`Plan::feed_days`](crate::Plan::feed_days), read before the transaction).
    pub(crate) fn feed_record(
        self,
        scope: &TeamScope,
        days: u32,
        mut change: Change,
    ) -> Result<TransactWriteItem, StoreError> {
        if change.batch.is_none() {
            change.batch = self.batch.cloned();
        }
        let now = self.store.now();
        let millis = planner_domain::epoch_millis(now);
        // Records of one millisecond keep this store's order (a create and the move after it);
        // the ULID keeps writers apart.
        let seq = self.store.feed_seq.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let id = format!("{seq:010x}{}", ulid::Ulid::new());
        let mut record = key(scope.pk(), keys::feed_sk(millis, &id));
        record.insert("at".into(), s(self.store.now_rfc3339()));
        record.insert("by".into(), s(scope.user().as_str()));
        if let Some(who) = scope.who() {
            record.insert("who".into(), s(who));
        }
        record.insert("kind".into(), s(json_name(&change.kind)?));
        record.insert("action".into(), s(json_name(&change.action)?));
        record.insert("item".into(), s(change.item));
        if !change.about.is_empty() {
            record.insert("about".into(), AttributeValue::Ss(change.about));
        }
        for (name, value) in [("before", change.before), ("after", change.after), ("summary", change.summary)]
        {
            if let Some(value) = value {
                record.insert(name.into(), s(value.to_string()));
            }
        }
        if let Some(batch) = change.batch {
            record.insert(BATCH.into(), s(batch.id));
            record.insert(BATCH_OF.into(), n(batch.count));
        }
        let expires = (now + time::Duration::days(i64::from(days))).unix_timestamp();
        record.insert("expires".into(), n(expires));
        plain_put(self.store.table(), record)
    }

    /// Writes the one summary record of a run that is many requests (an import, a copy): after
    /// the run, so a run cut short writes none and its rerun writes it.
    pub(crate) async fn write_summary(
        self,
        scope: &TeamScope,
        action: FeedAction,
        summary: &impl Serialize,
    ) -> Result<(), StoreError> {
        let change = Change::new(FeedKind::Import, action, scope.team().as_str()).summary(summary);
        let record = self.feed_record(scope, self.feed_days(scope).await?, change)?;
        self.store.transact(vec![record]).await.map_err(|e| e.into_store("change record"))
    }

    /// The team's retention of change records, in days (cached for a while per store).
    pub(crate) async fn feed_days(self, scope: &TeamScope) -> Result<u32, StoreError> {
        if let Some((days, at)) = self.store.feed_days.lock().map_err(poisoned)?.get(scope.team())
            && at.elapsed() < RETENTION_FRESH
        {
            return Ok(*days);
        }
        let meta = self.store.get(key(scope.pk(), META), false).await?;
        // A damaged retention stops no edit: its records are kept the default time (and the
        // team's record is named where it is read, settings.rs).
        let days = meta.as_ref().map_or(FEED_DAYS, |m| feed_days_of(m).unwrap_or(FEED_DAYS));
        self.remember_feed_days(scope, days)?;
        Ok(days)
    }

    pub(crate) fn remember_feed_days(self, scope: &TeamScope, days: u32) -> Result<(), StoreError> {
        self.store
            .feed_days
            .lock()
            .map_err(poisoned)?
            .insert(scope.team().clone(), (days, std::time::Instant::now()));
        Ok(())
    }
}

fn poisoned<T>(_: std::sync::PoisonError<T>) -> StoreError {
    StoreError::Engine { message: "a lock was poisoned".into() }
}

/// The retention a team META holds (absent: [`FEED_DAYS`]).
pub(crate) fn feed_days_of(meta: &sdk::Item) -> Result<u32, StoreError> {
    match get_n(meta, FEED_DAYS_ATTR) {
        Ok(days) => u32::try_from(days)
            .ok()
            .filter(|d| (FEED_DAYS_MIN..=FEED_DAYS_MAX).contains(d))
            .ok_or_else(|| StoreError::corrupt(sdk::item_key(meta), "feedDays is out of range")),
        Err(_) if !meta.contains_key(FEED_DAYS_ATTR) => Ok(FEED_DAYS),
        Err(e) => Err(e),
    }
}

fn json_name<T: Serialize>(value: &T) -> Result<String, StoreError> {
    match serde_json::to_value(value) {
        Ok(Value::String(name)) => Ok(name),
        _ => Err(StoreError::Engine { message: "a change record's kind or action".into() }),
    }
}

pub(crate) fn record_from_item(item: &sdk::Item) -> Result<ChangeRecord, StoreError> {
    let corrupt = |detail: &str| StoreError::corrupt(sdk::item_key(item), detail.to_owned());
    let parse = |name: &str| -> Result<Option<Value>, StoreError> {
        get_opt_s(item, name).map(serde_json::from_str).transpose().map_err(|_| corrupt(name))
    };
    // Kind and action by the names serde gives them when written (json_name).
    let named = |name: &str| Value::String(get_s(item, name).unwrap_or_default().to_owned());
    let kind = serde_json::from_value(named("kind")).map_err(|_| corrupt("kind"))?;
    let action = serde_json::from_value(named("action")).map_err(|_| corrupt("action"))?;
    let mut about = match item.get("about") {
        Some(AttributeValue::Ss(ids)) => ids.clone(),
        _ => Vec::new(),
    };
    about.sort();
    Ok(ChangeRecord {
        cursor: get_s(item, keys::SK)?.to_owned(),
        at: get_s(item, "at")?.to_owned(),
        by: UserId::parse(get_s(item, "by")?)?,
        who: get_opt_s(item, "who").map(str::to_owned),
        kind,
        action,
        item: get_s(item, "item")?.to_owned(),
        about,
        before: parse("before")?,
        after: parse("after")?,
        summary: parse("summary")?,
        batch: match get_opt_s(item, BATCH) {
            Some(id) => Some(Batch {
                id: id.to_owned(),
                count: u32::try_from(get_n(item, BATCH_OF)?).map_err(|_| corrupt(BATCH_OF))?,
            }),
            None => None,
        },
        contradicted: false,
    })
}
