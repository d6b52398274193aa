//! `rp-admin import --csv`: a sheet's bookings, time off, people or projects into a team, as
//! the app's Import does (`planner_files::import` reads and previews, the store writes all or
//! nothing): each row printed with what it does, then written unless `--dry-run`; Ctrl+C
//! cancels, and what was written is undone.

use crate::cli::{SheetDates, SheetHolds, SheetPreset};
use crate::output::{Out, printable};
use planner_domain::DateRange;
use planner_files::import::{self, DateOrder, Holds, Options, Preset, Team, Thing, What};
use planner_store::transfer::{SheetImported, SheetSummary};
use planner_store::{Store, StoreError, TeamScope};
use serde::Serialize;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub fn options(preset: SheetPreset, holds: SheetHolds, dates: Option<SheetDates>) -> Options {
    Options {
        preset: match preset {
            SheetPreset::Ours => Preset::Ours,
            SheetPreset::Float => Preset::Float,
            SheetPreset::Runn => Preset::Runn,
            SheetPreset::Generic => Preset::Generic,
        },
        holds: match holds {
            SheetHolds::Bookings => Holds::Bookings,
            SheetHolds::People => Holds::People,
            SheetHolds::Projects => Holds::Projects,
        },
        mapping: None,
        dates: dates.map(|d| match d {
            SheetDates::Iso => DateOrder::Iso,
            SheetDates::MonthFirst => DateOrder::MonthFirst,
            SheetDates::DayFirst => DateOrder::DayFirst,
        }),
    }
}

/// One row as printed (and as `--json` writes it).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RowOut<'a> {
    line: usize,
    what: &'static str,
    thing: &'static str,
    text: &'a str,
    column: Option<&'a str>,
    reason: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ImportOut<'a> {
    rows: Vec<RowOut<'a>>,
    summary: &'a SheetSummary,
    /// "previewed" (a dry run), "written", "undone" or "stuck".
    result: &'static str,
    error: Option<String>,
}

pub async fn import(
    store: &Store,
    scope: &TeamScope,
    out: &Out,
    path: &Path,
    options: Options,
    dry_run: bool,
) -> Result<(), StoreError> {
    let bytes = std::fs::read(path)
        .map_err(|e| StoreError::BadFile { message: format!("cannot read {}: {e}", path.display()) })?;
    let bad = |e: import::ImportError| StoreError::BadFile { message: format!("{}: {e}", path.display()) };
    let read = import::read(&bytes, &options).map_err(bad)?;
    let today = crate::today();
    let span = match read.span() {
        Some(span) => span,
        None => DateRange::new(today, today.add_days(1))?,
    };
    let t = store.plan().timeline(scope, span).await?;
    let preview = import::preview(&read, Team::of(&t, today));
    let file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let summary = preview.summary(&file);
    let rows: Vec<RowOut> = preview.lines.iter().map(row_out).collect();
    if !out.json {
        for r in &rows {
            let column = r.column.map(|c| format!(", column {}", printable(c))).unwrap_or_default();
            crate::output::say(&format!(
                "line {}{column}: {} {} {}: {}",
                r.line,
                r.what,
                r.thing,
                printable(r.text),
                printable(r.reason)
            ));
        }
    }
    let (result, error) = if dry_run || preview.writes.is_empty() {
        ("previewed", None)
    } else {
        let cancel = Arc::new(AtomicBool::new(false));
        let on_ctrl_c = cancel.clone();
        let watcher = tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                on_ctrl_c.store(true, Ordering::Relaxed);
            }
        });
        let json = out.json;
        let end = store
            .transfer()
            .import_sheet(scope, preview.writes.clone(), &summary, &cancel, &mut |done, of| {
                if !json && (done == of || done % 100 == 0) {
                    eprintln!("written {done}/{of}");
                }
            })
            .await;
        watcher.abort();
        match end? {
            SheetImported::Written { .. } => ("written", None),
            SheetImported::Undone { reason } => {
                ("undone", Some(reason.map_or("cancelled".into(), |e| e.to_string())))
            }
            SheetImported::Stuck { reason, undo, left } => (
                "stuck",
                Some(format!(
                    "{}; undoing it failed too ({undo}): {left} items of the import stay — run the same import again to finish it",
                    reason.map_or("cancelled".into(), |e| e.to_string())
                )),
            ),
        }
    };
    let answer = ImportOut { rows, summary: &summary, result, error: error.clone() };
    out.value(&answer, |a| {
        let s = a.summary;
        let counts = format!(
            "{} people, {} projects, {} bookings and {} time off made; {} changed; {} already there; {} skipped",
            s.people, s.projects, s.assignments, s.time_off, s.changed, s.same, s.skipped
        );
        match a.result {
            "previewed" if dry_run => format!("would import {}: {counts} (nothing written: --dry-run)", s.file),
            "previewed" | "written" => format!("imported {}: {counts}", s.file),
            _ => format!("nothing of {} was imported: {}", s.file, error.clone().unwrap_or_default()),
        }
    });
    match result {
        "undone" | "stuck" => Err(StoreError::Engine { message: "the import was not written".into() }),
        _ => Ok(()),
    }
}

fn row_out(l: &import::Line) -> RowOut<'_> {
    RowOut {
        line: l.line,
        what: match l.what {
            What::Create => "create",
            What::Change => "change",
            What::Same => "same",
            What::Skip => "skip",
        },
        thing: match l.thing {
            Thing::Person => "person",
            Thing::Project => "project",
            Thing::Booking => "booking",
            Thing::TimeOff => "time off",
        },
        text: &l.text,
        column: l.column.as_deref(),
        reason: &l.reason,
    }
}
