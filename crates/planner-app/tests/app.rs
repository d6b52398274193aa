//! The application's start-up, without a window: a new local workspace opens with the demo team,
//! and an existing one opens as it was.

use planner_app::{App, ErrorCode};
use planner_domain::{FixedClock, SystemClock};
use planner_store::{Engine, MemoryAudit};
use std::sync::Arc;

#[tokio::test]
async fn a_new_workspace_opens_with_the_demo_team() {
    let clock = Arc::new(FixedClock::new(time::macros::datetime!(2026-11-30 09:00 UTC)));
    let state = App::open(Engine::Memory, Arc::new(MemoryAudit::default()), clock).await.unwrap();
    let o = state.overview().await.unwrap();
    assert_eq!((o.team_name.as_str(), o.people, o.projects), ("My team", 12, 6));
    assert!(o.assignments_next_13_weeks > 20, "{o:?}");
}

#[tokio::test]
async fn an_existing_workspace_file_is_reopened_not_reseeded() {
    let dir = std::env::temp_dir().join(format!("rp-app-test-{}", ulid::Ulid::new()));
    let engine = Engine::LocalFile(dir.join("workspace.db"));
    let first =
        App::open(engine.clone(), Arc::new(MemoryAudit::default()), Arc::new(SystemClock)).await.unwrap();
    let team = first.plan().await.unwrap().1.team().clone();
    drop(first);
    let again = App::open(engine, Arc::new(MemoryAudit::default()), Arc::new(SystemClock)).await.unwrap();
    assert_eq!(again.plan().await.unwrap().1.team(), &team);
    assert_eq!(again.overview().await.unwrap().people, 12);
    // The user's plan: readable by them only, the file and its journal alike.
    #[cfg(unix)]
    for entry in std::fs::read_dir(&dir).unwrap() {
        use std::os::unix::fs::PermissionsExt;
        let entry = entry.unwrap();
        let mode = entry.metadata().unwrap().permissions().mode() & 0o777;
        assert_eq!(mode & 0o077, 0, "{}: {mode:o}", entry.path().display());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn a_bad_settings_file_opens_nothing_and_names_file_line_and_key() {
    let dir = std::env::temp_dir().join(format!("rp-config-test-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let user = dir.join("config.toml");
    std::fs::write(&user, "mode = \"dynamodb\"\n[dynamodb]\ntabel = \"plans\"\n").unwrap();
    let places = planner_app::Places { machine: dir.join("machine.toml"), user, data: dir.join("data") };
    let state = planner_app::startup::open_with(&places).await;
    let user = places.user;
    let session = state.session().await;
    assert_eq!(session.mode(), "error");
    let reason = session.reason().unwrap().clone();
    assert_eq!(reason.code(), ErrorCode::Config);
    let message = reason.to_string();
    assert!(message.contains(&format!("{}, line 3", user.display())), "{message}");
    assert!(message.contains("tabel"), "{message}");
    assert_eq!(state.plan().await.unwrap_err().code(), ErrorCode::Config);
    std::fs::remove_dir_all(dir).unwrap();
}
