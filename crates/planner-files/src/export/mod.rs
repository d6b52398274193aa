//! The plan out as spreadsheets: each booking's hours over a range, a line per booking and week
//! (or day), and the people and projects lists, as CSV or as an Excel workbook (the plan's
//! workbook holds the lists too). Made from one timeline read of the range, so every hour is the
//! one the rows and the report count (`planner_domain::capacity::hours_lines`).
//!
//! `sheet.rs` lays them out as cells, `write.rs` writes cells as CSV (formulas neutralised) or
//! XLSX (text cells are never formulas).

mod sheet;
mod write;

use crate::FileError;
use planner_domain::capacity::{HoursInput, Period, hours_lines};
use planner_domain::{Date, DateRange, ValidationError};
use planner_store::Timeline;

/// A file's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Xlsx => "xlsx",
        }
    }
}

/// One of the team's lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    People,
    Projects,
}

/// A file made: its name without the extension, and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    pub stem: String,
    pub bytes: Vec<u8>,
}

/// Why an export was not made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    #[error(transparent)]
    File(#[from] FileError),
}

/// The bookings' hours over `t`'s window (`range`: at most two years), a line per booking and
/// `period`, named `plan-{first}-to-{last}-by-{week|day}`; an XLSX file holds the people (as on
/// `today`) and the projects too.
pub fn plan(
    t: &Timeline,
    range: DateRange,
    period: Period,
    format: Format,
    today: Date,
) -> Result<Made, ExportError> {
    let lines = hours_lines(HoursInput {
        range,
        period,
        default_week: t.team.default_week,
        people: &t.people,
        items: &t.items,
    })?;
    let plan = sheet::plan(t, &lines);
    let by = match period {
        Period::Week { .. } => "week",
        Period::Day => "day",
    };
    let stem = format!("plan-{}-to-{}-by-{by}", range.start(), range.last_day());
    let bytes = match format {
        Format::Csv => write::csv(&plan),
        Format::Xlsx => write::xlsx(&[plan, sheet::people(t, today), sheet::projects(t)])?,
    };
    Ok(Made { stem, bytes })
}

/// The team's people (their role, group and skills on `today`, their working week's hours then)
/// or projects, named `people-{today}` or `projects-{today}`.
pub fn list(t: &Timeline, list: Listing, format: Format, today: Date) -> Result<Made, ExportError> {
    let (sheet, stem) = match list {
        Listing::People => (sheet::people(t, today), format!("people-{today}")),
        Listing::Projects => (sheet::projects(t), format!("projects-{today}")),
    };
    let bytes = match format {
        Format::Csv => write::csv(&sheet),
        Format::Xlsx => write::xlsx(&[sheet])?,
    };
    Ok(Made { stem, bytes })
}
