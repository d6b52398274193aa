//! The offline copy inside the app (issue #5): per user and team, in `offline/` of the user's
//! folder for the table ([`crate::Auth::local_dir`], which signing out removes), encrypted with
//! a key kept in the OS keyring (account `cache-key/{table}`). Loads and confirmed edits update
//! it ([`TeamCopy`]); a start opens the last team from it at once; while the table is out of
//! reach the window reads it. A copy that cannot be read is discarded and the user told.
//!
//! The format and the encryption are in `planner-cache`; this module glues them to the keyring,
//! the clock and the app's types.

use crate::IpcError;
use crate::dto::TimelineDto;
use planner_auth::TokenVault;
use planner_cache::{CacheFile, CacheKey, Profile, Snapshot};
use planner_domain::{Assignment, DateRange, TeamId, UserId};
use planner_store::{Sensitive, Timeline};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The user's offline copies on one team table: a folder and the key in the keyring.
#[derive(Debug)]
pub struct Copies {
    dir: PathBuf,
    /// The table's place (`table@region`), bound into every file with its user and team.
    table: String,
    keys: Arc<dyn TokenVault>,
    key: Mutex<Option<CacheKey>>,
}

/// What a read of a copy found: the value, and a notice if a damaged file was discarded.
pub struct Found<T> {
    pub value: Option<T>,
    pub notice: Option<IpcError>,
}

impl Copies {
    /// The copies in `local_dir/offline`, keyed by the keyring entry `keys`.
    pub fn new(local_dir: &Path, keys: Arc<dyn TokenVault>) -> Self {
        let table = local_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        Self { dir: local_dir.join("offline"), table, keys, key: Mutex::new(None) }
    }

    /// The key of the copies, made and kept in the keyring on first use. Without a keyring no
    /// copy is kept (the app works online as before).
    async fn key(&self) -> Option<CacheKey> {
        if let Some(key) = lock(&self.key).clone() {
            return Some(key);
        }
        let keys = self.keys.clone();
        let found = tokio::task::spawn_blocking(move || -> Result<CacheKey, planner_auth::VaultError> {
            if let Some(key) = keys.load()?.and_then(|hex| CacheKey::from_hex(hex.expose())) {
                return Ok(key);
            }
            let key = CacheKey::generate();
            keys.save(&Sensitive::new(key.to_hex()))?;
            Ok(key)
        })
        .await;
        match found {
            Ok(Ok(key)) => {
                *lock(&self.key) = Some(key.clone());
                Some(key)
            }
            Ok(Err(e)) => {
                crate::log::event("warn", &format!("no offline copy is kept: {e}"));
                None
            }
            Err(_) => None,
        }
    }

    async fn file(&self, name: &str, owner: String) -> Option<CacheFile> {
        Some(CacheFile::new(self.dir.join(name), self.key().await?, format!("{}|{owner}", self.table)))
    }

    /// Who was signed in last, as the table confirmed it.
    pub async fn profile(&self) -> Found<Profile> {
        match self.file("profile.bin", "profile".into()).await {
            Some(file) => read(file).await,
            None => Found { value: None, notice: None },
        }
    }

    /// Keeps who is signed in (after the table confirmed the session).
    pub async fn keep_profile(&self, profile: Profile) {
        if let Some(file) = self.file("profile.bin", "profile".into()).await {
            write(file, profile).await;
        }
    }

    /// The copy of `team` as seen by `user` (empty when there is none yet).
    pub async fn team(&self, user: &UserId, team: &TeamId) -> (Arc<TeamCopy>, Option<IpcError>) {
        let Some(file) = self.file(&format!("{team}.bin"), format!("{user}|{team}")).await else {
            return (Arc::new(TeamCopy::none()), None);
        };
        let found = read::<Snapshot>(file.clone()).await;
        let copy =
            TeamCopy { file: Some(file), snapshot: Mutex::new(found.value), writing: Default::default() };
        (Arc::new(copy), found.notice)
    }

    /// Removes the key from the keyring (on sign-out; the files go with the user's folder).
    pub async fn forget(&self) {
        *lock(&self.key) = None;
        let keys = self.keys.clone();
        let _ = tokio::task::spawn_blocking(move || keys.delete()).await;
    }
}

/// Reads a file off the async threads; a damaged one is discarded and becomes a notice.
async fn read<T: serde::de::DeserializeOwned + Send + 'static>(file: CacheFile) -> Found<T> {
    let loaded = tokio::task::spawn_blocking(move || match file.load::<T>() {
        Ok(value) => Found { value, notice: None },
        Err(e) => {
            crate::log::event("warn", &format!("offline copy discarded: {e}"));
            let _ = file.discard();
            Found { value: None, notice: Some(IpcError { code: "cache_damaged", message: e.to_string() }) }
        }
    })
    .await;
    loaded.unwrap_or(Found { value: None, notice: None })
}

async fn write<T: serde::Serialize + Send + 'static>(file: CacheFile, value: T) {
    let done = tokio::task::spawn_blocking(move || file.store(&value)).await;
    if let Ok(Err(e)) = done {
        crate::log::event("warn", &e.to_string());
    }
}

/// One team's copy while the team is open: in memory, and written through to its file after
/// every change.
#[derive(Debug)]
pub struct TeamCopy {
    file: Option<CacheFile>,
    snapshot: Mutex<Option<Snapshot>>,
    /// One write at a time; each writes the newest snapshot.
    writing: tokio::sync::Mutex<()>,
}

impl TeamCopy {
    /// No copy is kept (no keyring).
    pub fn none() -> Self {
        Self { file: None, snapshot: Mutex::new(None), writing: Default::default() }
    }

    /// Whether there is a copy to show.
    pub fn exists(&self) -> bool {
        lock(&self.snapshot).is_some()
    }

    /// When the copy was last in step with the table.
    pub fn synced_at(&self) -> Option<String> {
        lock(&self.snapshot).as_ref().map(|s| s.synced_at.clone())
    }

    /// A timeline read from the table at `at`.
    pub async fn timeline_read(&self, t: &Timeline, at: String) {
        {
            let mut s = lock(&self.snapshot);
            match &mut *s {
                Some(s) => {
                    s.team = t.team.clone();
                    s.rows(t.resources.clone(), t.projects.clone());
                    s.loaded(t.window, t.assignments.clone(), Some(at));
                }
                None => {
                    *s = Some(Snapshot::new(
                        t.team.clone(),
                        t.resources.clone(),
                        t.projects.clone(),
                        t.window,
                        t.assignments.clone(),
                        at,
                    ))
                }
            }
        }
        self.persist().await;
    }

    /// Assignments of `window` read from the table at `at`.
    pub async fn window_read(&self, window: DateRange, found: &[Assignment], at: String) {
        self.change(|s| s.loaded(window, found.to_vec(), Some(at))).await;
    }

    /// A confirmed change (an edit, or people and projects read again).
    pub async fn change(&self, f: impl FnOnce(&mut Snapshot)) {
        {
            let mut s = lock(&self.snapshot);
            let Some(s) = &mut *s else { return };
            f(s);
        }
        self.persist().await;
    }

    /// What the copy shows of `window`, if there is a copy.
    pub fn timeline(&self, window: DateRange) -> Option<TimelineDto> {
        lock(&self.snapshot).as_ref().map(|s| TimelineDto::cached(s, window))
    }

    /// The assignments of `window`, if the copy holds all of them.
    pub fn window(&self, window: DateRange) -> Option<Vec<Assignment>> {
        let s = lock(&self.snapshot);
        let s = s.as_ref().filter(|s| s.covers(window))?;
        Some(s.assignments_in(window))
    }

    /// People and projects as the copy has them.
    pub fn catalog(&self) -> Option<(Vec<planner_domain::Resource>, Vec<planner_domain::Project>)> {
        lock(&self.snapshot).as_ref().map(|s| (s.resources.clone(), s.projects.clone()))
    }

    async fn persist(&self) {
        let Some(file) = self.file.clone() else { return };
        let _turn = self.writing.lock().await;
        let Some(newest) = lock(&self.snapshot).clone() else { return };
        write(file, newest).await;
    }
}

/// A plain lock whose holder cannot leave it half-changed.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
