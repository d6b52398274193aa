//! Sign-in links: a `resource-planner://sign-in?…` link is used at once only for a code this app
//! asked for in the last [`ASKED_MINUTES`], for the same email; any other is checked, held here,
//! and the window asks first. Taking over a session ends the one before it.

use crate::AppError;
use crate::app::{App, lock};
use crate::view::{LinkAsk, SessionUpdate};
use crate::workspace::Workspace;
use planner_domain::Email;
use planner_store::{Credential, Sensitive, SignedIn, Store};
use std::sync::Arc;

/// How long after asking for a code a link for the same email is used without asking.
pub const ASKED_MINUTES: i64 = 10;

impl App {
    /// A `resource-planner://sign-in?…` link (pasted, or handed over by the OS). Used at once
    /// only for a sign-in this app asked for in the last [`ASKED_MINUTES`], for the same email;
    /// any other good link is held and the window asks first ([`SessionUpdate::ask`]), naming the account
    /// and the team. A link that would not work says so without asking.
    pub async fn open_link(&self, link: &str) -> Result<SessionUpdate, AppError> {
        let (email, secret) =
            planner_auth::parse_sign_in_link(link).map_err(|e| AppError::BadLink(e.to_string()))?;
        // A link the OS hands over as the app starts waits for it to open (App::opening).
        self.opened().await;
        self.code_auth()?;
        let store = self.workspace.read().await.store()?;
        store.identity().check_sign_in_link(&email, &secret).await?;
        if self.asked_for(&email) {
            return self.use_link(store, &email, &secret).await;
        }
        let ask = self.link_ask(&store, &email).await?;
        *lock(&self.held_link) = Some((email, secret));
        let mut told = self.told().await;
        told.ask = Some(ask);
        Ok(told)
    }

    /// The window's answer to [`SessionUpdate::ask`] about the link for `email`: `accept` signs in with
    /// the held link; either way the link is let go. An answer about another link than the one
    /// held (a newer link arrived while the question was on screen) changes nothing.
    pub async fn answer_link(&self, email: &Email, accept: bool) -> Result<SessionUpdate, AppError> {
        let held = {
            let mut held = lock(&self.held_link);
            if held.as_ref().is_some_and(|(e, _)| e != email) {
                return Err(AppError::BadLink(
                    "another sign-in link arrived meanwhile; answer its question instead".into(),
                ));
            }
            held.take()
        };
        match held {
            Some((email, secret)) if accept => {
                let store = self.workspace.read().await.store()?;
                self.use_link(store, &email, &secret).await
            }
            Some(_) => Ok(self.told().await),
            None => Err(AppError::BadLink("there is no sign-in link waiting; open the link again".into())),
        }
    }

    /// Whether this app asked a code for `email` within the last [`ASKED_MINUTES`].
    fn asked_for(&self, email: &Email) -> bool {
        let now = self.clock.now();
        lock(&self.asked).as_ref().is_some_and(|(asked, at)| {
            asked == email && *at <= now && now - *at <= time::Duration::minutes(ASKED_MINUTES)
        })
    }

    /// What the window asks about a link for `email`: the account, the team it would open, and
    /// who would be signed out.
    async fn link_ask(&self, store: &Store, email: &Email) -> Result<LinkAsk, AppError> {
        let teams = match store.identity().find_user_by_email(email).await? {
            Some(user) => {
                store.identity().user_with_teams(&user.id).await?.map(|(_, teams)| teams).unwrap_or_default()
            }
            None => Vec::new(),
        };
        let last = self.last_team();
        let team = teams
            .iter()
            .find(|t| Some(&t.team) == last.as_ref())
            .or(teams.first())
            .and_then(|t| t.name.as_ref().map(|n| n.as_str().to_owned()));
        let replaces = match &*self.workspace.read().await {
            Workspace::Team { open, .. } => Some(open.email.clone()),
            Workspace::Offline { open, .. } => Some(open.email.clone()),
            _ => None,
        };
        Ok(LinkAsk { email: email.clone(), team, replaces })
    }

    async fn use_link(
        &self,
        store: Arc<Store>,
        email: &Email,
        secret: &Sensitive,
    ) -> Result<SessionUpdate, AppError> {
        self.vault_call(|v| v.load().map(drop)).await?;
        *lock(&self.asked) = None;
        let signed = store.identity().sign_in_with_link(email, secret).await?;
        self.take_over(store, signed).await
    }

    /// Makes `signed` this computer's session. The session signed in before it, if any, is
    /// ended first (its Session item deleted); if that cannot be done, the new one is ended instead
    /// and nothing changes. Another person's local things are removed.
    pub(crate) async fn take_over(
        &self,
        store: Arc<Store>,
        signed: SignedIn,
    ) -> Result<SessionUpdate, AppError> {
        // The session signed in now leaves the workspace first, so that nothing (a command, the
        // connection check) acts on it while it is ended and replaced.
        let old = {
            let mut w = self.workspace.write().await;
            match &*w {
                Workspace::Team { .. } | Workspace::Offline { .. } => Some(std::mem::replace(
                    &mut *w,
                    Workspace::SignedOut { store: store.clone(), reason: None },
                )),
                _ => None,
            }
        };
        let before = match &old {
            Some(Workspace::Team { open, .. }) => {
                Some((open.credential.clone(), open.session.user().clone()))
            }
            Some(Workspace::Offline { open, .. }) => Some((open.credential.clone(), open.user.clone())),
            _ => None,
        };
        if let Some((credential, user)) = &before {
            if let Err(e) = store.identity().end_session(credential).await {
                // Nothing changes: the new session ends, the one before stays.
                let _ = store.identity().delete_session(&signed.token).await;
                if let Some(old) = old {
                    *self.workspace.write().await = old;
                }
                return Err(e.into());
            }
            if *user != signed.user.id {
                self.forget_local().await?;
            }
        }
        let token = signed.token.clone();
        if let Err(e) = self.vault_call(move |v| v.save(&token)).await {
            // Readable but not writable: the session just made is ended, not left behind.
            let _ = store.identity().delete_session(&signed.token).await;
            return Err(e);
        }
        let last = self.last_team();
        let credential = Credential::Token(signed.token.clone());
        let open = match self.resume(&store, credential, last.as_ref(), self.epoch()).await {
            Ok(open) => open,
            Err(e) => {
                // Not left half signed in: the new session ends and the keyring forgets it.
                let _ = store.identity().delete_session(&signed.token).await;
                let _ = self.vault_call(|v| v.delete()).await;
                *self.workspace.write().await = Workspace::SignedOut { store, reason: Some(e.clone()) };
                return Err(e);
            }
        };
        self.remember_team(open.scope.team());
        tracing::info!("signed in as user {}", open.session.user());
        *self.workspace.write().await = Workspace::Team { store, open: Box::new(open) };
        Ok(self.told().await)
    }

    /// A link the OS handed over: checked, then used or held for the window to confirm; the
    /// window hears of it (what is open now, the question, or why the link did not work) — now,
    /// or when it starts listening if the link started it.
    pub async fn open_link_from_os(&self, link: &str) {
        let told = match self.open_link(link).await {
            Ok(told) => told,
            Err(e) => {
                tracing::warn!("a sign-in link from the OS failed: {}", e.code());
                SessionUpdate { session: self.session().await, notice: Some(e), ask: None }
            }
        };
        self.tell_window(told);
    }
}
