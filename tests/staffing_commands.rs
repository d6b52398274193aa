//! Placeholders and staffing them through the commands, without a window: a placeholder is made
//! and read back marked; it takes a booking; `staffing` lists its bookings from today (the tests'
//! clock's 30 November 2026) on and the
//! people who could take them (never a placeholder); `hand_over` moves them, says which stayed
//! and why (a stale copy), and moves them back (the window's undo); bad asks get a sentence.

mod common;

use common::call;
use serde_json::{Value, json};

fn ids(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|x| x["personId"].as_str().unwrap()).collect()
}

#[test]
fn a_placeholder_is_staffed_and_given_back_through_the_commands() {
    let (_app, w) = common::local_window();
    let hire =
        call(&w, "create_person", json!({ "name": "Designer — to hire", "placeholder": true })).unwrap();
    assert_eq!(hire["placeholder"], json!(true));
    let ada = call(&w, "create_person", json!({ "name": "Ada" })).unwrap();
    assert_eq!(ada.get("placeholder"), None, "a person says nothing of it");
    let catalog = call(&w, "catalog", json!({})).unwrap();
    let read = catalog["people"].as_array().unwrap().iter().find(|p| p["id"] == hire["id"]).unwrap().clone();
    assert_eq!(read, hire);

    let project = call(&w, "create_project", json!({ "name": "Rebrand", "color": "#336699" })).unwrap();
    let input = json!({ "personId": hire["id"], "projectId": project["id"], "startDate": "2027-03-03", "lastDay": "2027-03-05" });
    let booking = call(&w, "create_assignment", json!({ "input": input })).unwrap();

    let staffing = call(&w, "staffing", json!({ "id": hire["id"] })).unwrap();
    assert_eq!(staffing["bookings"], json!([booking]));
    assert_eq!(
        (staffing["staffing"]["wanted"].as_u64(), staffing["staffing"]["days"].as_u64()),
        (Some(24 * 60), Some(3))
    );
    let candidates = ids(&staffing["staffing"]["candidates"]);
    assert!(candidates.contains(&ada["id"].as_str().unwrap()), "{candidates:?}");
    assert!(!candidates.contains(&hire["id"].as_str().unwrap()), "a placeholder is nobody's free time");
    let ada_free = staffing["staffing"]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["personId"] == ada["id"])
        .unwrap();
    assert_eq!(ada_free["covers"], json!(24 * 60), "Ada is free all three days");

    // Handed to Ada: hers, a version on.
    let handed = call(&w, "hand_over", json!({ "bookings": [booking], "personId": ada["id"] })).unwrap();
    assert_eq!(handed["failed"], json!([]));
    let moved = handed["moved"][0].clone();
    assert_eq!((&moved["personId"], &moved["version"]), (&ada["id"], &json!(2)));
    // The same hand-over again (its answer lost) finds it done; the stale copy handed to someone
    // else stays, and the answer says why.
    let again = call(&w, "hand_over", json!({ "bookings": [booking], "personId": ada["id"] })).unwrap();
    assert_eq!((&again["moved"], &again["failed"]), (&json!([moved]), &json!([])));
    let bo = call(&w, "create_person", json!({ "name": "Bo" })).unwrap();
    let stale = call(&w, "hand_over", json!({ "bookings": [booking], "personId": bo["id"] })).unwrap();
    assert_eq!(stale["moved"], json!([]));
    assert_eq!(
        (&stale["failed"][0]["id"], &stale["failed"][0]["error"]["code"]),
        (&booking["id"], &json!("conflict"))
    );
    // Back to the placeholder (the window's undo).
    let back = call(&w, "hand_over", json!({ "bookings": [moved], "personId": hire["id"] })).unwrap();
    assert_eq!(back["moved"][0]["personId"], hire["id"]);

    // A person is not staffed; a booking not the placeholder's is refused; a bad id is said.
    let person = call(&w, "staffing", json!({ "id": ada["id"] })).unwrap_err();
    assert_eq!(person["code"], "not_placeholder");
    assert_eq!(
        person["message"],
        "only a placeholder's bookings are handed to a person; this row is a person"
    );
    let other = call(&w, "create_assignment", json!({ "input": { "personId": ada["id"], "projectId": project["id"], "startDate": "2027-03-10", "lastDay": "2027-03-10" } })).unwrap();
    let wrong = call(&w, "staffing", json!({ "id": hire["id"], "chosen": [other["id"]] })).unwrap_err();
    assert_eq!(wrong["code"], "not_placeholders_booking");
    let nobody = call(&w, "staffing", json!({ "id": "nobody" })).unwrap_err();
    assert_eq!(nobody["code"], "not_found", "{nobody}");
    let bad = call(&w, "staffing", json!({ "id": hire["id"], "chosen": ["not an id"] })).unwrap_err();
    assert_eq!(bad["code"], "invalid_id", "{bad}");
}
