//! Opening at start-up without holding the window back: the shell manages an [`App`] at once
//! ([`App::opening`]) and opens what the settings name ([`crate::startup::open`]) on the async
//! runtime; an [`Opening`] holds the workspace's lock meanwhile, so that every command waits for
//! it and none sees the app half opened, and [`Opening::finish`] puts in what was opened.

use crate::app::lock;
use crate::workspace::Workspace;
use crate::{App, AppError};
use planner_domain::SystemClock;
use std::sync::Arc;

/// What an app holds before it is open and after its workspace was taken. A command sees it
/// only if the opening ended without [`Opening::finish`] (a bug that panicked): then it says so
/// instead of waiting for ever.
fn not_yet_open() -> Workspace {
    Workspace::Broken {
        reason: AppError::config(
            "the app did not finish opening; close it and start it again (its log says what went wrong)",
        ),
    }
}

/// What finishes opening an [`App::opening`]: it holds the workspace's lock until then.
pub struct Opening {
    held: tokio::sync::OwnedRwLockWriteGuard<Workspace>,
}

impl Opening {
    /// Puts what `opened` opened into `app` — its sign-in and what the window is to be told
    /// first — and lets the commands that waited go on.
    pub async fn finish(mut self, app: &App, opened: App) {
        *lock(&app.auth) = lock(&opened.auth).take();
        if let Some(n) = lock(&opened.notice).take() {
            *lock(&app.notice) = Some(n);
        }
        *self.held = opened.take_workspace().await;
    }
}

impl App {
    /// An app that is still being opened, and what finishes opening it: the window can be shown
    /// (and its page load) while [`startup::open`](crate::startup::open) runs, instead of the
    /// window's thread waiting for the table, the keyring and the offline copy. Until
    /// [`Opening::finish`], every command waits at the workspace's lock, which the [`Opening`]
    /// holds from the start: none can see the app half opened.
    pub fn opening() -> (Self, Opening) {
        let app = Self::new(Arc::new(SystemClock), not_yet_open(), None);
        let held = app.workspace.clone().try_write_owned().expect("a lock nobody else has is free");
        (app, Opening { held })
    }

    /// Waits until the app is open ([`App::opening`]): for what reads the sign-in before the
    /// workspace (the workspace's lock waits by itself).
    pub(crate) async fn opened(&self) {
        drop(self.workspace.read().await);
    }

    /// The workspace, taken out of an app about to be let go.
    pub(crate) async fn take_workspace(&self) -> Workspace {
        std::mem::replace(&mut *self.workspace.write().await, not_yet_open())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_store::{Engine, MemoryAudit};
    use std::time::Duration;

    async fn local() -> App {
        let clock = Arc::new(planner_domain::FixedClock::new(time::macros::datetime!(2026-12-07 09:00 UTC)));
        App::open(Engine::Memory, Arc::new(MemoryAudit::default()), clock).await.unwrap()
    }

    /// Whether `task` is still waiting after the runtime had time to run it.
    async fn waits<T>(task: &tokio::task::JoinHandle<T>) -> bool {
        tokio::time::sleep(Duration::from_millis(50)).await;
        !task.is_finished()
    }

    #[tokio::test]
    async fn commands_wait_for_the_open_and_see_what_it_opened() {
        let (app, opening) = App::opening();
        let app = Arc::new(app);
        let asked = tokio::spawn({
            let app = app.clone();
            async move { app.session().await }
        });
        let planned = tokio::spawn({
            let app = app.clone();
            async move { app.plan().await.map(|(_, scope)| scope.team().clone()) }
        });
        assert!(waits(&asked).await, "a command answered before the app was open");
        assert!(!planned.is_finished());
        opening.finish(&app, local().await).await;
        assert_eq!(asked.await.unwrap().mode(), "local");
        assert!(planned.await.unwrap().is_ok(), "the plan of the workspace opened");
    }

    #[tokio::test]
    async fn what_the_open_has_to_tell_the_window_is_kept() {
        let (app, opening) = App::opening();
        let opened = local().await;
        let damaged = AppError::CacheDamaged("the offline copy could not be read".into());
        opened.tell(Some(damaged.clone()));
        opening.finish(&app, opened).await;
        assert_eq!(app.told().await.notice, Some(damaged));
        assert_eq!(app.told().await.notice, None, "told once");
    }

    #[tokio::test]
    async fn a_sign_in_or_a_link_waits_for_the_sign_in_settings() {
        let (app, opening) = App::opening();
        let app = Arc::new(app);
        let email = planner_domain::Email::parse("ada@example.com").unwrap();
        let coded = tokio::spawn({
            let app = app.clone();
            async move { app.request_code(&email, planner_auth::Lang::En).await }
        });
        let linked = tokio::spawn({
            let app = app.clone();
            let link = planner_auth::sign_in_link(
                &planner_domain::Email::parse("ada@example.com").unwrap(),
                &planner_store::Sensitive::new("a".repeat(64)),
            );
            async move { app.open_link(&link).await }
        });
        assert!(waits(&coded).await && waits(&linked).await, "read the sign-in before it was known");
        opening.finish(&app, local().await).await;
        // The local workspace has no sign-in: said as such, not as an app that did not open.
        let said = coded.await.unwrap().unwrap_err();
        assert!(!said.to_string().contains("did not finish opening"), "{said}");
        assert!(linked.await.unwrap().is_err());
    }

    #[tokio::test]
    async fn an_opening_that_ended_without_finishing_is_said_not_waited_for() {
        let (app, opening) = App::opening();
        drop(opening); // as when the opening panicked
        let session = app.session().await;
        let reason = session.reason().expect("a reason").to_string();
        assert!(reason.contains("did not finish opening"), "{reason}");
    }
}
