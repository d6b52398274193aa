//! The IPC types of saved views of the rows.

use super::IpcError;
use planner_app::{SeenView, ViewInput};
use planner_domain::{Name, RowsView, View, ViewId, ViewZoom};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A saved view: its name, who saved it (their user id: only they change it), whether the team
/// sees it, and the zoom and rows it opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ViewDto {
    pub id: String,
    pub name: String,
    pub owner: String,
    pub shared: bool,
    pub zoom: ViewZoom,
    pub rows: RowsView,
    #[ts(type = "number")]
    pub version: u64,
    /// Whether the user saved it (only then they change it). In a live change: false; the
    /// change's own `mine` says whether the user made it.
    pub mine: bool,
}

impl From<&View> for ViewDto {
    fn from(v: &View) -> Self {
        Self {
            id: v.id.to_string(),
            name: v.name.to_string(),
            owner: v.owner.to_string(),
            shared: v.shared,
            zoom: v.zoom,
            rows: v.rows.clone(),
            version: v.version,
            mine: false,
        }
    }
}

impl From<&SeenView> for ViewDto {
    fn from(v: &SeenView) -> Self {
        Self { mine: v.mine, ..(&v.view).into() }
    }
}

/// A view as the window saves it: `version` 0 a new one (`id` made by the window: sending it
/// again is safe), else the user's own as they saw it. The rows are read here, field by field, so
/// that one this version does not know gets the view's own sentence (`invalid_view`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveViewInput {
    pub id: String,
    pub name: String,
    pub shared: bool,
    pub zoom: ViewZoom,
    #[ts(as = "RowsView")]
    pub rows: serde_json::Value,
    #[ts(type = "number")]
    pub version: u64,
}

impl SaveViewInput {
    pub fn to_domain(&self) -> Result<(ViewInput, u64), IpcError> {
        let input = ViewInput {
            id: view_id(&self.id)?,
            name: Name::parse(&self.name)?,
            shared: self.shared,
            zoom: self.zoom,
            rows: RowsView::parse(&self.rows.to_string())?,
        };
        Ok((input, self.version))
    }
}

pub fn view_id(raw: &str) -> Result<ViewId, IpcError> {
    Ok(ViewId::parse(raw)?)
}
