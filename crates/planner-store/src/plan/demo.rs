//! The demo team: twelve people with Japanese and English names, six projects, and about three
//! months of assignments around today (one month back, two ahead), with a few overlaps and a few
//! long engagements. It shows capacity planning off too: the Japanese-named people are in a
//! calendar of Japan's public holidays, one of them works part time (four days of six hours),
//! one has a week of holiday, some assignments take half a day or a share of it, and one project
//! is tentative. Each person has a group, a role and skills, and one of them moves to another
//! group in two weeks. Deterministic for a given seed and day.

use crate::plan::Plan;
use crate::plan::{NewAssignment, NewTimeOff, TimeOffChange};
use crate::{StoreError, TeamScope};
use planner_domain::capacity::{Allocation, Schedule, Status, TimeOffKind, WorkWeek};
use planner_domain::{
    AssignmentId, CalendarId, Color, Date, DateRange, Groups, LabelId, LabelKind, Name, PersonId,
    PersonLabels, ProjectId, TimeOffId,
};
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

/// The demo's tentative project (an index into [`PROJECTS`]): Stark Mobile App, not yet signed.
const TENTATIVE_PROJECT: usize = 4;
/// The part-timer (an index into [`PEOPLE`]) and their week: Monday to Thursday, six hours.
const PART_TIMER: usize = 5;
const PART_TIME: [u32; 7] = [360, 360, 360, 360, 0, 0, 0];
/// Who takes a week of holiday, starting on the Monday two weeks from today.
const ON_HOLIDAY: usize = 7;

/// What [`Plan::seed_demo`](crate::Plan::seed_demo) created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoReport {
    #[serde(rename = "resources")]
    pub people: usize,
    pub projects: usize,
    pub assignments: usize,
}

/// The demo's groups, roles and skills, and who carries which: `(group, role, skills)` per person
/// in the order of [`PEOPLE`]; the fourth person moves from Design to Engineering in two weeks.
pub const GROUPS: [&str; 3] = ["Design", "Engineering", "Consulting"];
pub const ROLES: [&str; 3] = ["Designer", "Engineer", "Project manager"];
pub const SKILLS: [&str; 6] = ["React", "Rust", "Figma", "SAP", "日本語", "English"];
const CARRIED: [(usize, usize, &[usize]); 12] = [
    (2, 2, &[3, 4]),
    (0, 0, &[2, 4]),
    (1, 1, &[1, 4]),
    (0, 0, &[0, 2, 4]),
    (1, 1, &[0, 1, 4, 5]),
    (2, 2, &[3, 4, 5]),
    (0, 0, &[2, 5]),
    (1, 1, &[0, 5]),
    (1, 1, &[1, 5]),
    (2, 2, &[3, 5]),
    (0, 0, &[0, 2, 5]),
    (1, 1, &[0, 1, 5]),
];
const MOVER: usize = 3;

impl Plan<'_> {
    /// The demo's lists, and what each demo person carries of them.
    async fn seed_demo_labels(self, scope: &TeamScope, today: Date) -> Result<(), StoreError> {
        let make = async |kind, names: &[&str]| -> Result<Vec<LabelId>, StoreError> {
            let mut ids = Vec::new();
            for name in names {
                ids.push(self.create_label(scope, LabelId::generate(), kind, Name::parse(name)?).await?.id);
            }
            Ok(ids)
        };
        let groups = make(LabelKind::Group, &GROUPS).await?;
        let roles = make(LabelKind::Role, &ROLES).await?;
        let skills = make(LabelKind::Skill, &SKILLS).await?;
        let people = self.read_catalog(scope, true).await?.people;
        for (i, name) in PEOPLE.iter().enumerate() {
            let Some(person) = people.iter().find(|p| p.name.as_str() == *name) else { continue };
            let (group, role, carried) = CARRIED[i];
            let mut history = Groups::always(Some(groups[group].clone()));
            if i == MOVER {
                history = history.moved(Some(today.add_days(14)), Some(groups[1].clone()));
            }
            let labels = PersonLabels::new(
                history,
                Some(roles[role].clone()),
                carried.iter().map(|&s| skills[s].clone()).collect(),
            )?;
            self.set_person_labels(scope, person, labels).await?;
        }
        Ok(())
    }

    /// Adds the demo people, projects and assignments to the scope's team.
    pub async fn seed_demo(
        self,
        scope: &TeamScope,
        today: Date,
        seed: u64,
    ) -> Result<DemoReport, StoreError> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut people = Vec::new();
        for name in PEOPLE {
            people.push(self.create_person(scope, PersonId::generate(), Name::parse(name)?).await?);
        }
        // Japan's public holidays for the Japanese-named people; a part-timer among them.
        let calendar = self
            .create_calendar(scope, CalendarId::generate(), Name::parse("日本の祝日")?, Some("JP".into()))
            .await?;
        let days = super::demo_holidays::JP
            .iter()
            .map(|(day, name)| Ok((Date::parse(day)?, Name::parse(name)?)))
            .collect::<Result<Vec<_>, planner_domain::ValidationError>>()?;
        self.put_holidays(scope, &calendar.id, days).await?;
        let japanese = PEOPLE.iter().take_while(|n| !n.is_ascii()).count();
        for (i, person) in people.iter().enumerate().take(japanese) {
            let schedule =
                (i == PART_TIMER).then(|| Schedule::always(WorkWeek::new(PART_TIME).unwrap_or_default()));
            self.set_working_time(scope, person, schedule, Some(calendar.id.clone())).await?;
        }
        let monday = today.add_days(14 - i64::from(today.weekday_from_monday()));
        self.create_time_off(
            scope,
            NewTimeOff {
                id: TimeOffId::generate(),
                person_id: people[ON_HOLIDAY].id.clone(),
                change: TimeOffChange {
                    range: DateRange::new(monday, monday.add_days(5))?,
                    kind: TimeOffKind::Holiday,
                    minutes: None,
                },
            },
        )
        .await?;
        self.seed_demo_labels(scope, today).await?;
        // Allocations from their own sequence, so the bars fall where they always did.
        let mut shares = StdRng::seed_from_u64(seed ^ 0x5eed);
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
                let which = (i + rng.random_range(0..projects.len())) % projects.len();
                let range = DateRange::new(day, day.add_days(days))?;
                let allocation = match shares.random_range(0..8) {
                    0 | 1 => Allocation::HoursPerDay(240),
                    2 => Allocation::Percent(50),
                    _ => Allocation::FULL_DAY,
                };
                let status = if which == TENTATIVE_PROJECT { Status::Tentative } else { Status::Confirmed };
                self.create_assignment(
                    scope,
                    NewAssignment {
                        id: AssignmentId::generate(),
                        person_id: person.id.clone(),
                        project_id: projects[which].clone(),
                        range,
                        allocation,
                        status,
                        series: None,
                    },
                )
                .await?;
                assignments += 1;
                // Mostly a gap after each assignment; sometimes the next one overlaps it.
                let step = if rng.random_ratio(1, 6) { days / 2 } else { days + rng.random_range(0..6) };
                day = day.add_days(step.max(1));
            }
        }
        Ok(DemoReport { people: people.len(), projects: projects.len(), assignments })
    }
}
