//! The utilisation report as the window asks for it: its figures, and its CSV file saved in the
//! user's downloads folder.

use crate::AppError;
use crate::app::App;
use crate::export::write_new;
use planner_domain::DateRange;
use planner_domain::capacity::Report;
use std::path::{Path, PathBuf};

impl App {
    /// The report of `range`, weeks from `first_weekday` (0 Monday). Any member may read it; it
    /// needs the team's table (offline, the copy holds only the windows that were shown).
    pub async fn report(&self, range: DateRange, first_weekday: u8) -> Result<Report, AppError> {
        self.read(async |store, scope| store.plan().report(scope, range, first_weekday).await).await
    }

    /// Writes the report's CSV file into `folder` (made if missing), named by its days and never
    /// over a file already there; answers the file's path.
    pub async fn save_report_csv(
        &self,
        range: DateRange,
        first_weekday: u8,
        folder: &Path,
    ) -> Result<PathBuf, AppError> {
        let report = self.report(range, first_weekday).await?;
        let stem = format!("utilisation-{}-to-{}", report.first_day, report.last_day);
        let (folder, csv) = (folder.to_owned(), report.to_csv());
        tokio::task::spawn_blocking(move || write_new(&folder, &stem, "csv", csv.as_bytes()))
            .await
            .map_err(|e| AppError::SaveFile(e.to_string()))?
    }
}

impl App {
    /// Saves the activity log's CSV (made by the window, in its language: the sentences are the
    /// window's) as `activity-{today}.csv` in `folder`; the open team's members only. At most
    /// [`ACTIVITY_CSV_MAX`] bytes.
    pub async fn save_activity_csv(&self, text: String, folder: &Path) -> Result<PathBuf, AppError> {
        self.open_plan().await?;
        if text.len() > ACTIVITY_CSV_MAX {
            return Err(AppError::SaveFile(format!(
                "the file would be larger than {} MB",
                ACTIVITY_CSV_MAX >> 20
            )));
        }
        let stem = format!("activity-{}", self.today()?);
        let folder = folder.to_owned();
        tokio::task::spawn_blocking(move || write_new(&folder, &stem, "csv", text.as_bytes()))
            .await
            .map_err(|e| AppError::SaveFile(e.to_string()))?
    }
}

/// The largest activity CSV saved (a year of a busy team's log is a few MB).
pub const ACTIVITY_CSV_MAX: usize = 64 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rp-report-{}", ulid::Ulid::new()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_second_file_of_the_same_days_gets_a_number_and_the_first_is_kept() {
        let folder = scratch().join("Downloads");
        let first = write_new(&folder, "utilisation-2026-12-01-to-2026-12-28", "csv", b"one").unwrap();
        let second = write_new(&folder, "utilisation-2026-12-01-to-2026-12-28", "csv", b"two").unwrap();
        assert_eq!(first.file_name().unwrap(), "utilisation-2026-12-01-to-2026-12-28.csv");
        assert_eq!(second.file_name().unwrap(), "utilisation-2026-12-01-to-2026-12-28-2.csv");
        assert_eq!(std::fs::read(&first).unwrap(), b"one");
        assert_eq!(std::fs::read(&second).unwrap(), b"two");
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_said() {
        let file = scratch().join("a-file");
        std::fs::write(&file, b"x").unwrap();
        let e = write_new(&file.join("below"), "r", "csv", b"x").unwrap_err();
        assert_eq!(e.code(), crate::ErrorCode::SaveFile);
        assert!(e.to_string().contains("a-file"), "{e}");
    }
}
