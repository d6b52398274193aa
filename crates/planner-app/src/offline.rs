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
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
            pending: AtomicBool::new(false),
            #[cfg(test)]
            writes: Default::default(),
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

/// One team's copy while the team is open: in memory, and in its file. A confirmed edit is in
/// the file before its answer; what a read or the live view brought is written behind
/// ([`TeamCopy::write_behind`]): the window does not wait for the file (a whole copy's write,
/// 25 ms at 15,000 bookings and 151 ms at 60,000: `rp-bench --copy`), and a file that misses the
/// last read (the app quit meanwhile) holds what the table is read for again anyway.
#[derive(Debug)]
pub struct TeamCopy {
    file: Option<CacheFile>,
    snapshot: Mutex<Option<Snapshot>>,
    /// The edits confirmed, so that an older read's answer does not undo them.
    journal: Mutex<crate::journal::Journal>,
    /// One write at a time; each writes the newest snapshot.
    writing: tokio::sync::Mutex<()>,
    /// Whether the memory holds something the file does not and no write has begun since.
    pending: AtomicBool,
    /// How many times the file was written (the tests count them).
    #[cfg(test)]
    writes: std::sync::atomic::AtomicUsize,
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
            pending: AtomicBool::new(false),
            #[cfg(test)]
            writes: Default::default(),
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

    /// A timeline read from the table, in memory (the file: [`TeamCopy::write_behind`]).
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
        self.pending.store(true, Ordering::SeqCst);
    }

    /// What `window` holds, read from the table, in memory (the file: [`TeamCopy::write_behind`]).
    pub async fn window_read(&self, window: DateRange, found: &WindowItems, stamp: Stamp) {
        let kept = lock(&self.journal).since(stamp.began);
        self.change_now(|s| s.loaded(window, found.clone(), Some(stamp.at), &kept));
    }

    /// People, projects and the team's lists read from the table (the catalog): confirmed edits
    /// of people and projects since the read began stay over its answer, as for a window
    /// ([`TeamCopy::timeline_read`]); the lists are taken as read, as calendars are. In memory
    /// (the file: [`TeamCopy::write_behind`]).
    pub async fn rows_read(&self, catalog: &planner_store::Catalog, stamp: Stamp) {
        let kept = lock(&self.journal).since(stamp.began);
        self.change_now(|s| {
            s.labels = catalog.labels.clone();
            s.rows(catalog.people.clone(), catalog.projects.clone(), &kept)
        });
    }

    /// A confirmed change (an edit).
    pub async fn apply(&self, change: Change) {
        lock(&self.journal).record(&change);
        self.change(|s| s.apply(change)).await;
    }

    /// Applies someone's change that the live view brought, unless the copy holds a newer state
    /// of its item (`removed`: the version a delete removed; `Snapshot::apply_live`). One applied
    /// stands over the answers of reads begun before it, as this app's own edits do. In memory
    /// (the file: [`TeamCopy::write_behind`], once for all the news of one ask).
    pub async fn apply_live(&self, change: Change, removed: Option<u64>) {
        let record = change.clone();
        self.change_now(|s| {
            if s.apply_live(change, removed) {
                lock(&self.journal).record(&record);
            }
        });
    }

    /// A change in memory and in the file (an edit's answer waits for both).
    async fn change(&self, f: impl FnOnce(&mut Snapshot)) {
        self.change_now(f);
        self.written().await;
    }

    /// A change in memory; the file is told by [`TeamCopy::write_behind`] or the next write.
    fn change_now(&self, f: impl FnOnce(&mut Snapshot)) {
        let mut s = lock(&self.snapshot);
        let Some(s) = &mut *s else { return };
        f(s);
        self.pending.store(true, Ordering::SeqCst);
    }

    /// Writes what is in memory to the file in the background, unless a write that will take
    /// it is already waiting: many reads in a row (a scroll) make one or two writes, not one each.
    pub fn write_behind(self: &Arc<Self>) {
        if self.file.is_none() || !self.pending.load(Ordering::SeqCst) {
            return;
        }
        let copy = self.clone();
        tokio::spawn(async move { copy.written().await });
    }

    /// Waits until the file holds what is in memory now (a write under way, or one not begun).
    pub async fn written(&self) {
        let _turn = self.writing.lock().await;
        if self.pending.load(Ordering::SeqCst) {
            self.write_newest().await;
        }
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

    /// Writes the newest snapshot; the caller holds `writing`.
    async fn write_newest(&self) {
        // Cleared before the snapshot is taken: a change after it is written again.
        self.pending.store(false, Ordering::SeqCst);
        let Some(file) = self.file.clone() else { return };
        if self.kept.as_ref().is_some_and(|(born, now)| now.load(Ordering::SeqCst) != *born) {
            return;
        }
        let Some(newest) = lock(&self.snapshot).clone() else { return };
        write(file, newest).await;
        #[cfg(test)]
        self.writes.fetch_add(1, Ordering::SeqCst);
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

    fn a_timeline(team: &TeamId, from: &str) -> Timeline {
        let from = planner_domain::Date::parse(from).unwrap();
        Timeline {
            team: planner_domain::Team {
                id: team.clone(),
                name: planner_domain::Name::parse("Studio").unwrap(),
                created_at: "2026-12-01T09:00:00Z".into(),
                default_week: Default::default(),
                feed_days: planner_domain::Team::DEFAULT_FEED_DAYS,
            },
            window: DateRange::window(from, from.add_days(28)).unwrap(),
            people: vec![],
            projects: vec![],
            calendars: vec![],
            labels: vec![],
            items: WindowItems::default(),
        }
    }

    fn stamp() -> Stamp {
        Stamp { at: "2026-12-07T09:00:00Z".into(), began: 0 }
    }

    /// A read's answer goes on to the window without waiting for the copy's file: a write of the
    /// whole copy (one is under way here, held) made every read of the table, and every ask of
    /// the live view, wait for it. The file follows, and the copy opened from it has the read.
    #[tokio::test]
    async fn a_read_is_taken_at_once_and_its_file_follows() {
        let dir = std::env::temp_dir().join(format!("rp-offline-{}", ulid::Ulid::new()));
        let keys: Arc<dyn TokenVault> = Arc::new(MemoryVault::default());
        let copies = Copies::new(&dir.join("table@region"), keys);
        let (user, team) = (UserId::generate(), TeamId::generate());
        let (copy, _) = copies.team(copies.epoch(), &user, &team).await;
        copy.timeline_read(&a_timeline(&team, "2026-11-30"), stamp()).await;
        copy.written().await;

        let busy = copy.writing.lock().await;
        let december = a_timeline(&team, "2026-12-28").window;
        let nothing = WindowItems::default();
        let read = copy.window_read(december, &nothing, stamp());
        let waited = tokio::time::timeout(std::time::Duration::from_secs(2), read).await;
        assert!(waited.is_ok(), "the read waited for the file");
        assert!(copy.window(december).is_some(), "in memory at once");
        copy.write_behind();
        drop(busy);
        copy.written().await;

        let (again, notice) = copies.team(copies.epoch(), &user, &team).await;
        assert!(notice.is_none());
        assert!(again.window(december).is_some(), "the file has the read");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Reads in a row while a write is under way make one more write, not one each.
    #[tokio::test]
    async fn reads_in_a_row_share_the_write_behind_them() {
        let dir = std::env::temp_dir().join(format!("rp-offline-{}", ulid::Ulid::new()));
        let copies = Copies::new(&dir.join("table@region"), Arc::new(MemoryVault::default()));
        let (user, team) = (UserId::generate(), TeamId::generate());
        let (copy, _) = copies.team(copies.epoch(), &user, &team).await;
        copy.timeline_read(&a_timeline(&team, "2026-11-30"), stamp()).await;
        let busy = copy.writing.lock().await;
        for week in 0..5 {
            let from = planner_domain::Date::parse("2027-01-04").unwrap().add_days(7 * week);
            copy.window_read(
                DateRange::window(from, from.add_days(7)).unwrap(),
                &WindowItems::default(),
                stamp(),
            )
            .await;
            copy.write_behind();
        }
        assert!(copy.pending.load(Ordering::SeqCst));
        let before = copy.writes.load(Ordering::SeqCst);
        drop(busy);
        // The five writers behind the held one: the first writes, the others find it done.
        for _ in 0..50 {
            tokio::task::yield_now().await;
        }
        copy.written().await;
        assert_eq!(copy.writes.load(Ordering::SeqCst) - before, 1, "one write for the five reads");
        let (again, _) = copies.team(copies.epoch(), &user, &team).await;
        let weeks = DateRange::window(
            planner_domain::Date::parse("2027-01-04").unwrap(),
            planner_domain::Date::parse("2027-02-08").unwrap(),
        )
        .unwrap();
        assert!(again.window(weeks).is_some(), "every read is in the file");
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
