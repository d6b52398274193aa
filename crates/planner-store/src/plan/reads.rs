//! The window query and the timeline (docs/data-model.md, access patterns 4 and 1).

use super::catalog::Catalog;
use super::items;
use crate::keys;
use crate::sdk::{key, query_all, s};
use crate::{Store, StoreError, TeamScope, window};
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::{Action, Assignment, DateRange, Project, Resource, Team};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

/// What the timeline shows for one window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    pub team: Team,
    pub window: DateRange,
    pub resources: Vec<Resource>,
    pub projects: Vec<Project>,
    /// Assignments overlapping the window whose person and project are both shown.
    pub assignments: Vec<Assignment>,
}

impl Store {
    /// Exactly the assignments with `start < window.end && end > window.start`, sorted by start
    /// day and id. Reads the short assignments near the window and the index entries of the long
    /// ones, level by level (see `window`); the cost follows what the window shows, not history.
    pub async fn assignments_in_window(
        &self,
        scope: &TeamScope,
        window: DateRange,
    ) -> Result<Vec<Assignment>, StoreError> {
        self.require(scope, Action::ReadPlan, "assignments_in_window")?;
        let (short, levels) =
            tokio::try_join!(self.query_level(scope, 0, window), self.levels_in_use(scope))?;
        let long = futures::future::try_join_all(
            levels.into_iter().map(|level| self.query_level(scope, level, window)),
        )
        .await?;
        let mut found = BTreeMap::new();
        for a in short.into_iter().chain(long.into_iter().flatten()) {
            if a.range.overlaps(window) {
                found.insert((a.range.start(), a.id.clone()), a);
            }
        }
        Ok(found.into_values().collect())
    }

    async fn query_level(
        &self,
        scope: &TeamScope,
        level: u8,
        window: DateRange,
    ) -> Result<Vec<Assignment>, StoreError> {
        let (first, last) = window::start_bounds(level, window);
        let (lo, hi) = if level == 0 {
            keys::assignment_range(first, last)
        } else {
            keys::long_index_range(level, first, last)
        };
        let rows = query_all(
            self.query_range(scope.pk(), (lo, hi), self.strong_reads)
                .filter_expression("endDateExclusive > :from")
                .expression_attribute_values(":from", s(window.start().to_string())),
        )
        .await?;
        rows.iter().map(items::assignment_from_item).collect()
    }

    pub(crate) async fn levels_in_use(&self, scope: &TeamScope) -> Result<Vec<u8>, StoreError> {
        let out = self.get(key(scope.pk(), keys::LEVELS), self.strong_reads).await?;
        let Some(AttributeValue::Ss(levels)) = out.as_ref().and_then(|i| i.get("levels")) else {
            return Ok(Vec::new());
        };
        Ok(levels
            .iter()
            .filter_map(|l| l.parse::<u8>().ok())
            .filter(|l| (1..=window::MAX_LEVEL).contains(l))
            .collect())
    }

    /// Everything the timeline shows for a window: the team, its people and projects, and the
    /// assignments overlapping the window. An assignment whose person or project is missing or
    /// being deleted is left out, so a deleted row's bars never show, whatever the timing.
    pub async fn timeline(&self, scope: &TeamScope, window: DateRange) -> Result<Timeline, StoreError> {
        self.require(scope, Action::ReadPlan, "timeline")?;
        let (team, catalog, mut assignments) = tokio::try_join!(
            self.team_meta(scope),
            self.read_catalog(scope, self.strong_reads),
            self.assignments_in_window(scope, window)
        )?;
        let Catalog { resources, projects, .. } = catalog;
        let people: HashSet<_> = resources.iter().map(|r| &r.id).collect();
        let shown_projects: HashSet<_> = projects.iter().map(|p| &p.id).collect();
        assignments.retain(|a| people.contains(&a.resource_id) && shown_projects.contains(&a.project_id));
        Ok(Timeline { team, window, resources, projects, assignments })
    }

    /// Every assignment of the team (export, checks). Reads the whole history: not for screens.
    pub async fn all_assignments(&self, scope: &TeamScope) -> Result<Vec<Assignment>, StoreError> {
        self.require(scope, Action::ReadPlan, "all_assignments")?;
        let rows = query_all(self.query_range(scope.pk(), keys::all_assignments_range(), true)).await?;
        rows.iter().map(items::assignment_from_item).collect()
    }
}
