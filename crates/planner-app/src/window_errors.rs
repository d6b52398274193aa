//! What goes wrong in the window, in the app's log: an error the page did not catch or a promise
//! rejected with no one to hear it (the window sends each, `log_window_error`), logged as an
//! error event with where it happened, cut to [`MAX_CHARS`] (its control characters escaped, as
//! every line of the log). A window in a loop of errors does not fill the disk: at most
//! [`PER_MINUTE`] a minute are written, and the next one written says how many were not.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most characters of one error's message or where it happened kept.
pub const MAX_CHARS: usize = 2_000;
/// The most window errors written in a minute.
pub const PER_MINUTE: usize = 20;

/// The window's errors written in the last minute, and how many were left out since the last
/// one written.
#[derive(Debug, Default)]
pub struct WindowErrors {
    recent: Mutex<VecDeque<Instant>>,
    left_out: Mutex<u64>,
}

/// One error as it is written, or `None` when the minute's share is spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub kind: String,
    pub message: String,
    pub at: String,
    /// How many were left out before this one.
    pub left_out: u64,
}

impl WindowErrors {
    /// Logs the window's error of `kind` ("error", "rejection") `message` from `at` (a file, line
    /// and column, or a stack), unless the minute's share is spent; answers what was written.
    pub fn log(&self, kind: &str, message: &str, at: &str, now: Instant) -> Option<Written> {
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        while recent.front().is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(60)) {
            recent.pop_front();
        }
        let mut left_out = self.left_out.lock().unwrap_or_else(|e| e.into_inner());
        if recent.len() >= PER_MINUTE {
            *left_out += 1;
            return None;
        }
        recent.push_back(now);
        let cut = |s: &str| s.chars().take(MAX_CHARS).collect::<String>();
        let kind = if kind == "rejection" { "rejection" } else { "error" };
        let written = Written { kind: kind.into(), message: cut(message), at: cut(at), left_out: *left_out };
        *left_out = 0;
        tracing::error!(
            kind = %written.kind,
            at = %written.at,
            left_out = written.left_out,
            "the window: {}",
            written.message
        );
        Some(written)
    }
}

impl crate::App {
    /// Logs an error of the window's (see [`WindowErrors::log`]); false when the minute's share
    /// was spent.
    pub fn log_window_error(&self, kind: &str, message: &str, at: &str) -> bool {
        self.window_errors.log(kind, message, at, Instant::now()).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_twenty_a_minute_and_the_next_says_how_many_were_left_out() {
        let errors = WindowErrors::default();
        let t0 = Instant::now();
        for i in 0..PER_MINUTE {
            assert!(errors.log("error", &format!("boom {i}"), "app.js:1:2", t0).is_some());
        }
        assert_eq!(errors.log("error", "boom", "app.js:1:2", t0 + Duration::from_secs(30)), None);
        assert_eq!(errors.log("rejection", "boom", "", t0 + Duration::from_secs(59)), None);
        let next = errors.log("rejection", "later", "stack", t0 + Duration::from_secs(61)).unwrap();
        assert_eq!((next.kind.as_str(), next.left_out), ("rejection", 2));
        assert_eq!(errors.log("error", "after", "", t0 + Duration::from_secs(62)).unwrap().left_out, 0);
    }

    #[test]
    fn a_long_message_is_cut_and_an_unknown_kind_is_an_error() {
        let errors = WindowErrors::default();
        let w = errors.log("surprise", &"x".repeat(5_000), &"y".repeat(3_000), Instant::now()).unwrap();
        assert_eq!(
            (w.kind.as_str(), w.message.chars().count(), w.at.chars().count()),
            ("error", MAX_CHARS, MAX_CHARS)
        );
    }
}
