//! Membership lag does not sign people out, at the application's level.
//!
//! GSI1, which lists a user's teams, is eventually consistent: for a moment after a removal it
//! still lists the team. Here the index's answer from before the removal is replayed after it
//! (a hook on the app's connection), so the app sees exactly what a lagging index shows. The user
//! is removed from the team open in their window; their next command must land them in their
//! other team, signed in, with the session and its token kept — not on the sign-in screen with
//! their copies wiped, as when the listed team was opened unconfirmed.
//!
//! In planner-admin's tests because the teams are made as IT makes them (the operator's
//! `create_team`, which the desktop app's crates do not enable).

use planner_app::{App, Auth, SessionView};
use planner_auth::{MemoryVault, TokenVault};
use planner_domain::{Email, FixedClock, Name, Role};
use planner_store::engine::hooks::{Before, Hooks};
use planner_store::{Engine, MemoryAudit, Store};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Replays the user's team listing (a GSI1 Query) as it was before `stale` was set.
#[derive(Debug, Default)]
struct LaggingIndex {
    user_key: Mutex<String>,
    kept: Mutex<Option<Vec<u8>>>,
    stale: AtomicBool,
    replayed: AtomicBool,
}

impl LaggingIndex {
    fn is_listing(&self, operation: &str, body: &[u8]) -> bool {
        let body = String::from_utf8_lossy(body);
        let user = self.user_key.lock().unwrap();
        operation == "Query" && body.contains("\"GSI1\"") && !user.is_empty() && body.contains(user.as_str())
    }
}

impl Hooks for LaggingIndex {
    fn before(&self, operation: &str, body: &[u8]) -> Before {
        if self.stale.load(Ordering::SeqCst)
            && self.is_listing(operation, body)
            && let Some(kept) = self.kept.lock().unwrap().clone()
        {
            self.replayed.store(true, Ordering::SeqCst);
            return Before::Respond { status: 200, body: kept };
        }
        Before::Forward
    }

    fn after(&self, operation: &str, request: &[u8], status: u16, response: &[u8]) {
        if status == 200 && !self.stale.load(Ordering::SeqCst) && self.is_listing(operation, request) {
            *self.kept.lock().unwrap() = Some(response.to_vec());
        }
    }
}

async fn store(file: &Path, hooks: Option<Arc<dyn Hooks>>) -> Store {
    let conn = planner_store::connect(&Engine::LocalFile(file.to_owned()), hooks).await.unwrap();
    let clock = FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC));
    Store::new(conn, Arc::new(clock), Arc::new(MemoryAudit::default())).with_token_pepper(b"pepper".to_vec())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_removal_seen_late_by_the_index_lands_the_user_in_their_other_team() {
    let dir = std::env::temp_dir().join(format!("rp-lag-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("team.db");

    // IT: two teams, Alpha and Beta; Ada plans in both.
    let it = store(&file, None).await;
    let lead = it.identity().create_user(&Email::parse("lead@example.com").unwrap(), None).await.unwrap();
    let ada_email = Email::parse("ada@example.com").unwrap();
    let ada = it.identity().create_user(&ada_email, Some(&Name::parse("Ada").unwrap())).await.unwrap();
    let alpha = it.identity().create_team(&Name::parse("Alpha").unwrap(), &lead.id).await.unwrap();
    let beta = it.identity().create_team(&Name::parse("Beta").unwrap(), &lead.id).await.unwrap();
    let alpha_admin = it.identity().operator_scope(&alpha.id).await.unwrap();
    let beta_admin = it.identity().operator_scope(&beta.id).await.unwrap();
    it.identity().put_member(&alpha_admin, &ada.id, Role::Planner).await.unwrap();
    it.identity().put_member(&beta_admin, &ada.id, Role::Planner).await.unwrap();

    // Ada signed in earlier on this computer (her token is in the keyring); her app starts.
    let issued = it.identity().request_sign_in_code(&ada_email).await.unwrap().unwrap();
    let signed = it.identity().sign_in_with_code(&ada_email, &issued.code).await.unwrap();
    let vault = Arc::new(MemoryVault::default());
    vault.save(&signed.token).unwrap();
    let lag = Arc::new(LaggingIndex::default());
    *lag.user_key.lock().unwrap() = format!("USER#{}", ada.id);
    let auth = Auth {
        aws_identity: false,
        mailer: None,
        vault: vault.clone(),
        local_dir: Some(dir.join("local")),
        copies: None,
    };
    let clock = Arc::new(FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    let app = App::open_team(store(&file, Some(lag.clone())).await, auth, clock).await.unwrap();
    let open_team = |view: &SessionView| match view {
        SessionView::Team { team: Some(t), offline: None, .. } => Some(t.team.clone()),
        _ => None,
    };
    // Alpha sorts first: it is open.
    assert_eq!(open_team(&app.session().await), Some(alpha.id.clone()));
    app.catalog().await.unwrap();
    assert!(lag.kept.lock().unwrap().is_some(), "the index's listing of both teams was seen");

    // Ada is removed from Alpha; the index has not caught up (it still lists Alpha and Beta).
    lag.stale.store(true, Ordering::SeqCst);
    it.identity().remove_member(&alpha_admin, &ada.id).await.unwrap();

    // Her next command: refused in Alpha, and the window moves to Beta, still signed in.
    let refused = app.catalog().await.unwrap_err();
    assert_eq!(refused.code().as_str(), "not_member");
    assert!(lag.replayed.load(Ordering::SeqCst), "the lagging listing was what the app read");
    assert_eq!(open_team(&app.session().await), Some(beta.id.clone()), "{:?}", app.session().await);
    assert!(vault.load().unwrap().is_some(), "the session's token stays in the keyring");
    app.catalog().await.unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
