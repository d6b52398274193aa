//! The connection supervisor: the shell loops [`App::check_connection`] and [`App::pause`].
//! Online, the open team's session and membership are re-checked every [`HEARTBEAT`] (this is
//! also how a lost table is noticed); offline, the session is resumed with backoff
//! ([`crate::backoff`]) until the table answers, and the window hears each change.

use crate::AppError;
use crate::app::App;
use crate::workspace::{Check, HEARTBEAT, Signed, Workspace, backoff};
use planner_store::Store;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::RwLockWriteGuard;

impl App {
    /// Checks the connection once and answers when to check again. Online, the session and
    /// membership are re-checked ([`App::plan`]; a table out of reach switches to offline).
    /// Offline, the session is resumed: back online the window hears it and reloads in place;
    /// an ended session signs out; still out of reach, the next try waits longer.
    pub async fn check_connection(&self) -> Duration {
        // Decided under the read lock, done after it (`plan` and `resume` take the lock). The
        // epoch is read first: a sign-out after it is seen by what the resume would keep.
        let epoch = self.epoch();
        let next = self.workspace.read().await.next_check();
        let (store, credential, team, user, held, starting) = match next {
            Check::Resume { store, credential, team, user, held, starting } => {
                (store, credential, team, user, held, starting)
            }
            Check::Recheck => {
                drop(self.plan().await);
                return self.workspace.read().await.after_recheck();
            }
            Check::RetryStart(store) => return self.retry_start(store, epoch).await,
            Check::Wait => return HEARTBEAT,
        };
        // The copy in memory goes on (not read again from its file).
        let resumed = self.resume_with(&store, credential, Some(&team), Some(held), epoch).await;
        if starting {
            // A start from the copy: the window shows the copy first (it asks within a moment
            // of opening), then the fresh data in place; the table was reached meanwhile.
            let mut shown = self.shown.subscribe();
            let _ = tokio::time::timeout(Duration::from_secs(3), shown.wait_for(|s| *s)).await;
        }
        let mut w = self.workspace.write().await;
        if !w.is_offline_as(&user, &team) {
            return HEARTBEAT;
        }
        match resumed {
            // The credentials now belong to someone else (an AWS identity linked to another
            // user, another AWS profile): the copy shown is not theirs; signed out, forgotten.
            Ok(signed) if signed.session.user() != &user => {
                self.now_signed_out(w, store, planner_store::StoreError::SessionInvalid.into()).await
            }
            // The same team, or another of the user's if this one was left meanwhile.
            Ok(signed) => self.now_signed(w, store, signed, "back online").await,
            Err(reason) if reason.is_session_gone() => self.now_signed_out(w, store, reason).await,
            Err(reason) => {
                let (wait, changed) = w.still_offline(&user, &team, reason).unwrap_or((HEARTBEAT, false));
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
        let Ok(Some(credential)) = self.kept_credential().await else { return HEARTBEAT };
        let last = self.last_team();
        let resumed = self.resume(&store, credential, last.as_ref(), epoch).await;
        let mut w = self.workspace.write().await;
        if !w.is_start_out_of_reach() {
            return HEARTBEAT;
        }
        match resumed {
            Ok(open) => {
                self.now_signed(w, store, open, "the table answered: signed in with the kept session").await
            }
            Err(reason) if reason.is_out_of_reach() => backoff(4),
            Err(reason) if reason.is_session_gone() => self.now_signed_out(w, store, reason).await,
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
        mut w: RwLockWriteGuard<'_, Workspace>,
        store: Arc<Store>,
        signed: Signed,
        event: &str,
    ) -> Duration {
        // Remembered while the state is held: a sign-out waits for it, then removes it.
        self.remember_team(signed.scope.team());
        *w = Workspace::Team { store, open: Box::new(signed) };
        drop(w);
        tracing::info!("{event}");
        self.notify().await;
        HEARTBEAT
    }

    /// The connection check found the session ended or the user in no team: signed out with
    /// `reason`, and this computer forgets the session and the offline copy.
    async fn now_signed_out(
        &self,
        mut w: RwLockWriteGuard<'_, Workspace>,
        store: Arc<Store>,
        reason: AppError,
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
}
