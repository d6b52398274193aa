//! An import's records held against the team as it is: what each row makes, changes, finds
//! already there, or skips (and why), and the writes that make the team so.
//!
//! Matching, so that the same file twice changes nothing: a person or a project by this app's
//! id when the row carries one the team has (its people and projects lists write `id`; a name
//! changed in the file renames them), else by name (any case or width, as the team's lists
//! compare names); a booking by its id when the row carries
//! one of this app's, else by its person, project and days (its hours and status then changed
//! when they differ); a time off by its person and days; a person's role, group and skills by
//! name in the team's lists (one the team lacks is made). A name two people share is not
//! guessed at: the row is skipped and says so.
//!
//! A people file's role, group and skills replace the person's where the file has the column
//! (an empty cell: none); a group differing from the person's today is theirs from today on
//! (their earlier groups stay), a new person's from the start.

use super::rows::{BookingRow, LabelsRow, Record, TimeOffRow, allocation_text};
use planner_domain::capacity::{Status, TimeOffKind};
use planner_domain::{
    Assignment, AssignmentId, Color, Date, DateRange, Groups, Label, LabelId, LabelKind, Name, Person,
    PersonId, PersonLabels, Project, ProjectId, TimeOff, TimeOffId,
};
use planner_store::transfer::{PersonChange, ProjectChange, SheetWrites as Writes, TimeOffWrite};
use planner_store::{AssignmentChange, BookingEdit, NewAssignment, NewTimeOff, TimeOffChange};
use std::collections::HashMap;

mod carries;

/// The team as the import sees it: its people and projects, and its bookings and time off over
/// the file's days.
#[derive(Debug, Clone, Copy)]
pub struct Team<'a> {
    pub people: &'a [Person],
    pub projects: &'a [Project],
    pub assignments: &'a [Assignment],
    pub time_off: &'a [TimeOff],
    /// The team's groups, roles and skills.
    pub labels: &'a [Label],
    /// The day a changed group starts from.
    pub today: Date,
}

/// What a row does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    Create,
    Change,
    /// Already in the team as the row says it: nothing to write.
    Same,
    /// Not imported: the row's reason says why.
    Skip,
}

/// What a line of the preview is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Thing {
    Person,
    Project,
    Booking,
    TimeOff,
}

/// One line of the preview: a row of the file (or a person or project it names) and what the
/// import does with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The file's line (the header is line 1).
    pub line: usize,
    pub what: What,
    pub thing: Thing,
    /// The row as read: `Aiko Tanaka · Acme · 2027-01-04 – 2027-01-08 · 6 h/day`.
    pub text: String,
    /// The column the reason is about, as the file names it.
    pub column: Option<String>,
    /// Why it is skipped, or what changes.
    pub reason: String,
}

/// The preview's lines (in the file's order) and the writes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Preview {
    pub lines: Vec<Line>,
    pub writes: Writes,
}

impl<'a> Team<'a> {
    /// The team as a timeline read of the file's days holds it, on `today`.
    pub fn of(t: &'a planner_store::Timeline, today: Date) -> Self {
        Team {
            people: &t.people,
            projects: &t.projects,
            assignments: &t.items.assignments,
            time_off: &t.items.time_off,
            labels: &t.labels,
            today,
        }
    }
}

impl Preview {
    /// The counts of the import's summary record (and the activity log's entry); `file`: the
    /// file's name as the user chose it.
    pub fn summary(&self, file: &str) -> planner_store::transfer::SheetSummary {
        let made = |thing| self.count(What::Create, Some(thing));
        planner_store::transfer::SheetSummary {
            file: file.chars().take(200).collect(),
            people: made(Thing::Person),
            projects: made(Thing::Project),
            assignments: made(Thing::Booking),
            time_off: made(Thing::TimeOff),
            changed: self.count(What::Change, None),
            same: self.count(What::Same, None),
            skipped: self.count(What::Skip, None),
        }
    }

    /// How many lines do `what` to `thing` (any thing when `None`).
    pub fn count(&self, what: What, thing: Option<Thing>) -> usize {
        self.lines.iter().filter(|l| l.what == what && thing.is_none_or(|t| l.thing == t)).count()
    }
}

/// The colours new projects are given, in turn (the demo's palette).
const COLORS: [(u8, u8, u8); 8] = [
    (0x3b, 0x82, 0xf6),
    (0x10, 0xb9, 0x81),
    (0xf5, 0x9e, 0x0b),
    (0xef, 0x44, 0x44),
    (0x8b, 0x5c, 0xf6),
    (0x06, 0xb6, 0xd4),
    (0xec, 0x48, 0x99),
    (0x84, 0xcc, 0x16),
];

/// The records held against `team`.
pub fn preview(records: &[Record], team: Team<'_>) -> Preview {
    let mut p = Planner::new(team);
    for record in records {
        match record {
            Record::Project { line, name, color, id } => p.project_row(*line, name, *color, id.as_ref()),
            Record::Person { line, name, placeholder, labels, id } => {
                p.person_row(*line, name, *placeholder, labels, id.as_ref());
            }
            Record::Booking(b) => p.booking(b),
            Record::TimeOff(t) => p.time_off(t),
        }
    }
    p.lines.sort_by_key(|l| l.line);
    Preview { lines: p.lines, writes: p.writes }
}

/// A name as the team's lists compare it.
fn key(name: &Name) -> String {
    Label::name_key(name)
}

struct Planner<'a> {
    team: Team<'a>,
    /// People and projects by name: the team's and those the import makes.
    people: HashMap<String, Vec<Person>>,
    projects: HashMap<String, Project>,
    /// Names made by this import, and the line that named them first.
    made: HashMap<(Thing, String), usize>,
    /// Bookings and time off already read, by what matches them: the line that said it.
    seen: HashMap<String, usize>,
    /// The team's groups, roles and skills by kind and name (and those the import makes); their
    /// names by id.
    labels: HashMap<(LabelKind, String), LabelId>,
    label_names: HashMap<LabelId, Name>,
    lines: Vec<Line>,
    writes: Writes,
}

impl<'a> Planner<'a> {
    fn new(team: Team<'a>) -> Self {
        let mut people: HashMap<String, Vec<Person>> = HashMap::new();
        for person in team.people {
            people.entry(key(&person.name)).or_default().push(person.clone());
        }
        let projects = team.projects.iter().map(|p| (key(&p.name), p.clone())).collect();
        Self {
            team,
            people,
            projects,
            made: HashMap::new(),
            seen: HashMap::new(),
            labels: team.labels.iter().map(|l| ((l.kind, key(&l.name)), l.id.clone())).collect(),
            label_names: team.labels.iter().map(|l| (l.id.clone(), l.name.clone())).collect(),
            lines: Vec::new(),
            writes: Writes::default(),
        }
    }

    fn line(&mut self, line: usize, what: What, thing: Thing, text: String, reason: impl Into<String>) {
        self.lines.push(Line { line, what, thing, text, column: None, reason: reason.into() });
    }

    /// The project named, made when the team lacks it.
    fn project(&mut self, line: usize, name: &Name, color: Option<Color>) -> Project {
        if let Some(p) = self.projects.get(&key(name)) {
            return p.clone();
        }
        let (r, g, b) = COLORS[self.writes.projects.len() % COLORS.len()];
        let project = Project {
            id: ProjectId::generate(),
            name: name.clone(),
            color: color.unwrap_or(Color::from_rgb(r, g, b)),
            version: 1,
        };
        self.projects.insert(key(name), project.clone());
        self.made.insert((Thing::Project, key(name)), line);
        self.writes.projects.push(project.clone());
        self.line(line, What::Create, Thing::Project, name.to_string(), "new project");
        project
    }

    /// The person named: the team's one of that name, or one made; `Err` says why not.
    fn person(&mut self, line: usize, name: &Name, placeholder: bool) -> Result<Person, String> {
        match self.people.get(&key(name)).map(Vec::as_slice) {
            Some([one]) => Ok(one.clone()),
            Some(many) => {
                Err(format!("{} people of the team are named {name}: rename one of them first", many.len()))
            }
            None => {
                let person = Person { placeholder, ..Person::new(PersonId::generate(), name.clone()) };
                self.people.insert(key(name), vec![person.clone()]);
                self.made.insert((Thing::Person, key(name)), line);
                self.writes.people.push(person.clone());
                let what = if placeholder { "new placeholder" } else { "new person" };
                self.line(line, What::Create, Thing::Person, name.to_string(), what);
                Ok(person)
            }
        }
    }

    fn project_row(&mut self, line: usize, name: &Name, color: Option<Color>, id: Option<&ProjectId>) {
        let text = name.to_string();
        if let Some(first) = self.made.get(&(Thing::Project, key(name))) {
            let first = *first;
            return self.line(
                line,
                What::Skip,
                Thing::Project,
                text,
                format!("the same project as line {first}"),
            );
        }
        // By this app's id first (a project renamed in the file is renamed), else by name.
        let by_id = id.and_then(|i| self.team.projects.iter().find(|p| p.id == *i)).cloned();
        let Some(p) = by_id.clone().or_else(|| self.projects.get(&key(name)).cloned()) else {
            self.project(line, name, color);
            return;
        };
        let mut change = ProjectChange { project: p.clone(), name: None, color: None };
        let mut said = Vec::new();
        if by_id.is_some() && p.name != *name {
            if self.projects.get(&key(name)).is_some_and(|other| other.id != p.id) {
                let why = format!("another project of the team is named {name}");
                return self.line(line, What::Skip, Thing::Project, text, why);
            }
            said.push(format!("name {} → {name}", p.name));
            change.name = Some(name.clone());
            self.projects.remove(&key(&p.name));
            self.projects.insert(key(name), Project { name: name.clone(), ..p.clone() });
        }
        self.made.insert((Thing::Project, key(name)), line);
        if let Some(c) = color.filter(|c| *c != p.color) {
            said.push(format!("colour {} → {}", p.color, c));
            change.color = Some(c);
        }
        if said.is_empty() {
            return self.line(line, What::Same, Thing::Project, text, "already in the team");
        }
        self.writes.projects_changed.push(change);
        self.line(line, What::Change, Thing::Project, text, said.join("; "));
    }

    fn person_row(
        &mut self,
        line: usize,
        name: &Name,
        placeholder: bool,
        row: &LabelsRow,
        id: Option<&PersonId>,
    ) {
        let text = name.to_string();
        if let Some(first) = self.made.get(&(Thing::Person, key(name))) {
            let first = *first;
            return self.line(
                line,
                What::Skip,
                Thing::Person,
                text,
                format!("the same person as line {first}"),
            );
        }
        // By this app's id first: a person renamed in the file is renamed.
        if let Some(current) = id.and_then(|i| self.team.people.iter().find(|p| p.id == *i)).cloned() {
            let others =
                self.people.get(&key(name)).map_or(0, |v| v.iter().filter(|p| p.id != current.id).count());
            if current.name != *name && others > 0 {
                let why = format!("another person of the team is named {name}");
                return self.line(line, What::Skip, Thing::Person, text, why);
            }
            return self.person_changed(line, name, row, current, true);
        }
        match self.people.get(&key(name)).map(Vec::as_slice) {
            None => {
                // Made here, with what the file says they carry; its line is the one `person` adds.
                let (labels, said) = self.labels_of(row, &PersonLabels::default(), None);
                if let Ok(made) = self.person(line, name, placeholder) {
                    let made = Person { labels, ..made };
                    if let Some(p) = self.writes.people.last_mut() {
                        *p = made.clone();
                    }
                    self.people.insert(key(name), vec![made]);
                    if let (Some(l), false) = (self.lines.last_mut(), said.is_empty()) {
                        l.reason = format!("{}; {}", l.reason, said.join("; "));
                    }
                }
            }
            Some([one]) => {
                let current = one.clone();
                self.person_changed(line, name, row, current, false);
            }
            // A name two people share, and nothing to give them: as before, nothing to do.
            Some(_) if row.is_empty() => {
                self.made.insert((Thing::Person, key(name)), line);
                self.line(line, What::Same, Thing::Person, text, "already in the team");
            }
            Some(many) => {
                let why =
                    format!("{} people of the team are named {name}: rename one of them first", many.len());
                self.line(line, What::Skip, Thing::Person, text, why);
            }
        }
    }

    /// A person of the team a row names (`by_id`: by its id, and as `name`, which renames them
    /// when it differs): what changes of them.
    fn person_changed(&mut self, line: usize, name: &Name, row: &LabelsRow, current: Person, by_id: bool) {
        let text = name.to_string();
        self.made.insert((Thing::Person, key(name)), line);
        let mut said = Vec::new();
        let mut change = PersonChange { person: current.clone(), name: None, labels: None };
        if by_id && current.name != *name {
            said.push(format!("name {} → {name}", current.name));
            change.name = Some(name.clone());
            if let Some(v) = self.people.get_mut(&key(&current.name)) {
                v.retain(|p| p.id != current.id);
            }
            self.people.entry(key(name)).or_default().push(Person { name: name.clone(), ..current.clone() });
        }
        let (labels, labels_said) = self.labels_of(row, &current.labels, Some(self.team.today));
        if labels != current.labels {
            said.extend(labels_said);
            change.labels = Some(labels);
        }
        if said.is_empty() {
            return self.line(line, What::Same, Thing::Person, text, "already in the team");
        }
        self.writes.people_changed.push(change);
        self.line(line, What::Change, Thing::Person, text, said.join("; "));
    }

    fn booking(&mut self, b: &BookingRow) {
        let text = format!(
            "{} · {} · {} · {}{}",
            b.person,
            b.project,
            days(b.range),
            allocation_text(b.allocation),
            if b.status == Status::Tentative { " · tentative" } else { "" },
        );
        let person = match self.person(b.line, &b.person, b.placeholder) {
            Ok(p) => p,
            Err(why) => return self.line(b.line, What::Skip, Thing::Booking, text, why),
        };
        let project = self.project(b.line, &b.project, None);
        let matched = format!("booking {} {} {}", person.id, project.id, b.range.start());
        let matched = format!("{matched} {}", b.range.end_exclusive());
        let seen_key = b.id.as_ref().map_or(matched.clone(), |id| format!("booking {id}"));
        if let Some(first) = self.seen.get(&seen_key) {
            let reason = format!("the same booking as line {first}");
            return self.line(b.line, What::Skip, Thing::Booking, text, reason);
        }
        self.seen.insert(seen_key, b.line);
        let existing = match &b.id {
            Some(id) => self.team.assignments.iter().find(|a| a.id == *id),
            None => self
                .team
                .assignments
                .iter()
                .find(|a| a.person_id == person.id && a.project_id == project.id && a.range == b.range),
        };
        let Some(current) = existing else {
            self.writes.bookings.push(BookingEdit::Create(NewAssignment {
                id: b.id.clone().unwrap_or_else(AssignmentId::generate),
                person_id: person.id,
                project_id: project.id,
                range: b.range,
                allocation: b.allocation,
                status: b.status,
                series: None,
            }));
            return self.line(b.line, What::Create, Thing::Booking, text, "new booking");
        };
        let mut changed = Vec::new();
        if current.person_id != person.id {
            changed.push(format!("person → {}", b.person));
        }
        if current.project_id != project.id {
            changed.push(format!("project → {}", b.project));
        }
        if current.range != b.range {
            changed.push(format!("days {} → {}", days(current.range), days(b.range)));
        }
        if current.allocation != b.allocation {
            changed.push(format!(
                "{} → {}",
                allocation_text(current.allocation),
                allocation_text(b.allocation)
            ));
        }
        if current.status != b.status {
            changed.push(format!("{} → {}", status_word(current.status), status_word(b.status)));
        }
        if changed.is_empty() {
            return self.line(b.line, What::Same, Thing::Booking, text, "already in the plan");
        }
        self.writes.bookings.push(BookingEdit::Update {
            current: current.clone(),
            change: AssignmentChange {
                person_id: person.id,
                project_id: project.id,
                range: b.range,
                allocation: Some(b.allocation),
                status: Some(b.status),
                series: None,
            },
        });
        self.line(b.line, What::Change, Thing::Booking, text, changed.join("; "));
    }

    fn time_off(&mut self, t: &TimeOffRow) {
        let text =
            format!("{} · {} · {} · {}", t.person, kind_word(t.kind), days(t.range), off_hours(t.minutes));
        let person = match self.person(t.line, &t.person, false) {
            Ok(p) => p,
            Err(why) => return self.line(t.line, What::Skip, Thing::TimeOff, text, why),
        };
        let seen_key = format!("off {} {} {}", person.id, t.range.start(), t.range.end_exclusive());
        if let Some(first) = self.seen.get(&seen_key) {
            let reason = format!("the same time off as line {first}");
            return self.line(t.line, What::Skip, Thing::TimeOff, text, reason);
        }
        self.seen.insert(seen_key, t.line);
        let change = TimeOffChange { range: t.range, kind: t.kind, minutes: t.minutes };
        let existing = self.team.time_off.iter().find(|o| o.person_id == person.id && o.range == t.range);
        match existing {
            None => {
                let id = TimeOffId::generate();
                self.writes.time_off.push(TimeOffWrite::Create(NewTimeOff {
                    id,
                    person_id: person.id,
                    change,
                }));
                self.line(t.line, What::Create, Thing::TimeOff, text, "new time off");
            }
            Some(o) if o.kind == t.kind && o.minutes == t.minutes => {
                self.line(t.line, What::Same, Thing::TimeOff, text, "already in the plan");
            }
            Some(o) => {
                let reason = if o.kind == t.kind {
                    format!("{} → {}", off_hours(o.minutes), off_hours(t.minutes))
                } else {
                    format!("{} → {}", kind_word(o.kind), kind_word(t.kind))
                };
                self.writes.time_off.push(TimeOffWrite::Update { current: o.clone(), change });
                self.line(t.line, What::Change, Thing::TimeOff, text, reason);
            }
        }
    }
}

/// A time off's hours: the whole day, or so many hours of each.
fn off_hours(minutes: Option<u32>) -> String {
    minutes.map_or_else(|| "whole days".to_owned(), |m| format!("{} h a day", m as f64 / 60.0))
}

fn days(r: DateRange) -> String {
    if r.days() == 1 { r.start().to_string() } else { format!("{} – {}", r.start(), r.last_day()) }
}

fn status_word(s: Status) -> &'static str {
    match s {
        Status::Confirmed => "confirmed",
        Status::Tentative => "tentative",
    }
}

fn kind_word(k: TimeOffKind) -> &'static str {
    match k {
        TimeOffKind::Holiday => "holiday",
        TimeOffKind::Sick => "sick",
        TimeOffKind::Other => "time off",
    }
}
