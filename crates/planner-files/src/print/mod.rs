//! The timeline printed: a range of days, a row a person or a project, at the zoom chosen, as a
//! PDF of landscape A4 or Letter pages — as many across as the days need and as many down as the
//! rows need, each with the title, the header of months and days and the rows' names again.
//! `layout.rs` places rows, lanes and pages; `draw.rs` draws them; `font.rs` finds the computer's
//! font with Japanese (the one thing here that reads the computer: its fonts).

mod draw;
mod font;
mod layout;

pub use font::{FontFile, japanese};
pub use layout::{Paper, RowsOf, Zoom};

use crate::FileError;
use crate::export::{ExportError, Made};
use planner_domain::{Date, DateRange};
use planner_store::Timeline;

/// What to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Print {
    pub range: DateRange,
    pub rows: RowsOf,
    pub zoom: Zoom,
    pub paper: Paper,
}

/// The words of a printed timeline, in the user's language.
#[derive(Debug, Clone, Copy)]
pub struct PrintWords {
    pub month: fn(i32, u8) -> String,
    pub printed: fn(Date) -> String,
    pub page_of: fn(usize, usize) -> String,
}

const EN_MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

impl PrintWords {
    pub const EN: PrintWords = PrintWords {
        month: |y, m| format!("{} {y}", EN_MONTHS[usize::from(m.clamp(1, 12)) - 1]),
        printed: |d| format!("Printed {d}"),
        page_of: |n, of| format!("Page {n} of {of}"),
    };
    pub const JA: PrintWords = PrintWords {
        month: |y, m| format!("{y}年{m}月"),
        printed: |d| format!("{d} 印刷"),
        page_of: |n, of| format!("{n} / {of} ページ"),
    };

    /// The words of `lang` ("ja", else English).
    pub fn of(lang: &str) -> PrintWords {
        if lang == "ja" { Self::JA } else { Self::EN }
    }
}

/// `t`'s timeline over `print.range` (at most two years) as a PDF, its text in `font` (see
/// [`japanese`]), named `timeline-{first}-to-{last}`.
pub fn timeline(
    t: &Timeline,
    print: &Print,
    font: &FontFile,
    lang: &str,
    today: Date,
) -> Result<Made, ExportError> {
    planner_domain::capacity::Report::check_range(print.range)?;
    // The font's bytes shared (a CJK collection is tens of MiB), not copied.
    let font = krilla::text::Font::new(font.data.clone().into(), font.index)
        .ok_or_else(|| FileError(format!("the font {} cannot be read", font.family)))?;
    // A person's days without work: public holidays of their calendar, and days their working
    // week (theirs, or the team's) has no hours.
    let holidays = planner_domain::capacity::holidays_by_calendar(&t.items);
    let closed = |p: &planner_domain::Person| {
        let schedule = p.schedule_or(t.team.default_week);
        let theirs = p.calendar.as_ref().and_then(|c| holidays.get(c));
        layout::closed_days(print.range, |d| {
            schedule.minutes_on(d) == 0 || theirs.is_some_and(|h| h.contains(&d))
        })
    };
    let rows = layout::rows(
        print.range,
        print.rows,
        &t.people,
        &t.projects,
        &t.items.assignments,
        &t.items.time_off,
        &closed,
    );
    let rows = layout::fit(rows, print.paper);
    let pages = layout::pages(print.range, &rows, print.paper, print.zoom);
    let words = PrintWords::of(lang);
    let sheet = draw::Sheet {
        title: t.team.name.as_str(),
        range: print.range,
        paper: print.paper,
        zoom: print.zoom,
        words: &words,
        printed: today,
    };
    let bytes =
        draw::document(&sheet, &rows, &pages, &font).map_err(|e| FileError(format!("the PDF: {e}")))?;
    let stem = format!("timeline-{}-to-{}", print.range.start(), print.range.last_day());
    Ok(Made { stem, bytes })
}

#[cfg(test)]
mod tests;
