//! What the window remembers between starts: the language, the region dates are written in, the
//! zoom, the day in view, the two searches and the rows as they were set up (a [`RowsView`]: the
//! people filter, grouping, order, density and period), per user and team. A small JSON file beside the
//! user's other local things for the table (signing out removes it with them), or in the data
//! folder for the local workspace ([`crate::places`] names both). Losing it loses nothing but a
//! preference, so a file that cannot be read is treated as none.

use crate::workspace::Workspace;
use crate::{App, AppError, Places};
use planner_domain::RowsView;
use serde::{Deserialize, Deserializer, Serialize};
use std::path::{Path, PathBuf};

/// The window's remembered state. Every field is optional: what was never set stays the
/// window's default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Prefs {
    /// `en` or `ja`.
    pub lang: Option<String>,
    /// The locale the user chose for dates (`en-GB`, `ja-JP`); none: the computer's.
    pub dates: Option<String>,
    /// `day`, `week` or `month`.
    pub zoom: Option<String>,
    /// The first day in view, `YYYY-MM-DD`.
    pub day: Option<String>,
    /// The people filter (the name column's search).
    pub people: Option<String>,
    /// The projects panel's search.
    pub projects: Option<String>,
    /// The rows as they were set up. One this version cannot read (written by another) is
    /// none: the rest of the file still counts.
    #[serde(deserialize_with = "lenient_rows")]
    pub rows: Option<RowsView>,
    /// The saved view shown last, as it was saved (not changed since): opened again at start.
    pub view: Option<String>,
}

/// A remembered view of the rows if it reads as one, else none.
fn lenient_rows<'de, D: Deserializer<'de>>(d: D) -> Result<Option<RowsView>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    Ok(value.and_then(|v| serde_json::from_value::<RowsView>(v).ok()))
}

/// The most a field may hold (a filter is typed; a day or zoom is a few characters).
const MAX_FIELD: usize = 200;

impl Prefs {
    /// Checked as the window sends them: known languages and zooms, a real date, short filters.
    pub fn checked(self) -> Result<Self, AppError> {
        let bad = |what: &str| Err(AppError::Config(format!("a remembered {what} the window cannot have")));
        if self.lang.as_deref().is_some_and(|l| !matches!(l, "en" | "ja")) {
            return bad("language");
        }
        if self.dates.as_deref().is_some_and(|t| !is_locale_tag(t)) {
            return bad("date format");
        }
        if self.zoom.as_deref().is_some_and(|z| !matches!(z, "day" | "week" | "month")) {
            return bad("zoom");
        }
        if self.day.as_deref().is_some_and(|d| planner_domain::Date::parse(d).is_err()) {
            return bad("day");
        }
        let long = |s: &Option<String>| s.as_ref().is_some_and(|s| s.chars().count() > MAX_FIELD);
        if long(&self.people) || long(&self.projects) {
            return bad("filter");
        }
        if self.view.as_deref().is_some_and(|v| planner_domain::ViewId::parse(v).is_err()) {
            return bad("view");
        }
        if let Some(rows) = self.rows.clone() {
            rows.checked().map_err(|e| AppError::Config(format!("a remembered view of the rows: {e}")))?;
        }
        Ok(self)
    }
}

/// Whether `tag` has the shape of a BCP 47 locale tag: a language of 2–3 letters, then subtags of
/// 1–8 letters or digits (`en-GB`, `zh-Hant-TW`, `de-DE-u-nu-latn`). Which ones Intl knows is the
/// window's to say; this only keeps anything else out of the file.
fn is_locale_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let language = parts.next().unwrap_or_default();
    tag.len() <= 35
        && (2..=3).contains(&language.len())
        && language.bytes().all(|b| b.is_ascii_alphabetic())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The prefs in `path` (none, or unreadable: the defaults).
pub fn load(path: &Path) -> Prefs {
    std::fs::read(path)
        .ok()
        .and_then(|raw| serde_json::from_slice::<Prefs>(&raw).ok())
        .and_then(|p| p.checked().ok())
        .unwrap_or_default()
}

/// Writes `prefs` to `path` (through a file beside it, so a crash leaves the old or the new).
pub fn save(path: &Path, prefs: &Prefs) -> Result<(), AppError> {
    let io = |e: std::io::Error| AppError::LocalData(format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let text = serde_json::to_vec_pretty(prefs).map_err(|e| AppError::LocalData(e.to_string()))?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

impl App {
    /// Where the open workspace's prefs are kept: the local workspace's, or the open team's in
    /// the user's folder for the table. None while nobody is signed in or nothing opened.
    pub async fn prefs_file(&self, places: &Places) -> Option<PathBuf> {
        let team = match &*self.workspace.read().await {
            Workspace::Local { .. } => return Some(places.local_prefs()),
            Workspace::Team { open, .. } => open.scope.team().clone(),
            Workspace::Offline { open, .. } => open.team.clone(),
            Workspace::SignedOut { .. } | Workspace::Broken { .. } => return None,
        };
        Some(self.table_dir()?.prefs(&team))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Prefs {
        Prefs {
            lang: Some("ja".into()),
            dates: Some("en-GB".into()),
            zoom: Some("month".into()),
            day: Some("2027-01-04".into()),
            people: Some("ali".into()),
            projects: Some("globex".into()),
            rows: Some(RowsView {
                grouping: planner_domain::RowGrouping::Group,
                density: planner_domain::RowDensity::Compact,
                collapsed: vec!["group:design".into()],
                ..RowsView::default()
            }),
            view: Some("01VIEWAAAAAAAAAAAAAAAAAAAA".into()),
        }
    }

    #[test]
    fn keeps_what_it_was_given_and_reads_it_back() {
        let dir = std::env::temp_dir().join(format!("rp-prefs-{}", ulid::Ulid::new()));
        let file = dir.join("a-team").join("team.json");
        assert_eq!(load(&file), Prefs::default(), "nothing saved yet: the defaults");
        save(&file, &all()).unwrap();
        assert_eq!(load(&file), all());
        save(&file, &Prefs { zoom: Some("day".into()), ..Prefs::default() }).unwrap();
        assert_eq!(load(&file).zoom.as_deref(), Some("day"));
        assert_eq!(load(&file).lang, None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn refuses_what_the_window_cannot_have_and_reads_a_bad_file_as_none() {
        for bad in [
            Prefs { lang: Some("fr".into()), ..Prefs::default() },
            Prefs { zoom: Some("year".into()), ..Prefs::default() },
            Prefs { dates: Some("english".into()), ..Prefs::default() },
            Prefs { dates: Some("en-GB/../x".into()), ..Prefs::default() },
            Prefs { dates: Some("en-".into()), ..Prefs::default() },
            Prefs { day: Some("2027-02-30".into()), ..Prefs::default() },
            Prefs { people: Some("x".repeat(201)), ..Prefs::default() },
            Prefs { view: Some("VIEW#x".into()), ..Prefs::default() },
        ] {
            assert!(bad.clone().checked().is_err(), "{bad:?}");
        }
        for good in ["en", "en-GB", "ja-JP", "zh-Hant-TW", "de-DE-u-nu-latn"] {
            let p = Prefs { dates: Some(good.into()), ..Prefs::default() };
            assert!(p.checked().is_ok(), "{good}");
        }
        let dir = std::env::temp_dir().join(format!("rp-prefs-{}", ulid::Ulid::new()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("local.json");
        std::fs::write(&file, b"{ not json").unwrap();
        assert_eq!(load(&file), Prefs::default());
        std::fs::write(&file, br#"{"zoom":"year"}"#).unwrap();
        assert_eq!(load(&file), Prefs::default(), "a value the window cannot have is not applied");
        // Rows set up in a way this version does not know: left out, the rest kept.
        std::fs::write(&file, br#"{"zoom":"month","rows":{"colours":["red"]}}"#).unwrap();
        assert_eq!(load(&file), Prefs { zoom: Some("month".into()), ..Prefs::default() });
        let backwards = r#"{"zoom":"month","rows":{"groups":[],"roles":[],"skills":[],"allSkills":true,"projects":[],
            "freeMinutes":null,"grouping":"none","sort":"name","density":"compact","period":"custom",
            "custom":{"from":"2027-03-15","to":"2027-03-01"},"collapsed":[]}}"#;
        std::fs::write(&file, backwards).unwrap();
        assert_eq!(load(&file), Prefs::default(), "a backwards period is a value the window cannot have");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
