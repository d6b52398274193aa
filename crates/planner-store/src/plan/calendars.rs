//! Holiday calendars and their holidays, and a person's working time (their own working weeks
//! and their calendar): docs/data-model.md, "Capacity and figures".
//!
//! Calendars (`CAL#{id}`) and holidays (`HOL#{day}#{calendar}`) are the team's: admins change
//! them. A person's working weeks and calendar are part of the plan: planners change them.

use super::capacity_items as ci;
use super::items::{self, CALENDAR, DELETING, SCHEDULE, is_deleting};
use crate::keys;
use crate::plan::Plan;
use crate::plan::feed::{Change, FeedAction, FeedKind};
use crate::sdk::plain_put;
use crate::sdk::put_new;
use crate::sdk::{self, Item, get_s, key, n, query_all, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{ConditionCheck, Delete, TransactWriteItem, Update};
use planner_domain::capacity::Schedule;
use planner_domain::{
    Action, Calendar, CalendarId, Date, Holiday, Name, Person, Unreadable, ValidationError,
};
use std::collections::BTreeMap;

/// The most holidays one call adds (a fill of several years of a country's days fits).
pub const MAX_HOLIDAYS_AT_ONCE: usize = 1000;
/// Holidays put in one transaction with their change record (a transaction holds 100 actions).
const HOLIDAYS_PER_RECORD: usize = 99;

impl Plan<'_> {
    /// The team's holiday calendars, by name.
    pub async fn calendars(self, scope: &TeamScope) -> Result<Vec<Calendar>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "calendars")?;
        Ok(self.read_calendars(scope, self.store.strong_reads).await?.0)
    }

    /// The team's calendars, by name, and those that could not be read back (left out and named,
    /// so that one damaged calendar hides no other, nor the plan that reads them).
    pub(crate) async fn read_calendars(
        self,
        scope: &TeamScope,
        consistent: bool,
    ) -> Result<(Vec<Calendar>, Vec<Unreadable>), StoreError> {
        let rows = query_all(self.store.query_range(scope.pk(), keys::calendars_range(), consistent)).await?;
        let mut unreadable = Vec::new();
        let mut calendars = items::readable(&rows, ci::calendar_from_item, &mut unreadable);
        calendars.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
        Ok((calendars, unreadable))
    }

    /// A new calendar (`id` made by the caller: sending it again is safe). Admins only.
    pub async fn create_calendar(
        self,
        scope: &TeamScope,
        id: CalendarId,
        name: Name,
        region: Option<String>,
    ) -> Result<Calendar, StoreError> {
        self.store.require(scope, Action::ManageTeam, "create_calendar")?;
        let region = region.map(|r| Calendar::check_region(&r)).transpose()?;
        let calendar = Calendar { id, name, region, version: 1 };
        let item = ci::calendar_item(&scope.pk(), &calendar);
        let change =
            Change::new(FeedKind::Calendar, FeedAction::Created, calendar.id.as_str()).after(&calendar);
        let days = self.feed_days(scope).await?;
        let actions = vec![put_new(self.store.table(), item)?, self.feed_record(scope, days, change)?];
        let written = match self.store.transact(actions).await {
            Ok(()) => true,
            Err(e) if e.condition_failed_at(0) => false,
            Err(e) => return Err(e.into_store("calendar")),
        };
        if !written {
            match self.store.get(key(scope.pk(), keys::calendar_sk(&calendar.id)), true).await? {
                Some(existing) if ci::calendar_from_item(&existing).as_ref() == Ok(&calendar) => {}
                _ => return Err(StoreError::AlreadyExists { what: "calendar" }),
            }
        }
        Ok(calendar)
    }

    /// Renames a calendar the caller saw at `version`. Admins only.
    pub async fn rename_calendar(
        self,
        scope: &TeamScope,
        id: &CalendarId,
        version: u64,
        name: Name,
    ) -> Result<Calendar, StoreError> {
        self.store.require(scope, Action::ManageTeam, "rename_calendar")?;
        let at = key(scope.pk(), keys::calendar_sk(id));
        let current = match self.store.get(at.clone(), true).await? {
            Some(item) => ci::calendar_from_item(&item)?,
            None => return Err(StoreError::NotFound { what: "calendar" }),
        };
        if current.version != version {
            return Err(StoreError::Conflict { what: "calendar" });
        }
        let next = Calendar { name: name.clone(), version: version + 1, ..current.clone() };
        let update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(at.clone()))
            .update_expression("SET #name = :name, version = version + :one")
            .condition_expression("attribute_exists(pk) AND version = :seen")
            .expression_attribute_names("#name", "name")
            .expression_attribute_values(":name", s(name.as_str()))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":seen", n(version))
            .build()
            .map_err(StoreError::build)?;
        let change =
            Change::new(FeedKind::Calendar, FeedAction::Changed, id.as_str()).before(&current).after(&next);
        let days = self.feed_days(scope).await?;
        let actions =
            vec![TransactWriteItem::builder().update(update).build(), self.feed_record(scope, days, change)?];
        match self.store.transact(actions).await {
            Ok(()) => Ok(next),
            Err(e) if e.condition_failed_at(0) => Err(match self.store.get(at, true).await? {
                Some(_) => StoreError::Conflict { what: "calendar" },
                None => StoreError::NotFound { what: "calendar" },
            }),
            Err(e) => Err(e.into_store("calendar")),
        }
    }

    /// Deletes a calendar and its holidays (its holidays first, so that a run cut short leaves a
    /// calendar to delete again, never holidays without one). People in it are then in none.
    /// Admins only; deleting one that is gone succeeds.
    pub async fn delete_calendar(self, scope: &TeamScope, id: &CalendarId) -> Result<usize, StoreError> {
        self.store.require(scope, Action::ManageTeam, "delete_calendar")?;
        let pk = scope.pk();
        let days = query_all(
            self.store
                .query_range(&pk, keys::all_holidays_range(), true)
                .filter_expression("calendarId = :cal")
                .projection_expression("sk")
                .expression_attribute_values(":cal", s(id.as_str())),
        )
        .await?;
        let keys: Vec<Item> =
            days.iter().map(|row| Ok(key(&pk, get_s(row, keys::SK)?))).collect::<Result<_, StoreError>>()?;
        let before = self.store.get(key(&pk, keys::calendar_sk(id)), true).await?;
        let deleted = sdk::batch_delete(self.store.client(), self.store.table(), keys, |_| {}).await?;
        // Gone already: only holidays an earlier run left were deleted, and that run's record
        // says so.
        let Some(before) = before.as_ref().map(ci::calendar_from_item).transpose()? else {
            return Ok(deleted);
        };
        // The calendar with the mark that it was deleted (a copy run again must not bring it back
        // with its holidays) and its change record.
        let change = Change::new(FeedKind::Calendar, FeedAction::Deleted, id.as_str())
            .before(&before)
            .summary(&serde_json::json!({ "holidaysDeleted": deleted }));
        let record = self.feed_record(scope, self.feed_days(scope).await?, change)?;
        let condition = Some("attribute_exists(pk)".to_owned());
        match self.delete_row_with_mark(&pk, keys::calendar_sk(id), id.as_str(), condition, record).await {
            // Deleted by someone else meanwhile: their record says so.
            Ok(()) => {}
            Err(e) if e.condition_failed_at(0) => {}
            Err(e) => return Err(e.into_store("calendar")),
        }
        Ok(deleted)
    }

    /// Adds holidays to a calendar that exists: a day it has under another name is renamed, one
    /// it has as given is left as it is (neither written nor recorded). Answers how many were
    /// added or renamed. Admins only.
    pub async fn put_holidays(
        self,
        scope: &TeamScope,
        calendar: &CalendarId,
        days: Vec<(Date, Name)>,
    ) -> Result<usize, StoreError> {
        self.store.require(scope, Action::ManageTeam, "put_holidays")?;
        if days.len() > MAX_HOLIDAYS_AT_ONCE {
            return Err(ValidationError::TooManyHolidays { max: MAX_HOLIDAYS_AT_ONCE }.into());
        }
        let pk = scope.pk();
        if self.store.get(key(&pk, keys::calendar_sk(calendar)), true).await?.is_none() {
            return Err(StoreError::NotFound { what: "calendar" });
        }
        // What the calendar holds on those days already (one strong Query over their span): a day
        // it holds under the same name is neither written nor recorded; one under another name is
        // a change, recorded with the name it had; a new one an addition. A day given twice: the
        // last name given.
        let mut wanted: BTreeMap<Date, Name> = BTreeMap::new();
        for (day, name) in days {
            wanted.insert(day.as_day()?, name);
        }
        let (Some(&first), Some(&last)) = (wanted.keys().next(), wanted.keys().next_back()) else {
            return Ok(0);
        };
        let mut held = BTreeMap::new();
        for row in &self.holiday_items(scope, first, last, true).await? {
            let h = ci::holiday_from_item(row)?;
            if &h.calendar == calendar {
                held.insert(h.day, h);
            }
        }
        let (mut added, mut renamed) = (Vec::new(), Vec::new());
        for (day, name) in wanted {
            let holiday = Holiday { calendar: calendar.clone(), day, name };
            match held.get(&day) {
                Some(was) if was.name == holiday.name => {}
                Some(was) => renamed.push((was.clone(), holiday)),
                None => added.push(holiday),
            }
        }
        let count = added.len() + renamed.len();
        if count == 0 {
            return Ok(0);
        }
        // In transactions of up to 99 holidays and their change record: a fill of a few years is
        // a few records, each holding the days it put.
        let retention = self.feed_days(scope).await?;
        for chunk in added.chunks(HOLIDAYS_PER_RECORD) {
            let change =
                Change::new(FeedKind::Holidays, FeedAction::Created, calendar.as_str()).after(&chunk);
            self.put_holidays_with(scope, retention, chunk.iter(), change).await?;
        }
        for chunk in renamed.chunks(HOLIDAYS_PER_RECORD) {
            let (before, after): (Vec<Holiday>, Vec<Holiday>) = chunk.iter().cloned().unzip();
            let change = Change::new(FeedKind::Holidays, FeedAction::Changed, calendar.as_str())
                .before(&before)
                .after(&after);
            self.put_holidays_with(scope, retention, after.iter(), change).await?;
        }
        Ok(count)
    }

    /// Puts `holidays` with their change record: one transaction.
    async fn put_holidays_with(
        self,
        scope: &TeamScope,
        retention: u32,
        holidays: impl Iterator<Item = &Holiday>,
        change: Change,
    ) -> Result<(), StoreError> {
        let pk = scope.pk();
        let mut actions = Vec::with_capacity(HOLIDAYS_PER_RECORD + 1);
        for h in holidays {
            actions.push(plain_put(self.store.table(), ci::holiday_item(&pk, h))?);
        }
        actions.push(self.feed_record(scope, retention, change)?);
        self.store.transact(actions).await.map_err(|e| e.into_store("holiday"))
    }

    /// Removes one holiday (removing one that is not there succeeds). Admins only.
    pub async fn delete_holiday(
        self,
        scope: &TeamScope,
        calendar: &CalendarId,
        day: Date,
    ) -> Result<(), StoreError> {
        self.store.require(scope, Action::ManageTeam, "delete_holiday")?;
        let at = key(scope.pk(), keys::holiday_sk(day, calendar));
        // Only one that is there is deleted with a record (removing none changes nothing).
        let Some(item) = self.store.get(at.clone(), true).await? else { return Ok(()) };
        let before = ci::holiday_from_item(&item)?;
        let remove = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(at))
            .condition_expression("attribute_exists(pk)")
            .build()
            .map_err(StoreError::build)?;
        let change =
            Change::new(FeedKind::Holidays, FeedAction::Deleted, calendar.as_str()).before(&[before]);
        let days = self.feed_days(scope).await?;
        let actions =
            vec![TransactWriteItem::builder().delete(remove).build(), self.feed_record(scope, days, change)?];
        match self.store.transact(actions).await {
            Ok(()) => Ok(()),
            Err(e) if e.condition_failed_at(0) => Ok(()),
            Err(e) => Err(e.into_store("holiday")),
        }
    }

    /// Sets a person's own working weeks (`None`: the team's default week) and calendar (`None`:
    /// none), as the caller saw them at `current.version`. One request: the update, with a check
    /// that the calendar exists. Planners and admins.
    pub async fn set_working_time(
        self,
        scope: &TeamScope,
        current: &Person,
        schedule: Option<Schedule>,
        calendar: Option<CalendarId>,
    ) -> Result<Person, StoreError> {
        self.store.require(scope, Action::EditPlan, "set_working_time")?;
        let pk = scope.pk();
        let person = key(&pk, keys::person_sk(&current.id));
        let mut sets = vec!["version = version + :one"];
        let mut removes = Vec::new();
        let mut update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(person.clone()))
            .condition_expression(format!(
                "attribute_exists(pk) AND attribute_not_exists({DELETING}) AND version = :seen"
            ))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":seen", n(current.version));
        match &schedule {
            Some(sch) => {
                sets.push("#schedule = :schedule");
                update = update.expression_attribute_values(":schedule", items::schedule_value(sch));
            }
            None => removes.push("#schedule"),
        }
        match &calendar {
            Some(cal) => {
                sets.push("#calendar = :calendar");
                update = update.expression_attribute_values(":calendar", s(cal.as_str()));
            }
            None => removes.push("#calendar"),
        }
        let mut expression = format!("SET {}", sets.join(", "));
        if !removes.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removes.join(", ")));
        }
        let update = update
            .update_expression(expression)
            .expression_attribute_names("#schedule", SCHEDULE)
            .expression_attribute_names("#calendar", CALENDAR)
            .build()
            .map_err(StoreError::build)?;
        let next = Person {
            version: current.version + 1,
            schedule: schedule.clone(),
            calendar: calendar.clone(),
            ..current.clone()
        };
        let mut actions = vec![TransactWriteItem::builder().update(update).build()];
        if let Some(cal) = &calendar {
            let check = ConditionCheck::builder()
                .table_name(self.store.table())
                .set_key(Some(key(&pk, keys::calendar_sk(cal))))
                .condition_expression("attribute_exists(pk)")
                .build()
                .map_err(StoreError::build)?;
            actions.push(TransactWriteItem::builder().condition_check(check).build());
        }
        let change = Change::new(FeedKind::Person, FeedAction::Changed, current.id.as_str())
            .about([current.id.as_str()])
            .before(current)
            .after(&next);
        actions.push(self.feed_record(scope, self.feed_days(scope).await?, change)?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(next),
            Err(e) if e.condition_failed_at(1) => Err(StoreError::NotFound { what: "calendar" }),
            Err(e) if e.condition_failed_at(0) => Err(match self.store.get(person, true).await? {
                Some(item) if !is_deleting(&item) => {
                    let stored = items::person_from_item(&item)?;
                    // The same change sent again after a lost answer finds its own result.
                    if stored.version == current.version + 1
                        && stored.schedule == schedule
                        && stored.calendar == calendar
                    {
                        return Ok(stored);
                    }
                    StoreError::Conflict { what: "person" }
                }
                _ => StoreError::NotFound { what: "person" },
            }),
            Err(e) => Err(e.into_store("person")),
        }
    }
}
