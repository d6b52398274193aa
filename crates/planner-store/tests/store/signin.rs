//! Sign-in by email code: invite-only without enumeration, a code bound to its email, used once,
//! expiring, replaced by the next one, killed by wrong guesses, and rate-limited.

use crate::common::*;
use planner_domain::{Email, Role};
use planner_store::{CODES_PER_HOUR, Sensitive, StoreError, VERIFICATION_MINUTES, WRONG_CODES_ALLOWED};
use std::sync::Arc;

/// A team admin and an invited member's email.
async fn invited(env: &TestEnv, email: &str) -> Email {
    let admin = env.team("Sign-in").await;
    let email = Email::parse(email).unwrap();
    env.identity().invite_member(&admin, &email, None, Role::Planner).await.unwrap();
    email
}

/// A code of the form of `code` that is not `code` (its last character stepped on).
fn wrong(code: &Sensitive) -> Sensitive {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let (head, last) = code.expose().split_at(code.expose().len() - 1);
    let at = ALPHABET.iter().position(|&c| c == last.as_bytes()[0]).unwrap();
    Sensitive::new(format!("{head}{}", ALPHABET[(at + 1) % ALPHABET.len()] as char))
}

#[tokio::test]
async fn an_invited_user_signs_in_with_the_code_once() {
    let env = TestEnv::new().await;
    let email = invited(&env, "ada@example.com").await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    // Ten characters of Crockford's base 32 in two groups (50 bits), and a 256-bit link secret.
    assert_eq!(issued.code.expose().len(), 11);
    assert_eq!(planner_store::CODE_BITS, 50);
    assert_eq!(issued.link_secret.expose().len(), 64);
    assert_eq!(
        issued.expires,
        (start_of_test_time() + time::Duration::minutes(VERIFICATION_MINUTES)).unix_timestamp()
    );
    // The address is case-folded: the code works for the address as typed differently.
    let signed = env
        .identity()
        .sign_in_with_code(&Email::parse("ADA@example.com").unwrap(), &issued.code)
        .await
        .unwrap();
    assert_eq!(signed.user.email, email);
    assert_eq!(env.identity().verify_session(&signed.token).await.unwrap().user(), &signed.user.id);
    let again = env.identity().sign_in_with_code(&email, &issued.code).await;
    assert!(matches!(again, Err(StoreError::CodeInvalid)), "{again:?}");
}

#[tokio::test]
async fn strangers_and_users_without_a_team_get_nothing_and_nothing_is_written() {
    let (env, recorder) = TestEnv::recorded().await;
    let admin = env.team("Only invited").await;
    let loner = Email::parse("loner@example.com").unwrap();
    env.identity().create_user(&loner, None).await.unwrap();
    let left = Email::parse("left@example.com").unwrap();
    let user = env.identity().invite_member(&admin, &left, None, Role::Viewer).await.unwrap();
    env.identity().remove_member(&admin, &user.id).await.unwrap();
    recorder.take();
    for email in ["nobody@example.com", "loner@example.com", "left@example.com"] {
        let answer = env.identity().request_sign_in_code(&Email::parse(email).unwrap()).await.unwrap();
        assert!(answer.is_none(), "{email}");
    }
    let writes: Vec<_> = recorder
        .take()
        .into_iter()
        .map(|s| s.operation)
        .filter(|op| !matches!(op.as_str(), "GetItem" | "Query" | "BatchGetItem"))
        .collect();
    assert_eq!(writes, Vec::<String>::new());
}

#[tokio::test]
async fn a_code_belongs_to_its_email() {
    let env = TestEnv::new().await;
    let a = invited(&env, "a@example.com").await;
    let b = invited(&env, "b@example.com").await;
    let code_a = env.identity().request_sign_in_code(&a).await.unwrap().unwrap().code;
    let forged = env.identity().sign_in_with_code(&b, &code_a).await;
    assert!(matches!(forged, Err(StoreError::CodeInvalid)), "{forged:?}");
    env.identity().sign_in_with_code(&a, &code_a).await.unwrap();
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let env = TestEnv::new().await;
    let email = invited(&env, "late@example.com").await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    env.clock.advance(time::Duration::minutes(VERIFICATION_MINUTES));
    let late = env.identity().sign_in_with_code(&email, &issued.code).await;
    assert!(matches!(late, Err(StoreError::CodeInvalid)), "{late:?}");
    // The TTL item is still there, but expiry is checked on use; a new code works.
    let fresh = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    env.identity().sign_in_with_code(&email, &fresh.code).await.unwrap();
}

#[tokio::test]
async fn a_new_code_replaces_the_previous_one() {
    let env = TestEnv::new().await;
    let email = invited(&env, "twice@example.com").await;
    let first = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    let second = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    if first.code != second.code {
        let old = env.identity().sign_in_with_code(&email, &first.code).await;
        assert!(matches!(old, Err(StoreError::CodeInvalid)), "{old:?}");
    }
    env.identity().sign_in_with_code(&email, &second.code).await.unwrap();
}

#[tokio::test]
async fn wrong_codes_count_and_the_fifth_kills_the_code() {
    let env = TestEnv::new().await;
    let email = invited(&env, "guess@example.com").await;

    // Four wrong guesses: the right code still works.
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    for _ in 0..WRONG_CODES_ALLOWED - 1 {
        let guess = env.identity().sign_in_with_code(&email, &wrong(&issued.code)).await;
        assert!(matches!(guess, Err(StoreError::CodeInvalid)), "{guess:?}");
    }
    env.identity().sign_in_with_code(&email, &issued.code).await.unwrap();

    // Five wrong guesses: the right one no longer does.
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    for _ in 0..WRONG_CODES_ALLOWED {
        assert!(env.identity().sign_in_with_code(&email, &wrong(&issued.code)).await.is_err());
    }
    let killed = env.identity().sign_in_with_code(&email, &issued.code).await;
    assert!(matches!(killed, Err(StoreError::CodeInvalid)), "{killed:?}");
}

#[tokio::test]
async fn a_code_of_the_wrong_form_uses_no_attempt() {
    let env = TestEnv::new().await;
    let email = invited(&env, "typo@example.com").await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    // Twice the attempts allowed, none of the form of a code sent: each refused, none counted, so
    // the code still works.
    let code = issued.code.expose();
    let typos = [
        code[..10].to_owned(),
        format!("{code}7"),
        format!("{}U", &code[..10]),
        String::new(),
        "１２３４５-６７８９０".to_owned(),
        code.replace('-', "_"),
        "123456".to_owned(),
        format!("{code}!"),
        "abcdef".to_owned(),
        "0x1234".to_owned(),
    ];
    assert!(typos.len() >= 2 * WRONG_CODES_ALLOWED as usize);
    for typo in typos {
        let refused = env.identity().sign_in_with_code(&email, &Sensitive::new(typo.clone())).await;
        assert!(matches!(refused, Err(StoreError::CodeInvalid)), "{typo:?}: {refused:?}");
    }
    env.identity().sign_in_with_code(&email, &issued.code).await.unwrap();
}

#[tokio::test]
async fn codes_are_limited_per_email_and_hour() {
    let env = TestEnv::new().await;
    let email = invited(&env, "eager@example.com").await;
    let mut last = None;
    for _ in 0..CODES_PER_HOUR {
        last = Some(env.identity().request_sign_in_code(&email).await.unwrap().expect("within the limit"));
    }
    let before = env.audit.events().len();
    assert!(env.identity().request_sign_in_code(&email).await.unwrap().is_none());
    assert_eq!(env.audit.events().len(), before + 1);
    assert_eq!(env.audit.events().last().unwrap().refused, "rate_limited");
    // The last code issued still works; the refused request did not replace it.
    env.identity().sign_in_with_code(&email, &last.unwrap().code).await.unwrap();
    // Another hour, another code.
    env.clock.advance(time::Duration::hours(1));
    assert!(env.identity().request_sign_in_code(&email).await.unwrap().is_some());
}

#[tokio::test]
async fn of_ten_concurrent_uses_of_a_code_exactly_one_signs_in() {
    let env = Arc::new(TestEnv::new().await);
    let email = invited(&env, "race@example.com").await;
    let code = env.identity().request_sign_in_code(&email).await.unwrap().unwrap().code;
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let (env, email, code) = (env.clone(), email.clone(), code.clone());
        tasks.push(tokio::spawn(async move { env.identity().sign_in_with_code(&email, &code).await }));
    }
    let mut wins = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => wins += 1,
            Err(StoreError::CodeInvalid) => {}
            Err(e) => panic!("{e:?}"),
        }
    }
    assert_eq!(wins, 1);
}

#[tokio::test]
async fn a_team_just_joined_is_listed_before_the_index_has_it() {
    let env = TestEnv::new().await;
    let admin = env.team("Fresh").await;
    let email = Email::parse("new@example.com").unwrap();
    let user = env.identity().invite_member(&admin, &email, None, Role::Viewer).await.unwrap();
    // Strongly consistent: no waiting for GSI1 (on the embedded engine the index is immediate,
    // so this also runs against DynamoDB, where it is not).
    let teams = env.identity().list_user_teams(&user.id).await.unwrap();
    assert_eq!(teams.iter().map(|t| t.team.clone()).collect::<Vec<_>>(), vec![admin.team().clone()]);
    env.identity().remove_member(&admin, &user.id).await.unwrap();
    let after = env.identity().list_user_teams(&user.id).await.unwrap();
    if !remote() {
        assert!(after.is_empty(), "{after:?}");
    }
}

#[tokio::test]
async fn the_last_admin_cannot_leave_or_be_demoted() {
    let env = TestEnv::new().await;
    let admin = env.team("Admins").await;
    let me = admin.user().clone();
    let demote = env.identity().put_member(&admin, &me, Role::Planner).await;
    assert!(matches!(demote, Err(StoreError::LastAdmin)), "{demote:?}");
    let leave = env.identity().remove_member(&admin, &me).await;
    assert!(matches!(leave, Err(StoreError::LastAdmin)), "{leave:?}");
    // With a second admin, the first may step down.
    let second_email = Email::parse("second@example.com").unwrap();
    let second = env.identity().invite_member(&admin, &second_email, None, Role::Admin).await.unwrap();
    env.identity().put_member(&admin, &me, Role::Planner).await.unwrap();
    let members = env.identity().list_members(&admin).await.unwrap();
    let roles: Vec<_> = members.iter().map(|m| (&m.user_id, m.role)).collect();
    assert!(roles.contains(&(&second.id, Role::Admin)) && roles.contains(&(&me, Role::Planner)), "{roles:?}");
}

#[tokio::test]
async fn the_link_signs_in_once_and_ends_the_typed_code_too() {
    let env = TestEnv::new().await;
    let email = invited(&env, "link@example.com").await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    // Checking a link reads only: it stays good, and checking does not use it.
    env.identity().check_sign_in_link(&email, &issued.link_secret).await.unwrap();
    env.identity().check_sign_in_link(&email, &issued.link_secret).await.unwrap();
    let signed = env.identity().sign_in_with_link(&email, &issued.link_secret).await.unwrap();
    assert_eq!(signed.user.email, email);
    for again in [
        env.identity().sign_in_with_link(&email, &issued.link_secret).await.map(drop),
        env.identity().check_sign_in_link(&email, &issued.link_secret).await,
        env.identity().sign_in_with_code(&email, &issued.code).await.map(drop),
    ] {
        assert!(matches!(again, Err(StoreError::CodeInvalid)), "{again:?}");
    }
}

#[tokio::test]
async fn wrong_links_use_no_attempt_and_a_killed_code_kills_its_link() {
    let env = TestEnv::new().await;
    let email = invited(&env, "links@example.com").await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    // Another person's link, made for this email: twice the attempts allowed, none counted.
    let other = invited(&env, "other@example.com").await;
    let theirs = env.identity().request_sign_in_code(&other).await.unwrap().unwrap();
    for _ in 0..2 * WRONG_CODES_ALLOWED {
        for secret in [theirs.link_secret.clone(), Sensitive::random_token(), Sensitive::new("123456".into())]
        {
            let refused = env.identity().sign_in_with_link(&email, &secret).await;
            assert!(matches!(refused, Err(StoreError::CodeInvalid)), "{refused:?}");
        }
    }
    env.identity().check_sign_in_link(&email, &issued.link_secret).await.unwrap();
    // A code sent later replaces this one, link and all.
    let next = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    let replaced = env.identity().sign_in_with_link(&email, &issued.link_secret).await;
    assert!(matches!(replaced, Err(StoreError::CodeInvalid)), "{replaced:?}");
    // Wrong typed codes kill the current code, and its link with it.
    for _ in 0..WRONG_CODES_ALLOWED {
        assert!(env.identity().sign_in_with_code(&email, &wrong(&next.code)).await.is_err());
    }
    let killed = env.identity().sign_in_with_link(&email, &next.link_secret).await;
    assert!(matches!(killed, Err(StoreError::CodeInvalid)), "{killed:?}");
    // The other email's link still works for its own email.
    env.identity().sign_in_with_link(&other, &theirs.link_secret).await.unwrap();
}

#[tokio::test]
async fn a_typed_code_reads_as_crockford_base_32() {
    let env = TestEnv::new().await;
    let email = invited(&env, "crockford@example.com").await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().unwrap();
    // Lower case, no hyphen, spaces around: the same code.
    let typed = format!("  {} ", issued.code.expose().replace('-', "").to_lowercase());
    env.identity().sign_in_with_code(&email, &Sensitive::new(typed)).await.unwrap();
}
