//! A file the user asked for (an export, a report's CSV, the activity log's), made first and
//! then saved where the OS's save dialog says (the shell asks; `folders` remembers where). Its
//! suggested name, the kind the dialog filters by, and how it is written: whole or not at all,
//! over a file of the chosen name only when the dialog asked first.

use crate::AppError;
use std::path::{Path, PathBuf};

/// A file made, not yet saved.
pub struct ToSave {
    /// The suggested name without its extension (`plan-2027-01-01-to-2027-03-31-by-week`).
    pub stem: String,
    /// Its extension, without the dot (`csv`, `xlsx`, `ics`, `pdf`).
    pub extension: &'static str,
    pub bytes: Vec<u8>,
}

impl ToSave {
    /// The name the save dialog suggests.
    pub fn name(&self) -> String {
        format!("{}.{}", self.stem, self.extension)
    }

    /// What the save dialog's filter calls files of its kind.
    pub fn kind(&self) -> &'static str {
        match self.extension {
            "csv" => "CSV",
            "xlsx" => "Excel",
            "ics" => "iCalendar",
            "pdf" => "PDF",
            other => other,
        }
    }

    /// Writes the file at `chosen`, a path the save dialog answered (which asked before
    /// replacing a file), its extension added when the name typed has another or none;
    /// answers the path written. A name so lengthened that is taken is never replaced (the
    /// dialog did not ask about it): the file gets a number (`plan-2.csv`). Written whole or
    /// not at all: a failure leaves any file there as it was.
    pub async fn save_as(self, chosen: &Path) -> Result<PathBuf, AppError> {
        let chosen = chosen.to_owned();
        tokio::task::spawn_blocking(move || write_at(&chosen, self.extension, &self.bytes))
            .await
            .map_err(|e| AppError::SaveFile(e.to_string()))?
    }
}

fn write_at(chosen: &Path, extension: &str, bytes: &[u8]) -> Result<PathBuf, AppError> {
    let failed = |e: std::io::Error, path: &Path| AppError::SaveFile(format!("{}: {e}", path.display()));
    let named = chosen.file_name().and_then(|n| n.to_str()).filter(|n| !n.trim().is_empty());
    let (Some(name), Some(folder)) = (named, chosen.parent()) else {
        return Err(AppError::SaveFile(format!("{}: not a file's name", chosen.display())));
    };
    let has_extension =
        chosen.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case(extension));
    if !has_extension {
        return write_new(folder, name, extension, bytes);
    }
    // Beside the file, then renamed over it: a rename within a folder is whole.
    let part = folder.join(format!(".{name}.part"));
    let written = std::fs::File::create(&part).and_then(|mut file| {
        std::io::Write::write_all(&mut file, bytes)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&part, chosen)) {
        let _ = std::fs::remove_file(&part);
        return Err(failed(e, chosen));
    }
    Ok(chosen.to_owned())
}

/// Writes `bytes` to `folder/stem.ext`, or `stem-2.ext`, `stem-3.ext`… if taken (the folder
/// made if missing).
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
mod tests {
    use super::*;

    fn scratch() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rp-saving-{}", ulid::Ulid::new()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn csv(bytes: &[u8]) -> ToSave {
        ToSave { stem: "plan-2027-01".into(), extension: "csv", bytes: bytes.to_vec() }
    }

    #[tokio::test]
    async fn a_file_is_saved_where_chosen_replacing_the_one_the_dialog_asked_about() {
        let folder = scratch();
        assert_eq!(csv(b"").name(), "plan-2027-01.csv");
        let at = folder.join("March.CSV");
        assert_eq!(csv(b"one").save_as(&at).await.unwrap(), at);
        // The dialog asked before replacing it: replaced, nothing left beside it.
        assert_eq!(csv(b"two").save_as(&at).await.unwrap(), at);
        assert_eq!(std::fs::read(&at).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 1);
    }

    #[tokio::test]
    async fn a_name_typed_without_its_extension_gets_it_and_never_replaces_a_file() {
        let folder = scratch();
        let path = csv(b"one").save_as(&folder.join("march")).await.unwrap();
        assert_eq!(path, folder.join("march.csv"));
        // The dialog asked about "march", not "march.csv": the one there is kept.
        let again = csv(b"two").save_as(&folder.join("march")).await.unwrap();
        assert_eq!(again, folder.join("march-2.csv"));
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        let other = csv(b"three").save_as(&folder.join("march.txt")).await.unwrap();
        assert_eq!(other, folder.join("march.txt.csv"));
    }

    #[tokio::test]
    async fn a_failure_is_said_and_leaves_the_file_there_as_it_was() {
        let folder = scratch();
        let at = folder.join("kept.csv");
        std::fs::write(&at, b"before").unwrap();
        // A folder where the file's part would go: the write fails before the rename.
        std::fs::create_dir(folder.join(".kept.csv.part")).unwrap();
        let e = csv(b"after").save_as(&at).await.unwrap_err();
        assert_eq!(e.code(), crate::ErrorCode::SaveFile);
        assert!(e.to_string().contains("kept.csv"), "{e}");
        assert_eq!(std::fs::read(&at).unwrap(), b"before");
        // A folder that does not exist, and no name at all.
        let gone = csv(b"x").save_as(&folder.join("gone").join("a.csv")).await.unwrap_err();
        assert!(gone.to_string().contains("gone"), "{gone}");
        assert_eq!(csv(b"x").save_as(Path::new("/")).await.unwrap_err().code(), crate::ErrorCode::SaveFile);
    }

    #[test]
    fn a_second_file_of_the_same_name_gets_a_number_and_the_first_is_kept() {
        let folder = scratch().join("Downloads");
        let first = write_new(&folder, "utilisation-2026-12-01-to-2026-12-28", "csv", b"one").unwrap();
        let second = write_new(&folder, "utilisation-2026-12-01-to-2026-12-28", "csv", b"two").unwrap();
        assert_eq!(first.file_name().unwrap(), "utilisation-2026-12-01-to-2026-12-28.csv");
        assert_eq!(second.file_name().unwrap(), "utilisation-2026-12-01-to-2026-12-28-2.csv");
        assert_eq!(std::fs::read(&first).unwrap(), b"one");
        assert_eq!(std::fs::read(&second).unwrap(), b"two");
    }
}
