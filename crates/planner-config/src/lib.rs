//! The app's settings, from four layers (highest first):
//!
//! 1. the **machine-wide file** an IT department manages (`/etc/resource-planner/config.toml`,
//!    `%ProgramData%\resource-planner\config.toml`,
//!    `/Library/Application Support/resource-planner/config.toml`): what it sets is *locked*,
//!    shown as such in the settings screen, and nothing below can change it;
//! 2. **environment variables** (`RP_MODE`, `RP_DYNAMODB_TABLE`, …, see [`ENV`]);
//! 3. the **user's file** (the OS config directory), which the settings screen writes;
//! 4. **defaults**: the local workspace.
//!
//! A file that is not valid TOML, has a key we do not know, or a value of the wrong kind is an
//! error that names the file, the line and the key. Secrets (the SMTP password, the sign-in
//! pepper) never print: `Debug` redacts them.

mod save;

pub use save::{Connection, SaveReport, save_connection};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where the team table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// This computer's local workspace (the embedded engine in a file), no sign-in.
    #[default]
    Local,
    /// A team table on DynamoDB, with sign-in.
    Dynamodb,
}

impl Mode {
    /// As written in a settings file.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Local => "local",
            Mode::Dynamodb => "dynamodb",
        }
    }
}

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    Starttls,
    Tls,
    None,
}

/// A sign-in method an organisation may allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SignInMethod {
    /// A one-time code by email (and its link).
    EmailCode,
    /// The AWS identity of the app's credentials (STS `GetCallerIdentity`), linked to a user by
    /// IT (docs/security.md, "Sign-in by AWS identity").
    AwsIdentity,
}

/// A secret setting: kept, used, never printed.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// One layer as written: everything optional, nothing unknown.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Layer {
    pub mode: Option<Mode>,
    #[serde(default)]
    pub dynamodb: DynamoLayer,
    #[serde(default)]
    pub smtp: SmtpLayer,
    #[serde(default)]
    pub signin: SignInLayer,
    #[serde(default)]
    pub updates: UpdatesLayer,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DynamoLayer {
    pub table: Option<String>,
    pub region: Option<String>,
    pub profile: Option<String>,
    pub endpoint: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SmtpLayer {
    pub host: Option<String>,
    pub port: Option<u16>,
    pub tls: Option<SmtpTls>,
    pub from: Option<String>,
    pub username: Option<String>,
    pub password: Option<Secret>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SignInLayer {
    pub methods: Option<Vec<SignInMethod>>,
    pub pepper: Option<Secret>,
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UpdatesLayer {
    pub enabled: Option<bool>,
    pub url: Option<String>,
    pub public_key: Option<String>,
}

/// The settings in force.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub mode: Mode,
    pub dynamodb: Dynamo,
    pub smtp: Option<Smtp>,
    pub signin_methods: Vec<SignInMethod>,
    pub pepper: Option<Secret>,
    pub updates: Updates,
    /// Dotted keys set by the machine-wide file (locked in the settings screen).
    pub locked: BTreeSet<&'static str>,
    /// Dotted keys set by environment variables (they win over the user's file).
    pub from_env: BTreeSet<&'static str>,
    /// Dotted keys set below the machine-wide file that do not count: on a shared table the
    /// mail server and the sign-in settings are IT's alone ([`is_sign_in_key`]).
    pub ignored: BTreeSet<&'static str>,
    /// Files read, highest layer first.
    pub sources: Vec<PathBuf>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Dynamo {
    pub table: String,
    pub region: Option<String>,
    pub profile: Option<String>,
    pub endpoint: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub from: String,
    pub username: Option<String>,
    pub password: Option<Secret>,
}

/// The table name when none is set.
pub const DEFAULT_TABLE: &str = "resource-planner";

/// The environment variables and the key each sets.
pub const ENV: &[(&str, &str)] = &[
    ("RP_MODE", "mode"),
    ("RP_DYNAMODB_TABLE", "dynamodb.table"),
    ("RP_DYNAMODB_REGION", "dynamodb.region"),
    ("RP_AWS_PROFILE", "dynamodb.profile"),
    ("RP_DYNAMODB_ENDPOINT", "dynamodb.endpoint"),
    ("RP_SMTP_HOST", "smtp.host"),
    ("RP_SMTP_PORT", "smtp.port"),
    ("RP_SMTP_TLS", "smtp.tls"),
    ("RP_SMTP_FROM", "smtp.from"),
    ("RP_SMTP_USERNAME", "smtp.username"),
    ("RP_SMTP_PASSWORD", "smtp.password"),
    ("RP_SIGNIN_PEPPER", "signin.pepper"),
    ("RP_UPDATES", "updates.enabled"),
];

/// Every key a layer may set, dotted.
pub const KEYS: &[&str] = &[
    "mode",
    "dynamodb.table",
    "dynamodb.region",
    "dynamodb.profile",
    "dynamodb.endpoint",
    "smtp.host",
    "smtp.port",
    "smtp.tls",
    "smtp.from",
    "smtp.username",
    "smtp.password",
    "signin.methods",
    "signin.pepper",
    "updates.enabled",
    "updates.url",
    "updates.public_key",
];

/// A settings file or variable that cannot be used, said so that IT can fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{file}, line {line}: {message}{}", key.as_ref().map(|k| format!(" (key `{k}`)")).unwrap_or_default())]
    File { file: PathBuf, line: usize, key: Option<String>, message: String },
    #[error("{file}: cannot be read: {message}")]
    Unreadable { file: PathBuf, message: String },
    #[error("environment variable {var}: {message}")]
    Env { var: String, message: String },
    #[error("{message}")]
    Incomplete { message: String },
    /// A value the settings screen was given, refused before anything is written.
    #[error("{key}: {message}")]
    Value { key: &'static str, message: String },
}

/// Parses one file's text.
pub fn parse_layer(file: &Path, text: &str) -> Result<Layer, ConfigError> {
    toml::from_str::<Layer>(text).map_err(|e| {
        let line = e.span().map_or(1, |span| text[..span.start.min(text.len())].lines().count().max(1));
        let line = match e.span() {
            // A span that starts at a line break belongs to the next line.
            Some(span) if text[..span.start.min(text.len())].ends_with('\n') => line + 1,
            _ => line,
        };
        let message = e.message().to_owned();
        let key = key_in(&message).or_else(|| key_at(text, line));
        ConfigError::File { file: file.to_owned(), line, key, message }
    })
}

/// The key a TOML error message names (``unknown field `tabel` ``).
fn key_in(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_owned())
}

/// The key set on `line` (1-based) of `text`, with its table: `dynamodb.table`.
fn key_at(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.starts_with('[') {
            table = l.trim_matches(|c| c == '[' || c == ']').trim().to_owned();
        }
        if i + 1 == line {
            let name = l.split('=').next()?.trim();
            if name.is_empty() || name.starts_with('[') {
                return None;
            }
            return Some(if table.is_empty() { name.to_owned() } else { format!("{table}.{name}") });
        }
    }
    None
}

/// Reads a file layer; a missing file is an empty layer.
pub fn read_layer(file: &Path) -> Result<Option<Layer>, ConfigError> {
    match std::fs::read_to_string(file) {
        Ok(text) => parse_layer(file, &text).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(ConfigError::Unreadable { file: file.to_owned(), message: e.to_string() }),
    }
}

/// The layer of the environment variables in [`ENV`], read through `get`.
pub fn env_layer(get: impl Fn(&str) -> Option<String>) -> Result<Layer, ConfigError> {
    let mut root = toml::Table::new();
    for (var, key) in ENV {
        let Some(value) = get(var).filter(|v| !v.is_empty()) else { continue };
        let bad = |message: String| ConfigError::Env { var: (*var).to_owned(), message };
        let value = match *key {
            "smtp.port" => toml::Value::Integer(
                value.parse::<u16>().map_err(|_| bad(format!("{value:?} is not a port number")))?.into(),
            ),
            "updates.enabled" => toml::Value::Boolean(match value.as_str() {
                "1" | "true" | "on" | "yes" => true,
                "0" | "false" | "off" | "no" => false,
                _ => return Err(bad(format!("{value:?} is not on or off"))),
            }),
            _ => toml::Value::String(value),
        };
        // Each variable alone, so that an error names it.
        let mut one = toml::Table::new();
        match key.split_once('.') {
            Some((table, name)) => {
                one.insert(
                    table.to_owned(),
                    toml::Value::Table(toml::Table::from_iter([(name.to_owned(), value.clone())])),
                );
                root.entry(table.to_owned())
                    .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                    .as_table_mut()
                    .map(|t| t.insert(name.to_owned(), value));
            }
            None => {
                one.insert((*key).to_owned(), value.clone());
                root.insert((*key).to_owned(), value);
            }
        }
        toml::Value::Table(one).try_into::<Layer>().map_err(|e| bad(e.message().to_owned()))?;
    }
    toml::Value::Table(root)
        .try_into::<Layer>()
        .map_err(|e| ConfigError::Env { var: "RP_*".into(), message: e.message().to_owned() })
}

/// Which keys a layer sets, dotted.
pub fn keys_set(layer: &Layer) -> BTreeSet<&'static str> {
    let d = &layer.dynamodb;
    let m = &layer.smtp;
    let set = [
        layer.mode.is_some(),
        d.table.is_some(),
        d.region.is_some(),
        d.profile.is_some(),
        d.endpoint.is_some(),
        m.host.is_some(),
        m.port.is_some(),
        m.tls.is_some(),
        m.from.is_some(),
        m.username.is_some(),
        m.password.is_some(),
        layer.signin.methods.is_some(),
        layer.signin.pepper.is_some(),
        layer.updates.enabled.is_some(),
        layer.updates.url.is_some(),
        layer.updates.public_key.is_some(),
    ];
    KEYS.iter().zip(set).filter(|(_, s)| *s).map(|(k, _)| *k).collect()
}

fn pick<T: Clone>(layers: &[&Layer], get: impl Fn(&Layer) -> Option<T>) -> Option<T> {
    layers.iter().find_map(|l| get(l))
}

/// Resolves the layers (highest first: machine, environment, user). `machine` decides what is
/// locked.
pub fn resolve(
    machine: &Layer,
    env: &Layer,
    user: &Layer,
    sources: Vec<PathBuf>,
) -> Result<Settings, ConfigError> {
    let layers = [machine, env, user];
    let mode = pick(&layers, |l| l.mode).unwrap_or_default();
    // On a shared table, where sign-in codes are mailed and how they are keyed decide who can
    // sign in as whom: those keys count only from the machine-wide file, so that nobody can point
    // the app at their own mail server and receive a colleague's code.
    let shared = mode == Mode::Dynamodb;
    let sign_in_layers: &[&Layer] = if shared { &layers[..1] } else { &layers };
    let below = keys_set(env).union(&keys_set(user)).copied().collect::<BTreeSet<_>>();
    let mut ignored: BTreeSet<&'static str> =
        if shared { below.iter().copied().filter(|k| is_sign_in_key(k)).collect() } else { BTreeSet::new() };
    ignored.extend(below.iter().copied().filter(|k| is_machine_only_key(k)));
    let dynamodb = Dynamo {
        table: pick(&layers, |l| l.dynamodb.table.clone()).unwrap_or_else(|| DEFAULT_TABLE.to_owned()),
        region: pick(&layers, |l| l.dynamodb.region.clone()),
        profile: pick(&layers, |l| l.dynamodb.profile.clone()),
        endpoint: pick(&layers, |l| l.dynamodb.endpoint.clone()),
    };
    let host = pick(sign_in_layers, |l| l.smtp.host.clone());
    let smtp = match host {
        None => None,
        Some(host) => {
            let tls = pick(sign_in_layers, |l| l.smtp.tls).unwrap_or(SmtpTls::Starttls);
            let port = pick(sign_in_layers, |l| l.smtp.port).unwrap_or(match tls {
                SmtpTls::Starttls => 587,
                SmtpTls::Tls => 465,
                SmtpTls::None => 25,
            });
            let from =
                pick(sign_in_layers, |l| l.smtp.from.clone()).ok_or_else(|| ConfigError::Incomplete {
                    message: "smtp.from is missing: sign-in emails need a sender".into(),
                })?;
            Some(Smtp {
                host,
                port,
                tls,
                from,
                username: pick(sign_in_layers, |l| l.smtp.username.clone()),
                password: pick(sign_in_layers, |l| l.smtp.password.clone()),
            })
        }
    };
    let signin_methods =
        pick(sign_in_layers, |l| l.signin.methods.clone()).unwrap_or_else(|| vec![SignInMethod::EmailCode]);
    // The AWS identity is the whole point of its mode: beside email codes, a Session item (which
    // anyone who may write the table can forge) would sign people in as well.
    if signin_methods.contains(&SignInMethod::AwsIdentity) && signin_methods.len() > 1 {
        return Err(ConfigError::Incomplete {
            message: "signin.methods: \"aws-identity\" cannot be combined with other methods".into(),
        });
    }
    Ok(Settings {
        mode,
        dynamodb,
        smtp,
        signin_methods,
        pepper: pick(sign_in_layers, |l| l.signin.pepper.clone()),
        updates: Updates::of(machine, pick(&layers, |l| l.updates.enabled).unwrap_or(true))?,
        locked: keys_set(machine),
        from_env: keys_set(env),
        ignored,
        sources,
    })
}

/// Whether a dotted key is one of the mail server's or the sign-in settings (`smtp.*`,
/// `signin.*`): on a shared table, these count only from the machine-wide file.
pub fn is_sign_in_key(key: &str) -> bool {
    key.starts_with("smtp.") || key.starts_with("signin.")
}

/// Whether a dotted key counts only from the machine-wide file, whatever the mode: where
/// updates come from and the key that proves them (what this computer installs is IT's call).
pub fn is_machine_only_key(key: &str) -> bool {
    matches!(key, "updates.url" | "updates.public_key")
}

/// Where this computer's updates come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Updates {
    /// Whether the app looks for updates (`updates.enabled`; IT's `false` is locked).
    pub enabled: bool,
    /// The update manifest (`latest.json`) IT publishes, and the public key (Tauri's updater
    /// format: minisign, base64) its packages are signed with; none: updates are not set up.
    pub source: Option<UpdateSource>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateSource {
    pub url: String,
    pub public_key: String,
}

impl Updates {
    /// From the machine-wide file's `updates.url` and `updates.public_key` (both, or neither).
    /// The URL is HTTPS; plain HTTP only to this computer itself (a local mirror, the tests).
    fn of(machine: &Layer, enabled: bool) -> Result<Self, ConfigError> {
        let incomplete = |message: &str| ConfigError::Incomplete { message: message.to_owned() };
        let source = match (&machine.updates.url, &machine.updates.public_key) {
            (None, None) => None,
            (Some(_), None) => {
                return Err(incomplete(
                    "updates.public_key is missing: updates are installed only when signed by it",
                ));
            }
            (None, Some(_)) => return Err(incomplete("updates.url is missing: where to look for updates")),
            (Some(url), Some(key)) => {
                let loopback = [
                    "http://127.0.0.1:",
                    "http://127.0.0.1/",
                    "http://localhost:",
                    "http://localhost/",
                    "http://[::1]",
                ];
                if !url.starts_with("https://") && !loopback.iter().any(|l| url.starts_with(l)) {
                    return Err(incomplete("updates.url must start with https://"));
                }
                if key.trim().is_empty() {
                    return Err(incomplete("updates.public_key is empty"));
                }
                Some(UpdateSource { url: url.clone(), public_key: key.trim().to_owned() })
            }
        };
        Ok(Self { enabled, source })
    }
}

/// The machine-wide file of this OS. A debug build (the end-to-end tests' app) reads
/// `RP_MACHINE_CONFIG` instead when it is set, so that each test run has its own; a release
/// build never does, since whoever writes this file decides where sign-in codes are mailed.
pub fn machine_file() -> PathBuf {
    #[cfg(debug_assertions)]
    if let Some(path) = std::env::var_os("RP_MACHINE_CONFIG").filter(|p| !p.is_empty()) {
        return PathBuf::from(path);
    }
    if cfg!(windows) {
        let base = std::env::var_os("ProgramData").unwrap_or_else(|| "C:\\ProgramData".into());
        PathBuf::from(base).join("resource-planner").join("config.toml")
    } else if cfg!(target_os = "macos") {
        PathBuf::from("/Library/Application Support/resource-planner/config.toml")
    } else {
        PathBuf::from("/etc/resource-planner/config.toml")
    }
}

/// The settings of the machine-wide file and the environment alone: what decides when the
/// user's file is unreadable (the settings screen then writes a new one).
pub fn load_above_user(machine: &Path) -> Result<Settings, ConfigError> {
    let m = read_layer(machine)?;
    let e = env_layer(|v| std::env::var(v).ok())?;
    let sources = if m.is_some() { vec![machine.to_owned()] } else { vec![] };
    resolve(&m.unwrap_or_default(), &e, &Layer::default(), sources)
}

/// Loads the settings: `machine` and `user` files (missing ones are empty) and the process
/// environment.
pub fn load(machine: &Path, user: &Path) -> Result<Settings, ConfigError> {
    let m = read_layer(machine)?;
    let u = read_layer(user)?;
    let e = env_layer(|v| std::env::var(v).ok())?;
    let mut sources = Vec::new();
    if m.is_some() {
        sources.push(machine.to_owned());
    }
    if u.is_some() {
        sources.push(user.to_owned());
    }
    resolve(&m.unwrap_or_default(), &e, &u.unwrap_or_default(), sources)
}

#[cfg(test)]
mod tests;
