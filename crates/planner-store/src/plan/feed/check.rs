//! What the live view may apply of a change record. A record is text in the team's partition, and
//! anyone who may write the partition can write one that says anything (a booking moved, a
//! project renamed, a holiday added, "by" a colleague). So before a record changes a screen or an
//! offline copy, the items it names are read (one BatchGetItem for a page of records) and the
//! record is rewritten to what the table holds of them:
//!
//! - an item's "after" becomes the item as it is now, whatever version the record gave it; a
//!   record whose item is not at its key any more (moved or deleted since: a later record says
//!   so) is left out;
//! - a delete stands only when its item is gone from its key and, for an assignment or a time
//!   off, its delete mark holds the version and the digest of the item the record says was
//!   deleted (`plan/gone.rs`); an item still there comes back as it is now;
//! - holidays said added stand only as the table holds them, and those said removed only when
//!   gone; the team's settings are those of its META now;
//! - a membership's record changes no one's screen (the app checks its own membership in full
//!   when one names the user), and an import's makes the window read again from the table:
//!   both are passed on as they are.
//!
//! A record the table bears out word for word is as it was; one it contradicts is marked
//! ([`ChangeRecord::contradicted`]), so that no one is told of it as someone's change.
//!
//! The first read is eventually consistent (half the units of a strong one, and it is read by
//! every member for every record). What it bears out stands: the item held what the record says
//! (a later change has its own record, read after it). A record it does not bear out (a replica a
//! moment behind a fresh record, or a record that says what never was) has its items read again
//! strongly, and that read decides, as it always did; so does a record that landed behind one
//! already applied (its item may have moved on since: borne out by a stale replica, it would put
//! back an older state over a newer one).

use super::{ChangeRecord, FeedAction, FeedKind, TeamSettings};
use crate::keys::{self, META, Series};
use crate::plan::Plan;
use crate::plan::capacity_items::{calendar_from_item, holiday_from_item, time_off_from_item};
use crate::plan::gone::{DELETED_VERSION, DIGEST, digest_of};
use crate::plan::items::{
    assignment_from_item, label_from_item, person_from_item, project_from_item, view_from_item,
};
use crate::plan::settings::team_from_meta;
use crate::sdk::{Item, batch_get, get_n, get_s, key};
use crate::{StoreError, TeamScope};
use planner_domain::{Assignment, Calendar, Holiday, Label, Person, Project, TimeOff, View};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;

/// How the check reads one kind of item that has a version: its key, from the record's JSON of
/// it; the item, as the record would write it; the series whose delete marks prove a delete.
struct Versioned {
    sk: fn(&Value) -> Option<String>,
    read: fn(&Item) -> Option<Value>,
    /// The digest a delete mark holds of the item (the JSON read back as the type it is).
    digest: Option<fn(&Value) -> Option<String>>,
    series: Option<Series>,
}

fn typed<T: DeserializeOwned>(value: &Value) -> Option<T> {
    serde_json::from_value(value.clone()).ok()
}

fn json<T: Serialize>(read: Result<T, StoreError>) -> Option<Value> {
    read.ok().and_then(|item| serde_json::to_value(item).ok())
}

fn versioned(kind: FeedKind) -> Option<Versioned> {
    Some(match kind {
        FeedKind::Assignment => Versioned {
            sk: |v| typed::<Assignment>(v).map(|a| keys::assignment_sk(a.range.start(), &a.id)),
            read: |i| json(assignment_from_item(i)),
            digest: Some(|v| digest_of(&typed::<Assignment>(v)?).ok()),
            series: Some(Series::Assignments),
        },
        FeedKind::TimeOff => Versioned {
            sk: |v| typed::<TimeOff>(v).map(|t| keys::time_off_sk(t.range.start(), &t.id)),
            read: |i| json(time_off_from_item(i)),
            digest: Some(|v| digest_of(&typed::<TimeOff>(v)?).ok()),
            series: Some(Series::TimeOff),
        },
        FeedKind::Person => Versioned {
            sk: |v| typed::<Person>(v).map(|p| keys::person_sk(&p.id)),
            read: |i| json(person_from_item(i)),
            digest: None,
            series: None,
        },
        FeedKind::Project => Versioned {
            sk: |v| typed::<Project>(v).map(|p| keys::project_sk(&p.id)),
            read: |i| json(project_from_item(i)),
            digest: None,
            series: None,
        },
        FeedKind::Calendar => Versioned {
            sk: |v| typed::<Calendar>(v).map(|c| keys::calendar_sk(&c.id)),
            read: |i| json(calendar_from_item(i)),
            digest: None,
            series: None,
        },
        FeedKind::Label => Versioned {
            sk: |v| typed::<Label>(v).map(|l| keys::label_sk(&l.id)),
            read: |i| json(label_from_item(i)),
            digest: None,
            series: None,
        },
        FeedKind::View => Versioned {
            sk: |v| typed::<View>(v).map(|x| keys::view_sk(&x.id)),
            read: |i| json(view_from_item(i)),
            digest: None,
            series: None,
        },
        FeedKind::Holidays | FeedKind::Team | FeedKind::Member | FeedKind::Import => return None,
    })
}

fn holidays(value: &Option<Value>) -> Vec<Holiday> {
    value.as_ref().and_then(typed).unwrap_or_default()
}

/// The sort keys a record's check reads.
fn wanted(record: &ChangeRecord, sks: &mut Vec<String>) {
    if let Some(kind) = versioned(record.kind) {
        let named = record.after.as_ref().or(record.before.as_ref());
        if let Some(sk) = named.and_then(kind.sk) {
            sks.push(sk);
        }
        if let (None, Some(before), Some(series)) = (&record.after, &record.before, kind.series)
            && let Some(id) = before.get("id").and_then(Value::as_str)
        {
            sks.push(series.gone_sk(id));
        }
        return;
    }
    match record.kind {
        FeedKind::Holidays => {
            let (added, removed) = (holidays(&record.after), holidays(&record.before));
            sks.extend(added.iter().chain(&removed).map(|h| keys::holiday_sk(h.day, &h.calendar)));
        }
        FeedKind::Team => sks.push(META.to_owned()),
        _ => {}
    }
}

impl Plan<'_> {
    /// Each record as the table bears it out (see the module): its items read in one eventually
    /// consistent BatchGetItem (pages of a hundred), those of a record that read does not bear out
    /// again strongly; a record the table has nothing to show for is left out. For the live view
    /// ([`super::FeedReader`]).
    /// A record keyed before `late_before` (the newest record the reader had applied) landed
    /// late: it is read strongly at once.
    pub(crate) async fn check_records(
        self,
        scope: &TeamScope,
        records: Vec<ChangeRecord>,
        late_before: i64,
    ) -> Result<Vec<ChangeRecord>, StoreError> {
        let (late, fresh): (Vec<_>, Vec<_>) = records
            .into_iter()
            .enumerate()
            .partition(|(_, r)| super::read::millis_of(&r.cursor) < late_before);
        let named: Vec<ChangeRecord> = fresh.iter().map(|(_, r)| r.clone()).collect();
        let first = self.items_named(scope, &named, false).await?;
        let now = by_sort_key(&first);
        let mut kept = Vec::with_capacity(fresh.len() + late.len());
        let mut doubted = late;
        for (at, record) in fresh {
            match checked(record.clone(), &now, scope) {
                Some(borne_out) if !borne_out.contradicted => kept.push((at, borne_out)),
                _ => doubted.push((at, record)),
            }
        }
        if !doubted.is_empty() {
            let named: Vec<ChangeRecord> = doubted.iter().map(|(_, r)| r.clone()).collect();
            let strong = self.items_named(scope, &named, true).await?;
            let now = by_sort_key(&strong);
            for (at, record) in doubted {
                let cursor = record.cursor.clone();
                match checked(record, &now, scope) {
                    Some(record) => kept.push((at, record)),
                    None => tracing::info!(
                        "change record {cursor} of team {} left out of the live view: the table does not hold what it names",
                        scope.team()
                    ),
                }
            }
            kept.sort_by_key(|(at, _)| *at);
        }
        Ok(kept.into_iter().map(|(_, record)| record).collect())
    }

    /// The items the records name, read in one BatchGetItem (pages of a hundred).
    async fn items_named(
        self,
        scope: &TeamScope,
        records: &[ChangeRecord],
        consistent: bool,
    ) -> Result<Vec<Item>, StoreError> {
        let pk = scope.pk();
        let mut sks = Vec::new();
        for record in records {
            wanted(record, &mut sks);
        }
        sks.sort();
        sks.dedup();
        if sks.is_empty() {
            return Ok(Vec::new());
        }
        let wanted = sks.iter().map(|sk| key(&pk, sk)).collect();
        batch_get(self.store.client(), self.store.table(), wanted, consistent).await
    }
}

fn by_sort_key(found: &[Item]) -> HashMap<&str, &Item> {
    found.iter().filter_map(|i| Some((get_s(i, keys::SK).ok()?, i))).collect()
}

/// `record` as the items `now` (by sort key) bear it out, or none.
fn checked(mut record: ChangeRecord, now: &HashMap<&str, &Item>, scope: &TeamScope) -> Option<ChangeRecord> {
    if let Some(kind) = versioned(record.kind) {
        let said = record.after.clone();
        let named = record.after.as_ref().or(record.before.as_ref())?;
        // A record this version cannot read is passed on: the live view reads the window again.
        let Some(sk) = (kind.sk)(named) else { return Some(record) };
        let item = now.get(sk.as_str()).and_then(|i| (kind.read)(i));
        return match (said, item) {
            (Some(said), Some(item)) => {
                record.contradicted = item != said;
                record.after = Some(item);
                Some(record)
            }
            // Moved or deleted since (a later record says so), or never there.
            (Some(_), None) => None,
            // Said deleted, and there: what is there is shown.
            (None, Some(item)) => {
                record.contradicted = true;
                record.action = FeedAction::Changed;
                record.after = Some(item);
                Some(record)
            }
            (None, None) => {
                let proven = match (kind.series, kind.digest) {
                    (Some(series), Some(digest)) => {
                        let before = record.before.as_ref()?;
                        let id = before.get("id").and_then(Value::as_str)?;
                        let mark = now.get(series.gone_sk(id).as_str())?;
                        let version = before.get("version").and_then(Value::as_i64)?;
                        !mark.contains_key("movedFrom")
                            && get_n(mark, DELETED_VERSION).ok() == Some(version)
                            && get_s(mark, DIGEST).ok() == digest(before).as_deref()
                    }
                    // A person, project or calendar is read by its id alone: not there is gone.
                    _ => true,
                };
                proven.then_some(record)
            }
        };
    }
    match record.kind {
        FeedKind::Holidays => {
            let (added, removed) = (holidays(&record.after), holidays(&record.before));
            let at = |h: &Holiday| now.get(keys::holiday_sk(h.day, &h.calendar).as_str()).copied();
            let held: Vec<Holiday> =
                added.iter().filter_map(|h| at(h).and_then(|i| holiday_from_item(i).ok())).collect();
            let gone: Vec<Holiday> = removed.iter().filter(|h| at(h).is_none()).cloned().collect();
            if held.is_empty() && gone.is_empty() {
                return None;
            }
            record.contradicted = held != added || gone != removed;
            record.after = serde_json::to_value(held).ok();
            record.before = serde_json::to_value(gone).ok();
            Some(record)
        }
        FeedKind::Team => {
            let (team, _) = team_from_meta(scope.team(), now.get(META)?);
            let said: TeamSettings = record.after.as_ref().and_then(typed).unwrap_or_default();
            let held = TeamSettings {
                name: said.name.as_ref().map(|_| team.name.clone()),
                default_week: said.default_week.map(|_| team.default_week),
                feed_days: said.feed_days.map(|_| team.feed_days),
            };
            record.contradicted = held != said;
            record.after = serde_json::to_value(held).ok();
            Some(record)
        }
        _ => Some(record),
    }
}
