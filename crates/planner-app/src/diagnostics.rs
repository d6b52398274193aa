//! "Copy diagnostics" for a support ticket: versions, the settings in force with every secret
//! replaced by whether it is set, what is open now, and the last lines of the log.

use crate::App;
use crate::places::Places;
use crate::view::SessionView;
use std::fmt::Write;

/// Lines of the log included.
const LOG_LINES: usize = 100;

/// The report; `shell` names the shell's runtime and version (e.g. `tauri 2.9.0`).
pub async fn report(app: &App, places: &Places, shell: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "resource-planner {}", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(out, "{shell}, {} {}", std::env::consts::OS, std::env::consts::ARCH);
    let _ = writeln!(out, "machine settings file: {}", places.machine.display());
    let _ = writeln!(out, "user settings file: {}", places.user.display());
    let _ = writeln!(out, "log directory: {}", places.logs().display());
    let _ = writeln!(out, "\n[settings in force]");
    settings(&mut out, places);
    let _ = writeln!(out, "\n[open now]");
    open_now(&mut out, &app.session().await);
    let _ = writeln!(out, "\n[log, last {LOG_LINES} lines]");
    for line in crate::log::tail(&places.logs(), LOG_LINES) {
        let _ = writeln!(out, "{line}");
    }
    out
}

fn settings(out: &mut String, places: &Places) {
    let s = match planner_config::load(&places.machine, &places.user) {
        Err(e) => {
            let _ = writeln!(out, "cannot be read: {e}");
            return;
        }
        Ok(s) => s,
    };
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
    let _ = writeln!(
        out,
        "updates: {}, from {}",
        if s.updates.enabled { "on" } else { "off" },
        s.updates.source.as_ref().map_or("nowhere (not set up)", |u| u.url.as_str())
    );
    let _ = writeln!(out, "locked by the machine file: {:?}", s.locked);
    let _ = writeln!(out, "set by environment variables: {:?}", s.from_env);
    if !s.ignored.is_empty() {
        let _ = writeln!(out, "ignored (these count from the machine file only): {:?}", s.ignored);
    }
}

fn open_now(out: &mut String, session: &SessionView) {
    let (signed_in, team, teams) = match session {
        SessionView::Local => (true, None, 0),
        SessionView::Broken { .. } | SessionView::SignedOut { .. } => (false, None, 0),
        SessionView::Team { team, teams, .. } => (true, team.as_ref(), teams.len()),
    };
    let _ = writeln!(
        out,
        "mode {}, signed in {signed_in}, team {}, role {}, teams {teams}",
        session.mode(),
        team.map(|t| t.team.to_string()).unwrap_or_else(|| "-".into()),
        team.map(|t| t.role.as_str()).unwrap_or("-"),
    );
    if let Some(reason) = session.reason() {
        let _ = writeln!(out, "reason: {reason} ({})", reason.code());
    }
    if let SessionView::Team { offline: Some(off), .. } = session {
        let _ = writeln!(
            out,
            "offline: copy of {}; {}",
            off.synced_at.as_deref().unwrap_or("-"),
            off.reason.as_ref().map_or("connecting".to_owned(), |r| format!("{r} ({})", r.code()))
        );
    }
}
