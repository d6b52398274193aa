//! Time away from work: a person's time off (all of each day, or some hours of it), and the
//! public holidays of the calendar they are in.

use super::allocation::{DAY_MINUTES, STEP_MINUTES, hours_text};
use crate::{DateRange, ValidationError};
use serde::{Deserialize, Serialize};

/// Why a person is away (shown; the maths treats every kind alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TimeOffKind {
    #[default]
    Holiday,
    Sick,
    Other,
}

/// Days off: every day of `range`, all of its working time or `minutes` of it (a half day, a
/// dentist's morning).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Absence {
    pub range: DateRange,
    minutes: Option<u32>,
}

impl Absence {
    /// Whole days.
    pub fn whole_days(range: DateRange) -> Self {
        Self { range, minutes: None }
    }

    /// Some hours of each day (quarter hours, under 24 hours; more is a whole day).
    pub fn hours(range: DateRange, minutes: u32) -> Result<Self, ValidationError> {
        if minutes == 0 || minutes >= DAY_MINUTES || !minutes.is_multiple_of(STEP_MINUTES) {
            return Err(ValidationError::OffHours(hours_text(minutes)));
        }
        Ok(Self { range, minutes: Some(minutes) })
    }

    /// `None`: the whole day.
    pub fn minutes(self) -> Option<u32> {
        self.minutes
    }

    /// What is left of `contract` minutes on a day this absence covers.
    pub fn leaves(self, contract: u32) -> u32 {
        self.minutes.map_or(0, |off| contract.saturating_sub(off))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Date;

    #[test]
    fn an_absence_takes_all_or_some_hours() {
        let r =
            DateRange::from_inclusive(Date::parse("2026-12-07").unwrap(), Date::parse("2026-12-08").unwrap())
                .unwrap();
        assert_eq!(Absence::whole_days(r).leaves(480), 0);
        assert_eq!(Absence::hours(r, 240).unwrap().leaves(480), 240);
        assert_eq!(Absence::hours(r, 240).unwrap().leaves(180), 0, "never below nothing");
        for bad in [0, 20, 1440] {
            assert!(Absence::hours(r, bad).is_err(), "{bad}");
        }
    }

    /// Time off of all 24 hours is a whole day: the sentence says what part of a day may be.
    #[test]
    fn a_day_of_hours_off_is_said_to_be_a_whole_day() {
        let r =
            DateRange::from_inclusive(Date::parse("2026-12-07").unwrap(), Date::parse("2026-12-07").unwrap())
                .unwrap();
        assert_eq!(
            Absence::hours(r, 1440).unwrap_err().to_string(),
            "'24' hours is not part of a day: time off for part of a day is 0.25 to 23.75 hours, in quarter hours (for the whole day, choose whole days)"
        );
    }
}
