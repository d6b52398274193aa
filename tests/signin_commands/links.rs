//! Links ask: a sign-in link is used at once only for a sign-in this app asked a code for in the
//! last ten minutes, for the same email. Any other link is checked, held, and the window asks
//! first, naming the account and the team; nothing changes until it says yes. The session signed in
//! before is ended (its Session item deleted) before it is replaced, and links with the signed-in
//! user's email use none of their attempts.

use super::*;
use planner_domain::FixedClock;
use planner_store::{Sensitive, StoreError};

/// The app on the setup's table with a clock the test moves.
async fn app_with_clock(s: &Setup) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>, Arc<FixedClock>) {
    let clock = common::clock();
    let auth = Auth {
        aws_identity: false,
        mailer: Some(s.smtp.mailer()),
        vault: s.vault.clone(),
        local_dir: Some(local_dir(s)),
        copies: Some(Copies::new(&local_dir(s), s.cache_keys.clone())),
    };
    let state = App::open_team(store(&s.file, s.audit.clone()).await, auth, clock.clone()).await.unwrap();
    let (app, w) = common::window_on(state, None);
    (app, w, clock)
}

/// A link for `email` asked for somewhere else (another computer: the sender's own request).
async fn foreign_link(s: &Setup, email: &str) -> String {
    let email = Email::parse(email).unwrap();
    let issued =
        store(&s.file, s.audit.clone()).await.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    planner_auth::sign_in_link(&email, &issued.link_secret)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_link_not_asked_for_asks_first_and_replaces_the_session_only_when_accepted() {
    let s = setup().await;
    let (_app, w, _clock) = app_with_clock(&s).await;
    sign_in(&w, &s, "ada@example.com", 1);
    let ada_token = s.vault.load().unwrap().expect("Ada's token");

    // A colleague's link for their own account (login CSRF): nothing changes, the window asks.
    let link = foreign_link(&s, "lead@example.com").await;
    let asked = call(&w, "open_sign_in_link", json!({ "link": link })).unwrap();
    assert_eq!(asked["session"]["email"], "ada@example.com", "still Ada: {asked}");
    assert_eq!(asked["ask"]["email"], "lead@example.com", "{asked}");
    assert_eq!(asked["ask"]["team"], "My team", "{asked}");
    assert_eq!(asked["ask"]["replaces"], "ada@example.com", "{asked}");
    assert_eq!(s.vault.load().unwrap().as_ref(), Some(&ada_token), "the keyring is unchanged");
    call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap();

    // No: nothing changes, and the link is not used up.
    // An answer about another link than the one held changes nothing.
    let other =
        call(&w, "answer_sign_in_link", json!({ "email": "vic@example.com", "accept": true })).unwrap_err();
    assert_eq!(other["code"], "bad_link", "{other}");
    let declined =
        call(&w, "answer_sign_in_link", json!({ "email": "lead@example.com", "accept": false })).unwrap();
    assert_eq!(declined["session"]["email"], "ada@example.com");
    assert!(declined["ask"].is_null());
    let st = store(&s.file, s.audit.clone()).await;
    st.identity().verify_session(&ada_token).await.expect("Ada's session lives");
    let nothing =
        call(&w, "answer_sign_in_link", json!({ "email": "lead@example.com", "accept": true })).unwrap_err();
    assert_eq!(nothing["code"], "bad_link", "{nothing}");

    // Yes: Ada's session is ended first (its item deleted), then the lead is signed in.
    call(&w, "open_sign_in_link", json!({ "link": link })).unwrap();
    let accepted =
        call(&w, "answer_sign_in_link", json!({ "email": "lead@example.com", "accept": true })).unwrap();
    assert_eq!(accepted["session"]["email"], "lead@example.com", "{accepted}");
    let ended = st.identity().verify_session(&ada_token).await;
    assert!(matches!(ended, Err(StoreError::SessionInvalid)), "Ada's Session item is gone: {ended:?}");
    assert_ne!(s.vault.load().unwrap().as_ref(), Some(&ada_token));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_link_is_used_at_once_only_for_the_email_asked_for_within_ten_minutes() {
    let s = setup().await;
    let (_app, w, clock) = app_with_clock(&s).await;
    // Asked for Ada here; a link for Vic (asked elsewhere) asks first.
    let ada = link_for(&w, &s, "ada@example.com", 1);
    let vic = foreign_link(&s, "vic@example.com").await;
    let asked = call(&w, "open_sign_in_link", json!({ "link": vic })).unwrap();
    assert_eq!((state(&asked), &asked["ask"]["email"]), ("signedOut", &json!("vic@example.com")), "{asked}");
    call(&w, "answer_sign_in_link", json!({ "email": "vic@example.com", "accept": false })).unwrap();
    // Ada's own link, nine minutes after asking: used at once.
    clock.advance(time::Duration::minutes(9));
    let signed = call(&w, "open_sign_in_link", json!({ "link": ada })).unwrap();
    assert_eq!(
        (signed["session"]["email"].as_str(), signed["ask"].is_null()),
        (Some("ada@example.com"), true)
    );

    // Asked for Ada again, but eleven minutes ago: her next link (a code asked meanwhile
    // elsewhere) asks.
    call(&w, "sign_out", json!({ "everywhere": false })).unwrap();
    let _ = link_for(&w, &s, "ada@example.com", 2);
    clock.advance(time::Duration::minutes(11));
    let later = foreign_link(&s, "ada@example.com").await;
    let asked = call(&w, "open_sign_in_link", json!({ "link": later })).unwrap();
    assert_eq!((state(&asked), &asked["ask"]["email"]), ("signedOut", &json!("ada@example.com")), "{asked}");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_links_say_so_without_asking_and_use_none_of_the_users_attempts() {
    let s = setup().await;
    let (_app, w, _clock) = app_with_clock(&s).await;
    sign_in(&w, &s, "ada@example.com", 1);
    // Ada asks for a code (to type), then links with her email and made-up secrets arrive.
    let email = Email::parse("ada@example.com").unwrap();
    let st = store(&s.file, s.audit.clone()).await;
    let issued = st.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    for _ in 0..2 * planner_store::WRONG_CODES_ALLOWED {
        let forged = planner_auth::sign_in_link(&email, &Sensitive::random_token());
        let refused = call(&w, "open_sign_in_link", json!({ "link": forged })).unwrap_err();
        assert_eq!(refused["code"], "code_invalid", "{refused}");
    }
    let damaged = call(
        &w,
        "open_sign_in_link",
        json!({ "link": "resource-planner://sign-in?email=ada%40example.com&code=123456" }),
    );
    assert_eq!(damaged.unwrap_err()["code"], "bad_link");
    // Her code still works: none of her attempts was used.
    st.identity().sign_in_with_code(&email, &issued.code).await.expect("the code is still good");
}
