//! Copying a plan into a team (this computer's local workspace moving in; docs/data-model.md,
//! access pattern 40). Each item is one transaction that puts it only if the team lacks it and
//! checks it as a create would: an assignment or a time off only onto a person (and project) that
//! exists and is not being deleted, a holiday only into a calendar that exists; and nothing the
//! team deleted or moved since — a delete or a move leaves a mark (`GONE#…`) at the old key's id,
//! which the put checks is absent. So a run again after an interruption finishes the copy without
//! bringing back what a teammate deleted meanwhile, and never overwrites what the team changed.

use super::TeamExport;
use super::Transfer;
use crate::keys::{self, Series};
use crate::plan as p;
use crate::sdk::plain_put;
use crate::sdk::{self, Item};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use planner_domain::Action;
use serde::Serialize;

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
        for (stage, units) in [
            ("people and projects", self.parent_units(&pk, plan)?),
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

    /// Calendars, people and projects, unless the team deleted them since.
    fn parent_units(self, pk: &str, plan: &TeamExport) -> Result<Vec<Unit>, StoreError> {
        let mut units = Vec::new();
        for c in &plan.calendars {
            let gone = keys::gone_row_sk(&keys::calendar_sk(&c.id));
            units.push(Unit {
                actions: vec![self.put_absent(p::calendar_item(pk, c))?, self.absent(pk, gone)?],
            });
        }
        for r in &plan.people {
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
