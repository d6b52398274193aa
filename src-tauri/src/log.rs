//! The app's log: plain text lines in the OS log directory (`Places::logs`), rotated by size
//! (`app.log`, then `app.1.log` … `app.4.log`), for support. What is logged are events and
//! error codes with their sentences — never a token, code, password or pepper (none of those
//! reaches this module: they travel as `Sensitive` values, whose text is `<redacted>`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// One log file grows to this before it is rotated.
const MAX_BYTES: u64 = 1 << 20;
/// Rotated files kept besides the current one.
const KEEP: usize = 4;

pub struct Log {
    dir: PathBuf,
    max_bytes: u64,
    write: Mutex<()>,
}

static APP_LOG: OnceLock<Log> = OnceLock::new();

/// Starts the app's log in `dir` (once; later calls are ignored).
pub fn init(dir: &Path) {
    let _ = APP_LOG.set(Log::new(dir.to_owned(), MAX_BYTES));
}

/// Writes one event to the app's log, if it was started (command tests run without it).
pub fn event(level: &str, text: &str) {
    if let Some(log) = APP_LOG.get() {
        log.write(level, text);
    }
}

/// The last `n` lines of the app's log (for diagnostics).
pub fn tail(n: usize) -> Vec<String> {
    APP_LOG.get().map(|l| l.tail(n)).unwrap_or_default()
}

impl Log {
    pub fn new(dir: PathBuf, max_bytes: u64) -> Self {
        Self { dir, max_bytes, write: Mutex::new(()) }
    }

    fn file(&self, n: usize) -> PathBuf {
        if n == 0 { self.dir.join("app.log") } else { self.dir.join(format!("app.{n}.log")) }
    }

    /// Appends a line; a log that cannot be written is not worth failing a command for.
    pub fn write(&self, level: &str, text: &str) {
        let _held = self.write.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = std::fs::create_dir_all(&self.dir);
        if std::fs::metadata(self.file(0)).map(|m| m.len() >= self.max_bytes).unwrap_or(false) {
            for n in (0..KEEP).rev() {
                let _ = std::fs::rename(self.file(n), self.file(n + 1));
            }
        }
        let now = time::OffsetDateTime::now_utc()
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        let line = format!("{now} {level} {}\n", text.replace(['\n', '\r'], " "));
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file(0)) {
            let _ = f.write_all(line.as_bytes());
        }
    }

    /// The last `n` lines, oldest first, from the current file and the one before it.
    pub fn tail(&self, n: usize) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for file in [self.file(1), self.file(0)] {
            if let Ok(text) = std::fs::read_to_string(file) {
                lines.extend(text.lines().map(str::to_owned));
            }
        }
        let skip = lines.len().saturating_sub(n);
        lines.split_off(skip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_by_size_keeps_four_and_tails_across_files() {
        let dir = std::env::temp_dir().join(format!("rp-log-{}", ulid::Ulid::new()));
        let log = Log::new(dir.clone(), 200);
        for i in 0..100 {
            log.write("info", &format!("event {i}\nwith a second line"));
        }
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        files.sort();
        assert_eq!(files, ["app.1.log", "app.2.log", "app.3.log", "app.4.log", "app.log"]);
        let tail = log.tail(3);
        assert_eq!(tail.len(), 3);
        assert!(tail[2].ends_with("info event 99 with a second line"), "{tail:?}");
        assert!(tail[0].contains("event 97"), "{tail:?}");
        for f in files {
            assert!(std::fs::metadata(dir.join(f)).unwrap().len() < 400, "rotated by size");
        }
    }
}
