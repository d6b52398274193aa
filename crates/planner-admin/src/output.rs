//! Text and JSON output.

use planner_domain::capacity::{PeriodLoad, Report, decimal_hours};
use planner_store::{StoreError, Timeline};
use serde::Serialize;

/// Prints `text` and a newline on stdout. When the reader has gone (`rp-admin … | head`), the
/// program ends quietly, as SIGPIPE ends other command-line tools (Rust ignores SIGPIPE, and
/// `println!` would panic); any other failure to write is said on stderr.
pub fn say(text: &str) {
    use std::io::Write;
    if let Err(e) = writeln!(std::io::stdout().lock(), "{}", printable(text)) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}

/// `text` with every control character but the line break written as its escape (`\u{1b}`).
/// Names, keys and change records come from the table, where anyone who may write could put a
/// terminal's escape sequences (a title, a colour, a cursor move hiding the lines above).
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    planner_domain::printable::printable(text, &['\n'])
}

pub struct Out {
    pub json: bool,
}

impl Out {
    pub fn value<T: Serialize>(&self, value: &T, text: impl FnOnce(&T) -> String) {
        if self.json {
            say(&serde_json::to_string_pretty(value).unwrap_or_default());
        } else {
            say(&text(value));
        }
    }

    pub fn list<T: Serialize>(&self, rows: &[T], line: impl Fn(&T) -> String) {
        if self.json {
            say(&serde_json::to_string_pretty(rows).unwrap_or_default());
        } else if rows.is_empty() {
            say("(none)");
        } else {
            for row in rows {
                say(&line(row));
            }
        }
    }

    pub fn error(&self, e: &StoreError) {
        if self.json {
            let v = serde_json::json!({ "error": { "code": e.code(), "message": e.to_string() } });
            eprintln!("{v}");
        } else {
            eprintln!("error: {}", printable(&e.to_string()));
        }
    }
}

/// A text Gantt chart: one line per person, one column per day, a letter per project.
pub fn timeline_text(t: &Timeline) -> String {
    let days = t.window.days() as usize;
    let start = t.window.start();
    let letters: Vec<char> = ('A'..='Z').collect();
    let mut out = format!("{} — {} to {}\n", t.team.name, start, t.window.last_day());
    for (i, p) in t.projects.iter().enumerate() {
        out += &format!("  {} = {}\n", letters[i % letters.len()], p.name);
    }
    let width = t.people.iter().map(|r| display_width(r.name.as_str())).max().unwrap_or(0);
    let mut header = " ".repeat(width + 2);
    for d in 0..days {
        let day = start.add_days(d as i64);
        header.push(if day.weekday_from_monday() == 0 { '|' } else { ' ' });
    }
    out += &header;
    out.push('\n');
    for r in &t.people {
        let mut row: Vec<char> = (0..days)
            .map(|d| if start.add_days(d as i64).weekday_from_monday() >= 5 { '·' } else { ' ' })
            .collect();
        for a in t.items.assignments.iter().filter(|a| a.person_id == r.id) {
            let letter = t
                .projects
                .iter()
                .position(|p| p.id == a.project_id)
                .map(|i| letters[i % letters.len()])
                .unwrap_or('?');
            for (d, cell) in row.iter_mut().enumerate() {
                if a.range.contains(start.add_days(d as i64)) {
                    *cell = if cell.is_ascii_uppercase() { '!' } else { letter };
                }
            }
        }
        let name = r.name.as_str();
        let pad = width - display_width(name);
        out += &format!("{name}{}  {}\n", " ".repeat(pad), row.into_iter().collect::<String>());
    }
    out += "(! = more than one assignment that day; · = weekend)";
    out
}

/// Terminal columns a text takes: East Asian wide and fullwidth characters take two.
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let wide = matches!(c as u32,
                0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
                | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60
                | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
            if wide { 2 } else { 1 }
        })
        .sum()
}

/// The utilisation report as a table: people, the team (hours; utilisation of confirmed work,
/// then with tentative work), placeholders (their hours are demand), projects (with the part to
/// staff) and the demand by role.
pub fn report_text(r: &Report) -> String {
    let h = |m: u64| format!("{}h", decimal_hours(m));
    let pct = |l: &PeriodLoad, t: bool| l.percent(t).map_or("–".to_owned(), |p| format!("{p}%"));
    let width = r
        .people
        .iter()
        .map(|p| p.name.as_str().chars().count())
        .chain(r.projects.iter().map(|p| p.name.as_str().chars().count()))
        .chain(r.roles.iter().filter_map(|x| x.name.as_ref()).map(|n| n.as_str().chars().count()))
        .max()
        .unwrap_or(0)
        .max(10);
    let pad = |s: &str| format!("{s}{}", " ".repeat(width.saturating_sub(s.chars().count())));
    let mut out = format!("Utilisation {} to {} ({} weeks)\n", r.first_day, r.last_day, r.weeks.len());
    out += &format!(
        "{}  {:>9}  {:>9}  {:>9}  {:>9}  {:>6}  {:>10}\n",
        pad("person"),
        "capacity",
        "confirmed",
        "tentative",
        "time off",
        "util.",
        "with tent."
    );
    let mut line = |name: &str, l: &PeriodLoad| {
        out += &format!(
            "{}  {:>9}  {:>9}  {:>9}  {:>9}  {:>6}  {:>10}\n",
            pad(name),
            h(l.capacity),
            h(l.confirmed),
            h(l.tentative),
            h(l.off),
            pct(l, false),
            pct(l, true)
        );
    };
    for p in r.people.iter().filter(|p| !p.placeholder) {
        line(p.name.as_str(), &p.load);
    }
    line("team", &r.team);
    let placeholders: Vec<_> = r.people.iter().filter(|p| p.placeholder).collect();
    if !placeholders.is_empty() {
        out += &format!("\n{}  {:>9}  {:>9}\n", pad("placeholder"), "confirmed", "tentative");
        for p in placeholders {
            out += &format!(
                "{}  {:>9}  {:>9}\n",
                pad(p.name.as_str()),
                h(p.load.confirmed),
                h(p.load.tentative)
            );
        }
    }
    out += &format!(
        "\n{}  {:>9}  {:>9}  {:>9}  {:>6}\n",
        pad("project"),
        "confirmed",
        "tentative",
        "to staff",
        "people"
    );
    for p in &r.projects {
        out += &format!(
            "{}  {:>9}  {:>9}  {:>9}  {:>6}\n",
            pad(p.name.as_str()),
            h(p.load.confirmed),
            h(p.load.tentative),
            h(p.to_staff),
            p.people
        );
    }
    if !r.roles.is_empty() {
        out += &format!("\n{}  {:>9}  {:>9}  {:>9}\n", pad("role"), "staffed", "to staff", "capacity");
        for role in &r.roles {
            let name = role.name.as_ref().map_or("(no role)", |n| n.as_str());
            out += &format!(
                "{}  {:>9}  {:>9}  {:>9}\n",
                pad(name),
                h(role.staffed),
                h(role.to_staff),
                h(role.capacity)
            );
        }
    }
    out.trim_end().to_owned()
}

/// A day (`YYYY-MM-DD`, its start in UTC) or an RFC 3339 moment.
pub fn moment(text: &str) -> Result<time::OffsetDateTime, StoreError> {
    use time::format_description::well_known::Rfc3339;
    if let Ok(at) = time::OffsetDateTime::parse(text, &Rfc3339) {
        return Ok(at);
    }
    let day = planner_domain::Date::parse(text)?;
    let date = time::Date::parse(&day.to_string(), time::macros::format_description!("[year]-[month]-[day]"))
        .map_err(|_| planner_domain::ValidationError::Date(text.to_owned()))?;
    Ok(date.midnight().assume_utc())
}

/// One change record as a line: when, who, what, and the fields before → after.
pub fn record_line(r: &planner_store::feed::ChangeRecord) -> String {
    // Kind and action by their names in the records (serde's).
    let name = |v: serde_json::Result<serde_json::Value>| match v {
        Ok(serde_json::Value::String(s)) => s,
        _ => "?".to_owned(),
    };
    let who = r.who.clone().unwrap_or_else(|| r.by.to_string());
    let (kind, action) = (name(serde_json::to_value(r.kind)), name(serde_json::to_value(r.action)));
    let mut line = format!("{}  {}  {kind} {action}  {}", r.at, who, r.item);
    for (label, value) in [("before", &r.before), ("after", &r.after), ("summary", &r.summary)] {
        if let Some(v) = value {
            line.push_str(&format!("  {label} {v}"));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::{display_width, printable};

    #[test]
    fn control_characters_reach_the_terminal_as_escapes() {
        let planted = "Eve\u{1b}]0;pwned\u{7}\u{1b}[2J\r\u{9b}31m";
        assert_eq!(printable(planted), "Eve\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{d}\\u{9b}31m");
        assert_eq!(printable("two\nlines, 山田"), "two\nlines, 山田", "line breaks and names stay");
    }

    #[test]
    fn cjk_characters_take_two_columns() {
        assert_eq!(display_width("Alice"), 5);
        assert_eq!(display_width("山田 太郎"), 9);
        assert_eq!(display_width("伊藤 さくら"), 11);
        assert_eq!(display_width("Ｆｕｌｌ"), 8);
    }
}
