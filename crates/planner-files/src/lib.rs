//! The plan's files, pure: bytes from the plan and the plan from bytes, with no IO of their own
//! (the app and `rp-admin` read the table and write the files) but one: `print` finds a font
//! with Japanese among the computer's (`print::japanese`). `export`: the bookings' hours over
//! a range and the team's lists as CSV or XLSX. `ics`: calendar files — a person's or the team's
//! bookings and time off out as a feed, holidays in. `import`: bookings, time off, people and
//! projects in from CSV or XLSX (this app's exports, Float's, Runn's, or any sheet mapped).
//! `print`: the timeline as a PDF of landscape pages (header and names on each).

pub mod export;
pub mod ics;
pub mod import;
pub mod print;

/// A file that could not be made (the writer's own failure: rare, and said as it is).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the file could not be made: {0}")]
pub struct FileError(pub String);
