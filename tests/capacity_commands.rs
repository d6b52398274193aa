//! Capacity's commands without a window: the demo team shows it off (a part-timer, a holiday week,
//! Japan's public holidays, half days, a tentative project), time off goes through the window as
//! assignments do, and every bad value a person can send gets a sentence and changes nothing.
//! Roles: `signin_commands.rs` (a viewer and a planner).

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

#[test]
fn the_demo_team_shows_capacity_planning_off() {
    let (_app, w) = app();
    let t = timeline(&w);
    assert_eq!(t["defaultWeek"], json!([480, 480, 480, 480, 480, 0, 0]));
    let calendars = t["calendars"].as_array().unwrap();
    assert_eq!(calendars.len(), 1);
    assert_eq!(
        (calendars[0]["name"].as_str(), calendars[0]["region"].as_str()),
        (Some("日本の祝日"), Some("JP"))
    );
    let holidays: Vec<&str> =
        t["holidays"].as_array().unwrap().iter().filter_map(|h| h["day"].as_str()).collect();
    assert!(holidays.contains(&"2026-11-23") && holidays.contains(&"2027-01-01"), "{holidays:?}");
    let people = t["people"].as_array().unwrap();
    let in_calendar = people.iter().filter(|p| p["calendarId"] == calendars[0]["id"]).count();
    assert_eq!(in_calendar, 6, "the Japanese-named people");
    let part = people.iter().find(|p| !p["schedule"].is_null()).expect("a part-timer");
    assert_eq!(part["schedule"]["weeks"][0]["week"], json!([360, 360, 360, 360, 0, 0, 0]));
    let off = t["timeOff"].as_array().unwrap();
    assert_eq!(off.len(), 1, "a holiday week");
    assert_eq!((off[0]["kind"].as_str(), off[0]["minutes"].is_null()), (Some("holiday"), true));
    let bookings = common::assignments(&t);
    let kinds: Vec<&str> = bookings.iter().filter_map(|a| a["allocation"]["kind"].as_str()).collect();
    assert!(kinds.contains(&"hoursPerDay") && kinds.contains(&"percent"), "half days: {kinds:?}");
    assert!(bookings.iter().any(|a| a["status"] == "tentative"));
}

#[test]
fn time_off_goes_through_the_window_and_is_changed_and_deleted() {
    let (_app, w) = app();
    let person = call(&w, "create_person", json!({ "name": "Tess" })).unwrap();
    let input = json!({ "startDate": "2026-12-21", "lastDay": "2026-12-23", "kind": "sick", "minutes": 240 });
    let t = call(&w, "create_time_off", json!({ "personId": person["id"], "input": input })).unwrap();
    assert_eq!((t["endDateExclusive"].as_str(), t["minutes"].as_u64()), (Some("2026-12-24"), Some(240)));
    let window = call(&w, "load_window", json!({ "from": "2026-12-14", "to": "2026-12-28" })).unwrap();
    assert!(window["timeOff"].as_array().unwrap().iter().any(|x| x["id"] == t["id"]));
    let whole = json!({ "startDate": "2026-12-21", "lastDay": "2027-01-08", "kind": "holiday" });
    let changed = call(&w, "update_time_off", json!({ "current": t, "input": whole })).unwrap();
    assert_eq!((changed["version"].as_u64(), changed["minutes"].is_null()), (Some(2), true));
    let stale = call(&w, "update_time_off", json!({ "current": t, "input": input })).unwrap_err();
    assert_eq!(stale["code"], "conflict");
    call(&w, "delete_time_off", json!({ "current": changed })).unwrap();
    let window = call(&w, "load_window", json!({ "from": "2026-12-14", "to": "2027-01-28" })).unwrap();
    assert!(!window["timeOff"].as_array().unwrap().iter().any(|x| x["id"] == t["id"]));
}

#[test]
fn working_time_and_calendars_are_set_through_commands() {
    let (_app, w) = app();
    let person = call(&w, "create_person", json!({ "name": "Kai" })).unwrap();
    let cal = call(&w, "create_calendar", json!({ "name": "Bayern", "region": "DE-BY" })).unwrap();
    let n = call(
        &w,
        "add_holidays",
        json!({ "calendarId": cal["id"], "days": [{ "day": "2027-01-06", "name": "Heilige Drei Könige" }] }),
    )
    .unwrap();
    assert_eq!(n, 1);
    let schedule = json!({ "weeks": [{ "from": null, "week": [480, 480, 480, 480, 480, 0, 0] }, { "from": "2027-01-04", "week": [240, 240, 240, 240, 240, 0, 0] }], "firstDay": null, "lastDay": "2027-12-31" });
    let saved = call(
        &w,
        "set_working_time",
        json!({ "current": person, "schedule": schedule, "calendarId": cal["id"] }),
    )
    .unwrap();
    assert_eq!((saved["version"].as_u64(), &saved["calendarId"]), (Some(2), &cal["id"]));
    assert_eq!(saved["schedule"], schedule);
    let week = call(&w, "set_default_week", json!({ "minutes": [420, 420, 420, 420, 420, 0, 0] })).unwrap();
    assert_eq!(week, json!([420, 420, 420, 420, 420, 0, 0]));
    let ics = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20270405\r\nDTEND;VALUE=DATE:20270406\r\nSUMMARY:Ostermontag\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    assert_eq!(call(&w, "import_ics", json!({ "calendarId": cal["id"], "text": ics })).unwrap(), 1);
    let window = call(&w, "load_window", json!({ "from": "2027-01-01", "to": "2027-04-30" })).unwrap();
    let days: Vec<&str> =
        window["holidays"].as_array().unwrap().iter().filter_map(|h| h["day"].as_str()).collect();
    assert!(days.contains(&"2027-01-06") && days.contains(&"2027-04-05"), "{days:?}");
    call(&w, "delete_holiday", json!({ "calendarId": cal["id"], "day": "2027-04-05" })).unwrap();
    assert_eq!(call(&w, "delete_calendar", json!({ "id": cal["id"] })).unwrap(), 1, "one holiday was left");
    assert!(
        call(&w, "calendars", json!({})).unwrap().as_array().unwrap().iter().all(|c| c["id"] != cal["id"])
    );
}

#[test]
fn every_bad_value_gets_a_sentence_and_changes_nothing() {
    let (_app, w) = app();
    let person = call(&w, "create_person", json!({ "name": "Bad Input" })).unwrap();
    let cal = call(&w, "create_calendar", json!({ "name": "Cal", "region": null })).unwrap();
    let off = |first: &str, last: &str, minutes: Value| json!({ "personId": person["id"], "input": { "startDate": first, "lastDay": last, "kind": "other", "minutes": minutes } });
    let week =
        |w: Value| json!({ "weeks": [{ "from": null, "week": w }], "firstDay": null, "lastDay": null });
    let huge = format!("BEGIN:VCALENDAR\r\n{}", "X".repeat(1024 * 1024));
    let cases: Vec<(&str, Value, &str)> = vec![
        ("set_default_week", json!({ "minutes": [480, 480, 480, 480, 480, 0] }), "invalid_week_hours"),
        ("set_default_week", json!({ "minutes": [480, 480, 480, 480, 1500, 0, 0] }), "invalid_week_hours"),
        ("set_default_week", json!({ "minutes": [480, 480, 480, 480, 470, 0, 0] }), "invalid_week_hours"),
        (
            "set_working_time",
            json!({ "current": person, "schedule": week(json!([0, 0, 0, 0, 0, 0, 1441])), "calendarId": null }),
            "invalid_week_hours",
        ),
        (
            "set_working_time",
            json!({ "current": person, "schedule": { "weeks": [], "firstDay": null, "lastDay": null }, "calendarId": null }),
            "invalid_schedule",
        ),
        (
            "set_working_time",
            json!({ "current": person, "schedule": null, "calendarId": "01NOSUCHCALENDAR" }),
            "not_found",
        ),
        ("create_time_off", off("2026-12-23", "2026-12-21", Value::Null), "range_end_before_start"),
        ("create_time_off", off("2026-12-21", "2026-12-21", json!(0)), "invalid_off_hours"),
        ("create_time_off", off("2026-12-21", "2026-12-21", json!(1500)), "invalid_off_hours"),
        ("create_time_off", off("2026-12-21", "2026-12-21", json!(1440)), "invalid_off_hours"),
        ("create_time_off", off("2026-13-01", "2026-12-21", Value::Null), "no_such_day"),
        ("create_calendar", json!({ "name": "x", "region": "japan" }), "invalid_region"),
        ("create_calendar", json!({ "name": " ", "region": null }), "name_empty"),
        (
            "add_holidays",
            json!({ "calendarId": "01NOSUCHCALENDAR", "days": [{ "day": "2027-01-01", "name": "x" }] }),
            "not_found",
        ),
        (
            "add_holidays",
            json!({ "calendarId": cal["id"], "days": [{ "day": "2027-02-30", "name": "x" }] }),
            "no_such_day",
        ),
        ("import_ics", json!({ "calendarId": cal["id"], "text": "not a calendar" }), "invalid_calendar_file"),
        ("import_ics", json!({ "calendarId": cal["id"], "text": huge }), "calendar_file_too_large"),
    ];
    for (command, args, code) in cases {
        let err = call(&w, command, args.clone()).unwrap_err();
        assert_eq!(err["code"], code, "{command} {args:.200}");
        let message = err["message"].as_str().unwrap();
        assert!(message.len() > 15 && !message.contains("Error"), "a sentence: {message}");
    }
    // Nothing changed: the team's week, the person, the calendar's days, no time off.
    let t = timeline(&w);
    assert_eq!(t["defaultWeek"], json!([480, 480, 480, 480, 480, 0, 0]));
    let p = t["people"].as_array().unwrap().iter().find(|r| r["id"] == person["id"]).unwrap().clone();
    assert_eq!(p, person);
    assert!(!t["timeOff"].as_array().unwrap().iter().any(|x| x["personId"] == person["id"]));
    assert!(!t["holidays"].as_array().unwrap().iter().any(|h| h["calendarId"] == cal["id"]));
}
