//! Copying a plan into a team (this computer's local workspace moving in; docs/data-model.md,
//! access pattern 40). Each item is one transaction that puts it only if the team lacks it and
//! checks it as a create would: an assignment or a time off only onto a person (and project) that
//! exists and is not being deleted, a holiday only into a calendar that exists; and nothing the
//! team deleted or moved since — a delete or a move leaves a mark (`GONE#…`) at the old key's id,
//! which the put checks is absent. So a run again after an interruption finishes the copy without
//! bringing back what a teammate deleted meanwhile, and never overwrites what the team changed.
//!
//! Groups, roles and skills go first, each with its name's guard (one transaction, as a create
//! writes them). A label whose name the team's list has already (another label, any case or
//! width) is not copied: the copied people carry the team's label instead. A name held by a
//! label whose delete has begun is freed by finishing that delete, then the label is copied. One
//! an earlier run put that the team is deleting now is not put again, and the people carry
//! nothing in its place. (A label's delete leaves no mark once finished, so a run again after it
//! puts the label back, carried by no one: the people the first run put are not written again.)
//! The people's puts do not check their labels in the transaction (a person may carry more than
//! a transaction holds): a label deleted between its copy and the people's puts can be named by a
//! copied person, as a dangling id (the export leaves it out).

use super::TeamExport;
use super::Transfer;
use crate::keys::{self, Series};
use crate::plan::{self as p, Plan};
use crate::sdk::plain_put;
use crate::sdk::{self, Item, key};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use planner_domain::{Action, GroupFrom, Groups, Label, LabelId, Person, PersonLabels};
use serde::Serialize;
use std::collections::HashMap;

/// What copying a plan into a team did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CopyReport {
    #[serde(rename = "resources")]
    pub people: usize,
    pub projects: usize,
    pub assignments: usize,
    /// Items the team had already (an earlier, interrupted run put them): left as they are.
    pub already_there: usize,
    /// Items not copied because the team deleted them (or their person, project or calendar) or
    /// moved them to another day, since an earlier run put them (or is deleting it now).
    pub deleted_in_team: usize,
    /// Holiday calendars not copied (with their holidays): only admins add calendars.
    pub calendars_left_out: usize,
    /// Groups, roles and skills.
    pub labels: usize,
    /// Of them, those whose name the team's list had already (another label, any case or
    /// width): not copied, the copied people carry the team's.
    pub labels_matched: usize,
}

/// `plan` without its calendars and holidays, its people in none.
fn without_calendars(plan: &TeamExport) -> TeamExport {
    let mut out = plan.clone();
    out.calendars.clear();
    out.holidays.clear();
    for person in &mut out.people {
        person.calendar = None;
    }
    out
}

/// How many items are put at once.
const COPY_PARALLEL: usize = 16;
/// How often the labels not yet placed are tried again, each time after reading the team's lists
/// again (a name a teammate gave a label meanwhile is then found there).
const LABEL_ROUNDS: usize = 3;

/// One item to copy: the put (action 0, only if absent), then the checks, then its window-index
/// entry (no condition of its own).
struct Unit {
    actions: Vec<TransactWriteItem>,
}

enum Copied {
    Written,
    AlreadyThere,
    DeletedInTeam,
}

/// Why a label's put was refused: the label is there (but not among the team's lists), or its
/// name is another label's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Refused {
    NotTried,
    Label,
    Name,
}

/// What the team's copied people carry for each of the plan's labels: itself (copied, or there
/// from an earlier run), the team's label of the same list and name, or nothing (the team is
/// deleting it).
type LabelMap = HashMap<LabelId, Option<LabelId>>;

impl Transfer<'_> {
    /// Adds a plan (another workspace's, e.g. this computer's local one) to the team, keeping
    /// everything the team has; calendars, people and projects first, so that every later check
    /// finds them. Planners and admins; a planner's copy leaves calendars and holidays out
    /// (`calendars_left_out`).
    pub async fn copy_into_team(
        self,
        scope: &TeamScope,
        plan: &TeamExport,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<CopyReport, StoreError> {
        use futures::{StreamExt, TryStreamExt};
        self.store.require(scope, Action::EditPlan, "copy_into_team")?;
        // Calendars and holidays are the admins' (as in the app): a planner's copy leaves them
        // out (the people in none), rather than bringing them in through the back door.
        let has_calendars = !plan.calendars.is_empty() || !plan.holidays.is_empty();
        let leave_out = has_calendars && !scope.role().allows(Action::ManageTeam);
        let calendars_left_out = if leave_out { plan.calendars.len() } else { 0 };
        let without;
        let plan = if leave_out {
            without = without_calendars(plan);
            &without
        } else {
            plan
        };
        plan.validate()?;
        let pk = scope.pk();
        for (series, level) in super::items(&pk, plan).2 {
            self.store.plan().register_level(scope, series, level).await?;
        }
        let mut report = CopyReport::default();
        let labels = self.copy_labels(scope, plan, &mut report, progress).await?;
        let people: Vec<Person> = plan
            .people
            .iter()
            .map(|r| Person { labels: carried_in_team(&r.labels, &labels), ..r.clone() })
            .collect();
        for (stage, units) in [
            ("people and projects", self.parent_units(&pk, plan, &people)?),
            ("assignments", self.row_units(&pk, plan)?),
        ] {
            let total = units.len();
            progress(stage, 0, total);
            let mut puts = futures::stream::iter(units.into_iter().map(|unit| self.copy_one(unit)))
                .buffer_unordered(COPY_PARALLEL);
            let mut done = 0;
            while let Some(copied) = puts.try_next().await? {
                done += 1;
                match copied {
                    Copied::Written => {}
                    Copied::AlreadyThere => report.already_there += 1,
                    Copied::DeletedInTeam => report.deleted_in_team += 1,
                }
                if done % 25 == 0 || done == total {
                    progress(stage, done, total);
                }
            }
        }
        report.calendars_left_out = calendars_left_out;
        report.people = plan.people.len();
        report.projects = plan.projects.len();
        report.assignments = plan.assignments.len();
        report.labels = plan.labels.len();
        self.store.plan().write_summary(scope, crate::plan::feed::FeedAction::Copied, &report).await?;
        Ok(report)
    }

    async fn copy_one(self, unit: Unit) -> Result<Copied, StoreError> {
        let checks = unit.actions.len();
        match self.store.transact(unit.actions).await {
            Ok(()) => Ok(Copied::Written),
            Err(e) if e.condition_failed_at(0) => Ok(Copied::AlreadyThere),
            Err(e) if (1..checks).any(|i| e.condition_failed_at(i)) => Ok(Copied::DeletedInTeam),
            Err(e) => Err(e.into_store("copy")),
        }
    }

    /// The plan's labels, each put with its name's guard unless the team's list has the name
    /// already (or the label: an earlier run), in rounds of the team's lists read again.
    async fn copy_labels(
        self,
        scope: &TeamScope,
        plan: &TeamExport,
        report: &mut CopyReport,
        progress: &mut (dyn FnMut(&str, usize, usize) + Send),
    ) -> Result<LabelMap, StoreError> {
        let pk = scope.pk();
        let pk = pk.as_str();
        let total = plan.labels.len();
        progress("labels", 0, total);
        let mut map = LabelMap::new();
        let mut left: Vec<(&Label, Refused)> = plan.labels.iter().map(|l| (l, Refused::NotTried)).collect();
        for _ in 0..LABEL_ROUNDS {
            if left.is_empty() {
                break;
            }
            let theirs = self.store.plan().read_catalog(scope, true).await?.labels;
            let mut puts = Vec::new();
            for (l, refused) in std::mem::take(&mut left) {
                let named =
                    |t: &&Label| t.kind == l.kind && Label::name_key(&t.name) == Label::name_key(&l.name);
                if let Some(same) = theirs.iter().find(|t| t.id == l.id) {
                    // An earlier run's (a label's kind is never changed: another is a damage).
                    let kept = same.kind == l.kind;
                    map.insert(l.id.clone(), kept.then(|| l.id.clone()));
                    if kept {
                        report.already_there += 1;
                    } else {
                        report.deleted_in_team += 1;
                    }
                } else if let Some(named) = theirs.iter().find(named) {
                    map.insert(l.id.clone(), Some(named.id.clone()));
                    report.labels_matched += 1;
                } else if refused == Refused::Label {
                    // There, and not in the lists: the team is deleting what an earlier run put.
                    map.insert(l.id.clone(), None);
                    report.deleted_in_team += 1;
                } else {
                    if refused == Refused::Name {
                        self.finish_name_holders_delete(scope, l, &theirs).await?;
                    }
                    puts.push(l);
                }
            }
            // One after another: a team's lists are tens of labels, and each is a round trip.
            for l in puts {
                match self.put_label(pk, l).await? {
                    (l, None) => {
                        map.insert(l.id.clone(), Some(l.id.clone()));
                    }
                    (l, Some(why)) => left.push((l, why)),
                }
            }
            progress("labels", total - left.len(), total);
        }
        // Still neither there nor put (its name's delete begun again and again meanwhile).
        for (l, _) in left {
            map.insert(l.id.clone(), None);
            report.deleted_in_team += 1;
        }
        progress("labels", total, total);
        Ok(map)
    }

    /// The name of `label` is held by a label not in the team's lists (`theirs`): one whose
    /// delete has begun (and may have been cut short). Its delete is finished, so that the name
    /// is free for the copy's label, as it would be for a create after it.
    /// Puts a label and its name guard, both only where absent: what refused it, if anything.
    async fn put_label<'l>(self, pk: &str, l: &'l Label) -> Result<(&'l Label, Option<Refused>), StoreError> {
        let actions =
            vec![self.put_absent(p::label_item(pk, l))?, self.put_absent(Plan::label_guard_item(pk, l))?];
        match self.store.transact(actions).await {
            Ok(()) => Ok((l, None)),
            // The next round reads the lists again, and finds there what refused it.
            Err(e) if e.condition_failed_at(0) => Ok((l, Some(Refused::Label))),
            Err(e) if e.condition_failed_at(1) => Ok((l, Some(Refused::Name))),
            Err(e) => Err(e.into_store("label")),
        }
    }

    async fn finish_name_holders_delete(
        self,
        scope: &TeamScope,
        label: &Label,
        theirs: &[Label],
    ) -> Result<(), StoreError> {
        let guard = key(scope.pk(), keys::label_name_sk(label.kind, &Label::name_key(&label.name)));
        let Some(guard) = self.store.get(guard, true).await? else { return Ok(()) };
        let holder = Plan::guarded_label(&guard)?;
        if !theirs.iter().any(|t| t.id == holder) {
            self.store.plan().delete_label(scope, &holder).await?;
        }
        Ok(())
    }

    /// Calendars, people (as `people` has them) and projects, unless the team deleted them since.
    fn parent_units(self, pk: &str, plan: &TeamExport, people: &[Person]) -> Result<Vec<Unit>, StoreError> {
        let mut units = Vec::new();
        for c in &plan.calendars {
            let gone = keys::gone_row_sk(&keys::calendar_sk(&c.id));
            units.push(Unit {
                actions: vec![self.put_absent(p::calendar_item(pk, c))?, self.absent(pk, gone)?],
            });
        }
        for r in people {
            let gone = keys::gone_row_sk(&keys::person_sk(&r.id));
            units.push(Unit {
                actions: vec![self.put_absent(p::person_item(pk, r))?, self.absent(pk, gone)?],
            });
        }
        for x in &plan.projects {
            let gone = keys::gone_row_sk(&keys::project_sk(&x.id));
            units.push(Unit {
                actions: vec![self.put_absent(p::project_item(pk, x))?, self.absent(pk, gone)?],
            });
        }
        Ok(units)
    }

    /// Assignments, time off and holidays, each checked as a create is.
    fn row_units(self, pk: &str, plan: &TeamExport) -> Result<Vec<Unit>, StoreError> {
        let mut units = Vec::new();
        for a in &plan.assignments {
            let mut actions = vec![
                self.put_absent(p::assignment_item(pk, a))?,
                self.store.plan().parent_check(pk, keys::person_sk(&a.person_id))?,
                self.store.plan().parent_check(pk, keys::project_sk(&a.project_id))?,
                self.absent(pk, Series::Assignments.gone_sk(a.id.as_str()))?,
            ];
            if let Some(index) = p::index_item(pk, a) {
                actions.push(plain_put(self.store.table(), index)?);
            }
            units.push(Unit { actions });
        }
        for t in &plan.time_off {
            let mut actions = vec![
                self.put_absent(p::time_off_item(pk, t))?,
                self.store.plan().parent_check(pk, keys::person_sk(&t.person_id))?,
                self.absent(pk, Series::TimeOff.gone_sk(t.id.as_str()))?,
            ];
            if let Some(index) = p::time_off_index_item(pk, t) {
                actions.push(plain_put(self.store.table(), index)?);
            }
            actions.push(plain_put(self.store.table(), p::person_time_off_item(pk, t))?);
            units.push(Unit { actions });
        }
        for h in &plan.holidays {
            units.push(Unit {
                actions: vec![
                    self.put_absent(p::holiday_item(pk, h))?,
                    self.store.plan().parent_check(pk, keys::calendar_sk(&h.calendar))?,
                ],
            });
        }
        Ok(units)
    }

    fn put_absent(self, item: Item) -> Result<TransactWriteItem, StoreError> {
        let put = Put::builder()
            .table_name(self.store.table())
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(pk)")
            .build()
            .map_err(StoreError::build)?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    /// A check that no item `sk` is in the partition (a delete's mark).
    fn absent(self, pk: &str, sk: String) -> Result<TransactWriteItem, StoreError> {
        sdk::check_at(self.store.table(), pk, sk, "attribute_not_exists(pk)")
    }
}

/// What a person of the plan carries in the team: each label as `labels` maps it (a group's days
/// of one mapped to nothing become "no group").
fn carried_in_team(carried: &PersonLabels, labels: &LabelMap) -> PersonLabels {
    let to = |id: &LabelId| labels.get(id).cloned().flatten();
    let spells = carried
        .groups
        .spells()
        .iter()
        .map(|s| GroupFrom { from: s.from, group: s.group.as_ref().and_then(to) })
        .collect();
    PersonLabels {
        // The same days as before, which `Groups::new` accepted once already.
        groups: Groups::new(spells).unwrap_or_default(),
        role: carried.role.as_ref().and_then(to),
        skills: carried.skills.iter().filter_map(to).collect(),
    }
}
