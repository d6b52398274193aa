//! Start-up: the settings (machine-wide file, environment, the user's file) decide what the
//! window opens on — the local workspace, or a team table with sign-in. Whatever goes wrong
//! becomes a [`AppState::broken`] whose reason the window shows (a bad file names its line).

use crate::{AppState, Auth, IpcError};
use planner_auth::{MailConfig, SessionVault, SmtpMailer, TlsMode};
use planner_config::{Mode, Settings, SmtpTls};
use planner_domain::SystemClock;
use planner_store::{Engine, FileAudit, RemoteTable, Store};
use std::path::Path;
use std::sync::Arc;

fn config_error(message: String) -> IpcError {
    IpcError { code: "config", message }
}

/// Opens what the settings say, or the reason it could not be opened.
pub async fn open() -> AppState {
    let Some(dirs) = directories::ProjectDirs::from("", "", "resource-planner") else {
        return AppState::broken(config_error(
            "the operating system reports no home directory for this user".into(),
        ));
    };
    open_with(&planner_config::machine_file(), &dirs.config_dir().join("config.toml"), &dirs).await
}

/// [`open`] with the two settings files given.
pub async fn open_with(machine: &Path, user: &Path, dirs: &directories::ProjectDirs) -> AppState {
    let settings = match planner_config::load(machine, user) {
        Ok(s) => s,
        Err(e) => return AppState::broken(config_error(e.to_string())),
    };
    let opened = match settings.mode {
        Mode::Local => AppState::open_local().await,
        Mode::Dynamodb => open_team(&settings, dirs).await,
    };
    opened.unwrap_or_else(AppState::broken)
}

async fn open_team(s: &Settings, dirs: &directories::ProjectDirs) -> Result<AppState, IpcError> {
    let d = &s.dynamodb;
    let engine = Engine::DynamoDb(RemoteTable {
        table: d.table.clone(),
        region: d.region.clone(),
        profile: d.profile.clone(),
        endpoint: d.endpoint.clone(),
        test_credentials: false,
    });
    let conn = planner_store::connect(&engine, None).await?;
    let audit = Arc::new(FileAudit::new(dirs.data_dir().join("audit.log")));
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
    let vault = Arc::new(SessionVault::new(&format!("{}@{place}", d.table)));
    let last_team =
        Some(dirs.data_dir().join(format!("last-team-{}.txt", sanitize(&format!("{}@{place}", d.table)))));
    AppState::open_team(store, Auth { mailer, vault, last_team }, Arc::new(SystemClock)).await
}

/// A file-name-safe form of a table's place.
fn sanitize(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '.' { c } else { '_' }).collect()
}
