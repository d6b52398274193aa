//! The plan's exports: what the window asks for.

use planner_app::export::{Format, Listing};
use planner_domain::capacity::Period;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A file's kind: CSV, or an Excel workbook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

impl From<ExportFormat> for Format {
    fn from(f: ExportFormat) -> Self {
        match f {
            ExportFormat::Csv => Format::Csv,
            ExportFormat::Xlsx => Format::Xlsx,
        }
    }
}

/// A line of the plan's export for each booking and week (from `firstWeekday`, 0 Monday), or
/// each booking and day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum ExportPeriod {
    Week {
        #[serde(rename = "firstWeekday")]
        first_weekday: u8,
    },
    Day,
}

impl From<ExportPeriod> for Period {
    fn from(p: ExportPeriod) -> Self {
        match p {
            ExportPeriod::Week { first_weekday } => Period::Week { first_weekday: first_weekday % 7 },
            ExportPeriod::Day => Period::Day,
        }
    }
}

/// One of the team's lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ExportList {
    People,
    Projects,
}

impl From<ExportList> for Listing {
    fn from(l: ExportList) -> Self {
        match l {
            ExportList::People => Listing::People,
            ExportList::Projects => Listing::Projects,
        }
    }
}
