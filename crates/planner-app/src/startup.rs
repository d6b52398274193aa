//! Start-up: the settings (machine-wide file, environment, the user's file) decide what the
//! window opens on — the local workspace, or a team table with sign-in. Whatever goes wrong
//! becomes an [`App::broken`] whose reason the window shows (a bad file names its line).

use crate::offline::Copies;
use crate::places::Places;
use crate::{App, AppError, Auth};
use planner_auth::{MailConfig, SessionVault, SmtpMailer, TlsMode};
use planner_config::{Connection, Mode, Settings, SmtpTls};
use planner_domain::SystemClock;
use planner_store::{Engine, FileAudit, MemoryAudit, RemoteTable, Store};
use std::sync::Arc;

/// Opens what the settings say, or the reason it could not be opened.
pub async fn open(places: &Result<Places, AppError>) -> App {
    match places {
        Ok(places) => open_with(places).await,
        Err(e) => App::broken(e.clone()),
    }
}

/// Opens what the settings in `places` say.
pub async fn open_with(places: &Places) -> App {
    let settings = match planner_config::load(&places.machine, &places.user) {
        Ok(s) => s,
        Err(e) => return App::broken(AppError::config(e.to_string())),
    };
    let opened = match settings.mode {
        Mode::Local => App::open_local(&places.data).await,
        Mode::Dynamodb => open_team(&settings, places).await,
    };
    opened.unwrap_or_else(App::broken)
}

/// Saves the connection into the user's settings file and opens what it names at once.
pub async fn save_and_open(app: &App, places: &Places, connection: Connection) -> Result<(), AppError> {
    let (in_force, user_file_at_fault) = places.in_force()?;
    planner_config::save_connection(&places.user, &in_force, connection, user_file_at_fault)
        .map_err(|e| AppError::config(e.to_string()))?;
    app.replace_with(open_with(places).await).await;
    tracing::info!("settings saved; opened {}", app.session().await.mode());
    Ok(())
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
pub async fn test_connection(c: &Connection) -> Result<(), AppError> {
    let c = c.clone().trimmed();
    c.validate().map_err(|e| AppError::config(e.to_string()))?;
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

fn mailer(m: &planner_config::Smtp) -> Result<SmtpMailer, AppError> {
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
    .map_err(|e| AppError::config(e.to_string()))
}

async fn open_team(s: &Settings, places: &Places) -> Result<App, AppError> {
    let d = &s.dynamodb;
    let conn = planner_store::connect(&team_engine(d), None).await?;
    let audit = Arc::new(FileAudit::new(places.audit_log()));
    let pepper = s.pepper.as_ref().map(|p| p.expose().as_bytes().to_vec()).unwrap_or_default();
    let store = Store::new(conn, Arc::new(SystemClock), audit).with_token_pepper(pepper);
    let mailer = s.smtp.as_ref().map(mailer).transpose()?;
    // One keyring entry per table (and endpoint or region): two tables, two sessions.
    let place = d.endpoint.as_deref().or(d.region.as_deref()).unwrap_or("aws");
    let profile = format!("{}@{place}", d.table);
    let vault = Arc::new(SessionVault::new(&profile));
    let local_dir = places.table_dir(&profile);
    // The offline copies' key: a keyring entry of its own beside the session token's.
    let copies = Some(Copies::new(local_dir.path(), Arc::new(SessionVault::cache_key(&profile))));
    let auth = Auth { mailer, vault, local_dir: Some(local_dir.0), copies };
    App::open_team(store, auth, Arc::new(SystemClock)).await
}
