//! The demo team: twelve people with Japanese and English names, six projects, and about three
//! months of assignments around today (one month back, two ahead), with a few overlaps and a few
//! long engagements. Deterministic for a given seed and day.

use crate::plan::NewAssignment;
use crate::{Store, StoreError, TeamScope};
use planner_domain::{AssignmentId, Color, Date, DateRange, Name, ProjectId, ResourceId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

pub const PEOPLE: [&str; 12] = [
    "山田 太郎",
    "佐藤 花子",
    "鈴木 一郎",
    "高橋 美咲",
    "田中 健",
    "伊藤 さくら",
    "Alice Johnson",
    "Ben Carter",
    "Chloe Nguyen",
    "David Okafor",
    "Emma Schmidt",
    "Frank Moreau",
];

pub const PROJECTS: [(&str, &str); 6] = [
    ("Acme 移行案件", "#4D72F3"),
    ("Globex Website", "#E4572E"),
    ("Initech ERP", "#17BEBB"),
    ("Umbrella 保守", "#76B041"),
    ("Stark Mobile App", "#FFC914"),
    ("社内研修", "#9B5DE5"),
];

/// What [`Store::seed_demo`] created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoReport {
    pub resources: usize,
    pub projects: usize,
    pub assignments: usize,
}

impl Store {
    /// Adds the demo people, projects and assignments to the scope's team.
    pub async fn seed_demo(
        &self,
        scope: &TeamScope,
        today: Date,
        seed: u64,
    ) -> Result<DemoReport, StoreError> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut people = Vec::new();
        for name in PEOPLE {
            let r = self.create_resource(scope, ResourceId::generate(), Name::parse(name)?).await?;
            people.push(r.id);
        }
        let mut projects = Vec::new();
        for (name, color) in PROJECTS {
            let p = self
                .create_project(scope, ProjectId::generate(), Name::parse(name)?, Color::parse(color)?)
                .await?;
            projects.push(p.id);
        }
        let first = today.add_days(-31);
        let last = today.add_days(62);
        let mut assignments = 0;
        for (i, person) in people.iter().enumerate() {
            let mut day = first.add_days(rng.random_range(0..7));
            while day < last {
                let long = rng.random_ratio(1, 8);
                let days = if long { rng.random_range(40..90) } else { rng.random_range(3..22) };
                let project = projects[(i + rng.random_range(0..projects.len())) % projects.len()].clone();
                let range = DateRange::new(day, day.add_days(days))?;
                self.create_assignment(
                    scope,
                    NewAssignment {
                        id: AssignmentId::generate(),
                        resource_id: person.clone(),
                        project_id: project,
                        range,
                        allocation: Default::default(),
                        status: Default::default(),
                    },
                )
                .await?;
                assignments += 1;
                // Mostly a gap after each assignment; sometimes the next one overlaps it.
                let step = if rng.random_ratio(1, 6) { days / 2 } else { days + rng.random_range(0..6) };
                day = day.add_days(step.max(1));
            }
        }
        Ok(DemoReport { resources: people.len(), projects: projects.len(), assignments })
    }
}
