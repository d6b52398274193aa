//! Export a team's plan to JSON and import it back: read → put → delete, put first, so an
//! interrupted import duplicates but never loses, and running it again finishes it
//! (docs/data-model.md, "Import, export and copy").

use crate::plan::{CascadeReport, PendingDeletion, Plan};
use crate::sdk::{self, get_s, key, query_all};
use crate::{Store, StoreError, TeamScope, keys};
use planner_domain::capacity::WorkWeek;
use planner_domain::{
    Action, Assignment, Calendar, GroupFrom, Groups, Holiday, Label, LabelId, LabelKind, Name, Person,
    PersonId, PersonLabels, Project, ProjectId, TimeOff, Unreadable, View,
};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

mod check;
pub use check::MAX_IMPORTED_VERSION;
mod copy;
mod rows;
mod sheet;

pub use copy::CopyReport;
pub use sheet::{PersonChange, ProjectChange, SheetImported, SheetSummary, SheetWrites, TimeOffWrite};

/// Moving a team's plan in and out of the table: export to a file, import a file (the team made
/// equal to it), copy a plan in (adding only), clear a plan. A handle on the store
/// ([`Store::transfer`]); it reads and writes the plan through the store's own calls.
#[derive(Clone, Copy)]
pub struct Transfer<'a> {
    store: &'a Store,
}

impl Store {
    /// Export, import, copy and clear a team's plan.
    pub fn transfer(&self) -> Transfer<'_> {
        Transfer { store: self }
    }
}

pub const FORMAT: &str = "resource-planner/team-export";
/// 2: assignments carry their allocation and status (absent in version 1 files: the whole
/// working day, confirmed, as they read). 3: the team's default week, people's working weeks and
/// calendars, time off, holiday calendars and holidays (absent in older files: none of them, and
/// the standard week). 4: the team's groups, roles and skills (`labels`), and what each person
/// carries of them (`groups`, `role`, `skills`; absent in older files: no labels, and people
/// carrying none). 5: the views shared with the team (`views`; absent in older files: none, and an
/// import leaves the team's as they are).
pub const FORMAT_VERSION: u32 = 5;
/// The oldest version an import still reads.
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// A team's plan as a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamExport {
    pub format: String,
    pub format_version: u32,
    pub exported_at: String,
    pub team_name: Name,
    /// The team's default week (absent before version 3: the standard week, left as it is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_week: Option<WorkWeek>,
    /// Written as `resources`, the name the format had first.
    #[serde(rename = "resources")]
    pub people: Vec<Person>,
    pub projects: Vec<Project>,
    pub assignments: Vec<Assignment>,
    #[serde(default)]
    pub time_off: Vec<TimeOff>,
    #[serde(default)]
    pub calendars: Vec<Calendar>,
    #[serde(default)]
    pub holidays: Vec<Holiday>,
    /// The team's groups, roles and skills (absent before version 4: none).
    #[serde(default)]
    pub labels: Vec<Label>,
    /// The views shared with the team (absent before version 5: none; one's own views are not
    /// the team's and stay out). `None`: the file says nothing of them, and an import leaves the
    /// team's as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub views: Option<Vec<View>>,
    /// What the export could not read back and left out (named, never written to the file).
    #[serde(skip)]
    pub unreadable: Vec<Unreadable>,
}

/// What an import wrote and removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    #[serde(rename = "resources")]
    pub people: usize,
    pub projects: usize,
    pub assignments: usize,
    /// Groups, roles and skills.
    pub labels: usize,
    /// Views shared with the team.
    pub views: usize,
    /// Items of the team that were not in the file and were removed (after everything was put):
    /// every table item, index entries and name guards among them.
    pub removed: usize,
    /// Of what was removed: the people, the projects and the assignments (a person's or a
    /// project's counted with them), and the groups, roles and skills.
    pub removed_people: usize,
    pub removed_projects: usize,
    pub removed_assignments: usize,
    pub removed_labels: usize,
    /// Shared views the file does not have (one's own views are left as they are).
    pub removed_views: usize,
}

/// A person or a project the team has and the file does not.
#[derive(Clone, Copy)]
enum StaleRow<'a> {
    Person(&'a PersonId),
    Project(&'a ProjectId),
}

impl Transfer<'_> {
    /// The team's whole plan. Reads the full history; for backups and moves, not screens.
    pub async fn export_team(self, scope: &TeamScope) -> Result<TeamExport, StoreError> {
        self.store.require(scope, Action::ReadPlan, "export_team")?;
        let team = self.store.plan().team_meta(scope).await?;
        let catalog = self.store.plan().read_catalog(scope, true).await?;
        // What cannot be read back is left out and named (`unreadable`): one damaged item does
        // not stop the export of the rest.
        let (
            (mut assignments, mut time_off, mut holidays, mut unreadable),
            (calendars, bad_calendars),
            views,
        ) = tokio::try_join!(
            self.store.plan().all_dated_readable(scope),
            self.store.plan().read_calendars(scope, true),
            self.store.plan().all_views(scope),
        )?;
        unreadable.extend(catalog.unreadable.iter().cloned());
        unreadable.extend(bad_calendars);
        // As the timeline does: nothing of a row that is being deleted (or appeared meanwhile).
        let people: HashSet<_> = catalog.people.iter().map(|r| &r.id).collect();
        let projects: HashSet<_> = catalog.projects.iter().map(|p| &p.id).collect();
        assignments.retain(|a| people.contains(&a.person_id) && projects.contains(&a.project_id));
        time_off.retain(|t| people.contains(&t.person_id));
        // A person in a calendar deleted since is in none.
        let known: HashSet<_> = calendars.iter().map(|c| c.id.clone()).collect();
        // The holidays of a calendar left out (deleted meanwhile, or unreadable) go with it.
        holidays.retain(|h| known.contains(&h.calendar));
        let mut people = catalog.people;
        for r in &mut people {
            r.calendar = r.calendar.take().filter(|c| known.contains(c));
            // Nor a label deleted since (or being deleted): each reference is to one in the file.
            r.labels = known_labels(&r.labels, &catalog.labels);
        }
        Ok(TeamExport {
            format: FORMAT.into(),
            format_version: FORMAT_VERSION,
            exported_at: self.store.now_rfc3339(),
            team_name: team.name,
            default_week: Some(team.default_week),
            people,
            projects: catalog.projects,
            assignments,
            time_off,
            calendars,
            holidays,
            labels: catalog.labels,
            views: Some(views.into_iter().filter(|v| v.shared).collect()),
            unreadable,
        })
    }

    /// Makes the team's plan equal to the file: puts everything in it, then removes what the
    /// team has and the file does not. Admins only. Safe to run again after any interruption.
    pub async fn import_team(
        self,
        scope: &TeamScope,
        file: &TeamExport,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<ImportReport, StoreError> {
        self.store.require(scope, Action::ManageTeam, "import_team")?;
        file.validate()?;
        let pk = scope.pk();
        // Put: labels, calendars, people and projects before the items that need them.
        let (parents, rows, levels) = items(&pk, file);
        let (labels, guards) = label_items(&pk, file);
        // Nothing the reader would refuse, by the reader's own code.
        for item in labels.iter().chain(&guards).chain(&parents).chain(&rows) {
            check::read_back(item)?;
        }
        // Labels first, each over no delete under way: a label's delete takes it from every
        // person carrying it, so it is finished before the file's people are put. Then their
        // names' guards (after: a delete finished here removes its label's guard).
        self.put_rows_unmarked(scope, labels, &mut |done, total| progress("labels", done, total)).await?;
        let views = self.view_items(scope, file).await?;
        for item in &views {
            check::read_back(item)?;
        }
        sdk::batch_put(self.store.client(), self.store.table(), views, |_| {}).await?;
        sdk::batch_put(self.store.client(), self.store.table(), guards, |_| {}).await?;
        // Each over no delete under way (a put would strip its mark).
        self.put_rows_unmarked(scope, parents, &mut |done, total| {
            progress("people and projects", done, total)
        })
        .await?;
        for (series, level) in levels {
            self.store.plan().register_level(scope, series, level).await?;
        }
        if let Some(week) = file.default_week
            && self.store.plan().team_meta(scope).await?.default_week != week
        {
            self.store.plan().set_default_week(scope, week).await?;
        }
        let total = rows.len();
        sdk::batch_put(self.store.client(), self.store.table(), rows, |done| {
            progress("assignments", done, total)
        })
        .await?;

        // Delete what the file does not have: assignments (with index entries), then rows.
        let wanted: HashSet<_> = file.assignments.iter().map(|a| (&a.id, a.range)).collect();
        let mut stale = Vec::new();
        let mut report = ImportReport {
            people: file.people.len(),
            projects: file.projects.len(),
            assignments: file.assignments.len(),
            labels: file.labels.len(),
            views: file.views.as_ref().map_or(0, Vec::len),
            ..ImportReport::default()
        };
        // A damaged assignment of the team (none the file has: it was read back above) is removed
        // as the others the file lacks are: an import puts a team right, it does not stop at it.
        let rows = query_all(self.store.query_range(&pk, keys::all_assignments_range(), true)).await?;
        let mut existing = Vec::new();
        for row in &rows {
            match crate::plan::assignment_from_item(row) {
                Ok(a) => existing.push(a),
                Err(e) => {
                    tracing::warn!(key = %sdk::item_key(row), error = %e, "a damaged assignment removed by an import");
                    stale.push(key(&pk, get_s(row, keys::SK)?));
                    report.removed_assignments += 1;
                }
            }
        }
        // (One the file has on other days is moved, not removed: its old items go all the same.)
        let in_file: HashSet<_> = file.assignments.iter().map(|a| &a.id).collect();
        // Each leaves its mark, as an edit's delete or move does (a copy run again then puts none
        // of them back).
        let mut marks = Vec::new();
        for a in existing.iter().filter(|a| !wanted.contains(&(&a.id, a.range))) {
            report.removed_assignments += usize::from(!in_file.contains(&a.id));
            if let Some(index) = crate::plan::index_key(&pk, &a.id, a.range) {
                stale.push(index);
            }
            let old = keys::assignment_sk(a.range.start(), &a.id);
            let moved_from = in_file.contains(&a.id).then_some(old.as_str());
            let gone = keys::Series::Assignments.gone_sk(a.id.as_str());
            marks.push(self.store.plan().mark_item(&pk, gone, a.id.as_str(), moved_from));
            stale.push(key(&pk, old));
        }
        sdk::batch_put(self.store.client(), self.store.table(), marks, |_| {}).await?;
        let catalog = self.store.plan().read_catalog(scope, true).await?;
        let keep_people: HashSet<_> = file.people.iter().map(|r| &r.id).collect();
        let keep_projects: HashSet<_> = file.projects.iter().map(|p| &p.id).collect();
        // Index entries the file does not have: left by an assignment that kept its start day but
        // changed length (its main item was overwritten in place), or by an interrupted run.
        let wanted_index: HashSet<String> = file
            .assignments
            .iter()
            .filter_map(|a| crate::plan::index_key(&pk, &a.id, a.range))
            .filter_map(|k| sort_key(&k))
            .collect();
        // The entries already listed above, so that none is deleted twice.
        let stale_index: HashSet<String> = stale.iter().filter_map(sort_key).collect();
        // The levels in use of both series, read once for the stale entries of each.
        let levels = self.store.plan().levels(scope).await?;
        for level in levels.assignments.iter().copied() {
            let entries = query_all(
                self.store
                    .query_range(&pk, keys::long_index_level_range(level), true)
                    .projection_expression("sk"),
            )
            .await?;
            for entry in entries {
                let sk = get_s(&entry, keys::SK)?;
                if !wanted_index.contains(sk) && !stale_index.contains(sk) {
                    stale.push(key(&pk, sk));
                }
            }
        }
        stale.extend(self.stale_capacity_items(scope, file, &levels.time_off).await?);
        let (stale_labels, removed_labels) = self.stale_label_items(scope, file).await?;
        stale.extend(stale_labels);
        report.removed_labels = removed_labels;
        let stale_views = self.stale_views(scope, file).await?;
        report.removed_views = stale_views.len();
        stale.extend(stale_views);
        report.removed = sdk::batch_delete(self.store.client(), self.store.table(), stale, |_| {}).await?;
        let mut nothing = |_: usize, _: usize| {};
        // Rows the file does not have, and deletes that an earlier run left unfinished, each with
        // the assignments that were still theirs.
        let rows = (catalog.people.iter().map(|r| StaleRow::Person(&r.id)))
            .chain(catalog.projects.iter().map(|p| StaleRow::Project(&p.id)))
            .chain(catalog.pending_deletions.iter().map(|d| match d {
                PendingDeletion::Person(id) => StaleRow::Person(id),
                PendingDeletion::Project(id) => StaleRow::Project(id),
            }));
        for row in rows {
            let CascadeReport { assignments_deleted, time_off_deleted, .. } = match row {
                StaleRow::Person(id) if !keep_people.contains(&id) => {
                    report.removed_people += 1;
                    self.store.plan().delete_person(scope, id, &mut nothing).await?
                }
                StaleRow::Project(id) if !keep_projects.contains(&id) => {
                    report.removed_projects += 1;
                    self.store.plan().delete_project(scope, id, &mut nothing).await?
                }
                StaleRow::Person(_) | StaleRow::Project(_) => continue,
            };
            report.removed += 1 + assignments_deleted + time_off_deleted;
            report.removed_assignments += assignments_deleted;
        }
        // Every time off of the team is now the file's, each with its person's entry.
        self.store.plan().mark_person_entries(scope).await?;
        self.store.plan().write_summary(scope, crate::plan::feed::FeedAction::Imported, &report).await?;
        Ok(report)
    }
}

impl Transfer<'_> {
    /// Empties a workspace's plan (people, projects and their assignments, its groups, roles and
    /// skills with their names' guards, and its calendars unless `keep_calendars`: a copy that
    /// left them out) after it was copied elsewhere; the team itself stays. Admins only (the
    /// local workspace's owner is one).
    pub async fn clear_plan(
        self,
        scope: &TeamScope,
        keep_calendars: bool,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<usize, StoreError> {
        self.store.require(scope, Action::ManageTeam, "clear_plan")?;
        let catalog = self.store.plan().read_catalog(scope, true).await?;
        let total = catalog.people.len() + catalog.projects.len();
        let mut removed = 0;
        let mut nothing = |_: usize, _: usize| {};
        for (done, id) in catalog.people.iter().map(|r| &r.id).enumerate() {
            progress("removing", done, total);
            let gone = self.store.plan().delete_person(scope, id, &mut nothing).await?;
            removed += 1 + gone.assignments_deleted + gone.time_off_deleted;
        }
        for (done, id) in catalog.projects.iter().map(|p| &p.id).enumerate() {
            progress("removing", catalog.people.len() + done, total);
            removed +=
                1 + self.store.plan().delete_project(scope, id, &mut nothing).await?.assignments_deleted;
        }
        removed += self.clear_labels(scope).await?;
        let calendars =
            if keep_calendars { Vec::new() } else { self.store.plan().read_calendars(scope, true).await?.0 };
        for calendar in calendars {
            removed += 1 + self.store.plan().delete_calendar(scope, &calendar.id).await?;
        }
        progress("removing", total, total);
        Ok(removed)
    }
}

impl Transfer<'_> {
    /// Removes every label of the team, each as its delete does (its guard with it, a change
    /// record each; one whose delete was begun is finished), then any name guard left without
    /// its label. Each label counts as one item, its guard with it.
    async fn clear_labels(self, scope: &TeamScope) -> Result<usize, StoreError> {
        let pk = scope.pk();
        let mut removed = 0;
        // A key this code does not write is removed as it is, with the guards left.
        let mut left = Vec::new();
        for sk in self.sort_keys(&pk, keys::labels_range()).await? {
            match keys::parse_team_sk(&sk) {
                Ok(keys::TeamItemKey::Label(id)) => {
                    self.store.plan().delete_label(scope, &id).await?;
                    removed += 1;
                }
                _ => left.push(key(&pk, sk)),
            }
        }
        left.extend(self.sort_keys(&pk, keys::label_names_range()).await?.into_iter().map(|sk| key(&pk, sk)));
        removed += sdk::batch_delete(self.store.client(), self.store.table(), left, |_| {}).await?;
        Ok(removed)
    }
}

/// What a person carries of `labels` only: a group, role or skill that is not one of them (or is
/// in another list) is dropped (a group's days become "no group").
fn known_labels(carried: &PersonLabels, labels: &[Label]) -> PersonLabels {
    let known = |kind: LabelKind, id: &LabelId| labels.iter().any(|l| &l.id == id && l.kind == kind);
    let spells = carried
        .groups
        .spells()
        .iter()
        .map(|s| GroupFrom { from: s.from, group: s.group.clone().filter(|g| known(LabelKind::Group, g)) })
        .collect();
    PersonLabels {
        // The same days as before, which `Groups::new` accepted once already.
        groups: Groups::new(spells).unwrap_or_default(),
        role: carried.role.clone().filter(|r| known(LabelKind::Role, r)),
        skills: carried.skills.iter().filter(|s| known(LabelKind::Skill, s)).cloned().collect(),
    }
}

/// A plan's labels in the team partition `pk`, and their names' guards.
fn label_items(pk: &str, plan: &TeamExport) -> (Vec<sdk::Item>, Vec<sdk::Item>) {
    let labels = plan.labels.iter().map(|l| crate::plan::label_item(pk, l)).collect();
    let guards = plan.labels.iter().map(|l| Plan::label_guard_item(pk, l)).collect();
    (labels, guards)
}

/// A plan's items in the team partition `pk`: its calendars, people and projects; its
/// assignments and time off with their window-index entries, and its holidays; and the index
/// levels those use.
fn items(pk: &str, plan: &TeamExport) -> (Vec<sdk::Item>, Vec<sdk::Item>, HashSet<(keys::Series, u8)>) {
    use crate::plan as p;
    let mut parents: Vec<_> = plan.calendars.iter().map(|c| p::calendar_item(pk, c)).collect();
    parents.extend(plan.people.iter().map(|r| p::person_item(pk, r)));
    parents.extend(plan.projects.iter().map(|x| p::project_item(pk, x)));
    let mut rows = Vec::new();
    let mut levels = HashSet::new();
    for a in &plan.assignments {
        rows.push(p::assignment_item(pk, a));
        if let Some(index) = p::index_item(pk, a) {
            levels.insert((keys::Series::Assignments, crate::window::level_of(a.range)));
            rows.push(index);
        }
    }
    for t in &plan.time_off {
        rows.push(p::time_off_item(pk, t));
        rows.push(p::person_time_off_item(pk, t));
        if let Some(index) = p::time_off_index_item(pk, t) {
            levels.insert((keys::Series::TimeOff, crate::window::level_of(t.range)));
            rows.push(index);
        }
    }
    rows.extend(plan.holidays.iter().map(|h| p::holiday_item(pk, h)));
    (parents, rows, levels)
}

impl Transfer<'_> {
    /// The time off (with index and person entries), holidays and calendars the team has and the file does
    /// not (an import removes them after everything was put).
    async fn stale_capacity_items(
        self,
        scope: &TeamScope,
        file: &TeamExport,
        time_off_levels: &[u8],
    ) -> Result<Vec<sdk::Item>, StoreError> {
        let pk = scope.pk();
        let wanted: HashSet<String> = file
            .time_off
            .iter()
            .flat_map(|t| {
                let index = crate::plan::time_off_index_key(&pk, &t.id, t.range).and_then(|k| sort_key(&k));
                let entry = keys::person_time_off_sk(&t.person_id, t.range.end_exclusive(), &t.id);
                [Some(keys::time_off_sk(t.range.start(), &t.id)), index, Some(entry)]
            })
            .flatten()
            .chain(file.holidays.iter().map(|h| keys::holiday_sk(h.day, &h.calendar)))
            .chain(file.calendars.iter().map(|c| keys::calendar_sk(&c.id)))
            .collect();
        let mut ranges =
            vec![keys::Series::TimeOff.all(), keys::all_holidays_range(), keys::calendars_range()];
        ranges.push(keys::all_person_time_off_range());
        ranges.extend(time_off_levels.iter().map(|l| keys::Series::TimeOff.level_all(*l)));
        let mut stale = Vec::new();
        for range in ranges {
            for row in query_all(self.store.query_range(&pk, range, true).projection_expression("sk")).await?
            {
                let sk = get_s(&row, keys::SK)?;
                if !wanted.contains(sk) {
                    stale.push(key(&pk, sk));
                }
            }
        }
        Ok(stale)
    }
}

impl Transfer<'_> {
    /// The labels and name guards the team has and the file does not (an import removes them
    /// after everything was put), and how many of them are labels.
    async fn stale_label_items(
        self,
        scope: &TeamScope,
        file: &TeamExport,
    ) -> Result<(Vec<sdk::Item>, usize), StoreError> {
        let pk = scope.pk();
        let (labels, guards) = label_items(&pk, file);
        let wanted: HashSet<String> = labels.iter().chain(&guards).filter_map(sort_key).collect();
        let mut stale = Vec::new();
        let mut removed_labels = 0;
        for range in [keys::labels_range(), keys::label_names_range()] {
            for sk in self.sort_keys(&pk, range).await? {
                if !wanted.contains(&sk) {
                    removed_labels +=
                        usize::from(matches!(keys::parse_team_sk(&sk), Ok(keys::TeamItemKey::Label(_))));
                    stale.push(key(&pk, sk));
                }
            }
        }
        Ok((stale, removed_labels))
    }

    /// The file's views as items of the team: each kept with its owner when they are a member
    /// of it, else the importer's (a file from another table names users this one does not have).
    async fn view_items(self, scope: &TeamScope, file: &TeamExport) -> Result<Vec<sdk::Item>, StoreError> {
        let Some(views) = &file.views else { return Ok(Vec::new()) };
        let pk = scope.pk();
        let members: HashSet<planner_domain::UserId> = self
            .sort_keys(&pk, keys::members_range())
            .await?
            .iter()
            .filter_map(|sk| match keys::parse_team_sk(sk) {
                Ok(keys::TeamItemKey::Member(user)) => Some(user),
                _ => None,
            })
            .collect();
        Ok(views
            .iter()
            .map(|v| {
                let owner = if members.contains(&v.owner) { v.owner.clone() } else { scope.user().clone() };
                crate::plan::view_item(&pk, &View { owner, shared: true, ..v.clone() })
            })
            .collect())
    }

    /// The team's shared views the file does not have (none when the file says nothing of views).
    async fn stale_views(self, scope: &TeamScope, file: &TeamExport) -> Result<Vec<sdk::Item>, StoreError> {
        let Some(views) = &file.views else { return Ok(Vec::new()) };
        let wanted: HashSet<_> = views.iter().map(|v| &v.id).collect();
        let pk = scope.pk();
        Ok(self
            .store
            .plan()
            .all_views(scope)
            .await?
            .into_iter()
            .filter(|v| v.shared && !wanted.contains(&v.id))
            .map(|v| key(&pk, keys::view_sk(&v.id)))
            .collect())
    }

    /// The sort keys of the team's items in `range` (one Query, to its end).
    async fn sort_keys(self, pk: &str, range: (String, String)) -> Result<Vec<String>, StoreError> {
        let items = query_all(self.store.query_range(pk, range, true).projection_expression("sk")).await?;
        items.iter().map(|i| get_s(i, keys::SK).map(str::to_owned)).collect()
    }
}

/// The sort key of a key or item.
fn sort_key(item: &sdk::Item) -> Option<String> {
    match item.get(keys::SK) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(sk)) => Some(sk.clone()),
        _ => None,
    }
}
