//! Start-up: the settings (machine-wide file, environment, the user's file) decide what the
//! window opens on — the local workspace, or a team table with sign-in. Whatever goes wrong
//! becomes a [`AppState::broken`] whose reason the window shows (a bad file names its line).

use crate::offline::Copies;
use crate::{AppState, Auth, IpcError};
use planner_auth::{MailConfig, SessionVault, SmtpMailer, TlsMode};
use planner_config::{Connection, Mode, Settings, SmtpTls};
use planner_domain::SystemClock;
use planner_store::{Engine, FileAudit, MemoryAudit, RemoteTable, Store};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn config_error(message: String) -> IpcError {
    IpcError { code: "config", message }
}

/// Where the app keeps and reads its things: the two settings files and its data directory.
#[derive(Debug, Clone)]
pub struct Places {
    /// The machine-wide settings file (IT's; locked).
    pub machine: PathBuf,
    /// The user's settings file (the settings screen writes it).
    pub user: PathBuf,
    /// The local workspace, the audit log, the last team's id.
    pub data: PathBuf,
}

impl Places {
    /// This OS's places for this user.
    pub fn of_os() -> Result<Self, IpcError> {
        let dirs = directories::ProjectDirs::from("", "", "resource-planner").ok_or_else(|| {
            config_error("the operating system reports no home directory for this user".into())
        })?;
        Ok(Self {
            machine: planner_config::machine_file(),
            user: dirs.config_dir().join("config.toml"),
            data: dirs.data_dir().to_owned(),
        })
    }

    /// Where the app's log goes: `~/Library/Logs/resource-planner` on macOS, else `logs` in
    /// the data directory (`~/.local/share/resource-planner/logs`, `%APPDATA%\…\logs`).
    pub fn logs(&self) -> PathBuf {
        if cfg!(target_os = "macos")
            && let Some(home) = directories::BaseDirs::new().map(|b| b.home_dir().to_owned())
        {
            return home.join("Library").join("Logs").join("resource-planner");
        }
        self.data.join("logs")
    }

    /// The settings in force, and whether the user's file is what stops them from loading:
    /// then those above it decide (saving from the settings screen sets that file aside and
    /// writes a new one).
    pub fn in_force(&self) -> Result<(Settings, bool), IpcError> {
        match planner_config::load(&self.machine, &self.user) {
            Ok(s) => Ok((s, false)),
            Err(_) => planner_config::load_above_user(&self.machine)
                .map(|s| (s, true))
                .map_err(|e| config_error(e.to_string())),
        }
    }
}

/// Opens what the settings say, or the reason it could not be opened.
pub async fn open(places: &Result<Places, IpcError>) -> AppState {
    match places {
        Ok(places) => open_with(places).await,
        Err(e) => AppState::broken(e.clone()),
    }
}

/// Opens what the settings in `places` say.
pub async fn open_with(places: &Places) -> AppState {
    let settings = match planner_config::load(&places.machine, &places.user) {
        Ok(s) => s,
        Err(e) => return AppState::broken(config_error(e.to_string())),
    };
    let opened = match settings.mode {
        Mode::Local => AppState::open_local(&places.data).await,
        Mode::Dynamodb => open_team(&settings, &places.data).await,
    };
    opened.unwrap_or_else(AppState::broken)
}

/// The engine of a team table's connection settings.
fn team_engine(d: &planner_config::Dynamo) -> Engine {
    Engine::DynamoDb(RemoteTable {
        table: d.table.clone(),
        region: d.region.clone(),
        profile: d.profile.clone(),
        endpoint: d.endpoint.clone(),
        test_credentials: false,
    })
}

/// One read on the table `c` names, without saving or opening anything.
pub async fn test_connection(c: &Connection) -> Result<(), IpcError> {
    let c = c.clone().trimmed();
    c.validate().map_err(|e| config_error(e.to_string()))?;
    let d = planner_config::Dynamo {
        table: c.table.unwrap_or_else(|| planner_config::DEFAULT_TABLE.to_owned()),
        region: c.region,
        profile: c.profile,
        endpoint: c.endpoint,
    };
    let conn = planner_store::connect(&team_engine(&d), None).await?;
    let store = Store::new(conn, Arc::new(SystemClock), Arc::new(MemoryAudit::default()));
    Ok(store.probe().await?)
}

async fn open_team(s: &Settings, data: &Path) -> Result<AppState, IpcError> {
    let d = &s.dynamodb;
    let conn = planner_store::connect(&team_engine(d), None).await?;
    let audit = Arc::new(FileAudit::new(data.join("audit.log")));
    let pepper = s.pepper.as_ref().map(|p| p.expose().as_bytes().to_vec()).unwrap_or_default();
    let store = Store::new(conn, Arc::new(SystemClock), audit).with_token_pepper(pepper);
    let mailer = match &s.smtp {
        None => None,
        Some(m) => Some(
            SmtpMailer::new(&MailConfig {
                host: m.host.clone(),
                port: m.port,
                tls: match m.tls {
                    SmtpTls::Starttls => TlsMode::Starttls,
                    SmtpTls::Tls => TlsMode::Tls,
                    SmtpTls::None => TlsMode::None,
                },
                from: m.from.clone(),
                username: m.username.clone(),
                password: m.password.as_ref().map(|p| planner_store::Sensitive::new(p.expose().to_owned())),
            })
            .map_err(|e| config_error(e.to_string()))?,
        ),
    };
    // One keyring entry per table (and endpoint or region): two tables, two sessions.
    let place = d.endpoint.as_deref().or(d.region.as_deref()).unwrap_or("aws");
    let profile = format!("{}@{place}", d.table);
    let vault = Arc::new(SessionVault::new(&profile));
    let local_dir = data.join("tables").join(sanitize(&profile));
    // The offline copies' key: a keyring entry of its own beside the session token's.
    let copies = Some(Copies::new(&local_dir, Arc::new(SessionVault::cache_key(&profile))));
    let auth = Auth { mailer, vault, local_dir: Some(local_dir), copies };
    AppState::open_team(store, auth, Arc::new(SystemClock)).await
}

/// A file-name-safe form of a table's place.
fn sanitize(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '.' { c } else { '_' }).collect()
}
