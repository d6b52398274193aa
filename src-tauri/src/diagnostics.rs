//! "Copy diagnostics" for a support ticket: versions, the settings in force with every secret
//! replaced by whether it is set, what is open now, and the last lines of the log.

use crate::AppState;
use crate::startup::Places;
use std::fmt::Write;

/// Lines of the log included.
const LOG_LINES: usize = 100;

pub async fn report(state: &AppState, places: &Places) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "resource-planner {}", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(out, "tauri {}, {} {}", tauri::VERSION, std::env::consts::OS, std::env::consts::ARCH);
    let _ = writeln!(out, "machine settings file: {}", places.machine.display());
    let _ = writeln!(out, "user settings file: {}", places.user.display());
    let _ = writeln!(out, "log directory: {}", places.logs().display());
    let _ = writeln!(out, "\n[settings in force]");
    match planner_config::load(&places.machine, &places.user) {
        Err(e) => {
            let _ = writeln!(out, "cannot be read: {e}");
        }
        Ok(s) => {
            let set = |v: bool| if v { "set" } else { "not set" };
            let d = &s.dynamodb;
            let _ = writeln!(out, "mode: {:?}", s.mode);
            let _ = writeln!(
                out,
                "dynamodb: table {}, region {}, profile {}, endpoint {}",
                d.table,
                d.region.as_deref().unwrap_or("-"),
                d.profile.as_deref().unwrap_or("-"),
                d.endpoint.as_deref().unwrap_or("-")
            );
            match &s.smtp {
                None => {
                    let _ = writeln!(out, "smtp: not set");
                }
                Some(m) => {
                    let _ = writeln!(
                        out,
                        "smtp: {}:{} ({:?}), from {}, user {}, password {}",
                        m.host,
                        m.port,
                        m.tls,
                        m.from,
                        m.username.as_deref().unwrap_or("-"),
                        set(m.password.is_some())
                    );
                }
            }
            let _ = writeln!(out, "sign-in pepper: {}", set(s.pepper.is_some()));
            let _ = writeln!(out, "locked by the machine file: {:?}", s.locked);
            let _ = writeln!(out, "set by environment variables: {:?}", s.from_env);
        }
    }
    let session = state.session().await;
    let _ = writeln!(out, "\n[open now]");
    let _ = writeln!(
        out,
        "mode {}, signed in {}, team {}, role {}, teams {}",
        session.mode,
        session.signed_in,
        session.team.as_ref().map(|t| t.id.as_str()).unwrap_or("-"),
        session.team.as_ref().map(|t| t.role.as_str()).unwrap_or("-"),
        session.teams.len()
    );
    if let Some(reason) = &session.reason {
        let _ = writeln!(out, "reason: {} ({})", reason.message, reason.code);
    }
    if let Some(off) = &session.offline {
        let _ = writeln!(
            out,
            "offline: copy of {}; {}",
            off.synced_at.as_deref().unwrap_or("-"),
            off.reason.as_ref().map_or("connecting".to_owned(), |r| format!("{} ({})", r.message, r.code))
        );
    }
    let _ = writeln!(out, "\n[log, last {LOG_LINES} lines]");
    for line in crate::log::tail(LOG_LINES) {
        let _ = writeln!(out, "{line}");
    }
    out
}
