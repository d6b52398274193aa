//! Many bookings edited at once, as the window asks (a selection moved, handed over, changed or
//! deleted; copies made): the store's batch (access pattern 66), cancellable by another call
//! while it runs, and what it wrote kept in the offline copy.

use crate::AppError;
use crate::app::App;
use planner_cache::Change;
use planner_store::{BookingEdit, EditOutcome, ManyEdited};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

impl App {
    /// Writes `edits` as one batch (`key`: the window's name for it, which [`App::cancel_edit`]
    /// takes), telling `progress(done, of)` after each transaction.
    pub async fn edit_many(
        &self,
        key: &str,
        edits: Vec<BookingEdit>,
        mut progress: impl FnMut(usize, usize) + Send,
    ) -> Result<ManyEdited, AppError> {
        let running = self.running(key);
        let ids: Vec<_> = edits.iter().map(|e| e.id().clone()).collect();
        let kept = |m: &ManyEdited| {
            let each = m.outcomes.iter().zip(&ids).filter_map(|(outcome, id)| match outcome {
                EditOutcome::Written(a) => Some(Change::Assignment(a.clone())),
                EditOutcome::Deleted => Some(Change::AssignmentGone(id.clone())),
                _ => None,
            });
            Change::Each(each.collect())
        };
        self.write_with(
            async |store, scope| store.plan().edit_many(scope, edits, &running.cancel, &mut progress).await,
            kept,
        )
        .await
    }

    /// `key`'s cancel flag, which [`App::cancel_edit`] sets, kept while the guard lives.
    pub(crate) fn running(&self, key: &str) -> Running<'_> {
        let cancel = Arc::new(AtomicBool::new(false));
        self.running_edits.lock().unwrap_or_else(|e| e.into_inner()).insert(key.to_owned(), cancel.clone());
        Running { app: self, key: key.to_owned(), cancel }
    }

    /// Cancels the edit of many `key` before its next transaction (those written stay written);
    /// false when none of that key is running.
    pub fn cancel_edit(&self, key: &str) -> bool {
        let running = self.running_edits.lock().unwrap_or_else(|e| e.into_inner());
        running.get(key).inspect(|c| c.store(true, Ordering::Relaxed)).is_some()
    }
}

/// A cancellable run (an edit of many, an import) under its key, forgotten when dropped.
pub(crate) struct Running<'a> {
    app: &'a App,
    key: String,
    pub cancel: Arc<AtomicBool>,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.app.running_edits.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.key);
    }
}
