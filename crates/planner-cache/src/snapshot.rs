//! What the offline copy holds, and how loads and edits change it.

use crate::merge::{answer_loses, mine_stays};
use planner_domain::capacity::Allocation;
use planner_domain::{
    Assignment, AssignmentId, Calendar, CalendarId, Date, DateRange, Holiday, Label, LabelId, Person,
    PersonId, Project, ProjectId, Team, TimeOff, TimeOffId, WindowItems,
};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// What this app confirmed after a read began: the read's answer, older than these edits, does not
/// undo them in the copy — the copy's state of these items stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kept {
    pub assignments: HashSet<AssignmentId>,
    pub time_off: HashSet<TimeOffId>,
    /// People and projects created or changed: the copy's state stays over the answer.
    pub people: HashSet<PersonId>,
    pub projects: HashSet<ProjectId>,
    /// People and projects deleted: their assignments (and a person's time off) stay gone.
    pub people_gone: HashSet<PersonId>,
    pub projects_gone: HashSet<ProjectId>,
    /// Holidays added, renamed or removed (by calendar and day): the copy's state stays.
    pub holidays: HashSet<(CalendarId, Date)>,
    /// Calendars deleted: their holidays stay gone.
    pub calendars_gone: HashSet<CalendarId>,
}

/// Days loaded together, and when they were read. Kept as the days' own bounds, not a `DateRange`:
/// loaded days join into more than twenty years, which an assignment's range refuses (such a copy
/// used to be discarded as damaged when read back).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Loaded {
    start_date: Date,
    end_date_exclusive: Date,
    /// RFC 3339; absent in older copies (no time per window: then the copy's `synced_at`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    synced_at: Option<String>,
}

/// A confirmed change to a team's plan, as the command that made it reports it: the copy
/// applies it ([`Snapshot::apply`]) so that it stays what the table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A person created or renamed.
    Person(Person),
    /// A project created, renamed or recoloured.
    Project(Project),
    /// An assignment created, moved, resized or reassigned.
    Assignment(Assignment),
    /// A person deleted, with their assignments.
    PersonGone(PersonId),
    /// A project deleted, with its assignments.
    ProjectGone(ProjectId),
    /// An assignment deleted.
    AssignmentGone(AssignmentId),
    /// Time off recorded or changed.
    TimeOff(TimeOff),
    /// Time off deleted.
    TimeOffGone(TimeOffId),
    /// The team's record changed (its default week).
    Team(Team),
    /// A calendar created or renamed.
    Calendar(Calendar),
    /// A calendar deleted, with its holidays.
    CalendarGone(CalendarId),
    /// A group, role or skill created or renamed.
    Label(Label),
    /// A group, role or skill deleted (the people who carried it come as their own changes).
    LabelGone(LabelId),
    /// Holidays added (or renamed) in a calendar.
    Holidays(Vec<Holiday>),
    /// A holiday removed.
    HolidayGone { calendar: CalendarId, day: Date },
    /// Several changes of one write (many people's labels at once).
    Each(Vec<Change>),
    /// Nothing the copy holds (members, roles).
    Nothing,
}

/// A team's timeline as last seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub team: Team,
    /// Written as `resources`, the name the copy had first.
    #[serde(rename = "resources")]
    pub people: Vec<Person>,
    pub projects: Vec<Project>,
    /// The days loaded, as disjoint ranges in order, each with when it was read.
    windows: Vec<Loaded>,
    /// Every assignment overlapping a loaded window, by start.
    assignments: Vec<Assignment>,
    /// Every time off overlapping a loaded window's reach, by start (absent in copies written
    /// before time off: none).
    #[serde(default)]
    time_off: Vec<TimeOff>,
    /// The holidays on the loaded windows' reach, by day.
    #[serde(default)]
    holidays: Vec<Holiday>,
    /// The team's holiday calendars.
    #[serde(default)]
    pub calendars: Vec<Calendar>,
    /// The team's groups, roles and skills (absent in copies written before them: none).
    #[serde(default)]
    pub labels: Vec<Label>,
    /// RFC 3339: when this copy was last in step with the table.
    pub synced_at: String,
}

impl Snapshot {
    /// A copy of what a timeline load brought: the team, its rows, and the assignments
    /// overlapping `window`.
    pub fn new(
        team: Team,
        people: Vec<Person>,
        projects: Vec<Project>,
        window: DateRange,
        found: impl Into<WindowItems>,
        synced_at: String,
    ) -> Self {
        let mut s = Self {
            team,
            people,
            projects,
            windows: vec![],
            assignments: vec![],
            time_off: vec![],
            holidays: vec![],
            calendars: vec![],
            labels: vec![],
            synced_at,
        };
        s.loaded(window, found, None, &Kept::default());
        s
    }

    /// The days loaded, touching ranges joined.
    pub fn windows(&self) -> Vec<DateRange> {
        let mut out: Vec<(Date, Date)> = Vec::new();
        for w in &self.windows {
            match out.last_mut() {
                Some(last) if last.1 >= w.start_date => last.1 = last.1.max(w.end_date_exclusive),
                _ => out.push((w.start_date, w.end_date_exclusive)),
            }
        }
        out.into_iter().filter_map(|(a, b)| DateRange::window(a, b).ok()).collect()
    }

    /// Whether every day of `window` was loaded.
    pub fn covers(&self, window: DateRange) -> bool {
        self.windows()
            .iter()
            .any(|w| w.start() <= window.start() && window.end_exclusive() <= w.end_exclusive())
    }

    /// When the oldest of the loaded days in `view` was read (RFC 3339): what a banner over
    /// `view` must say. `None` when none of its days is loaded.
    pub fn synced_in(&self, view: DateRange) -> Option<&str> {
        self.windows
            .iter()
            .filter(|w| w.start_date < view.end_exclusive() && view.start() < w.end_date_exclusive)
            .map(|w| w.synced_at.as_deref().unwrap_or(&self.synced_at))
            .min()
    }

    /// The assignments overlapping `window` (complete only if [`Snapshot::covers`] it).
    pub fn assignments_in(&self, window: DateRange) -> Vec<Assignment> {
        self.assignments.iter().filter(|a| a.range.overlaps(window)).cloned().collect()
    }

    /// What a read of `window` brings ([`WindowItems::cut`]): its assignments, and the time off
    /// and holidays of its reach (complete only if [`Snapshot::covers`] it: the reads that loaded
    /// it brought its reach too).
    pub fn items_in(&self, window: DateRange) -> WindowItems {
        WindowItems::cut(window, &self.assignments, &self.time_off, &self.holidays)
    }

    /// A window came back from the table: it replaces what the copy had there (an assignment,
    /// time off or holiday the table no longer has in it is gone), and its days count as loaded,
    /// read at `synced_at`. What this app confirmed after the read began (`kept`) stands, and of
    /// two versions of an item the higher wins.
    pub fn loaded(
        &mut self,
        window: DateRange,
        found: impl Into<WindowItems>,
        synced_at: Option<String>,
        kept: &Kept,
    ) {
        let found = found.into();
        // The answer holds the time off and holidays of the window's reach: there, it replaces
        // the copy's.
        let reach = WindowItems::reach(window, &found.assignments);
        // Of two versions of an item, the higher wins: the copy's stays over an older answer.
        let answered: HashMap<AssignmentId, u64> =
            found.assignments.iter().map(|a| (a.id.clone(), a.version)).collect();
        let held: HashMap<AssignmentId, u64> =
            self.assignments.iter().map(|a| (a.id.clone(), a.version)).collect();
        self.assignments.retain(|a| {
            !a.range.overlaps(window)
                || mine_stays(a.version, answered.get(&a.id).copied(), kept.assignments.contains(&a.id))
        });
        let fresh = found.assignments.into_iter().filter(|a| {
            !(answer_loses(held.get(&a.id).copied(), a.version, kept.assignments.contains(&a.id))
                || kept.people_gone.contains(&a.person_id)
                || kept.projects_gone.contains(&a.project_id))
        });
        put_all(&mut self.assignments, fresh.collect(), |a| (a.range.start(), &a.id));
        let answered: HashMap<TimeOffId, u64> =
            found.time_off.iter().map(|t| (t.id.clone(), t.version)).collect();
        let held: HashMap<TimeOffId, u64> = self.time_off.iter().map(|t| (t.id.clone(), t.version)).collect();
        self.time_off.retain(|t| {
            !reach.holds(t)
                || mine_stays(t.version, answered.get(&t.id).copied(), kept.time_off.contains(&t.id))
        });
        let fresh = found.time_off.into_iter().filter(|t| {
            !(answer_loses(held.get(&t.id).copied(), t.version, kept.time_off.contains(&t.id))
                || kept.people_gone.contains(&t.person_id))
        });
        put_all(&mut self.time_off, fresh.collect(), |t| (t.range.start(), &t.id));
        // Holidays have no versions: one changed here after the read began keeps the copy's state
        // (added, renamed or removed), and a calendar deleted meanwhile keeps none.
        let changed = |h: &Holiday| kept.holidays.contains(&(h.calendar.clone(), h.day));
        self.holidays.retain(|h| !reach.holds_day(h.day) || changed(h));
        let at = synced_at.clone().unwrap_or_else(|| self.synced_at.clone());
        self.add_window(window, at);
        self.put_holidays(
            found
                .holidays
                .into_iter()
                .filter(|h| !changed(h) && !kept.calendars_gone.contains(&h.calendar))
                .collect(),
        );
        if let Some(at) = synced_at {
            self.synced_at = self.synced_at.clone().max(at);
        }
    }

    /// Applies a confirmed change.
    pub fn apply(&mut self, change: Change) {
        match change {
            Change::Person(r) => self.put_person(r),
            Change::Project(p) => self.put_project(p),
            Change::Assignment(a) => self.put(a),
            Change::PersonGone(id) => self.remove_person(&id),
            Change::ProjectGone(id) => self.remove_project(&id),
            Change::AssignmentGone(id) => self.remove(&id),
            Change::TimeOff(t) => self.put_time_off(t),
            Change::TimeOffGone(id) => self.time_off.retain(|t| t.id != id),
            Change::Team(team) => self.team = team,
            Change::Calendar(c) => {
                self.calendars.retain(|x| x.id != c.id);
                self.calendars.push(c);
            }
            Change::CalendarGone(id) => {
                self.calendars.retain(|c| c.id != id);
                self.holidays.retain(|h| h.calendar != id);
            }
            Change::Label(l) => {
                self.labels.retain(|x| x.id != l.id);
                self.labels.push(l);
            }
            Change::LabelGone(id) => self.labels.retain(|l| l.id != id),
            Change::Holidays(days) => self.put_holidays(days),
            Change::HolidayGone { calendar, day } => {
                self.holidays.retain(|h| !(h.calendar == calendar && h.day == day))
            }
            Change::Each(changes) => changes.into_iter().for_each(|c| self.apply(c)),
            Change::Nothing => {}
        }
    }

    /// Time off recorded or changed (kept by start day).
    fn put_time_off(&mut self, t: TimeOff) {
        self.time_off.retain(|x| x.id != t.id);
        let at = self.time_off.partition_point(|x| (x.range.start(), &x.id) < (t.range.start(), &t.id));
        self.time_off.insert(at, t);
    }

    /// Holidays added or renamed (kept by day; on the loaded windows' reach only, as a load
    /// would find them: their days, and those of the totals that run on them).
    fn put_holidays(&mut self, days: Vec<Holiday>) {
        if days.is_empty() {
            return;
        }
        let totals: Vec<DateRange> = self
            .assignments
            .iter()
            .filter(|a| matches!(a.allocation, Allocation::Total(_)))
            .map(|a| a.range)
            .collect();
        for h in days {
            let loaded = self.windows.iter().any(|w| w.start_date <= h.day && h.day < w.end_date_exclusive);
            let reached = totals.iter().any(|r| r.contains(h.day));
            if !loaded && !reached {
                continue;
            }
            self.holidays.retain(|x| !(x.calendar == h.calendar && x.day == h.day));
            let at = self.holidays.partition_point(|x| (x.day, &x.calendar) < (h.day, &h.calendar));
            self.holidays.insert(at, h);
        }
    }

    /// A confirmed create or change.
    pub fn put(&mut self, a: Assignment) {
        self.upsert(a);
    }

    /// A confirmed delete.
    pub fn remove(&mut self, id: &AssignmentId) {
        self.assignments.retain(|a| &a.id != id);
    }

    /// People and projects as the table has them now; assignments of rows that are gone go too.
    ///
    /// `kept`: what this app confirmed after the read began. A person or project it created or
    /// changed keeps the copy's state (even one the answer lacks: made after the read), one it
    /// deleted stays gone; otherwise of two versions the higher wins.
    pub fn rows(&mut self, people: Vec<Person>, projects: Vec<Project>, kept: &Kept) {
        let people = crate::merge::merge_rows(
            std::mem::take(&mut self.people),
            people,
            |r| (r.id.clone(), r.version),
            |id| kept.people.contains(id),
            |id| kept.people_gone.contains(id),
        );
        let projects = crate::merge::merge_rows(
            std::mem::take(&mut self.projects),
            projects,
            |p| (p.id.clone(), p.version),
            |id| kept.projects.contains(id),
            |id| kept.projects_gone.contains(id),
        );
        let (person_ids, project_ids): (HashSet<&PersonId>, HashSet<&ProjectId>) =
            (people.iter().map(|r| &r.id).collect(), projects.iter().map(|p| &p.id).collect());
        self.assignments.retain(|a| person_ids.contains(&a.person_id) && project_ids.contains(&a.project_id));
        self.time_off.retain(|t| person_ids.contains(&t.person_id));
        self.people = people;
        self.projects = projects;
    }

    /// A person created or renamed.
    pub fn put_person(&mut self, r: Person) {
        self.people.retain(|x| x.id != r.id);
        self.people.push(r);
    }

    /// A project created, renamed or recoloured.
    pub fn put_project(&mut self, p: Project) {
        self.projects.retain(|x| x.id != p.id);
        self.projects.push(p);
    }

    /// A person deleted, with their assignments and time off.
    pub fn remove_person(&mut self, id: &PersonId) {
        self.people.retain(|r| &r.id != id);
        self.assignments.retain(|a| &a.person_id != id);
        self.time_off.retain(|t| &t.person_id != id);
    }

    /// A project deleted, with its assignments.
    pub fn remove_project(&mut self, id: &ProjectId) {
        self.projects.retain(|p| &p.id != id);
        self.assignments.retain(|a| &a.project_id != id);
    }

    /// The loaded days inside `window`.
    pub fn loaded_in(&self, window: DateRange) -> Vec<DateRange> {
        self.windows()
            .iter()
            .filter_map(|w| {
                DateRange::window(
                    w.start().max(window.start()),
                    w.end_exclusive().min(window.end_exclusive()),
                )
                .ok()
            })
            .collect()
    }

    fn upsert(&mut self, a: Assignment) {
        self.assignments.retain(|x| x.id != a.id);
        let at = self.assignments.partition_point(|x| (x.range.start(), &x.id) < (a.range.start(), &a.id));
        self.assignments.insert(at, a);
    }

    /// Adds `window`, read at `at`, to the loaded days: it replaces the days of older reads it
    /// covers; touching ranges read at the same time are joined.
    fn add_window(&mut self, window: DateRange, at: String) {
        let (start, end) = (window.start(), window.end_exclusive());
        let mut kept = Vec::with_capacity(self.windows.len() + 2);
        for w in self.windows.drain(..) {
            if w.end_date_exclusive <= start || end <= w.start_date {
                kept.push(w);
                continue;
            }
            if w.start_date < start {
                kept.push(Loaded { end_date_exclusive: start, ..w.clone() });
            }
            if end < w.end_date_exclusive {
                kept.push(Loaded { start_date: end, ..w });
            }
        }
        kept.push(Loaded { start_date: start, end_date_exclusive: end, synced_at: Some(at) });
        kept.sort_by_key(|w| w.start_date);
        let mut joined: Vec<Loaded> = Vec::with_capacity(kept.len());
        for w in kept {
            match joined.last_mut() {
                Some(last) if last.end_date_exclusive == w.start_date && last.synced_at == w.synced_at => {
                    last.end_date_exclusive = w.end_date_exclusive;
                }
                _ => joined.push(w),
            }
        }
        self.windows = joined;
    }
}

/// Items of an answer put into a list kept sorted by `key` (start day, id): each replaces the
/// list's item of its id, as one upsert after another would (of two with one id in `new`, the
/// later), in one pass and one sort. One scan of the list for each item made taking a window's
/// answer quadratic: 15,000 bookings into a copy already holding more took seconds, on a thread
/// the app's other reads wait for (BENCHMARKS.md, "The start at 2,500 people: where the time
/// went"; `rp-bench --copy`).
fn put_all<T, Id: Clone + Eq + Ord + std::hash::Hash>(
    list: &mut Vec<T>,
    new: Vec<T>,
    key: impl Fn(&T) -> (Date, &Id),
) {
    if new.is_empty() {
        return;
    }
    let mut ids = HashSet::with_capacity(new.len());
    let mut fresh: Vec<T> = new.into_iter().rev().filter(|t| ids.insert(key(t).1.clone())).collect();
    list.retain(|t| !ids.contains(key(t).1));
    list.append(&mut fresh);
    list.sort_by(|a, b| key(a).cmp(&key(b)));
}

#[path = "snapshot_live.rs"]
mod live;

#[cfg(test)]
#[path = "snapshot_tests.rs"]
mod tests;
