//! The session token in the real OS keyring. On Linux that is a Secret Service: CI runs this
//! under `scripts/keyring-test.sh` (gnome-keyring on a private D-Bus session, in a throw-away
//! home), and reads the secret back with `secret-tool`, a program that is not ours.

use planner_auth::vault::SERVICE;
use planner_auth::{SessionVault, TokenVault};
use planner_store::Sensitive;
use std::process::Command;

fn secret_tool_lookup(account: &str) -> Option<String> {
    let out = Command::new("secret-tool")
        .args(["lookup", "service", SERVICE, "username", account])
        .output()
        .expect("secret-tool (Debian libsecret-tools)");
    out.status.success().then(|| String::from_utf8(out.stdout).unwrap())
}

#[test]
#[ignore = "needs a Secret Service: scripts/keyring-test.sh runs it on a private D-Bus session"]
fn the_session_token_goes_into_the_secret_service_and_comes_out_once() {
    let vault = SessionVault::new(&format!("test-{}", std::process::id()));
    assert!(vault.load().unwrap().is_none());
    let token = Sensitive::random_token();
    vault.save(&token).unwrap();
    assert_eq!(secret_tool_lookup(vault.account()).as_deref(), Some(token.expose()));
    assert_eq!(vault.load().unwrap().map(|t| t.expose().to_owned()), Some(token.expose().to_owned()));

    // Signing in again replaces the token; signing out removes it.
    let next = Sensitive::random_token();
    vault.save(&next).unwrap();
    assert_eq!(secret_tool_lookup(vault.account()).as_deref(), Some(next.expose()));
    vault.delete().unwrap();
    vault.delete().unwrap();
    assert!(vault.load().unwrap().is_none());
    assert_eq!(secret_tool_lookup(vault.account()), None);
}
