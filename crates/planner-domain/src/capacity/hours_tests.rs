use super::*;
use crate::capacity::{Allocation, Schedule, Status, TimeOffKind};
use crate::{AssignmentId, CalendarId, Holiday, Name, PersonId, ProjectId, TimeOff, TimeOffId};

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(day(first), day(last)).unwrap()
}

fn booking(who: &Person, range: DateRange, allocation: Allocation) -> Assignment {
    Assignment {
        id: AssignmentId::generate(),
        person_id: who.id.clone(),
        project_id: ProjectId::generate(),
        range,
        allocation,
        status: Status::Confirmed,
        version: 1,
        series: None,
    }
}

/// Two weeks from Monday 2026-12-07. Hanako works the team's week and has a holiday on Wednesday
/// the 9th; she books 4 h a day for both weeks. Bo works Monday to Thursday, is off on Tuesday the
/// 15th and books 50 h in all from the 7th to the 17th: 7 working days, 429 minutes on the first
/// four and 428 on the rest.
fn team() -> (Vec<Person>, WindowItems) {
    let calendar = CalendarId::generate();
    let mut hanako = Person::new(PersonId::generate(), Name::parse("Hanako").unwrap());
    hanako.calendar = Some(calendar.clone());
    let mut bo = Person::new(PersonId::generate(), Name::parse("Bo").unwrap());
    bo.schedule = Some(Schedule::always(WorkWeek::new([360, 360, 360, 360, 0, 0, 0]).unwrap()));
    let items = WindowItems {
        assignments: vec![
            booking(&bo, days("2026-12-07", "2026-12-17"), Allocation::Total(3000)),
            booking(&hanako, days("2026-12-07", "2026-12-18"), Allocation::HoursPerDay(240)),
        ],
        time_off: vec![TimeOff {
            id: TimeOffId::generate(),
            person_id: bo.id.clone(),
            range: days("2026-12-15", "2026-12-15"),
            kind: TimeOffKind::Sick,
            minutes: None,
            version: 1,
        }],
        holidays: vec![Holiday { calendar, day: day("2026-12-09"), name: Name::parse("Test day").unwrap() }],
        unreadable: vec![],
    };
    (vec![hanako, bo], items)
}

fn lines(
    people: &[Person],
    items: &WindowItems,
    range: DateRange,
    period: Period,
) -> Vec<(String, String, u32, u32)> {
    hours_lines(HoursInput { range, period, default_week: WorkWeek::default(), people, items })
        .unwrap()
        .iter()
        .map(|l| (l.person.name.to_string(), l.from.to_string(), l.days, l.minutes))
        .collect()
}

const MONDAY: Period = Period::Week { first_weekday: 0 };

#[test]
fn a_line_per_booking_and_week_with_the_hours_the_rows_count() {
    let (people, items) = team();
    let got = lines(&people, &items, days("2026-12-07", "2026-12-20"), MONDAY);
    assert_eq!(
        got,
        [
            // Hanako: the holiday takes no hours; then her people's order, Bo's.
            ("Hanako".into(), "2026-12-07".into(), 7, 4 * 240),
            ("Hanako".into(), "2026-12-14".into(), 7, 5 * 240),
            ("Bo".into(), "2026-12-07".into(), 7, 4 * 429),
            ("Bo".into(), "2026-12-14".into(), 7, 3 * 428),
        ]
    );
    // A total's lines add up to it.
    assert_eq!(got.iter().filter(|l| l.0 == "Bo").map(|l| l.3).sum::<u32>(), 3000);
}

#[test]
fn a_range_cuts_its_first_week_and_days_are_lines_of_their_own() {
    let (people, items) = team();
    let cut = lines(&people, &items, days("2026-12-09", "2026-12-15"), MONDAY);
    assert_eq!(cut[0], ("Hanako".into(), "2026-12-09".into(), 5, 2 * 240));
    // Weeks from Sunday: the 13th starts one.
    let sunday = lines(&people, &items, days("2026-12-07", "2026-12-20"), Period::Week { first_weekday: 6 });
    assert_eq!(sunday[1], ("Hanako".into(), "2026-12-13".into(), 7, 5 * 240));
    let by_day = lines(&people, &items, days("2026-12-07", "2026-12-11"), Period::Day);
    assert_eq!(
        by_day.iter().filter(|l| l.0 == "Hanako").map(|l| l.1.as_str()).collect::<Vec<_>>(),
        ["2026-12-07", "2026-12-08", "2026-12-10", "2026-12-11"]
    );
    assert!(by_day.iter().all(|l| l.2 == 1));
}

#[test]
fn over_two_years_is_refused() {
    let (people, items) = team();
    let long = days("2026-01-01", "2028-01-02");
    let got = hours_lines(HoursInput {
        range: long,
        period: MONDAY,
        default_week: WorkWeek::default(),
        people: &people,
        items: &items,
    });
    assert_eq!(got, Err(ValidationError::ReportTooLong { max_days: 731 }));
}
