//! The clock is passed in, so that code depending on "now" is exact under test.

use std::sync::{Arc, Mutex};
use time::OffsetDateTime;

/// Where the current time comes from.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> OffsetDateTime;

    /// Now, in milliseconds since the Unix epoch (the change feed's keys, the live view).
    fn now_millis(&self) -> i64 {
        epoch_millis(self.now())
    }
}

/// `at` in milliseconds since the Unix epoch.
pub fn epoch_millis(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(0)
}

/// The operating system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }
}

/// A clock that only moves when told to; for tests.
#[derive(Debug, Clone)]
pub struct FixedClock(Arc<Mutex<OffsetDateTime>>);

impl FixedClock {
    pub fn new(at: OffsetDateTime) -> Self {
        Self(Arc::new(Mutex::new(at)))
    }

    pub fn set(&self, at: OffsetDateTime) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = at;
    }

    pub fn advance(&self, by: time::Duration) {
        let mut now = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }
}

impl Clock for FixedClock {
    fn now(&self) -> OffsetDateTime {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
