//! Capacity's edits as the window asks for them: a person's working time, time off, the team's
//! default week, holiday calendars and their holidays. One write each, in the open team's scope,
//! with its change applied to the offline copy once confirmed.

use crate::AppError;
use crate::app::{App, Changes};
use planner_cache::Change;
use planner_domain::capacity::{Schedule, WorkWeek};
use planner_domain::{Calendar, CalendarId, Date, Holiday, Name, Person, Team, TimeOff};
use planner_files::ics::holidays_from_ics;
use planner_store::{NewTimeOff, TimeOffChange};

impl Changes for TimeOff {
    fn change(&self) -> Change {
        Change::TimeOff(self.clone())
    }
}

impl Changes for Team {
    fn change(&self) -> Change {
        Change::Team(self.clone())
    }
}

impl Changes for Calendar {
    fn change(&self) -> Change {
        Change::Calendar(self.clone())
    }
}

impl App {
    /// A person's own working weeks (`None`: the team's week) and holiday calendar.
    pub async fn set_working_time(
        &self,
        current: &Person,
        schedule: Option<Schedule>,
        calendar: Option<CalendarId>,
    ) -> Result<Person, AppError> {
        self.write(async |store, scope| {
            store.plan().set_working_time(scope, current, schedule, calendar).await
        })
        .await
    }

    /// The working week of everyone without one of their own (admins).
    pub async fn set_default_week(&self, week: WorkWeek) -> Result<Team, AppError> {
        self.write(async |store, scope| store.plan().set_default_week(scope, week).await).await
    }

    pub async fn create_time_off(&self, new: NewTimeOff) -> Result<TimeOff, AppError> {
        self.write(async |store, scope| store.plan().create_time_off(scope, new).await).await
    }

    pub async fn update_time_off(
        &self,
        current: &TimeOff,
        change: TimeOffChange,
    ) -> Result<TimeOff, AppError> {
        self.write(async |store, scope| store.plan().update_time_off(scope, current, change).await).await
    }

    pub async fn delete_time_off(&self, current: &TimeOff) -> Result<(), AppError> {
        let gone = Change::TimeOffGone(current.id.clone());
        self.write_as(async |store, scope| store.plan().delete_time_off(scope, current).await, gone).await
    }

    /// The team's holiday calendars.
    pub async fn calendars(&self) -> Result<Vec<Calendar>, AppError> {
        self.read(async |store, scope| store.plan().calendars(scope).await).await
    }

    pub async fn create_calendar(
        &self,
        id: CalendarId,
        name: Name,
        region: Option<String>,
    ) -> Result<Calendar, AppError> {
        self.write(async |store, scope| store.plan().create_calendar(scope, id, name, region).await).await
    }

    pub async fn rename_calendar(
        &self,
        id: &CalendarId,
        version: u64,
        name: Name,
    ) -> Result<Calendar, AppError> {
        self.write(async |store, scope| store.plan().rename_calendar(scope, id, version, name).await).await
    }

    /// Deletes a calendar with its holidays; answers how many holidays went.
    pub async fn delete_calendar(&self, id: &CalendarId) -> Result<usize, AppError> {
        let gone = Change::CalendarGone(id.clone());
        self.write_as(async |store, scope| store.plan().delete_calendar(scope, id).await, gone).await
    }

    /// Adds holidays to a calendar (a fill from the holiday library, or days typed in).
    pub async fn put_holidays(
        &self,
        calendar: &CalendarId,
        days: Vec<(Date, Name)>,
    ) -> Result<usize, AppError> {
        let added: Vec<Holiday> = days
            .iter()
            .map(|(day, name)| Holiday { calendar: calendar.clone(), day: *day, name: name.clone() })
            .collect();
        self.write_as(
            async |store, scope| store.plan().put_holidays(scope, calendar, days).await,
            Change::Holidays(added),
        )
        .await
    }

    /// Adds the holidays of an iCalendar file's text to a calendar; answers how many.
    pub async fn import_ics(&self, calendar: &CalendarId, text: &str) -> Result<usize, AppError> {
        let days = holidays_from_ics(text)?;
        self.put_holidays(calendar, days).await
    }

    pub async fn delete_holiday(&self, calendar: &CalendarId, day: Date) -> Result<(), AppError> {
        let gone = Change::HolidayGone { calendar: calendar.clone(), day };
        self.write_as(async |store, scope| store.plan().delete_holiday(scope, calendar, day).await, gone)
            .await
    }
}
