//! Reading the feed: after a cursor, oldest first (access pattern 51), for a running app's live
//! view ([`FeedReader`]); before a cursor, newest first and filtered (access pattern 52), for the
//! activity screen. Both start no earlier than the team's retention, in the key condition itself,
//! so a record past it is never read even before the table's TTL removes it.

use super::{ChangeRecord, FeedKind, FeedPage, record_from_item};
use crate::keys;
use crate::plan::Plan;
use crate::sdk::{self, get_n, s};
use crate::{Store, StoreError, TeamScope};
use aws_sdk_dynamodb::types::ReturnConsumedCapacity;
use planner_domain::{Action, UserId};
use std::collections::HashMap;

/// How far before the newest record it saw a [`FeedReader`] reads again. Records are ordered by
/// the writer's clock and a read is eventually consistent, so a record can land behind one
/// already read (a writer whose clock is behind, a transaction that took longer, a replica a
/// moment late); reading the last minute again, and skipping what was seen, catches those. It
/// does so once every [`FULL_READ_BACK_EVERY_MS`], from a minute before the newest record seen
/// at the last full read-back (so none slips between two); the asks between read back
/// [`SHORT_READ_BACK_MS`] only (a replica a moment late), so that an ask while others edit does
/// not pay for the whole last minute's records every two seconds.
pub const READ_BACK_MS: i64 = 60_000;
/// How far before the newest record seen an ask between two full read-backs reads again.
pub const SHORT_READ_BACK_MS: i64 = 5_000;
/// How often (by this computer's clock) a [`FeedReader`] reads the whole [`READ_BACK_MS`] again:
/// a record landing between 5 s and a minute behind is applied at most this much later.
pub const FULL_READ_BACK_EVERY_MS: i64 = 15_000;
/// Records read per page by a [`FeedReader`].
const READER_PAGE: i32 = 100;
/// How far ahead of this computer's clock a record's key may be and still be read: a writer's
/// clock a little ahead is tolerated; a record keyed further on (a clock far off, or a planted
/// one) is not read until its time comes, so it cannot stand first in every read.
pub const AHEAD_MS: i64 = 10 * 60_000;

/// What the activity screen shows: any of these narrows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActivityFilter {
    pub kind: Option<FeedKind>,
    /// A person's, project's or member's id the record concerns.
    pub about: Option<String>,
    /// Who made the change.
    pub by: Option<UserId>,
}

/// What a [`FeedReader`] read.
#[derive(Debug, Clone, PartialEq)]
pub enum FeedRead {
    /// The records not seen before, oldest first, as the table bears them out (`check.rs`: the
    /// items they name as they are now; a record the table shows nothing of is left out).
    Changes(Vec<ChangeRecord>),
    /// Too much to apply one by one (more than the pages allowed), or the reader was away past
    /// the team's retention: reload what is in view, and read on from now.
    Reload,
}

/// A running app's place in the feed: the newest record it saw and the ids of the last
/// [`READ_BACK_MS`] (which it reads again and skips).
#[derive(Debug, Clone)]
pub struct FeedReader {
    newest_ms: i64,
    seen: HashMap<String, i64>,
    page: i32,
    /// When the last full read-back was read (`None`: none yet, the next ask reads one).
    full_at: Option<i64>,
    /// The newest record seen when the last full read-back was read: the next one reads from a
    /// minute before it, so that a record landing a minute behind just after one is not missed
    /// by the next (the newest record moves on between them).
    full_from: Option<i64>,
}

impl FeedReader {
    /// A reader that starts at `millis` (the time what is in view was read: earlier changes are
    /// in it; the ones of the last minute before it are read again and applied idempotently).
    pub fn from(millis: i64) -> Self {
        Self { newest_ms: millis, seen: HashMap::new(), page: READER_PAGE, full_at: None, full_from: None }
    }

    /// Reads `records` per page instead of a hundred (tests of what "too many" does).
    pub fn with_page_size(mut self, records: i32) -> Self {
        self.page = records.clamp(1, 1000);
        self
    }

    /// Reads what came since the last read, at most `pages` pages.
    pub async fn read(
        &mut self,
        store: &Store,
        scope: &TeamScope,
        pages: usize,
    ) -> Result<FeedRead, StoreError> {
        store.require(scope, Action::ReadPlan, "changes_since")?;
        let days = store.plan().feed_days(scope).await?;
        let now_ms = store.plan().now_millis();
        if now_ms - self.newest_ms > i64::from(days) * 86_400_000 {
            *self = Self::from(now_ms).with_page_size(self.page);
            return Ok(FeedRead::Reload);
        }
        // The whole minute again every 15 s (or after this computer's clock went back), else 5 s.
        let full = self.full_at.is_none_or(|at| now_ms < at || now_ms - at >= FULL_READ_BACK_EVERY_MS);
        let start = if full { self.full_start() } else { self.newest_ms - SHORT_READ_BACK_MS };
        let newest_before = self.newest_ms;
        // From the first key of the read-back's first millisecond (included), then after each page.
        let mut from = PageFrom::Key(keys::feed_sk(start, ""));
        let mut fresh = Vec::new();
        for _ in 0..pages {
            let page = store.plan().feed_page(scope, &from, self.page, days).await?;
            for record in page.records {
                if !self.seen.contains_key(&record.cursor) {
                    self.seen.insert(record.cursor.clone(), millis_of(&record.cursor));
                    fresh.push(record);
                }
            }
            if !page.more {
                if full {
                    self.full_at = Some(now_ms);
                    self.full_from = Some(newest_before);
                }
                self.settle(now_ms);
                // What the live view applies is what the table holds (check.rs).
                let checked = store.plan().check_records(scope, fresh, newest_before).await?;
                return Ok(FeedRead::Changes(checked));
            }
            match page.cursor {
                Some(c) => from = PageFrom::After(c),
                None => break,
            }
        }
        *self = Self::from(now_ms).with_page_size(self.page);
        Ok(FeedRead::Reload)
    }

    /// Where the next full read-back starts: a minute before the newest record seen at the last
    /// one (or now, if that is earlier).
    fn full_start(&self) -> i64 {
        self.full_from.map_or(self.newest_ms, |at| at.min(self.newest_ms)) - READ_BACK_MS
    }

    /// Moves the read-back window up to the newest record seen — never past `now_ms`: a writer
    /// whose clock runs ahead must not make every other writer's records fall behind the window —
    /// and forgets the ids before it (ids of records dated ahead stay until the window reaches
    /// them).
    fn settle(&mut self, now_ms: i64) {
        if let Some(newest) = self.seen.values().max() {
            self.newest_ms = self.newest_ms.max((*newest).min(now_ms));
        }
        // The next full read-back reads from a minute before the last one's newest record: the
        // ids since then stay, so that it skips what was seen.
        let from = self.full_start();
        self.seen.retain(|_, ms| *ms >= from);
    }
}

/// The writer's milliseconds in a record's key (`FEED#{ms:013}#…`).
pub(super) fn millis_of(cursor: &str) -> i64 {
    cursor
        .get(keys::FEED_PREFIX.len()..keys::FEED_PREFIX.len() + 13)
        .and_then(|m| m.parse().ok())
        .unwrap_or(0)
}

/// Where a page of the feed starts.
enum PageFrom {
    /// The oldest record kept.
    Start,
    /// After this record's key.
    After(String),
    /// At this key, included (a key of no record: a millisecond's first).
    Key(String),
}

fn bad_cursor() -> StoreError {
    planner_domain::ValidationError::Id("feed cursor".into()).into()
}

impl Plan<'_> {
    pub(crate) fn now_millis(self) -> i64 {
        self.store.now_millis()
    }

    /// The first key the team's retention still shows.
    fn retained_from(self, days: u32) -> String {
        keys::feed_sk(self.now_millis() - i64::from(days) * 86_400_000, "")
    }

    /// The first key not read yet: [`AHEAD_MS`] past now.
    fn horizon(self) -> String {
        keys::feed_sk(self.now_millis() + AHEAD_MS, "")
    }

    /// Access pattern 51. The records after `cursor` (from the oldest kept without one), oldest
    /// first, at most `limit`. Every member may read it.
    pub async fn changes_since(
        self,
        scope: &TeamScope,
        cursor: Option<&str>,
        limit: i32,
    ) -> Result<FeedPage, StoreError> {
        self.store.require(scope, Action::ReadPlan, "changes_since")?;
        let days = self.feed_days(scope).await?;
        let from = cursor.map_or(PageFrom::Start, |c| PageFrom::After(c.to_owned()));
        self.feed_page(scope, &from, limit, days).await
    }

    async fn feed_page(
        self,
        scope: &TeamScope,
        from: &PageFrom,
        limit: i32,
        days: u32,
    ) -> Result<FeedPage, StoreError> {
        let (_, last) = keys::feed_range();
        let kept = self.retained_from(days);
        let horizon = self.horizon();
        let (after, cursor) = match from {
            PageFrom::After(c) if c.starts_with(keys::FEED_PREFIX) && c < &last => {
                (keys::feed_after(c), Some(c.as_str()))
            }
            PageFrom::Key(k) if k.starts_with(keys::FEED_PREFIX) && k < &last => (k.clone(), None),
            PageFrom::Start => (kept.clone(), None),
            _ => return Err(bad_cursor()),
        };
        let from = after.max(kept);
        if from >= horizon {
            return Ok(FeedPage {
                records: Vec::new(),
                cursor: cursor.map(str::to_owned),
                more: false,
                unreadable: vec![],
            });
        }
        let out = self
            .store
            .query_range(scope.pk(), (from, horizon), false)
            .limit(limit.clamp(1, 1000))
            .return_consumed_capacity(ReturnConsumedCapacity::Total)
            .send()
            .await
            .map_err(sdk::classify)?;
        self.page_of(out, cursor)
    }

    /// Access pattern 52: the activity log, newest first — the records before `before` (from
    /// the newest without one), at most `limit` read (a filter may keep fewer: read on from the
    /// cursor while `more`). Every member may read it.
    pub async fn activity(
        self,
        scope: &TeamScope,
        before: Option<&str>,
        limit: i32,
        filter: &ActivityFilter,
    ) -> Result<FeedPage, StoreError> {
        self.store.require(scope, Action::ReadPlan, "activity")?;
        let days = self.feed_days(scope).await?;
        let (_, last) = keys::feed_range();
        let upto = match before {
            Some(c) if c.starts_with(keys::FEED_PREFIX) && c < last.as_str() => c.to_owned(),
            Some(_) => return Err(bad_cursor()),
            None => last,
        }
        .min(self.horizon());
        let kept = self.retained_from(days);
        if upto < kept {
            // Read past the retention (paged to the end while it moved on, or it was shortened).
            return Ok(FeedPage {
                records: Vec::new(),
                cursor: before.map(str::to_owned),
                more: false,
                unreadable: Vec::new(),
            });
        }
        let mut query = self
            .store
            .query_range(scope.pk(), (kept, upto), false)
            .scan_index_forward(false)
            .limit(limit.clamp(1, 1000))
            .return_consumed_capacity(ReturnConsumedCapacity::Total);
        let mut conditions = Vec::new();
        if let Some(kind) = filter.kind {
            conditions.push("#kind = :kind");
            query = query
                .expression_attribute_names("#kind", "kind")
                .expression_attribute_values(":kind", s(super::json_name(&kind)?));
        }
        if let Some(id) = &filter.about {
            conditions.push("contains(#about, :about)");
            query = query
                .expression_attribute_names("#about", "about")
                .expression_attribute_values(":about", s(id));
        }
        if let Some(user) = &filter.by {
            conditions.push("#by = :by");
            query = query
                .expression_attribute_names("#by", "by")
                .expression_attribute_values(":by", s(user.as_str()));
        }
        if !conditions.is_empty() {
            query = query.filter_expression(conditions.join(" AND "));
        }
        let out = query.send().await.map_err(sdk::classify)?;
        let mut page = self.page_of(out, before)?;
        // The key condition includes `before` itself.
        page.records.retain(|r| Some(r.cursor.as_str()) != before);
        Ok(page)
    }

    fn page_of(
        self,
        out: aws_sdk_dynamodb::operation::query::QueryOutput,
        cursor: Option<&str>,
    ) -> Result<FeedPage, StoreError> {
        let now = self.store.now().unix_timestamp();
        let live = out.items().iter().filter(|item| !get_n(item, "expires").is_ok_and(|t| t <= now));
        let mut unreadable = Vec::new();
        let records = crate::plan::items::readable(live, record_from_item, &mut unreadable);
        // A page's last key read, whether its record could be read or not: the next page starts
        // after it.
        let last_read = out.items().last().and_then(|i| i.get(keys::SK)).and_then(|v| v.as_s().ok());
        let scanned_to = out.last_evaluated_key().and_then(|k| k.get(keys::SK)).and_then(|v| v.as_s().ok());
        let cursor = scanned_to.or(last_read).cloned().or_else(|| cursor.map(str::to_owned));
        Ok(FeedPage { records, cursor, more: out.last_evaluated_key().is_some(), unreadable })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_gives_its_writers_milliseconds() {
        assert_eq!(millis_of(&keys::feed_sk(1_767_225_600_123, "01J")), 1_767_225_600_123);
        assert_eq!(millis_of("FEED#x"), 0);
    }

    #[test]
    fn the_reader_forgets_ids_older_than_its_read_back() {
        let mut reader = FeedReader::from(0);
        reader.seen.insert(keys::feed_sk(100_000, "a"), 100_000);
        reader.seen.insert(keys::feed_sk(30_000, "b"), 30_000);
        reader.seen.insert(keys::feed_sk(45_000, "c"), 45_000);
        reader.settle(1_000_000);
        assert_eq!(reader.newest_ms, 100_000);
        let mut kept: Vec<_> = reader.seen.values().copied().collect();
        kept.sort_unstable();
        assert_eq!(kept, [45_000, 100_000], "30 000 is more than a minute before the newest");
    }
}
