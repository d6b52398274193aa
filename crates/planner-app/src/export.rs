//! The plan out of the app as files in a folder (the user's downloads): the bookings' hours over
//! a range and the team's lists (`planner_files::export`), and calendar feeds
//! (`planner_files::ics`), and the timeline printed as a PDF (`planner_files::print`), from one
//! timeline read each; saved under a name no file there has. Any
//! member may export (viewers too: it is what the timeline shows them).

use crate::AppError;
use crate::app::App;
use planner_domain::capacity::Period;
use planner_domain::{DateRange, PersonId};
pub use planner_files::export::{ExportError, Format, Listing, Made};
use planner_files::ics::{self, FeedWords, Whose};
pub use planner_files::print::{self, Paper, Print, RowsOf, Zoom};
use std::path::{Path, PathBuf};

impl From<ExportError> for AppError {
    fn from(e: ExportError) -> Self {
        match e {
            ExportError::Invalid(v) => v.into(),
            ExportError::File(f) => AppError::SaveFile(f.0),
        }
    }
}

impl App {
    /// Saves the bookings' hours over `range` (at most two years), a line per booking and
    /// `period`, in `folder`; an XLSX file holds the people and the projects too. Answers the
    /// file's path.
    pub async fn export_plan(
        &self,
        range: DateRange,
        period: Period,
        format: Format,
        folder: &Path,
    ) -> Result<PathBuf, AppError> {
        let t = self.read(async |store, scope| store.plan().timeline(scope, range).await).await?;
        let made = planner_files::export::plan(&t, range, period, format, self.today()?)?;
        save(folder, made, format.extension()).await
    }

    /// Saves the team's people (with their role, group and skills today, and their working
    /// week's hours) or projects in `folder`.
    pub async fn export_list(
        &self,
        list: Listing,
        format: Format,
        folder: &Path,
    ) -> Result<PathBuf, AppError> {
        let today = self.today()?;
        let days = DateRange::new(today, today.add_days(1))?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, days).await).await?;
        let made = planner_files::export::list(&t, list, format, today)?;
        save(folder, made, format.extension()).await
    }
}

impl App {
    /// Saves a calendar feed of `person`'s bookings and time off (the team's, when `None`) that
    /// meet `range` (at most two years), its words in `lang` ("ja" or English), in `folder`;
    /// answers the file's path. A person the team does not have is `not_found`.
    pub async fn export_ics(
        &self,
        person: Option<&PersonId>,
        range: DateRange,
        lang: &str,
        folder: &Path,
    ) -> Result<PathBuf, AppError> {
        planner_domain::capacity::Report::check_range(range)?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, range).await).await?;
        let stamp =
            chrono::DateTime::from_timestamp(self.clock.now().unix_timestamp(), 0).unwrap_or_default();
        let whose = person.map_or(Whose::Team, Whose::Person);
        let made = ics::feed(&t, whose, range, stamp, FeedWords::of(lang))
            .ok_or(AppError::Store(planner_store::StoreError::NotFound { what: "person" }))?;
        save(folder, Made { stem: made.stem, bytes: made.text.into_bytes() }, "ics").await
    }

    /// Saves the timeline over `print.range` (at most two years) as a PDF in `folder`: a row a
    /// person or a project at the zoom and on the paper asked, its words in `lang`; answers the
    /// file's path. Without a font with Japanese on this computer, a sentence and no file.
    pub async fn export_pdf(&self, print: Print, lang: &str, folder: &Path) -> Result<PathBuf, AppError> {
        planner_domain::capacity::Report::check_range(print.range)?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, print.range).await).await?;
        let today = self.today()?;
        let lang = lang.to_owned();
        // Finding the font reads the computer's fonts once (some tenths of a second), and the
        // drawing is all CPU: off the async threads.
        let made = tokio::task::spawn_blocking(move || {
            let font = print::japanese().ok_or_else(|| {
                AppError::SaveFile(
                    "no font with Japanese letters was found on this computer (such as Noto Sans CJK, Yu Gothic or Hiragino); ask IT to install one"
                        .into(),
                )
            })?;
            Ok::<_, AppError>(print::timeline(&t, &print, &font, &lang, today)?)
        })
        .await
        .map_err(|e| AppError::SaveFile(e.to_string()))??;
        save(folder, made, "pdf").await
    }
}

/// Saves a file made as its stem with `extension` in `folder` (made if missing), never over a
/// file there; answers its path.
pub(crate) async fn save(folder: &Path, made: Made, extension: &'static str) -> Result<PathBuf, AppError> {
    let folder = folder.to_owned();
    tokio::task::spawn_blocking(move || write_new(&folder, &made.stem, extension, &made.bytes))
        .await
        .map_err(|e| AppError::SaveFile(e.to_string()))?
}

/// Writes `bytes` to `folder/stem.ext`, or `stem-2.ext`, `stem-3.ext`… if taken.
pub(crate) fn write_new(
    folder: &Path,
    stem: &str,
    extension: &str,
    bytes: &[u8],
) -> Result<PathBuf, AppError> {
    let failed = |e: std::io::Error, path: &Path| AppError::SaveFile(format!("{}: {e}", path.display()));
    std::fs::create_dir_all(folder).map_err(|e| failed(e, folder))?;
    for n in 1..1000 {
        let name = if n == 1 { format!("{stem}.{extension}") } else { format!("{stem}-{n}.{extension}") };
        let path = folder.join(name);
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                std::io::Write::write_all(&mut file, bytes).map_err(|e| failed(e, &path))?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(failed(e, &path)),
        }
    }
    Err(AppError::SaveFile(format!("{}: too many files named {stem}", folder.display())))
}

#[cfg(test)]
#[path = "export_tests.rs"]
mod tests;
