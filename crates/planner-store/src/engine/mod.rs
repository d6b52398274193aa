//! Engines: where the table lives. Real DynamoDB through `aws-config`'s default chain, or the
//! embedded engine in-process. Both hand back the same `aws_sdk_dynamodb::Client`; nothing above
//! this module knows which one it talks to.

mod embedded;
pub mod hooks;
mod schema;
pub mod table_time;

pub use embedded::EmbeddedClient;
pub use schema::{Protection, TableStatus, ensure_table, ensure_table_with};

use crate::StoreError;
use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::{Credentials, Region};
use aws_smithy_runtime_api::client::http::SharedHttpClient;
use hooks::{HookedClient, Hooks};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The table name of local workspaces and the default for DynamoDB.
pub const DEFAULT_TABLE: &str = "resource-planner";

/// Where the team table is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Engine {
    /// The embedded engine on a file: a local workspace.
    LocalFile(PathBuf),
    /// The embedded engine in memory: tests and throw-away runs.
    Memory,
    /// A DynamoDB table (AWS, or any endpoint that speaks its protocol).
    DynamoDb(RemoteTable),
}

/// A DynamoDB table and how to reach it. Credentials come from the default chain (environment,
/// shared profiles, IAM Identity Center SSO, credential_process, instance roles); region and
/// endpoint too unless given here (`AWS_REGION`, `AWS_ENDPOINT_URL_DYNAMODB`, …).
#[derive(Clone, PartialEq, Eq, Default)]
pub struct RemoteTable {
    pub table: String,
    pub region: Option<String>,
    pub profile: Option<String>,
    pub endpoint: Option<String>,
    /// Fixed credentials for a local test endpoint that needs none; never for AWS.
    pub test_credentials: bool,
}

impl std::fmt::Debug for RemoteTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RemoteTable")
            .field("table", &self.table)
            .field("region", &self.region)
            .field("profile", &self.profile)
            .field("endpoint", &self.endpoint)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// The local workspace file in the OS data directory
    /// (e.g. `~/.local/share/resource-planner/workspace.db` on Linux).
    pub fn default_local_workspace() -> Result<Engine, StoreError> {
        let dirs =
            directories::ProjectDirs::from("", "", "resource-planner").ok_or_else(|| StoreError::Engine {
                message: "the operating system reports no home directory for this user".into(),
            })?;
        Ok(Engine::LocalFile(dirs.data_dir().join("workspace.db")))
    }

    pub fn is_embedded(&self) -> bool {
        !matches!(self, Engine::DynamoDb(_))
    }
}

/// A client bound to one table.
#[derive(Clone, Debug)]
pub struct Connection {
    pub client: aws_sdk_dynamodb::Client,
    pub table: String,
    /// Whether this is the embedded engine (file or memory), which may hold a local workspace.
    pub(crate) embedded: bool,
    pub(crate) local_file: Option<PathBuf>,
    /// STS with the same credentials and region (a DynamoDB table only; its own endpoint, not
    /// the table's): who the credentials belong to, for sign-in by AWS identity.
    pub(crate) sts: Option<aws_sdk_sts::Client>,
    /// The table's time, from the `Date` of its answers (a DynamoDB table; the embedded engine
    /// says none): what a store that keeps to it reads as "now" (`table_time.rs`).
    pub table_time: Arc<table_time::TableTime>,
}

impl Connection {
    /// The local workspace file, when this is one.
    pub fn local_file(&self) -> Option<&Path> {
        self.local_file.as_deref()
    }
}

/// Opens the engine. With `hooks`, every request passes through them (tests, benchmarks).
/// The embedded engine creates its table on first use; a DynamoDB table must exist
/// (`rp-admin create-table`).
pub async fn connect(engine: &Engine, hooks: Option<Arc<dyn Hooks>>) -> Result<Connection, StoreError> {
    let wrap = |client: SharedHttpClient| match &hooks {
        Some(h) => SharedHttpClient::new(HookedClient::new(client, h.clone())),
        None => client,
    };
    match engine {
        Engine::LocalFile(path) => {
            let db = open_file(path)?;
            let conn = embedded_connection(db, wrap, Some(path.clone()));
            ensure_table(&conn.client, &conn.table).await?;
            Ok(conn)
        }
        Engine::Memory => {
            let db = dynoxide::Database::memory().map_err(|e| StoreError::Engine {
                message: format!("cannot start the embedded engine: {e}"),
            })?;
            let conn = embedded_connection(db, wrap, None);
            ensure_table(&conn.client, &conn.table).await?;
            Ok(conn)
        }
        Engine::DynamoDb(remote) => {
            let mut loader = aws_config::defaults(BehaviorVersion::latest());
            if let Some(profile) = &remote.profile {
                loader = loader.profile_name(profile);
            }
            if let Some(region) = &remote.region {
                loader = loader.region(Region::new(region.clone()));
            }
            if remote.test_credentials {
                loader = loader.credentials_provider(Credentials::new(
                    "test",
                    "test",
                    None,
                    None,
                    "test-endpoint",
                ));
                if remote.region.is_none() {
                    loader = loader.region(Region::new("us-east-1"));
                }
            }
            let sdk = loader.load().await;
            if sdk.region().is_none() {
                return Err(StoreError::Config {
                    message: "no AWS region is set: give one in the settings or set AWS_REGION".into(),
                });
            }
            let mut config = aws_sdk_dynamodb::config::Builder::from(&sdk).timeout_config(timeouts());
            // The table's endpoint is DynamoDB's alone (a VPC endpoint, a local server): STS,
            // asked who the credentials are, keeps its own (AWS's, or AWS_ENDPOINT_URL_STS).
            if let Some(endpoint) = &remote.endpoint {
                config = config.endpoint_url(endpoint);
            }
            if hooks.is_some() {
                // The SDK picks its default client late; to wrap it, build it here the same way.
                config = config.http_client(wrap(sdk.http_client().unwrap_or_else(default_https_client)));
            }
            let table_time = Arc::new(table_time::TableTime::default());
            config = config.interceptor(table_time::DateOfAnswers(table_time.clone()));
            let sts = aws_sdk_sts::config::Builder::from(&sdk).timeout_config(timeouts()).build();
            Ok(Connection {
                client: aws_sdk_dynamodb::Client::from_conf(config.build()),
                table: remote.table.clone(),
                embedded: false,
                local_file: None,
                sts: Some(aws_sdk_sts::Client::from_conf(sts)),
                table_time,
            })
        }
    }
}

/// Without these a request to a table that stops answering (a VPN gone, a captive portal, a
/// proxy that accepts and then stalls) would wait for ever; with them it fails within seconds
/// and the app goes offline. Each attempt gets 8 s (a page of a query is at most 1 MB), the
/// whole call with its retries 20 s.
fn timeouts() -> aws_smithy_types::timeout::TimeoutConfig {
    use std::time::Duration;
    aws_smithy_types::timeout::TimeoutConfig::builder()
        .connect_timeout(Duration::from_secs(3))
        .operation_attempt_timeout(Duration::from_secs(8))
        .operation_timeout(Duration::from_secs(20))
        .build()
}

/// The SDK's default HTTPS client: hyper 1 with rustls on aws-lc, proxy settings from the
/// environment (`HTTPS_PROXY`, `NO_PROXY`), as `aws-smithy-runtime` builds it.
fn default_https_client() -> SharedHttpClient {
    use aws_smithy_http_client::{Builder, ConnectorBuilder, proxy::ProxyConfig, tls};
    Builder::new().build_with_connector_fn(|settings, components| {
        let mut connector = ConnectorBuilder::default()
            .tls_provider(tls::Provider::Rustls(tls::rustls_provider::CryptoMode::AwsLc));
        connector.set_connector_settings(settings.cloned());
        if let Some(components) = components {
            connector.set_sleep_impl(components.sleep_impl());
        }
        connector.set_proxy_config(Some(ProxyConfig::from_env()));
        connector.build()
    })
}

fn open_file(path: &Path) -> Result<dynoxide::Database, StoreError> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Engine {
            message: format!("cannot create the folder {}: {e}", dir.display()),
        })?;
    }
    let text = path.to_str().ok_or_else(|| StoreError::Engine {
        message: format!("the workspace path {} is not valid UTF-8", path.display()),
    })?;
    // Readable by the user only (an empty file is a new SQLite database; its journal files
    // take its mode).
    crate::private::ensure(path).map_err(|e| StoreError::Engine {
        message: format!("cannot create the local workspace {}: {e}", path.display()),
    })?;
    dynoxide::Database::new(text).map_err(|e| StoreError::Engine {
        message: format!("cannot open the local workspace {}: {e}", path.display()),
    })
}

fn embedded_connection(
    db: dynoxide::Database,
    wrap: impl Fn(SharedHttpClient) -> SharedHttpClient,
    local_file: Option<PathBuf>,
) -> Connection {
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("local"))
        .credentials_provider(Credentials::new("local", "local", None, None, "embedded"))
        .http_client(wrap(SharedHttpClient::new(EmbeddedClient::new(db))))
        .build();
    Connection {
        client: aws_sdk_dynamodb::Client::from_conf(config),
        table: DEFAULT_TABLE.to_owned(),
        embedded: true,
        local_file,
        sts: None,
        table_time: Arc::default(),
    }
}
