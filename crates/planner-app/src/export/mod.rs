//! The plan out of the app as files: the bookings' hours over a range, a line per booking and
//! week (or day), and the people and projects lists, as CSV or as an Excel workbook (the plan's
//! workbook holds the lists too). Read from one timeline read of the range, so every hour is the
//! one the rows and the report count; saved in the user's downloads folder, never over a file.
//! Any member may export (viewers too: it is what the timeline shows them).
//!
//! `sheet.rs` lays the lines out as cells, `files.rs` writes them as CSV (formulas neutralised)
//! or XLSX (`rust_xlsxwriter`: text cells are never formulas) and saves them.

mod files;
mod sheet;

use crate::AppError;
use crate::app::App;
pub(crate) use files::write_new;
use planner_domain::DateRange;
use planner_domain::capacity::{HoursInput, Period, hours_lines};
use std::path::{Path, PathBuf};

/// A file's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

/// One of the team's lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    People,
    Projects,
}

impl App {
    /// Saves the bookings' hours over `range` (at most two years), a line per booking and
    /// `period`, as `plan-{first}-to-{last}-by-{week|day}` in `folder`; an XLSX file holds the
    /// people and the projects too. Answers the file's path.
    pub async fn export_plan(
        &self,
        range: DateRange,
        period: Period,
        format: Format,
        folder: &Path,
    ) -> Result<PathBuf, AppError> {
        let t = self.read(async |store, scope| store.plan().timeline(scope, range).await).await?;
        let today = self.today()?;
        let lines = hours_lines(HoursInput {
            range,
            period,
            default_week: t.team.default_week,
            people: &t.people,
            items: &t.items,
        })?;
        let plan = sheet::plan(&t, &lines);
        let by = match period {
            Period::Week { .. } => "week",
            Period::Day => "day",
        };
        let stem = format!("plan-{}-to-{}-by-{by}", range.start(), range.last_day());
        let bytes = match format {
            Format::Csv => files::csv(&plan),
            Format::Xlsx => files::xlsx(&[plan, sheet::people(&t, today), sheet::projects(&t)])?,
        };
        files::save(folder, stem, format, bytes).await
    }

    /// Saves the team's people (with their role, group and skills today, and their working
    /// week's hours) or projects as `people-{today}` / `projects-{today}` in `folder`.
    pub async fn export_list(
        &self,
        list: Listing,
        format: Format,
        folder: &Path,
    ) -> Result<PathBuf, AppError> {
        let today = self.today()?;
        let days = DateRange::new(today, today.add_days(1))?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, days).await).await?;
        let (sheet, stem) = match list {
            Listing::People => (sheet::people(&t, today), format!("people-{today}")),
            Listing::Projects => (sheet::projects(&t), format!("projects-{today}")),
        };
        let bytes = match format {
            Format::Csv => files::csv(&sheet),
            Format::Xlsx => files::xlsx(&[sheet])?,
        };
        files::save(folder, stem, format, bytes).await
    }
}

#[cfg(test)]
#[path = "export_tests.rs"]
mod tests;
