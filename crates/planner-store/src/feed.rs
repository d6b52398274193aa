//! The team's change feed (issue #19.1; docs/data-model.md, "Change record"), first part:
//! every assignment edit writes a change record in its own transaction (a refused or
//! conflicting edit writes none), in the team's partition, and one Query reads what came after
//! the last record a reader saw. People, projects, capacity, members and the cascade and import
//! summaries are not written yet (the issue stays open for them, the live view and the activity
//! screen).

use crate::keys;
use crate::plan::plain_put;
use crate::sdk::{self, get_n, get_opt_s, get_s, key, n, s};
use crate::{Store, StoreError, TeamScope};
use aws_sdk_dynamodb::types::TransactWriteItem;
use planner_domain::{Action, UserId};
use serde::{Deserialize, Serialize};

/// How long a change record is kept (13 months): the table's TTL removes it, and a read skips
/// an expired one before that.
pub const FEED_DAYS: i64 = 396;

/// What a change record is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FeedKind {
    Assignment,
}

/// What happened to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FeedAction {
    Created,
    Changed,
    Deleted,
}

/// One change, as the feed holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangeRecord {
    /// Its place in the feed: what a reader passes back to read what came after.
    pub cursor: String,
    /// RFC 3339, the writer's clock.
    pub at: String,
    pub by: UserId,
    pub kind: FeedKind,
    pub action: FeedAction,
    /// The id of what changed.
    pub item: String,
    /// The item before and after, as JSON (none before a create, none after a delete).
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

/// A page of the feed, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FeedPage {
    pub records: Vec<ChangeRecord>,
    /// Where to read on from (the last record's cursor, or the one given when none came).
    pub cursor: Option<String>,
    /// More came after this page.
    pub more: bool,
}

impl Store {
    /// The change record of an edit, for the edit's own transaction (appended last, so the
    /// edit's own conditions keep their places).
    pub(crate) fn feed_record<T: Serialize>(
        &self,
        scope: &TeamScope,
        kind: FeedKind,
        action: FeedAction,
        item: &str,
        before: Option<&T>,
        after: Option<&T>,
    ) -> Result<TransactWriteItem, StoreError> {
        let now = self.now();
        let millis = i64::try_from(now.unix_timestamp_nanos() / 1_000_000).unwrap_or(0);
        let mut record = key(scope.pk(), keys::feed_sk(millis, &ulid::Ulid::new().to_string()));
        record.insert("at".into(), s(self.now_rfc3339()));
        record.insert("by".into(), s(scope.user().as_str()));
        record.insert("kind".into(), s(json_name(&kind)?));
        record.insert("action".into(), s(json_name(&action)?));
        record.insert("item".into(), s(item));
        for (name, value) in [("before", before), ("after", after)] {
            if let Some(value) = value {
                let text = serde_json::to_string(value)
                    .map_err(|e| StoreError::Engine { message: format!("a change record: {e}") })?;
                record.insert(name.into(), s(text));
            }
        }
        let expires = (now + time::Duration::days(FEED_DAYS)).unix_timestamp();
        record.insert("expires".into(), n(expires));
        plain_put(self.table(), record)
    }

    /// Access pattern 50. The records after `cursor` (from the feed's start without one),
    /// oldest first, at most `limit`; expired ones are skipped. Every member may read it.
    pub async fn changes_since(
        &self,
        scope: &TeamScope,
        cursor: Option<&str>,
        limit: i32,
    ) -> Result<FeedPage, StoreError> {
        self.require(scope, Action::ReadPlan, "changes_since")?;
        let (first, last) = keys::feed_range();
        let after = match cursor {
            Some(c) if c.starts_with(keys::FEED_PREFIX) && c < last.as_str() => keys::feed_after(c),
            Some(_) => return Err(planner_domain::ValidationError::Id("feed cursor".into()).into()),
            None => first,
        };
        let out = self
            .query_range(scope.pk(), (after, last), false)
            .limit(limit.clamp(1, 1000))
            .send()
            .await
            .map_err(sdk::classify)?;
        let now = self.now().unix_timestamp();
        let mut records = Vec::new();
        for item in out.items() {
            if get_n(item, "expires").is_ok_and(|t| t <= now) {
                continue;
            }
            records.push(record_from_item(item)?);
        }
        let scanned_to = out.last_evaluated_key().and_then(|k| k.get(keys::SK)).and_then(|v| v.as_s().ok());
        let cursor = scanned_to
            .cloned()
            .or_else(|| records.last().map(|r| r.cursor.clone()))
            .or_else(|| cursor.map(str::to_owned));
        Ok(FeedPage { records, cursor, more: out.last_evaluated_key().is_some() })
    }
}

fn json_name<T: Serialize>(value: &T) -> Result<String, StoreError> {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => Ok(name),
        _ => Err(StoreError::Engine { message: "a change record's kind or action".into() }),
    }
}

fn record_from_item(item: &sdk::Item) -> Result<ChangeRecord, StoreError> {
    let corrupt = |detail: &str| StoreError::corrupt(sdk::item_key(item), detail.to_owned());
    let parse = |name: &str| -> Result<Option<serde_json::Value>, StoreError> {
        get_opt_s(item, name).map(serde_json::from_str).transpose().map_err(|_| corrupt(name))
    };
    // Kind and action by the names serde gives them when written (json_name).
    let named = |name: &str| serde_json::Value::String(get_s(item, name).unwrap_or_default().to_owned());
    let kind = serde_json::from_value(named("kind")).map_err(|_| corrupt("kind"))?;
    let action = serde_json::from_value(named("action")).map_err(|_| corrupt("action"))?;
    Ok(ChangeRecord {
        cursor: get_s(item, keys::SK)?.to_owned(),
        at: get_s(item, "at")?.to_owned(),
        by: UserId::parse(get_s(item, "by")?)?,
        kind,
        action,
        item: get_s(item, "item")?.to_owned(),
        before: parse("before")?,
        after: parse("after")?,
    })
}
