//! Repeated bookings through the commands, without a window: `repeat_days` answers the days a
//! rule makes (weekends skipped when asked) and refuses a wrong rule, a series of over 500
//! bookings or one that makes none with a sentence; the repeats made by `edit_bookings` carry
//! their series, which a change keeps unless it names another or `null`; `series_from` answers a
//! series' bookings from a day on.

mod common;

use common::call;
use serde_json::{Value, json};

type Win = tauri::WebviewWindow<tauri::test::MockRuntime>;

fn setup(w: &Win) -> (Value, Value) {
    let ada = call(w, "create_person", json!({ "name": "Ada" })).unwrap();
    let project = call(w, "create_project", json!({ "name": "Weekly", "color": "#336699" })).unwrap();
    (ada, project)
}

fn booking(w: &Win, person: &Value, project: &Value, first: &str, last: &str) -> Value {
    let input =
        json!({ "personId": person["id"], "projectId": project["id"], "startDate": first, "lastDay": last });
    call(w, "create_assignment", json!({ "input": input })).unwrap()
}

fn days(w: &Win, b: &Value, rule: Value) -> Result<Value, Value> {
    call(w, "repeat_days", json!({ "booking": b, "rule": rule }))
}

fn starts(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|d| d["startDate"].as_str().unwrap()).collect()
}

#[test]
fn a_rule_answers_its_days_and_a_wrong_one_a_sentence() {
    let (_app, w) = common::local_window();
    let (ada, project) = setup(&w);
    // Friday and Saturday, 2027-03-05: monthly on the first Friday, three in all.
    let b = booking(&w, &ada, &project, "2027-03-05", "2027-03-06");
    let monthly = days(
        &w,
        &b,
        json!({ "every": { "kind": "monthWeekday", "n": 1 }, "until": { "kind": "count", "count": 3 }, "skipDaysOff": true }),
    )
    .unwrap();
    assert_eq!(starts(&monthly["made"]), ["2027-04-02", "2027-05-07"]);
    assert_eq!(monthly["made"][0]["lastDay"], "2027-04-03");
    // A weekend booking repeated weekly, days off skipped: every repeat is left out.
    let weekend = booking(&w, &ada, &project, "2027-03-06", "2027-03-07");
    let none = days(
        &w,
        &weekend,
        json!({ "every": { "kind": "weeks", "n": 1 }, "until": { "kind": "day", "day": "2027-04-30" }, "skipDaysOff": true }),
    )
    .unwrap_err();
    assert_eq!(none["code"], "repeat_none");
    assert_eq!(none["message"], "no repeat of the booking of 2027-03-06 starts by 2027-04-30");
    // Not skipped: eight weekends.
    let all = days(
        &w,
        &weekend,
        json!({ "every": { "kind": "weeks", "n": 1 }, "until": { "kind": "day", "day": "2027-04-30" }, "skipDaysOff": false }),
    )
    .unwrap();
    assert_eq!(all["made"].as_array().unwrap().len(), 7);
    let many = days(
        &w,
        &b,
        json!({ "every": { "kind": "weeks", "n": 1 }, "until": { "kind": "count", "count": 501 }, "skipDaysOff": false }),
    )
    .unwrap_err();
    assert_eq!(many["code"], "too_many_repeats");
    assert_eq!(many["message"], "a series holds at most 500 bookings; this one would hold 501");
    let zero = days(
        &w,
        &b,
        json!({ "every": { "kind": "weeks", "n": 0 }, "until": { "kind": "count", "count": 3 }, "skipDaysOff": false }),
    )
    .unwrap_err();
    assert_eq!(zero["code"], "invalid_repeat");
}

#[test]
fn repeats_carry_their_series_which_a_change_keeps_and_null_takes_out() {
    let (_app, w) = common::local_window();
    let (ada, project) = setup(&w);
    let first = booking(&w, &ada, &project, "2027-03-01", "2027-03-01");
    let series = "01JSERIESMADEBYTHEWINDOW01";
    let fields = |first: &str| json!({ "personId": ada["id"], "projectId": project["id"], "startDate": first, "lastDay": first, "series": series });
    let edits = json!([
        { "kind": "update", "current": first, "change": fields("2027-03-01") },
        { "kind": "create", "booking": fields("2027-03-08") },
        { "kind": "create", "booking": fields("2027-03-15") },
    ]);
    let made =
        call(&w, "edit_bookings", json!({ "key": "r1", "edits": edits, "onProgress": "__CHANNEL__:7" }))
            .unwrap();
    let written: Vec<&Value> = made["outcomes"].as_array().unwrap().iter().map(|o| &o["booking"]).collect();
    assert!(written.iter().all(|b| b["series"] == series), "{made}");
    let later = call(&w, "series_from", json!({ "series": series, "from": "2027-03-02" })).unwrap();
    assert_eq!(starts(&later), ["2027-03-08", "2027-03-15"]);

    // A move that does not name the series keeps it; `null` takes the booking out.
    let second = written[1];
    let moved = call(
        &w,
        "update_assignment",
        json!({ "current": second, "change": { "personId": ada["id"], "projectId": project["id"], "startDate": "2027-03-09", "lastDay": "2027-03-09" } }),
    )
    .unwrap();
    assert_eq!(moved["series"], series);
    let out = call(
        &w,
        "update_assignment",
        json!({ "current": moved, "change": { "personId": ada["id"], "projectId": project["id"], "startDate": "2027-03-09", "lastDay": "2027-03-09", "series": null } }),
    )
    .unwrap();
    assert!(out.get("series").is_none(), "{out}");
    let later = call(&w, "series_from", json!({ "series": series, "from": "2027-03-01" })).unwrap();
    assert_eq!(starts(&later), ["2027-03-01", "2027-03-15"]);
    // A series id that cannot be one.
    let bad = call(&w, "series_from", json!({ "series": "no#way", "from": "2027-03-01" })).unwrap_err();
    assert_eq!(bad["code"], "invalid_id");
}
