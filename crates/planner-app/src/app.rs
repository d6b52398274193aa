//! [`App`]: what the app holds while it runs — the workspace (the state machine of
//! `workspace.rs`) under one lock, how people sign in, and the window's ear. The team scope is
//! made only here, from the local workspace's owner or from a signed-in session and the stored
//! membership, and commands reach the team only through [`App::read`], [`App::write`] and
//! [`App::read_through`]; they never take a team from the window.

use crate::offline::{Copies, TeamCopy};
use crate::view::{SessionUpdate, SessionView, Window};
use crate::workspace::Workspace;
use crate::{AppError, places};
use planner_auth::{SmtpMailer, TokenVault};
use planner_cache::Change;
use planner_domain::{Clock, Date, SystemClock};
use planner_store::{AuditSink, Engine, FileAudit, Store, StoreError, TeamScope, VerifiedSession};
use std::sync::Arc;
use tokio::sync::RwLock;

pub struct App {
    pub(crate) clock: Arc<dyn Clock>,
    /// Shared with an [`Opening`](crate::Opening) while the app is still being opened (its write guard holds every
    /// command back until then).
    pub(crate) workspace: Arc<RwLock<Workspace>>,
    /// How people sign in; none on the local workspace. Replaced with the workspace when the
    /// settings change ([`App::replace_with`]).
    pub(crate) auth: std::sync::Mutex<Option<Arc<Auth>>>,
    /// The window's ear for changes it did not ask for.
    window: std::sync::Mutex<Option<Arc<dyn Window>>>,
    /// What the OS's link brought before the window listened (a failure is said only once).
    pub(crate) unheard: std::sync::Mutex<Option<SessionUpdate>>,
    /// Something the window should be told once (an offline copy found damaged).
    pub(crate) notice: std::sync::Mutex<Option<AppError>>,
    /// The sign-in this app asked a code for last, and when: a link for that email within
    /// [`crate::session::ASKED_MINUTES`] is used without asking.
    pub(crate) asked: std::sync::Mutex<Option<(planner_domain::Email, time::OffsetDateTime)>>,
    /// A link the window was asked to confirm, held here (its secret never goes to the window).
    pub(crate) held_link: std::sync::Mutex<Option<(planner_domain::Email, planner_store::Sensitive)>>,
    /// Wakes the connection check early (the table was just found out of reach).
    pub(crate) wake: tokio::sync::Notify,
    /// Whether the window has had a timeline (at a start from the copy, the fresh data waits
    /// for that, so that the copy shows first and the fresh data replaces it in place).
    pub(crate) shown: tokio::sync::watch::Sender<bool>,
    /// The live view's place in the open team's change feed (live.rs).
    pub(crate) live: tokio::sync::Mutex<Option<(planner_domain::TeamId, planner_store::feed::FeedReader)>>,
    /// When the table last answered the live view, and when the session and membership were
    /// last checked (by a command or the connection check): the connection check waits while
    /// both are recent ([`crate::supervisor::recheck_due`]).
    pub(crate) live_answered: std::sync::Mutex<Option<tokio::time::Instant>>,
    pub(crate) rechecked: std::sync::Mutex<Option<tokio::time::Instant>>,
    /// The edits of many bookings running now, by the window's key: what cancels one (many.rs).
    pub(crate) running_edits:
        std::sync::Mutex<std::collections::HashMap<String, Arc<std::sync::atomic::AtomicBool>>>,
    /// The window's errors written to the log in the last minute (window_errors.rs).
    pub(crate) window_errors: crate::window_errors::WindowErrors,
}

/// How people sign in to a team table: the mailer of codes and the vault of the session token.
pub struct Auth {
    /// Sign-in by AWS identity (`signin.methods` holds `aws-identity`): the credential is the
    /// AWS identity of the app's credentials, asked of STS; the vault keeps no token.
    pub aws_identity: bool,
    pub mailer: Option<SmtpMailer>,
    pub vault: Arc<dyn TokenVault>,
    /// This table's folder of the user's local things ([`places::TableDir`]): the id of the
    /// team open last and the offline copies. Signing out removes the folder.
    pub local_dir: Option<std::path::PathBuf>,
    /// The offline copies in `local_dir` and their key's keyring entry (none: no copy kept).
    pub copies: Option<Copies>,
}

/// What a command in the open team works with.
pub(crate) struct OpenPlan {
    pub store: Arc<Store>,
    pub scope: TeamScope,
    pub copy: Option<Arc<TeamCopy>>,
    /// The session the scope came from (none on the local workspace, which is never offline).
    pub session: Option<VerifiedSession>,
}

impl App {
    /// The local workspace in the data directory `data`, with its audit log beside it.
    pub async fn open_local(data: &std::path::Path) -> Result<Self, AppError> {
        let engine = Engine::LocalFile(places::workspace_file(data));
        let audit = Arc::new(FileAudit::new(places::audit_log(data)));
        Self::open(engine, audit, Arc::new(SystemClock)).await
    }

    /// Opens a local workspace on `engine`; the demo team is added when it is created.
    pub async fn open(
        engine: Engine,
        audit: Arc<dyn AuditSink>,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, AppError> {
        let conn = planner_store::connect(&engine, None).await?;
        let store = Store::new(conn, clock.clone(), audit);
        let (workspace, scope) = store.identity().open_local_workspace().await?;
        if workspace.created {
            store.plan().seed_demo(&scope, today(clock.as_ref())?, 1).await?;
        }
        let store = Arc::new(store);
        Ok(Self::new(clock, Workspace::Local { store, scope }, None))
    }

    /// An app that could not open anything: the window shows `reason` (which names the file,
    /// line and key of a bad setting).
    pub fn broken(reason: AppError) -> Self {
        Self::new(Arc::new(SystemClock), Workspace::Broken { reason }, None)
    }

    pub(crate) fn new(clock: Arc<dyn Clock>, workspace: Workspace, auth: Option<Arc<Auth>>) -> Self {
        Self {
            clock,
            workspace: Arc::new(RwLock::new(workspace)),
            auth: std::sync::Mutex::new(auth),
            window: std::sync::Mutex::new(None),
            unheard: std::sync::Mutex::new(None),
            notice: std::sync::Mutex::new(None),
            asked: std::sync::Mutex::new(None),
            held_link: std::sync::Mutex::new(None),
            wake: tokio::sync::Notify::new(),
            shown: tokio::sync::watch::Sender::new(false),
            live: tokio::sync::Mutex::new(None),
            live_answered: std::sync::Mutex::new(None),
            rechecked: std::sync::Mutex::new(None),
            running_edits: std::sync::Mutex::new(std::collections::HashMap::new()),
            window_errors: Default::default(),
        }
    }

    /// Takes over what `other` opened (after the settings changed): its workspace and its
    /// sign-in. Commands running on the old store finish on it.
    pub async fn replace_with(&self, other: App) {
        let mut w = self.workspace.write().await;
        *w = other.take_workspace().await;
        *lock(&self.auth) = lock(&other.auth).take();
    }

    /// Waits until the open team's offline copy has in its file what it has in memory (reads
    /// are written behind their answers): for whoever opens the file next, as a test that starts
    /// the app again does. Nothing to wait for without a copy.
    pub async fn copy_written(&self) {
        let copy = self.workspace.read().await.copy();
        if let Some(copy) = copy {
            copy.written().await;
        }
    }

    /// Where changes the window did not ask for are sent (the window calls this once).
    pub fn watch(&self, window: Arc<dyn Window>) {
        if let Some(unheard) = lock(&self.unheard).take() {
            window.hear(unheard);
        }
        *lock(&self.window) = Some(window);
    }

    /// Tells the window what is open now.
    pub(crate) async fn notify(&self) {
        let told = self.told().await;
        self.tell_window(told);
    }

    /// Tells the window `told` now, or when it starts listening.
    pub(crate) fn tell_window(&self, told: SessionUpdate) {
        let window = lock(&self.window).clone();
        match window {
            Some(window) => window.hear(told),
            None => *lock(&self.unheard) = Some(told),
        }
    }

    /// Who is signed in, to which teams, and which one is open.
    pub async fn session(&self) -> SessionView {
        let mut view = self.workspace.read().await.view();
        if let SessionView::SignedOut { aws_identity, .. } = &mut view {
            *aws_identity = self.by_aws_identity();
        }
        view
    }

    /// What is open now, with anything the window should be told once. The notice waits while
    /// the state carries a reason of its own (the window shows one sentence at a time).
    pub async fn told(&self) -> SessionUpdate {
        let session = self.session().await;
        let notice = if session.reason().is_none() { lock(&self.notice).take() } else { None };
        SessionUpdate { session, notice, ask: None }
    }

    /// Something the window should hear once (with the next session it is sent).
    pub(crate) fn tell(&self, notice: Option<AppError>) {
        if let Some(n) = notice {
            *lock(&self.notice) = Some(n);
        }
    }

    pub fn today(&self) -> Result<Date, AppError> {
        today(self.clock.as_ref())
    }

    pub(crate) fn now(&self) -> String {
        self.clock.now().format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
    }

    /// The store and the scope of the team open now, for every command that acts in the team.
    /// In a team it is checked again each time (`Identity::recheck_scope`): the session must be
    /// live and the membership stored now decides the role. A dead session signs the window
    /// out; a lost membership opens another of the user's teams (or signs out if none is left);
    /// either way the command is refused with the reason.
    pub async fn plan(&self) -> Result<(Arc<Store>, TeamScope), AppError> {
        self.open_plan().await.map(|p| (p.store, p.scope))
    }

    /// Like [`App::plan`], but only in a team table (not the local workspace).
    pub async fn team_plan(&self) -> Result<(Arc<Store>, TeamScope), AppError> {
        if matches!(&*self.workspace.read().await, Workspace::Local { .. }) {
            return Err(AppError::config("this is the local workspace; sign in to a team to move it there"));
        }
        self.plan().await
    }

    /// "Now" as the change feed's records are stamped: the store's time (the table's, once it
    /// said it: planner_store::engine::table_time), else this app's clock. Where the live view
    /// starts reading; by the computer's clock, one an hour ahead read past every new record.
    pub(crate) async fn feed_now_millis(&self) -> i64 {
        match self.workspace.read().await.store() {
            Ok(store) => store.now_millis(),
            Err(_) => self.clock.now_millis(),
        }
    }

    /// The open team's store and the scope as last checked (by the last command or the
    /// connection check, every [`crate::HEARTBEAT`]), without checking it again: for the live
    /// view's frequent asks (live.rs), which check again when the feed says their membership
    /// changed. Refused as [`App::plan`] is outside a team or the local workspace.
    pub(crate) async fn kept_plan(&self) -> Result<OpenPlan, AppError> {
        match &*self.workspace.read().await {
            Workspace::Local { store, scope } => {
                Ok(OpenPlan { store: store.clone(), scope: scope.clone(), copy: None, session: None })
            }
            Workspace::Team { store, open } => Ok(OpenPlan {
                store: store.clone(),
                scope: open.scope.clone(),
                copy: Some(open.copy.clone()),
                session: Some(open.session.clone()),
            }),
            refused => Err(refused.refusal().expect("only a local workspace or a team is not refused")),
        }
    }

    /// [`App::plan`] with the team's offline copy. A table out of reach switches the window to
    /// offline (and the command is refused: nothing was sent).
    pub(crate) async fn open_plan(&self) -> Result<OpenPlan, AppError> {
        let epoch = self.epoch();
        let (store, credential, session, team, copy) = match &*self.workspace.read().await {
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
                open.credential.clone(),
                open.session.clone(),
                open.scope.team().clone(),
                open.copy.clone(),
            ),
            refused => {
                return Err(refused.refusal().expect("only a local workspace or a team is not refused"));
            }
        };
        match store.identity().recheck_scope(&credential, &session, &team).await {
            Ok(scope) => {
                *self.rechecked.lock().expect("not poisoned") = Some(tokio::time::Instant::now());
                self.workspace.write().await.keep_scope(&session, &scope);
                Ok(OpenPlan { store, scope, copy: Some(copy), session: Some(session) })
            }
            Err(e) => {
                let e = AppError::from(e);
                if e.is_session_gone() {
                    tracing::warn!("the team's scope was lost: {}", e.code());
                    self.lose_scope(&store, credential, &session, e.clone(), epoch).await?;
                    Err(e)
                } else {
                    Err(self.lost(&session, e).await)
                }
            }
        }
    }

    /// A read in the open team (`call`); a table out of reach switches the window to offline.
    pub(crate) async fn read<T>(
        &self,
        call: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
    ) -> Result<T, AppError> {
        let p = self.open_plan().await?;
        match call(&p.store, &p.scope).await {
            Ok(v) => Ok(v),
            Err(e) => Err(self.failed(&p, e.into(), false).await),
        }
    }

    /// A change in the open team (`call`); once confirmed, the offline copy applies the change
    /// the result is ([`Changes`]). If the connection is lost on the way the answer is
    /// `unconfirmed`: the window checks it when the connection is back.
    pub(crate) async fn write<T: Changes>(
        &self,
        call: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
    ) -> Result<T, AppError> {
        self.write_with(call, T::change).await
    }

    /// [`App::write`] of a change known before the call (a delete), or of [`Change::Nothing`].
    pub(crate) async fn write_as<T>(
        &self,
        call: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
        change: Change,
    ) -> Result<T, AppError> {
        self.write_with(call, move |_| change).await
    }

    pub(crate) async fn write_with<T>(
        &self,
        call: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
        change: impl FnOnce(&T) -> Change,
    ) -> Result<T, AppError> {
        let p = self.open_plan().await?;
        match call(&p.store, &p.scope).await {
            Ok(v) => {
                if let Some(copy) = &p.copy {
                    copy.apply(change(&v)).await;
                }
                Ok(v)
            }
            Err(e) => Err(self.failed(&p, e.into(), true).await),
        }
    }

    /// The one read-through: from the table (and kept in the offline copy by `keep`, its file
    /// written behind the answer), or, while the table is out of reach, from the copy
    /// (`from_copy`; nothing there: `offline`).
    pub(crate) async fn read_through<T>(
        &self,
        from_table: impl AsyncFnOnce(&Store, &TeamScope) -> Result<T, StoreError>,
        keep: impl AsyncFnOnce(&TeamCopy, &T, crate::offline::Stamp),
        from_copy: impl FnOnce(&TeamCopy) -> Option<Result<T, AppError>>,
    ) -> Result<T, AppError> {
        let p = match self.open_plan().await {
            Ok(p) => p,
            Err(e) if e.is_offline() => return self.copied(from_copy).await,
            Err(e) => return Err(e),
        };
        // Edits confirmed after this are kept over the answer in the copy.
        let began = p.copy.as_ref().map_or(0, |c| c.mark());
        match from_table(&p.store, &p.scope).await {
            Ok(found) => {
                if let Some(copy) = &p.copy {
                    keep(copy, &found, crate::offline::Stamp { at: self.now(), began }).await;
                    copy.write_behind();
                }
                Ok(found)
            }
            Err(e) => match self.failed(&p, e.into(), false).await {
                e if e.is_offline() => self.copied(from_copy).await,
                e => Err(e),
            },
        }
    }

    /// What the offline copy has (`read`), while the window is offline.
    async fn copied<T>(
        &self,
        read: impl FnOnce(&TeamCopy) -> Option<Result<T, AppError>>,
    ) -> Result<T, AppError> {
        match &*self.workspace.read().await {
            Workspace::Offline { open, .. } => {
                read(&open.copy).unwrap_or_else(|| Err(AppError::offline(open.reason.as_ref())))
            }
            Workspace::Broken { reason } => Err(reason.clone()),
            Workspace::SignedOut { .. } => Err(AppError::SignedOut),
            _ => Err(AppError::offline(None)),
        }
    }

    /// A failed call's error; a table out of reach switches the window to offline, and the
    /// answer says whether something may have been written.
    pub(crate) async fn failed(&self, p: &OpenPlan, e: AppError, wrote: bool) -> AppError {
        let Some(session) = p.session.as_ref().filter(|_| e.is_out_of_reach()) else { return e };
        self.go_offline(session, e.clone()).await;
        if wrote { AppError::Unconfirmed { reason: Box::new(e) } } else { AppError::offline(Some(&e)) }
    }

    /// `e` from a call in `session`; if it says the table is out of reach, the window goes
    /// offline and the answer is `offline` (nothing was done).
    pub(crate) async fn lost(&self, session: &VerifiedSession, e: AppError) -> AppError {
        if !e.is_out_of_reach() {
            return e;
        }
        self.go_offline(session, e.clone()).await;
        AppError::offline(Some(&e))
    }

    /// The table was found out of reach during `session`: the window goes offline (and hears
    /// of it), and the connection check starts trying again.
    async fn go_offline(&self, session: &VerifiedSession, reason: AppError) {
        let code = reason.code();
        if !self.workspace.write().await.go_offline(session, reason) {
            return;
        }
        tracing::warn!("offline: {code}");
        self.notify().await;
        self.wake.notify_one();
    }

    pub(crate) fn auth(&self) -> Result<Arc<Auth>, AppError> {
        lock(&self.auth).clone().ok_or_else(no_sign_in)
    }

    /// A call to the session vault, off the async threads (the keyring blocks: D-Bus on Linux).
    pub(crate) async fn vault_call<T: Send + 'static>(
        &self,
        call: impl FnOnce(&dyn TokenVault) -> Result<T, planner_auth::VaultError> + Send + 'static,
    ) -> Result<T, AppError> {
        let vault = self.auth()?.vault.clone();
        tokio::task::spawn_blocking(move || call(vault.as_ref()))
            .await
            .map_err(|e| AppError::Keyring(format!("the keyring call failed: {e}")))?
            .map_err(|e| AppError::Keyring(e.to_string()))
    }

    /// The offline copies' epoch now ([`Copies::epoch`]; 0 without copies).
    pub(crate) fn epoch(&self) -> u64 {
        self.auth().ok().and_then(|a| a.copies.as_ref().map(|c| c.epoch())).unwrap_or(0)
    }
}

/// What a confirmed write changed in the team's plan, as the offline copy applies it.
pub(crate) trait Changes {
    fn change(&self) -> Change;
}

impl Changes for planner_domain::Person {
    fn change(&self) -> Change {
        Change::Person(self.clone())
    }
}

impl Changes for planner_domain::Project {
    fn change(&self) -> Change {
        Change::Project(self.clone())
    }
}

impl Changes for planner_domain::Assignment {
    fn change(&self) -> Change {
        Change::Assignment(self.clone())
    }
}

/// Sign-in asked of the local workspace.
pub(crate) fn no_sign_in() -> AppError {
    AppError::config("this workspace is local to this computer; there is no sign-in")
}

pub(crate) fn today(clock: &dyn Clock) -> Result<Date, AppError> {
    Ok(Date::from_time(clock.now().date())?)
}

/// A plain lock whose holder cannot leave it half-changed (each holder only swaps a value).
pub(crate) fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
