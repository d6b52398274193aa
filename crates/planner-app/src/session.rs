//! Sign-in and what hangs on it: opening a team table (at once from the offline copy when
//! there is one), signing in by code or link, switching team, signing out, and resuming a
//! session (token → user → teams → scope). What a resume keeps on this computer is kept only
//! if this computer did not sign out meanwhile (the copies' epoch).

use crate::app::{App, Auth, lock};
use crate::view::{SessionUpdate, SessionView};
use crate::workspace::{Cached, Signed, Workspace};
use crate::{AppError, TeamCopy};
use planner_auth::Lang;
use planner_cache::{Profile, ProfileTeam};
use planner_domain::{Clock, Email, Name, TeamId, UserId};
use planner_store::{Credential, Sensitive, Store, StoreError, TeamMembership, VerifiedSession};
use std::sync::Arc;

impl App {
    /// A team table (`store`): signed in at once if the vault holds a session that is still
    /// valid, else signed out with the reason.
    pub async fn open_team(store: Store, auth: Auth, clock: Arc<dyn Clock>) -> Result<Self, AppError> {
        let store = Arc::new(store);
        let app = Self::new(
            clock,
            Workspace::SignedOut { store: store.clone(), reason: None },
            Some(Arc::new(auth)),
        );
        // A keyring that cannot be reached (no Secret Service, say) is a reason on the sign-in
        // screen, not a window that opens nothing.
        let stored = match app.kept_credential().await {
            Ok(credential) => credential,
            Err(reason) => {
                *app.workspace.write().await = Workspace::SignedOut { store, reason: Some(reason) };
                return Ok(app);
            }
        };
        let Some(credential) = stored else { return Ok(app) };
        let last = app.last_team();
        // The last timeline at once from the offline copy; the table is reached in the
        // background (the connection check) and the window refreshes in place.
        if let Some(cached) = app.cached_start(credential.clone(), last.as_ref()).await {
            *app.workspace.write().await = Workspace::Offline { store, open: Box::new(cached) };
            return Ok(app);
        }
        match app.resume(&store, credential, last.as_ref(), app.epoch()).await {
            Ok(open) => *app.workspace.write().await = Workspace::Team { store, open: Box::new(open) },
            Err(reason) => {
                // An ended or expired session is forgotten; any other failure (no network,
                // lapsed AWS credentials) keeps the token for the next try. Either way the
                // sign-in screen says why.
                if reason.is_session_gone() {
                    app.vault_call(|v| v.delete()).await?;
                    app.forget_local().await?;
                }
                *app.workspace.write().await = Workspace::SignedOut { store, reason: Some(reason) };
            }
        }
        Ok(app)
    }

    /// The credential this computer signs in with: the AWS identity where IT chose it (nothing
    /// is kept: STS is asked each time), else the session token the keyring holds.
    pub(crate) async fn kept_credential(&self) -> Result<Option<Credential>, AppError> {
        if self.by_aws_identity() {
            let out = self.table_dir().is_some_and(|d| d.signed_out().exists());
            return Ok((!out).then_some(Credential::AwsIdentity));
        }
        Ok(self.vault_call(|v| v.load()).await?.map(Credential::Token))
    }

    /// Whether this table signs in by AWS identity ([`crate::app::Auth::aws_identity`]).
    pub(crate) fn by_aws_identity(&self) -> bool {
        self.auth().is_ok_and(|a| a.aws_identity)
    }

    /// Sign-in by email code or link: refused where the table signs in by AWS identity (a
    /// Session item, which anyone who may write the table could forge, must not sign anyone in
    /// there).
    pub(crate) fn code_auth(&self) -> Result<Arc<crate::app::Auth>, AppError> {
        let auth = self.auth()?;
        if auth.aws_identity {
            return Err(AppError::config(
                "this team table signs you in with your AWS identity, not with a code by email",
            ));
        }
        Ok(auth)
    }

    /// Signs in by AWS identity (the sign-in screen's button, after a sign-out or a refusal):
    /// STS names the identity, IT's link the user, the stored membership the team.
    pub async fn sign_in_with_aws(&self) -> Result<SessionUpdate, AppError> {
        self.opened().await;
        if !self.auth()?.aws_identity {
            return Err(AppError::config(
                "signing in by AWS identity is not set up for this table (signin.methods); ask your IT department",
            ));
        }
        let store = match &*self.workspace.read().await {
            Workspace::SignedOut { store, .. } => store.clone(),
            Workspace::Broken { reason } => return Err(reason.clone()),
            _ => return Ok(self.told().await),
        };
        let last = self.last_team();
        let epoch = self.epoch();
        let open = self.resume(&store, Credential::AwsIdentity, last.as_ref(), epoch).await?;
        if let Some(dir) = self.table_dir() {
            let _ = std::fs::remove_file(dir.signed_out());
        }
        let mut w = self.workspace.write().await;
        match &*w {
            Workspace::SignedOut { .. } => {}
            // The connection check signed in meanwhile, as this identity: that is the answer.
            Workspace::Team { open: current, .. } if current.session.user() == open.session.user() => {
                drop(w);
                return Ok(self.told().await);
            }
            _ => return Err(AppError::SignedOut),
        }
        self.remember_team(open.scope.team());
        tracing::info!("signed in by AWS identity as user {}", open.session.user());
        *w = Workspace::Team { store, open: Box::new(open) };
        drop(w);
        Ok(self.told().await)
    }

    /// Asks for a sign-in code by email. The answer is the same whether or not the email may
    /// sign in. The app remembers that it asked, for whom and when: a link for this email in the
    /// next [`crate::links::ASKED_MINUTES`] is then used without asking.
    pub async fn request_code(&self, email: &Email, lang: Lang) -> Result<(), AppError> {
        self.opened().await;
        let auth = self.code_auth()?;
        let mailer = auth.mailer.as_ref().ok_or_else(|| {
            AppError::config("no mail server is set up for sign-in codes (smtp.host); ask your IT department")
        })?;
        let store = self.workspace.read().await.store()?;
        *lock(&self.asked) = Some((email.clone(), self.clock.now()));
        planner_auth::request_code(&store, mailer, email, lang).await.map_err(|e| match e {
            planner_auth::RequestError::Store(e) => e.into(),
            planner_auth::RequestError::Mail(e) => AppError::Mail(e.to_string()),
        })
    }

    /// Signs in with the code typed from the email; the session token goes into the vault.
    pub async fn sign_in(&self, email: &Email, code: &Sensitive) -> Result<SessionUpdate, AppError> {
        self.opened().await;
        self.code_auth()?;
        let store = self.workspace.read().await.store()?;
        // The keyring first: one that cannot be used now would otherwise fail the sign-in after
        // its code was spent; the code stays good for a try once it works.
        self.vault_call(|v| v.load().map(drop)).await?;
        let signed = store.identity().sign_in_with_code(email, code).await?;
        self.take_over(store, signed).await
    }

    /// Opens another of the user's teams (the table is asked without holding the state, so
    /// that nothing waits on a slow network; a table out of reach switches to offline).
    pub async fn switch_team(&self, team: &TeamId) -> Result<SessionUpdate, AppError> {
        let epoch = self.epoch();
        let (store, session) = match &*self.workspace.read().await {
            Workspace::Team { store, open } => (store.clone(), open.session.clone()),
            Workspace::Offline { open, .. } => return Err(AppError::offline(open.reason.as_ref())),
            _ => return Err(AppError::SignedOut),
        };
        let scope = match store.identity().scope_for_session(&session, team).await {
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
            _ => return Err(AppError::SignedOut),
        }
        drop(w);
        self.tell(notice);
        self.remember_team(team);
        Ok(self.told().await)
    }

    /// Ends this session (or every session of the user) and forgets the token. When the table
    /// cannot be reached (offline, or found so now), this computer forgets the session (token,
    /// offline copy) and its Session item lives on until it expires; "everywhere" needs the
    /// table and is refused then.
    pub async fn sign_out(&self, everywhere: bool) -> Result<SessionView, AppError> {
        self.opened().await;
        if everywhere && self.by_aws_identity() {
            return Err(AppError::config(
                "with sign-in by AWS identity there are no sessions to end elsewhere; to stop an AWS identity signing in, IT unlinks it (rp-admin unlink-identity)",
            ));
        }
        let (store, signed) = match &*self.workspace.read().await {
            Workspace::Team { store, open } => {
                (store.clone(), Some((open.credential.clone(), open.session.clone())))
            }
            Workspace::Offline { open, .. } if everywhere => {
                return Err(AppError::offline(open.reason.as_ref()));
            }
            Workspace::Offline { store, .. } | Workspace::SignedOut { store, .. } => (store.clone(), None),
            Workspace::Local { .. } => return Err(crate::app::no_sign_in()),
            Workspace::Broken { reason } => return Err(reason.clone()),
        };
        // The table is asked without holding the state (a slow network must not stop the rest).
        if let Some((credential, session)) = &signed {
            let ended = async {
                if everywhere {
                    store.identity().end_all_sessions(session).await?;
                }
                store.identity().end_session(credential).await
            };
            if let Err(e) = ended.await {
                let reason = AppError::from(e);
                // Out of reach, a plain sign-out goes on here; everything else is refused.
                if everywhere || !reason.is_out_of_reach() {
                    return Err(self.lost(session, reason).await);
                }
                tracing::warn!("signed out on this computer only: the table could not be reached");
            }
        }
        *self.workspace.write().await = Workspace::SignedOut { store, reason: None };
        *lock(&self.held_link) = None;
        *lock(&self.asked) = None;
        self.vault_call(|v| v.delete()).await?;
        self.forget_local().await?;
        if self.by_aws_identity()
            && let Some(dir) = self.table_dir()
        {
            // The AWS identity is always there: without this the next start signs in again.
            let _ = std::fs::create_dir_all(dir.path());
            let _ = std::fs::write(dir.signed_out(), "");
        }
        tracing::info!("{}", if everywhere { "signed out everywhere" } else { "signed out" });
        Ok(self.session().await)
    }

    /// Removes the user's local things for this table (the last team's id, the offline copies
    /// and their key): on sign-out, and when the session is found ended.
    pub(crate) async fn forget_local(&self) -> Result<(), AppError> {
        let Ok(auth) = self.auth() else { return Ok(()) };
        if let Some(copies) = &auth.copies {
            copies.forget().await;
        }
        let Some(dir) = auth.local_dir.clone() else { return Ok(()) };
        match std::fs::remove_dir_all(&dir) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(AppError::LocalData(format!(
                "signed out, but {} could not be removed: {e}",
                dir.display()
            ))),
        }
    }

    pub(crate) fn table_dir(&self) -> Option<crate::places::TableDir> {
        self.auth().ok()?.local_dir.clone().map(crate::places::TableDir)
    }

    pub(crate) fn last_team(&self) -> Option<TeamId> {
        let path = self.table_dir()?.last_team();
        TeamId::parse(std::fs::read_to_string(path).ok()?.trim()).ok()
    }

    /// Remembers the team open now; failing to is not worth an error (the first team opens).
    pub(crate) fn remember_team(&self, team: &TeamId) {
        if let Some(dir) = self.table_dir() {
            let _ = std::fs::create_dir_all(dir.path());
            let _ = std::fs::write(dir.last_team(), team.as_str());
        }
    }

    /// A session token → its user's teams → the scope of `wanted` (else the first team). What
    /// it keeps on this computer (the profile, a copy's key) it keeps only if this computer did
    /// not sign out since `epoch` ([`App::epoch`], read before the state was).
    pub(crate) async fn resume(
        &self,
        store: &Store,
        credential: Credential,
        wanted: Option<&TeamId>,
        epoch: u64,
    ) -> Result<Signed, AppError> {
        self.resume_with(store, credential, wanted, None, epoch).await
    }

    /// [`App::resume`], with `held` the copy of `wanted` already in memory.
    pub(crate) async fn resume_with(
        &self,
        store: &Store,
        credential: Credential,
        wanted: Option<&TeamId>,
        held: Option<Arc<TeamCopy>>,
        epoch: u64,
    ) -> Result<Signed, AppError> {
        let session = store.identity().verify(&credential).await?;
        let (user, teams) =
            store.identity().user_of_session(&session).await?.ok_or(StoreError::SessionInvalid)?;
        let team = wanted
            .filter(|w| teams.iter().any(|t| &t.team == *w))
            .or_else(|| teams.first().map(|t| &t.team))
            .ok_or(StoreError::NotMember)?
            .clone();
        let scope = store.identity().scope_for_session(&session, &team).await?;
        let (copy, notice) = match held.filter(|_| wanted == Some(&team)) {
            Some(copy) => (copy, None),
            None => self.copy_of(epoch, session.user(), &team).await,
        };
        self.tell(notice);
        if let Some(copies) = self.auth().ok().as_ref().and_then(|a| a.copies.as_ref()) {
            let teams = teams
                .iter()
                .map(|t| ProfileTeam {
                    id: t.team.clone(),
                    name: t.name.as_ref().map(|n| n.to_string()),
                    role: t.role,
                })
                .collect();
            let profile =
                Profile { user: session.user().clone(), email: user.email.as_str().to_owned(), teams };
            copies.keep_profile(epoch, profile).await;
        }
        Ok(Signed { credential, session, email: user.email, teams, scope, copy })
    }

    /// The offline copy of `team` for `user` (empty without a keyring or on the local
    /// workspace, or after a sign-out since `epoch`), and a notice if a damaged one was discarded.
    async fn copy_of(&self, epoch: u64, user: &UserId, team: &TeamId) -> (Arc<TeamCopy>, Option<AppError>) {
        match self.auth().ok().as_ref().and_then(|a| a.copies.as_ref()) {
            Some(copies) => copies.team(epoch, user, team).await,
            None => (Arc::new(TeamCopy::none()), None),
        }
    }

    /// After the session or the membership was found gone: open another team of the user's if
    /// the session lives (a lost membership), else sign out and forget this computer's copy.
    pub(crate) async fn lose_scope(
        &self,
        store: &Arc<Store>,
        credential: Credential,
        session: &VerifiedSession,
        reason: AppError,
        epoch: u64,
    ) -> Result<(), AppError> {
        let next = if matches!(reason, AppError::Store(StoreError::NotMember)) {
            self.resume(store, credential.clone(), None, epoch).await.ok()
        } else {
            None
        };
        let mut w = self.workspace.write().await;
        // Another command may have handled it already.
        if !w.is_open(session) {
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
                let _ = store.identity().end_session(&credential).await;
                self.vault_call(|v| v.delete()).await?;
                self.forget_local().await?;
            }
        }
        self.notify().await;
        Ok(())
    }

    /// A start from the offline copy: who was signed in and the last team's copy, if both are
    /// there. The session is checked afterwards ([`App::check_connection`]).
    async fn cached_start(&self, credential: Credential, last: Option<&TeamId>) -> Option<Cached> {
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
        let email = Email::parse(&profile.email).ok()?;
        Some(Cached { credential, user: profile.user, email, teams, team, copy, reason: None, tries: 0 })
    }
}
