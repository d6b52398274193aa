//! How much of a person's time an assignment takes, and whether it is settled.

use crate::ValidationError;
use serde::{Deserialize, Serialize};

/// Minutes in a day: the most anyone can be booked or work on one day.
pub const DAY_MINUTES: u32 = 24 * 60;
/// Hours are set in quarter hours.
pub const STEP_MINUTES: u32 = 15;

/// How an assignment books its person on each working day of its range
/// (docs/data-model.md, "Capacity and figures").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawAllocation", into = "RawAllocation")]
pub enum Allocation {
    /// The same hours every working day: 15 minutes to 24 hours, in quarter hours.
    HoursPerDay(u32),
    /// A share of the person's working day on each day, 1–100 %. `Percent(100)` is the whole
    /// working day: what an assignment written without an allocation reads as.
    Percent(u8),
    /// A total of hours (in minutes, quarter hours) spread evenly over the range's working days.
    Total(u32),
}

impl Default for Allocation {
    fn default() -> Self {
        Self::FULL_DAY
    }
}

impl Allocation {
    /// The person's whole working day.
    pub const FULL_DAY: Allocation = Allocation::Percent(100);

    /// Hours a day, given in minutes.
    pub fn hours_per_day(minutes: u32) -> Result<Self, ValidationError> {
        if minutes == 0 || minutes > DAY_MINUTES || !minutes.is_multiple_of(STEP_MINUTES) {
            return Err(ValidationError::Hours(hours_text(minutes)));
        }
        Ok(Self::HoursPerDay(minutes))
    }

    pub fn percent(percent: u32) -> Result<Self, ValidationError> {
        match u8::try_from(percent) {
            Ok(p @ 1..=100) => Ok(Self::Percent(p)),
            _ => Err(ValidationError::Percent(percent.to_string())),
        }
    }

    /// A total over the range, given in minutes; at most 24 hours for each day of the range
    /// (`days`), so that it can be done.
    pub fn total(minutes: u32, days: i64) -> Result<Self, ValidationError> {
        Self::total_alone(minutes)?;
        if i64::from(minutes) > i64::from(DAY_MINUTES) * days.max(1) {
            return Err(ValidationError::TotalHours { hours: hours_text(minutes), days: Some(days) });
        }
        Ok(Self::Total(minutes))
    }

    /// A total checked without its range (read back from an item or a file: the assignment that
    /// holds it checks the range, `Assignment::checked`).
    pub fn total_alone(minutes: u32) -> Result<Self, ValidationError> {
        if minutes == 0 || !minutes.is_multiple_of(STEP_MINUTES) {
            return Err(ValidationError::TotalHours { hours: hours_text(minutes), days: None });
        }
        Ok(Self::Total(minutes))
    }
}

/// Minutes as hours, as a person writes them: 90 → "1.5".
pub fn hours_text(minutes: u32) -> String {
    let h = minutes / 60;
    match minutes % 60 {
        0 => h.to_string(),
        15 => format!("{h}.25"),
        30 => format!("{h}.5"),
        45 => format!("{h}.75"),
        // Not quarter hours (refused, but said as typed): two decimals at most.
        m => format!("{:.2}", f64::from(h) + f64::from(m) / 60.0).trim_end_matches('0').to_owned(),
    }
}

/// On the wire and in files: `{"kind": "hoursPerDay" | "percent" | "total", "value": n}`.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawAllocation {
    kind: RawKind,
    value: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
enum RawKind {
    HoursPerDay,
    Percent,
    Total,
}

impl TryFrom<RawAllocation> for Allocation {
    type Error = ValidationError;
    fn try_from(raw: RawAllocation) -> Result<Self, Self::Error> {
        match raw.kind {
            RawKind::HoursPerDay => Self::hours_per_day(raw.value),
            RawKind::Percent => Self::percent(raw.value),
            // The range is checked where the assignment is (`Assignment::checked` holds both).
            RawKind::Total => Self::total_alone(raw.value),
        }
    }
}

impl From<Allocation> for RawAllocation {
    fn from(a: Allocation) -> Self {
        match a {
            Allocation::HoursPerDay(m) => Self { kind: RawKind::HoursPerDay, value: m },
            Allocation::Percent(p) => Self { kind: RawKind::Percent, value: u32::from(p) },
            Allocation::Total(m) => Self { kind: RawKind::Total, value: m },
        }
    }
}

/// Whether the work is agreed. Tentative work is drawn apart and can be left out of every load
/// figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    #[default]
    Confirmed,
    Tentative,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_are_quarter_hours_up_to_a_day() {
        assert_eq!(Allocation::hours_per_day(15), Ok(Allocation::HoursPerDay(15)));
        assert_eq!(Allocation::hours_per_day(1440), Ok(Allocation::HoursPerDay(1440)));
        for bad in [0, 10, 1455, 2000] {
            assert!(matches!(Allocation::hours_per_day(bad), Err(ValidationError::Hours(_))), "{bad}");
        }
        assert_eq!(
            ValidationError::Hours(hours_text(0)).to_string(),
            "'0' hours a day cannot be booked: a day takes 0.25 to 24 hours, in quarter hours"
        );
    }

    #[test]
    fn a_share_is_one_to_a_hundred_percent() {
        assert_eq!(Allocation::percent(1), Ok(Allocation::Percent(1)));
        assert_eq!(Allocation::percent(100), Ok(Allocation::FULL_DAY));
        for bad in [0, 101, 256, 1000] {
            assert!(matches!(Allocation::percent(bad), Err(ValidationError::Percent(_))), "{bad}");
        }
    }

    #[test]
    fn a_total_fits_its_days() {
        assert_eq!(Allocation::total(40 * 60, 5), Ok(Allocation::Total(2400)));
        assert!(Allocation::total(5 * 1440 + 15, 5).is_err(), "more than 24 h a day");
        assert!(Allocation::total(0, 5).is_err());
        assert!(Allocation::total(100, 5).is_err(), "not quarter hours");
    }

    #[test]
    fn the_wire_form_is_checked_on_the_way_in() {
        let a: Allocation = serde_json::from_str(r#"{"kind":"hoursPerDay","value":240}"#).unwrap();
        assert_eq!(a, Allocation::HoursPerDay(240));
        assert_eq!(
            serde_json::to_string(&Allocation::Percent(50)).unwrap(),
            r#"{"kind":"percent","value":50}"#
        );
        assert!(serde_json::from_str::<Allocation>(r#"{"kind":"percent","value":0}"#).is_err());
        assert!(serde_json::from_str::<Allocation>(r#"{"kind":"hoursPerDay","value":1500}"#).is_err());
        assert!(serde_json::from_str::<Allocation>(r#"{"kind":"weekly","value":5}"#).is_err());
    }

    #[test]
    fn hours_read_as_people_write_them() {
        assert_eq!(hours_text(480), "8");
        assert_eq!(hours_text(90), "1.5");
        assert_eq!(hours_text(255), "4.25");
        assert_eq!(hours_text(405), "6.75");
        assert_eq!(hours_text(10), "0.17");
        assert_eq!(hours_text(100), "1.67");
        assert_eq!(
            Allocation::total(3 * 1440 + 60, 3).unwrap_err().to_string(),
            "a total of 73 hours cannot be booked: a total is 0.25 hours or more, in quarter hours, and at most 24 hours a day of its 3 days (72 hours)"
        );
        assert_eq!(
            Allocation::total_alone(100).unwrap_err().to_string(),
            "a total of 1.67 hours cannot be booked: a total is 0.25 hours or more, in quarter hours"
        );
    }
}
