//! Text and JSON output.

use planner_store::{StoreError, Timeline};
use serde::Serialize;

pub struct Out {
    pub json: bool,
}

impl Out {
    pub fn value<T: Serialize>(&self, value: &T, text: impl FnOnce(&T) -> String) {
        if self.json {
            println!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
        } else {
            println!("{}", text(value));
        }
    }

    pub fn list<T: Serialize>(&self, rows: &[T], line: impl Fn(&T) -> String) {
        if self.json {
            println!("{}", serde_json::to_string_pretty(rows).unwrap_or_default());
        } else if rows.is_empty() {
            println!("(none)");
        } else {
            for row in rows {
                println!("{}", line(row));
            }
        }
    }

    pub fn error(&self, e: &StoreError) {
        if self.json {
            let v = serde_json::json!({ "error": { "code": e.code(), "message": e.to_string() } });
            eprintln!("{v}");
        } else {
            eprintln!("error: {e}");
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
    let width = t.resources.iter().map(|r| r.name.as_str().chars().count()).max().unwrap_or(0);
    let mut header = " ".repeat(width + 2);
    for d in 0..days {
        let day = start.add_days(d as i64);
        header.push(if day.weekday_from_monday() == 0 { '|' } else { ' ' });
    }
    out += &header;
    out.push('\n');
    for r in &t.resources {
        let mut row: Vec<char> = (0..days)
            .map(|d| if start.add_days(d as i64).weekday_from_monday() >= 5 { '·' } else { ' ' })
            .collect();
        for a in t.assignments.iter().filter(|a| a.resource_id == r.id) {
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
        let pad = width - name.chars().count();
        out += &format!("{name}{}  {}\n", " ".repeat(pad), row.into_iter().collect::<String>());
    }
    out += "(! = more than one assignment that day; · = weekend)";
    out
}
