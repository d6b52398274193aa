//! What the app holds while it runs: the store it works on and, when a team is open, the scope
//! it acts in. The scope is made only here — from the local workspace's owner, or from a
//! signed-in session and the stored membership — and commands ask for it with
//! [`AppState::plan`]; they never take a team from the UI.

use crate::IpcError;
use crate::dto::{AssignmentDto, CatalogDto, OfflineDto, SessionDto, TeamDto, TimelineDto};
use crate::offline::{Copies, TeamCopy};
use planner_auth::{Lang, SmtpMailer, TokenVault};
use planner_cache::{Profile, ProfileTeam, Snapshot};
use planner_domain::{Clock, Date, DateRange, Email, Name, SystemClock, TeamId, UserId};
use planner_store::{
    AuditSink, Engine, FileAudit, Sensitive, Store, StoreError, TeamMembership, TeamScope, VerifiedSession,
};
use std::sync::Arc;
use std::time::Duration;
use tauri::ipc::Channel;
use tokio::sync::RwLock;

/// How often an open team's session and membership are checked when nothing else reads the
/// table (this is also how soon a lost connection is noticed).
pub const HEARTBEAT: Duration = Duration::from_secs(10);

/// The wait before the `n`-th try to reach the table again: 1, 2, 4, 8, 16, then 30 seconds.
pub fn backoff(n: u32) -> Duration {
    Duration::from_secs(1u64 << n.min(5)).min(Duration::from_secs(30))
}

pub struct AppState {
    clock: Arc<dyn Clock>,
    workspace: RwLock<Workspace>,
    /// How people sign in; none on the local workspace. Replaced with the workspace when the
    /// settings change ([`AppState::replace_with`]).
    auth: std::sync::Mutex<Option<Arc<Auth>>>,
    /// The window's ear for changes it did not ask for (a sign-in link from the OS, a session
    /// found ended by a command).
    watcher: std::sync::Mutex<Option<Channel<SessionDto>>>,
    /// What the OS's link brought before the window listened (a failure is said only once).
    unheard: std::sync::Mutex<Option<SessionDto>>,
    /// Something the window should be told once (an offline copy found damaged).
    notice: std::sync::Mutex<Option<IpcError>>,
    /// Wakes the connection check early (the table was just found out of reach).
    wake: tokio::sync::Notify,
    /// Whether the window has had a timeline (at a start from the copy, the fresh data waits
    /// for that, so that the copy shows first and the fresh data replaces it in place).
    shown: tokio::sync::watch::Sender<bool>,
}

/// How people sign in to a team table: the mailer of codes and the vault of the session token.
pub struct Auth {
    pub mailer: Option<SmtpMailer>,
    pub vault: Arc<dyn TokenVault>,
    /// This table's folder of the user's local things: the id of the team open last (not a
    /// secret, so that a start opens it) and the offline copies. Signing out removes the
    /// folder.
    pub local_dir: Option<std::path::PathBuf>,
    /// The offline copies in `local_dir` and their key's keyring entry (none: no copy kept).
    pub copies: Option<Copies>,
}

/// What the window works on now.
enum Workspace {
    /// This computer's local workspace, always open as its owner (admin).
    Local { store: Arc<Store>, scope: TeamScope },
    /// A team table with nobody signed in; `reason` says why (an expired session, say).
    SignedOut { store: Arc<Store>, reason: Option<IpcError> },
    /// A team table, signed in, one of the user's teams open.
    Team { store: Arc<Store>, open: Box<Signed> },
    /// A team table, signed in, but the table is out of reach (or, at start-up, not reached
    /// yet): the window shows the offline copy and edits nothing until the connection is back.
    Offline { store: Arc<Store>, open: Box<Cached> },
    /// Nothing could be opened (a bad settings file, say): every command answers `reason`.
    Broken { reason: IpcError },
}

struct Signed {
    token: Sensitive,
    session: VerifiedSession,
    email: Email,
    teams: Vec<TeamMembership>,
    scope: TeamScope,
    copy: Arc<TeamCopy>,
}

/// The signed-in user and team as last confirmed, while the table cannot be reached.
struct Cached {
    token: Sensitive,
    user: UserId,
    email: Email,
    teams: Vec<TeamMembership>,
    team: TeamId,
    copy: Arc<TeamCopy>,
    /// Why the table cannot be reached; none while the first try of a start runs.
    reason: Option<IpcError>,
    /// Tries since the connection was lost.
    tries: u32,
}

impl Cached {
    fn of(open: Signed, reason: IpcError) -> Self {
        Self {
            user: open.session.user().clone(),
            team: open.scope.team().clone(),
            token: open.token,
            email: open.email,
            teams: open.teams,
            copy: open.copy,
            reason: Some(reason),
            tries: 0,
        }
    }
}

/// What a command in the open team works with.
struct OpenPlan {
    store: Arc<Store>,
    scope: TeamScope,
    copy: Option<Arc<TeamCopy>>,
    /// The session the scope came from (none on the local workspace, which is never offline).
    session: Option<VerifiedSession>,
}

/// Whether an error means the table is out of reach (network, timeouts, lapsed credentials).
fn out_of_reach(e: &IpcError) -> bool {
    matches!(e.code, "unavailable" | "credentials")
}

/// Refused because the table cannot be reached (nothing was sent).
fn offline(reason: Option<&IpcError>) -> IpcError {
    IpcError {
        code: "offline",
        message: match reason {
            Some(r) => format!(
                "you are offline, so nothing can be changed until the connection is back ({})",
                r.message
            ),
            None => "the team's data is still being reached; try again in a moment".into(),
        },
    }
}

/// A write whose answer was lost with the connection: it may or may not have been saved.
fn unconfirmed(reason: &IpcError) -> IpcError {
    IpcError {
        code: "unconfirmed",
        message: format!(
            "the connection was lost while this change was being saved ({}); it is checked when the connection is back, and doing it again then is safe",
            reason.message
        ),
    }
}

fn not_loaded() -> IpcError {
    IpcError {
        code: "not_loaded",
        message: "this part of the timeline was not loaded before the connection was lost".into(),
    }
}

/// The file in [`Auth::local_dir`] that holds the id of the team open last.
const LAST_TEAM: &str = "last-team.txt";

fn signed_out() -> IpcError {
    IpcError { code: "signed_out", message: "you are signed out; sign in to open your team".into() }
}

fn no_sign_in() -> IpcError {
    IpcError {
        code: "config",
        message: "this workspace is local to this computer; there is no sign-in".into(),
    }
}

impl AppState {
    /// The local workspace in the data directory `data`, with its audit log beside it.
    pub async fn open_local(data: &std::path::Path) -> Result<Self, IpcError> {
        let engine = Engine::LocalFile(data.join("workspace.db"));
        Self::open(engine, Arc::new(FileAudit::new(data.join("audit.log"))), Arc::new(SystemClock)).await
    }

    /// Opens a local workspace on `engine`; the demo team is added when it is created.
    pub async fn open(
        engine: Engine,
        audit: Arc<dyn AuditSink>,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, IpcError> {
        let conn = planner_store::connect(&engine, None).await?;
        let store = Store::new(conn, clock.clone(), audit);
        let (workspace, scope) = store.open_local_workspace().await?;
        if workspace.created {
            store.seed_demo(&scope, today(clock.as_ref())?, 1).await?;
        }
        let store = Arc::new(store);
        Ok(Self::new(clock, Workspace::Local { store, scope }, None))
    }

    /// A team table (`store`): signed in at once if the vault holds a session that is still
    /// valid, else signed out with the reason.
    pub async fn open_team(store: Store, auth: Auth, clock: Arc<dyn Clock>) -> Result<Self, IpcError> {
        let store = Arc::new(store);
        let state = Self::new(
            clock,
            Workspace::SignedOut { store: store.clone(), reason: None },
            Some(Arc::new(auth)),
        );
        // A keyring that cannot be reached (no Secret Service, say) is a reason on the sign-in
        // screen, not a window that opens nothing.
        let stored = match state.vault_call(|v| v.load()).await {
            Ok(token) => token,
            Err(reason) => {
                *state.workspace.write().await = Workspace::SignedOut { store, reason: Some(reason) };
                return Ok(state);
            }
        };
        if let Some(token) = stored {
            let last = state.last_team();
            // The last timeline at once from the offline copy; the table is reached in the
            // background (the connection check) and the window refreshes in place.
            if let Some(cached) = state.cached_start(token.clone(), last.as_ref()).await {
                *state.workspace.write().await = Workspace::Offline { store, open: Box::new(cached) };
                return Ok(state);
            }
            match state.resume(&store, token, last.as_ref(), state.epoch()).await {
                Ok(open) => *state.workspace.write().await = Workspace::Team { store, open: Box::new(open) },
                Err(reason) => {
                    // An ended or expired session is forgotten; any other failure (no network,
                    // lapsed AWS credentials) keeps the token for the next try. Either way the
                    // sign-in screen says why.
                    if matches!(reason.code, "session_invalid" | "not_member") {
                        state.vault_call(|v| v.delete()).await?;
                        state.forget_local().await?;
                    }
                    *state.workspace.write().await = Workspace::SignedOut { store, reason: Some(reason) };
                }
            }
        }
        Ok(state)
    }

    /// An app that could not open anything: the window shows `reason` (which names the file,
    /// line and key of a bad setting).
    pub fn broken(reason: IpcError) -> Self {
        Self::new(Arc::new(SystemClock), Workspace::Broken { reason }, None)
    }

    fn new(clock: Arc<dyn Clock>, workspace: Workspace, auth: Option<Arc<Auth>>) -> Self {
        Self {
            clock,
            workspace: RwLock::new(workspace),
            auth: std::sync::Mutex::new(auth),
            watcher: std::sync::Mutex::new(None),
            unheard: std::sync::Mutex::new(None),
            notice: std::sync::Mutex::new(None),
            wake: tokio::sync::Notify::new(),
            shown: tokio::sync::watch::Sender::new(false),
        }
    }

    /// Takes over what `other` opened (after the settings changed): its workspace and its
    /// sign-in. Commands running on the old store finish on it.
    pub async fn replace_with(&self, other: AppState) {
        let mut w = self.workspace.write().await;
        *w = other.workspace.into_inner();
        *lock(&self.auth) = lock(&other.auth).take();
    }

    /// Where changes the window did not ask for are sent (the window calls this once).
    pub fn watch(&self, channel: Channel<SessionDto>) {
        if let Some(unheard) = lock(&self.unheard).take() {
            let _ = channel.send(unheard);
        }
        *lock(&self.watcher) = Some(channel);
    }

    /// Tells the window what is open now.
    pub async fn notify(&self) {
        let session = self.to_window().await;
        let watcher = lock(&self.watcher).clone();
        if let Some(channel) = watcher {
            // A window that went away has nobody to tell.
            let _ = channel.send(session);
        }
    }

    /// The store and the scope of the team open now, for every command that acts in the team.
    /// In a team it is checked again each time ([`Store::recheck_scope`]): the session must be
    /// live and the membership stored now decides the role. A dead session signs the window
    /// out; a lost membership opens another of the user's teams (or signs out if none is left);
    /// either way the command is refused with the reason.
    pub async fn plan(&self) -> Result<(Arc<Store>, TeamScope), IpcError> {
        self.open_plan().await.map(|p| (p.store, p.scope))
    }

    /// [`AppState::plan`] with the team's offline copy. A table out of reach switches the
    /// window to offline (and the command is refused: nothing was sent).
    async fn open_plan(&self) -> Result<OpenPlan, IpcError> {
        let epoch = self.epoch();
        let (store, token, session, team, copy) = match &*self.workspace.read().await {
            Workspace::Local { store, scope } => {
                return Ok(OpenPlan {
                    store: store.clone(),
                    scope: scope.clone(),
                    copy: None,
                    session: None,
                });
            }
            Workspace::Team { store, open } => (
                store.clone(),
                open.token.clone(),
                open.session.clone(),
                open.scope.team().clone(),
                open.copy.clone(),
            ),
            Workspace::Offline { open, .. } => return Err(offline(open.reason.as_ref())),
            Workspace::SignedOut { .. } => return Err(signed_out()),
            Workspace::Broken { reason } => return Err(reason.clone()),
        };
        match store.recheck_scope(&token, &session, &team).await {
            Ok(scope) => {
                let mut w = self.workspace.write().await;
                // Keep the role read now, unless the window moved on meanwhile.
                if let Workspace::Team { open, .. } = &mut *w
                    && open.scope.team() == scope.team()
                    && open.session == session
                {
                    if let Some(t) = open.teams.iter_mut().find(|t| &t.team == scope.team()) {
                        t.role = scope.role();
                    }
                    open.scope = scope.clone();
                }
                Ok(OpenPlan { store, scope, copy: Some(copy), session: Some(session) })
            }
            Err(e @ (StoreError::SessionInvalid | StoreError::NotMember)) => {
                let reason = IpcError::from(e);
                crate::log::event("warn", &format!("the team's scope was lost: {}", reason.code));
                self.lose_scope(&store, token, &session, reason.clone(), epoch).await?;
                Err(reason)
            }
            Err(e) => Err(self.lost(&session, e.into()).await),
        }
    }

    /// A read in the open team (`call`); a table out of reach switches the window to offline.
    pub async fn read<T>(
        &self,
        call: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
    ) -> Result<T, IpcError> {
        let p = self.open_plan().await?;
        match call(&p.store, &p.scope).await {
            Ok(v) => Ok(v),
            Err(e) => Err(self.failed(&p, e, false).await),
        }
    }

    /// A change in the open team (`call`); once confirmed, `keep` applies it to the offline
    /// copy. If the connection is lost on the way the answer is `unconfirmed`: the window
    /// checks it when the connection is back.
    pub async fn write<T>(
        &self,
        call: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
        keep: impl FnOnce(&mut Snapshot, &T),
    ) -> Result<T, IpcError> {
        let p = self.open_plan().await?;
        match call(&p.store, &p.scope).await {
            Ok(v) => {
                if let Some(copy) = &p.copy {
                    copy.change(|s| keep(s, &v)).await;
                }
                Ok(v)
            }
            Err(e) => Err(self.failed(&p, e, true).await),
        }
    }

    /// A failed call's error; a table out of reach switches the window to offline.
    async fn failed(&self, p: &OpenPlan, e: StoreError, wrote: bool) -> IpcError {
        let reason = IpcError::from(e);
        let Some(session) = p.session.as_ref().filter(|_| out_of_reach(&reason)) else { return reason };
        self.go_offline(session, reason.clone()).await;
        if wrote { unconfirmed(&reason) } else { offline(Some(&reason)) }
    }

    /// The timeline of `window`: from the table (and kept in the offline copy), or from the
    /// copy while the table is out of reach.
    pub async fn timeline(&self, window: DateRange) -> Result<TimelineDto, IpcError> {
        let found = self.timeline_of(window).await;
        self.shown.send_replace(true);
        found
    }

    async fn timeline_of(&self, window: DateRange) -> Result<TimelineDto, IpcError> {
        let p = match self.open_plan().await {
            Ok(p) => p,
            Err(e) if e.code == "offline" => return self.copied(|c| c.timeline(window)).await,
            Err(e) => return Err(e),
        };
        match p.store.timeline(&p.scope, window).await {
            Ok(t) => {
                if let Some(copy) = &p.copy {
                    copy.timeline_read(&t, self.now()).await;
                }
                Ok((&t).into())
            }
            Err(e) => match self.failed(&p, e, false).await {
                e if e.code == "offline" => self.copied(|c| c.timeline(window)).await,
                e => Err(e),
            },
        }
    }

    /// The assignments of `window`: from the table (and kept), or from the copy if it holds
    /// that window; otherwise `not_loaded`.
    pub async fn window(&self, window: DateRange) -> Result<Vec<AssignmentDto>, IpcError> {
        let from_copy = async || {
            let found = self.copied(|c| Some(c.window(window))).await?.ok_or_else(not_loaded)?;
            Ok(found.iter().map(Into::into).collect())
        };
        let p = match self.open_plan().await {
            Ok(p) => p,
            Err(e) if e.code == "offline" => return from_copy().await,
            Err(e) => return Err(e),
        };
        match p.store.assignments_in_window(&p.scope, window).await {
            Ok(found) => {
                if let Some(copy) = &p.copy {
                    copy.window_read(window, &found, self.now()).await;
                }
                Ok(found.iter().map(Into::into).collect())
            }
            Err(e) => match self.failed(&p, e, false).await {
                e if e.code == "offline" => from_copy().await,
                e => Err(e),
            },
        }
    }

    /// People and projects: from the table (and kept), or from the copy.
    pub async fn catalog(&self) -> Result<CatalogDto, IpcError> {
        let from_copy = async || {
            let (resources, projects) = self.copied(|c| c.catalog()).await?;
            Ok((&planner_store::Catalog { resources, projects, pending_deletions: vec![] }).into())
        };
        let p = match self.open_plan().await {
            Ok(p) => p,
            Err(e) if e.code == "offline" => return from_copy().await,
            Err(e) => return Err(e),
        };
        match p.store.catalog(&p.scope).await {
            Ok(c) => {
                if let Some(copy) = &p.copy {
                    copy.change(|s| s.rows(c.resources.clone(), c.projects.clone())).await;
                }
                Ok((&c).into())
            }
            Err(e) => match self.failed(&p, e, false).await {
                e if e.code == "offline" => from_copy().await,
                e => Err(e),
            },
        }
    }

    /// What the offline copy has (`read`), while the window is offline.
    async fn copied<T>(&self, read: impl FnOnce(&TeamCopy) -> Option<T>) -> Result<T, IpcError> {
        match &*self.workspace.read().await {
            Workspace::Offline { open, .. } => read(&open.copy).ok_or_else(|| offline(open.reason.as_ref())),
            Workspace::Broken { reason } => Err(reason.clone()),
            Workspace::SignedOut { .. } => Err(signed_out()),
            _ => Err(offline(None)),
        }
    }

    /// `e` from a call in `session`; if it says the table is out of reach, the window goes
    /// offline and the answer is `offline` (nothing was done).
    async fn lost(&self, session: &VerifiedSession, e: IpcError) -> IpcError {
        if !out_of_reach(&e) {
            return e;
        }
        self.go_offline(session, e.clone()).await;
        offline(Some(&e))
    }

    /// The table was found out of reach during `session`: the window goes offline (and hears
    /// of it), and the connection check starts trying again.
    async fn go_offline(&self, session: &VerifiedSession, reason: IpcError) {
        let mut w = self.workspace.write().await;
        if !matches!(&*w, Workspace::Team { open, .. } if &open.session == session) {
            return;
        }
        let Workspace::Team { store, open } =
            std::mem::replace(&mut *w, Workspace::Broken { reason: reason.clone() })
        else {
            return;
        };
        *w = Workspace::Offline { store, open: Box::new(Cached::of(*open, reason.clone())) };
        drop(w);
        crate::log::event("warn", &format!("offline: {}", reason.code));
        self.notify().await;
        self.wake.notify_one();
    }

    /// Checks the connection once and answers when to check again. Online, the session and
    /// membership are re-checked ([`AppState::plan`]; a table out of reach switches to
    /// offline). Offline, the session is resumed: back online the window hears it and reloads
    /// in place; an ended session signs out; still out of reach, the next try waits longer.
    pub async fn check_connection(&self) -> Duration {
        enum Next {
            Resume(Arc<Store>, Sensitive, TeamId, UserId, Arc<TeamCopy>, bool),
            Recheck,
            RetryStart(Arc<Store>),
            Wait,
        }
        // Decided under the read lock, done after it (`plan` and `resume` take the lock). The
        // epoch is read first: a sign-out after it is seen by what the resume would keep.
        let epoch = self.epoch();
        let next = match &*self.workspace.read().await {
            Workspace::Offline { store, open } => Next::Resume(
                store.clone(),
                open.token.clone(),
                open.team.clone(),
                open.user.clone(),
                open.copy.clone(),
                open.reason.is_none(),
            ),
            Workspace::Team { .. } => Next::Recheck,
            // A start that could not reach the table and had no copy to show: the sign-in
            // screen says why; once the table answers, the kept session opens by itself.
            Workspace::SignedOut { store, reason: Some(r) } if out_of_reach(r) => {
                Next::RetryStart(store.clone())
            }
            _ => Next::Wait,
        };
        let (store, token, team, user, held, starting) = match next {
            Next::Resume(store, token, team, user, held, starting) => {
                (store, token, team, user, held, starting)
            }
            Next::Recheck => {
                drop(self.plan().await);
                return match &*self.workspace.read().await {
                    Workspace::Offline { .. } => backoff(0),
                    _ => HEARTBEAT,
                };
            }
            Next::RetryStart(store) => return self.retry_start(store, epoch).await,
            Next::Wait => return HEARTBEAT,
        };
        // The copy in memory goes on (not read again from its file).
        let resumed = self.resume_with(&store, token.clone(), Some(&team), Some(held), epoch).await;
        if starting {
            // A start from the copy: the window shows the copy first (it asks within a moment
            // of opening), then the fresh data in place; the table was reached meanwhile.
            let mut shown = self.shown.subscribe();
            let _ = tokio::time::timeout(Duration::from_secs(3), shown.wait_for(|s| *s)).await;
        }
        let mut w = self.workspace.write().await;
        let Workspace::Offline { open, .. } = &mut *w else { return HEARTBEAT };
        if open.user != user || open.team != team {
            return HEARTBEAT;
        }
        match resumed {
            // The same team, or another of the user's if this one was left meanwhile.
            Ok(signed) => self.now_signed(w, store, signed, "back online").await,
            Err(reason) if matches!(reason.code, "session_invalid" | "not_member") => {
                self.now_signed_out(w, store, reason).await
            }
            Err(reason) => {
                let changed = open.reason.as_ref() != Some(&reason);
                open.reason = Some(reason);
                open.tries += 1;
                let wait = backoff(open.tries);
                drop(w);
                if changed {
                    self.notify().await;
                }
                wait
            }
        }
    }

    /// Signed out because the table was out of reach at start-up: resumes the kept session.
    async fn retry_start(&self, store: Arc<Store>, epoch: u64) -> Duration {
        let Ok(Some(token)) = self.vault_call(|v| v.load()).await else { return HEARTBEAT };
        let last = self.last_team();
        let resumed = self.resume(&store, token, last.as_ref(), epoch).await;
        let mut w = self.workspace.write().await;
        if !matches!(&*w, Workspace::SignedOut { reason: Some(r), .. } if out_of_reach(r)) {
            return HEARTBEAT;
        }
        match resumed {
            Ok(open) => {
                self.now_signed(w, store, open, "the table answered: signed in with the kept session").await
            }
            Err(reason) if out_of_reach(&reason) => backoff(4),
            Err(reason) if matches!(reason.code, "session_invalid" | "not_member") => {
                self.now_signed_out(w, store, reason).await
            }
            Err(reason) => {
                *w = Workspace::SignedOut { store, reason: Some(reason) };
                drop(w);
                self.notify().await;
                HEARTBEAT
            }
        }
    }

    /// The connection check found the session live: `signed` is open now (`w` is the state,
    /// held since the check looked), its team remembered, the window told.
    async fn now_signed(
        &self,
        mut w: tokio::sync::RwLockWriteGuard<'_, Workspace>,
        store: Arc<Store>,
        signed: Signed,
        event: &str,
    ) -> Duration {
        // Remembered while the state is held: a sign-out waits for it, then removes it.
        self.remember_team(signed.scope.team());
        *w = Workspace::Team { store, open: Box::new(signed) };
        drop(w);
        crate::log::event("info", event);
        self.notify().await;
        HEARTBEAT
    }

    /// The connection check found the session ended or the user in no team: signed out with
    /// `reason`, and this computer forgets the session and the offline copy.
    async fn now_signed_out(
        &self,
        mut w: tokio::sync::RwLockWriteGuard<'_, Workspace>,
        store: Arc<Store>,
        reason: IpcError,
    ) -> Duration {
        *w = Workspace::SignedOut { store, reason: Some(reason) };
        drop(w);
        let _ = self.vault_call(|v| v.delete()).await;
        let _ = self.forget_local().await;
        self.notify().await;
        HEARTBEAT
    }

    /// Waits `wait`, or less if the table was just found out of reach.
    pub async fn pause(&self, wait: Duration) {
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = self.wake.notified() => {}
        }
    }

    /// A start from the offline copy: who was signed in and the last team's copy, if both are
    /// there. The session is checked afterwards ([`AppState::check_connection`]).
    async fn cached_start(&self, token: Sensitive, last: Option<&TeamId>) -> Option<Cached> {
        let auth = self.auth().ok()?;
        let copies = auth.copies.as_ref()?;
        let found = copies.profile().await;
        self.tell(found.notice);
        let profile = found.value?;
        let team = last
            .filter(|l| profile.teams.iter().any(|t| &t.id == *l))
            .or_else(|| profile.teams.first().map(|t| &t.id))?
            .clone();
        let (copy, notice) = copies.team(copies.epoch(), &profile.user, &team).await;
        self.tell(notice);
        if !copy.exists() {
            return None;
        }
        let teams = profile
            .teams
            .iter()
            .map(|t| TeamMembership {
                team: t.id.clone(),
                name: t.name.as_deref().and_then(|n| Name::parse(n).ok()),
                role: t.role,
            })
            .collect();
        Some(Cached {
            token,
            user: profile.user,
            email: Email::parse(&profile.email).ok()?,
            teams,
            team,
            copy,
            reason: None,
            tries: 0,
        })
    }

    /// Something the window should hear once (with the next session it is sent).
    fn tell(&self, notice: Option<IpcError>) {
        if let Some(n) = notice {
            *lock(&self.notice) = Some(n);
        }
    }

    /// What is open now, with anything the window should be told once.
    pub async fn to_window(&self) -> SessionDto {
        let session = self.session().await;
        match lock(&self.notice).take() {
            Some(notice) if session.reason.is_none() => SessionDto { reason: Some(notice), ..session },
            Some(notice) => {
                *lock(&self.notice) = Some(notice);
                session
            }
            None => session,
        }
    }

    fn now(&self) -> String {
        self.clock.now().format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
    }

    /// Like [`AppState::plan`], but only in a team table (not the local workspace).
    pub async fn team_plan(&self) -> Result<(Arc<Store>, TeamScope), IpcError> {
        if matches!(&*self.workspace.read().await, Workspace::Local { .. }) {
            return Err(IpcError {
                code: "config",
                message: "this is the local workspace; sign in to a team to move it there".into(),
            });
        }
        self.plan().await
    }

    /// After the session or the membership was found gone: open another team of the user's if
    /// the session still lives, else sign out (forgetting the token) with `reason` shown.
    async fn lose_scope(
        &self,
        store: &Arc<Store>,
        token: Sensitive,
        session: &VerifiedSession,
        reason: IpcError,
        epoch: u64,
    ) -> Result<(), IpcError> {
        let next = if reason.code == "not_member" {
            self.resume(store, token.clone(), None, epoch).await.ok()
        } else {
            None
        };
        let mut w = self.workspace.write().await;
        // Another command may have handled it already.
        if !matches!(&*w, Workspace::Team { open, .. } if &open.session == session) {
            return Ok(());
        }
        match next {
            Some(open) => {
                self.remember_team(open.scope.team());
                *w = Workspace::Team { store: store.clone(), open: Box::new(open) };
                // Before telling the window: that reads the state.
                drop(w);
            }
            None => {
                *w = Workspace::SignedOut { store: store.clone(), reason: Some(reason) };
                drop(w);
                // The session item may still live (no team left): end it too.
                let _ = store.delete_session(&token).await;
                self.vault_call(|v| v.delete()).await?;
                self.forget_local().await?;
            }
        }
        self.notify().await;
        Ok(())
    }

    pub fn today(&self) -> Result<Date, IpcError> {
        today(self.clock.as_ref())
    }

    /// Who is signed in, to which teams, and which one is open.
    pub async fn session(&self) -> SessionDto {
        match &*self.workspace.read().await {
            Workspace::Local { .. } => SessionDto::local(),
            Workspace::Broken { reason } => SessionDto::broken(reason),
            Workspace::SignedOut { reason, .. } => SessionDto::signed_out(reason.as_ref()),
            Workspace::Team { open, .. } => SessionDto {
                mode: "team".into(),
                signed_in: true,
                email: Some(open.email.as_str().to_owned()),
                teams: open.teams.iter().map(TeamDto::from).collect(),
                team: open.teams.iter().find(|t| &t.team == open.scope.team()).map(TeamDto::from),
                reason: None,
                offline: None,
            },
            Workspace::Offline { open, .. } => SessionDto {
                mode: "team".into(),
                signed_in: true,
                email: Some(open.email.as_str().to_owned()),
                teams: open.teams.iter().map(TeamDto::from).collect(),
                team: open.teams.iter().find(|t| t.team == open.team).map(TeamDto::from),
                reason: None,
                offline: Some(OfflineDto { synced_at: open.copy.synced_at(), reason: open.reason.clone() }),
            },
        }
    }

    fn auth(&self) -> Result<Arc<Auth>, IpcError> {
        lock(&self.auth).clone().ok_or_else(no_sign_in)
    }

    async fn vault_call<T: Send + 'static>(
        &self,
        call: impl FnOnce(&dyn TokenVault) -> Result<T, planner_auth::VaultError> + Send + 'static,
    ) -> Result<T, IpcError> {
        let vault = self.auth()?.vault.clone();
        // The keyring blocks (D-Bus on Linux): off the async threads.
        tokio::task::spawn_blocking(move || call(vault.as_ref()))
            .await
            .map_err(|e| IpcError { code: "keyring", message: format!("the keyring call failed: {e}") })?
            .map_err(|e| IpcError { code: "keyring", message: e.to_string() })
    }

    fn store(&self, w: &Workspace) -> Result<Arc<Store>, IpcError> {
        match w {
            Workspace::Local { store, .. }
            | Workspace::SignedOut { store, .. }
            | Workspace::Team { store, .. }
            | Workspace::Offline { store, .. } => Ok(store.clone()),
            Workspace::Broken { reason } => Err(reason.clone()),
        }
    }

    /// Asks for a sign-in code by email. The answer is the same whether or not the email may
    /// sign in.
    pub async fn request_code(&self, email: &Email, lang: Lang) -> Result<(), IpcError> {
        let auth = self.auth()?;
        let mailer = auth.mailer.as_ref().ok_or_else(|| IpcError {
            code: "config",
            message: "no mail server is set up for sign-in codes (smtp.host); ask your IT department".into(),
        })?;
        let store = self.store(&*self.workspace.read().await)?;
        planner_auth::request_code(&store, mailer, email, lang).await.map_err(|e| match e {
            planner_auth::RequestError::Store(e) => e.into(),
            planner_auth::RequestError::Mail(e) => IpcError { code: "mail", message: e.to_string() },
        })
    }

    /// Signs in with the code from the email; the session token goes into the vault.
    pub async fn sign_in(&self, email: &Email, code: &Sensitive) -> Result<SessionDto, IpcError> {
        self.auth()?;
        let store = self.store(&*self.workspace.read().await)?;
        let signed = store.sign_in_with_code(email, code).await?;
        let token = signed.token.clone();
        self.vault_call(move |v| v.save(&token)).await?;
        let last = self.last_team();
        let open = self.resume(&store, signed.token, last.as_ref(), self.epoch()).await?;
        self.remember_team(open.scope.team());
        crate::log::event("info", &format!("signed in as user {}", open.session.user()));
        *self.workspace.write().await = Workspace::Team { store, open: Box::new(open) };
        Ok(self.to_window().await)
    }

    /// Signs in with a `resource-planner://sign-in?…` link (pasted, or handed over by the OS).
    pub async fn open_link(&self, link: &str) -> Result<SessionDto, IpcError> {
        let (email, code) = planner_auth::parse_sign_in_link(link)
            .map_err(|e| IpcError { code: "bad_link", message: e.to_string() })?;
        self.sign_in(&email, &code).await
    }

    /// A link the OS handed over: signs in, and the window hears of it (what is open now, or
    /// why the link did not work).
    pub async fn open_link_from_os(&self, link: &str) {
        let session = match self.open_link(link).await {
            Ok(session) => session,
            Err(e) => {
                crate::log::event("warn", &format!("a sign-in link from the OS failed: {}", e.code));
                SessionDto { reason: Some(e), ..self.to_window().await }
            }
        };
        match lock(&self.watcher).clone() {
            Some(channel) => {
                let _ = channel.send(session);
            }
            // Started by the link: the window hears it when it starts listening.
            None => *lock(&self.unheard) = Some(session),
        }
    }

    /// Opens another of the user's teams (the table is asked without holding the state, so
    /// that nothing waits on a slow network; a table out of reach switches to offline).
    pub async fn switch_team(&self, team: &TeamId) -> Result<SessionDto, IpcError> {
        let epoch = self.epoch();
        let (store, session) = match &*self.workspace.read().await {
            Workspace::Team { store, open } => (store.clone(), open.session.clone()),
            Workspace::Offline { open, .. } => return Err(offline(open.reason.as_ref())),
            _ => return Err(signed_out()),
        };
        let scope = match store.scope_for_session(&session, team).await {
            Ok(scope) => scope,
            Err(e) => return Err(self.lost(&session, e.into()).await),
        };
        let (copy, notice) = self.copy_of(epoch, session.user(), team).await;
        let mut w = self.workspace.write().await;
        match &mut *w {
            Workspace::Team { open, .. } if open.session == session => {
                open.scope = scope;
                open.copy = copy;
            }
            // The window moved on meanwhile (signed out, offline): nothing to switch.
            _ => return Err(signed_out()),
        }
        drop(w);
        self.tell(notice);
        self.remember_team(team);
        Ok(self.to_window().await)
    }

    /// Ends this session (or every session of the user) and forgets the token. When the table
    /// cannot be reached (offline, or found so now), this computer forgets the session (token,
    /// offline copy) and its Session item lives on until it expires; "everywhere" needs the
    /// table and is refused then.
    pub async fn sign_out(&self, everywhere: bool) -> Result<SessionDto, IpcError> {
        let (store, signed) = match &*self.workspace.read().await {
            Workspace::Team { store, open } => {
                (store.clone(), Some((open.token.clone(), open.session.clone())))
            }
            Workspace::Offline { open, .. } if everywhere => return Err(offline(open.reason.as_ref())),
            Workspace::Offline { store, .. } | Workspace::SignedOut { store, .. } => (store.clone(), None),
            Workspace::Local { .. } => return Err(no_sign_in()),
            Workspace::Broken { reason } => return Err(reason.clone()),
        };
        // The table is asked without holding the state (a slow network must not stop the rest).
        if let Some((token, session)) = &signed {
            let ended = async {
                if everywhere {
                    store.end_all_sessions(session).await?;
                }
                store.delete_session(token).await
            };
            if let Err(e) = ended.await {
                let reason = IpcError::from(e);
                // Out of reach, a plain sign-out goes on here; everything else is refused.
                if everywhere || !out_of_reach(&reason) {
                    return Err(self.lost(session, reason).await);
                }
                crate::log::event("warn", "signed out on this computer only: the table could not be reached");
            }
        }
        *self.workspace.write().await = Workspace::SignedOut { store, reason: None };
        self.vault_call(|v| v.delete()).await?;
        self.forget_local().await?;
        crate::log::event("info", if everywhere { "signed out everywhere" } else { "signed out" });
        Ok(self.session().await)
    }

    /// Removes the user's local things for this table (the last team's id, the offline copies
    /// and their key): on sign-out, and when the session is found ended.
    async fn forget_local(&self) -> Result<(), IpcError> {
        let Ok(auth) = self.auth() else { return Ok(()) };
        if let Some(copies) = &auth.copies {
            copies.forget().await;
        }
        let Some(dir) = auth.local_dir.clone() else { return Ok(()) };
        match std::fs::remove_dir_all(&dir) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(IpcError {
                code: "local_data",
                message: format!("signed out, but {} could not be removed: {e}", dir.display()),
            }),
        }
    }

    fn last_team(&self) -> Option<TeamId> {
        let path = self.auth().ok()?.local_dir.clone()?.join(LAST_TEAM);
        TeamId::parse(std::fs::read_to_string(path).ok()?.trim()).ok()
    }

    /// Remembers the team open now; failing to is not worth an error (the first team opens).
    fn remember_team(&self, team: &TeamId) {
        if let Some(path) = self.auth().ok().and_then(|a| a.local_dir.clone()).map(|d| d.join(LAST_TEAM)) {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = std::fs::write(path, team.as_str());
        }
    }

    /// A session token → its user's teams → the scope of `wanted` (else the first team). What
    /// it keeps on this computer (the profile, a copy's key) it keeps only if this computer did
    /// not sign out since `epoch` ([`AppState::epoch`], read before the state was).
    async fn resume(
        &self,
        store: &Store,
        token: Sensitive,
        wanted: Option<&TeamId>,
        epoch: u64,
    ) -> Result<Signed, IpcError> {
        self.resume_with(store, token, wanted, None, epoch).await
    }

    /// [`AppState::resume`], with `held` the copy of `wanted` already in memory.
    async fn resume_with(
        &self,
        store: &Store,
        token: Sensitive,
        wanted: Option<&TeamId>,
        held: Option<Arc<TeamCopy>>,
        epoch: u64,
    ) -> Result<Signed, IpcError> {
        let session = store.verify_session(&token).await?;
        let (user, teams) = store.user_with_teams(session.user()).await?.ok_or(StoreError::SessionInvalid)?;
        let team = wanted
            .filter(|w| teams.iter().any(|t| &t.team == *w))
            .or_else(|| teams.first().map(|t| &t.team))
            .ok_or(StoreError::NotMember)?
            .clone();
        let scope = store.scope_for_session(&session, &team).await?;
        let (copy, notice) = match held.filter(|_| wanted == Some(&team)) {
            Some(copy) => (copy, None),
            None => self.copy_of(epoch, session.user(), &team).await,
        };
        self.tell(notice);
        if let Some(copies) = self.auth().ok().as_ref().and_then(|a| a.copies.as_ref()) {
            copies
                .keep_profile(
                    epoch,
                    Profile {
                        user: session.user().clone(),
                        email: user.email.as_str().to_owned(),
                        teams: teams
                            .iter()
                            .map(|t| ProfileTeam {
                                id: t.team.clone(),
                                name: t.name.as_ref().map(|n| n.to_string()),
                                role: t.role,
                            })
                            .collect(),
                    },
                )
                .await;
        }
        Ok(Signed { token, session, email: user.email, teams, scope, copy })
    }

    /// The offline copy of `team` for `user` (empty without a keyring or on the local
    /// workspace, or after a sign-out since `epoch`), and a notice if a damaged one was discarded.
    async fn copy_of(&self, epoch: u64, user: &UserId, team: &TeamId) -> (Arc<TeamCopy>, Option<IpcError>) {
        match self.auth().ok().as_ref().and_then(|a| a.copies.as_ref()) {
            Some(copies) => copies.team(epoch, user, team).await,
            None => (Arc::new(TeamCopy::none()), None),
        }
    }

    /// The offline copies' epoch now ([`crate::offline::Copies::epoch`]; 0 without copies).
    fn epoch(&self) -> u64 {
        self.auth().ok().and_then(|a| a.copies.as_ref().map(|c| c.epoch())).unwrap_or(0)
    }
}

fn today(clock: &dyn Clock) -> Result<Date, IpcError> {
    Ok(Date::from_time(clock.now().date()).map_err(StoreError::from)?)
}

/// A plain lock whose holder cannot leave it half-changed (each holder only swaps a value).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
