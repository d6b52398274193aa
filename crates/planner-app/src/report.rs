//! The utilisation report as the window asks for it: its figures, and its CSV file to save; and
//! the activity log's CSV as the window made it.

use crate::AppError;
use crate::app::App;
use crate::saving::ToSave;
use planner_domain::DateRange;
use planner_domain::capacity::Report;

impl App {
    /// The report of `range`, weeks from `first_weekday` (0 Monday). Any member may read it; it
    /// needs the team's table (offline, the copy holds only the windows that were shown).
    pub async fn report(&self, range: DateRange, first_weekday: u8) -> Result<Report, AppError> {
        self.read(async |store, scope| store.plan().report(scope, range, first_weekday).await).await
    }

    /// The report's CSV file, named by its days.
    pub async fn report_csv(&self, range: DateRange, first_weekday: u8) -> Result<ToSave, AppError> {
        let report = self.report(range, first_weekday).await?;
        let stem = format!("utilisation-{}-to-{}", report.first_day, report.last_day);
        Ok(ToSave { stem, extension: "csv", bytes: report.to_csv().into_bytes() })
    }
}

impl App {
    /// The activity log's CSV (made by the window, in its language: the sentences are the
    /// window's) as `activity-{today}.csv`; the open team's members only. At most
    /// [`ACTIVITY_CSV_MAX`] bytes.
    pub async fn activity_csv(&self, text: String) -> Result<ToSave, AppError> {
        self.open_plan().await?;
        if text.len() > ACTIVITY_CSV_MAX {
            return Err(AppError::SaveFile(format!(
                "the file would be larger than {} MB",
                ACTIVITY_CSV_MAX >> 20
            )));
        }
        let stem = format!("activity-{}", self.today()?);
        Ok(ToSave { stem, extension: "csv", bytes: text.into_bytes() })
    }
}

/// The largest activity CSV saved (a year of a busy team's log is a few MB).
pub const ACTIVITY_CSV_MAX: usize = 64 << 20;
