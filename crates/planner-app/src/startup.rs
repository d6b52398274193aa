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

/// The name of a table's place, for its keyring entries and its folder: the table, and what
/// tells two tables of that name apart — the endpoint, else the region (as the SDK resolved it,
/// not only as set), and the AWS profile (without them, a table of the same name in another
/// account, or in the region the environment named, had shared a session and offline copies). The
/// places named by an endpoint or a region set keep the keyring names they had: `table@endpoint`,
/// `table@region`; `table@aws` only when no region is known at all.
pub fn table_place(d: &planner_config::Dynamo, resolved_region: Option<&str>) -> String {
    // An endpoint names its place by itself (a DynamoDB-compatible server, or a regional URL).
    let region = d.region.as_deref().or(resolved_region).unwrap_or("aws");
    let mut place = format!("{}@{}", d.table, d.endpoint.as_deref().unwrap_or(region));
    if let Some(profile) = &d.profile {
        place.push_str(&format!("#profile={profile}"));
    }
    place
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
    if !s.ignored.is_empty() {
        tracing::warn!(
            "ignored {:?}: on a shared table the mail server and sign-in settings come from the machine-wide file only",
            s.ignored
        );
    }
    let conn = planner_store::connect(&team_engine(d), None).await?;
    // One keyring entry and one folder per table place: two places, two sessions and copies. The
    // region is the one the SDK resolved (settings, environment or the AWS profile).
    let profile = table_place(d, conn.client.config().region().map(|r| r.as_ref()));
    let audit = Arc::new(FileAudit::new(places.audit_log()));
    let pepper = s.pepper.as_ref().map(|p| p.expose().as_bytes().to_vec()).unwrap_or_default();
    // Codes, sessions and the hourly limit by the table's time, not this computer's calendar
    // clock, which may be wrong (planner_store::engine::table_time).
    let store = Store::new(conn, Arc::new(SystemClock), audit).with_token_pepper(pepper).with_table_time();
    let mailer = s.smtp.as_ref().map(mailer).transpose()?;
    let vault = Arc::new(SessionVault::new(&profile));
    let local_dir = places.table_dir(&profile);
    // The offline copies' key: a keyring entry of its own beside the session token's.
    let copies = Some(Copies::new(local_dir.path(), Arc::new(SessionVault::cache_key(&profile))));
    // Sign-in by AWS identity where IT chose it: then nobody types a code and no token is kept; STS
    // says who the credentials belong to each time.
    let aws_identity = s.signin_methods.contains(&planner_config::SignInMethod::AwsIdentity);
    let auth = Auth { aws_identity, mailer, vault, local_dir: Some(local_dir.0), copies };
    App::open_team(store, auth, Arc::new(SystemClock)).await
}

#[cfg(test)]
mod place_tests {
    use super::*;

    fn dynamo(region: Option<&str>, profile: Option<&str>, endpoint: Option<&str>) -> planner_config::Dynamo {
        planner_config::Dynamo {
            table: "plans".into(),
            region: region.map(Into::into),
            profile: profile.map(Into::into),
            endpoint: endpoint.map(Into::into),
        }
    }

    #[test]
    fn two_places_of_one_table_name_never_share_a_name() {
        let places = [
            table_place(&dynamo(Some("eu-west-1"), None, None), None),
            table_place(&dynamo(Some("us-east-1"), None, None), None),
            // The region from the environment or the AWS profile, as the SDK resolved it.
            table_place(&dynamo(None, None, None), Some("ap-northeast-1")),
            table_place(&dynamo(None, None, None), None),
            table_place(&dynamo(Some("eu-west-1"), Some("acme-prod"), None), None),
            table_place(&dynamo(Some("eu-west-1"), Some("acme-test"), None), None),
            table_place(&dynamo(Some("eu-west-1"), None, Some("http://127.0.0.1:8000")), None),
            table_place(&dynamo(Some("eu-west-1"), None, Some("http://127.0.0.1:8001")), None),
            table_place(&dynamo(Some("eu-west-1"), Some("acme-prod"), Some("http://127.0.0.1:8000")), None),
        ];
        let distinct: std::collections::HashSet<_> = places.iter().collect();
        assert_eq!(distinct.len(), places.len(), "{places:#?}");
        let folders: std::collections::HashSet<_> =
            places.iter().map(|p| crate::places::folder_name(p)).collect();
        assert_eq!(folders.len(), places.len(), "{folders:#?}");
        // The common places keep their keyring names: their sessions are found after an update
        // (their folder's name changes once; the offline copies are read again from the table).
        assert_eq!(places[0], "plans@eu-west-1");
        assert_eq!(places[6], "plans@http://127.0.0.1:8000");
        assert_eq!(places[8], "plans@http://127.0.0.1:8000#profile=acme-prod");
    }
}
