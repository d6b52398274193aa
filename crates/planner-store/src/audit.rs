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

/// Appends JSON lines to a file (the app's `audit.log`), readable by the user only. Past
/// [`AUDIT_MAX_BYTES`] it is rotated: `audit.log` becomes `audit.log.1`, `.1` becomes `.2`, …, and
/// the oldest beyond [`AUDIT_KEPT`] goes, so the log never fills the disk (a script refused in a
/// loop writes a line a call).
#[derive(Debug)]
pub struct FileAudit {
    path: PathBuf,
    max_bytes: u64,
    kept: u32,
    lock: Mutex<()>,
}

/// The size at which the audit log is rotated.
pub const AUDIT_MAX_BYTES: u64 = 1024 * 1024;
/// How many rotated audit logs are kept beside the current one.
pub const AUDIT_KEPT: u32 = 4;

impl FileAudit {
    pub fn new(path: PathBuf) -> Self {
        Self::with_limits(path, AUDIT_MAX_BYTES, AUDIT_KEPT)
    }

    /// Rotated past `max_bytes`, `kept` old files kept.
    pub fn with_limits(path: PathBuf, max_bytes: u64, kept: u32) -> Self {
        Self { path, max_bytes, kept, lock: Mutex::new(()) }
    }

    fn rotated(&self, n: u32) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(format!(".{n}"));
        PathBuf::from(name)
    }

    /// Moves each log one place along when the current one is full.
    fn rotate_if_full(&self) -> std::io::Result<()> {
        let full = std::fs::metadata(&self.path).map(|m| m.len() >= self.max_bytes).unwrap_or(false);
        if !full {
            return Ok(());
        }
        if self.kept == 0 {
            return std::fs::remove_file(&self.path);
        }
        let _ = std::fs::remove_file(self.rotated(self.kept));
        for n in (1..self.kept).rev() {
            let from = self.rotated(n);
            if from.exists() {
                std::fs::rename(&from, self.rotated(n + 1))?;
            }
        }
        std::fs::rename(&self.path, self.rotated(1))
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
        let written = self
            .rotate_if_full()
            .and_then(|()| crate::private::append(&self.path))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn event(i: usize) -> AuditEvent {
        AuditEvent {
            at: format!("2026-12-02T00:00:{:02}Z", i % 60),
            user: format!("user-{i:04}"),
            team: "team".into(),
            command: "create_assignment".into(),
            refused: "role".into(),
            role: Some("viewer".into()),
        }
    }

    #[test]
    fn the_log_is_rotated_when_full_and_the_oldest_goes() {
        let dir = std::env::temp_dir().join(format!("rp-audit-{}", ulid::Ulid::new()));
        let path = dir.join("audit.log");
        let audit = FileAudit::with_limits(path.clone(), 1000, 2);
        for i in 0..100 {
            audit.record(&event(i));
        }
        let size = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
        let names: Vec<_> = ["audit.log", "audit.log.1", "audit.log.2", "audit.log.3"]
            .iter()
            .map(|n| dir.join(n).exists())
            .collect();
        assert_eq!(names, [true, true, true, false], "the current log and two old ones");
        for n in ["audit.log", "audit.log.1", "audit.log.2"] {
            // Rotated once past the limit: at most one line over it.
            assert!(size(&dir.join(n)) < 1000 + 200, "{n}: {} bytes", size(&dir.join(n)));
        }
        let last = std::fs::read_to_string(&path).unwrap();
        assert!(last.trim_end().ends_with(&format!("{}}}", "\"role\":\"viewer\"")), "{last}");
        assert!(last.contains("user-0099"), "the newest line is in the current log");
        let oldest = std::fs::read_to_string(dir.join("audit.log.2")).unwrap();
        assert!(!oldest.contains("user-0000"), "the oldest lines are gone");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
