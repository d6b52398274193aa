//! The live view: what others changed since the window last asked, read from the team's change feed
//! ([`planner_store::feed::FeedReader`]: the last seconds read again, the last minute every 15 s,
//! what was seen skipped, each record's items as the table holds them, whatever the record says), turned
//! into typed changes the window applies in place, and applied to the offline copy too (so an
//! outage shows the latest plan). The window asks about every 2 s while someone is active, less
//! when idle, never while hidden or offline (`ui/src/timeline/model/live.ts`).

use crate::AppError;
use crate::app::App;
use planner_cache::Change;
use planner_domain::{Assignment, Calendar, Holiday, Label, Person, Project, TimeOff, UserId, View};
use planner_store::feed::{
    ChangeRecord, FeedAction, FeedKind, FeedRead, FeedReader, MemberState, TeamSettings,
};
use serde::de::DeserializeOwned;

/// Pages of a hundred records one ask reads at most; past that the window reloads what it shows.
pub const LIVE_PAGES: usize = 5;

/// What changed, typed (`None` after: deleted): what the live view applies and the activity
/// screen says.
#[derive(Debug, Clone, PartialEq)]
pub enum LiveChange {
    Assignment {
        before: Option<Assignment>,
        after: Option<Assignment>,
    },
    Person {
        before: Option<Person>,
        after: Option<Person>,
    },
    Project {
        before: Option<Project>,
        after: Option<Project>,
    },
    TimeOff {
        before: Option<TimeOff>,
        after: Option<TimeOff>,
    },
    Calendar {
        before: Option<Calendar>,
        after: Option<Calendar>,
    },
    /// One of the team's groups, roles or skills.
    Label {
        before: Option<Label>,
        after: Option<Label>,
    },
    /// A view of the rows shared with the team (or one no longer shared: after is kept for
    /// oneself, and the window drops it unless it is the user's own).
    View {
        before: Option<View>,
        after: Option<View>,
    },
    /// Holidays added (or renamed) or removed in a calendar.
    Holidays {
        added: Vec<Holiday>,
        removed: Vec<Holiday>,
    },
    Member {
        before: Option<MemberState>,
        after: Option<MemberState>,
    },
    /// The team's name, default week or retention (only what changed is filled).
    Team {
        before: TeamSettings,
        after: TeamSettings,
    },
    /// An import or a copy into the team (its counts are the item's summary), or a record this
    /// version cannot read: the window reads again what it shows.
    Whole,
}

/// One change as the window hears it: who, when, what.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveItem {
    /// Its place in the feed (the activity screen's Restore and paging).
    pub cursor: String,
    pub at: String,
    pub by: UserId,
    pub who: Option<String>,
    /// Made by the user of this app (in this window or another): applied all the same (it is
    /// idempotent: the newer version wins), but not announced.
    pub mine: bool,
    /// The table holds other than the record said (the live view's check, planner-store's
    /// `feed/check.rs`): its change is the table's state, and it is not announced. The activity
    /// log's records are not checked and say false.
    pub contradicted: bool,
    pub kind: FeedKind,
    pub action: FeedAction,
    /// The id of what changed.
    pub item: String,
    pub change: LiveChange,
    /// A run's counts (a cascade's bars deleted with a person, an import's items), by name.
    pub summary: Vec<(String, u64)>,
    /// The file an import read (its summary's `file`: a sheet's name as the user chose it).
    pub source: Option<String>,
    /// The edit of many bookings it is one change of (the activity log shows one entry a batch).
    pub batch: Option<planner_store::feed::Batch>,
}

/// The answer to "what changed?".
#[derive(Debug, Clone, PartialEq)]
pub enum LiveNews {
    Changes(Vec<LiveItem>),
    /// Too much, or away too long: read again what is shown.
    Reload,
}

impl App {
    /// What changed in the open team since the last ask (the first ask reads the last minute).
    /// Offline, or signed out, or no longer a member: the error says so, as any read's does.
    pub async fn live_changes(&self) -> Result<LiveNews, AppError> {
        // The scope as last checked (by a command, or the connection check every few seconds):
        // not checked again on every ask, which would read the session and the membership each
        // time (2 strongly consistent reads: five times the ask). A change to the user's own
        // membership is in the feed itself: then it is checked at once (below).
        let p = self.kept_plan().await?;
        let mut slot = self.live.lock().await;
        if slot.as_ref().is_none_or(|(team, _)| team != p.scope.team()) {
            *slot = Some((p.scope.team().clone(), FeedReader::from(p.store.now_millis())));
        }
        let Some((_, reader)) = slot.as_mut() else { return Ok(LiveNews::Reload) };
        let read = match reader.read(&p.store, &p.scope, LIVE_PAGES).await {
            Ok(read) => {
                *self.live_answered.lock().expect("not poisoned") = Some(tokio::time::Instant::now());
                read
            }
            Err(e) => return Err(self.failed(&p, e.into(), false).await),
        };
        drop(slot);
        let records = match read {
            FeedRead::Reload => return Ok(LiveNews::Reload),
            FeedRead::Changes(records) => records,
        };
        let me = p.scope.user().as_str();
        if records.iter().any(|r| r.kind == FeedKind::Member && r.item == me) {
            // Removed (or given another role): the full check says which, and a removal is
            // refused here as on any command: nothing more of the team is read.
            self.open_plan().await?;
        }
        let mut items = Vec::with_capacity(records.len());
        for record in records {
            let item = live_item(&record, p.scope.user());
            if let (Some(copy), Some((change, removed))) = (&p.copy, copy_change(&item.change)) {
                copy.apply_live(change, removed).await;
            }
            items.push(item);
        }
        // The news in the file once, behind the answer (each written before it: a whole
        // copy's write for each change, before the window heard of any).
        if let Some(copy) = &p.copy {
            copy.write_behind();
        }
        Ok(LiveNews::Changes(items))
    }

    /// The live view reads on from `at` (epoch ms): what the window shows was read then.
    pub(crate) async fn live_from(&self, at: i64) {
        let Ok(p) = self.kept_plan().await else { return };
        *self.live.lock().await = Some((p.scope.team().clone(), FeedReader::from(at)));
    }
}

fn parsed<T: DeserializeOwned>(value: &Option<serde_json::Value>) -> Option<T> {
    value.as_ref().and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// An item's before and after: none after a delete; a record whose "after" does not parse
/// (written by a newer version of the app) is none, and the window reloads instead.
fn row<T: DeserializeOwned>(record: &ChangeRecord) -> Option<(Option<T>, Option<T>)> {
    let before = parsed(&record.before);
    if record.action == FeedAction::Deleted {
        return before.is_some().then_some((before, None));
    }
    Some((before, Some(parsed(&record.after)?)))
}

/// A record as the window applies it.
pub(crate) fn live_item(record: &ChangeRecord, me: &UserId) -> LiveItem {
    let change = match record.kind {
        FeedKind::Assignment => row(record).map(|(before, after)| LiveChange::Assignment { before, after }),
        FeedKind::Person => row(record).map(|(before, after)| LiveChange::Person { before, after }),
        FeedKind::Project => row(record).map(|(before, after)| LiveChange::Project { before, after }),
        FeedKind::TimeOff => row(record).map(|(before, after)| LiveChange::TimeOff { before, after }),
        FeedKind::Calendar => row(record).map(|(before, after)| LiveChange::Calendar { before, after }),
        FeedKind::Member => row(record).map(|(before, after)| LiveChange::Member { before, after }),
        FeedKind::Label => row(record).map(|(before, after)| LiveChange::Label { before, after }),
        FeedKind::View => row(record).map(|(before, after)| LiveChange::View { before, after }),
        FeedKind::Holidays => Some(LiveChange::Holidays {
            added: parsed(&record.after).unwrap_or_default(),
            removed: parsed(&record.before).unwrap_or_default(),
        }),
        FeedKind::Team => Some(LiveChange::Team {
            before: parsed(&record.before).unwrap_or_default(),
            after: parsed(&record.after).unwrap_or_default(),
        }),
        FeedKind::Import => Some(LiveChange::Whole),
    };
    let summary = match &record.summary {
        Some(serde_json::Value::Object(counts)) => {
            counts.iter().filter_map(|(name, n)| Some((name.clone(), n.as_u64()?))).collect()
        }
        _ => Vec::new(),
    };
    LiveItem {
        cursor: record.cursor.clone(),
        at: record.at.clone(),
        by: record.by.clone(),
        who: record.who.clone(),
        mine: &record.by == me,
        contradicted: record.contradicted,
        kind: record.kind,
        action: record.action,
        item: record.item.clone(),
        change: change.unwrap_or(LiveChange::Whole),
        summary,
        source: record
            .summary
            .as_ref()
            .and_then(|s| s.get("file"))
            .and_then(|f| f.as_str())
            .map(str::to_owned),
        batch: record.batch.clone(),
    }
}

/// The change the offline copy applies for a live one, and the version a delete removed (none:
/// the copy is read again with what the window reloads).
fn copy_change(change: &LiveChange) -> Option<(Change, Option<u64>)> {
    Some(match change {
        LiveChange::Assignment { after: Some(a), .. } => (Change::Assignment(a.clone()), None),
        LiveChange::Assignment { before: Some(b), after: None } => {
            (Change::AssignmentGone(b.id.clone()), Some(b.version))
        }
        LiveChange::Person { after: Some(r), .. } => (Change::Person(r.clone()), None),
        LiveChange::Person { before: Some(r), after: None } => {
            (Change::PersonGone(r.id.clone()), Some(r.version))
        }
        LiveChange::Project { after: Some(p), .. } => (Change::Project(p.clone()), None),
        LiveChange::Project { before: Some(p), after: None } => {
            (Change::ProjectGone(p.id.clone()), Some(p.version))
        }
        LiveChange::TimeOff { after: Some(t), .. } => (Change::TimeOff(t.clone()), None),
        LiveChange::TimeOff { before: Some(t), after: None } => {
            (Change::TimeOffGone(t.id.clone()), Some(t.version))
        }
        LiveChange::Calendar { after: Some(c), .. } => (Change::Calendar(c.clone()), None),
        LiveChange::Calendar { before: Some(c), after: None } => {
            (Change::CalendarGone(c.id.clone()), Some(c.version))
        }
        LiveChange::Label { after: Some(l), .. } => (Change::Label(l.clone()), None),
        LiveChange::Label { before: Some(l), after: None } => {
            (Change::LabelGone(l.id.clone()), Some(l.version))
        }
        LiveChange::Holidays { added, removed } if removed.is_empty() => {
            (Change::Holidays(added.clone()), None)
        }
        _ => return None,
    })
}
