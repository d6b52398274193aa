//! A sheet's import written all or nothing (access pattern 69; docs/data-model.md, "Import from
//! a sheet"): the groups, roles and skills, projects and people it makes, the projects' names
//! and colours and the people's names and labels it changes, its bookings (as edits of many,
//! at most 100 actions a transaction) and its time off, every change record marked with one
//! batch, and last a summary record of the counts in that batch, so that the activity log shows
//! the import as one entry. DynamoDB holds at most 100 actions in a transaction, so a large
//! import is many: when one fails (someone changed a booking meanwhile, the connection went) or
//! the caller cancels, what was written is undone, newest first, and the answer says so. An
//! undo that itself fails (the connection gone for good) is said as it is: what stays.

use super::Transfer;
use crate::AssignmentChange;
use crate::plan::feed::{Batch, FeedAction};
use crate::{BookingEdit, EditOutcome, MAX_EDITS_AT_ONCE, NewTimeOff, StoreError, TeamScope, TimeOffChange};
use planner_domain::{
    Action, Assignment, Color, Label, LabelId, Name, Person, PersonId, PersonLabels, Project, ProjectId,
    TimeOff,
};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// A time off to write.
#[derive(Debug, Clone, PartialEq)]
pub enum TimeOffWrite {
    Create(NewTimeOff),
    Update { current: TimeOff, change: TimeOffChange },
}

/// The writes of an import, in the order they go: labels, projects and people first (people,
/// bookings and time off name them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SheetWrites {
    /// Groups, roles and skills the team lacks.
    pub labels: Vec<Label>,
    pub projects: Vec<Project>,
    /// Projects whose name or colour the file changes.
    pub projects_changed: Vec<ProjectChange>,
    /// People to make, with what they carry (given them by a second write when any).
    pub people: Vec<Person>,
    /// People whose name, role, group or skills the file changes.
    pub people_changed: Vec<PersonChange>,
    pub bookings: Vec<BookingEdit>,
    pub time_off: Vec<TimeOffWrite>,
}

impl SheetWrites {
    /// How many items the import writes.
    pub fn len(&self) -> usize {
        self.labels.len()
            + self.projects.len()
            + self.projects_changed.len()
            + self.people.iter().map(writes_of).sum::<usize>()
            + self.people_changed.iter().map(PersonChange::writes).sum::<usize>()
            + self.bookings.len()
            + self.time_off.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A project as read, and what the file changes of it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectChange {
    pub project: Project,
    pub name: Option<Name>,
    pub color: Option<Color>,
}

/// A person as read, and what the file changes of them: their name (a row matched by its id),
/// what they carry.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonChange {
    pub person: Person,
    pub name: Option<Name>,
    pub labels: Option<PersonLabels>,
}

impl PersonChange {
    /// The writes it takes: a rename and a change of labels are one each.
    pub fn writes(&self) -> usize {
        usize::from(self.name.is_some()) + usize::from(self.labels.is_some())
    }
}

/// The writes (and change records) a new person takes: one, and one more for what they carry.
fn writes_of(person: &Person) -> usize {
    if person.labels == PersonLabels::default() { 1 } else { 2 }
}

/// The counts the import's summary record carries (and the activity log says).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SheetSummary {
    /// The file's name, as the user chose it.
    pub file: String,
    /// Made: written `resources`, as the other imports' summaries are.
    #[serde(rename = "resources")]
    pub people: usize,
    pub projects: usize,
    pub assignments: usize,
    pub time_off: usize,
    /// Changed: bookings, time off and projects' colours.
    pub changed: usize,
    /// Rows already in the team as they say, and rows skipped.
    pub same: usize,
    pub skipped: usize,
}

/// How an import ended.
#[derive(Debug, Clone, PartialEq)]
pub enum SheetImported {
    /// All of it written; the transactions it took (the summary's included).
    Written { requests: u32 },
    /// Cancelled, or stopped by `reason`: what was written was undone, nothing of it stays.
    Undone { reason: Option<StoreError> },
    /// Stopped by `reason`, and the undo stopped too (`undo`): `left` items of the import stay.
    Stuck { reason: Option<StoreError>, undo: StoreError, left: usize },
}

/// What has been written, to undo.
#[derive(Default)]
struct Done {
    labels: Vec<LabelId>,
    projects: Vec<ProjectId>,
    /// Projects changed: as stored now, and as they were.
    projects_changed: Vec<(Project, Project)>,
    people: Vec<PersonId>,
    /// People changed: as stored now, and as they were.
    people_changed: Vec<(Person, Person)>,
    /// Bookings made (as stored) and changed (as stored now, and as they were).
    made: Vec<Assignment>,
    changed: Vec<(Assignment, Assignment)>,
    off_made: Vec<TimeOff>,
    off_changed: Vec<(TimeOff, TimeOff)>,
}

impl Done {
    fn len(&self) -> usize {
        self.labels.len()
            + self.projects.len()
            + self.projects_changed.len()
            + self.people.len()
            + self.people_changed.len()
            + self.made.len()
            + self.changed.len()
            + self.off_made.len()
            + self.off_changed.len()
    }
}

/// Why the writing stopped: the caller cancelled, or an error.
enum Stop {
    Cancelled,
    Failed(StoreError),
}

impl From<StoreError> for Stop {
    fn from(e: StoreError) -> Self {
        Stop::Failed(e)
    }
}

impl Transfer<'_> {
    /// Access pattern 69: writes `writes` all or nothing (see the module), telling
    /// `progress(done, of)` as it goes; `cancel` is read between writes. Planners and admins.
    pub async fn import_sheet(
        self,
        scope: &TeamScope,
        writes: SheetWrites,
        summary: &SheetSummary,
        cancel: &AtomicBool,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<SheetImported, StoreError> {
        self.store.require(scope, Action::EditPlan, "import_sheet")?;
        let total = writes.len();
        let count = u32::try_from(total + 1).unwrap_or(u32::MAX);
        let batch = Batch { id: ulid::Ulid::new().to_string(), count };
        let mut done = Done::default();
        let mut requests = 0;
        // Boxed: the writing and the undo are deep futures (edits of many inside).
        let run =
            Box::pin(self.write_all(scope, &batch, writes, cancel, progress, &mut done, &mut requests)).await;
        let stop = match run {
            Ok(()) => match self
                .store
                .plan()
                .in_batch(&batch)
                .write_summary(scope, FeedAction::Imported, summary)
                .await
            {
                Ok(()) => return Ok(SheetImported::Written { requests: requests + 1 }),
                Err(e) => Stop::Failed(e),
            },
            Err(stop) => stop,
        };
        let reason = match stop {
            Stop::Cancelled => None,
            Stop::Failed(e) => Some(e),
        };
        let left = done.len();
        match Box::pin(self.undo(scope, done)).await {
            Ok(()) => Ok(SheetImported::Undone { reason }),
            Err((undo, still)) => Ok(SheetImported::Stuck { reason, undo, left: still.min(left) }),
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn write_all(
        self,
        scope: &TeamScope,
        batch: &Batch,
        writes: SheetWrites,
        cancel: &AtomicBool,
        progress: &mut (dyn FnMut(usize, usize) + Send),
        done: &mut Done,
        requests: &mut u32,
    ) -> Result<(), Stop> {
        let plan = self.store.plan().in_batch(batch);
        let total = writes.len();
        let mut at = 0;
        // After each write: progress told, and the cancel read.
        let tick = |at: &mut usize, n: usize, progress: &mut (dyn FnMut(usize, usize) + Send)| {
            *at += n;
            progress(*at, total);
            if cancel.load(Ordering::Relaxed) { Err(Stop::Cancelled) } else { Ok(()) }
        };
        for label in writes.labels {
            *requests += 1;
            plan.create_label(scope, label.id.clone(), label.kind, label.name).await?;
            done.labels.push(label.id);
            tick(&mut at, 1, progress)?;
        }
        for p in writes.projects {
            *requests += 1;
            plan.create_project(scope, p.id.clone(), p.name, p.color).await?;
            done.projects.push(p.id);
            tick(&mut at, 1, progress)?;
        }
        for c in writes.projects_changed {
            *requests += 1;
            let now = plan.update_project(scope, &c.project.id, c.project.version, c.name, c.color).await?;
            done.projects_changed.push((now, c.project));
            tick(&mut at, 1, progress)?;
        }
        for person in writes.people {
            *requests += 1;
            let n = writes_of(&person);
            let made = if person.placeholder {
                plan.create_placeholder(scope, person.id.clone(), person.name).await?
            } else {
                plan.create_person(scope, person.id.clone(), person.name).await?
            };
            done.people.push(made.id.clone());
            if n == 2 {
                *requests += 1;
                plan.set_person_labels(scope, &made, person.labels).await?;
            }
            tick(&mut at, n, progress)?;
        }
        for c in writes.people_changed {
            let n = c.writes();
            let mut now = c.person.clone();
            if let Some(name) = c.name {
                *requests += 1;
                now = plan.rename_person(scope, &now.id, now.version, name).await?;
            }
            if let Some(labels) = c.labels {
                *requests += 1;
                // Recorded as soon as the rename is, so that an undo takes it back.
                match plan.set_person_labels(scope, &now, labels).await {
                    Ok(after) => now = after,
                    Err(e) => {
                        if now.version != c.person.version {
                            done.people_changed.push((now, c.person));
                        }
                        return Err(e.into());
                    }
                }
            }
            done.people_changed.push((now, c.person));
            tick(&mut at, n, progress)?;
        }
        let mut bookings = writes.bookings;
        while !bookings.is_empty() {
            let rest = bookings.split_off(bookings.len().min(MAX_EDITS_AT_ONCE));
            let chunk = std::mem::replace(&mut bookings, rest);
            let before: Vec<Option<Assignment>> = chunk
                .iter()
                .map(|e| match e {
                    BookingEdit::Update { current, .. } => Some(current.clone()),
                    _ => None,
                })
                .collect();
            let n = chunk.len();
            let base = at;
            let edited = plan.edit_many(scope, chunk, cancel, &mut |d, _| progress(base + d, total)).await?;
            *requests += edited.requests;
            let mut failed = None;
            for (outcome, was) in edited.outcomes.into_iter().zip(before) {
                match (outcome, was) {
                    (EditOutcome::Written(a), None) => done.made.push(a),
                    (EditOutcome::Written(a), Some(was)) => done.changed.push((a, was)),
                    (EditOutcome::Failed(e), _) => failed = failed.or(Some(e)),
                    _ => {}
                }
            }
            if let Some(e) = edited.stopped.or(failed) {
                return Err(Stop::Failed(e));
            }
            if edited.cancelled {
                return Err(Stop::Cancelled);
            }
            tick(&mut at, n, progress)?;
        }
        for t in writes.time_off {
            *requests += 1;
            match t {
                TimeOffWrite::Create(new) => done.off_made.push(plan.create_time_off(scope, new).await?),
                TimeOffWrite::Update { current, change } => {
                    let now = plan.update_time_off(scope, &current, change).await?;
                    done.off_changed.push((now, current));
                }
            }
            tick(&mut at, 1, progress)?;
        }
        Ok(())
    }

    /// Takes back what `done` wrote, newest first: time off, bookings, people's changes, people,
    /// projects' changes, projects, labels. On a failure: the error, and how many items stay.
    async fn undo(self, scope: &TeamScope, mut done: Done) -> Result<(), (StoreError, usize)> {
        let plan = self.store.plan();
        let left = |d: &Done| d.len();
        while let Some(t) = done.off_made.pop() {
            if let Err(e) = plan.delete_time_off(scope, &t).await {
                return Err((e, left(&done) + 1));
            }
        }
        while let Some((now, was)) = done.off_changed.pop() {
            let back = TimeOffChange { range: was.range, kind: was.kind, minutes: was.minutes };
            if let Err(e) = plan.update_time_off(scope, &now, back).await {
                return Err((e, left(&done) + 1));
            }
        }
        let mut edits: Vec<BookingEdit> = done.made.drain(..).map(BookingEdit::Delete).collect();
        edits.extend(done.changed.drain(..).map(|(now, was)| BookingEdit::Update {
            current: now,
            change: AssignmentChange {
                person_id: was.person_id,
                project_id: was.project_id,
                range: was.range,
                allocation: Some(was.allocation),
                status: Some(was.status),
                series: Some(was.series),
            },
        }));
        let never = AtomicBool::new(false);
        while !edits.is_empty() {
            let rest = edits.split_off(edits.len().min(MAX_EDITS_AT_ONCE));
            let chunk = std::mem::replace(&mut edits, rest);
            let n = chunk.len() + edits.len();
            let edited = plan
                .edit_many(scope, chunk, &never, &mut |_, _| {})
                .await
                .map_err(|e| (e, n + left(&done)))?;
            let failed = edited.outcomes.into_iter().find_map(|o| match o {
                EditOutcome::Failed(e) => Some(e),
                _ => None,
            });
            if let Some(e) = edited.stopped.or(failed) {
                return Err((e, n + left(&done)));
            }
        }
        while let Some((now, was)) = done.people_changed.pop() {
            let mut cur = now;
            if cur.labels != was.labels {
                cur = match plan.set_person_labels(scope, &cur, was.labels.clone()).await {
                    Ok(back) => back,
                    Err(e) => return Err((e, left(&done) + 1)),
                };
            }
            if cur.name != was.name
                && let Err(e) = plan.rename_person(scope, &cur.id, cur.version, was.name).await
            {
                return Err((e, left(&done) + 1));
            }
        }
        let mut quiet = |_: usize, _: usize| {};
        while let Some(id) = done.people.pop() {
            if let Err(e) = plan.delete_person(scope, &id, &mut quiet).await {
                return Err((e, left(&done) + 1));
            }
        }
        while let Some((now, was)) = done.projects_changed.pop() {
            let name = (now.name != was.name).then_some(was.name);
            let color = (now.color != was.color).then_some(was.color);
            if let Err(e) = plan.update_project(scope, &now.id, now.version, name, color).await {
                return Err((e, left(&done) + 1));
            }
        }
        while let Some(id) = done.projects.pop() {
            if let Err(e) = plan.delete_project(scope, &id, &mut quiet).await {
                return Err((e, left(&done) + 1));
            }
        }
        while let Some(id) = done.labels.pop() {
            if let Err(e) = plan.delete_label(scope, &id).await {
                return Err((e, left(&done) + 1));
            }
        }
        Ok(())
    }
}
