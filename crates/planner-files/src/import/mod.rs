//! The plan in from spreadsheets: a CSV file or an Excel workbook of bookings and time off, of
//! people, or of projects, from this app's exports, Float's or Runn's, or any sheet with a
//! mapping of its columns. Pure, in three steps the app and `rp-admin` share:
//!
//! 1. [`read`]: the file as a table (`table.rs`), its columns found by the preset
//!    (`preset.rs`) or given, each row read as a record or a problem naming its line and
//!    column (`rows.rs`). A file that cannot be read at all is refused with a sentence.
//! 2. The caller reads the team over [`Read::span`] (its people, projects, bookings, time off).
//! 3. [`preview`]: each row held against the team (`plan.rs`): made, changed, already there or
//!    skipped with its reason, and the writes that make it so. Nothing is written here; the
//!    caller shows the preview, then writes [`Preview::writes`] (all of it, or none: see the
//!    app's `import.rs`).

mod plan;
mod preset;
mod rows;
mod table;

pub use plan::{Line, Preview, Team, Thing, What};
pub use planner_store::transfer::{SheetWrites as Writes, TimeOffWrite};
pub use preset::{DateOrder, Field, Holds, Mapping, Preset};
pub use rows::{Problem, Record, allocation_text};
pub use table::{MAX_BYTES, MAX_ROWS, Table};

use planner_domain::DateRange;

/// Why a file cannot be imported at all (a row's problem only skips the row).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file cannot be read: {0}")]
    Unreadable(String),
    #[error("the file is larger than {max_mib} MiB")]
    TooLarge { max_mib: usize },
    #[error("the file is neither a CSV file (UTF-8 or Shift_JIS text) nor an Excel workbook (.xlsx)")]
    NotText,
    #[error("the file has no header line naming its columns")]
    NoHeader,
    #[error("the file has {rows} rows; at most {max} are imported at once")]
    TooManyRows { rows: usize, max: usize },
    #[error(
        "the file is JSON, not a sheet: a whole team's export file is imported with `rp-admin import --file`"
    )]
    Json,
    #[error("the file has no rows under its header")]
    NoRows,
    #[error("line {line} of the CSV file cannot be read: {reason}")]
    Csv { line: usize, reason: String },
    #[error("the workbook cannot be read: {0}")]
    Workbook(String),
    #[error("the file has no column for {0}")]
    Missing(String),
    #[error("column {column} is not one of the file's {columns} columns")]
    NoSuchColumn { column: usize, columns: usize },
}

/// How to read a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub preset: Preset,
    pub holds: Holds,
    /// The columns chosen by hand (the preset's guess when `None`).
    pub mapping: Option<Mapping>,
    /// The order of a date's parts (the preset's when `None`).
    pub dates: Option<DateOrder>,
}

/// A file read: its header, the mapping used, and its rows as records and problems.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    pub holds: Holds,
    pub header: Vec<String>,
    pub mapping: Mapping,
    pub rows: usize,
    pub records: Vec<Record>,
    pub problems: Vec<Problem>,
}

impl Read {
    /// The days the file's bookings and time off cover (none for lists).
    pub fn span(&self) -> Option<DateRange> {
        let mut ranges = self.records.iter().filter_map(Record::range);
        let first = ranges.next()?;
        let (start, end) = ranges.fold((first.start(), first.end_exclusive()), |(s, e), r| {
            (s.min(r.start()), e.max(r.end_exclusive()))
        });
        // A window, not a booking's range: a file may span more than a booking may last.
        DateRange::window(start, end).ok()
    }
}

/// Reads `bytes` as `options` say.
pub fn read(bytes: &[u8], options: &Options) -> Result<Read, ImportError> {
    if bytes.trim_ascii_start().starts_with(b"{") {
        return Err(ImportError::Json);
    }
    let table = Table::read(bytes)?;
    let mapping = match &options.mapping {
        Some(m) => m.clone(),
        None => Mapping::guess(options.preset, options.holds, &table.header),
    };
    if let Some(&column) = mapping.0.values().find(|&&c| c >= table.header.len()) {
        return Err(ImportError::NoSuchColumn { column: column + 1, columns: table.header.len() });
    }
    required(&mapping, options.holds)?;
    if table.rows.iter().all(|r| r.iter().all(String::is_empty)) {
        return Err(ImportError::NoRows);
    }
    let dates = options.dates.unwrap_or(preset::date_order(options.preset));
    let (records, problems) = rows::read(&table, &mapping, options.holds, dates);
    Ok(Read {
        holds: options.holds,
        header: table.header,
        mapping,
        rows: table.rows.len(),
        records,
        problems,
    })
}

/// The fields a file that holds `holds` cannot do without.
fn required(m: &Mapping, holds: Holds) -> Result<(), ImportError> {
    let has = |f: Field| m.column(f).is_some();
    let missing = match holds {
        Holds::Bookings if !has(Field::Person) && !has(Field::FirstName) => Some("the person"),
        Holds::Bookings if !has(Field::Start) => Some("the first day"),
        Holds::Bookings if !has(Field::Project) && !has(Field::TimeOff) => {
            Some("the project (or the time off)")
        }
        Holds::People if !has(Field::Person) && !has(Field::FirstName) => Some("the person's name"),
        Holds::Projects if !has(Field::Project) => Some("the project's name"),
        _ => None,
    };
    missing.map_or(Ok(()), |what| Err(ImportError::Missing(what.to_owned())))
}

/// The records held against `team`, with the rows that could not be read as skipped lines.
pub fn preview(read: &Read, team: Team<'_>) -> Preview {
    let mut p = plan::preview(&read.records, team);
    p.lines.extend(read.problems.iter().map(|problem| Line {
        line: problem.line,
        what: What::Skip,
        thing: match read.holds {
            Holds::People => Thing::Person,
            Holds::Projects => Thing::Project,
            Holds::Bookings => Thing::Booking,
        },
        text: problem.row.clone(),
        column: problem.column.clone(),
        reason: problem.text.clone(),
    }));
    p.lines.sort_by_key(|l| l.line);
    p
}

#[cfg(test)]
mod tests;
