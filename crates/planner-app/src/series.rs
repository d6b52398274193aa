//! Repeated bookings as the window asks for them: the days a repeat would make (shown before
//! anything is written; the repeats are then made as one edit of many), and a series' bookings
//! from a day on for "this and the following ones". Both need the team's table.

use crate::AppError;
use crate::app::App;
use planner_domain::repeat::{Repeat, Repeats};
use planner_domain::{Assignment, Date, SeriesId};

impl App {
    /// The days of the repeats `rule` makes of `first` (access pattern 67), its person's days off
    /// left out when asked.
    pub async fn repeat_days(&self, first: &Assignment, rule: Repeat) -> Result<Repeats, AppError> {
        self.read(async |store, scope| store.plan().repeat_days(scope, first, rule).await).await
    }

    /// The bookings of `series` starting on `from` or later, by start (access pattern 68).
    pub async fn series_from(&self, series: &SeriesId, from: Date) -> Result<Vec<Assignment>, AppError> {
        let mut found =
            self.read(async |store, scope| store.plan().series_from(scope, series, from).await).await?;
        found.sort_by(|a, b| a.range.start().cmp(&b.range.start()).then_with(|| a.id.cmp(&b.id)));
        Ok(found)
    }
}
