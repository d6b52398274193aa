//! Saved views through the commands, without a window: saved, read back, saved again from what
//! was seen (a stale save is a conflict), deleted; every bad view a person can send (no name, a
//! condition this version does not know, a period backwards) gets a sentence and changes nothing.
//! Sharing and owners between members: the store's tests (`tests/store/views.rs`).

mod common;

use common::call;
use serde_json::{Value, json};

fn rows() -> Value {
    json!({
        "groups": [], "roles": [], "skills": [], "allSkills": true, "projects": [], "freeMinutes": 480,
        "kind": "placeholders", "grouping": "role", "sort": "free", "density": "compact", "period": "custom",
        "custom": { "from": "2027-03-01", "to": "2027-03-15" }, "collapsed": ["role:"]
    })
}

#[test]
fn a_view_is_saved_read_back_changed_and_deleted() {
    let (_app, w) = common::local_window();
    let view = json!({ "id": "01VIEWAAAAAAAAAAAAAAAAAAAA", "name": "Roles, March", "shared": true,
        "zoom": "month", "rows": rows(), "version": 0 });
    let saved = call(&w, "save_view", json!({ "view": view })).unwrap();
    assert_eq!((saved["version"].as_u64(), saved["shared"].as_bool()), (Some(1), Some(true)));
    assert_eq!(saved["rows"], rows(), "every field as sent");
    assert_eq!(call(&w, "views", json!({})).unwrap(), json!([saved]));
    // A view from a window before placeholders (no `kind`): people and placeholders both.
    let mut older = rows();
    older.as_object_mut().unwrap().remove("kind");
    let old = json!({ "id": "01VIEWBBBBBBBBBBBBBBBBBBBB", "name": "Older", "shared": false, "zoom": "week",
        "rows": older, "version": 0 });
    let read = call(&w, "save_view", json!({ "view": old })).unwrap();
    assert_eq!(read["rows"]["kind"], "all");
    call(&w, "delete_view", json!({ "id": read["id"], "version": 1 })).unwrap();
    // The project view, a project's section folded: saved and read back as sent.
    let mut projects = rows();
    projects["grouping"] = json!("project");
    projects["collapsed"] = json!(["project:01PRJAAAAAAAAAAAAAAAAAAAAA", "project:"]);
    let by_project = json!({ "id": "01VIEWCCCCCCCCCCCCCCCCCCCC", "name": "By project", "shared": false,
        "zoom": "week", "rows": projects, "version": 0 });
    let read = call(&w, "save_view", json!({ "view": by_project })).unwrap();
    assert_eq!(read["rows"], projects);
    call(&w, "delete_view", json!({ "id": read["id"], "version": 1 })).unwrap();
    let mut changed = view.clone();
    changed["name"] = json!("Roles, spring");
    changed["version"] = json!(1);
    let again = json!({ "view": changed });
    let v2 = call(&w, "save_view", again.clone()).unwrap();
    assert_eq!((v2["name"].as_str(), v2["version"].as_u64()), (Some("Roles, spring"), Some(2)));
    let e = call(&w, "save_view", again).unwrap_err();
    assert_eq!(e["code"], "conflict", "{e}");
    call(&w, "delete_view", json!({ "id": v2["id"], "version": 2 })).unwrap();
    assert_eq!(call(&w, "views", json!({})).unwrap(), json!([]));
}

#[test]
fn every_bad_view_gets_a_sentence_and_changes_nothing() {
    let (_app, w) = common::local_window();
    let with = |name: &str, rows: Value| {
        json!({ "view": { "id": "01VIEWBBBBBBBBBBBBBBBBBBBB", "name": name, "shared": false,
            "zoom": "week", "rows": rows, "version": 0 } })
    };
    let refused = |args: Value, code: &str| {
        let e = call(&w, "save_view", args.clone()).expect_err("refused");
        assert_eq!(e["code"], code, "{args}: {e}");
        e["message"].as_str().unwrap().to_owned()
    };
    refused(with("  ", rows()), "name_empty");
    let mut unknown = rows();
    unknown["colours"] = json!(["red"]);
    let said = refused(with("Red ones", unknown), "invalid_view");
    assert!(said.starts_with("the view cannot be used: unknown field `colours`"), "{said}");
    let mut backwards = rows();
    backwards["custom"] = json!({ "from": "2027-03-15", "to": "2027-03-01" });
    let said = refused(with("Backwards", backwards), "invalid_view");
    assert!(said.contains("last day is before its first"), "{said}");
    let mut odd = rows();
    odd["sort"] = json!("colour");
    refused(with("Odd", odd), "invalid_view");
    let mut folded = rows();
    folded["collapsed"] = json!(["project:not a project"]);
    refused(with("Folded", folded), "invalid_view");
    assert_eq!(call(&w, "views", json!({})).unwrap(), json!([]), "nothing saved");
}
