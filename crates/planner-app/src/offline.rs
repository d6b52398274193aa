//! The offline copy inside the app: per user and team, in `offline/` of the user's folder for
//! the table ([`crate::Auth::local_dir`], which signing out removes), encrypted with
//! a key kept in the OS keyring (account `cache-key/{table}`). Loads and confirmed edits update
//! it ([`TeamCopy`]); a start opens the last team from it at once; while the table is out of
//! reach the window reads it. A copy that cannot be read is discarded and the user told.
//!
//! The format and the encryption are in `planner-cache`; this module glues them to the keyring,
//! the clock and the app's types.

use crate::AppError;
use crate::places::TableDir;
use planner_auth::TokenVault;
use planner_cache::{CacheFile, CacheKey, Change, Profile, Snapshot};
use planner_domain::{DateRange, TeamId, UserId, WindowItems};
use planner_store::{Sensitive, Timeline};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// When a read of the table was answered (`at`, RFC 3339) and when it began ([`TeamCopy::mark`]).
#[derive(Debug, Clone)]
pub struct Stamp {
    pub at: String,
    pub began: u64,
}

/// The user's offline copies on one team table: a folder and the key in the keyring.
#[derive(Debug)]
pub struct Copies {
    dir: TableDir,
    /// The table's place (`table@region`), bound into every file with its user and team.
    table: String,
    keys: Arc<dyn TokenVault>,
    key: Mutex<Option<CacheKey>>,
    /// How many times the copies were forgotten (signed out). Whoever will keep something for a
    /// session reads it first ([`Copies::epoch`]) and passes it along: kept after a sign-out
    /// that came meanwhile, it would outlive the sign-out (a resume that was already asking
    /// the table when the user signed out).
    epoch: Arc<AtomicU64>,
    /// Held while checking the epoch and keeping (or making the key), and while forgetting.
    gate: tokio::sync::Mutex<()>,
}

/// What a read of a copy found: the value, and a notice if a damaged file was discarded.
pub struct Found<T> {
    pub value: Option<T>,
    pub notice: Option<AppError>,
}

impl Copies {
    /// The copies in `local_dir/offline`, keyed by the keyring entry `keys`.
    pub fn new(local_dir: &Path, keys: Arc<dyn TokenVault>) -> Self {
        let dir = TableDir(local_dir.to_owned());
        Self {
            table: dir.table(),
            dir,
            keys,
            key: Mutex::new(None),
            epoch: Arc::new(AtomicU64::new(0)),
            gate: tokio::sync::Mutex::new(()),
        }
    }

    /// The copies' epoch now: read it before asking the table for what will be kept.
    pub fn epoch(&self) -> u64 {
        self.epoch.load(Ordering::SeqCst)
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
                tracing::warn!("no offline copy is kept: {e}");
                None
            }
            Err(_) => None,
        }
    }

    async fn file(&self, path: std::path::PathBuf, owner: String) -> Option<CacheFile> {
        Some(CacheFile::new(path, self.key().await?, format!("{}|{owner}", self.table)))
    }

    /// Who was signed in last, as the table confirmed it.
    pub async fn profile(&self) -> Found<Profile> {
        match self.file(self.dir.profile_copy(), "profile".into()).await {
            Some(file) => read(file).await,
            None => Found { value: None, notice: None },
        }
    }

    /// Keeps who is signed in (after the table confirmed the session), unless the copies were
    /// forgotten since `epoch`.
    pub async fn keep_profile(&self, epoch: u64, profile: Profile) {
        let _gate = self.gate.lock().await;
        if self.epoch() != epoch {
            tracing::info!("signed out meanwhile: the profile is not kept");
            return;
        }
        if let Some(file) = self.file(self.dir.profile_copy(), "profile".into()).await {
            write(file, profile).await;
        }
    }

    /// The copy of `team` as seen by `user` (empty when there is none yet, and when the copies
    /// were forgotten since `epoch`: then no key is made either).
    pub async fn team(&self, epoch: u64, user: &UserId, team: &TeamId) -> (Arc<TeamCopy>, Option<AppError>) {
        let _gate = self.gate.lock().await;
        if self.epoch() != epoch {
            return (Arc::new(TeamCopy::none()), None);
        }
        let Some(file) = self.file(self.dir.team_copy(team), TableDir::team_owner(user, team)).await else {
            return (Arc::new(TeamCopy::none()), None);
        };
        let found = read::<Snapshot>(file.clone()).await;
        let copy = TeamCopy {
            file: Some(file),
            snapshot: Mutex::new(found.value),
            journal: Default::default(),
            writing: Default::default(),
            kept: Some((epoch, self.epoch.clone())),
        };
        (Arc::new(copy), found.notice)
    }

    /// Removes the key from the keyring (on sign-out; the files go with the user's folder), and
    /// starts a new epoch: what was begun before is not kept.
    pub async fn forget(&self) {
        let _gate = self.gate.lock().await;
        self.epoch.fetch_add(1, Ordering::SeqCst);
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
            tracing::warn!("offline copy discarded: {e}");
            let _ = file.discard();
            Found { value: None, notice: Some(AppError::CacheDamaged(e.to_string())) }
        }
    })
    .await;
    loaded.unwrap_or(Found { value: None, notice: None })
}

async fn write<T: serde::Serialize + Send + 'static>(file: CacheFile, value: T) {
    let done = tokio::task::spawn_blocking(move || file.store(&value)).await;
    if let Ok(Err(e)) = done {
        tracing::warn!("{e}");
    }
}

/// A timeline as the window shows it: read from the table (all of the window loaded), or from
/// the offline copy (`cached`; only the days in `loaded`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedTimeline {
    pub timeline: Timeline,
    pub loaded: Vec<DateRange>,
    pub cached: bool,
}

impl From<Timeline> for LoadedTimeline {
    fn from(timeline: Timeline) -> Self {
        Self { loaded: vec![timeline.window], timeline, cached: false }
    }
}

/// One team's copy while the team is open: in memory, and written through to its file after
/// every change.
#[derive(Debug)]
pub struct TeamCopy {
    file: Option<CacheFile>,
    snapshot: Mutex<Option<Snapshot>>,
    /// The edits confirmed, so that an older read's answer does not undo them.
    journal: Mutex<crate::journal::Journal>,
    /// One write at a time; each writes the newest snapshot.
    writing: tokio::sync::Mutex<()>,
    /// The epoch it was made in and the copies' epoch: after a sign-out it writes no more (a
    /// load that was under way when the user signed out).
    kept: Option<(u64, Arc<AtomicU64>)>,
}

impl TeamCopy {
    /// No copy is kept (no keyring).
    pub fn none() -> Self {
        Self {
            file: None,
            snapshot: Mutex::new(None),
            journal: Default::default(),
            writing: Default::default(),
            kept: None,
        }
    }

    /// Whether there is a copy to show.
    pub fn exists(&self) -> bool {
        lock(&self.snapshot).is_some()
    }

    /// When the copy was last in step with the table.
    pub fn synced_at(&self) -> Option<String> {
        lock(&self.snapshot).as_ref().map(|s| s.synced_at.clone())
    }

    /// Taken before a read of the table ([`Stamp::began`]).
    pub fn mark(&self) -> u64 {
        lock(&self.journal).mark()
    }

    /// The oldest read of the loaded days in `view` (RFC 3339), if any is loaded.
    pub fn synced_in(&self, view: DateRange) -> Option<String> {
        lock(&self.snapshot).as_ref().and_then(|s| s.synced_in(view).map(str::to_owned))
    }

    /// A timeline read from the table.
    pub async fn timeline_read(&self, t: &Timeline, stamp: Stamp) {
        let kept = lock(&self.journal).since(stamp.began);
        let at = stamp.at;
        {
            let mut s = lock(&self.snapshot);
            match &mut *s {
                Some(s) => {
                    s.team = t.team.clone();
                    s.calendars = t.calendars.clone();
                    s.labels = t.labels.clone();
                    s.rows(t.people.clone(), t.projects.clone(), &kept);
                    s.loaded(t.window, t.items.clone(), Some(at), &kept);
                }
                None => {
                    let mut fresh = Snapshot::new(
                        t.team.clone(),
                        t.people.clone(),
                        t.projects.clone(),
                        t.window,
                        t.items.clone(),
                        at,
                    );
                    fresh.calendars = t.calendars.clone();
                    fresh.labels = t.labels.clone();
                    *s = Some(fresh);
                }
            }
        }
        self.persist().await;
    }

    /// What `window` holds, read from the table.
    pub async fn window_read(&self, window: DateRange, found: &WindowItems, stamp: Stamp) {
        let kept = lock(&self.journal).since(stamp.began);
        self.change(|s| s.loaded(window, found.clone(), Some(stamp.at), &kept)).await;
    }

    /// People, projects and the team's lists read from the table (the catalog): confirmed edits
    /// of people and projects since the read began stay over its answer, as for a window
    /// ([`TeamCopy::timeline_read`]); the lists are taken as read, as calendars are.
    pub async fn rows_read(&self, catalog: &planner_store::Catalog, stamp: Stamp) {
        let kept = lock(&self.journal).since(stamp.began);
        self.change(|s| {
            s.labels = catalog.labels.clone();
            s.rows(catalog.people.clone(), catalog.projects.clone(), &kept)
        })
        .await;
    }

    /// A confirmed change (an edit).
    pub async fn apply(&self, change: Change) {
        lock(&self.journal).record(&change);
        self.change(|s| s.apply(change)).await;
    }

    /// Applies someone's change that the live view brought, unless the copy holds a newer state
    /// of its item (`removed`: the version a delete removed; `Snapshot::apply_live`). One applied
    /// stands over the answers of reads begun before it, as this app's own edits do.
    pub async fn apply_live(&self, change: Change, removed: Option<u64>) {
        let record = change.clone();
        self.change(|s| {
            if s.apply_live(change, removed) {
                lock(&self.journal).record(&record);
            }
        })
        .await;
    }

    async fn change(&self, f: impl FnOnce(&mut Snapshot)) {
        {
            let mut s = lock(&self.snapshot);
            let Some(s) = &mut *s else { return };
            f(s);
        }
        self.persist().await;
    }

    /// What the copy shows of `window`, if there is a copy.
    pub fn timeline(&self, window: DateRange) -> Option<LoadedTimeline> {
        lock(&self.snapshot).as_ref().map(|s| LoadedTimeline {
            timeline: Timeline {
                team: s.team.clone(),
                window,
                people: s.people.clone(),
                projects: s.projects.clone(),
                calendars: s.calendars.clone(),
                labels: s.labels.clone(),
                items: s.items_in(window),
            },
            loaded: s.loaded_in(window),
            cached: true,
        })
    }

    /// The assignments of `window`, if the copy holds all of them.
    pub fn window(&self, window: DateRange) -> Option<WindowItems> {
        let s = lock(&self.snapshot);
        let s = s.as_ref().filter(|s| s.covers(window))?;
        Some(s.items_in(window))
    }

    /// People, projects and the team's lists as the copy has them.
    pub fn catalog(&self) -> Option<planner_store::Catalog> {
        lock(&self.snapshot).as_ref().map(|s| planner_store::Catalog {
            people: s.people.clone(),
            projects: s.projects.clone(),
            labels: s.labels.clone(),
            ..Default::default()
        })
    }

    async fn persist(&self) {
        let Some(file) = self.file.clone() else { return };
        let _turn = self.writing.lock().await;
        if self.kept.as_ref().is_some_and(|(born, now)| now.load(Ordering::SeqCst) != *born) {
            return;
        }
        let Some(newest) = lock(&self.snapshot).clone() else { return };
        write(file, newest).await;
    }
}

/// A plain lock whose holder cannot leave it half-changed.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_auth::MemoryVault;
    use planner_cache::ProfileTeam;

    fn profile(user: &UserId) -> Profile {
        Profile { user: user.clone(), email: "ada@example.com".into(), teams: Vec::<ProfileTeam>::new() }
    }

    /// A resume that was asking the table when the user signed out keeps nothing afterwards: no
    /// profile, no new key in the keyring, no copy; one begun after it keeps again.
    #[tokio::test]
    async fn what_was_begun_before_a_sign_out_is_not_kept_after_it() {
        let dir = std::env::temp_dir().join(format!("rp-offline-{}", ulid::Ulid::new()));
        let keys = Arc::new(MemoryVault::default());
        let copies = Copies::new(&dir.join("table@region"), keys.clone());
        let (user, team) = (UserId::generate(), TeamId::generate());
        let profile_file = dir.join("table@region/offline/profile.bin");

        let before = copies.epoch();
        copies.keep_profile(before, profile(&user)).await;
        assert!(profile_file.exists(), "kept while signed in");
        assert!(keys.load().unwrap().is_some(), "its key is in the keyring");

        // Signed out (as the sign-out does it: the key, then the folder).
        copies.forget().await;
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(keys.load().unwrap().is_none());

        // The resume begun before goes on: nothing of it stays.
        copies.keep_profile(before, profile(&user)).await;
        let (copy, notice) = copies.team(before, &user, &team).await;
        assert!(!profile_file.exists(), "no profile after the sign-out");
        assert!(keys.load().unwrap().is_none(), "no new key after the sign-out");
        assert!(copy.file.is_none() && notice.is_none(), "no copy to write to");
        assert!(!dir.exists(), "nothing made on disk");

        // A sign-in afterwards keeps as before.
        copies.keep_profile(copies.epoch(), profile(&user)).await;
        assert!(profile_file.exists());
        assert_eq!(copies.profile().await.value.map(|p| p.user), Some(user));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
