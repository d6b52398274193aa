//! The export's sheets as cells: a header and rows of text, numbers of hours and days.

use planner_domain::capacity::{HoursLine, Status, decimal_hours};
use planner_domain::{Date, Label, LabelId, Person};
use planner_store::Timeline;
use std::collections::HashMap;

/// One cell.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cell {
    Text(String),
    /// Hours, from minutes (two decimals at most).
    Hours(u64),
    Whole(u64),
    Day(Date),
    Empty,
}

/// One sheet (a CSV file, or a worksheet of a workbook).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Sheet {
    pub name: &'static str,
    pub header: &'static [&'static str],
    pub rows: Vec<Vec<Cell>>,
}

impl Cell {
    /// As a CSV file writes it.
    pub fn text(&self) -> String {
        match self {
            Cell::Text(t) => t.clone(),
            Cell::Hours(m) => decimal_hours(*m),
            Cell::Whole(n) => n.to_string(),
            Cell::Day(d) => d.to_string(),
            Cell::Empty => String::new(),
        }
    }
}

const PLAN: &[&str] = &[
    "person",
    "placeholder",
    "role",
    "group",
    "project",
    "status",
    "from",
    "to",
    "days",
    "hours",
    "booking_first_day",
    "booking_last_day",
    "booking_allocation",
    "booking_id",
];

const PEOPLE: &[&str] = &["name", "placeholder", "role", "group", "skills", "hours_a_week", "calendar", "id"];

const PROJECTS: &[&str] = &["name", "color", "id"];

/// The team's label names by id.
fn names(labels: &[Label]) -> HashMap<&LabelId, &str> {
    labels.iter().map(|l| (&l.id, l.name.as_str())).collect()
}

fn text(s: impl Into<String>) -> Cell {
    Cell::Text(s.into())
}

fn yes(b: bool) -> Cell {
    if b { text("yes") } else { Cell::Empty }
}

/// A label's name, or nothing for none (or one the team no longer lists).
fn label(names: &HashMap<&LabelId, &str>, id: Option<&LabelId>) -> Cell {
    id.and_then(|id| names.get(id)).map_or(Cell::Empty, |n| text(*n))
}

/// The bookings' lines: who (their role and their group on the line's first day), the project,
/// the status, the line's days and hours, and the booking's own days and id.
pub(crate) fn plan(t: &Timeline, lines: &[HoursLine<'_>]) -> Sheet {
    let labels = names(&t.labels);
    let projects: HashMap<_, _> = t.projects.iter().map(|p| (&p.id, p.name.as_str())).collect();
    let rows = lines
        .iter()
        .map(|l| {
            let (p, a) = (l.person, l.booking);
            vec![
                text(p.name.as_str()),
                yes(p.placeholder),
                label(&labels, p.labels.role.as_ref()),
                label(&labels, p.labels.groups.on(l.from)),
                text(*projects.get(&a.project_id).unwrap_or(&"")),
                text(match a.status {
                    Status::Confirmed => "confirmed",
                    Status::Tentative => "tentative",
                }),
                Cell::Day(l.from),
                Cell::Day(l.from.add_days(i64::from(l.days) - 1)),
                Cell::Whole(u64::from(l.days)),
                Cell::Hours(u64::from(l.minutes)),
                Cell::Day(a.range.start()),
                Cell::Day(a.range.last_day()),
                text(crate::import::allocation_text(a.allocation)),
                text(a.id.as_str()),
            ]
        })
        .collect();
    Sheet { name: "Plan", header: PLAN, rows }
}

/// The people and placeholders by name: their role, group and skills on `today`, their working
/// week's hours then, their holiday calendar.
pub(crate) fn people(t: &Timeline, today: Date) -> Sheet {
    let labels = names(&t.labels);
    let calendars: HashMap<_, _> = t.calendars.iter().map(|c| (&c.id, c.name.as_str())).collect();
    let mut people: Vec<&Person> = t.people.iter().collect();
    people.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()).then_with(|| a.id.cmp(&b.id)));
    let rows = people
        .into_iter()
        .map(|p| {
            let mut skills: Vec<&str> =
                p.labels.skills.iter().filter_map(|s| labels.get(s).copied()).collect();
            skills.sort_unstable();
            let week = p.schedule_or(t.team.default_week).week_on(today);
            vec![
                text(p.name.as_str()),
                yes(p.placeholder),
                label(&labels, p.labels.role.as_ref()),
                label(&labels, p.labels.groups.on(today)),
                text(skills.join("; ")),
                Cell::Hours(u64::from(week.total())),
                p.calendar.as_ref().and_then(|c| calendars.get(c)).map_or(Cell::Empty, |n| text(*n)),
                text(p.id.as_str()),
            ]
        })
        .collect();
    Sheet { name: "People", header: PEOPLE, rows }
}

/// The projects by name, with their colours.
pub(crate) fn projects(t: &Timeline) -> Sheet {
    let mut projects: Vec<_> = t.projects.iter().collect();
    projects.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()).then_with(|| a.id.cmp(&b.id)));
    let rows = projects
        .into_iter()
        .map(|p| vec![text(p.name.as_str()), text(p.color.to_string()), text(p.id.as_str())])
        .collect();
    Sheet { name: "Projects", header: PROJECTS, rows }
}
