//! Holidays from an iCalendar (.ics) file, as calendar apps and public-holiday feeds export
//! them: each event a holiday on its day (an all-day event over several days, each of them),
//! named by its summary. Parsed by the `icalendar` crate; what we cannot read is a sentence.

use icalendar::{Component, DatePerhapsTime};
use planner_domain::{Date, Name, ValidationError};

/// The largest file read (a country's holidays for decades are a few hundred KiB).
pub const MAX_ICS_BYTES: usize = 1024 * 1024;
/// The most days one event may cover (longer ones are not public holidays).
const MAX_EVENT_DAYS: i64 = 31;

/// The holidays of an .ics file's text, by day (a day named twice keeps its first name).
pub fn holidays_from_ics(text: &str) -> Result<Vec<(Date, Name)>, ValidationError> {
    if text.len() > MAX_ICS_BYTES {
        return Err(ValidationError::CalendarFileTooLarge { max_kib: MAX_ICS_BYTES / 1024 });
    }
    let bad = |why: String| ValidationError::CalendarFile(why);
    if !text.trim_start().starts_with("BEGIN:VCALENDAR") {
        return Err(bad("it does not begin with BEGIN:VCALENDAR".into()));
    }
    let calendar: icalendar::Calendar = text.parse().map_err(|e: String| bad(first_line(&e)))?;
    // By day: a day named twice keeps its first name; the map keeps them in day order.
    let mut days: std::collections::BTreeMap<Date, Name> = std::collections::BTreeMap::new();
    for event in calendar.components.iter().filter_map(|c| c.as_event()) {
        let summary = event.get_summary().unwrap_or("").trim();
        if event.property_value("RRULE").is_some() {
            return Err(bad(format!(
                "the event '{summary}' repeats (RRULE); export the calendar with each holiday as its own event"
            )));
        }
        let start = event.get_start().ok_or_else(|| bad(format!("the event '{summary}' has no start")))?;
        let first =
            day_of(&start).ok_or_else(|| bad(format!("the event '{summary}' has a start we cannot read")))?;
        let last = match event.get_end().as_ref().and_then(day_of) {
            // DTEND of an all-day event is the day after it.
            Some(end) if end > first => end.add_days(-1),
            _ => first,
        };
        if first.days_until(last) >= MAX_EVENT_DAYS {
            return Err(bad(format!("the event '{summary}' lasts more than {MAX_EVENT_DAYS} days")));
        }
        let name = Name::parse(if summary.is_empty() { "Holiday" } else { summary })
            .or_else(|_| Name::parse(&summary.chars().take(100).collect::<String>()))?;
        let mut day = first;
        while day <= last {
            days.entry(day).or_insert_with(|| name.clone());
            day = day.add_days(1);
        }
    }
    if days.is_empty() {
        return Err(bad("it holds no events".into()));
    }
    Ok(days.into_iter().collect())
}

fn day_of(value: &DatePerhapsTime) -> Option<Date> {
    let naive = match value {
        DatePerhapsTime::Date(d) => *d,
        DatePerhapsTime::DateTime(dt) => match dt {
            icalendar::CalendarDateTime::Floating(n) => n.date(),
            icalendar::CalendarDateTime::Utc(u) => u.date_naive(),
            icalendar::CalendarDateTime::WithTimezone { date_time, .. } => date_time.date(),
        },
    };
    Date::parse(&naive.format("%Y-%m-%d").to_string()).ok()
}

fn first_line(e: &str) -> String {
    e.lines().next().unwrap_or("it could not be parsed").chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const JAPAN: &str = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\
BEGIN:VEVENT\r\nUID:1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270102\r\nSUMMARY:元日\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:2\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20270503\r\nDTEND;VALUE=DATE:20270506\r\nSUMMARY:Golden Week\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:3\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20270111\r\nSUMMARY:成人の日\r\nEND:VEVENT\r\n\
END:VCALENDAR\r\n";

    #[test]
    fn each_event_is_a_holiday_on_each_of_its_days() {
        let days = holidays_from_ics(JAPAN).unwrap();
        let shown: Vec<String> = days.iter().map(|(d, n)| format!("{d} {n}")).collect();
        assert_eq!(
            shown,
            [
                "2027-01-01 元日",
                "2027-01-11 成人の日",
                "2027-05-03 Golden Week",
                "2027-05-04 Golden Week",
                "2027-05-05 Golden Week"
            ]
        );
    }

    #[test]
    fn what_we_cannot_read_is_said() {
        let cases = [
            ("hello", "invalid_calendar_file"),
            ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "invalid_calendar_file"),
            (
                "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20270101\r\nRRULE:FREQ=YEARLY\r\nSUMMARY:New Year\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                "invalid_calendar_file",
            ),
            (
                "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20270101\r\nDTEND;VALUE=DATE:20270301\r\nSUMMARY:Long\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
                "invalid_calendar_file",
            ),
        ];
        for (text, code) in cases {
            let err = holidays_from_ics(text).unwrap_err();
            assert_eq!(err.code(), code, "{text}: {err}");
        }
        let huge = format!("BEGIN:VCALENDAR\r\n{}", "X".repeat(MAX_ICS_BYTES));
        assert_eq!(holidays_from_ics(&huge).unwrap_err().code(), "calendar_file_too_large");
        assert!(
            holidays_from_ics(
                "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            )
            .unwrap_err()
            .to_string()
            .contains("no start")
        );
    }
}
