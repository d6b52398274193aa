//! The plan in from a sheet (CSV or XLSX: this app's exports, Float's, Runn's, or any sheet
//! mapped), as the window and `rp-admin import --csv` ask: a preview first (the file read by
//! `planner_files::import` and held against the team over the file's days; nothing written),
//! then the same preview made again against the team as it is then and written all or nothing
//! (`Transfer::import_sheet`, access pattern 69), cancellable by another call while it runs.

use crate::AppError;
use crate::app::App;
use planner_cache::Change;
use planner_domain::DateRange;
use planner_files::import::{self, Team};

// What the import's calls take and give, for the shell (which names them through here).
pub use planner_files::import::{
    DateOrder, Field, Holds, ImportError, Line, MAX_BYTES, Mapping, Options, Preset, Preview, Read, Thing,
    What,
};
pub use planner_store::transfer::SheetImported;

/// A preview: the file as read (its header and the columns used) and what importing it does.
#[derive(Debug, Clone)]
pub struct Previewed {
    pub read: Read,
    pub preview: Preview,
}

/// An import's end: the preview it wrote (made against the team as it was then) and how the
/// writing ended.
#[derive(Debug, Clone)]
pub struct Imported {
    pub preview: Preview,
    pub end: SheetImported,
}

impl App {
    /// Reads `bytes` as `options` say and holds each row against the team: what would be made,
    /// changed, found already there or skipped (and why). Nothing is written.
    pub async fn import_preview(&self, bytes: &[u8], options: &Options) -> Result<Previewed, AppError> {
        let read = import::read(bytes, options)?;
        let today = self.today()?;
        let span = match read.span() {
            Some(span) => span,
            None => DateRange::new(today, today.add_days(1))?,
        };
        let t = self.read(async |store, scope| store.plan().timeline(scope, span).await).await?;
        let preview = import::preview(&read, Team::of(&t, today));
        Ok(Previewed { read, preview })
    }

    /// Imports `bytes` (named `file`, as the user chose it): the preview made again against
    /// the team as it is now, then written all or nothing. `key`: the window's name for the
    /// run, which [`App::cancel_edit`] takes; `progress(done, of)` as items are written.
    pub async fn import_sheet(
        &self,
        key: &str,
        bytes: &[u8],
        file: &str,
        options: &Options,
        mut progress: impl FnMut(usize, usize) + Send,
    ) -> Result<Imported, AppError> {
        // Boxed, as the writing below: deep futures, kept off the caller's stack.
        let Previewed { preview, .. } = Box::pin(self.import_preview(bytes, options)).await?;
        let summary = preview.summary(file);
        if preview.writes.is_empty() {
            return Ok(Imported { preview, end: SheetImported::Written { requests: 0 } });
        }
        let running = self.running(key);
        let writes = preview.writes.clone();
        // The window reads the timeline again after an import, and the offline copy with it.
        let end = Box::pin(self.write_as(
            async |store, scope| {
                store.transfer().import_sheet(scope, writes, &summary, &running.cancel, &mut progress).await
            },
            Change::Nothing,
        ))
        .await;
        Ok(Imported { preview, end: end? })
    }
}

#[cfg(test)]
#[path = "import_tests.rs"]
mod tests;
