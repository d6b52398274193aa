//! Command tests without a window: the real commands on tauri's mock runtime, over a local
//! workspace in memory. Arguments go in as the UI sends them (JSON), answers come back as the UI
//! receives them, errors as `{code, message}`.

mod common;

use common::call;

use serde_json::json;
use tauri::WebviewWindow;
use tauri::test::MockRuntime;

fn app() -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    common::local_window()
}

#[test]
fn the_timeline_opens_on_the_demo_team() {
    let (_app, w) = app();
    let t = call(&w, "open_timeline", json!({ "from": "2026-11-30", "to": "2027-03-01" })).unwrap();
    assert_eq!(t["teamName"], "My team");
    assert_eq!(t["people"].as_array().unwrap().len(), 12);
    assert_eq!(t["projects"].as_array().unwrap().len(), 6);
    let first = &common::assignments(&t)[0];
    for field in ["id", "personId", "projectId", "startDate", "endDateExclusive", "lastDay", "version"] {
        assert!(!first[field].is_null(), "{field} missing in {first}");
    }
}

#[test]
fn people_projects_and_assignments_are_edited_through_commands() {
    let (_app, w) = app();
    let person = call(&w, "create_person", json!({ "name": "  Grace Hopper " })).unwrap();
    assert_eq!(person["name"], "Grace Hopper");
    let project = call(&w, "create_project", json!({ "name": "COBOL", "color": "#336699" })).unwrap();

    // The form gives the inclusive last day; the stored end is the day after.
    let input = json!({ "personId": person["id"], "projectId": project["id"], "startDate": "2026-12-07", "lastDay": "2026-12-11" });
    let a = call(&w, "create_assignment", json!({ "input": input })).unwrap();
    assert_eq!(
        (a["startDate"].as_str(), a["endDateExclusive"].as_str(), a["lastDay"].as_str()),
        (Some("2026-12-07"), Some("2026-12-12"), Some("2026-12-11"))
    );

    let change = json!({ "personId": person["id"], "projectId": project["id"], "startDate": "2026-12-14", "lastDay": "2026-12-18" });
    let moved = call(&w, "update_assignment", json!({ "current": a, "change": change })).unwrap();
    assert_eq!(moved["version"], 2);
    // The same move sent again (an answer lost on the way) is done, once.
    assert_eq!(call(&w, "update_assignment", json!({ "current": a, "change": change })).unwrap(), moved);
    // Another change from the old copy is stale: a conflict, said as a sentence.
    let other = json!({ "personId": person["id"], "projectId": project["id"], "startDate": "2026-12-15", "lastDay": "2026-12-18" });
    let stale = call(&w, "update_assignment", json!({ "current": a, "change": other })).unwrap_err();
    assert!(stale["code"] == "not_found" || stale["code"] == "conflict", "{stale}");
    assert!(stale["message"].as_str().unwrap().contains("assignment"));

    let window = call(&w, "load_window", json!({ "from": "2026-12-14", "to": "2026-12-21" })).unwrap();
    assert!(common::assignments(&window).iter().any(|x| x["id"] == moved["id"]));

    let renamed = call(
        &w,
        "rename_person",
        json!({ "id": person["id"], "version": person["version"], "name": "Grace B. Hopper" }),
    )
    .unwrap();
    assert_eq!(renamed["version"], 2);
    let recoloured =
        call(&w, "update_project", json!({ "id": project["id"], "version": 1, "color": "#aa0000" })).unwrap();
    assert_eq!(recoloured["color"], "#AA0000");

    // The confirmation's count, then the delete (progress goes to a channel the UI made).
    assert_eq!(call(&w, "person_assignment_count", json!({ "id": person["id"] })).unwrap(), 1);
    assert_eq!(call(&w, "project_assignment_count", json!({ "id": project["id"] })).unwrap(), 1);
    let report =
        call(&w, "delete_person", json!({ "id": person["id"], "onProgress": "__CHANNEL__:7" })).unwrap();
    assert_eq!(report["assignmentsDeleted"], 1);
    assert_eq!(call(&w, "person_assignment_count", json!({ "id": person["id"] })).unwrap(), 0);
    let catalog = call(&w, "catalog", json!({})).unwrap();
    assert!(!catalog["people"].as_array().unwrap().iter().any(|r| r["id"] == person["id"]));
    call(&w, "delete_assignment", json!({ "current": moved })).unwrap();
}

#[test]
fn bad_input_comes_back_as_a_typed_error() {
    let (_app, w) = app();
    let cases = [
        ("create_person", json!({ "name": "   " }), "name_empty"),
        ("create_project", json!({ "name": "X", "color": "blue" }), "invalid_color"),
        ("open_timeline", json!({ "from": "2026-13-01", "to": "2027-01-01" }), "no_such_day"),
        ("open_timeline", json!({ "from": "2026-1-01", "to": "2027-01-01" }), "invalid_date"),
        ("open_timeline", json!({ "from": "2026-12-01", "to": "2026-12-01" }), "range_empty"),
        // A window is capped: a read of a team's whole history in one go is refused.
        ("open_timeline", json!({ "from": "2026-01-01", "to": "2027-01-03" }), "range_too_long"),
        ("load_window", json!({ "from": "1900-01-01", "to": "2999-01-01" }), "range_too_long"),
        ("rename_person", json!({ "id": "no#such", "version": 1, "name": "X" }), "invalid_id"),
        ("rename_person", json!({ "id": "nobody", "version": 1, "name": "X" }), "not_found"),
        (
            "create_assignment",
            json!({ "input": { "personId": "nobody", "projectId": "nothing", "startDate": "2026-12-07", "lastDay": "2026-12-01" } }),
            "range_end_before_start",
        ),
        (
            "create_assignment",
            json!({ "input": { "personId": "nobody", "projectId": "nothing", "startDate": "2026-12-07", "lastDay": "2026-12-08" } }),
            "parent_gone",
        ),
    ];
    // The most a window may ask for still reads.
    call(&w, "load_window", json!({ "from": "2026-01-01", "to": "2027-01-02" })).unwrap();
    for (cmd, args, code) in cases {
        let err = call(&w, cmd, args.clone()).unwrap_err();
        assert_eq!(err["code"], code, "{cmd} {args}: {err}");
        assert!(err["message"].as_str().is_some_and(|m| !m.is_empty()), "{err}");
    }
}

/// What the window sends is read as Tauri's own commands read it: a missing value or one of the
/// wrong type gets Tauri's sentence, a missing `Option` is `None`, and an unknown command is no
/// command at all.
#[test]
fn arguments_are_read_as_tauri_reads_them() {
    let (_app, w) = app();
    let missing = call(&w, "create_person", json!({})).unwrap_err();
    assert_eq!(missing, json!("command create_person missing required key name"));
    let wrong = call(&w, "rename_person", json!({ "id": "x", "version": "one", "name": "A" })).unwrap_err();
    assert!(
        wrong.as_str().unwrap().starts_with("invalid args `version` for command `rename_person`"),
        "{wrong}"
    );
    // `id` is an Option: left out, the person gets a new one.
    let made = call(&w, "create_person", json!({ "name": "Ada" })).unwrap();
    assert_eq!(made["id"].as_str().unwrap().len(), 26);
    let unknown = call(&w, "no_such_command", json!({})).unwrap_err();
    assert!(unknown.as_str().unwrap().contains("no_such_command"), "{unknown}");
}
