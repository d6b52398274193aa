//! The typed validation errors every parser of this crate returns.

use thiserror::Error;

/// A value from a form, a file or the wire that is not acceptable.
///
/// Each variant has a stable [`code`](ValidationError::code) that the UI and the CLI can branch on.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ValidationError {
    #[error("the name is empty")]
    NameEmpty,
    #[error("the name is longer than {max} characters")]
    NameTooLong { max: usize },
    #[error("the name contains a control character")]
    NameControlCharacter,
    #[error(
        "the name contains an invisible formatting character (a direction mark or a zero-width character)"
    )]
    NameFormatCharacter,
    #[error("'{0}' is not a colour of the form #RRGGBB")]
    Color(String),
    #[error("'{0}' is not a date of the form YYYY-MM-DD")]
    Date(String),
    #[error("there is no day {day}: {reason}", day = .0, reason = no_such_day_reason(.0))]
    NoSuchDay(String),
    #[error("the date {0} is outside the supported years 1900–2999")]
    DateOutOfRange(String),
    #[error("the last day {last} is before the first day {first}")]
    RangeEndBeforeStart { first: String, last: String },
    #[error("the range is empty: it must end after it starts")]
    RangeEmpty,
    #[error("an assignment may last at most {max} days")]
    RangeTooLong { max: i64 },
    #[error("'{0}' is not a valid identifier")]
    Id(String),
    #[error("the view cannot be used: {0}")]
    View(String),
    #[error("'{0}' is not a valid email address")]
    Email(String),
    #[error("'{0}' is not a role (admin, planner or viewer)")]
    Role(String),
    #[error("the change names nothing to change")]
    NothingToChange,
    #[error("'{0}' hours a day cannot be booked: a day takes 0.25 to 24 hours, in quarter hours")]
    Hours(String),
    #[error(
        "'{0}' hours is not part of a day: time off for part of a day is 0.25 to 23.75 hours, in quarter hours (for the whole day, choose whole days)"
    )]
    OffHours(String),
    #[error("'{0}' % is not a share of the day from 1 to 100")]
    Percent(String),
    #[error("{}", total_hours_message(hours, *days))]
    TotalHours { hours: String, days: Option<i64> },
    #[error(
        "a total of {hours} hours has no working day to go to: the person works none of the days {first} to {last} (a day off in their week, a holiday or time off); choose days they work, or book hours a day"
    )]
    NoWorkingDay { hours: String, first: String, last: String },
    #[error("'{0}' hours is not a working day's 0 to 24 hours in quarter hours")]
    WeekHours(String),
    #[error("the working weeks need one that holds from the start, and at most one change a day")]
    ScheduleWeeks,
    #[error("the last working day {last} is before the first {first}")]
    WorkEndsBeforeStart { first: String, last: String },
    #[error("'{0}' is not a holiday region (a country code such as JP, DE-BY or US-CA)")]
    Region(String),
    #[error("the calendar file is not an iCalendar (.ics) file we can read: {0}")]
    CalendarFile(String),
    #[error("the calendar file is larger than {max_kib} KiB")]
    CalendarFileTooLarge { max_kib: usize },
    #[error("at most {max} holidays can be added at once")]
    TooManyHolidays { max: usize },
    #[error("a report covers at most {max_days} days")]
    ReportTooLong { max_days: i64 },
    #[error("only a placeholder's bookings are handed to a person; this row is a person")]
    NotPlaceholder,
    #[error(
        "a booking chosen ({assignment}) is not the placeholder's (moved meanwhile?); open Staff it again"
    )]
    NotPlaceholdersBooking { assignment: String },
    #[error("the activity log is kept for {min} to {max} days")]
    FeedDays { min: u32, max: u32 },
    #[error("'{0}' is not a kind of list (group, role or skill)")]
    LabelKind(String),
    #[error(
        "the groups need one that holds from the start, then changes on later days, one a day, at most {max}"
    )]
    GroupDays { max: usize },
    #[error("a person carries at most {max} skills")]
    TooManySkills { max: usize },
    #[error("there is no {kind} with the id {id} in this team (it may have been deleted)")]
    NoSuchLabel { kind: &'static str, id: String },
    #[error("the {kind} \"{name}\" is there already")]
    DuplicateLabel { kind: &'static str, name: String },
    #[error("an edit of many bookings takes 1 to {max} at once")]
    ManyBookings { max: usize },
    #[error("the booking {0} is in the edit twice")]
    BookingTwice(String),
    #[error("a repeat is every 1 to {most} weeks or months")]
    RepeatEvery { most: u8 },
    #[error("a repeat makes at least one more booking: a count of 2 or more")]
    RepeatCount,
    #[error("a series holds at most {max} bookings; this one would hold {asked}")]
    TooManyRepeats { max: usize, asked: usize },
    #[error("no repeat of the booking of {first} starts by {until}")]
    RepeatNone { first: String, until: String },
    #[error("the repeat would run past 2999-12-31")]
    RepeatPastEnd,
    #[error("the export would have more than {max} lines: export fewer days, or by week")]
    ExportTooLarge { max: usize },
}

impl ValidationError {
    /// A stable, machine-readable code for this error.
    pub fn code(&self) -> &'static str {
        match self {
            ValidationError::NameEmpty => "name_empty",
            ValidationError::NameTooLong { .. } => "name_too_long",
            ValidationError::NameControlCharacter => "name_control_character",
            ValidationError::NameFormatCharacter => "name_format_character",
            ValidationError::Color(_) => "invalid_color",
            ValidationError::Date(_) => "invalid_date",
            ValidationError::NoSuchDay(_) => "no_such_day",
            ValidationError::DateOutOfRange(_) => "date_out_of_range",
            ValidationError::RangeEndBeforeStart { .. } => "range_end_before_start",
            ValidationError::RangeEmpty => "range_empty",
            ValidationError::RangeTooLong { .. } => "range_too_long",
            ValidationError::Id(_) => "invalid_id",
            ValidationError::Email(_) => "invalid_email",
            ValidationError::Role(_) => "invalid_role",
            ValidationError::NothingToChange => "nothing_to_change",
            ValidationError::Hours(_) => "invalid_hours",
            ValidationError::OffHours(_) => "invalid_off_hours",
            ValidationError::Percent(_) => "invalid_percent",
            ValidationError::TotalHours { .. } => "invalid_total_hours",
            ValidationError::NoWorkingDay { .. } => "no_working_day",
            ValidationError::WeekHours(_) => "invalid_week_hours",
            ValidationError::ScheduleWeeks => "invalid_schedule",
            ValidationError::WorkEndsBeforeStart { .. } => "work_ends_before_start",
            ValidationError::Region(_) => "invalid_region",
            ValidationError::CalendarFile(_) => "invalid_calendar_file",
            ValidationError::CalendarFileTooLarge { .. } => "calendar_file_too_large",
            ValidationError::TooManyHolidays { .. } => "too_many_holidays",
            ValidationError::ReportTooLong { .. } => "report_too_long",
            ValidationError::NotPlaceholder => "not_placeholder",
            ValidationError::NotPlaceholdersBooking { .. } => "not_placeholders_booking",
            ValidationError::FeedDays { .. } => "feed_days",
            ValidationError::LabelKind(_) => "invalid_label_kind",
            ValidationError::GroupDays { .. } => "invalid_group_days",
            ValidationError::TooManySkills { .. } => "too_many_skills",
            ValidationError::NoSuchLabel { .. } => "no_such_label",
            ValidationError::DuplicateLabel { .. } => "duplicate_label",
            ValidationError::View(_) => "invalid_view",
            ValidationError::ManyBookings { .. } => "too_many_bookings",
            ValidationError::BookingTwice(_) => "booking_twice",
            ValidationError::RepeatEvery { .. } | ValidationError::RepeatCount => "invalid_repeat",
            ValidationError::TooManyRepeats { .. } => "too_many_repeats",
            ValidationError::RepeatNone { .. } => "repeat_none",
            ValidationError::RepeatPastEnd => "repeat_past_end",
            ValidationError::ExportTooLarge { .. } => "export_too_large",
        }
    }
}

fn total_hours_message(hours: &str, days: Option<i64>) -> String {
    let most = days.map_or(String::new(), |d| {
        format!(", and at most 24 hours a day of its {d} days ({} hours)", d * 24)
    });
    format!(
        "a total of {hours} hours cannot be booked: a total is 0.25 hours or more, in quarter hours{most}"
    )
}

/// Why a `YYYY-MM-DD` of the right form names no day: the month, or the month's last day.
fn no_such_day_reason(text: &str) -> String {
    let number = |range: std::ops::Range<usize>| text.get(range).and_then(|s| s.parse::<u8>().ok());
    let year = text.get(0..4).and_then(|s| s.parse::<i32>().ok());
    match (year, number(5..7)) {
        (Some(year), Some(month)) => match time::Month::try_from(month) {
            Ok(m) => format!("{m} {year} has {} days", m.length(year)),
            Err(_) => "a month is 01 to 12".to_owned(),
        },
        _ => "a month is 01 to 12".to_owned(),
    }
}
