//! The insider's attacks on sign-in by email code, played as someone who holds what every user of a
//! shared table holds — the table's AWS credentials and the machine file's pepper — but not the
//! victim's mailbox. They ask for a code for the victim (anyone may), then try to learn it from the
//! table: by a brute force of what the sign-in guard stores, and by a sweep of every key a
//! six-digit code can have. And the guessing limit under concurrent guesses: each guess is counted
//! before it is judged, so no more than the allowed number are ever judged, and a guess whose count
//! did not land is not judged at all.

use crate::common::*;
use aws_sdk_dynamodb::types::{AttributeValue, KeysAndAttributes};
use futures::StreamExt;
use planner_domain::{Email, Role};
use planner_store::{Sensitive, StoreError, WRONG_CODES_ALLOWED, keys};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;

/// The pepper of the test environment (`TestEnv`): on a shared table it is in the machine-wide
/// file, which every user of the computer can read.
const PEPPER: &[u8] = b"test-pepper";

/// The keyed hash the earlier layout derived keys with (published in docs/data-model.md then):
/// SHA-256 over length-prefixed parts and the pepper.
fn keyed_hash(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    h.update(PEPPER);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

async fn victim(env: &TestEnv) -> Email {
    let admin = env.team("Victims").await;
    let email = Email::parse("victim@example.com").unwrap();
    env.identity().invite_member(&admin, &email, None, Role::Admin).await.unwrap();
    email
}

/// Every six-digit code.
fn six_digit_codes() -> impl Iterator<Item = String> {
    (0..1_000_000u32).map(|n| format!("{n:06}"))
}

#[tokio::test]
async fn the_sign_in_guard_gives_away_no_live_code() {
    let env = TestEnv::new().await;
    let email = victim(&env).await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    // One GetItem of the guard, whose key anyone can derive from the email and the pepper.
    let conn = env.store.connection();
    let guard = conn
        .client
        .get_item()
        .table_name(&conn.table)
        .key(keys::PK, AttributeValue::S(keys::signin_guard_pk(&keyed_hash(&["signin", email.as_str()]))))
        .key(keys::SK, AttributeValue::S("META".into()))
        .consistent_read(true)
        .send()
        .await
        .unwrap()
        .item
        .expect("the guard of an email that was sent a code");
    let stored: Vec<&str> = guard.values().filter_map(|v| v.as_s().ok()).map(String::as_str).collect();
    // The brute force: at most 10^6 hashes.
    let found = six_digit_codes()
        .find(|code| stored.contains(&keyed_hash(&["verification", email.as_str(), code]).as_str()));
    if let Some(code) = found {
        let signed = env.identity().sign_in_with_code(&email, &Sensitive::new(code.clone())).await;
        panic!(
            "the guard gave away the live code {code}; signing in with it: {:?}",
            signed.map(|s| s.user.email)
        );
    }
    // Nor does the guard hold the code, its key or its link's key (as this layout derives them),
    // or any value that the code is in.
    let code = issued.code.expose();
    let canonical = planner_store::canonical_code(code).unwrap();
    let keys_of_the_code = [
        planner_store::code_key(email.as_str(), &canonical, PEPPER),
        keyed_hash(&["link", email.as_str(), issued.link_secret.expose()]),
    ];
    for s in &stored {
        assert!(!s.contains(code) && !s.contains(&canonical), "the guard holds the code: {stored:?}");
        assert!(
            !keys_of_the_code.iter().any(|k| s.contains(k.as_str())),
            "the guard holds a code's key: {stored:?}"
        );
    }
}

#[tokio::test]
async fn a_sweep_of_every_six_digit_code_key_finds_no_live_code() {
    let env = TestEnv::new().await;
    let email = victim(&env).await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    let conn = env.store.connection();
    // The read the sweep makes finds a live code's item when it has the right key (so a sweep
    // that finds nothing found nothing because of the keys, not because of how it reads).
    let canonical = planner_store::canonical_code(issued.code.expose()).unwrap();
    let right = keys::verification_pk(&planner_store::code_key(email.as_str(), &canonical, PEPPER));
    let found_right = conn
        .client
        .get_item()
        .table_name(&conn.table)
        .key(keys::PK, AttributeValue::S(right))
        .key(keys::SK, AttributeValue::S("META".into()))
        .send()
        .await
        .unwrap()
        .item;
    assert!(found_right.is_some(), "the live code's own key finds its item");
    let codes: Vec<String> = six_digit_codes().collect();
    // BatchGetItem of every key a six-digit code can have (10^4 requests of 100 keys), eight in
    // flight: what an insider's script does in minutes, well inside a code's ten minutes.
    let found = futures::stream::iter(codes.chunks(100))
        .map(|chunk| {
            let keys: Vec<HashMap<String, AttributeValue>> = chunk
                .iter()
                .map(|code| {
                    let pk = keys::verification_pk(&keyed_hash(&["verification", email.as_str(), code]));
                    HashMap::from([
                        (keys::PK.to_owned(), AttributeValue::S(pk)),
                        (keys::SK.to_owned(), AttributeValue::S("META".into())),
                    ])
                })
                .collect();
            let client = conn.client.clone();
            let table = conn.table.clone();
            async move {
                let mut request = KeysAndAttributes::builder().set_keys(Some(keys)).build().unwrap();
                let mut hits = Vec::new();
                // Unprocessed keys (throttling on a real table) are asked again.
                loop {
                    let out = client
                        .batch_get_item()
                        .request_items(&table, request.clone())
                        .send()
                        .await
                        .expect("the sweep's read");
                    hits.extend(out.responses.unwrap_or_default().remove(&table).unwrap_or_default());
                    match out.unprocessed_keys.and_then(|mut u| u.remove(&table)) {
                        Some(rest) if !rest.keys.is_empty() => request = rest,
                        _ => break,
                    }
                }
                hits
            }
        })
        .buffer_unordered(8)
        .concat()
        .await;
    let live: Vec<&String> = codes
        .iter()
        .filter(|code| {
            let pk = keys::verification_pk(&keyed_hash(&["verification", email.as_str(), code]));
            found.iter().any(|item| item.get(keys::PK).and_then(|v| v.as_s().ok()) == Some(&pk))
        })
        .collect();
    assert!(live.is_empty(), "the sweep found the live code(s) {live:?}");
}

#[tokio::test]
async fn concurrent_guesses_are_counted_before_any_is_judged() {
    let (env, recorder) = TestEnv::recorded().await;
    let env = Arc::new(env);
    let email = victim(&env).await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    recorder.take();
    // Twenty wrong guesses at once: at most the allowed number may ever be judged (each
    // judgement is the transaction that would consume the code).
    let mut tasks = Vec::new();
    for n in 0..20u32 {
        let (env, email) = (env.clone(), email.clone());
        let guess = Sensitive::new(wrong_guess(issued.code.expose(), n));
        tasks.push(tokio::spawn(async move { env.identity().sign_in_with_code(&email, &guess).await }));
    }
    for t in tasks {
        let answer = t.await.unwrap();
        assert!(matches!(answer, Err(StoreError::CodeInvalid)), "{answer:?}");
    }
    let judged = recorder.operations().iter().filter(|op| *op == "TransactWriteItems").count();
    assert!(
        judged <= WRONG_CODES_ALLOWED as usize,
        "{judged} of 20 concurrent guesses were judged; the limit is {WRONG_CODES_ALLOWED}"
    );
    let killed = env.identity().sign_in_with_code(&email, &issued.code).await;
    assert!(matches!(killed, Err(StoreError::CodeInvalid)), "{killed:?}");
}

#[tokio::test]
async fn a_guess_whose_count_does_not_land_is_not_judged() {
    let (env, recorder) = TestEnv::recorded().await;
    let email = victim(&env).await;
    let issued = env.identity().request_sign_in_code(&email).await.unwrap().expect("a code");
    recorder.take();
    // The network drops every count of an attempt (an UpdateItem of the guard).
    recorder.disconnect_after("UpdateItem", 0);
    for n in 0..WRONG_CODES_ALLOWED as u32 * 2 {
        let guess = Sensitive::new(wrong_guess(issued.code.expose(), n));
        assert!(env.identity().sign_in_with_code(&email, &guess).await.is_err());
    }
    let judged = recorder.operations().iter().filter(|op| *op == "TransactWriteItems").count();
    assert_eq!(judged, 0, "guesses judged without being counted: {:?}", recorder.operations());
    recorder.clear_rule();
    env.identity().sign_in_with_code(&email, &issued.code).await.unwrap();
}

/// The `n`th code of the form of `code` that is not `code` (the last character stepped on).
fn wrong_guess(code: &str, n: u32) -> String {
    let digits = code.bytes().all(|b| b.is_ascii_digit());
    let alphabet: &[u8] = if digits { b"0123456789" } else { b"0123456789ABCDEFGHJKMNPQRSTVWXYZ" };
    let (head, last) = code.split_at(code.len() - 1);
    let at = alphabet.iter().position(|&c| c == last.as_bytes()[0]).unwrap();
    let step = 1 + n as usize % (alphabet.len() - 1);
    let prefix = if (n as usize) < alphabet.len() - 1 { head.to_owned() } else { rotate(head, alphabet) };
    format!("{prefix}{}", alphabet[(at + step) % alphabet.len()] as char)
}

fn rotate(head: &str, alphabet: &[u8]) -> String {
    let mut b = head.as_bytes().to_vec();
    let at = alphabet.iter().position(|&c| c == b[0]).unwrap();
    b[0] = alphabet[(at + 1) % alphabet.len()];
    String::from_utf8(b).unwrap()
}
