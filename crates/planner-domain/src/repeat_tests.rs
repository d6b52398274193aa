use super::*;

fn day(raw: &str) -> Date {
    Date::parse(raw).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(day(first), day(last)).unwrap()
}

fn starts(r: &Repeats) -> Vec<String> {
    r.made.iter().map(|d| d.start().to_string()).collect()
}

fn rule(every: Every, until: Until) -> Repeat {
    Repeat { every, until, skip_days_off: false }
}

const ALWAYS: fn(DateRange) -> bool = |_| true;

#[test]
fn weekly_for_a_count_keeps_the_length() {
    // Monday–Tuesday, four bookings in all.
    let r = rule(Every::Weeks { n: 1 }, Until::Count { count: 4 })
        .repeats(days("2027-03-01", "2027-03-02"), ALWAYS);
    let r = r.unwrap();
    assert_eq!(starts(&r), ["2027-03-08", "2027-03-15", "2027-03-22"]);
    assert!(r.made.iter().all(|d| d.days() == 2));
    assert!(r.skipped.is_empty());
}

#[test]
fn every_two_weeks_until_a_day_takes_a_repeat_starting_on_it() {
    let r = rule(Every::Weeks { n: 2 }, Until::Day { day: day("2027-04-12") })
        .repeats(days("2027-03-01", "2027-03-01"), ALWAYS)
        .unwrap();
    assert_eq!(starts(&r), ["2027-03-15", "2027-03-29", "2027-04-12"]);
    let r = rule(Every::Weeks { n: 2 }, Until::Day { day: day("2027-04-11") })
        .repeats(days("2027-03-01", "2027-03-01"), ALWAYS)
        .unwrap();
    assert_eq!(starts(&r), ["2027-03-15", "2027-03-29"]);
}

#[test]
fn monthly_on_the_31st_falls_back_to_the_months_last_day() {
    let r = rule(Every::MonthDay { n: 1 }, Until::Count { count: 5 })
        .repeats(days("2028-01-31", "2028-01-31"), ALWAYS)
        .unwrap();
    // 2028 is a leap year.
    assert_eq!(starts(&r), ["2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"]);
}

#[test]
fn monthly_on_a_weekday_of_the_month() {
    // 2027-03-16 is the third Tuesday of March.
    let r = rule(Every::MonthWeekday { n: 1 }, Until::Count { count: 4 })
        .repeats(days("2027-03-16", "2027-03-16"), ALWAYS)
        .unwrap();
    assert_eq!(starts(&r), ["2027-04-20", "2027-05-18", "2027-06-15"]);
    assert!(r.made.iter().all(|d| d.start().weekday_from_monday() == 1));
    // 2027-03-31 is the fifth Wednesday: repeated on each month's last Wednesday.
    let r = rule(Every::MonthWeekday { n: 3 }, Until::Count { count: 3 })
        .repeats(days("2027-03-31", "2027-03-31"), ALWAYS)
        .unwrap();
    assert_eq!(starts(&r), ["2027-06-30", "2027-09-29"]);
}

#[test]
fn skipping_days_off_leaves_them_out_and_a_count_counts_bookings() {
    let holiday = day("2027-03-15");
    let works = |d: DateRange| !d.contains(holiday);
    let asked =
        Repeat { every: Every::Weeks { n: 1 }, until: Until::Count { count: 3 }, skip_days_off: true };
    let r = asked.repeats(days("2027-03-08", "2027-03-08"), works).unwrap();
    assert_eq!(starts(&r), ["2027-03-22", "2027-03-29"]);
    assert_eq!(r.skipped, vec![days("2027-03-15", "2027-03-15")]);
    // Not skipping: the day off is booked like any other.
    let r =
        Repeat { skip_days_off: false, ..asked }.repeats(days("2027-03-08", "2027-03-08"), works).unwrap();
    assert_eq!(starts(&r), ["2027-03-15", "2027-03-22"]);
}

#[test]
fn at_most_500_bookings_with_a_sentence_saying_how_many() {
    let first = days("2027-01-04", "2027-01-04");
    assert!(rule(Every::Weeks { n: 1 }, Until::Count { count: 500 }).repeats(first, ALWAYS).is_ok());
    assert_eq!(
        rule(Every::Weeks { n: 1 }, Until::Count { count: 501 }).repeats(first, ALWAYS),
        Err(ValidationError::TooManyRepeats { max: 500, asked: 501 })
    );
    // Weekly for about eleven years: 574 bookings, the first included.
    let err = rule(Every::Weeks { n: 1 }, Until::Day { day: day("2037-12-31") })
        .repeats(first, ALWAYS)
        .unwrap_err();
    assert_eq!(err, ValidationError::TooManyRepeats { max: 500, asked: 574 });
    assert_eq!(err.to_string(), "a series holds at most 500 bookings; this one would hold 574");
    assert_eq!(err.code(), "too_many_repeats");
}

#[test]
fn wrong_rules_get_a_sentence() {
    let first = days("2027-01-04", "2027-01-04");
    assert_eq!(
        rule(Every::Weeks { n: 0 }, Until::Count { count: 3 }).repeats(first, ALWAYS),
        Err(ValidationError::RepeatEvery { most: 52 })
    );
    assert_eq!(
        rule(Every::MonthDay { n: 13 }, Until::Count { count: 3 }).repeats(first, ALWAYS),
        Err(ValidationError::RepeatEvery { most: 12 })
    );
    assert_eq!(
        rule(Every::Weeks { n: 1 }, Until::Count { count: 1 }).repeats(first, ALWAYS),
        Err(ValidationError::RepeatCount)
    );
    // Until a day before the first repeat.
    assert_eq!(
        rule(Every::Weeks { n: 1 }, Until::Day { day: day("2027-01-10") }).repeats(first, ALWAYS),
        Err(ValidationError::RepeatNone { first: "2027-01-04".into(), until: "2027-01-10".into() })
    );
    // Monthly for 500 bookings from 2990 runs past 2999-12-31.
    assert_eq!(
        rule(Every::MonthDay { n: 1 }, Until::Count { count: 200 })
            .repeats(days("2990-01-01", "2990-01-01"), ALWAYS),
        Err(ValidationError::RepeatPastEnd)
    );
    // Everything skipped.
    assert!(matches!(
        Repeat {
            every: Every::Weeks { n: 1 },
            until: Until::Day { day: day("2027-02-01") },
            skip_days_off: true
        }
        .repeats(first, |_| false),
        Err(ValidationError::RepeatNone { .. })
    ));
}

#[test]
fn reach_is_the_end_of_the_last_repeat_without_skipping() {
    let first = days("2027-03-01", "2027-03-02");
    assert_eq!(rule(Every::Weeks { n: 1 }, Until::Count { count: 4 }).reach(first), day("2027-03-24"));
    assert_eq!(
        rule(Every::Weeks { n: 1 }, Until::Day { day: day("2027-06-01") }).reach(first),
        day("2027-06-03")
    );
}
