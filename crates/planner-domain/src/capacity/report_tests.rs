use super::*;
use crate::capacity::{Allocation, Availability, Schedule, Status, TimeOffKind, day_loads};
use crate::{Assignment, AssignmentId, CalendarId, Color, Holiday, TimeOff, TimeOffId};

fn label(kind: LabelKind, name: &str) -> Label {
    Label { id: LabelId::generate(), kind, name: Name::parse(name).unwrap(), version: 1 }
}

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(day(first), day(last)).unwrap()
}

fn project(name: &str) -> Project {
    Project {
        id: ProjectId::generate(),
        name: Name::parse(name).unwrap(),
        color: Color::parse("#336699").unwrap(),
        version: 1,
    }
}

fn assignment(
    who: &Person,
    what: &Project,
    range: DateRange,
    allocation: Allocation,
    status: Status,
) -> Assignment {
    Assignment {
        id: AssignmentId::generate(),
        person_id: who.id.clone(),
        project_id: what.id.clone(),
        range,
        allocation,
        status,
        version: 1,
        series: None,
    }
}

/// Two weeks from Monday 2026-12-07. 山田, 花子 works the team's week (Monday to Friday, 8 h), is
/// in a calendar with a holiday on Wednesday the 9th, books Apollo 4 h a day for both weeks and
/// Gemini half her day, tentatively, in the second. Bo works Monday to Thursday, 6 h, is off on
/// Tuesday the 15th and books Apollo 50 h in all from the 7th to the 17th: 7 working days, 428
/// or 429 minutes each, more than his 360.
struct Team {
    people: Vec<Person>,
    projects: Vec<Project>,
    labels: Vec<Label>,
    items: WindowItems,
}

fn team() -> Team {
    let calendar = CalendarId::generate();
    let mut hanako = Person::new(PersonId::generate(), Name::parse("山田, 花子").unwrap());
    hanako.calendar = Some(calendar.clone());
    let mut bo = Person::new(PersonId::generate(), Name::parse("Bo").unwrap());
    bo.schedule = Some(Schedule::always(WorkWeek::new([360, 360, 360, 360, 0, 0, 0]).unwrap()));
    let (apollo, gemini, idle) = (project("Apollo"), project("Gemini"), project("Idle"));
    let items = WindowItems {
        assignments: vec![
            assignment(
                &hanako,
                &apollo,
                days("2026-12-07", "2026-12-18"),
                Allocation::HoursPerDay(240),
                Status::Confirmed,
            ),
            assignment(
                &hanako,
                &gemini,
                days("2026-12-14", "2026-12-18"),
                Allocation::Percent(50),
                Status::Tentative,
            ),
            assignment(
                &bo,
                &apollo,
                days("2026-12-07", "2026-12-17"),
                Allocation::Total(3000),
                Status::Confirmed,
            ),
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
    Team { people: vec![hanako, bo], projects: vec![idle, gemini, apollo], labels: vec![], items }
}

fn report(team: &Team, range: DateRange, first_weekday: u8) -> Report {
    Report::build(ReportInput {
        range,
        first_weekday,
        default_week: WorkWeek::default(),
        people: &team.people,
        projects: &team.projects,
        labels: &team.labels,
        items: &team.items,
    })
    .unwrap()
}

/// The team with a placeholder, "Designer — to hire" (the team's week, no calendar), booked on
/// Apollo 4 h a day, confirmed, in the first week and on Gemini 2 h a day, tentatively, in the
/// second. The team lists the roles Designer (山田, 花子's and the placeholder's), Developer and
/// Unused (nobody's), and a group. Bo has no role.
fn team_with_a_placeholder() -> Team {
    let mut team = team();
    let [designer, developer, unused, group] = [
        label(LabelKind::Role, "Designer"),
        label(LabelKind::Role, "Developer"),
        label(LabelKind::Role, "Unused"),
        label(LabelKind::Group, "Tokyo"),
    ];
    let mut to_hire = Person::placeholder(PersonId::generate(), Name::parse("Designer — to hire").unwrap());
    to_hire.labels.role = Some(designer.id.clone());
    team.people[0].labels.role = Some(designer.id.clone());
    let (apollo, gemini) = (&team.projects[2], &team.projects[1]);
    let more = [
        assignment(
            &to_hire,
            apollo,
            days("2026-12-07", "2026-12-11"),
            Allocation::HoursPerDay(240),
            Status::Confirmed,
        ),
        assignment(
            &to_hire,
            gemini,
            days("2026-12-14", "2026-12-18"),
            Allocation::HoursPerDay(120),
            Status::Tentative,
        ),
    ];
    team.items.assignments.extend(more);
    team.people.push(to_hire);
    team.labels = vec![designer, developer, unused, group];
    team
}

fn load(capacity: u64, confirmed: u64, tentative: u64, off: u64, over_days: u32) -> PeriodLoad {
    PeriodLoad { capacity, confirmed, tentative, off, over_days }
}

#[test]
fn people_projects_and_the_team_over_the_range_and_by_week() {
    let team = team();
    let r = report(&team, days("2026-12-07", "2026-12-20"), 0);
    assert_eq!(
        r.weeks,
        [ReportWeek { start: day("2026-12-07"), days: 7 }, ReportWeek { start: day("2026-12-14"), days: 7 }]
    );
    // By name: "Bo" before "山田, 花子".
    let names: Vec<&str> = r.people.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Bo", "山田, 花子"]);
    let (bo, hanako) = (&r.people[0], &r.people[1]);
    // Nine working days (the holiday takes one): 36 h of 72 booked confirmed, 10 h tentative.
    assert_eq!(hanako.load, load(9 * 480, 9 * 240, 5 * 240, 480, 0));
    assert_eq!(hanako.weeks, [load(4 * 480, 4 * 240, 0, 480, 0), load(5 * 480, 5 * 240, 5 * 240, 0, 0)]);
    assert_eq!((hanako.load.percent(false), hanako.load.percent(true)), (Some(50), Some(78)));
    // Seven days of 6 h; 50 h spread over them, every one of them over.
    assert_eq!(bo.load, load(7 * 360, 3000, 0, 360, 7));
    assert_eq!(bo.weeks, [load(4 * 360, 4 * 429, 0, 0, 4), load(3 * 360, 3 * 428, 0, 360, 3)]);

    // Projects by hours, most first; one without hours left out.
    let projects: Vec<(&str, u32)> = r.projects.iter().map(|p| (p.name.as_str(), p.people)).collect();
    assert_eq!(projects, [("Apollo", 2), ("Gemini", 1)]);
    assert_eq!(r.projects[0].load, load(0, 9 * 240 + 3000, 0, 0, 0));
    assert_eq!(
        r.projects[0].weeks,
        [load(0, 4 * 240 + 4 * 429, 0, 0, 0), load(0, 5 * 240 + 3 * 428, 0, 0, 0)]
    );
    assert_eq!(r.projects[1].load, load(0, 0, 1200, 0, 0));

    // The team is the sum of its people, over the range and in each week.
    assert_eq!(r.team, load(9 * 480 + 7 * 360, 9 * 240 + 3000, 1200, 840, 7));
    assert_eq!(r.team_weeks.len(), 2);
    for (i, w) in r.team_weeks.iter().enumerate() {
        assert_eq!(w.capacity, bo.weeks[i].capacity + hanako.weeks[i].capacity);
        assert_eq!(w.booked(true), bo.weeks[i].booked(true) + hanako.weeks[i].booked(true));
    }
}

#[test]
fn a_person_says_in_the_report_what_their_row_says() {
    // The same days read by the timeline's maths directly: the report adds nothing of its own.
    let team = team();
    let range = days("2026-12-01", "2027-01-31");
    let r = report(&team, range, 0);
    let bo = &team.people[1];
    let schedule = bo.schedule_or(WorkWeek::default());
    let holidays = BTreeSet::new();
    let absences = [team.items.time_off[0].absence().unwrap()];
    let person = Availability { schedule: &schedule, holidays: &holidays, absences: &absences };
    let bookings = [Booking {
        range: days("2026-12-07", "2026-12-17"),
        allocation: Allocation::Total(3000),
        status: Status::Confirmed,
    }];
    let row = PeriodLoad::of(&day_loads(&person, &bookings, range), true);
    assert_eq!(r.people.iter().find(|p| p.id == bo.id).unwrap().load, row);
}

#[test]
fn weeks_start_on_the_regions_first_day_and_the_range_cuts_the_ends() {
    let team = team();
    // Wednesday the 9th to Tuesday the 22nd, weeks from Sunday: Wed–Sat, Sun–Sat, Sun–Tue.
    let r = report(&team, days("2026-12-09", "2026-12-22"), 6);
    let weeks: Vec<(Date, u32)> = r.weeks.iter().map(|w| (w.start, w.days)).collect();
    assert_eq!(weeks, [(day("2026-12-09"), 4), (day("2026-12-13"), 7), (day("2026-12-20"), 3)]);
    assert_eq!(r.people[0].weeks.len(), 3);
    let sum: u64 = r.team_weeks.iter().map(|w| w.capacity).sum();
    assert_eq!(sum, r.team.capacity);
}

#[test]
fn a_range_longer_than_two_years_is_refused() {
    let team = team();
    let input = |range| ReportInput {
        range,
        first_weekday: 0,
        default_week: WorkWeek::default(),
        people: &team.people,
        projects: &team.projects,
        labels: &team.labels,
        items: &team.items,
    };
    let two_years = DateRange::new(day("2026-01-01"), day("2026-01-01").add_days(MAX_REPORT_DAYS)).unwrap();
    assert!(Report::build(input(two_years)).is_ok());
    let more = DateRange::new(day("2026-01-01"), day("2026-01-01").add_days(MAX_REPORT_DAYS + 1)).unwrap();
    assert_eq!(Report::build(input(more)), Err(ValidationError::ReportTooLong { max_days: MAX_REPORT_DAYS }));
}

#[test]
fn the_csv_file_is_rfc_4180_utf8_with_a_bom() {
    let team = team();
    let csv = report(&team, days("2026-12-07", "2026-12-20"), 0).to_csv();
    assert!(csv.starts_with('\u{feff}'), "a byte-order mark first");
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert_eq!(
        lines,
        [
            "line,name,capacity_hours,confirmed_hours,tentative_hours,time_off_hours,utilisation_percent,utilisation_with_tentative_percent,people,to_staff_hours",
            "person,Bo,42,50,0,6,119,119,,",
            // The comma in the name: the field quoted.
            "person,\"山田, 花子\",72,36,20,8,50,78,,",
            "project,Apollo,,86,0,,,,2,0",
            "project,Gemini,,0,20,,,,1,0",
            // The team lists no roles: everyone's hours are those of "no role".
            "role,No role,114,86,20,,,,2,0",
            "team,,114,86,20,14,75,93,2,",
            "",
        ]
    );
}

/// A name a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a return first) is
/// written as text, with a leading apostrophe, as the activity log's CSV writes it.
#[test]
fn a_name_that_reads_as_a_formula_is_written_as_text() {
    let mut team = team();
    team.people[1].name = Name::parse("+1 555 0100").unwrap();
    team.projects[2].name = Name::parse("=HYPERLINK(\"http://x.invalid\",\"Apollo\")").unwrap();
    let csv = report(&team, days("2026-12-07", "2026-12-20"), 0).to_csv();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert_eq!(lines[1], "person,'+1 555 0100,42,50,0,6,119,119,,");
    assert_eq!(lines[3], "project,\"'=HYPERLINK(\"\"http://x.invalid\"\",\"\"Apollo\"\")\",,86,0,,,,2,0");
}

#[test]
fn a_placeholders_hours_are_its_projects_to_staff_and_not_the_teams() {
    let team = team_with_a_placeholder();
    let r = report(&team, days("2026-12-07", "2026-12-20"), 0);
    // Its line is among the people's, by name, marked: its hours are its bookings'.
    let lines: Vec<(&str, bool)> = r.people.iter().map(|p| (p.name.as_str(), p.placeholder)).collect();
    assert_eq!(lines, [("Bo", false), ("Designer — to hire", true), ("山田, 花子", false)]);
    assert_eq!(r.people[1].load, load(10 * 480, 1200, 600, 0, 0));

    // The team's sums are its people's, as without the placeholder, over the range and by week.
    assert_eq!(r.team, load(9 * 480 + 7 * 360, 9 * 240 + 3000, 1200, 840, 7));
    let (bo, hanako) = (&r.people[0], &r.people[2]);
    for (i, w) in r.team_weeks.iter().enumerate() {
        assert_eq!(*w, add(bo.weeks[i], &hanako.weeks[i]), "week {i}");
    }

    // Its hours are its projects' (their whole demand), and their part to staff; it is not one of
    // the people a project books.
    let apollo = &r.projects[0];
    assert_eq!((apollo.name.as_str(), apollo.people), ("Apollo", 2));
    assert_eq!(apollo.load, load(0, 9 * 240 + 3000 + 1200, 0, 0, 0));
    assert_eq!(apollo.weeks[0], load(0, 4 * 240 + 4 * 429 + 1200, 0, 0, 0));
    assert_eq!((apollo.to_staff, apollo.to_staff_weeks.as_slice()), (1200, &[1200, 0][..]));
    let gemini = &r.projects[1];
    assert_eq!((gemini.name.as_str(), gemini.people), ("Gemini", 1));
    assert_eq!(gemini.load, load(0, 0, 1200 + 600, 0, 0));
    assert_eq!((gemini.to_staff, gemini.to_staff_weeks.as_slice()), (600, &[0, 600][..]));
}

#[test]
fn the_demand_by_role_sums_people_and_placeholders_apart() {
    let mut team = team_with_a_placeholder();
    let developer = team.labels[1].id.clone();
    team.people[1].labels.role = Some(developer.clone());
    // A placeholder with no role, 8 h on Gemini on Wednesday the 16th; one of Developer with no
    // hours; Cy, whose role is a label of another list (so no role), with none either.
    let someone = Person::placeholder(PersonId::generate(), Name::parse("Someone — to hire").unwrap());
    let mut dev = Person::placeholder(PersonId::generate(), Name::parse("Developer — to hire").unwrap());
    dev.labels.role = Some(developer.clone());
    let mut cy = Person::new(PersonId::generate(), Name::parse("Cy").unwrap());
    cy.labels.role = Some(team.labels[3].id.clone());
    let wednesday = days("2026-12-16", "2026-12-16");
    let on_gemini =
        assignment(&someone, &team.projects[1], wednesday, Allocation::Total(480), Status::Confirmed);
    team.items.assignments.push(on_gemini);
    team.people.extend([someone, dev, cy]);
    let r = report(&team, days("2026-12-07", "2026-12-20"), 0);

    // By hours to staff, most first; Unused, with nobody, left out.
    let names: Vec<Option<&str>> = r.roles.iter().map(|l| l.name.as_ref().map(Name::as_str)).collect();
    assert_eq!(names, [Some("Designer"), None, Some("Developer")]);
    let designer = &r.roles[0];
    assert_eq!(designer.id.as_ref(), Some(&team.labels[0].id));
    // 山田, 花子's hours are staffed, the placeholder's to staff; the capacity is hers alone.
    assert_eq!((designer.people, designer.placeholders), (1, 1));
    assert_eq!((designer.staffed, designer.to_staff, designer.capacity), (9 * 240 + 5 * 240, 1800, 9 * 480));
    assert_eq!((designer.confirmed, designer.tentative), (9 * 240 + 1200, 5 * 240 + 600));
    assert_eq!(
        designer.weeks,
        [
            RoleWeek { staffed: 4 * 240, to_staff: 1200, capacity: 4 * 480 },
            RoleWeek { staffed: 10 * 240, to_staff: 600, capacity: 5 * 480 },
        ]
    );
    // No role: the placeholder's 8 h and Cy's capacity.
    let no_role = &r.roles[1];
    assert_eq!(no_role.id, None);
    assert_eq!((no_role.people, no_role.placeholders), (1, 1));
    assert_eq!((no_role.staffed, no_role.to_staff, no_role.capacity), (0, 480, 10 * 480));
    let developers = &r.roles[2];
    assert_eq!((developers.people, developers.placeholders), (1, 1));
    assert_eq!((developers.staffed, developers.to_staff, developers.capacity), (3000, 0, 7 * 360));

    // Without hours booked on anyone of no role, there is no such line (Cy's capacity alone).
    team.items.assignments.pop();
    let r = report(&team, days("2026-12-07", "2026-12-20"), 0);
    let ids: Vec<Option<&LabelId>> = r.roles.iter().map(|l| l.id.as_ref()).collect();
    assert_eq!(ids, [Some(&team.labels[0].id), Some(&developer)]);
}

#[test]
fn the_csv_file_has_placeholders_hours_to_staff_and_roles() {
    let team = team_with_a_placeholder();
    let csv = report(&team, days("2026-12-07", "2026-12-20"), 0).to_csv();
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert_eq!(
        lines[1..],
        [
            "person,Bo,42,50,0,6,119,119,,",
            "person,\"山田, 花子\",72,36,20,8,50,78,,",
            // A placeholder's hours, and no capacity, time off or utilisation.
            "placeholder,Designer — to hire,,20,10,,,,,",
            // All the hours of a project, and those of them to staff.
            "project,Apollo,,106,0,,,,2,20",
            "project,Gemini,,0,30,,,,1,10",
            // A role's capacity is its people's; its hours everyone's, those to staff apart.
            "role,Designer,72,56,30,,,,1,30",
            "role,No role,42,50,0,,,,1,0",
            // The team: its two people, as without the placeholder.
            "team,,114,86,20,14,75,93,2,",
            "",
        ]
    );
}

#[test]
fn hours_are_decimals_with_at_most_two_places() {
    let cases = [(0, "0"), (1, "0.02"), (450, "7.5"), (460, "7.67"), (480, "8"), (3000, "50"), (15, "0.25")];
    for (minutes, text) in cases {
        assert_eq!(decimal_hours(minutes), text, "{minutes} minutes");
    }
}
