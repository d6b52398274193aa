//! When a person can work: the hours of each weekday, changes of them from a date (a contract
//! change keeps the old capacity for the days before it), and the first and last working day.

use super::allocation::{DAY_MINUTES, STEP_MINUTES, hours_text};
use crate::{Date, ValidationError};
use serde::{Deserialize, Serialize};

/// Minutes of work on each weekday, Monday first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[u32; 7]", into = "[u32; 7]")]
pub struct WorkWeek([u32; 7]);

impl WorkWeek {
    /// Monday to Friday, 8 hours: a new team's default.
    pub const STANDARD: WorkWeek = WorkWeek([480, 480, 480, 480, 480, 0, 0]);

    /// Each day 0–24 hours in quarter hours.
    pub fn new(minutes: [u32; 7]) -> Result<Self, ValidationError> {
        if let Some(bad) = minutes.iter().find(|m| **m > DAY_MINUTES || !m.is_multiple_of(STEP_MINUTES)) {
            return Err(ValidationError::WeekHours(hours_text(*bad)));
        }
        Ok(Self(minutes))
    }

    /// The minutes of the weekday `0` = Monday … `6` = Sunday.
    pub fn on(self, weekday_from_monday: u8) -> u32 {
        self.0[usize::from(weekday_from_monday) % 7]
    }

    pub fn minutes(self) -> [u32; 7] {
        self.0
    }

    /// The week's total.
    pub fn total(self) -> u32 {
        self.0.iter().sum()
    }
}

impl Default for WorkWeek {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl TryFrom<[u32; 7]> for WorkWeek {
    type Error = ValidationError;
    fn try_from(minutes: [u32; 7]) -> Result<Self, Self::Error> {
        Self::new(minutes)
    }
}

impl From<WorkWeek> for [u32; 7] {
    fn from(w: WorkWeek) -> Self {
        w.0
    }
}

/// A working week from a day on (`from: None` for the first: it holds for every day before the
/// next one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WeekFrom {
    pub from: Option<Date>,
    pub week: WorkWeek,
}

/// A person's (or a team's default) working time: the working weeks in the order they took
/// effect, and the first and last day of work if there are any.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawSchedule", into = "RawSchedule")]
pub struct Schedule {
    weeks: Vec<WeekFrom>,
    first_day: Option<Date>,
    last_day: Option<Date>,
}

impl Default for Schedule {
    fn default() -> Self {
        Self::always(WorkWeek::STANDARD)
    }
}

impl Schedule {
    /// The most working weeks one schedule keeps (a contract change every month for 20 years
    /// fits); it bounds the item's size.
    pub const MAX_WEEKS: usize = 240;

    /// The same week on every day.
    pub fn always(week: WorkWeek) -> Self {
        Self { weeks: vec![WeekFrom { from: None, week }], first_day: None, last_day: None }
    }

    /// `weeks` in any order; exactly one without a `from`, the others on different days.
    pub fn new(
        mut weeks: Vec<WeekFrom>,
        first_day: Option<Date>,
        last_day: Option<Date>,
    ) -> Result<Self, ValidationError> {
        weeks.sort_by_key(|w| w.from);
        let opening = weeks.iter().filter(|w| w.from.is_none()).count();
        let repeated = weeks.windows(2).any(|p| p[0].from == p[1].from);
        if opening != 1 || repeated || weeks.len() > Self::MAX_WEEKS {
            return Err(ValidationError::ScheduleWeeks);
        }
        if let (Some(first), Some(last)) = (first_day, last_day)
            && last < first
        {
            return Err(ValidationError::WorkEndsBeforeStart {
                first: first.to_string(),
                last: last.to_string(),
            });
        }
        Ok(Self { weeks, first_day, last_day })
    }

    /// The same schedule with `week` from `from` on (replacing a change on that very day).
    pub fn with_change(&self, from: Date, week: WorkWeek) -> Result<Self, ValidationError> {
        let mut weeks: Vec<WeekFrom> = self.weeks.iter().copied().filter(|w| w.from != Some(from)).collect();
        weeks.push(WeekFrom { from: Some(from), week });
        Self::new(weeks, self.first_day, self.last_day)
    }

    pub fn weeks(&self) -> &[WeekFrom] {
        &self.weeks
    }

    pub fn first_day(&self) -> Option<Date> {
        self.first_day
    }

    pub fn last_day(&self) -> Option<Date> {
        self.last_day
    }

    /// The working week that holds on `day`.
    pub fn week_on(&self, day: Date) -> WorkWeek {
        // Sorted with the one `None` first; the last change on or before the day wins.
        let at = self.weeks.partition_point(|w| w.from.is_none_or(|f| f <= day));
        self.weeks[at.saturating_sub(1)].week
    }

    /// The contract's minutes on `day`: its weekday's hours, none before the first or after the
    /// last working day.
    pub fn minutes_on(&self, day: Date) -> u32 {
        let employed = self.first_day.is_none_or(|f| f <= day) && self.last_day.is_none_or(|l| day <= l);
        if employed { self.week_on(day).on(day.weekday_from_monday()) } else { 0 }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawSchedule {
    weeks: Vec<WeekFrom>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first_day: Option<Date>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_day: Option<Date>,
}

impl TryFrom<RawSchedule> for Schedule {
    type Error = ValidationError;
    fn try_from(raw: RawSchedule) -> Result<Self, Self::Error> {
        Self::new(raw.weeks, raw.first_day, raw.last_day)
    }
}

impl From<Schedule> for RawSchedule {
    fn from(s: Schedule) -> Self {
        Self { weeks: s.weeks, first_day: s.first_day, last_day: s.last_day }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn the_standard_week_is_monday_to_friday_eight_hours() {
        // 2026-12-07 is a Monday.
        let s = Schedule::default();
        let hours: Vec<u32> = (0..7).map(|i| s.minutes_on(day("2026-12-07").add_days(i))).collect();
        assert_eq!(hours, [480, 480, 480, 480, 480, 0, 0]);
        assert_eq!(WorkWeek::STANDARD.total(), 40 * 60);
    }

    #[test]
    fn a_contract_change_keeps_the_old_week_before_it() {
        let part_time = WorkWeek::new([480, 480, 480, 240, 0, 0, 0]).unwrap();
        let s = Schedule::default().with_change(day("2026-12-10"), part_time).unwrap();
        assert_eq!(s.minutes_on(day("2026-12-04")), 480, "Friday before: the old week");
        assert_eq!(s.minutes_on(day("2026-12-10")), 240, "Thursday from the change: 4 h");
        assert_eq!(s.minutes_on(day("2026-12-11")), 0, "Friday after: off");
        assert_eq!(s.minutes_on(day("1950-01-02")), 480, "long before: the first week");
        let later = s.with_change(day("2027-01-04"), WorkWeek::STANDARD).unwrap();
        assert_eq!(later.minutes_on(day("2026-12-11")), 0);
        assert_eq!(later.minutes_on(day("2027-01-08")), 480);
        let replaced = later.with_change(day("2027-01-04"), part_time).unwrap();
        assert_eq!(replaced.weeks().len(), 3, "a change on the same day replaces it");
    }

    #[test]
    fn no_work_outside_the_first_and_last_day() {
        let s = Schedule::new(
            Schedule::default().weeks().to_vec(),
            Some(day("2026-12-08")),
            Some(day("2026-12-10")),
        )
        .unwrap();
        assert_eq!(s.minutes_on(day("2026-12-07")), 0);
        assert_eq!(s.minutes_on(day("2026-12-08")), 480);
        assert_eq!(s.minutes_on(day("2026-12-10")), 480);
        assert_eq!(s.minutes_on(day("2026-12-11")), 0);
        let err =
            Schedule::new(s.weeks().to_vec(), Some(day("2026-12-10")), Some(day("2026-12-08"))).unwrap_err();
        assert_eq!(err.to_string(), "the last working day 2026-12-08 is before the first 2026-12-10");
    }

    #[test]
    fn bad_weeks_are_refused() {
        assert!(matches!(
            WorkWeek::new([480, 480, 480, 480, 1500, 0, 0]),
            Err(ValidationError::WeekHours(_))
        ));
        assert!(matches!(WorkWeek::new([470, 0, 0, 0, 0, 0, 0]), Err(ValidationError::WeekHours(_))));
        let w = WorkWeek::STANDARD;
        assert_eq!(Schedule::new(vec![], None, None), Err(ValidationError::ScheduleWeeks), "no opening week");
        assert_eq!(
            Schedule::new(vec![WeekFrom { from: Some(day("2026-01-01")), week: w }], None, None),
            Err(ValidationError::ScheduleWeeks),
            "no week before the first change"
        );
        let twice = vec![
            WeekFrom { from: None, week: w },
            WeekFrom { from: Some(day("2026-01-01")), week: w },
            WeekFrom { from: Some(day("2026-01-01")), week: w },
        ];
        assert_eq!(Schedule::new(twice, None, None), Err(ValidationError::ScheduleWeeks));
    }

    #[test]
    fn the_wire_form_is_checked_on_the_way_in() {
        let json = r#"{"weeks":[{"from":null,"week":[480,480,480,480,480,0,0]},{"from":"2026-12-10","week":[240,240,240,240,240,0,0]}],"lastDay":"2027-06-30"}"#;
        let s: Schedule = serde_json::from_str(json).unwrap();
        assert_eq!(s.minutes_on(day("2026-12-10")), 240);
        assert_eq!(serde_json::to_string(&s).unwrap(), json);
        assert!(
            serde_json::from_str::<Schedule>(
                r#"{"weeks":[{"from":null,"week":[480,480,480,480,480,0,2000]}]}"#
            )
            .is_err()
        );
    }
}
