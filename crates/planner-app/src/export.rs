//! The plan out of the app as files to save: the bookings' hours over a range and the team's
//! lists (`planner_files::export`), calendar feeds (`planner_files::ics`), and the timeline
//! printed as a PDF (`planner_files::print`), from one timeline read each; saved where the user
//! says (`saving`). Any member may export (viewers too: it is what the timeline shows them).

use crate::AppError;
use crate::app::App;
use crate::saving::ToSave;
use planner_domain::capacity::Period;
use planner_domain::{DateRange, PersonId};
pub use planner_files::export::{ExportError, Format, Listing, Made};
use planner_files::ics::{self, FeedWords, Whose};
pub use planner_files::print::{self, Paper, Print, RowsOf, Zoom};

impl From<ExportError> for AppError {
    fn from(e: ExportError) -> Self {
        match e {
            ExportError::Invalid(v) => v.into(),
            ExportError::File(f) => AppError::SaveFile(f.0),
        }
    }
}

impl App {
    /// The bookings' hours over `range` (at most two years), a line per booking and `period`;
    /// an XLSX file holds the people and the projects too.
    pub async fn export_plan(
        &self,
        range: DateRange,
        period: Period,
        format: Format,
    ) -> Result<ToSave, AppError> {
        let t = self.read(async |store, scope| store.plan().timeline(scope, range).await).await?;
        let made = planner_files::export::plan(&t, range, period, format, self.today()?)?;
        Ok(file(made, format.extension()))
    }

    /// The team's people (with their role, group and skills today, and their working week's
    /// hours) or projects.
    pub async fn export_list(&self, list: Listing, format: Format) -> Result<ToSave, AppError> {
        let today = self.today()?;
        let days = DateRange::new(today, today.add_days(1))?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, days).await).await?;
        let made = planner_files::export::list(&t, list, format, today)?;
        Ok(file(made, format.extension()))
    }
}

impl App {
    /// A calendar feed of `person`'s bookings and time off (the team's, when `None`) that meet
    /// `range` (at most two years), its words in `lang` ("ja" or English). A person the team
    /// does not have is `not_found`.
    pub async fn export_ics(
        &self,
        person: Option<&PersonId>,
        range: DateRange,
        lang: &str,
    ) -> Result<ToSave, AppError> {
        planner_domain::capacity::Report::check_range(range)?;
        let t = self.read(async |store, scope| store.plan().timeline(scope, range).await).await?;
        let stamp =
            chrono::DateTime::from_timestamp(self.clock.now().unix_timestamp(), 0).unwrap_or_default();
        let whose = person.map_or(Whose::Team, Whose::Person);
        let made = ics::feed(&t, whose, range, stamp, FeedWords::of(lang))
            .ok_or(AppError::Store(planner_store::StoreError::NotFound { what: "person" }))?;
        Ok(ToSave { stem: made.stem, extension: "ics", bytes: made.text.into_bytes() })
    }

    /// The timeline over `print.range` (at most two years) as a PDF: a row a person or a
    /// project at the zoom and on the paper asked, its words in `lang`. Without a font with
    /// Japanese on this computer, a sentence and no file.
    pub async fn export_pdf(&self, print: Print, lang: &str) -> Result<ToSave, AppError> {
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
        Ok(file(made, "pdf"))
    }
}

fn file(made: Made, extension: &'static str) -> ToSave {
    ToSave { stem: made.stem, extension, bytes: made.bytes }
}

#[cfg(test)]
#[path = "export_tests.rs"]
mod tests;
