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

/// What a printed timeline's rows are: people, or projects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PrintRows {
    People,
    Projects,
}

/// A printed timeline's zoom: how wide a day is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PrintZoom {
    Day,
    Week,
    Month,
    /// The days fitted to the paper's width.
    Fit,
}

/// The paper a timeline is printed on, landscape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum PrintPaper {
    A4,
    Letter,
}

impl PrintRows {
    pub fn to_domain(self) -> planner_app::export::RowsOf {
        match self {
            PrintRows::People => planner_app::export::RowsOf::People,
            PrintRows::Projects => planner_app::export::RowsOf::Projects,
        }
    }
}

impl PrintZoom {
    pub fn to_domain(self) -> planner_app::export::Zoom {
        match self {
            PrintZoom::Day => planner_app::export::Zoom::Day,
            PrintZoom::Week => planner_app::export::Zoom::Week,
            PrintZoom::Month => planner_app::export::Zoom::Month,
            PrintZoom::Fit => planner_app::export::Zoom::Fit,
        }
    }
}

impl PrintPaper {
    pub fn to_domain(self) -> planner_app::export::Paper {
        match self {
            PrintPaper::A4 => planner_app::export::Paper::A4,
            PrintPaper::Letter => planner_app::export::Paper::Letter,
        }
    }
}
