//! What an admin sets on the team's META: its name, its default working week, how long its
//! change records are kept. Each is one transaction with its change record; each is conditioned
//! on the META's revision (`metaRev`) that the record's "before" was read at, so two admins'
//! changes at the same moment cannot leave a record that says the wrong "before".

use crate::keys::META;
use crate::plan::Plan;
use crate::plan::feed::{
    Change, FEED_DAYS_ATTR, FEED_DAYS_MAX, FEED_DAYS_MIN, FeedAction, FeedKind, TeamSettings,
};
use crate::sdk::{Item, get_s, key, n, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
use planner_domain::capacity::WorkWeek;
use planner_domain::{Action, Name, Team, TeamId, ValidationError};

/// The META attribute counting the changes made to it here.
const REVISION: &str = "metaRev";
/// The META attribute counting the team's admins (kept by `identity/members.rs`).
pub(crate) const ADMINS: &str = "admins";

/// The team META attribute holding the default working week: seven numbers, minutes Monday
/// first (absent: Monday to Friday, 8 hours).
pub(crate) const DEFAULT_WEEK: &str = "defaultWeek";

/// The team from its META. One damaged attribute stops nothing: it reads as its default (a name:
/// the team's id; the week: Monday to Friday, 8 hours; the retention: the default), and the item
/// is named, with what was wrong, so that the screen and the log say it and an admin can set it
/// again (a setting's write reads the META through here too).
pub(crate) fn team_from_meta(team: &TeamId, item: &Item) -> (Team, Option<planner_domain::Unreadable>) {
    let mut wrong: Vec<String> = Vec::new();
    let default_week = kept(&mut wrong, week_of(item), WorkWeek::STANDARD);
    let name = get_s(item, "name")
        .map_err(|e| e.to_string())
        .and_then(|n| Name::parse(n).map_err(|e| e.to_string()))
        .map_err(|why| format!("its name: {why}"));
    let fallback = Name::parse(team.as_str()).unwrap_or_else(|_| Name::parse("?").expect("a name"));
    let name = kept(&mut wrong, name, fallback);
    let created_at = kept(
        &mut wrong,
        get_s(item, "createdAt").map(str::to_owned).map_err(|e| e.to_string()),
        String::new(),
    );
    let feed_days = kept(
        &mut wrong,
        crate::plan::feed::feed_days_of(item).map_err(|e| e.to_string()),
        crate::plan::feed::FEED_DAYS,
    );
    // Not part of the team as read, but named all the same when damaged: its id (never read: the
    // scope says which team it is), and the two counts that guard its writes (mended by the next
    // write that needs them: `set_meta` below, and the admin count's own recount).
    if get_s(item, "id").ok() != Some(team.as_str()) {
        wrong.push("its id is not the team's".to_owned());
    }
    for (attr, what) in [(REVISION, "its revision"), (ADMINS, "its count of admins")] {
        if item.get(attr).is_some_and(|v| count_of(v).is_none()) {
            wrong.push(format!("{what} is not a whole number"));
        }
    }
    let named = (!wrong.is_empty()).then(|| {
        let key = crate::sdk::item_key(item);
        tracing::warn!("the team's record is damaged, read with defaults: {key}: {}", wrong.join("; "));
        planner_domain::Unreadable { key, detail: wrong.join("; ") }
    });
    (Team { id: team.clone(), name, created_at, default_week, feed_days }, named)
}

/// A count the META keeps (its revision, its admins): a whole number, not negative.
pub(crate) fn count_of(value: &AttributeValue) -> Option<i64> {
    value.as_n().ok()?.parse().ok().filter(|c: &i64| *c >= 0)
}

/// What was read, or `default` with why it could not be (kept in `wrong`).
fn kept<T>(wrong: &mut Vec<String>, read: Result<T, String>, default: T) -> T {
    read.unwrap_or_else(|why| {
        wrong.push(why);
        default
    })
}

fn week_of(item: &Item) -> Result<WorkWeek, String> {
    match item.get(DEFAULT_WEEK) {
        None => Ok(WorkWeek::STANDARD),
        Some(AttributeValue::L(days)) if days.len() == 7 => {
            let mut minutes = [0u32; 7];
            for (slot, day) in minutes.iter_mut().zip(days) {
                *slot = day
                    .as_n()
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| "defaultWeek holds a day that is not a number".to_owned())?;
            }
            WorkWeek::new(minutes).map_err(|e| e.to_string())
        }
        Some(_) => Err("defaultWeek is not a list of seven numbers".into()),
    }
}

impl Plan<'_> {
    /// The team's own record.
    pub async fn team_meta(self, scope: &TeamScope) -> Result<Team, StoreError> {
        Ok(self.team_meta_named(scope).await?.0)
    }

    /// [`Plan::team_meta`], and its item named if an attribute was damaged (read as its default).
    pub(crate) async fn team_meta_named(
        self,
        scope: &TeamScope,
    ) -> Result<(Team, Option<planner_domain::Unreadable>), StoreError> {
        self.store.require(scope, Action::ReadPlan, "team_meta")?;
        let item = self
            .store
            .get(key(scope.pk(), META), self.store.strong_reads)
            .await?
            .ok_or(StoreError::NotFound { what: "team" })?;
        Ok(team_from_meta(scope.team(), &item))
    }

    /// Renames the team. Admins only.
    pub async fn rename_team(self, scope: &TeamScope, name: Name) -> Result<Team, StoreError> {
        self.store.require(scope, Action::ManageTeam, "rename_team")?;
        self.set_meta(scope, "#name = :value", Some(("#name", "name")), s(name.as_str()), |t| {
            let before = TeamSettings { name: Some(t.name.clone()), ..TeamSettings::default() };
            (before, TeamSettings { name: Some(name.clone()), ..TeamSettings::default() })
        })
        .await
    }

    /// Sets the working week of everyone without one of their own. Admins only.
    pub async fn set_default_week(self, scope: &TeamScope, week: WorkWeek) -> Result<Team, StoreError> {
        self.store.require(scope, Action::ManageTeam, "set_default_week")?;
        let value = AttributeValue::L(week.minutes().iter().map(|m| n(*m)).collect());
        self.set_meta(scope, &format!("{DEFAULT_WEEK} = :value"), None, value, |t| {
            let before = TeamSettings { default_week: Some(t.default_week), ..TeamSettings::default() };
            (before, TeamSettings { default_week: Some(week), ..TeamSettings::default() })
        })
        .await
    }

    /// Sets how many days the team's change records are kept (from a week to ten years). A
    /// shorter period hides older records from the next read on; the table's TTL removes each
    /// record at the time it was written with. Admins only.
    pub async fn set_feed_days(self, scope: &TeamScope, days: u32) -> Result<Team, StoreError> {
        self.store.require(scope, Action::ManageTeam, "set_feed_days")?;
        if !(FEED_DAYS_MIN..=FEED_DAYS_MAX).contains(&days) {
            return Err(ValidationError::FeedDays { min: FEED_DAYS_MIN, max: FEED_DAYS_MAX }.into());
        }
        let team = self
            .set_meta(scope, &format!("{FEED_DAYS_ATTR} = :value"), None, n(days), |t| {
                let before = TeamSettings { feed_days: Some(t.feed_days), ..TeamSettings::default() };
                (before, TeamSettings { feed_days: Some(days), ..TeamSettings::default() })
            })
            .await?;
        self.remember_feed_days(scope, days)?;
        Ok(team)
    }

    /// Sets one META attribute (`set`: `attr = :value`) with its change record, on the condition
    /// that the META is at the revision read for the record's "before".
    async fn set_meta(
        self,
        scope: &TeamScope,
        set: &str,
        name: Option<(&str, &str)>,
        value: AttributeValue,
        states: impl FnOnce(&Team) -> (TeamSettings, TeamSettings),
    ) -> Result<Team, StoreError> {
        let meta_key = key(scope.pk(), META);
        let meta =
            self.store.get(meta_key.clone(), true).await?.ok_or(StoreError::NotFound { what: "team" })?;
        let (current, _) = team_from_meta(scope.team(), &meta);
        let seen = meta.get(REVISION);
        let revision = seen.and_then(count_of);
        let (before, after) = states(&current);
        if before == after {
            // Nothing changes (the same name again): nothing written, no record.
            return Ok(current);
        }
        let days =
            if set.starts_with(FEED_DAYS_ATTR) { current.feed_days } else { self.feed_days(scope).await? };
        let mut update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(meta_key.clone()))
            .update_expression(format!("SET {set}, #rev = :rev"))
            .expression_attribute_names("#rev", REVISION)
            .expression_attribute_values(":value", value)
            .expression_attribute_values(":rev", n(revision.unwrap_or(0) + 1));
        update = match (revision, seen) {
            (Some(read), _) => {
                update.condition_expression("#rev = :seen").expression_attribute_values(":seen", n(read))
            }
            // A revision that is no count (damaged) is replaced, on the condition that it is still
            // the one read: the write mends it rather than failing for ever.
            (None, Some(damaged)) => update
                .condition_expression("#rev = :seen")
                .expression_attribute_values(":seen", damaged.clone()),
            (None, None) => {
                update.condition_expression("attribute_exists(pk) AND attribute_not_exists(#rev)")
            }
        };
        if let Some((placeholder, attr)) = name {
            update = update.expression_attribute_names(placeholder, attr);
        }
        let change = Change::new(FeedKind::Team, FeedAction::Changed, scope.team().as_str())
            .before(&before)
            .after(&after);
        let actions = vec![
            TransactWriteItem::builder().update(update.build().map_err(StoreError::build)?).build(),
            self.feed_record(scope, days, change)?,
        ];
        match self.store.transact(actions).await {
            Ok(()) => {}
            Err(e) if e.condition_failed_at(0) => return Err(StoreError::Conflict { what: "team" }),
            Err(e) => return Err(e.into_store("team")),
        }
        let TeamSettings { name, default_week, feed_days } = after;
        Ok(Team {
            name: name.unwrap_or(current.name),
            default_week: default_week.unwrap_or(current.default_week),
            feed_days: feed_days.unwrap_or(current.feed_days),
            ..current
        })
    }
}
