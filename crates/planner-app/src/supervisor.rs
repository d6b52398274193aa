//! The connection supervisor: the shell loops [`App::heartbeat`] and [`App::pause`].
//! Online, the open team's session and membership are re-checked every [`HEARTBEAT`] (this is
//! also how a lost table is noticed), or every [`SESSION_RECHECK`] while the live view's asks
//! answer (they notice a lost table, and the feed brings every change to the user's membership);
//! offline, the session is resumed with backoff ([`crate::backoff`]) until the table answers,
//! and the window hears each change.

use crate::AppError;
use crate::app::App;
use crate::workspace::{Check, HEARTBEAT, Signed, Workspace, backoff};
use planner_store::Store;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::RwLockWriteGuard;

/// How often the session and membership are checked while the live view's asks answer: a
/// session ended elsewhere (signed out everywhere, expired) is noticed within this by an open
/// window (any command checks it at once). A change to the membership comes through the feed.
pub const SESSION_RECHECK: Duration = Duration::from_secs(60);
/// How recent the live view's last answer must be to stand in for the connection check: more
/// than its longest wait between asks (30 s, idle), so an idle window's asks still count.
pub const LIVE_FRESH: Duration = Duration::from_secs(35);

/// Whether the periodic check must read the session and membership now: not while the table
/// answered the live view within [`LIVE_FRESH`] and they were read within [`SESSION_RECHECK`].
pub fn recheck_due(
    now: tokio::time::Instant,
    live_answered: Option<tokio::time::Instant>,
    rechecked: Option<tokio::time::Instant>,
) -> bool {
    let within =
        |at: Option<tokio::time::Instant>, d: Duration| at.is_some_and(|t| now.duration_since(t) < d);
    !(within(live_answered, LIVE_FRESH) && within(rechecked, SESSION_RECHECK))
}

impl App {
    /// The shell's periodic check: [`App::check_connection`], unless the live view's asks stand
    /// in for it ([`recheck_due`]); then nothing is read. Answers when to check again.
    pub async fn heartbeat(&self) -> Duration {
        let online = matches!(self.workspace.read().await.next_check(), Check::Recheck);
        let at = |m: &std::sync::Mutex<Option<tokio::time::Instant>>| *m.lock().expect("not poisoned");
        if online && !recheck_due(tokio::time::Instant::now(), at(&self.live_answered), at(&self.rechecked)) {
            return HEARTBEAT;
        }
        self.check_connection().await
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::time::Instant;

    #[test]
    fn the_check_waits_only_while_the_live_view_answers_and_the_last_check_is_recent() {
        let now = Instant::now() + Duration::from_secs(3600);
        let ago = |s: u64| Some(now - Duration::from_secs(s));
        assert!(!recheck_due(now, ago(2), ago(10)), "the live view answered, checked 10 s ago");
        assert!(!recheck_due(now, ago(34), ago(59)), "an idle window's asks still count");
        assert!(recheck_due(now, ago(2), ago(60)), "a minute since the last check");
        assert!(recheck_due(now, ago(35), ago(10)), "the live view stopped answering");
        assert!(recheck_due(now, None, ago(1)), "no live view");
        assert!(recheck_due(now, ago(1), None), "never checked");
    }
}
