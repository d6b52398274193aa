//! The feed read back by the `icalendar` crate's parser: all-day events with the plan's days,
//! UIDs that stay and a SEQUENCE that follows the version, a person's own or the team's, time off
//! included, the same file for the same plan.

use super::*;
use icalendar::DatePerhapsTime;
use planner_domain::capacity::WorkWeek;
use planner_domain::{
    Assignment, AssignmentId, Color, Name, Person, Project, ProjectId, Team, TeamId, TimeOff, TimeOffId,
    WindowItems,
};

fn date(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(date(first), date(last)).unwrap()
}

/// Ada books Apollo 4 h a day from Monday 2027-03-01 to Friday the 5th, and Gemini 50 h in all,
/// tentatively, the week after; she is off on the 12th, half a day. Bo books Apollo half his day
/// in April.
fn timeline() -> (Timeline, Person, Person) {
    let ada = Person::new(PersonId::generate(), Name::parse("Ada").unwrap());
    let bo = Person::new(PersonId::generate(), Name::parse("Bo").unwrap());
    let project = |n: &str| Project {
        id: ProjectId::generate(),
        name: Name::parse(n).unwrap(),
        color: Color::parse("#336699").unwrap(),
        version: 1,
    };
    let (apollo, gemini) = (project("Apollo"), project("Gemini, phase 2"));
    let booking = |who: &Person, what: &Project, range, allocation, status| Assignment {
        id: AssignmentId::generate(),
        person_id: who.id.clone(),
        project_id: what.id.clone(),
        range,
        allocation,
        status,
        version: 3,
        series: None,
    };
    let items = WindowItems {
        assignments: vec![
            booking(
                &ada,
                &apollo,
                days("2027-03-01", "2027-03-05"),
                Allocation::HoursPerDay(240),
                Status::Confirmed,
            ),
            booking(
                &ada,
                &gemini,
                days("2027-03-08", "2027-03-12"),
                Allocation::Total(3000),
                Status::Tentative,
            ),
            booking(
                &bo,
                &apollo,
                days("2027-04-01", "2027-04-30"),
                Allocation::Percent(50),
                Status::Confirmed,
            ),
        ],
        time_off: vec![TimeOff {
            id: TimeOffId::generate(),
            person_id: ada.id.clone(),
            range: days("2027-03-12", "2027-03-12"),
            kind: TimeOffKind::Holiday,
            minutes: Some(240),
            version: 1,
        }],
        holidays: vec![],
        unreadable: vec![],
    };
    let team = Team {
        id: TeamId::generate(),
        name: Name::parse("Design studio").unwrap(),
        created_at: "2026-01-01T00:00:00Z".into(),
        default_week: WorkWeek::default(),
        feed_days: Team::DEFAULT_FEED_DAYS,
    };
    let t = Timeline {
        team,
        window: days("2027-03-01", "2027-04-30"),
        people: vec![ada.clone(), bo.clone()],
        projects: vec![apollo, gemini],
        calendars: vec![],
        labels: vec![],
        items,
    };
    (t, ada, bo)
}

fn stamp() -> DateTime<Utc> {
    DateTime::from_timestamp(1_800_000_000, 0).unwrap()
}

fn parsed(text: &str) -> Calendar {
    text.parse().unwrap()
}

fn all_day(value: Option<DatePerhapsTime>) -> String {
    match value {
        Some(DatePerhapsTime::Date(d)) => d.to_string(),
        other => panic!("not an all-day date: {other:?}"),
    }
}

#[test]
fn a_persons_feed_holds_their_bookings_and_time_off_as_all_day_events() {
    let (t, ada, _) = timeline();
    let f =
        feed(&t, Whose::Person(&ada.id), days("2027-03-01", "2027-03-31"), stamp(), FeedWords::EN).unwrap();
    assert_eq!(f.stem, "Ada-2027-03-01-to-2027-03-31");
    assert_eq!(f.events, 3);
    let cal = parsed(&f.text);
    assert_eq!(cal.get_name(), Some("Design studio — Ada"));
    let events: Vec<&Event> = cal.events().collect();
    let summaries: Vec<_> = events.iter().map(|e| e.get_summary().unwrap()).collect();
    assert_eq!(summaries, ["Apollo", "Gemini, phase 2", "Time off (holiday)"]);
    // The plan's days: DTEND the day after the last, as RFC 5545 has all-day events.
    assert_eq!(
        (all_day(events[0].get_start()), all_day(events[0].get_end())),
        ("2027-03-01".into(), "2027-03-06".into())
    );
    assert_eq!(events[0].get_description(), Some("4 h a day"));
    assert_eq!(events[1].get_status(), Some(EventStatus::Tentative));
    assert_eq!(events[1].get_description(), Some("50 h in all\nTentative"));
    assert_eq!(events[2].get_description(), Some("4 h a day"));
    assert_eq!(events[0].property_value("TRANSP"), Some("TRANSPARENT"));
    assert_eq!(events[2].property_value("TRANSP"), Some("OPAQUE"));
    // UIDs are the items' ids; SEQUENCE their version.
    assert_eq!(events[0].get_uid().unwrap(), format!("{}@resource-planner", t.items.assignments[0].id));
    assert_eq!(events[0].get_sequence(), Some(3));
    assert_eq!(events[0].get_timestamp(), Some(stamp()));
}

#[test]
fn the_teams_feed_names_the_people_and_the_same_plan_makes_the_same_file() {
    let (t, _, _) = timeline();
    let range = days("2027-03-01", "2027-04-30");
    let f = feed(&t, Whose::Team, range, stamp(), FeedWords::EN).unwrap();
    let cal = parsed(&f.text);
    let summaries: Vec<_> = cal.events().map(|e| e.get_summary().unwrap().to_owned()).collect();
    assert_eq!(
        summaries,
        ["Apollo · Ada", "Gemini, phase 2 · Ada", "Time off (holiday) · Ada", "Apollo · Bo"]
    );
    assert_eq!(f.stem, "Design-studio-2027-03-01-to-2027-04-30");
    assert_eq!(feed(&t, Whose::Team, range, stamp(), FeedWords::EN).unwrap().text, f.text);
    // A booking moved: the same UID, a higher SEQUENCE (a calendar program updates it).
    let mut moved = t.clone();
    moved.items.assignments[0].range = days("2027-03-02", "2027-03-05");
    moved.items.assignments[0].version = 4;
    let again = parsed(&feed(&moved, Whose::Team, range, stamp(), FeedWords::EN).unwrap().text);
    let first = again.events().next().unwrap();
    assert_eq!(first.get_uid(), cal.events().next().unwrap().get_uid());
    assert_eq!((first.get_sequence(), all_day(first.get_start())), (Some(4), "2027-03-02".into()));
}

#[test]
fn only_what_meets_the_range_and_a_stranger_has_no_feed() {
    let (t, ada, bo) = timeline();
    let april =
        feed(&t, Whose::Person(&bo.id), days("2027-04-10", "2027-04-12"), stamp(), FeedWords::JA).unwrap();
    let cal = parsed(&april.text);
    let events: Vec<&Event> = cal.events().collect();
    assert_eq!(events.len(), 1);
    // Whole, not cut to the range; in Japanese.
    assert_eq!(
        (all_day(events[0].get_start()), all_day(events[0].get_end())),
        ("2027-04-01".into(), "2027-05-01".into())
    );
    assert_eq!(events[0].get_description(), Some("50 % （1日の割合）"));
    let none =
        feed(&t, Whose::Person(&ada.id), days("2027-04-10", "2027-04-12"), stamp(), FeedWords::EN).unwrap();
    assert_eq!(none.events, 0);
    assert!(
        feed(
            &t,
            Whose::Person(&PersonId::generate()),
            days("2027-04-10", "2027-04-12"),
            stamp(),
            FeedWords::EN
        )
        .is_none()
    );
}
