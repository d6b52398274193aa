//! The whole sign-in by email, end to end below the UI: the store on the embedded engine, a real
//! SMTP server process on loopback (Debian's `python3-aiosmtpd`, writing a Maildir), and the code
//! read from the delivered email's link, as a person would click it.

use planner_auth::link::link_in_email;
use planner_auth::testing::SmtpServer;
use planner_auth::{Lang, MailConfig, SmtpMailer, TlsMode, parse_sign_in_link, request_code};
use planner_domain::{Email, FixedClock, Name, Role};
use planner_store::{Engine, MemoryAudit, Store, StoreError};
use std::net::TcpListener;
use std::sync::Arc;

async fn store() -> Store {
    let conn = planner_store::connect(&Engine::Memory, None).await.unwrap();
    let clock = FixedClock::new(time::macros::datetime!(2026-11-30 09:00 UTC));
    Store::new(conn, Arc::new(clock), Arc::new(MemoryAudit::default())).with_token_pepper(b"pepper".to_vec())
}

/// `email` invited into a team (the embedded engine's local workspace team, whose owner is admin).
async fn invite(store: &Store, email: &Email) {
    let (_, admin) = store.identity().open_local_workspace().await.unwrap();
    store
        .identity()
        .invite_member(&admin, email, Some(&Name::parse("Ada").unwrap()), Role::Planner)
        .await
        .unwrap();
}

#[tokio::test]
async fn an_invited_user_signs_in_with_the_link_from_the_delivered_email() {
    let smtp = SmtpServer::start();
    let store = store().await;
    let email = Email::parse("ada@example.com").unwrap();
    invite(&store, &email).await;

    request_code(&store, &smtp.mailer(), &email, Lang::En).await.unwrap();
    let mails = smtp.wait_for(1);
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert!(mail.contains("To: ada@example.com"), "{mail}");
    assert!(mail.contains("Subject: Your resource-planner sign-in code: "), "{mail}");
    let link = link_in_email(mail).expect("a sign-in link in the email");
    let (to, secret) = parse_sign_in_link(&link).unwrap();
    assert_eq!(to, email);
    let code = planner_auth::link::code_in_email(mail).expect("the code in the email");
    assert!(mail.contains(&format!("Subject: Your resource-planner sign-in code: {code}")));

    let signed = store.identity().sign_in_with_link(&to, &secret).await.unwrap();
    assert_eq!(signed.user.email, email);
    store.identity().verify_session(&signed.token).await.unwrap();
    // The link works once, and the code to type was the same sign-in: used up with it.
    assert!(matches!(store.identity().sign_in_with_link(&to, &secret).await, Err(StoreError::CodeInvalid)));
    let typed = store.identity().sign_in_with_code(&to, &planner_store::Sensitive::new(code)).await;
    assert!(matches!(typed, Err(StoreError::CodeInvalid)));
}

#[tokio::test]
async fn a_stranger_gets_the_same_answer_and_no_email() {
    let smtp = SmtpServer::start();
    let store = store().await;
    invite(&store, &Email::parse("ada@example.com").unwrap()).await;
    let stranger = Email::parse("mallory@example.com").unwrap();
    request_code(&store, &smtp.mailer(), &stranger, Lang::Ja).await.unwrap();
    // Then a real one, so that we know mail was flowing when the stranger's was not sent.
    request_code(&store, &smtp.mailer(), &Email::parse("ada@example.com").unwrap(), Lang::Ja).await.unwrap();
    let mails = smtp.wait_for(1);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("To: ada@example.com"));
    assert!(!mails.iter().any(|m| m.contains("mallory")));
}

#[tokio::test]
async fn a_mail_server_that_is_down_is_said_plainly() {
    let store = store().await;
    let email = Email::parse("ada@example.com").unwrap();
    invite(&store, &email).await;
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mailer = SmtpMailer::new(&MailConfig {
        host: "127.0.0.1".into(),
        port,
        tls: TlsMode::None,
        from: "planner@example.com".into(),
        username: None,
        password: None,
    })
    .unwrap();
    let err = request_code(&store, &mailer, &email, Lang::En).await.unwrap_err();
    assert!(err.to_string().contains("could not be sent"), "{err}");
}
