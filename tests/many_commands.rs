//! Many bookings edited at once through the commands, without a window: `edit_bookings` moves,
//! hands over, changes, deletes and creates as one batch and answers booking by booking; the
//! activity log's records carry the batch; a stale copy is named and the rest written; a change
//! past 2999-12-31 or over 20 years long refuses the whole edit with a sentence; `cancel_edit`
//! of no running edit says false.

mod common;

use common::call;
use serde_json::{Value, json};

type Win = tauri::WebviewWindow<tauri::test::MockRuntime>;

fn booking(w: &Win, person: &Value, project: &Value, first: &str, last: &str) -> Value {
    let input =
        json!({ "personId": person["id"], "projectId": project["id"], "startDate": first, "lastDay": last });
    call(w, "create_assignment", json!({ "input": input })).unwrap()
}

fn moved(b: &Value, person: &Value, first: &str, last: &str) -> Value {
    json!({ "kind": "update", "current": b, "change": { "personId": person["id"], "projectId": b["projectId"], "startDate": first, "lastDay": last } })
}

fn edit(w: &Win, edits: Value) -> Result<Value, Value> {
    call(w, "edit_bookings", json!({ "key": "k1", "edits": edits, "onProgress": "__CHANNEL__:7" }))
}

#[test]
fn a_selection_is_edited_as_one_batch_and_a_stale_booking_is_named() {
    let (_app, w) = common::local_window();
    let ada = call(&w, "create_person", json!({ "name": "Ada" })).unwrap();
    let bo = call(&w, "create_person", json!({ "name": "Bo" })).unwrap();
    let project = call(&w, "create_project", json!({ "name": "Rebrand", "color": "#336699" })).unwrap();
    let one = booking(&w, &ada, &project, "2027-03-01", "2027-03-03");
    let two = booking(&w, &ada, &project, "2027-03-08", "2027-03-09");
    let three = booking(&w, &ada, &project, "2027-03-15", "2027-03-15");
    let hours = json!({ "kind": "update", "current": two, "change": { "personId": bo["id"], "projectId": project["id"], "startDate": "2027-03-08", "lastDay": "2027-03-09", "allocation": { "kind": "hoursPerDay", "value": 240 }, "status": "tentative" } });
    let new = json!({ "kind": "create", "booking": { "id": "01JCREATEDBYTHEWINDOW00001", "personId": bo["id"], "projectId": project["id"], "startDate": "2027-03-22", "lastDay": "2027-03-23" } });
    let edited = edit(
        &w,
        json!([moved(&one, &ada, "2027-03-15", "2027-03-17"), hours, { "kind": "delete", "current": three }, new]),
    )
    .unwrap();
    let kinds: Vec<_> =
        edited["outcomes"].as_array().unwrap().iter().map(|o| o["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["written", "written", "deleted", "written"]);
    assert_eq!((&edited["requests"], &edited["cancelled"]), (&json!(1), &json!(false)));
    let handed = &edited["outcomes"][1]["booking"];
    assert_eq!(
        (&handed["personId"], &handed["status"], &handed["version"]),
        (&bo["id"], &json!("tentative"), &json!(2))
    );
    assert_eq!(handed["allocation"], json!({ "kind": "hoursPerDay", "value": 240 }));

    // The activity log: four records, one batch of four.
    let log = call(&w, "activity", json!({ "limit": 50, "filter": {} })).unwrap();
    let batch: Vec<_> =
        log["items"].as_array().unwrap().iter().filter(|i| i.get("batch").is_some()).collect();
    assert_eq!(batch.len(), 4);
    assert!(batch.iter().all(|i| i["batch"] == json!({ "id": edited["batch"], "count": 4 })));

    // From the old copies again: the moved one is stale (named), the deleted one is done.
    let stale = edit(
        &w,
        json!([moved(&one, &ada, "2027-04-05", "2027-04-07"), { "kind": "delete", "current": three }]),
    )
    .unwrap();
    assert_eq!(stale["outcomes"][0]["kind"], "failed");
    assert_eq!(stale["outcomes"][0]["error"]["code"], "conflict");
    assert_eq!(stale["outcomes"][1]["kind"], "deleted");
}

#[test]
fn an_edit_past_the_last_day_or_too_long_is_refused_whole() {
    let (_app, w) = common::local_window();
    let ada = call(&w, "create_person", json!({ "name": "Ada" })).unwrap();
    let project = call(&w, "create_project", json!({ "name": "Rebrand", "color": "#336699" })).unwrap();
    let one = booking(&w, &ada, &project, "2999-12-20", "2999-12-21");
    let two = booking(&w, &ada, &project, "2027-03-01", "2027-03-01");
    let past = edit(
        &w,
        json!([moved(&two, &ada, "2027-03-02", "2027-03-02"), moved(&one, &ada, "2999-12-30", "3000-01-01")]),
    )
    .unwrap_err();
    assert_eq!(past["code"], "date_out_of_range");
    assert_eq!(past["message"], "the date 3000-01-01 is outside the supported years 1900–2999");
    let long = edit(&w, json!([moved(&two, &ada, "2027-03-01", "2047-03-01")])).unwrap_err();
    assert_eq!(long["code"], "range_too_long", "{long}");
    // Nothing moved.
    let shown = call(&w, "open_timeline", json!({ "from": "2027-02-01", "to": "2027-04-01" })).unwrap();
    assert_eq!(common::assignments(&shown)[0]["version"], json!(1));
    assert_eq!(call(&w, "cancel_edit", json!({ "key": "nothing" })).unwrap(), json!(false));
    let empty = edit(&w, json!([])).unwrap_err();
    assert_eq!(empty["code"], "too_many_bookings");
}
