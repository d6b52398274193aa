//! The settings screen's types, and moving the local workspace into a team.

use super::IpcError;
use planner_app::Places;
use planner_app::local_move::{LocalPlan, MoveProgress, MoveReport, MoveStage};
use planner_app::prefs::Prefs;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The connection settings, as the settings screen shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SettingsDto {
    /// `local` or `dynamodb`.
    pub mode: String,
    pub table: String,
    pub region: Option<String>,
    pub profile: Option<String>,
    pub endpoint: Option<String>,
    /// Dotted keys the machine-wide file sets: shown, not editable.
    pub locked: Vec<String>,
    /// Dotted keys environment variables set, with the variable: `[key, variable]`.
    pub from_env: Vec<(String, String)>,
    pub user_file: String,
    pub machine_file: String,
    /// Whether sign-in codes can be sent (a mail server is set up).
    pub mail_ready: bool,
    /// Why the settings in force could not all be read (a bad user file, say): what is shown
    /// then comes from the files above it, and saving writes a new user file.
    pub problem: Option<String>,
}

impl SettingsDto {
    pub fn of(places: &Places) -> Self {
        let (settings, problem) = match planner_config::load(&places.machine, &places.user) {
            Ok(s) => (Ok(s), None),
            Err(e) => (planner_config::load_above_user(&places.machine), Some(e.to_string())),
        };
        let (settings, problem) = match settings {
            Ok(s) => (s, problem),
            Err(e) => (
                planner_config::resolve(
                    &Default::default(),
                    &Default::default(),
                    &Default::default(),
                    vec![],
                )
                .expect("the defaults resolve"),
                Some(e.to_string()),
            ),
        };
        let c = planner_config::Connection::of(&settings);
        Self {
            mode: c.mode.as_str().into(),
            table: c.table.unwrap_or_default(),
            region: c.region,
            profile: c.profile,
            endpoint: c.endpoint,
            locked: settings.locked.iter().map(|k| (*k).to_owned()).collect(),
            from_env: planner_config::ENV
                .iter()
                .filter(|(_, key)| settings.from_env.contains(key))
                .map(|(var, key)| ((*key).to_owned(), (*var).to_owned()))
                .collect(),
            user_file: places.user.display().to_string(),
            machine_file: places.machine.display().to_string(),
            mail_ready: settings.smtp.is_some(),
            problem,
        }
    }
}

/// The connection the settings screen saves or tests.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SettingsInput {
    /// `local` or `dynamodb`.
    pub mode: String,
    pub table: Option<String>,
    pub region: Option<String>,
    pub profile: Option<String>,
    pub endpoint: Option<String>,
}

impl SettingsInput {
    pub fn connection(&self) -> Result<planner_config::Connection, IpcError> {
        let mode = match self.mode.as_str() {
            "local" => planner_config::Mode::Local,
            "dynamodb" => planner_config::Mode::Dynamodb,
            other => {
                let e =
                    planner_app::AppError::Config(format!("mode: \"{other}\" is neither local nor dynamodb"));
                return Err(e.into());
            }
        };
        Ok(planner_config::Connection {
            mode,
            table: self.table.clone(),
            region: self.region.clone(),
            profile: self.profile.clone(),
            endpoint: self.endpoint.clone(),
        })
    }
}

/// What this computer's local workspace holds, for the offer to move it into a team (and what
/// a move brought in).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LocalPlanDto {
    #[ts(type = "number")]
    pub people: u64,
    #[ts(type = "number")]
    pub projects: u64,
    #[ts(type = "number")]
    pub assignments: u64,
}

/// A stage of moving the local workspace into a team, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum MoveStageDto {
    /// People and projects.
    Rows,
    Assignments,
    /// Emptying this computer's copy.
    Local,
}

/// How far moving the local workspace into a team has come.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MoveProgressDto {
    pub stage: MoveStageDto,
    #[ts(type = "number")]
    pub done: u64,
    #[ts(type = "number")]
    pub total: u64,
}

/// What moving the local workspace did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MoveReportDto {
    /// The people, projects and assignments moved.
    #[serde(flatten)]
    #[ts(flatten)]
    pub moved: LocalPlanDto,
    /// Items an earlier, interrupted run had put already.
    #[ts(type = "number")]
    pub already_there: u64,
    /// Items not brought back because the team deleted them (or their person or project) since
    /// an earlier run put them.
    #[ts(type = "number")]
    pub deleted_in_team: u64,
    /// Holiday calendars not moved (only a team admin adds calendars): they stay on this computer.
    #[ts(type = "number")]
    pub calendars_left_out: u64,
    /// The file the local plan was saved to before it was moved (importable with rp-admin);
    /// none when there was nothing to move.
    pub backup: Option<String>,
}

impl From<LocalPlan> for LocalPlanDto {
    fn from(p: LocalPlan) -> Self {
        Self { people: p.people as u64, projects: p.projects as u64, assignments: p.assignments as u64 }
    }
}

impl From<MoveProgress> for MoveProgressDto {
    fn from(p: MoveProgress) -> Self {
        let stage = match p.stage {
            MoveStage::Rows => MoveStageDto::Rows,
            MoveStage::Assignments => MoveStageDto::Assignments,
            MoveStage::Local => MoveStageDto::Local,
        };
        Self { stage, done: p.done as u64, total: p.total as u64 }
    }
}

impl From<MoveReport> for MoveReportDto {
    fn from(r: MoveReport) -> Self {
        let moved = LocalPlan { people: r.people, projects: r.projects, assignments: r.assignments };
        Self {
            moved: moved.into(),
            already_there: r.already_there as u64,
            deleted_in_team: r.deleted_in_team as u64,
            calendars_left_out: r.calendars_left_out as u64,
            backup: r.backup.map(|b| b.display().to_string()),
        }
    }
}

/// What the window remembers between starts for the open workspace; unset: the window's default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrefsDto {
    #[ts(type = "\"en\" | \"ja\" | null")]
    pub lang: Option<String>,
    /// The locale the user chose for dates (`en-GB`); null: the computer's.
    pub dates: Option<String>,
    #[ts(type = "\"day\" | \"week\" | \"month\" | null")]
    pub zoom: Option<String>,
    /// The first day in view, `YYYY-MM-DD`.
    pub day: Option<String>,
    /// The people filter and the projects panel's search.
    pub people: Option<String>,
    pub projects: Option<String>,
    /// The rows as they were set up: the people filter's conditions, grouping, order, density,
    /// period and folded sections.
    pub rows: Option<planner_domain::RowsView>,
    /// The saved view shown last, unchanged (its id): opened again at start.
    pub view: Option<String>,
}

/// `Prefs` and `PrefsDto` have the same fields: each converts into the other field by field.
macro_rules! same_fields {
    ($a:ty, $b:ty: $($f:ident),*) => {
        impl From<$a> for $b {
            fn from(p: $a) -> Self {
                Self { $($f: p.$f),* }
            }
        }
        impl From<$b> for $a {
            fn from(p: $b) -> Self {
                Self { $($f: p.$f),* }
            }
        }
    };
}
same_fields!(Prefs, PrefsDto: lang, dates, zoom, day, people, projects, rows, view);
