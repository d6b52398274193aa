//! Groups, roles and skills through the commands, without a window: the lists come with the
//! timeline and the catalog; a person's group over time, role and skills are set and read back;
//! many people at once; a rename is seen on every person; a delete takes the label from them;
//! every bad value a person can send gets a sentence and changes nothing. Viewers:
//! `signin_commands/` (roles).

mod common;

use common::call;
use serde_json::{Value, json};
use tauri::WebviewWindow;
use tauri::test::MockRuntime;

fn app() -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    common::local_window()
}

fn timeline(w: &WebviewWindow<MockRuntime>) -> Value {
    call(w, "open_timeline", json!({ "from": "2026-11-02", "to": "2027-02-01" })).unwrap()
}

fn label(w: &WebviewWindow<MockRuntime>, kind: &str, name: &str) -> Value {
    call(w, "create_label", json!({ "kind": kind, "name": name })).unwrap()
}

fn person(w: &WebviewWindow<MockRuntime>, id: &Value) -> Value {
    let t = call(w, "catalog", json!({})).unwrap();
    t["people"].as_array().unwrap().iter().find(|p| &p["id"] == id).unwrap().clone()
}

#[test]
fn a_persons_group_over_time_role_and_skills_go_through_the_commands() {
    let (_app, w) = app();
    let design = label(&w, "group", "Brand");
    let product = label(&w, "group", "Platform");
    let lead = label(&w, "role", "Lead designer");
    let react = label(&w, "skill", "Svelte");
    let ada = call(&w, "create_person", json!({ "name": "Ada" })).unwrap();
    let groups = json!([{ "groupId": design["id"] }, { "from": "2027-01-04", "groupId": product["id"] }]);
    let saved = call(
        &w,
        "set_person_labels",
        json!({ "current": ada, "groups": groups, "roleId": lead["id"], "skillIds": [react["id"]] }),
    )
    .unwrap();
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["groups"], groups);
    assert_eq!(saved["roleId"], lead["id"]);
    assert_eq!(saved["skillIds"], json!([react["id"]]));
    // The timeline carries the lists and what each person carries.
    let t = timeline(&w);
    let names: Vec<&str> =
        t["labels"].as_array().unwrap().iter().filter_map(|l| l["name"].as_str()).collect();
    // (The local workspace's demo has its own lists: these are among them.)
    let mine: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| ["Brand", "Platform", "Lead designer", "Svelte"].contains(n))
        .collect();
    assert_eq!(mine, ["Brand", "Platform", "Lead designer", "Svelte"], "by kind, then name: {names:?}");
    let demo = t["people"].as_array().unwrap().iter().filter(|p| p["id"] != ada["id"]);
    assert!(
        demo.clone().count() == 12 && demo.into_iter().all(|p| p.get("roleId").is_some()),
        "the demo's people"
    );
    let shown = t["people"].as_array().unwrap().iter().find(|p| p["id"] == ada["id"]).unwrap().clone();
    assert_eq!(shown, saved);
    // A rename is one write: the person is not changed, and shows the new name through the list.
    let renamed =
        call(&w, "rename_label", json!({ "id": react["id"], "version": 1, "name": "SvelteKit" })).unwrap();
    assert_eq!(renamed["version"], 2);
    assert_eq!(person(&w, &ada["id"])["version"], 2);
    // Working time keeps the labels (one person, two dialogs).
    let kept =
        call(&w, "set_working_time", json!({ "current": saved, "schedule": null, "calendarId": null }))
            .unwrap();
    assert_eq!((kept["version"].as_u64(), &kept["skillIds"]), (Some(3), &json!([react["id"]])));
    // A delete takes it from everyone carrying it, and says how many.
    assert_eq!(call(&w, "delete_label", json!({ "id": react["id"] })).unwrap(), 1);
    let after = person(&w, &ada["id"]);
    assert!(after.get("skillIds").is_none(), "{after}");
    assert_eq!(after["version"], 4);
}

#[test]
fn many_people_at_once_and_the_ones_changed_meanwhile_are_named() {
    let (_app, w) = app();
    let sales = label(&w, "group", "Sales");
    let go = label(&w, "skill", "Go");
    let a = call(&w, "create_person", json!({ "name": "A" })).unwrap();
    let b = call(&w, "create_person", json!({ "name": "B" })).unwrap();
    call(&w, "rename_person", json!({ "id": b["id"], "version": 1, "name": "Bea" })).unwrap();
    let edit =
        json!({ "group": { "from": "2027-03-01", "groupId": sales["id"] }, "addSkillIds": [go["id"]] });
    let seen = json!([{ "id": a["id"], "version": 1 }, { "id": b["id"], "version": 1 }]);
    let done = call(&w, "set_labels_many", json!({ "people": seen, "edit": edit })).unwrap();
    assert_eq!(done["conflicts"], json!([b["id"]]));
    let changed = &done["people"][0];
    assert_eq!(changed["groups"], json!([{}, { "from": "2027-03-01", "groupId": sales["id"] }]));
    assert_eq!(changed["skillIds"], json!([go["id"]]));
    // The role taken from them: `roleChange` without a role.
    let seen = json!([{ "id": a["id"], "version": 2 }]);
    let edit = json!({ "roleChange": true, "removeSkillIds": [go["id"]] });
    let done = call(&w, "set_labels_many", json!({ "people": seen, "edit": edit })).unwrap();
    assert!(done["people"][0].get("skillIds").is_none());
}

#[test]
fn every_bad_value_gets_a_sentence_and_changes_nothing() {
    let (_app, w) = app();
    let design = label(&w, "group", "Brand");
    let ada = call(&w, "create_person", json!({ "name": "Ada" })).unwrap();
    let before = timeline(&w);
    let refused = |cmd: &str, args: Value, code: &str| {
        let e = call(&w, cmd, args.clone()).expect_err(cmd);
        assert_eq!(e["code"], code, "{cmd} {args}: {e}");
        let message = e["message"].as_str().unwrap();
        assert!(message.len() > 12 && !message.contains("Validation"), "a sentence: {message}");
        message.to_owned()
    };
    refused("create_label", json!({ "kind": "group", "name": "   " }), "name_empty");
    let said = refused("create_label", json!({ "kind": "group", "name": "brand" }), "duplicate_label");
    assert_eq!(said, "the group \"brand\" is there already");
    refused("create_label", json!({ "kind": "group", "name": "ＢＲＡＮＤ" }), "duplicate_label");
    // A kind the window never sends (its type has three): refused before any call.
    let e = call(&w, "create_label", json!({ "kind": "colour", "name": "Red" })).unwrap_err();
    assert!(e.to_string().contains("colour"), "{e}");
    let said = refused(
        "set_person_labels",
        json!({ "current": ada, "groups": [], "skillIds": ["01NOSUCHSKILL"] }),
        "no_such_label",
    );
    assert_eq!(said, "there is no skill with the id 01NOSUCHSKILL in this team (it may have been deleted)");
    refused(
        "set_person_labels",
        json!({ "current": ada, "groups": [], "roleId": design["id"], "skillIds": [] }),
        "no_such_label",
    );
    refused(
        "set_person_labels",
        json!({ "current": ada, "groups": [{ "from": "2027-01-01", "groupId": design["id"] }], "skillIds": [] }),
        "invalid_group_days",
    );
    refused(
        "set_person_labels",
        json!({ "current": ada, "groups": [{}, { "from": "2027-13-01", "groupId": design["id"] }], "skillIds": [] }),
        "no_such_day",
    );
    refused(
        "set_labels_many",
        json!({ "people": [{ "id": ada["id"], "version": 1 }], "edit": {} }),
        "nothing_to_change",
    );
    refused(
        "set_labels_many",
        json!({ "people": [{ "id": ada["id"], "version": 1 }], "edit": { "addSkillIds": [design["id"]] } }),
        "no_such_label",
    );
    refused("rename_label", json!({ "id": design["id"], "version": 7, "name": "Design 2" }), "conflict");
    let after = timeline(&w);
    assert_eq!(after["people"], before["people"]);
    assert_eq!(after["labels"], before["labels"]);
}
