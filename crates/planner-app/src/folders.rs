//! The folder each open or save dialog last showed, by what it was for (`import`, `export`…),
//! kept in one small file of this computer (`Places::last_folders`), so that the next dialog
//! opens where the user was. A damaged or missing file is no folder remembered.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder last used for `purpose`, if it still exists.
pub fn last(file: &Path, purpose: &str) -> Option<PathBuf> {
    read(file).remove(purpose).map(PathBuf::from).filter(|f| f.is_dir())
}

/// Remembers `chosen`'s folder (a file's parent, or the folder itself) for `purpose`. A failure
/// to write is logged, not said: the next dialog opens in the default place.
pub fn remember(file: &Path, purpose: &str, chosen: &Path) {
    let folder = if chosen.is_dir() { chosen } else { chosen.parent().unwrap_or(chosen) };
    let Some(folder) = folder.to_str() else { return };
    let mut all = read(file);
    all.insert(purpose.to_owned(), folder.to_owned());
    let written = file
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(file, serde_json::to_vec_pretty(&all).unwrap_or_default()));
    if let Err(e) = written {
        tracing::warn!("the last folder could not be remembered in {}: {e}", file.display());
    }
}

fn read(file: &Path) -> BTreeMap<String, String> {
    std::fs::read(file).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_remembered_for_its_purpose() {
        let dir = std::env::temp_dir().join(format!("rp-folders-{}", ulid::Ulid::new()));
        let sheets = dir.join("sheets");
        std::fs::create_dir_all(&sheets).unwrap();
        let file = dir.join("state").join("last-folders.json");
        assert_eq!(last(&file, "import"), None);
        remember(&file, "import", &sheets.join("plan.csv"));
        remember(&file, "export", &dir);
        assert_eq!(last(&file, "import"), Some(sheets.clone()));
        assert_eq!(last(&file, "export"), Some(dir.clone()));
        // A folder gone since is not offered; a damaged file is none remembered.
        std::fs::remove_dir(&sheets).unwrap();
        assert_eq!(last(&file, "import"), None);
        std::fs::write(&file, "{not json").unwrap();
        assert_eq!(last(&file, "export"), None);
    }
}
