//! What the settings screen writes: the connection (mode, table, region, profile, endpoint) into
//! the user's file. Values are checked first and name their key when refused; a key the
//! machine-wide file locks, or an environment variable sets, cannot be changed here (it would
//! not take effect) and says who sets it. The file keeps its comments and other keys; it is
//! replaced whole (a temporary file renamed over it), so a crash leaves the old or the new one.
//! A user file that cannot be read as settings is kept beside the new one, never thrown away.

use crate::{ConfigError, ENV, Mode, Settings, parse_layer};
use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, Item, Table, value};

/// The connection as the settings screen edits it. Empty values are "not set".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Connection {
    pub mode: Mode,
    pub table: Option<String>,
    pub region: Option<String>,
    pub profile: Option<String>,
    pub endpoint: Option<String>,
}

/// What [`save_connection`] did besides writing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SaveReport {
    /// Where an unreadable user file was moved before the new one was written.
    pub set_aside: Option<PathBuf>,
}

impl Connection {
    /// The connection in force.
    pub fn of(settings: &Settings) -> Self {
        let d = &settings.dynamodb;
        Self {
            mode: settings.mode,
            table: Some(d.table.clone()),
            region: d.region.clone(),
            profile: d.profile.clone(),
            endpoint: d.endpoint.clone(),
        }
    }

    /// Trims every value; an empty one becomes "not set".
    pub fn trimmed(self) -> Self {
        let t = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        Self {
            mode: self.mode,
            table: t(self.table),
            region: t(self.region),
            profile: t(self.profile),
            endpoint: t(self.endpoint),
        }
    }

    /// Checks each value as DynamoDB and the AWS SDK will need it.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let bad = |key, message: &str| Err(ConfigError::Value { key, message: message.into() });
        if let Some(table) = &self.table {
            let ok_chars = table.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c));
            if !(3..=255).contains(&table.len()) || !ok_chars {
                return bad(
                    "dynamodb.table",
                    "a table name has 3 to 255 characters: letters, digits, '_', '-' and '.'",
                );
            }
        }
        if let Some(region) = &self.region {
            let ok = region.len() <= 32
                && region.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && region.starts_with(|c: char| c.is_ascii_lowercase());
            if !ok {
                return bad(
                    "dynamodb.region",
                    "a region looks like eu-central-1 (lower-case letters, digits, '-')",
                );
            }
        }
        if let Some(profile) = &self.profile
            && (profile.len() > 128
                || profile.chars().any(|c| c.is_control() || c.is_whitespace() || "[]".contains(c)))
        {
            return bad("dynamodb.profile", "a profile name has no spaces or brackets (see ~/.aws/config)");
        }
        if let Some(endpoint) = &self.endpoint {
            let rest = endpoint.strip_prefix("https://").or_else(|| endpoint.strip_prefix("http://"));
            let host = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or_default());
            let ok = matches!(host, Some(h) if !h.is_empty() && !h.starts_with(':'))
                && !endpoint.chars().any(|c| c.is_whitespace() || c.is_control());
            if !ok {
                return bad(
                    "dynamodb.endpoint",
                    "an endpoint is an address like https://dynamodb.eu-central-1.amazonaws.com",
                );
            }
        }
        Ok(())
    }

    fn values(&self) -> [(&'static str, Option<String>); 5] {
        [
            ("mode", Some(self.mode.as_str().to_owned())),
            ("dynamodb.table", self.table.clone()),
            ("dynamodb.region", self.region.clone()),
            ("dynamodb.profile", self.profile.clone()),
            ("dynamodb.endpoint", self.endpoint.clone()),
        ]
    }
}

/// Writes `wanted` into the user's file `user`, given the settings in force (which say what is
/// locked or set by the environment). Nothing is written when a value is refused. For the local
/// workspace only `mode` is written: the file's DynamoDB keys stay for the next switch. With
/// `set_aside`, the user's file is known to be what stops the settings from loading (the caller
/// checked with the layers above it): it is kept beside a new one, as an unreadable file is.
pub fn save_connection(
    user: &Path,
    in_force: &Settings,
    wanted: Connection,
    set_aside: bool,
) -> Result<SaveReport, ConfigError> {
    let wanted = wanted.trimmed();
    let local = wanted.mode == Mode::Local;
    if !local {
        wanted.validate()?;
    }
    let now = Connection::of(in_force).values();
    let unwritable = |file: &Path, e: std::io::Error| ConfigError::Unreadable {
        file: file.to_owned(),
        message: format!("cannot be written: {e}"),
    };

    let text = match std::fs::read_to_string(user) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(ConfigError::Unreadable { file: user.to_owned(), message: e.to_string() }),
    };
    // A file that is not valid settings is set aside (kept), and a new one started.
    let mut report = SaveReport::default();
    let (mut doc, fresh) = match text.as_deref().map(|t| (parse_layer(user, t), t.parse::<DocumentMut>())) {
        None => (DocumentMut::new(), false),
        Some((Ok(_), Ok(doc))) if !set_aside => (doc, false),
        Some(_) => (DocumentMut::new(), true),
    };

    for ((key, value), (_, current)) in wanted.values().into_iter().zip(now) {
        if local && key.starts_with("dynamodb.") {
            continue;
        }
        let who = if in_force.locked.contains(key) {
            Some("your IT department's machine-wide settings file".to_owned())
        } else if in_force.from_env.contains(key) {
            ENV.iter().find(|(_, k)| *k == key).map(|(var, _)| format!("the environment variable {var}"))
        } else {
            None
        };
        // A key set above the user's file: refused if changed, else left out of the file.
        if let Some(who) = who {
            let same = value == current || (key == "dynamodb.table" && value.is_none());
            if !same {
                return Err(ConfigError::Value {
                    key,
                    message: format!("is set by {who} and cannot be changed here"),
                });
            }
            continue;
        }
        set(&mut doc, key, value);
    }

    let new_text = doc.to_string();
    // What is written must load: checked before it replaces anything.
    parse_layer(user, &new_text)?;
    if let Some(dir) = user.parent() {
        std::fs::create_dir_all(dir).map_err(|e| unwritable(dir, e))?;
    }
    if fresh {
        let aside = user.with_extension(format!("toml.unreadable-{}", unix_now()));
        std::fs::rename(user, &aside).map_err(|e| unwritable(user, e))?;
        report.set_aside = Some(aside);
    }
    let temp = user.with_extension("toml.saving");
    std::fs::write(&temp, new_text).map_err(|e| unwritable(&temp, e))?;
    std::fs::rename(&temp, user).map_err(|e| unwritable(user, e))?;
    Ok(report)
}

/// Sets (or removes, for `None`) a dotted key of at most two parts.
fn set(doc: &mut DocumentMut, key: &str, v: Option<String>) {
    match key.split_once('.') {
        None => match v {
            Some(v) => doc[key] = value(v),
            None => {
                doc.remove(key);
            }
        },
        Some((table, name)) => {
            if v.is_none() && !doc.contains_table(table) {
                return;
            }
            let entry = doc.entry(table).or_insert_with(|| Item::Table(Table::new()));
            if let Some(t) = entry.as_table_mut() {
                match v {
                    Some(v) => t[name] = value(v),
                    None => {
                        t.remove(name);
                    }
                }
            }
        }
    }
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Layer, env_layer, resolve};

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "rp-config-{}-{}",
            std::process::id(),
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn team(table: &str) -> Connection {
        Connection {
            mode: Mode::Dynamodb,
            table: Some(table.into()),
            region: Some("eu-central-1".into()),
            profile: Some("planner".into()),
            endpoint: None,
        }
    }

    fn in_force(machine: &str, env: &[(&str, &str)], user: &Path) -> Settings {
        let m = parse_layer(Path::new("/machine.toml"), machine).unwrap();
        let e = env_layer(|v| env.iter().find(|(k, _)| *k == v).map(|(_, x)| (*x).to_owned())).unwrap();
        let u = crate::read_layer(user).unwrap().unwrap_or_default();
        resolve(&m, &e, &u, vec![]).unwrap()
    }

    #[test]
    fn saves_keeping_comments_and_other_keys_and_the_result_loads() {
        let d = dir();
        let user = d.join("config.toml");
        std::fs::write(&user, "# mine\n[smtp]\nhost = \"mail.example.com\"\nfrom = \"p@example.com\"\n")
            .unwrap();
        let report = save_connection(&user, &in_force("", &[], &user), team("plans"), false).unwrap();
        assert_eq!(report.set_aside, None);
        let text = std::fs::read_to_string(&user).unwrap();
        assert!(text.contains("# mine\n[smtp]\nhost = \"mail.example.com\""), "{text}");
        let s = in_force("", &[], &user);
        assert_eq!((s.mode, s.dynamodb.table.as_str()), (Mode::Dynamodb, "plans"));
        assert_eq!(s.dynamodb.profile.as_deref(), Some("planner"));

        // A profile cleared: the key leaves the file.
        let cleared = Connection { profile: Some("  ".into()), ..team("plans") };
        save_connection(&user, &s, cleared, false).unwrap();
        assert_eq!(in_force("", &[], &user).dynamodb.profile, None);

        // Back to the local workspace: even a bad half-typed table name does not stop it, and the
        // table's keys stay in the file for the next switch.
        let back = Connection { mode: Mode::Local, table: Some("x y".into()), ..Connection::default() };
        save_connection(&user, &s, back, false).unwrap();
        let s = in_force("", &[], &user);
        assert_eq!((s.mode, s.dynamodb.table.as_str()), (Mode::Local, "plans"));
        assert!(!d.join("config.toml.saving").exists());
    }

    #[test]
    fn bad_values_name_their_key_and_write_nothing() {
        let d = dir();
        let user = d.join("config.toml");
        let s = in_force("", &[], &user);
        for (wanted, key) in [
            (team("x"), "dynamodb.table"),
            (team("with space"), "dynamodb.table"),
            (Connection { region: Some("EU Central".into()), ..team("plans") }, "dynamodb.region"),
            (Connection { profile: Some("my profile".into()), ..team("plans") }, "dynamodb.profile"),
            (Connection { endpoint: Some("localhost:8000".into()), ..team("plans") }, "dynamodb.endpoint"),
            (Connection { endpoint: Some("http://".into()), ..team("plans") }, "dynamodb.endpoint"),
        ] {
            let e = save_connection(&user, &s, wanted.clone(), false).unwrap_err();
            assert!(matches!(&e, ConfigError::Value { key: k, .. } if *k == key), "{wanted:?}: {e:?}");
            assert!(e.to_string().starts_with(key), "{e}");
        }
        assert!(!user.exists(), "nothing was written");
        let fine = Connection { endpoint: Some("http://localhost:8000".into()), ..team("plans") };
        save_connection(&user, &s, fine, false).unwrap();
    }

    #[test]
    fn locked_and_environment_keys_cannot_change_but_others_can() {
        let d = dir();
        let user = d.join("config.toml");
        let s = in_force(
            "mode = \"dynamodb\"\n[dynamodb]\ntable = \"corp\"\n",
            &[("RP_DYNAMODB_REGION", "eu-west-1")],
            &user,
        );
        let e = save_connection(
            &user,
            &s,
            Connection { region: Some("eu-west-1".into()), ..team("other") },
            false,
        )
        .unwrap_err();
        assert!(e.to_string().contains("machine-wide") && e.to_string().starts_with("dynamodb.table"), "{e}");
        let e = save_connection(&user, &s, team("corp"), false).unwrap_err();
        assert!(e.to_string().contains("RP_DYNAMODB_REGION"), "{e}");
        // Unchanged locked and environment values pass, and stay out of the user's file.
        save_connection(&user, &s, Connection { region: Some("eu-west-1".into()), ..team("corp") }, false)
            .unwrap();
        let written = crate::read_layer(&user).unwrap().unwrap();
        assert_eq!(
            written,
            Layer {
                dynamodb: crate::DynamoLayer { profile: Some("planner".into()), ..Default::default() },
                ..Default::default()
            }
        );
    }

    #[test]
    fn an_unreadable_user_file_is_set_aside_not_lost() {
        let d = dir();
        let user = d.join("config.toml");
        std::fs::write(&user, "[dynamodb]\ntabel = \"typo\"\n").unwrap();
        let s = in_force("", &[], &d.join("none.toml"));
        let report = save_connection(&user, &s, team("plans"), false).unwrap();
        let aside = report.set_aside.unwrap();
        assert_eq!(std::fs::read_to_string(aside).unwrap(), "[dynamodb]\ntabel = \"typo\"\n");
        assert_eq!(in_force("", &[], &user).dynamodb.table, "plans");
    }

    #[test]
    fn a_file_that_parses_but_does_not_resolve_is_set_aside_on_request_and_a_refusal_moves_nothing() {
        let d = dir();
        let user = d.join("config.toml");
        // Valid settings on its own, but the SMTP server has no sender: the app cannot start.
        std::fs::write(&user, "[smtp]\nhost = \"mail.example.com\"\n").unwrap();
        let above = in_force("mode = \"dynamodb\"\n", &[], &d.join("none.toml"));
        // A refused value leaves the file where it is.
        assert!(
            save_connection(&user, &above, Connection { mode: Mode::Local, ..team("plans") }, true).is_err()
        );
        assert!(user.exists());
        let report = save_connection(&user, &above, team("plans"), true).unwrap();
        assert!(report.set_aside.is_some());
        assert!(crate::load(&d.join("none.toml"), &user).is_ok(), "the app starts again");
    }
}
