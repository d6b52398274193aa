//! The state machine's transitions, on a store in memory with a real signed-in session.

use super::*;
use planner_domain::{FixedClock, Name, Role};
use planner_store::{Engine, MemoryAudit, StoreError};

fn down(why: &str) -> AppError {
    AppError::from(StoreError::Unavailable { message: why.into() })
}

/// A store with Ada signed in as a planner of its one team.
async fn signed_in() -> (Arc<Store>, Signed) {
    let conn = planner_store::connect(&Engine::Memory, None).await.unwrap();
    let clock = Arc::new(FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    let store =
        Store::new(conn, clock, Arc::new(MemoryAudit::default())).with_token_pepper(b"pepper".to_vec());
    let (_, admin) = store.identity().open_local_workspace().await.unwrap();
    let email = Email::parse("ada@example.com").unwrap();
    store
        .identity()
        .invite_member(&admin, &email, Some(&Name::parse("Ada").unwrap()), Role::Planner)
        .await
        .unwrap();
    let issued = store.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    let signed = store.identity().sign_in_with_code(&email, &issued.code).await.unwrap();
    let session = store.identity().verify_session(&signed.token).await.unwrap();
    let scope = store.identity().scope_for_session(&session, admin.team()).await.unwrap();
    let teams = vec![TeamMembership { team: admin.team().clone(), name: None, role: Role::Planner }];
    let open = Signed {
        credential: planner_store::Credential::Token(signed.token),
        session,
        email,
        teams,
        scope,
        copy: Arc::new(TeamCopy::none()),
    };
    (Arc::new(store), open)
}

#[tokio::test]
async fn a_team_goes_offline_only_for_its_own_session_and_keeps_who_and_where() {
    let (store, open) = signed_in().await;
    let (session, team, user) =
        (open.session.clone(), open.scope.team().clone(), open.session.user().clone());
    let mut w = Workspace::Team { store: store.clone(), open: Box::new(open) };

    // An answer for another session (signed in again meanwhile) changes nothing.
    let (_, other) = signed_in().await;
    assert!(!w.go_offline(&other.session, down("late")));
    assert!(matches!(w, Workspace::Team { .. }));

    assert!(w.go_offline(&session, down("cut")));
    let Workspace::Offline { open, .. } = &w else { panic!("offline") };
    assert_eq!((&open.user, &open.team, open.tries), (&user, &team, 0));
    assert_eq!(open.reason, Some(down("cut")));
    assert!(w.is_offline_as(&user, &team));
    // Offline, the transition does not apply again.
    assert!(!w.go_offline(&session, down("again")));
}

#[tokio::test]
async fn offline_each_try_backs_off_and_the_window_hears_only_a_new_reason() {
    let (store, open) = signed_in().await;
    let (session, team, user) =
        (open.session.clone(), open.scope.team().clone(), open.session.user().clone());
    let mut w = Workspace::Team { store, open: Box::new(open) };
    w.go_offline(&session, down("cut"));
    assert_eq!(w.still_offline(&user, &team, down("cut")), Some((backoff(1), false)));
    assert_eq!(w.still_offline(&user, &team, down("dns")), Some((backoff(2), true)));
    for _ in 0..10 {
        w.still_offline(&user, &team, down("dns"));
    }
    assert_eq!(w.still_offline(&user, &team, down("dns")), Some((Duration::from_secs(30), false)));
    assert_eq!(w.still_offline(&UserId::generate(), &team, down("x")), None, "another user's answer");
    assert_eq!([0, 1, 2, 3, 4, 5, 9].map(|n| backoff(n).as_secs()), [1, 2, 4, 8, 16, 30, 30]);
}

#[tokio::test]
async fn the_connection_check_follows_the_state() {
    let (store, open) = signed_in().await;
    let session = open.session.clone();
    let mut w = Workspace::Team { store: store.clone(), open: Box::new(open) };
    assert!(matches!(w.next_check(), Check::Recheck));
    assert_eq!(w.after_recheck(), HEARTBEAT);
    w.go_offline(&session, down("cut"));
    assert!(matches!(w.next_check(), Check::Resume { starting: false, .. }));
    assert_eq!(w.after_recheck(), backoff(0));

    let start = Workspace::SignedOut { store: store.clone(), reason: Some(down("no network")) };
    assert!(start.is_start_out_of_reach());
    assert!(matches!(start.next_check(), Check::RetryStart(_)));
    let ended =
        Workspace::SignedOut { store: store.clone(), reason: Some(StoreError::SessionInvalid.into()) };
    assert!(!ended.is_start_out_of_reach());
    assert!(matches!(ended.next_check(), Check::Wait));
    assert!(matches!(Workspace::Broken { reason: AppError::NotLoaded }.next_check(), Check::Wait));
}

#[tokio::test]
async fn what_the_window_sees_and_what_a_command_is_refused_with() {
    let (store, open) = signed_in().await;
    let session = open.session.clone();
    let team = open.teams[0].clone();
    let mut w = Workspace::Team { store: store.clone(), open: Box::new(open) };
    assert!(w.refusal().is_none());
    let SessionView::Team { team: Some(shown), offline: None, .. } = w.view() else {
        panic!("{:?}", w.view())
    };
    assert_eq!(shown, team);

    w.go_offline(&session, down("cut"));
    let SessionView::Team { team: Some(shown), offline: Some(off), .. } = w.view() else { panic!() };
    assert_eq!((shown, off.reason, off.synced_at), (team, Some(down("cut")), None));
    assert_eq!(w.refusal().map(|e| e.code()), Some(crate::ErrorCode::Offline));

    let out = Workspace::SignedOut { store: store.clone(), reason: None };
    assert_eq!(out.refusal(), Some(AppError::SignedOut));
    assert_eq!(out.view(), SessionView::SignedOut { reason: None, aws_identity: false });
    let broken = Workspace::Broken { reason: AppError::Config("bad line 3".into()) };
    assert_eq!(broken.refusal(), Some(AppError::Config("bad line 3".into())));
    assert!(broken.store().is_err() && out.store().is_ok());
    assert_eq!(broken.view().reason(), Some(&AppError::Config("bad line 3".into())));
}

#[tokio::test]
async fn a_recheck_keeps_the_role_read_now_only_for_the_open_session() {
    let (store, open) = signed_in().await;
    let session = open.session.clone();
    let scope = open.scope.clone();
    let mut w = Workspace::Team { store, open: Box::new(open) };
    let (_, other) = signed_in().await;
    // Another session's scope is not taken.
    w.keep_scope(&other.session, &other.scope);
    let Workspace::Team { open, .. } = &w else { panic!() };
    assert_eq!(open.scope.team(), scope.team());
    w.keep_scope(&session, &scope);
    assert!(w.is_open(&session) && !w.is_open(&other.session));
}
