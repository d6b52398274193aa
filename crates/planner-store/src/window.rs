//! The window index: how "assignments overlapping `[from, to)`" is answered exactly, at a read
//! cost that does not grow with the team's history (docs/data-model.md, access pattern 4 and
//! "The window query").
//!
//! An assignment overlaps the window iff `start < to && end > from`. Sort keys hold the start day,
//! so a range of start days is one Query; the difficulty is the lower bound. We split assignments
//! by length:
//! - **Level 0**, at most [`SHORT_MAX_DAYS`] days: an overlapping one starts in
//!   `[from - SHORT_MAX_DAYS + 1, to - 1]`, a range of the main `ASN#` items.
//! - **Level k ≥ 1**, longer than `SHORT_MAX_DAYS·2^(k-1)` and at most `SHORT_MAX_DAYS·2^k` days:
//!   each such assignment also has an index entry `ASL#{kk}#{start}#{id}` (`kk`: k in two
//!   digits), and an overlapping one starts in `[from - max_days(k) + 1, to - 1]`.
//!
//! At every level an entry read but not overlapping (it ended before `from`) started less than
//! `max_days(k)` before `from` and lasts more than half of that, so it was still running
//! `max_days(k)/2` days before `from`: the over-read is bounded by how many level-k assignments
//! run at one moment, never by how many years of history lie before the window.

use planner_domain::{Date, DateRange, MAX_ASSIGNMENT_DAYS};

/// Assignments up to this many days long are found through their main item alone.
pub const SHORT_MAX_DAYS: i64 = 32;

/// The highest index level; `max_days(MAX_LEVEL)` covers [`MAX_ASSIGNMENT_DAYS`].
pub const MAX_LEVEL: u8 = 8;

const _: () = assert!(SHORT_MAX_DAYS << MAX_LEVEL >= MAX_ASSIGNMENT_DAYS);

/// The longest assignment (in days) that a level holds.
pub fn max_days(level: u8) -> i64 {
    SHORT_MAX_DAYS << level
}

/// The level of an assignment of this range.
pub fn level_of(range: DateRange) -> u8 {
    let days = range.days();
    (0..=MAX_LEVEL).find(|&k| days <= max_days(k)).unwrap_or(MAX_LEVEL)
}

/// The start days `[first, last]` (both included) that an assignment of `level` must have to be
/// able to overlap `window`.
pub fn start_bounds(level: u8, window: DateRange) -> (Date, Date) {
    (window.start().add_days(1 - max_days(level)), window.end_exclusive().add_days(-1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn range(start: &str, days: i64) -> DateRange {
        DateRange::new(d(start), d(start).add_days(days)).unwrap()
    }

    #[test]
    fn levels_split_by_length() {
        assert_eq!(level_of(range("2026-01-01", 1)), 0);
        assert_eq!(level_of(range("2026-01-01", 32)), 0);
        assert_eq!(level_of(range("2026-01-01", 33)), 1);
        assert_eq!(level_of(range("2026-01-01", 64)), 1);
        assert_eq!(level_of(range("2026-01-01", 65)), 2);
        assert_eq!(level_of(range("2000-01-01", MAX_ASSIGNMENT_DAYS)), MAX_LEVEL);
    }

    #[test]
    fn bounds_reach_back_exactly_one_level_length() {
        let window = DateRange::window(d("2026-05-01"), d("2026-08-01")).unwrap();
        assert_eq!(start_bounds(0, window), (d("2026-03-31"), d("2026-07-31")));
        // A 32-day assignment that starts on 2026-03-31 ends (exclusive) on 2026-05-02.
        assert!(range("2026-03-31", 32).overlaps(window));
        assert!(!range("2026-03-30", 32).overlaps(window));
    }

    #[test]
    fn every_overlapping_range_is_within_its_levels_bounds() {
        let window = DateRange::window(d("2026-05-10"), d("2026-05-20")).unwrap();
        for offset in -400..40 {
            for days in [1, 2, 31, 32, 33, 63, 64, 65, 200, 365, 1000] {
                let r =
                    DateRange::new(window.start().add_days(offset), window.start().add_days(offset + days))
                        .unwrap();
                let (lo, hi) = start_bounds(level_of(r), window);
                if r.overlaps(window) {
                    assert!(r.start() >= lo && r.start() <= hi, "{r:?}");
                }
            }
        }
    }
}
