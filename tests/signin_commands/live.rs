//! The live view and the activity log through the commands: what the admin changes elsewhere
//! reaches a signed-in member's `live_changes`, typed, with who made it; every member reads the
//! log; Restore follows the roles; a removed member receives nothing more.

use super::*;

fn kinds(news: &serde_json::Value) -> Vec<(String, String)> {
    let items = news["items"].as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|i| (i["change"]["kind"].as_str().unwrap().to_owned(), i["action"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_members_window_hears_the_admins_edits_and_a_removed_member_stops() {
    let s = setup().await;
    let (_app, w) = app(&s).await;
    sign_in(&w, &s, "ada@example.com", 1);
    let shown = call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-01-04" })).unwrap();
    let pat = shown["people"][0]["id"].as_str().unwrap().to_owned();
    // The first ask reads the last minute (what the setup did just now), applied idempotently.
    let first = call(&w, "live_changes", json!({})).unwrap();
    assert_eq!(first["kind"], "changes");
    assert!(
        call(&w, "live_changes", json!({})).unwrap()["items"].as_array().unwrap().is_empty(),
        "nothing twice"
    );

    // The admin, on another computer, adds a project and books Pat on it.
    let admin_store = store(&s.file, s.audit.clone()).await;
    let (_, admin) = admin_store.identity().open_local_workspace().await.unwrap();
    let project = admin_store
        .plan()
        .create_project(
            &admin,
            planner_domain::ProjectId::generate(),
            Name::parse("Globex").unwrap(),
            planner_domain::Color::parse("#aa3300").unwrap(),
        )
        .await
        .unwrap();
    let new = planner_store::NewAssignment {
        id: planner_domain::AssignmentId::generate(),
        person_id: planner_domain::PersonId::parse(&pat).unwrap(),
        project_id: project.id.clone(),
        range: planner_domain::DateRange::new(
            planner_domain::Date::parse("2026-12-07").unwrap(),
            planner_domain::Date::parse("2026-12-12").unwrap(),
        )
        .unwrap(),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    let booked = admin_store.plan().create_assignment(&admin, new).await.unwrap();
    let news = call(&w, "live_changes", json!({})).unwrap();
    assert_eq!(kinds(&news), [("project".into(), "created".into()), ("assignment".into(), "created".into())]);
    let item = &news["items"][1];
    assert_eq!(item["change"]["after"]["id"], booked.id.to_string());
    assert_eq!(item["change"]["after"]["lastDay"], "2026-12-11");
    assert_eq!(item["mine"], false);
    assert_eq!(item["who"], "You", "the local workspace owner's name, as their membership holds it");

    // Ada deletes it; her own change comes back marked as hers. Every member reads the log.
    let a = item["change"]["after"].clone();
    call(&w, "delete_assignment", json!({ "current": a })).unwrap();
    let mine = call(&w, "live_changes", json!({})).unwrap();
    assert_eq!(mine["items"][0]["mine"], true);
    let page =
        call(&w, "activity", json!({ "before": null, "limit": 10, "filter": { "kind": "assignment" } }))
            .unwrap();
    // (Newest first; both computers' clocks stand still here, so find the delete by its action.)
    let items = page["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "the create and the delete of the bar");
    let deleted = items.iter().find(|i| i["action"] == "deleted").unwrap().clone();
    assert_eq!((deleted["action"].as_str(), deleted["who"].as_str()), (Some("deleted"), Some("X")));
    let cursor = deleted["cursor"].as_str().unwrap().to_owned();

    // Restore follows the roles: a viewer may read the log, not restore.
    admin_store
        .identity()
        .put_member(&admin, &user_id_of(&w, "ada@example.com"), Role::Viewer)
        .await
        .unwrap();
    let refused = call(&w, "restore_assignment", json!({ "cursor": cursor })).unwrap_err();
    assert_eq!(refused["code"], "forbidden");
    assert!(call(&w, "activity", json!({ "before": null, "limit": 5, "filter": {} })).is_ok());
    admin_store
        .identity()
        .put_member(&admin, &user_id_of(&w, "ada@example.com"), Role::Planner)
        .await
        .unwrap();
    let back = call(&w, "restore_assignment", json!({ "cursor": cursor })).unwrap();
    assert_eq!((back["id"].as_str(), back["version"].as_u64()), (Some(booked.id.as_str()), Some(2)));
    let again = call(&w, "restore_assignment", json!({ "cursor": cursor })).unwrap_err();
    assert_eq!(again["code"], "already_exists");
    let bad = call(&w, "activity", json!({ "before": "RES#x", "limit": 5, "filter": {} })).unwrap_err();
    assert_eq!(bad["code"], "invalid_id");

    // Removed: the next ask is refused, and the window is signed out; nothing more is read.
    admin_store.identity().remove_member(&admin, &user_id_of(&w, "ada@example.com")).await.unwrap();
    let gone = call(&w, "live_changes", json!({})).unwrap_err();
    assert_eq!(gone["code"], "not_member");
    assert_eq!(signed_out_why(&w), (Some(true), Some("not_member".into())));
    let after = call(&w, "activity", json!({ "before": null, "limit": 5, "filter": {} })).unwrap_err();
    assert_eq!(after["code"], "signed_out");
}
