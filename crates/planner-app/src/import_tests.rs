//! Imports into local workspaces: this app's export of a plan comes back the same (CSV and
//! XLSX), and again changes nothing; a sheet of 5,000 rows is written with progress, and a
//! cancel midway leaves nothing of it.

use super::*;
use crate::export::Format;
use planner_domain::capacity::Period;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{AssignmentId, Date, FixedClock};
use planner_files::import::{Holds, Preset};
use planner_store::transfer::SheetImported;
use planner_store::{Engine, MemoryAudit};
use std::collections::HashMap;
use std::sync::Arc;

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

async fn workspace() -> App {
    let clock = Arc::new(FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    App::open(Engine::Memory, Arc::new(MemoryAudit::default()), clock).await.unwrap()
}

/// The team over `range` (longer than the window's year).
async fn timeline(app: &App, range: DateRange) -> planner_store::Timeline {
    app.read(async |store, scope| store.plan().timeline(scope, range).await).await.unwrap()
}

fn ours() -> Options {
    Options { preset: Preset::Ours, holds: Holds::Bookings, mapping: None, dates: None }
}

/// Each booking of `range` by id: its person's and project's names, days, hours and status.
async fn bookings(
    app: &App,
    range: DateRange,
) -> HashMap<AssignmentId, (String, String, DateRange, Allocation, Status)> {
    let t = timeline(app, range).await;
    let person = |id| t.people.iter().find(|p| &p.id == id).unwrap().name.to_string();
    let project = |id| t.projects.iter().find(|p| &p.id == id).unwrap().name.to_string();
    t.items
        .assignments
        .iter()
        .map(|a| {
            (a.id.clone(), (person(&a.person_id), project(&a.project_id), a.range, a.allocation, a.status))
        })
        .collect()
}

#[tokio::test]
async fn the_plan_exported_comes_back_the_same_and_again_changes_nothing() {
    let from = workspace().await;
    let range = DateRange::from_inclusive(day("2026-12-01"), day("2027-01-31")).unwrap();
    let theirs = bookings(&from, range).await;
    assert!(theirs.len() > 20, "the demo's bookings: {}", theirs.len());
    for format in [Format::Csv, Format::Xlsx] {
        let bytes = from.export_plan(range, Period::Day, format).await.unwrap().bytes;

        let to = workspace().await;
        let done = to.import_sheet("import", &bytes, "plan", &ours(), |_, _| {}).await.unwrap();
        assert!(matches!(done.end, SheetImported::Written { .. }), "{format:?}: {:?}", done.end);
        assert_eq!(done.preview.count(What::Skip, None), 0, "{format:?}: {:#?}", done.preview.lines);
        // The bookings come back with their ids (the demo's own stay beside them), whatever
        // their allocation: hours a day, a share, a total.
        let ours_now = bookings(&to, range).await;
        for (id, booking) in &theirs {
            assert_eq!(ours_now.get(id), Some(booking), "{format:?}: {id}");
        }
        let again = to.import_sheet("import", &bytes, "plan", &ours(), |_, _| {}).await.unwrap();
        assert_eq!(again.end, SheetImported::Written { requests: 0 }, "{format:?}");
        assert_eq!(again.preview.count(What::Same, Some(Thing::Booking)), theirs.len(), "{format:?}");
        assert_eq!(bookings(&to, range).await, ours_now, "{format:?}: the second import changed nothing");
    }
}

/// A generic sheet of `rows` bookings: 50 people, each a week after another.
fn big_sheet(rows: usize) -> Vec<u8> {
    let mut csv = String::from("Name,Project,Start Date,End Date,Hours/Day\n");
    for i in 0..rows {
        let start = day("2027-01-04").add_days((i / 50) as i64 * 7);
        let end = start.add_days(4);
        csv.push_str(&format!("Person {},Project {},{start},{end},{}\n", i % 50, i % 7, 1 + i % 8));
    }
    csv.into_bytes()
}

#[tokio::test]
async fn five_thousand_rows_are_written_with_progress() {
    let app = workspace().await;
    let bytes = big_sheet(5_000);
    let options = Options { preset: Preset::Generic, ..ours() };
    let started = std::time::Instant::now();
    let preview = app.import_preview(&bytes, &options).await.unwrap().preview;
    let previewed = started.elapsed();
    assert_eq!(preview.count(What::Create, Some(Thing::Booking)), 5_000);
    let mut told = Vec::new();
    let done =
        app.import_sheet("big", &bytes, "big.csv", &options, |d, of| told.push((d, of))).await.unwrap();
    eprintln!("5,000 rows: preview {previewed:?}, preview and write {:?}", started.elapsed() - previewed);
    assert!(matches!(done.end, SheetImported::Written { .. }), "{:?}", done.end);
    let total = 5_000 + 50 + 7;
    assert!(told.len() > 50 && told.iter().all(|&(_, of)| of == total), "{} calls", told.len());
    assert!(told.windows(2).all(|w| w[0].0 <= w[1].0) && told.last() == Some(&(total, total)));
    let span = DateRange::from_inclusive(day("2027-01-04"), day("2028-12-31")).unwrap();
    let t = timeline(&app, span).await;
    let imported =
        t.items.assignments.iter().filter(|a| {
            t.people.iter().any(|p| p.id == a.person_id && p.name.as_str().starts_with("Person "))
        });
    assert_eq!(imported.count(), 5_000);
}

#[tokio::test]
async fn a_cancel_midway_leaves_nothing_of_the_sheet() {
    let app = workspace().await;
    let bytes = big_sheet(3_000);
    let options = Options { preset: Preset::Generic, ..ours() };
    let span = DateRange::from_inclusive(day("2026-12-01"), day("2028-12-31")).unwrap();
    let before = bookings(&app, span).await;
    let done = app
        .import_sheet("big", &bytes, "big.csv", &options, |d, _| {
            if d >= 1_000 {
                assert!(app.cancel_edit("big"));
            }
        })
        .await
        .unwrap();
    assert_eq!(done.end, SheetImported::Undone { reason: None });
    assert_eq!(bookings(&app, span).await, before);
    let people = timeline(&app, span).await.people;
    assert!(people.iter().all(|p| !p.name.as_str().starts_with("Person ")));
}

/// Each person's role, group today and skills, by name.
async fn carried(app: &App) -> HashMap<String, (Option<String>, Option<String>, Vec<String>)> {
    let today = day("2026-12-01");
    let t = timeline(app, DateRange::new(today, today.add_days(1)).unwrap()).await;
    let of = |id: &planner_domain::LabelId| t.labels.iter().find(|l| l.id == *id).unwrap().name.to_string();
    t.people
        .iter()
        .map(|p| {
            let mut skills: Vec<String> = p.labels.skills.iter().map(of).collect();
            skills.sort();
            (p.name.to_string(), (p.labels.role.as_ref().map(of), p.labels.groups.on(today).map(of), skills))
        })
        .collect()
}

#[tokio::test]
async fn the_people_list_exported_gives_back_roles_groups_and_skills() {
    use crate::export::Listing;
    let from = workspace().await;
    let theirs = carried(&from).await;
    assert!(
        theirs.values().filter(|(role, group, _)| role.is_some() && group.is_some()).count() >= 10,
        "{theirs:?}"
    );
    for format in [Format::Csv, Format::Xlsx] {
        let bytes = from.export_list(Listing::People, format).await.unwrap().bytes;
        // The same people, carrying nothing.
        let to = workspace().await;
        let today = day("2026-12-01");
        let t = timeline(&to, DateRange::new(today, today.add_days(1)).unwrap()).await;
        for p in &t.people {
            to.set_person_labels(p, planner_domain::PersonLabels::default()).await.unwrap();
        }
        let people = Options { preset: Preset::Ours, holds: Holds::People, mapping: None, dates: None };
        let done = to.import_sheet("import", &bytes, "people.csv", &people, |_, _| {}).await.unwrap();
        assert!(matches!(done.end, SheetImported::Written { .. }), "{format:?}: {:?}", done.end);
        assert_eq!(carried(&to).await, theirs, "{format:?}");
        let again = to.import_sheet("import", &bytes, "people.csv", &people, |_, _| {}).await.unwrap();
        assert_eq!(
            again.end,
            SheetImported::Written { requests: 0 },
            "{format:?}: {:#?}",
            again.preview.lines
        );
    }
}
