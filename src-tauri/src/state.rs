//! What the app holds while it runs: the store it works on and, when a team is open, the scope
//! it acts in. The scope is made only here — from the local workspace's owner, or from a
//! signed-in session and the stored membership — and commands ask for it with
//! [`AppState::plan`]; they never take a team from the UI.

use crate::IpcError;
use crate::dto::{SessionDto, TeamDto};
use planner_auth::{Lang, SmtpMailer, TokenVault};
use planner_domain::{Clock, Date, Email, SystemClock, TeamId};
use planner_store::{
    AuditSink, Engine, FileAudit, Sensitive, Store, StoreError, TeamMembership, TeamScope, VerifiedSession,
};
use std::sync::Arc;
use tauri::ipc::Channel;
use tokio::sync::RwLock;

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
}

/// How people sign in to a team table: the mailer of codes and the vault of the session token.
pub struct Auth {
    pub mailer: Option<SmtpMailer>,
    pub vault: Arc<dyn TokenVault>,
    /// This table's folder of the user's local things: the id of the team open last (not a
    /// secret, so that a start opens it) and, with issue #5, the offline copy. Signing out
    /// removes the folder.
    pub local_dir: Option<std::path::PathBuf>,
}

/// What the window works on now.
enum Workspace {
    /// This computer's local workspace, always open as its owner (admin).
    Local { store: Arc<Store>, scope: TeamScope },
    /// A team table with nobody signed in; `reason` says why (an expired session, say).
    SignedOut { store: Arc<Store>, reason: Option<IpcError> },
    /// A team table, signed in, one of the user's teams open.
    Team { store: Arc<Store>, open: Box<Signed> },
    /// Nothing could be opened (a bad settings file, say): every command answers `reason`.
    Broken { reason: IpcError },
}

struct Signed {
    token: Sensitive,
    session: VerifiedSession,
    email: Email,
    teams: Vec<TeamMembership>,
    scope: TeamScope,
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
            match state.resume(&store, token, last.as_ref()).await {
                Ok(open) => *state.workspace.write().await = Workspace::Team { store, open: Box::new(open) },
                Err(reason) => {
                    // An ended or expired session is forgotten; any other failure (no network,
                    // lapsed AWS credentials) keeps the token for the next try. Either way the
                    // sign-in screen says why.
                    if matches!(reason.code, "session_invalid" | "not_member") {
                        state.vault_call(|v| v.delete()).await?;
                        state.forget_local()?;
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
        let session = self.session().await;
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
        let (store, token, session, team) = match &*self.workspace.read().await {
            Workspace::Local { store, scope } => return Ok((store.clone(), scope.clone())),
            Workspace::Team { store, open } => {
                (store.clone(), open.token.clone(), open.session.clone(), open.scope.team().clone())
            }
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
                Ok((store, scope))
            }
            Err(e @ (StoreError::SessionInvalid | StoreError::NotMember)) => {
                let reason = IpcError::from(e);
                crate::log::event("warn", &format!("the team's scope was lost: {}", reason.code));
                self.lose_scope(&store, token, &session, reason.clone()).await?;
                Err(reason)
            }
            Err(e) => Err(e.into()),
        }
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
    ) -> Result<(), IpcError> {
        let next = if reason.code == "not_member" {
            self.resume(store, token.clone(), None).await.ok()
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
            }
            None => {
                *w = Workspace::SignedOut { store: store.clone(), reason: Some(reason) };
                drop(w);
                // The session item may still live (no team left): end it too.
                let _ = store.delete_session(&token).await;
                self.vault_call(|v| v.delete()).await?;
                self.forget_local()?;
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
            | Workspace::Team { store, .. } => Ok(store.clone()),
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
        let open = self.resume(&store, signed.token, last.as_ref()).await?;
        self.remember_team(open.scope.team());
        crate::log::event("info", &format!("signed in as user {}", open.session.user()));
        *self.workspace.write().await = Workspace::Team { store, open: Box::new(open) };
        Ok(self.session().await)
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
                SessionDto { reason: Some(e), ..self.session().await }
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

    /// Opens another of the user's teams.
    pub async fn switch_team(&self, team: &TeamId) -> Result<SessionDto, IpcError> {
        let mut w = self.workspace.write().await;
        let Workspace::Team { store, open } = &mut *w else { return Err(signed_out()) };
        open.scope = store.scope_for_session(&open.session, team).await?;
        drop(w);
        self.remember_team(team);
        Ok(self.session().await)
    }

    /// Ends this session (or every session of the user) and forgets the token.
    pub async fn sign_out(&self, everywhere: bool) -> Result<SessionDto, IpcError> {
        let mut w = self.workspace.write().await;
        let store = self.store(&w)?;
        if let Workspace::Team { open, .. } = &*w {
            if everywhere {
                store.end_all_sessions(&open.session).await?;
            }
            store.delete_session(&open.token).await?;
        } else if matches!(&*w, Workspace::Local { .. }) {
            return Err(no_sign_in());
        }
        *w = Workspace::SignedOut { store, reason: None };
        drop(w);
        self.vault_call(|v| v.delete()).await?;
        self.forget_local()?;
        crate::log::event("info", if everywhere { "signed out everywhere" } else { "signed out" });
        Ok(self.session().await)
    }

    /// Removes the user's local things for this table (the last team's id, the offline copy):
    /// on sign-out, and when the session is found ended.
    fn forget_local(&self) -> Result<(), IpcError> {
        let Some(dir) = self.auth().ok().and_then(|a| a.local_dir.clone()) else { return Ok(()) };
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

    /// A session token → its user's teams → the scope of `wanted` (else the first team).
    async fn resume(
        &self,
        store: &Store,
        token: Sensitive,
        wanted: Option<&TeamId>,
    ) -> Result<Signed, IpcError> {
        let session = store.verify_session(&token).await?;
        let (user, teams) = store.user_with_teams(session.user()).await?.ok_or(StoreError::SessionInvalid)?;
        let team = wanted
            .filter(|w| teams.iter().any(|t| &t.team == *w))
            .or_else(|| teams.first().map(|t| &t.team))
            .ok_or(StoreError::NotMember)?
            .clone();
        let scope = store.scope_for_session(&session, &team).await?;
        Ok(Signed { token, session, email: user.email, teams, scope })
    }
}

fn today(clock: &dyn Clock) -> Result<Date, IpcError> {
    Ok(Date::from_time(clock.now().date()).map_err(StoreError::from)?)
}

/// A plain lock whose holder cannot leave it half-changed (each holder only swaps a value).
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
