//! The exports of a local workspace: the plan's lines with the hours the rows count, its CSV
//! (byte-order mark, formulas neutralised) and its workbook read back by calamine; the lists.

use super::*;
use crate::NewAssignment;
use calamine::{Data, DataType, Reader, Xlsx};
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{
    AssignmentId, Color, Date, FixedClock, Groups, LabelId, LabelKind, Name, PersonId, PersonLabels,
    ProjectId,
};
use planner_store::{Engine, MemoryAudit};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rp-export-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves `file` in `folder` under the name it suggests, as the save dialog does when the user
/// takes it.
async fn saved(file: ToSave, folder: &Path) -> PathBuf {
    let at = folder.join(file.name());
    file.save_as(&at).await.unwrap()
}

/// The local workspace (its demo team) on 2026-12-01, and two more people: 山田 花子 (role
/// Illustrator, group Kyoto office, skill Linocut) books
/// "=HYPERLINK(…)" 4 h a day from Monday the 7th to Friday the 18th; Bo books Apollo 50 h in all
/// over the same days, tentatively.
async fn workspace() -> App {
    let clock = Arc::new(FixedClock::new(time::macros::datetime!(2026-12-01 09:00 UTC)));
    let app = App::open(Engine::Memory, Arc::new(MemoryAudit::default()), clock).await.unwrap();
    let name = |s: &str| Name::parse(s).unwrap();
    let hanako = app.create_person(PersonId::generate(), name("山田 花子")).await.unwrap();
    let bo = app.create_person(PersonId::generate(), name("Bo")).await.unwrap();
    let [designer, tokyo, figma] =
        [(LabelKind::Role, "Illustrator"), (LabelKind::Group, "Kyoto office"), (LabelKind::Skill, "Linocut")]
            .map(|(kind, n)| (kind, n, LabelId::generate()));
    for (kind, n, id) in [&designer, &tokyo, &figma] {
        app.create_label(id.clone(), *kind, name(n)).await.unwrap();
    }
    let labels = PersonLabels {
        groups: Groups::always(Some(tokyo.2.clone())),
        role: Some(designer.2.clone()),
        skills: [figma.2.clone()].into(),
    };
    app.set_person_labels(&hanako, labels).await.unwrap();
    let sneaky = app
        .create_project(ProjectId::generate(), name("=HYPERLINK(\"x\")"), Color::parse("#336699").unwrap())
        .await
        .unwrap();
    let apollo = app
        .create_project(ProjectId::generate(), name("Apollo"), Color::parse("#993366").unwrap())
        .await
        .unwrap();
    let days = DateRange::from_inclusive(day("2026-12-07"), day("2026-12-18")).unwrap();
    for (who, what, allocation, status) in [
        (&hanako.id, &sneaky.id, Allocation::HoursPerDay(240), Status::Confirmed),
        (&bo.id, &apollo.id, Allocation::Total(3000), Status::Tentative),
    ] {
        let new = NewAssignment {
            id: AssignmentId::generate(),
            person_id: who.clone(),
            project_id: what.clone(),
            range: days,
            allocation,
            status,
            series: None,
        };
        app.create_assignment(new).await.unwrap();
    }
    app
}

const WEEKS: Period = Period::Week { first_weekday: 0 };

fn two_weeks() -> DateRange {
    DateRange::from_inclusive(day("2026-12-07"), day("2026-12-20")).unwrap()
}

#[tokio::test]
async fn the_plan_as_csv_has_a_line_per_booking_and_week_and_no_formula() {
    let app = workspace().await;
    let folder = scratch();
    let file = app.export_plan(two_weeks(), WEEKS, Format::Csv).await.unwrap();
    assert_eq!((file.name(), file.kind()), ("plan-2026-12-07-to-2026-12-20-by-week.csv".into(), "CSV"));
    let path = saved(file, &folder).await;
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "a byte-order mark for Excel");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "person,placeholder,role,group,project,status,from,to,days,hours,booking_first_day,booking_last_day,booking_allocation,booking_id"
    );
    // Bo's two weeks, tentative; a total's hours add up to 50.
    let fields = |l: &str| l.split(',').map(str::to_owned).collect::<Vec<_>>();
    let bo: Vec<_> = lines[1..].iter().map(|l| fields(l)).filter(|f| f[0] == "Bo").collect();
    assert_eq!(bo.len(), 2);
    assert_eq!(
        (bo[0][5].as_str(), bo[0][6].as_str(), bo[0][7].as_str()),
        ("tentative", "2026-12-07", "2026-12-13")
    );
    let hours: f64 = bo.iter().map(|f| f[9].parse::<f64>().unwrap()).sum();
    assert!((hours - 50.0).abs() < 0.02, "{hours}");
    // The project's name starts with "=": kept as text, quoted by CSV for its quotes and comma-free.
    let hanako: Vec<&&str> = lines[1..].iter().filter(|l| l.starts_with("山田 花子")).collect();
    assert_eq!(hanako.len(), 2);
    assert!(
        hanako[0].contains(
            ",Illustrator,Kyoto office,\"'=HYPERLINK(\"\"x\"\")\",confirmed,2026-12-07,2026-12-13,7,20,"
        ),
        "{}",
        hanako[0]
    );
    // By day: another name.
    let by_day = app.export_plan(two_weeks(), Period::Day, Format::Csv).await.unwrap();
    assert_eq!(by_day.name(), "plan-2026-12-07-to-2026-12-20-by-day.csv");
}

#[tokio::test]
async fn the_plan_as_a_workbook_reads_back_with_the_lists() {
    let app = workspace().await;
    let file = app.export_plan(two_weeks(), Period::Day, Format::Xlsx).await.unwrap();
    assert_eq!(file.kind(), "Excel");
    let path = saved(file, &scratch()).await;
    let mut book: Xlsx<_> = calamine::open_workbook(&path).unwrap();
    assert_eq!(book.sheet_names(), ["Plan", "People", "Projects"]);
    let plan = book.worksheet_range("Plan").unwrap();
    let rows: Vec<&[Data]> = plan.rows().collect();
    assert_eq!(rows[0][0], Data::String("person".into()));
    // By day: Bo's 7 working days... every weekday of the two weeks (the team's week), 10 each.
    let of = |who: &str| rows[1..].iter().filter(|r| r[0] == Data::String(who.into())).count();
    assert_eq!((of("Bo"), of("山田 花子")), (10, 10));
    let first = rows[1..].iter().find(|r| r[0] == Data::String("山田 花子".into())).unwrap();
    // Text stays text (never a formula), hours are numbers, days are dates.
    assert_eq!(first[4], Data::String("=HYPERLINK(\"x\")".into()));
    assert_eq!(first[9], Data::Float(4.0));
    // A date: Excel's serial day (days since 1899-12-30).
    let Data::DateTime(from) = &first[6] else { panic!("{:?}", first[6]) };
    assert_eq!(from.as_f64(), (day("2026-12-07").epoch_day() + 25_569) as f64);
    let total: f64 = rows[1..]
        .iter()
        .filter(|r| r[0] == Data::String("Bo".into()))
        .map(|r| r[9].get_float().unwrap())
        .sum();
    assert!((total - 50.0).abs() < 0.05, "{total}");
    let people = book.worksheet_range("People").unwrap();
    let hanako = people.rows().find(|r| r[0] == Data::String("山田 花子".into())).unwrap().to_vec();
    assert_eq!(
        hanako[2..6],
        [
            Data::String("Illustrator".into()),
            Data::String("Kyoto office".into()),
            Data::String("Linocut".into()),
            Data::Float(40.0)
        ]
    );
}

#[tokio::test]
async fn the_lists_and_a_range_too_long_for_a_sentence() {
    let app = workspace().await;
    let folder = scratch();
    let people = saved(app.export_list(Listing::People, Format::Csv).await.unwrap(), &folder).await;
    assert_eq!(people.file_name().unwrap(), "people-2026-12-01.csv");
    let text = std::fs::read_to_string(&people).unwrap();
    assert!(text.contains("\r\n山田 花子,,Illustrator,Kyoto office,Linocut,40,,"), "{text}");
    let projects = saved(app.export_list(Listing::Projects, Format::Xlsx).await.unwrap(), &folder).await;
    let mut book: Xlsx<_> = calamine::open_workbook(&projects).unwrap();
    let sheet = book.worksheet_range("Projects").unwrap();
    let names: Vec<_> = sheet.rows().skip(1).map(|r| r[0].to_string()).collect();
    // By name, the demo's among them; the one named like a formula is text.
    assert!(
        names.contains(&"=HYPERLINK(\"x\")".to_string()) && names.contains(&"Apollo".to_string()),
        "{names:?}"
    );
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
    let long = DateRange::from_inclusive(day("2026-01-01"), day("2028-01-02")).unwrap();
    let Err(err) = app.export_plan(long, WEEKS, Format::Csv).await else { panic!("two years and a day") };
    assert_eq!(err.code(), crate::ErrorCode::ReportTooLong);
}

#[tokio::test]
async fn the_timeline_printed_as_a_pdf_names_its_people_in_japanese() {
    use crate::export::{Paper, Print, RowsOf, Zoom};
    let app = workspace().await;
    let folder = scratch();
    let print = Print { range: two_weeks(), rows: RowsOf::People, zoom: Zoom::Day, paper: Paper::A4 };
    let file = Box::pin(app.export_pdf(print, "ja")).await.unwrap();
    assert_eq!(file.kind(), "PDF");
    let path = saved(file, &folder).await;
    assert_eq!(path.file_name().unwrap(), "timeline-2026-12-07-to-2026-12-20.pdf");
    let text =
        std::process::Command::new("pdftotext").args(["-layout"]).arg(&path).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("山田 花子") && text.contains("=HYPERLINK(\"x\")") && text.contains("2026年12月"),
        "{text}"
    );
    let english = Box::pin(app.export_pdf(print, "en")).await.unwrap();
    assert!(english.bytes.starts_with(b"%PDF-"));
}
