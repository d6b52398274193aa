//! The table's clock. Sign-in codes and sessions expire, and codes are limited per hour; the app
//! has no server of its own, so each computer decides these with a clock, and a computer's clock
//! can be wrong (set back, or hours off in a virtual machine): a code would stay good for hours,
//! or the hourly limit would forget codes asked a moment ago. DynamoDB (and any server of its
//! protocol) says its time in every answer's `Date` header; this remembers the last one heard,
//! and a store that keeps to the table's time ([`crate::Store::with_table_time`]) reads "now" as
//! that time plus what the computer's monotonic clock says has passed since, not the
//! computer's calendar clock. Before the first answer (and on the embedded engine, which sends
//! none) the computer's clock is all there is.

use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::interceptors::context::BeforeDeserializationInterceptorContextRef;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::config_bag::ConfigBag;
use std::sync::{Arc, Mutex};
use std::time::{Instant, UNIX_EPOCH};

/// A `Date` header says whole seconds (truncated): its middle is the best guess.
const HALF_A_SECOND_MS: i64 = 500;

/// The table's time as last heard: milliseconds since the epoch, and when (monotonic).
#[derive(Debug, Default)]
pub struct TableTime {
    heard: Mutex<Option<(i64, Instant)>>,
}

impl TableTime {
    /// The table's time now, once one answer said it.
    pub fn now_millis(&self) -> Option<i64> {
        let heard = *self.heard.lock().unwrap_or_else(|e| e.into_inner());
        heard.map(|(ms, at)| ms + i64::try_from(at.elapsed().as_millis()).unwrap_or(i64::MAX / 2))
    }

    /// An answer's `Date` header (RFC 9110's HTTP-date); one that does not parse is ignored.
    pub fn heard(&self, date: &str) {
        let Ok(at) = httpdate::parse_http_date(date) else { return };
        let Ok(since) = at.duration_since(UNIX_EPOCH) else { return };
        let Ok(ms) = i64::try_from(since.as_millis()) else { return };
        self.set(ms + HALF_A_SECOND_MS);
    }

    /// Moves "now" forward only: an answer's `Date` was written before it was sent, so an answer
    /// that took long on the way says a time already past, and taking it would set "now" back
    /// (expiry judged early, change records out of order). Each answer is a lower bound; the
    /// latest of them is the best.
    fn set(&self, ms: i64) {
        let mut heard = self.heard.lock().unwrap_or_else(|e| e.into_inner());
        let now =
            heard.map(|(at_ms, at)| at_ms + i64::try_from(at.elapsed().as_millis()).unwrap_or(i64::MAX / 2));
        if now.is_none_or(|now| ms > now) {
            *heard = Some((ms, Instant::now()));
        }
    }
}

/// The SDK interceptor that tells a [`TableTime`] the `Date` of every answer.
#[derive(Debug)]
pub(crate) struct DateOfAnswers(pub(crate) Arc<TableTime>);

impl Intercept for DateOfAnswers {
    fn name(&self) -> &'static str {
        "DateOfAnswers"
    }

    fn read_after_transmit(
        &self,
        context: &BeforeDeserializationInterceptorContextRef<'_>,
        _components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(date) = context.response().headers().get("date") {
            self.0.heard(date);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_time_is_the_date_heard_plus_what_passed_since() {
        let time = TableTime::default();
        assert_eq!(time.now_millis(), None);
        time.heard("Thu, 03 Dec 2026 21:00:00 GMT");
        let heard = 1_796_331_600_000 + HALF_A_SECOND_MS;
        let now = time.now_millis().unwrap();
        assert!((heard..heard + 1_000).contains(&now), "{now}");
        // An answer that was long on the way says a time already past: "now" does not go back.
        time.heard("Thu, 03 Dec 2026 20:59:50 GMT");
        assert!(time.now_millis().unwrap() >= heard);
        // An hour on: taken.
        time.heard("Thu, 03 Dec 2026 22:00:00 GMT");
        assert!(time.now_millis().unwrap() >= heard + 3_600_000);
        // Not a date: ignored.
        time.heard("soon");
        assert!(time.now_millis().unwrap() >= heard + 3_600_000);
    }
}
