//! The plan in from a sheet: how the window asks to read it (preset, what it holds, dates,
//! columns chosen), the preview it shows, and how the import ended.

use super::IpcError;
use planner_app::import::{
    DateOrder, Field, Holds, Imported, Line, Mapping, Options, Preset, Previewed, SheetImported, Thing, What,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Whose export a sheet is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ImportPreset {
    Ours,
    Float,
    Runn,
    Generic,
}

/// What a sheet holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ImportHolds {
    Bookings,
    People,
    Projects,
}

/// The order of a date's parts when not `YYYY-MM-DD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ImportDates {
    Iso,
    MonthFirst,
    DayFirst,
}

/// What a column can say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ImportField {
    Person,
    FirstName,
    LastName,
    Project,
    Start,
    End,
    HoursPerDay,
    MinutesPerDay,
    TotalHours,
    Percent,
    Allocation,
    Status,
    TimeOff,
    Id,
    Placeholder,
    Color,
    Role,
    Group,
    Skills,
}

const FIELDS: [(ImportField, Field); 19] = [
    (ImportField::Person, Field::Person),
    (ImportField::FirstName, Field::FirstName),
    (ImportField::LastName, Field::LastName),
    (ImportField::Project, Field::Project),
    (ImportField::Start, Field::Start),
    (ImportField::End, Field::End),
    (ImportField::HoursPerDay, Field::HoursPerDay),
    (ImportField::MinutesPerDay, Field::MinutesPerDay),
    (ImportField::TotalHours, Field::TotalHours),
    (ImportField::Percent, Field::Percent),
    (ImportField::Allocation, Field::Allocation),
    (ImportField::Status, Field::Status),
    (ImportField::TimeOff, Field::TimeOff),
    (ImportField::Id, Field::Id),
    (ImportField::Placeholder, Field::Placeholder),
    (ImportField::Color, Field::Color),
    (ImportField::Role, Field::Role),
    (ImportField::Group, Field::Group),
    (ImportField::Skills, Field::Skills),
];

impl ImportField {
    fn to_domain(self) -> Field {
        FIELDS.iter().find(|(i, _)| *i == self).map_or(Field::Person, |(_, f)| *f)
    }

    fn of(field: Field) -> Self {
        FIELDS.iter().find(|(_, f)| *f == field).map_or(ImportField::Person, |(i, _)| *i)
    }
}

/// A field read from a column (0 the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportColumn {
    pub field: ImportField,
    pub column: u32,
}

/// How to read a sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportOptionsInput {
    pub preset: ImportPreset,
    pub holds: ImportHolds,
    /// The order of dates not written YYYY-MM-DD (the preset's when absent).
    #[serde(default)]
    #[ts(optional)]
    pub dates: Option<ImportDates>,
    /// The columns chosen by hand (the preset's guess when absent).
    #[serde(default)]
    #[ts(optional)]
    pub columns: Option<Vec<ImportColumn>>,
}

impl ImportOptionsInput {
    pub fn to_domain(&self) -> Options {
        Options {
            preset: match self.preset {
                ImportPreset::Ours => Preset::Ours,
                ImportPreset::Float => Preset::Float,
                ImportPreset::Runn => Preset::Runn,
                ImportPreset::Generic => Preset::Generic,
            },
            holds: match self.holds {
                ImportHolds::Bookings => Holds::Bookings,
                ImportHolds::People => Holds::People,
                ImportHolds::Projects => Holds::Projects,
            },
            dates: self.dates.map(|d| match d {
                ImportDates::Iso => DateOrder::Iso,
                ImportDates::MonthFirst => DateOrder::MonthFirst,
                ImportDates::DayFirst => DateOrder::DayFirst,
            }),
            mapping: self
                .columns
                .as_ref()
                .map(|cs| Mapping(cs.iter().map(|c| (c.field.to_domain(), c.column as usize)).collect())),
        }
    }
}

/// What a row does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ImportWhat {
    Create,
    Change,
    Same,
    Skip,
}

/// What a line is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ImportThing {
    Person,
    Project,
    Booking,
    TimeOff,
}

/// A line of the preview: a row of the file and what the import does with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportLineDto {
    /// The file's line (the header is line 1).
    pub line: u32,
    pub what: ImportWhat,
    pub thing: ImportThing,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub column: Option<String>,
    pub reason: String,
}

impl From<&Line> for ImportLineDto {
    fn from(l: &Line) -> Self {
        Self {
            line: u32::try_from(l.line).unwrap_or(u32::MAX),
            what: match l.what {
                What::Create => ImportWhat::Create,
                What::Change => ImportWhat::Change,
                What::Same => ImportWhat::Same,
                What::Skip => ImportWhat::Skip,
            },
            thing: match l.thing {
                Thing::Person => ImportThing::Person,
                Thing::Project => ImportThing::Project,
                Thing::Booking => ImportThing::Booking,
                Thing::TimeOff => ImportThing::TimeOff,
            },
            text: l.text.clone(),
            column: l.column.clone(),
            reason: l.reason.clone(),
        }
    }
}

/// A preview: the file's columns, those read and for what, and each line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportPreviewDto {
    pub header: Vec<String>,
    pub columns: Vec<ImportColumn>,
    /// The file's rows (its header not counted).
    pub rows: u32,
    pub lines: Vec<ImportLineDto>,
}

impl From<&Previewed> for ImportPreviewDto {
    fn from(p: &Previewed) -> Self {
        Self {
            header: p.read.header.clone(),
            columns: p
                .read
                .mapping
                .0
                .iter()
                .map(|(f, c)| ImportColumn { field: ImportField::of(*f), column: *c as u32 })
                .collect(),
            rows: u32::try_from(p.read.rows).unwrap_or(u32::MAX),
            lines: p.preview.lines.iter().map(ImportLineDto::from).collect(),
        }
    }
}

/// How an import ended: all written; or none of it (cancelled, or stopped by `error`, and
/// undone); or stopped and the undo stopped too (`left` items stay).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum ImportEndDto {
    Written,
    Undone {
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        error: Option<IpcError>,
    },
    Stuck {
        #[serde(skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        error: Option<IpcError>,
        undo: IpcError,
        left: u32,
    },
}

/// An import's answer: the lines it wrote (made against the team as it was then) and its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportedDto {
    pub lines: Vec<ImportLineDto>,
    pub end: ImportEndDto,
}

impl From<&Imported> for ImportedDto {
    fn from(i: &Imported) -> Self {
        let err = |e: &planner_app::StoreError| IpcError::from(&planner_app::AppError::Store(e.clone()));
        Self {
            lines: i.preview.lines.iter().map(ImportLineDto::from).collect(),
            end: match &i.end {
                SheetImported::Written { .. } => ImportEndDto::Written,
                SheetImported::Undone { reason } => ImportEndDto::Undone { error: reason.as_ref().map(err) },
                SheetImported::Stuck { reason, undo, left } => ImportEndDto::Stuck {
                    error: reason.as_ref().map(err),
                    undo: err(undo),
                    left: u32::try_from(*left).unwrap_or(u32::MAX),
                },
            },
        }
    }
}
