//! Where the app keeps and reads its things. This is the only module that builds a local file
//! or folder name (`workspace.db`, `audit.log`, `tables/…`, `offline/…`, `last-team.txt`, `prefs/…`,
//! `backups/…`, `last-folders.json`, the log folder); everything else asks it.

use crate::AppError;
use planner_config::Settings;
use planner_domain::{TeamId, UserId};
use std::path::{Path, PathBuf};

/// The two settings files and the data directory.
#[derive(Debug, Clone)]
pub struct Places {
    /// The machine-wide settings file (IT's; locked).
    pub machine: PathBuf,
    /// The user's settings file (the settings screen writes it).
    pub user: PathBuf,
    /// The local workspace, the audit log, the user's folders per table.
    pub data: PathBuf,
}

impl Places {
    /// This OS's places for this user.
    pub fn of_os() -> Result<Self, AppError> {
        let dirs = directories::ProjectDirs::from("", "", "resource-planner").ok_or_else(|| {
            AppError::config("the operating system reports no home directory for this user")
        })?;
        Ok(Self {
            machine: planner_config::machine_file(),
            user: dirs.config_dir().join("config.toml"),
            data: dirs.data_dir().to_owned(),
        })
    }

    /// Where the app's log goes: `~/Library/Logs/resource-planner` on macOS, else `logs` in
    /// the data directory (`~/.local/share/resource-planner/logs`, `%APPDATA%\…\logs`).
    pub fn logs(&self) -> PathBuf {
        if cfg!(target_os = "macos")
            && let Some(home) = directories::BaseDirs::new().map(|b| b.home_dir().to_owned())
        {
            return home.join("Library").join("Logs").join("resource-planner");
        }
        self.data.join("logs")
    }

    /// Where files the user asks for go (the report's CSV): the OS's downloads folder
    /// (`XDG_DOWNLOAD_DIR` on Linux), else `Downloads` in the home folder.
    pub fn downloads(&self) -> Result<PathBuf, AppError> {
        if let Some(d) = directories::UserDirs::new().and_then(|u| u.download_dir().map(Path::to_owned)) {
            return Ok(d);
        }
        directories::BaseDirs::new()
            .map(|b| b.home_dir().join("Downloads"))
            .ok_or_else(|| AppError::config("the operating system reports no home directory for this user"))
    }

    /// The folders the open and save dialogs last showed, by what they were for.
    pub fn last_folders(&self) -> PathBuf {
        self.data.join("last-folders.json")
    }

    /// This computer's local workspace (the embedded engine's file).
    pub fn workspace_file(&self) -> PathBuf {
        workspace_file(&self.data)
    }

    /// What the window remembers on the local workspace (`prefs.rs`).
    pub fn local_prefs(&self) -> PathBuf {
        self.data.join("prefs").join("local.json")
    }

    /// Refused calls, one JSON line each.
    pub fn audit_log(&self) -> PathBuf {
        self.data.join("audit.log")
    }

    /// The backup written before the local workspace moves into a team (`stamp`: when).
    pub fn local_backup(&self, stamp: &str) -> PathBuf {
        self.data.join("backups").join(format!("local-workspace-{stamp}.json"))
    }

    /// The user's folder of local things for one team table (`profile`: `table@place`),
    /// which signing out removes.
    pub fn table_dir(&self, profile: &str) -> TableDir {
        TableDir(self.data.join("tables").join(folder_name(profile)))
    }

    /// The settings in force, and whether the user's file is what stops them from loading:
    /// then those above it decide (saving from the settings screen sets that file aside and
    /// writes a new one).
    pub fn in_force(&self) -> Result<(Settings, bool), AppError> {
        match planner_config::load(&self.machine, &self.user) {
            Ok(s) => Ok((s, false)),
            Err(_) => planner_config::load_above_user(&self.machine)
                .map(|s| (s, true))
                .map_err(|e| AppError::config(e.to_string())),
        }
    }
}

/// The local workspace's file in the data directory `data`.
pub(crate) fn workspace_file(data: &Path) -> PathBuf {
    data.join("workspace.db")
}

/// The audit log beside the local workspace in `data`.
pub(crate) fn audit_log(data: &Path) -> PathBuf {
    data.join("audit.log")
}

/// One table's folder of the user's local things: the id of the team open last (not a secret,
/// so that a start opens it) and the offline copies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDir(pub PathBuf);

impl TableDir {
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The table's name as bound into the offline copies (the folder's name).
    pub fn table(&self) -> String {
        self.0.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    }

    /// What the window remembers for `team` (`prefs.rs`).
    pub fn prefs(&self, team: &TeamId) -> PathBuf {
        self.0.join("prefs").join(format!("{team}.json"))
    }

    /// The id of the team open last.
    pub fn last_team(&self) -> PathBuf {
        self.0.join("last-team.txt")
    }

    /// Present after a sign-out where the table signs in by AWS identity: the next start stays
    /// signed out until the sign-in button (the identity itself is the OS's, always there).
    pub fn signed_out(&self) -> PathBuf {
        self.0.join("signed-out")
    }

    /// The offline copies' folder.
    pub fn offline(&self) -> PathBuf {
        self.0.join("offline")
    }

    /// Who was signed in last.
    pub fn profile_copy(&self) -> PathBuf {
        self.offline().join("profile.bin")
    }

    /// One team's copy.
    pub fn team_copy(&self, team: &TeamId) -> PathBuf {
        self.offline().join(format!("{team}.bin"))
    }

    /// What the file of `user`'s copy of `team` is bound to (besides the table).
    pub fn team_owner(user: &UserId, team: &TeamId) -> String {
        format!("{user}|{team}")
    }
}

/// A file-name-safe form of a table's place, one to one: letters, digits, `-` and `.` stay; any
/// other character is `_` and its UTF-8 bytes in hex (`_` itself too), so two places never get
/// one folder (an earlier form mapped every other character to `_`).
pub(crate) fn folder_name(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
            out.push(c);
        } else {
            let mut bytes = [0; 4];
            out.push('_');
            for b in c.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("{b:02X}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tables_folder_is_safe_and_holds_its_files() {
        let places = Places { machine: "/m".into(), user: "/u".into(), data: "/d".into() };
        let dir = places.table_dir("plan@http://127.0.0.1:8000");
        assert_eq!(dir.path(), Path::new("/d/tables/plan_40http_3A_2F_2F127.0.0.1_3A8000"));
        assert_eq!(dir.last_team(), dir.path().join("last-team.txt"));
        // One to one: places that differ only where the old form wrote `_` get their own folders.
        let names = ["a@b", "a_b", "a:b", "a/b", "a_40b", "a b", "a\u{e9}b"].map(folder_name);
        assert_eq!(names.iter().collect::<std::collections::HashSet<_>>().len(), names.len(), "{names:?}");
        assert_eq!(dir.profile_copy(), dir.offline().join("profile.bin"));
        assert_eq!(places.workspace_file(), Path::new("/d/workspace.db"));
        assert_eq!(places.audit_log(), Path::new("/d/audit.log"));
    }
}
