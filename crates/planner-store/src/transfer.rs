//! Export a team's plan to JSON and import it back: read → put → delete, put first, so an
//! interrupted import duplicates but never loses, and running it again finishes it
//! (docs/data-model.md, "Import, export and copy").

use crate::plan::{CascadeReport, PendingDeletion};
use crate::sdk::{self, get_s, key, query_all};
use crate::{Store, StoreError, TeamScope, keys};
use planner_domain::{Action, Assignment, Name, Project, ProjectId, Resource, ResourceId};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

pub const FORMAT: &str = "resource-planner/team-export";
/// 2: assignments carry their allocation and status (absent in version 1 files: the whole
/// working day, confirmed, as they read).
pub const FORMAT_VERSION: u32 = 2;
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
    pub resources: Vec<Resource>,
    pub projects: Vec<Project>,
    pub assignments: Vec<Assignment>,
}

/// What an import wrote and removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub resources: usize,
    pub projects: usize,
    pub assignments: usize,
    /// Items of the team that were not in the file and were removed (after everything was put):
    /// every table item, index entries among them.
    pub removed: usize,
    /// Of what was removed: the people, the projects and the assignments (a person's or a
    /// project's counted with them).
    pub removed_people: usize,
    pub removed_projects: usize,
    pub removed_assignments: usize,
}

/// A person or a project the team has and the file does not.
#[derive(Clone, Copy)]
enum StaleRow<'a> {
    Person(&'a ResourceId),
    Project(&'a ProjectId),
}

impl TeamExport {
    /// Checks that the file is ours and that every assignment's person and project are in it.
    pub fn validate(&self) -> Result<(), StoreError> {
        let bad = |message: String| StoreError::Config { message };
        if self.format != FORMAT || !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&self.format_version) {
            return Err(bad(format!(
                "this is not a resource-planner team export of version {OLDEST_FORMAT_VERSION} to {FORMAT_VERSION} (found {} {})",
                self.format, self.format_version
            )));
        }
        let people: HashSet<_> = self.resources.iter().map(|r| &r.id).collect();
        let projects: HashSet<_> = self.projects.iter().map(|p| &p.id).collect();
        if people.len() != self.resources.len() || projects.len() != self.projects.len() {
            return Err(bad("a person or project appears twice".into()));
        }
        let mut ids = HashSet::new();
        for a in &self.assignments {
            if !people.contains(&a.resource_id) || !projects.contains(&a.project_id) {
                return Err(bad(format!(
                    "assignment {} refers to a person or project that is not in the file",
                    a.id
                )));
            }
            if !ids.insert(&a.id) {
                return Err(bad(format!("assignment {} appears twice", a.id)));
            }
        }
        Ok(())
    }
}

impl Store {
    /// The team's whole plan. Reads the full history; for backups and moves, not screens.
    pub async fn export_team(&self, scope: &TeamScope) -> Result<TeamExport, StoreError> {
        self.require(scope, Action::ReadPlan, "export_team")?;
        let team = self.team_meta(scope).await?;
        let catalog = self.read_catalog(scope, true).await?;
        let mut assignments = self.all_assignments(scope).await?;
        // As the timeline does: nothing of a row that is being deleted (or appeared meanwhile).
        let people: HashSet<_> = catalog.resources.iter().map(|r| &r.id).collect();
        let projects: HashSet<_> = catalog.projects.iter().map(|p| &p.id).collect();
        assignments.retain(|a| people.contains(&a.resource_id) && projects.contains(&a.project_id));
        Ok(TeamExport {
            format: FORMAT.into(),
            format_version: FORMAT_VERSION,
            exported_at: self.now_rfc3339(),
            team_name: team.name,
            resources: catalog.resources,
            projects: catalog.projects,
            assignments,
        })
    }

    /// Makes the team's plan equal to the file: puts everything in it, then removes what the
    /// team has and the file does not. Admins only. Safe to run again after any interruption.
    pub async fn import_team(
        &self,
        scope: &TeamScope,
        file: &TeamExport,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<ImportReport, StoreError> {
        self.require(scope, Action::ManageTeam, "import_team")?;
        file.validate()?;
        let pk = scope.pk();
        // Put: people and projects before the assignments that need them.
        let (parents, rows, levels) = items(&pk, file);
        let total = parents.len();
        sdk::batch_put(self.client(), self.table(), parents, |done| {
            progress("people and projects", done, total)
        })
        .await?;
        for level in levels {
            self.register_level(scope, level).await?;
        }
        let total = rows.len();
        sdk::batch_put(self.client(), self.table(), rows, |done| progress("assignments", done, total))
            .await?;

        // Delete what the file does not have: assignments (with index entries), then rows.
        let wanted: HashSet<_> = file.assignments.iter().map(|a| (&a.id, a.range)).collect();
        let existing = self.all_assignments(scope).await?;
        let mut stale = Vec::new();
        let mut report = ImportReport {
            resources: file.resources.len(),
            projects: file.projects.len(),
            assignments: file.assignments.len(),
            ..ImportReport::default()
        };
        // (One the file has on other days is moved, not removed: its old items go all the same.)
        let in_file: HashSet<_> = file.assignments.iter().map(|a| &a.id).collect();
        for a in existing.iter().filter(|a| !wanted.contains(&(&a.id, a.range))) {
            report.removed_assignments += usize::from(!in_file.contains(&a.id));
            if let Some(index) = crate::plan::index_key(&pk, &a.id, a.range) {
                stale.push(index);
            }
            stale.push(key(&pk, keys::assignment_sk(a.range.start(), &a.id)));
        }
        let catalog = self.read_catalog(scope, true).await?;
        let keep_people: HashSet<_> = file.resources.iter().map(|r| &r.id).collect();
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
        for level in self.levels_in_use(scope).await? {
            let entries = query_all(
                self.query_range(&pk, keys::long_index_level_range(level), true).projection_expression("sk"),
            )
            .await?;
            for entry in entries {
                let sk = get_s(&entry, keys::SK)?;
                if !wanted_index.contains(sk) && !stale_index.contains(sk) {
                    stale.push(key(&pk, sk));
                }
            }
        }
        report.removed = sdk::batch_delete(self.client(), self.table(), stale, |_| {}).await?;
        let mut nothing = |_: usize, _: usize| {};
        // Rows the file does not have, and deletes that an earlier run left unfinished, each with
        // the assignments that were still theirs.
        let rows = (catalog.resources.iter().map(|r| StaleRow::Person(&r.id)))
            .chain(catalog.projects.iter().map(|p| StaleRow::Project(&p.id)))
            .chain(catalog.pending_deletions.iter().map(|d| match d {
                PendingDeletion::Resource(id) => StaleRow::Person(id),
                PendingDeletion::Project(id) => StaleRow::Project(id),
            }));
        for row in rows {
            let CascadeReport { assignments_deleted, .. } = match row {
                StaleRow::Person(id) if !keep_people.contains(&id) => {
                    report.removed_people += 1;
                    self.delete_resource(scope, id, &mut nothing).await?
                }
                StaleRow::Project(id) if !keep_projects.contains(&id) => {
                    report.removed_projects += 1;
                    self.delete_project(scope, id, &mut nothing).await?
                }
                StaleRow::Person(_) | StaleRow::Project(_) => continue,
            };
            report.removed += 1 + assignments_deleted;
            report.removed_assignments += assignments_deleted;
        }
        Ok(report)
    }
}

/// What copying a plan into a team did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CopyReport {
    pub resources: usize,
    pub projects: usize,
    pub assignments: usize,
    /// Items the team had already (an earlier, interrupted run put them): left as they are.
    pub already_there: usize,
}

/// How many puts run at once when copying.
const COPY_PARALLEL: usize = 16;

impl Store {
    /// Adds a plan (another workspace's, e.g. this computer's local one) to the team, keeping
    /// everything the team has. Each item is put only if the team does not have it yet, so a run
    /// after an interruption finishes the copy and never overwrites what the team changed since.
    /// People and projects go first, so that no assignment is ever without its row. Planners
    /// and admins.
    pub async fn copy_into_team(
        &self,
        scope: &TeamScope,
        plan: &TeamExport,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<CopyReport, StoreError> {
        use futures::{StreamExt, TryStreamExt};
        self.require(scope, Action::EditPlan, "copy_into_team")?;
        plan.validate()?;
        let pk = scope.pk();
        let mut report = CopyReport::default();
        let (parents, rows, levels) = items(&pk, plan);
        for level in levels {
            self.register_level(scope, level).await?;
        }
        for (stage, items) in [("people and projects", parents), ("assignments", rows)] {
            let total = items.len();
            progress(stage, 0, total);
            let mut puts = futures::stream::iter(items.into_iter().map(|item| self.put_if_absent(item)))
                .buffer_unordered(COPY_PARALLEL);
            let mut done = 0;
            while let Some(written) = puts.try_next().await? {
                done += 1;
                if !written {
                    report.already_there += 1;
                }
                if done % 25 == 0 || done == total {
                    progress(stage, done, total);
                }
            }
        }
        report.resources = plan.resources.len();
        report.projects = plan.projects.len();
        report.assignments = plan.assignments.len();
        Ok(report)
    }

    /// Empties a workspace's plan (people, projects and their assignments) after it was copied
    /// elsewhere; the team itself stays. Admins only (the local workspace's owner is one).
    pub async fn clear_plan(
        &self,
        scope: &TeamScope,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<usize, StoreError> {
        self.require(scope, Action::ManageTeam, "clear_plan")?;
        let catalog = self.read_catalog(scope, true).await?;
        let total = catalog.resources.len() + catalog.projects.len();
        let mut removed = 0;
        let mut nothing = |_: usize, _: usize| {};
        for (done, id) in catalog.resources.iter().map(|r| &r.id).enumerate() {
            progress("removing", done, total);
            removed += 1 + self.delete_resource(scope, id, &mut nothing).await?.assignments_deleted;
        }
        for (done, id) in catalog.projects.iter().map(|p| &p.id).enumerate() {
            progress("removing", catalog.resources.len() + done, total);
            removed += 1 + self.delete_project(scope, id, &mut nothing).await?.assignments_deleted;
        }
        progress("removing", total, total);
        Ok(removed)
    }
}

/// A plan's items in the team partition `pk`: its people and projects; its assignments with
/// their long-assignment index entries; and the index levels those use.
fn items(pk: &str, plan: &TeamExport) -> (Vec<sdk::Item>, Vec<sdk::Item>, HashSet<u8>) {
    let mut parents: Vec<_> = plan.resources.iter().map(|r| crate::plan::resource_item(pk, r)).collect();
    parents.extend(plan.projects.iter().map(|p| crate::plan::project_item(pk, p)));
    let mut rows = Vec::new();
    let mut levels = HashSet::new();
    for a in &plan.assignments {
        rows.push(crate::plan::assignment_item(pk, a));
        if let Some(index) = crate::plan::index_item(pk, a) {
            levels.insert(crate::window::level_of(a.range));
            rows.push(index);
        }
    }
    (parents, rows, levels)
}

/// The sort key of a key or item.
fn sort_key(item: &sdk::Item) -> Option<String> {
    match item.get(keys::SK) {
        Some(aws_sdk_dynamodb::types::AttributeValue::S(sk)) => Some(sk.clone()),
        _ => None,
    }
}
