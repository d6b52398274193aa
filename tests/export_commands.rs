//! The exports through the commands, without a window: what the window sends is parsed (a
//! period, a format, a list) and a bad range is refused with a sentence before the save dialog
//! shows; a file is saved where the dialog answers, the next dialog opens in that folder, and a
//! closed dialog writes nothing. (The dialogs here answer as a user would; the end-to-end export
//! test answers the OS's own. The files' contents: `planner-app`'s export tests.)

mod common;

use common::{Answers, call};
use planner_app::Places;
use resource_planner_app::dialogs::Dialogs;
use serde_json::json;
use std::path::PathBuf;

type Window = (tauri::App<tauri::test::MockRuntime>, tauri::WebviewWindow<tauri::test::MockRuntime>);

/// The local workspace on 2026-12-01 in a window whose dialogs give `answers`; and its scratch
/// folder.
fn window_answering(answers: Answers) -> (Window, PathBuf) {
    let clock =
        std::sync::Arc::new(planner_domain::FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    let audit = std::sync::Arc::new(planner_store::MemoryAudit::default());
    let state =
        tauri::async_runtime::block_on(planner_app::App::open(planner_store::Engine::Memory, audit, clock))
            .expect("open the workspace");
    let dir = std::env::temp_dir().join(format!("rp-export-{}", ulid::Ulid::new()));
    let places =
        Places { machine: dir.join("machine.toml"), user: dir.join("config.toml"), data: dir.join("data") };
    (common::window_with(state, Some(places), Dialogs::with(answers)), dir)
}

fn window() -> Window {
    window_answering(Answers::default()).0
}

#[test]
fn a_file_is_saved_where_the_dialog_says_and_the_next_dialog_opens_there() {
    let out = std::env::temp_dir().join(format!("rp-export-out-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&out).unwrap();
    let answers = Answers::of([
        Some(out.join("our people.csv")),
        Some(out.join("march")),
        None,
        Some(out.join("utilisation.csv")),
    ]);
    let ((_app, w), _dir) = window_answering(answers.clone());
    let asked = |n: usize| answers.asked.lock().unwrap()[n].clone();
    let files = || {
        let mut names: Vec<String> =
            std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        names
    };

    // The people: the dialog suggests the file's name, in the downloads folder at first.
    let people =
        call(&w, "export_list", json!({ "list": "people", "format": "csv", "title": "Save the people" }));
    assert_eq!(people.unwrap(), json!(out.join("our people.csv").display().to_string()));
    let first = asked(0);
    assert_eq!(first.title, "Save the people");
    assert_eq!((first.name.as_deref(), first.kind.as_str()), (Some("people-2026-12-01.csv"), "CSV"));
    assert_eq!(first.extensions, ["csv"]);
    assert_ne!(first.folder.as_ref(), Some(&out), "nothing remembered yet");
    let text = std::fs::read_to_string(out.join("our people.csv")).unwrap();
    assert!(text.contains("name,placeholder,role,group,skills,hours_a_week,calendar,id"), "{text}");

    // The plan: the dialog opens where the last file went; a name typed bare gets its extension.
    let week = json!({ "kind": "week", "firstWeekday": 0 });
    let plan = call(
        &w,
        "export_plan",
        json!({ "firstDay": "2026-12-01", "lastDay": "2026-12-31", "period": week, "format": "xlsx", "title": "Save the plan" }),
    );
    assert_eq!(plan.unwrap(), json!(out.join("march.xlsx").display().to_string()));
    let second = asked(1);
    assert_eq!(second.folder.as_ref(), Some(&out));
    assert_eq!(
        (second.name.as_deref(), second.kind.as_str()),
        (Some("plan-2026-12-01-to-2026-12-31-by-week.xlsx"), "Excel")
    );

    // A calendar whose dialog is closed: nothing written, nothing said.
    let ics = call(
        &w,
        "export_ics",
        json!({ "firstDay": "2026-12-01", "lastDay": "2026-12-31", "lang": "en", "title": "Save the calendar" }),
    );
    assert_eq!(ics.unwrap(), json!(null));
    assert_eq!(asked(2).name.as_deref(), Some("My-team-2026-12-01-to-2026-12-31.ics"));
    assert_eq!(files(), ["march.xlsx", "our people.csv"]);

    // The report's CSV; and a bad range refused before any dialog shows.
    let report = call(
        &w,
        "save_report_csv",
        json!({ "firstDay": "2026-12-01", "lastDay": "2026-12-31", "firstWeekday": 0, "title": "Save the report" }),
    );
    assert_eq!(report.unwrap(), json!(out.join("utilisation.csv").display().to_string()));
    assert!(std::fs::read_to_string(out.join("utilisation.csv")).unwrap().contains("Alice Johnson"));
    let reversed = call(
        &w,
        "save_report_csv",
        json!({ "firstDay": "2026-12-31", "lastDay": "2026-12-01", "firstWeekday": 0, "title": "Save the report" }),
    );
    assert_eq!(reversed.unwrap_err()["code"], "range_end_before_start");
    assert_eq!(answers.asked.lock().unwrap().len(), 4);
}

#[test]
fn a_bad_range_period_or_format_is_refused_with_a_sentence() {
    let (_app, w) = window();
    let plan = |first: &str, last: &str, period: serde_json::Value, format: &str| {
        call(
            &w,
            "export_plan",
            json!({ "firstDay": first, "lastDay": last, "period": period, "format": format, "title": "Save" }),
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
    let list =
        call(&w, "export_list", json!({ "list": "invoices", "format": "csv", "title": "Save" })).unwrap_err();
    assert!(list.to_string().contains("list"), "{list}");
}

#[test]
fn a_print_asked_wrongly_is_refused_with_a_sentence() {
    let (_app, w) = window();
    let pdf = |first: &str, last: &str, zoom: &str, paper: &str| {
        call(
            &w,
            "export_pdf",
            json!({ "firstDay": first, "lastDay": last, "rows": "people", "zoom": zoom, "paper": paper, "lang": "en", "title": "Save" }),
        )
    };
    let long = pdf("2026-01-01", "2028-06-30", "month", "a4").unwrap_err();
    assert_eq!(long["code"], "report_too_long", "{long}");
    let reversed = pdf("2027-03-10", "2027-03-01", "day", "letter").unwrap_err();
    assert_eq!(reversed["code"], "range_end_before_start");
    let zoom = pdf("2027-03-01", "2027-03-10", "hour", "a4").unwrap_err();
    assert!(zoom.as_str().unwrap_or_default().contains("invalid args `zoom`"), "{zoom}");
}
