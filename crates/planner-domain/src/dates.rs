//! Calendar days and the half-open date range of an assignment (docs/data-model.md, conventions).
//!
//! An assignment covers `[start, end_exclusive)`. Forms show and take the inclusive last day;
//! [`DateRange::from_inclusive`] and [`DateRange::last_day`] are the one place where the two meet.

use crate::ValidationError;
use serde::{Deserialize, Serialize};
use std::fmt;
use time::macros::format_description;

/// The longest assignment we accept: twenty years. It bounds the window index (see the store's
/// `window` module) and catches typing slips such as a year 2206 for 2026.
pub const MAX_ASSIGNMENT_DAYS: i64 = 7305;

const FIRST: time::Date = time::macros::date!(1900 - 01 - 01);

/// A calendar day, written `YYYY-MM-DD`, in the years 1900–2999 (so that its text sorts like the
/// day); and [`Date::END`], 3000-01-01, the exclusive end of a range that takes in 2999-12-31.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Date(time::Date);

impl Date {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let shown: String = raw.chars().take(32).collect();
        // `time` accepts some variations (e.g. a sign); we want exactly ten characters.
        if raw.len() != 10 {
            return Err(ValidationError::Date(shown));
        }
        let date = time::Date::parse(raw, format_description!("[year]-[month]-[day]")).map_err(|_| {
            // The form is right and the day is not one of the calendar's ("2027-02-29"): say so.
            let form = raw
                .bytes()
                .enumerate()
                .all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
            if form {
                ValidationError::NoSuchDay(shown.clone())
            } else {
                ValidationError::Date(shown.clone())
            }
        })?;
        Self::from_time(date)
    }

    /// The day after the last one a plan holds: only ever the exclusive end of a range (or a
    /// window) that takes in 2999-12-31, never a day of its own ([`Date::as_day`]).
    pub const END: Date = Date(time::macros::date!(3000 - 01 - 01));

    /// A day from a `time::Date`, checking the supported years (and [`Date::END`]).
    pub fn from_time(date: time::Date) -> Result<Self, ValidationError> {
        if !(FIRST..=Self::END.0).contains(&date) {
            return Err(ValidationError::DateOutOfRange(date.to_string()));
        }
        Ok(Self(date))
    }

    /// This date as a day of its own (a holiday's, a report's first or last): any but
    /// [`Date::END`], which only ends ranges.
    pub fn as_day(self) -> Result<Self, ValidationError> {
        if self == Self::END {
            return Err(ValidationError::DateOutOfRange(self.to_string()));
        }
        Ok(self)
    }

    pub fn from_ymd(year: i32, month: u8, day: u8) -> Result<Self, ValidationError> {
        let month = time::Month::try_from(month)
            .map_err(|_| ValidationError::Date(format!("{year}-{month}-{day}")))?;
        let date = time::Date::from_calendar_date(year, month, day)
            .map_err(|_| ValidationError::Date(format!("{year}-{month}-{day}")))?;
        Self::from_time(date)
    }

    pub fn as_time(self) -> time::Date {
        self.0
    }

    /// The day `days` later (or earlier, if negative), saturating at 1900-01-01 and at
    /// [`Date::END`].
    pub fn add_days(self, days: i64) -> Self {
        let target = self.0.checked_add(time::Duration::days(days)).unwrap_or(if days < 0 {
            time::Date::MIN
        } else {
            time::Date::MAX
        });
        Self(target.clamp(FIRST, Self::END.0))
    }

    /// Whole days from `self` to `later` (negative when `later` is earlier).
    pub fn days_until(self, later: Date) -> i64 {
        (later.0 - self.0).whole_days()
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn epoch_day(self) -> i64 {
        i64::from(self.0.to_julian_day()) - 2_440_588
    }

    /// 0 = Monday … 6 = Sunday.
    pub fn weekday_from_monday(self) -> u8 {
        self.0.weekday().number_days_from_monday()
    }
}

text_value!(Date);

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        write!(f, "{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
    }
}

/// The half-open range of days `[start, end_exclusive)`; never empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawRange", into = "RawRange")]
pub struct DateRange {
    start: Date,
    end_exclusive: Date,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawRange {
    start_date: Date,
    end_date_exclusive: Date,
}

impl TryFrom<RawRange> for DateRange {
    type Error = ValidationError;
    fn try_from(raw: RawRange) -> Result<Self, Self::Error> {
        Self::new(raw.start_date, raw.end_date_exclusive)
    }
}

impl From<DateRange> for RawRange {
    fn from(r: DateRange) -> Self {
        RawRange { start_date: r.start, end_date_exclusive: r.end_exclusive }
    }
}

impl DateRange {
    /// A range from its stored form. Refuses empty and over-long ranges.
    pub fn new(start: Date, end_exclusive: Date) -> Result<Self, ValidationError> {
        if end_exclusive <= start {
            return Err(ValidationError::RangeEmpty);
        }
        if start.days_until(end_exclusive) > MAX_ASSIGNMENT_DAYS {
            return Err(ValidationError::RangeTooLong { max: MAX_ASSIGNMENT_DAYS });
        }
        Ok(Self { start, end_exclusive })
    }

    /// A range from what a form shows: the first and the last day, both included.
    /// This and [`DateRange::last_day`] are the only conversions between the two forms.
    pub fn from_inclusive(first: Date, last: Date) -> Result<Self, ValidationError> {
        if last < first {
            return Err(ValidationError::RangeEndBeforeStart {
                first: first.to_string(),
                last: last.to_string(),
            });
        }
        let last = last.as_day()?;
        Self::new(first, last.add_days(1))
    }

    /// A window for queries: like [`DateRange::new`] but without the assignment length limit.
    pub fn window(from: Date, to: Date) -> Result<Self, ValidationError> {
        if to <= from {
            return Err(ValidationError::RangeEmpty);
        }
        Ok(Self { start: from, end_exclusive: to })
    }

    pub fn start(self) -> Date {
        self.start
    }

    pub fn end_exclusive(self) -> Date {
        self.end_exclusive
    }

    /// The last day included, as forms show it.
    pub fn last_day(self) -> Date {
        self.end_exclusive.add_days(-1)
    }

    pub fn days(self) -> i64 {
        self.start.days_until(self.end_exclusive)
    }

    /// Whether the two half-open ranges share at least one day.
    pub fn overlaps(self, other: DateRange) -> bool {
        self.start < other.end_exclusive && self.end_exclusive > other.start
    }

    pub fn contains(self, day: Date) -> bool {
        self.start <= day && day < self.end_exclusive
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn a_day_the_calendar_lacks_is_said_as_such() {
        let said = |s: &str| Date::parse(s).unwrap_err().to_string();
        assert_eq!(said("2027-02-29"), "there is no day 2027-02-29: February 2027 has 28 days");
        assert_eq!(said("2026-04-31"), "there is no day 2026-04-31: April 2026 has 30 days");
        assert_eq!(said("2026-13-01"), "there is no day 2026-13-01: a month is 01 to 12");
        assert_eq!(Date::parse("2027-02-29").unwrap_err().code(), "no_such_day");
        assert_eq!(said("2027/02/28"), "'2027/02/28' is not a date of the form YYYY-MM-DD");
    }

    #[test]
    fn may_first_to_may_thirty_first_is_stored_as_june_first() {
        let r = DateRange::from_inclusive(d("2026-05-01"), d("2026-05-31")).unwrap();
        assert_eq!(r.end_exclusive().to_string(), "2026-06-01");
        assert_eq!(r.last_day().to_string(), "2026-05-31");
        assert_eq!(r.days(), 31);
    }

    #[test]
    fn a_single_day_is_one_day_long() {
        let r = DateRange::from_inclusive(d("2026-02-28"), d("2026-02-28")).unwrap();
        assert_eq!(r.end_exclusive().to_string(), "2026-03-01");
        assert_eq!(r.days(), 1);
    }

    #[test]
    fn refuses_bad_ranges() {
        assert_eq!(DateRange::new(d("2026-05-02"), d("2026-05-02")), Err(ValidationError::RangeEmpty));
        assert!(matches!(
            DateRange::from_inclusive(d("2026-05-02"), d("2026-05-01")),
            Err(ValidationError::RangeEndBeforeStart { .. })
        ));
        assert!(matches!(
            DateRange::new(d("2000-01-01"), d("2030-01-01")),
            Err(ValidationError::RangeTooLong { .. })
        ));
    }

    /// Every day of the domain can be asked for: a range that takes in 2999-12-31 ends on
    /// 3000-01-01, which reads and writes back as any end does, and is no day of its own.
    #[test]
    fn the_last_day_of_the_domain_can_end_a_range() {
        let r = DateRange::from_inclusive(d("2999-12-25"), d("2999-12-31")).unwrap();
        assert_eq!((r.end_exclusive(), r.last_day(), r.days()), (Date::END, d("2999-12-31"), 7));
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(json, r#"{"startDate":"2999-12-25","endDateExclusive":"3000-01-01"}"#);
        assert_eq!(serde_json::from_str::<DateRange>(&json).unwrap(), r);
        assert_eq!(d("2999-12-31").add_days(5), Date::END, "saturates at the end");
        assert!(DateRange::window(d("2999-12-01"), Date::END).is_ok());
        // 3000-01-01 is no day: not a range's last, nor its first, nor a day of its own.
        let said = DateRange::from_inclusive(d("2999-12-31"), Date::END).unwrap_err();
        assert_eq!(said.to_string(), "the date 3000-01-01 is outside the supported years 1900–2999");
        assert!(DateRange::from_inclusive(Date::END, Date::END).is_err());
        assert!(DateRange::new(Date::END, Date::END.add_days(1)).is_err());
        assert!(Date::END.as_day().is_err() && d("2999-12-31").as_day().is_ok());
        assert!(matches!(Date::parse("3000-01-02"), Err(ValidationError::DateOutOfRange(_))));
    }

    #[test]
    fn parses_only_the_strict_form() {
        assert_eq!(d("2026-05-01").to_string(), "2026-05-01");
        for bad in
            ["2026-5-1", "2026/05/01", "2026-02-30", "+2026-05-01", "", "2026-05-01T00", "１２３４-05-01"]
        {
            assert!(Date::parse(bad).is_err(), "{bad} should be refused");
        }
        assert!(matches!(Date::parse("1899-12-31"), Err(ValidationError::DateOutOfRange(_))));
    }

    #[test]
    fn overlap_is_half_open() {
        let may = DateRange::new(d("2026-05-01"), d("2026-06-01")).unwrap();
        let june = DateRange::new(d("2026-06-01"), d("2026-07-01")).unwrap();
        assert!(!may.overlaps(june));
        assert!(!june.overlaps(may));
        let last_of_may = DateRange::new(d("2026-05-31"), d("2026-06-01")).unwrap();
        assert!(may.overlaps(last_of_may));
    }

    #[test]
    fn serialises_with_the_stored_field_names() {
        let r = DateRange::new(d("2026-05-01"), d("2026-06-01")).unwrap();
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(json, r#"{"startDate":"2026-05-01","endDateExclusive":"2026-06-01"}"#);
        assert!(
            serde_json::from_str::<DateRange>(
                r#"{"startDate":"2026-05-01","endDateExclusive":"2026-05-01"}"#
            )
            .is_err()
        );
    }

    proptest! {
        #[test]
        fn inclusive_conversion_round_trips(start in 0i64..300_000, len in 1i64..=MAX_ASSIGNMENT_DAYS) {
            let first = d("1900-01-01").add_days(start);
            let last = first.add_days(len - 1);
            prop_assume!(last < Date::END);
            let r = DateRange::from_inclusive(first, last).unwrap();
            prop_assert_eq!(r.start(), first);
            prop_assert_eq!(r.last_day(), last);
            prop_assert_eq!(r.days(), len);
        }

        #[test]
        fn text_order_is_day_order(a in 0i64..400_000, b in 0i64..400_000) {
            let (x, y) = (d("1900-01-01").add_days(a), d("1900-01-01").add_days(b));
            prop_assert_eq!(x.cmp(&y), x.to_string().cmp(&y.to_string()));
        }
    }
}
