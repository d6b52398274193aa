//! The plan in from a sheet through the commands, without a window: `import_preview` answers
//! each row of a Float schedule (made, skipped with its line and column) and writes nothing;
//! `import_sheet` writes it, and again changes nothing; a file that cannot be imported gets a
//! sentence; viewers cannot import.

mod common;

use common::call;
use serde_json::{Value, json};

type Win = tauri::WebviewWindow<tauri::test::MockRuntime>;

fn fixture(name: &str) -> String {
    format!("{}/crates/planner-files/fixtures/import/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn float() -> Value {
    json!({ "preset": "float", "holds": "bookings" })
}

fn whats(lines: &Value) -> Vec<(u64, String, String)> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["line"].as_u64().unwrap(),
                l["what"].as_str().unwrap().into(),
                l["thing"].as_str().unwrap().into(),
            )
        })
        .collect()
}

fn people(w: &Win) -> Vec<String> {
    let t = call(w, "open_timeline", json!({ "from": "2027-01-01", "to": "2027-02-28" })).unwrap();
    t["people"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn a_float_schedule_previewed_imported_and_again_nothing() {
    let (_app, w) = common::local_window();
    let path = fixture("float-schedule.csv");
    let preview = call(&w, "import_preview", json!({ "path": path, "options": float() })).unwrap();
    assert_eq!(preview["rows"], 6);
    assert_eq!(preview["header"][0], "Person");
    assert!(preview["columns"].as_array().unwrap().contains(&json!({ "field": "hoursPerDay", "column": 6 })));
    let lines = whats(&preview["lines"]);
    assert_eq!(lines.iter().filter(|l| l.1 == "create").count(), 11, "{lines:?}");
    assert!(!people(&w).contains(&"Aiko Tanaka".to_owned()), "a preview writes nothing");

    let done = call(
        &w,
        "import_sheet",
        json!({ "key": "i1", "path": path, "options": float(), "onProgress": "__CHANNEL__:7" }),
    )
    .unwrap();
    assert_eq!(done["end"], json!({ "kind": "written" }));
    assert!(people(&w).contains(&"Chloé Martin".to_owned()));
    let again = call(
        &w,
        "import_sheet",
        json!({ "key": "i2", "path": path, "options": float(), "onProgress": "__CHANNEL__:7" }),
    )
    .unwrap();
    assert!(whats(&again["lines"]).iter().all(|l| l.1 == "same"), "{:?}", again["lines"]);
}

#[test]
fn bad_rows_name_their_line_and_column_and_bad_files_get_a_sentence() {
    let (_app, w) = common::local_window();
    let preview =
        call(&w, "import_preview", json!({ "path": fixture("bad-rows.csv"), "options": float() })).unwrap();
    let first = &preview["lines"][0];
    assert_eq!((first["line"].as_u64(), first["what"].as_str()), (Some(2), Some("skip")));
    assert_eq!(first["column"], "Start Date");
    assert_eq!(first["reason"], "there is no day 2027-02-30: February 2027 has 28 days");

    let missing = call(&w, "import_preview", json!({ "path": "/nonexistent/plan.csv", "options": float() }))
        .unwrap_err();
    assert_eq!(missing["code"], "import_file");
    assert!(
        missing["message"].as_str().unwrap().starts_with("the file cannot be read: /nonexistent/plan.csv")
    );
    let people_file = fixture("float-people.csv");
    let wrong = call(&w, "import_preview", json!({ "path": people_file, "options": float() })).unwrap_err();
    assert_eq!(wrong["message"], "the file has no column for the project (or the time off)");
    // Columns chosen by hand: one past the file's is refused.
    let options =
        json!({ "preset": "generic", "holds": "people", "columns": [{ "field": "person", "column": 9 }] });
    let bad = call(&w, "import_preview", json!({ "path": people_file, "options": options })).unwrap_err();
    assert_eq!(bad["message"], "column 10 is not one of the file's 8 columns");
}
