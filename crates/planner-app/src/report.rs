//! The utilisation report as the window asks for it: its figures, and its CSV file saved in the
//! user's downloads folder.

use crate::AppError;
use crate::app::App;
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
        tokio::task::spawn_blocking(move || write_new(&folder, &stem, csv.as_bytes()))
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
        tokio::task::spawn_blocking(move || write_new(&folder, &stem, text.as_bytes()))
            .await
            .map_err(|e| AppError::SaveFile(e.to_string()))?
    }
}

/// The largest activity CSV saved (a year of a busy team's log is a few MB).
pub const ACTIVITY_CSV_MAX: usize = 64 << 20;

/// Writes `bytes` to `folder/stem.csv`, or `stem-2.csv`, `stem-3.csv`… if taken.
fn write_new(folder: &Path, stem: &str, bytes: &[u8]) -> Result<PathBuf, AppError> {
    let failed = |e: std::io::Error, path: &Path| AppError::SaveFile(format!("{}: {e}", path.display()));
    std::fs::create_dir_all(folder).map_err(|e| failed(e, folder))?;
    for n in 1..1000 {
        let name = if n == 1 { format!("{stem}.csv") } else { format!("{stem}-{n}.csv") };
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
        let first = write_new(&folder, "utilisation-2026-12-01-to-2026-12-28", b"one").unwrap();
        let second = write_new(&folder, "utilisation-2026-12-01-to-2026-12-28", b"two").unwrap();
        assert_eq!(first.file_name().unwrap(), "utilisation-2026-12-01-to-2026-12-28.csv");
        assert_eq!(second.file_name().unwrap(), "utilisation-2026-12-01-to-2026-12-28-2.csv");
        assert_eq!(std::fs::read(&first).unwrap(), b"one");
        assert_eq!(std::fs::read(&second).unwrap(), b"two");
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_said() {
        let file = scratch().join("a-file");
        std::fs::write(&file, b"x").unwrap();
        let e = write_new(&file.join("below"), "r", b"x").unwrap_err();
        assert_eq!(e.code(), crate::ErrorCode::SaveFile);
        assert!(e.to_string().contains("a-file"), "{e}");
    }
}
