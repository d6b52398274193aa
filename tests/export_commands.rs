//! The exports through the commands, without a window: what the window sends is parsed (a
//! period, a format, a list) and a bad range is refused with a sentence before anything is read
//! or written. (The files themselves: `planner-app`'s export tests, on a scratch folder, and the
//! end-to-end export test, which reads what the app saved.)

mod common;

use common::call;
use planner_app::Places;
use serde_json::json;

fn window() -> (tauri::App<tauri::test::MockRuntime>, tauri::WebviewWindow<tauri::test::MockRuntime>) {
    let clock =
        std::sync::Arc::new(planner_domain::FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    let audit = std::sync::Arc::new(planner_store::MemoryAudit::default());
    let state =
        tauri::async_runtime::block_on(planner_app::App::open(planner_store::Engine::Memory, audit, clock))
            .expect("open the workspace");
    let dir = std::env::temp_dir().join(format!("rp-export-{}", ulid::Ulid::new()));
    let places =
        Places { machine: dir.join("machine.toml"), user: dir.join("config.toml"), data: dir.join("data") };
    common::window_on(state, Some(places))
}

#[test]
fn a_bad_range_period_or_format_is_refused_with_a_sentence() {
    let (_app, w) = window();
    let plan = |first: &str, last: &str, period: serde_json::Value, format: &str| {
        call(
            &w,
            "export_plan",
            json!({ "firstDay": first, "lastDay": last, "period": period, "format": format }),
        )
    };
    let week = json!({ "kind": "week", "firstWeekday": 0 });
    let reversed = plan("2027-03-10", "2027-03-01", week.clone(), "csv").unwrap_err();
    assert_eq!(reversed["code"], "range_end_before_start");
    let long = plan("2026-01-01", "2028-06-30", json!({ "kind": "day" }), "xlsx").unwrap_err();
    assert_eq!(long["code"], "report_too_long", "{long}");
    // Values the window cannot send: Tauri's sentence for the argument.
    let format = plan("2027-03-01", "2027-03-10", week, "pdf").unwrap_err();
    assert!(format.to_string().contains("format"), "{format}");
    let list = call(&w, "export_list", json!({ "list": "invoices", "format": "csv" })).unwrap_err();
    assert!(list.to_string().contains("list"), "{list}");
}

#[test]
fn a_print_asked_wrongly_is_refused_with_a_sentence() {
    let (_app, w) = window();
    let pdf = |first: &str, last: &str, zoom: &str, paper: &str| {
        call(
            &w,
            "export_pdf",
            json!({ "firstDay": first, "lastDay": last, "rows": "people", "zoom": zoom, "paper": paper, "lang": "en" }),
        )
    };
    let long = pdf("2026-01-01", "2028-06-30", "month", "a4").unwrap_err();
    assert_eq!(long["code"], "report_too_long", "{long}");
    let reversed = pdf("2027-03-10", "2027-03-01", "day", "letter").unwrap_err();
    assert_eq!(reversed["code"], "range_end_before_start");
    let zoom = pdf("2027-03-01", "2027-03-10", "hour", "a4").unwrap_err();
    assert!(zoom.as_str().unwrap_or_default().contains("invalid args `zoom`"), "{zoom}");
}
