//! The benchmark's team: people and projects, assignments before, in and after a window, and —
//! for capacity — time off in the same proportions and a holiday calendar with 16 days a year over
//! every year the plan spans, half the people in it.

use planner_domain::capacity::{Allocation, Status, TimeOffKind};
use planner_domain::{
    Assignment, AssignmentId, Calendar, CalendarId, Color, Date, DateRange, Groups, Holiday, Label, LabelId,
    LabelKind, Name, Person, PersonId, PersonLabels, Project, ProjectId, TimeOff, TimeOffId,
};
use planner_store::transfer::{FORMAT, FORMAT_VERSION, TeamExport};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// How big a team and its plan are.
#[derive(Debug, Clone, Copy)]
pub struct Size {
    pub people: usize,
    /// Assignments before the window (about 25 starts a week, back as far as the count needs).
    pub history: usize,
    /// Assignments in the window.
    pub in_window: usize,
}

/// The team of `size` around `window`: `size.history` assignments before it, `size.in_window`
/// in it (some long, three that began years ago), 500 after it; one time off for every ten
/// assignments, placed alike (some long: a leave of one to four months); the holidays of one
/// calendar. Allocations and statuses vary (full days, hours, shares, totals; one in six
/// tentative). Each part has its own random stream, so the window's plan is the same at every
/// history size.
pub fn plan(size: Size, window: DateRange) -> TeamExport {
    let calendar = Calendar {
        id: CalendarId::generate(),
        name: Name::parse("Holidays").unwrap(),
        region: Some("JP".into()),
        version: 1,
    };
    // A department's lists: 8 groups, 5 roles, 10 skills; person i in group i mod 8 (every tenth
    // moving to the next four weeks into the window), with role i mod 5 and one to three skills.
    let list = |kind: LabelKind, n: usize| -> Vec<Label> {
        (0..n)
            .map(|i| Label {
                id: LabelId::generate(),
                kind,
                name: Name::parse(&format!("{} {i}", kind.as_str())).unwrap(),
                version: 1,
            })
            .collect()
    };
    let (groups, roles, skills) =
        (list(LabelKind::Group, 8), list(LabelKind::Role, 5), list(LabelKind::Skill, 10));
    let people: Vec<Person> = (0..size.people)
        .map(|i| {
            let mut r = Person::new(PersonId::generate(), Name::parse(&format!("Person {i:03}")).unwrap());
            r.calendar = (i % 2 == 0).then(|| calendar.id.clone());
            let mut spells = Groups::always(Some(groups[i % 8].id.clone()));
            if i % 10 == 0 {
                spells =
                    spells.moved(Some(window.start().add_days(28)), Some(groups[(i + 1) % 8].id.clone()));
            }
            let carried = (0..1 + i % 3).map(|k| skills[(i * 3 + k) % 10].id.clone()).collect();
            r.labels = PersonLabels::new(spells, Some(roles[i % 5].id.clone()), carried).unwrap();
            r
        })
        .collect();
    let projects: Vec<Project> = (0..6)
        .map(|i| Project {
            id: ProjectId::generate(),
            name: Name::parse(&format!("Project {i}")).unwrap(),
            color: Color::from_rgb(40 * i as u8, 90, 160),
            version: 1,
        })
        .collect();
    let mut assignments = Vec::new();
    let mut time_off = Vec::new();
    let mut add = |rng: &mut StdRng, start: Date, days: i64| {
        let allocation = match rng.random_range(0..4) {
            0 => Allocation::default(),
            1 => Allocation::HoursPerDay(60 * rng.random_range(1..9)),
            2 => Allocation::Percent(25 * rng.random_range(1..5)),
            _ => Allocation::Total(60 * rng.random_range(1..=(days as u32 * 4).min(400))),
        };
        assignments.push(Assignment {
            id: AssignmentId::generate(),
            person_id: people[rng.random_range(0..size.people)].id.clone(),
            project_id: projects[rng.random_range(0..projects.len())].id.clone(),
            range: DateRange::new(start, start.add_days(days)).unwrap(),
            allocation,
            status: if rng.random_ratio(1, 6) { Status::Tentative } else { Status::Confirmed },
            version: 1,
            series: None,
        });
    };
    let mut off = |rng: &mut StdRng, start: Date| {
        let days = if rng.random_ratio(1, 30) { rng.random_range(30..120) } else { rng.random_range(1..6) };
        time_off.push(TimeOff {
            id: TimeOffId::generate(),
            person_id: people[rng.random_range(0..size.people)].id.clone(),
            range: DateRange::new(start, start.add_days(days)).unwrap(),
            kind: TimeOffKind::Holiday,
            minutes: rng.random_ratio(1, 5).then_some(240),
            version: 1,
        });
    };
    let length = |rng: &mut StdRng| {
        if rng.random_ratio(1, 20) { rng.random_range(40..400) } else { rng.random_range(2..15) }
    };
    let mut rng = StdRng::seed_from_u64(1);
    let mut earliest = window.start();
    for i in 0..size.history {
        let start = window.start().add_days(-(i as i64 / 25) * 7 - rng.random_range(1..8) - 400);
        earliest = earliest.min(start);
        let days = length(&mut rng);
        add(&mut rng, start, days);
        if i % 10 == 0 {
            off(&mut rng, start);
        }
    }
    let mut rng = StdRng::seed_from_u64(2);
    for i in 0..size.in_window {
        let start = window.start().add_days(rng.random_range(-10..window.days()));
        let days = length(&mut rng);
        add(&mut rng, start, days);
        if i % 10 == 0 {
            let start = window.start().add_days(rng.random_range(-5..window.days()));
            off(&mut rng, start);
        }
    }
    for years in [3, 5, 8] {
        add(&mut rng, window.start().add_days(-365 * years), 365 * years + 30);
    }
    let mut rng = StdRng::seed_from_u64(3);
    for i in 0..500 {
        let start = window.end_exclusive().add_days(rng.random_range(0..365));
        let days = length(&mut rng);
        add(&mut rng, start, days);
        if i % 10 == 0 {
            off(&mut rng, start);
        }
    }
    let first_year = earliest.as_time().year().min(window.start().as_time().year() - 8);
    let last_year = window.end_exclusive().as_time().year() + 1;
    let holidays = (first_year..=last_year)
        .flat_map(|y| HOLIDAYS.iter().map(move |&(m, d)| Date::from_ymd(y, m, d).unwrap()))
        .map(|day| Holiday { calendar: calendar.id.clone(), day, name: Name::parse("Holiday").unwrap() })
        .collect();
    TeamExport {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        exported_at: "bench".into(),
        team_name: Name::parse("Bench").unwrap(),
        default_week: None,
        people,
        projects,
        assignments,
        time_off,
        calendars: vec![calendar],
        holidays,
        labels: [groups, roles, skills].concat(),
        views: None,
        unreadable: vec![],
    }
}

/// Sixteen days a year (Japan's holidays, their dates fixed).
const HOLIDAYS: [(u8, u8); 16] = [
    (1, 1),
    (1, 13),
    (2, 11),
    (2, 23),
    (3, 20),
    (4, 29),
    (5, 3),
    (5, 4),
    (5, 5),
    (7, 21),
    (8, 11),
    (9, 15),
    (9, 23),
    (10, 13),
    (11, 3),
    (11, 23),
];
