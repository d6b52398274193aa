//! The local audit log: one JSON line for each refused call (a role that does not allow it, or a
//! team the caller is not a member of). It never holds tokens or codes.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// One refused attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEvent {
    /// RFC 3339.
    pub at: String,
    pub user: String,
    pub team: String,
    /// The store call that was refused, e.g. `create_assignment`.
    pub command: String,
    /// `role` (the member's role does not allow it) or `not_member`.
    pub refused: String,
    pub role: Option<String>,
}

/// Where audit events go.
pub trait AuditSink: Send + Sync + fmt::Debug {
    fn record(&self, event: &AuditEvent);
}

/// Appends JSON lines to a file (the app's `audit.log`).
#[derive(Debug)]
pub struct FileAudit {
    path: PathBuf,
    lock: Mutex<()>,
}

impl FileAudit {
    pub fn new(path: PathBuf) -> Self {
        Self { path, lock: Mutex::new(()) }
    }

    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

impl AuditSink for FileAudit {
    fn record(&self, event: &AuditEvent) {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let line = match serde_json::to_string(event) {
            Ok(line) => line,
            Err(_) => return,
        };
        if let Some(dir) = self.path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .and_then(|mut f| writeln!(f, "{line}"));
        if let Err(e) = written {
            tracing::error!(path = %self.path.display(), error = %e, "cannot write the audit log");
        }
    }
}

/// Keeps events in memory; for tests and for callers that forward them elsewhere.
#[derive(Debug, Default)]
pub struct MemoryAudit(Mutex<Vec<AuditEvent>>);

impl MemoryAudit {
    pub fn events(&self) -> Vec<AuditEvent> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl AuditSink for MemoryAudit {
    fn record(&self, event: &AuditEvent) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(event.clone());
    }
}
