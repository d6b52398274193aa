//! The error that crosses IPC: a stable code the UI branches on and a sentence for the user.

use planner_store::StoreError;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[ts(export)]
pub struct IpcError {
    /// Stable; the UI branches on it (e.g. `conflict`, `parent_gone`, `invalid_date`).
    #[ts(type = "string")]
    pub code: &'static str,
    /// A sentence for the user.
    pub message: String,
}

impl From<StoreError> for IpcError {
    fn from(e: StoreError) -> Self {
        Self { code: e.code(), message: e.to_string() }
    }
}

impl std::fmt::Display for IpcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for IpcError {}
