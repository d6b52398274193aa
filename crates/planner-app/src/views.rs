//! Saved views of the rows, as the window asks: the views the user sees (the team's shared ones
//! and their own), saving one (new, or their own as they saw it), deleting one. Read and written
//! in the open team only: the offline copy does not hold them (the window remembers the rows it
//! showed last in its prefs, which is what opens offline).

use crate::AppError;
use crate::app::App;
use planner_cache::Change;
use planner_domain::{View, ViewId};
use planner_store::ViewInput;

/// A view as the user sees it: whether they own it (only then they change it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenView {
    pub view: View,
    pub mine: bool,
}

impl App {
    /// The views the user sees, by name.
    pub async fn views(&self) -> Result<Vec<SeenView>, AppError> {
        self.read(async |store, scope| {
            let views = store.plan().views(scope).await?;
            Ok(views.into_iter().map(|view| SeenView { mine: &view.owner == scope.user(), view }).collect())
        })
        .await
    }

    /// Saves a view: `version` 0 a new one (the user its owner), else their own as they saw it.
    pub async fn save_view(&self, input: ViewInput, version: u64) -> Result<View, AppError> {
        self.write_as(
            async |store, scope| store.plan().save_view(scope, input, version).await,
            Change::Nothing,
        )
        .await
    }

    /// Deletes a view the user saw at `version` (their own; an admin, a shared one).
    pub async fn delete_view(&self, id: &ViewId, version: u64) -> Result<(), AppError> {
        self.write_as(
            async |store, scope| store.plan().delete_view(scope, id, version).await,
            Change::Nothing,
        )
        .await
    }
}
