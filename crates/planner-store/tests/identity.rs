//! Identity items (SPEC §1): users by email and by linked account, a user's teams through GSI1,
//! sessions with expiry checked on read, one-time sign-in codes consumed exactly once.

mod common;

use common::*;
use planner_domain::{Email, Name, Role};
use planner_store::{SESSION_DAYS, Sensitive, StoreError, VERIFICATION_MINUTES};
use std::sync::Arc;

#[tokio::test]
async fn users_are_found_by_email_and_by_account_and_emails_are_unique() {
    let env = TestEnv::new().await;
    let email = Email::parse("Hanako@Example.com").unwrap();
    let user = env.store.create_user(&email, Some(&Name::parse("佐藤 花子").unwrap())).await.unwrap();
    let found = env.store.find_user_by_email(&Email::parse("hanako@example.com").unwrap()).await.unwrap();
    assert_eq!(found, Some(user.clone()));
    assert!(
        env.store.find_user_by_email(&Email::parse("nobody@example.com").unwrap()).await.unwrap().is_none()
    );
    let twice = env.store.create_user(&email, None).await;
    assert!(matches!(twice, Err(StoreError::AlreadyExists { .. })), "{twice:?}");

    env.store.link_account(&user.id, "microsoft-entra-id", "oid-1234").await.unwrap();
    assert_eq!(
        env.store.find_user_by_account("microsoft-entra-id", "oid-1234").await.unwrap(),
        Some(user.clone())
    );
    assert!(env.store.find_user_by_account("microsoft-entra-id", "oid-9999").await.unwrap().is_none());
    assert!(env.store.link_account(&user.id, "bad#provider", "x").await.is_err());
}

#[tokio::test]
async fn a_users_teams_come_from_gsi1() {
    let env = TestEnv::new().await;
    let a = env.team("Alpha").await;
    let b = env.team("Beta").await;
    env.team("Gamma").await;
    let email = Email::parse("both@example.com").unwrap();
    let user = env.store.create_user(&email, None).await.unwrap();
    env.store.put_member(&a, &user.id, Role::Viewer).await.unwrap();
    env.store.put_member(&b, &user.id, Role::Planner).await.unwrap();
    // GSI1 is eventually consistent on DynamoDB; give it a moment there.
    let mut teams = Vec::new();
    for _ in 0..20 {
        teams = env.store.list_user_teams(&user.id).await.unwrap();
        if teams.len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    let got: Vec<_> =
        teams.iter().map(|t| (t.name.as_ref().map(|n| n.as_str().to_owned()), t.role)).collect();
    assert_eq!(got, [(Some("Alpha".to_owned()), Role::Viewer), (Some("Beta".to_owned()), Role::Planner)]);
}

#[tokio::test]
async fn sessions_expire_on_read_and_can_be_ended() {
    let env = TestEnv::new().await;
    let user = env.store.create_user(&Email::parse("s@example.com").unwrap(), None).await.unwrap();
    let token = env.store.create_session(&user.id).await.unwrap();
    assert_eq!(format!("{token:?}"), "<redacted>");
    let session = env.store.verify_session(&token).await.unwrap();
    assert_eq!(session.user(), &user.id);
    assert_eq!(
        session.expires(),
        (start_of_test_time() + time::Duration::days(SESSION_DAYS)).unix_timestamp()
    );

    let forged = Sensitive::random_token();
    assert!(matches!(env.store.verify_session(&forged).await, Err(StoreError::SessionInvalid)));

    env.clock.advance(time::Duration::days(SESSION_DAYS) - time::Duration::seconds(1));
    assert!(env.store.verify_session(&token).await.is_ok());
    env.clock.advance(time::Duration::seconds(1));
    // The item is still there (TTL is late), but it is expired.
    assert!(matches!(env.store.verify_session(&token).await, Err(StoreError::SessionInvalid)));

    let other = env.store.create_session(&user.id).await.unwrap();
    env.store.delete_session(&other).await.unwrap();
    env.store.delete_session(&other).await.unwrap();
    assert!(matches!(env.store.verify_session(&other).await, Err(StoreError::SessionInvalid)));
}

#[tokio::test]
async fn the_session_key_never_holds_the_token() {
    let (env, recorder) = TestEnv::recorded().await;
    let user = env.store.create_user(&Email::parse("k@example.com").unwrap(), None).await.unwrap();
    let token = env.store.create_session(&user.id).await.unwrap();
    env.store.verify_session(&token).await.unwrap();
    let code = Sensitive::new("482913".into());
    let email = Email::parse("k@example.com").unwrap();
    env.store.create_verification(&email, &code).await.unwrap();
    env.store.consume_verification(&email, &code).await.unwrap();
    for seen in recorder.take() {
        let text = format!("{} {}", seen.request, seen.response);
        assert!(!text.contains(token.expose()), "token sent in {}", seen.operation);
        assert!(!text.contains("482913"), "code sent in {}", seen.operation);
    }
}

#[tokio::test]
async fn a_sign_in_code_is_consumed_exactly_once() {
    let env = Arc::new(TestEnv::new().await);
    let email = Email::parse("once@example.com").unwrap();
    let code = Sensitive::new("123456".into());
    env.store.create_verification(&email, &code).await.unwrap();

    // Wrong code, wrong email: refused, and the right one still works afterwards.
    assert!(matches!(
        env.store.consume_verification(&email, &Sensitive::new("654321".into())).await,
        Err(StoreError::CodeInvalid)
    ));
    let other_email = Email::parse("other@example.com").unwrap();
    assert!(matches!(
        env.store.consume_verification(&other_email, &code).await,
        Err(StoreError::CodeInvalid)
    ));

    // Ten concurrent attempts with the right code: exactly one wins.
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let (env, email, code) = (env.clone(), email.clone(), code.clone());
        tasks.push(tokio::spawn(async move { env.store.consume_verification(&email, &code).await }));
    }
    let mut wins = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(()) => wins += 1,
            Err(StoreError::CodeInvalid) => {}
            Err(e) => panic!("{e:?}"),
        }
    }
    assert_eq!(wins, 1);
    assert!(matches!(env.store.consume_verification(&email, &code).await, Err(StoreError::CodeInvalid)));
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let env = TestEnv::new().await;
    let email = Email::parse("late@example.com").unwrap();
    let code = Sensitive::new("777777".into());
    env.store.create_verification(&email, &code).await.unwrap();
    env.clock.advance(time::Duration::minutes(VERIFICATION_MINUTES));
    assert!(matches!(env.store.consume_verification(&email, &code).await, Err(StoreError::CodeInvalid)));
    // And it is gone: even a clock turned back does not revive it.
    env.clock.set(start_of_test_time());
    assert!(matches!(env.store.consume_verification(&email, &code).await, Err(StoreError::CodeInvalid)));
}

#[tokio::test]
async fn the_store_never_prints_its_token_pepper() {
    let env = TestEnv::new().await;
    let printed = format!("{:?}", env.store);
    assert!(!printed.contains("116, 101, 115, 116") && !printed.contains("test-pepper"), "{printed}");
    assert!(printed.contains("<redacted>"));
}
