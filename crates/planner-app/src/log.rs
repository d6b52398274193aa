//! The app's log, one for every crate: `tracing` events (ours at info and above, other crates'
//! warnings and errors — the store's included) written as text lines by `tracing-appender`'s
//! rolling file appender into the OS log folder ([`crate::Places::logs`]), a file a day
//! (`app.YYYY-MM-DD.log`), the last [`KEEP`] kept. What is logged are events and error codes
//! with their sentences — never a token, code, password or pepper: those travel as
//! `Sensitive` values, whose text is `<redacted>` (`tests/log_secrets.rs` holds it so).

use std::path::{Path, PathBuf};
use tracing::level_filters::LevelFilter;
use tracing_subscriber::Layer as _;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::FmtContext;
use tracing_subscriber::fmt::format::{FormatEvent, FormatFields, Writer};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;

/// Daily files kept.
pub const KEEP: usize = 7;
const PREFIX: &str = "app";
const SUFFIX: &str = "log";

/// What is written: the app's own crates from info up, every other crate's warnings.
fn filter() -> Targets {
    OURS.iter()
        .fold(Targets::new().with_default(LevelFilter::WARN), |f, c| f.with_target(*c, LevelFilter::INFO))
}

/// The app's own crates (their events are logged from info up, without their target).
const OURS: [&str; 6] = [
    "resource_planner_app",
    "planner_app",
    "planner_store",
    "planner_auth",
    "planner_cache",
    "planner_config",
];

/// Starts the app's log in `dir`, a folder only its user may read (once per process; later calls
/// change nothing but the folder's mode). A folder that cannot be made leaves the app without a
/// log, not without a window.
pub fn init(dir: &Path) {
    // The folder is the user's alone: the files the appender makes in it have the process's
    // default mode.
    if planner_store::private::folder(dir).is_err() {
        return;
    }
    let appender = tracing_appender::rolling::Builder::new()
        .rotation(tracing_appender::rolling::Rotation::DAILY)
        .filename_prefix(PREFIX)
        .filename_suffix(SUFFIX)
        .max_log_files(KEEP)
        .build(dir);
    let Ok(appender) = appender else { return };
    let layer = tracing_subscriber::fmt::layer().with_writer(appender).with_ansi(false).event_format(Line);
    let _ = tracing_subscriber::registry().with(layer.with_filter(filter())).try_init();
}

/// One event a line: `2026-12-01T09:00:00.000Z info what happened`, and where it came from when
/// it is another crate's (`(aws_smithy_runtime::…)`).
struct Line;

impl<S, N> FormatEvent<S, N> for Line
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut w: Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        let now = time::OffsetDateTime::now_utc();
        let stamp = now.format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
        let level = event.metadata().level().as_str().to_ascii_lowercase();
        write!(w, "{stamp} {level} ")?;
        // The event's fields, every control character in them escaped: a name, a key or an
        // answer logged cannot break the line (forging the next) or carry a terminal's escapes
        // to whoever reads the log in one.
        let mut fields = String::new();
        ctx.field_format().format_fields(Writer::new(&mut fields), event)?;
        w.write_str(&planner_domain::printable::printable(&fields, &[]))?;
        let target = event.metadata().target();
        if !OURS.contains(&target.split("::").next().unwrap_or(target)) {
            write!(w, " ({target})")?;
        }
        writeln!(w)
    }
}

/// The log's files in `dir`, oldest first.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return vec![] };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{PREFIX}.")) && n.ends_with(&format!(".{SUFFIX}")))
        })
        .collect();
    // The date in the name sorts them.
    files.sort();
    files
}

/// The last `n` lines of the log in `dir`, oldest first (from the newest two files).
pub fn tail(dir: &Path, n: usize) -> Vec<String> {
    let files = files(dir);
    let mut lines: Vec<String> = Vec::new();
    for file in files.iter().rev().take(2).rev() {
        if let Ok(text) = std::fs::read_to_string(file) {
            lines.extend(text.lines().map(str::to_owned));
        }
    }
    let skip = lines.len().saturating_sub(n);
    lines.split_off(skip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_reads_across_the_newest_files_in_date_order() {
        let dir = std::env::temp_dir().join(format!("rp-log-{}", ulid::Ulid::new()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("app.2026-11-29.log"), "old 1\nold 2\n").unwrap();
        std::fs::write(dir.join("app.2026-11-30.log"), "a\nb\n").unwrap();
        std::fs::write(dir.join("app.2026-12-01.log"), "c\nd\n").unwrap();
        std::fs::write(dir.join("other.txt"), "not the log\n").unwrap();
        assert_eq!(tail(&dir, 3), ["b", "c", "d"]);
        assert_eq!(tail(&dir, 10), ["a", "b", "c", "d"], "the newest two files");
        assert!(tail(&dir.join("missing"), 5).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_filter_keeps_our_info_and_only_other_crates_warnings() {
        let f = filter();
        assert!(f.would_enable("planner_store::sdk", &tracing::Level::INFO));
        assert!(f.would_enable("planner_store::sdk", &tracing::Level::WARN));
        assert!(!f.would_enable("aws_smithy_runtime::client", &tracing::Level::INFO));
        assert!(f.would_enable("aws_smithy_runtime::client", &tracing::Level::WARN));
        assert!(!f.would_enable("planner_app", &tracing::Level::DEBUG));
    }

    /// The log's folder is the user's alone (0700), whether the log makes it or finds it: other
    /// local users cannot read what the log says (names, teams, errors), whatever the files'
    /// own modes.
    #[cfg(unix)]
    #[test]
    fn the_log_folder_is_the_user_s_alone() {
        use std::os::unix::fs::PermissionsExt;
        let base = std::env::temp_dir().join(format!("rp-log-{}", ulid::Ulid::new()));
        let made = base.join("made");
        init(&made);
        let found = base.join("found");
        std::fs::create_dir_all(&found).unwrap();
        std::fs::set_permissions(&found, std::fs::Permissions::from_mode(0o755)).unwrap();
        init(&found);
        for dir in [&made, &found] {
            let mode = std::fs::metadata(dir).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o700, "{}", dir.display());
        }
        std::fs::remove_dir_all(&base).unwrap();
    }

    /// Whatever a logged value holds (a name, a key, an answer from the table), an event is one
    /// line: a line break in it cannot forge the next line, nor an escape sequence reach the
    /// terminal of whoever reads the log.
    #[test]
    fn a_logged_value_cannot_break_its_line_or_carry_escapes() {
        use std::sync::{Arc, Mutex};
        #[derive(Clone, Default)]
        struct Buffer(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Buffer {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let out = Buffer::default();
        let writer = out.clone();
        let layer = tracing_subscriber::fmt::layer()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .event_format(Line);
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || {
            let name = "Ann\n2026-12-01T09:00:00Z info admin signed in\u{1b}[2J";
            tracing::warn!(%name, "a person renamed");
        });
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.contains("Ann\\u{a}2026-12-01T09:00:00Z info admin signed in\\u{1b}[2J"), "{text}");
        assert!(!text.contains('\u{1b}'));
    }
}
