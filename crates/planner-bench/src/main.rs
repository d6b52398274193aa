//! `rp-bench`: what opening a 13-week timeline window costs as history grows (1k, 10k, 100k
//! assignments before the window), next to the original spec's full-partition load (access
//! pattern 1) and its window query as written (access pattern 4); and how many requests each edit takes.
//!
//! Figures come from the engine's own answers (`ConsumedCapacity`, `ScannedCount`, `Count`), read
//! by a hook on every request. The embedded engine reports capacity as DynamoDB does; the same
//! binary runs against any DynamoDB endpoint with `RP_BENCH_DYNAMODB_ENDPOINT` (a URL, or `aws`
//! for AWS itself with the default credential chain; a table `rp-bench-<pid>` is made there, and
//! left), though loading 100k items there costs money. Each window read is printed beside its
//! floor: the shown items' bytes ÷ 4 KB × 0.5 (`floor.rs`).
//!
//! The window's plan has time off and holidays, and the utilisation report of 500 people × 13 weeks
//! is timed next to the timeline's read of the same days (`report.rs`).
//!
//! Run: `cargo run --release -p planner-bench` (add `-- --quick` for 1k and 10k only;
//! `--people N` for another team size than 50, `--history 1000,10000` for other history sizes,
//! `--window` for the window table alone, `--live` for the live view's asks alone, `--many` for
//! moving 200 selected bookings alone, `--copy` for taking a window's answer into the offline copy).

mod copy;
mod feed;
mod floor;
mod many;
mod meter;
mod plan;
mod report;

use meter::{Meter, Totals};
use plan::{Size, plan};
use planner_domain::{Assignment, AssignmentId, Color, Date, DateRange, Name, PersonId, SystemClock};
use planner_store::window::level_of;
use planner_store::{
    AssignmentChange, Engine, MemoryAudit, NewAssignment, RemoteTable, Store, TeamScope, keys,
};
use std::sync::Arc;

/// The team's size unless `--people` says another.
const PEOPLE: usize = 50;
const WINDOW_FROM: &str = "2026-03-02";
const WINDOW_WEEKS: i64 = 13;

fn engine() -> Engine {
    match std::env::var("RP_BENCH_DYNAMODB_ENDPOINT") {
        Ok(e) if !e.is_empty() => Engine::DynamoDb(RemoteTable {
            table: format!("rp-bench-{}", std::process::id()),
            endpoint: (e != "aws").then_some(e.clone()),
            test_credentials: e != "aws" && std::env::var("AWS_ACCESS_KEY_ID").is_err(),
            ..RemoteTable::default()
        }),
        _ => Engine::Memory,
    }
}

/// What the command line asks for.
struct Options {
    people: usize,
    history: Vec<usize>,
    /// The window table alone (for a remote endpoint: the rest loads more).
    window_only: bool,
}

impl Options {
    fn parse() -> Options {
        let args: Vec<String> = std::env::args().collect();
        let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
        let quick = args.iter().any(|a| a == "--quick");
        let people = value("--people").map_or(PEOPLE, |v| v.parse().expect("--people takes a number"));
        let history = match value("--history") {
            Some(v) => {
                v.split(',').map(|h| h.parse().expect("--history takes numbers, comma-separated")).collect()
            }
            None if quick => vec![1_000, 10_000],
            None => vec![1_000, 10_000, 100_000],
        };
        Options { people, history, window_only: args.iter().any(|a| a == "--window") }
    }
}

/// The engine as the header says it (the endpoint, never credentials).
fn engine_named() -> String {
    match std::env::var("RP_BENCH_DYNAMODB_ENDPOINT") {
        Ok(e) if !e.is_empty() => format!("RP_BENCH_DYNAMODB_ENDPOINT={e}"),
        _ => "the embedded engine (in memory)".to_owned(),
    }
}

fn window_of(weeks: i64) -> DateRange {
    let from = Date::parse(WINDOW_FROM).unwrap();
    DateRange::window(from, from.add_days(weeks * 7)).unwrap()
}

struct Row {
    history: usize,
    items_in_team: usize,
    /// The bytes of the items the window shows (the floor's).
    shown_bytes: usize,
    /// Assignments in the window, time off and holidays of its reach.
    shown: (usize, usize, usize),
    ours: Totals,
    full: Totals,
    seed4: Totals,
    seed4_missed: usize,
    seed4_extra: usize,
    /// A move of an assignment from a copy someone else had changed meanwhile (refused).
    conflict: Totals,
    /// What that refusal used to read: every assignment, filtered on the id.
    conflict_before: Totals,
}

async fn measure(history: usize, people: usize) -> Row {
    let meter = Arc::new(Meter::default());
    let store = open(Some(meter.clone())).await;
    let scope = team_scope(&store).await;
    let window = window_of(WINDOW_WEEKS);
    let file = plan(Size { people, history, in_window: people * WINDOW_WEEKS as usize / 2 }, window);
    store.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    // What the window read must bring: the assignments overlapping it, and the time off and
    // holidays of its reach (the days its totals are spread over).
    let cut = planner_domain::WindowItems::cut(window, &file.assignments, &file.time_off, &file.holidays);
    let expected = (cut.assignments.len(), cut.time_off.len(), cut.holidays.len());
    let long = file.assignments.iter().filter(|a| level_of(a.range) > 0).count()
        + file.time_off.iter().filter(|t| level_of(t.range) > 0).count();
    let items_in_team = 1
        + people
        + 6
        + file.assignments.len()
        + file.time_off.len()
        + file.calendars.len()
        + file.holidays.len()
        + long;

    meter.reset();
    let timeline = store.plan().timeline(&scope, window).await.unwrap();
    let ours = meter.reset();
    let items = &timeline.items;
    assert_eq!(
        (items.assignments.len(), items.time_off.len(), items.holidays.len()),
        expected,
        "the window query must bring exactly the window's assignments and its reach's time off and holidays"
    );

    // The original access pattern 1: the whole partition, every page.
    let client = &store.connection().client;
    let table = store.connection().table.clone();
    let pk = keys::team_pk(scope.team());
    let s = |v: String| aws_sdk_dynamodb::types::AttributeValue::S(v);
    let partition = drain(
        client
            .query()
            .table_name(&table)
            .key_condition_expression("pk = :pk")
            .expression_attribute_values(":pk", s(pk.clone())),
    )
    .await;
    let full = meter.reset();
    let (shown_bytes, found, wanted) = floor::shown_bytes(&timeline, &partition);
    assert_eq!(found, wanted, "every item shown is in the partition");

    // The original access pattern 4 as written (wrong: misses assignments that began before `from`).
    let returned = drain(
        client
            .query()
            .table_name(&table)
            .key_condition_expression("pk = :pk AND sk BETWEEN :lo AND :hi")
            .filter_expression("endDateExclusive > :from")
            .expression_attribute_values(":pk", s(pk.clone()))
            .expression_attribute_values(":lo", s(format!("ASN#{}", window.start())))
            .expression_attribute_values(":hi", s(format!("ASN#{}~", window.end_exclusive())))
            .expression_attribute_values(":from", s(window.start().to_string())),
    )
    .await;
    let seed4 = meter.reset();
    let shown: std::collections::HashSet<String> =
        timeline.items.assignments.iter().map(|a| a.id.to_string()).collect();
    let got: std::collections::HashSet<String> = returned
        .iter()
        .filter_map(|i| match i.get("id") {
            Some(aws_sdk_dynamodb::types::AttributeValue::S(id)) => Some(id.clone()),
            _ => None,
        })
        .collect();
    let (conflict, conflict_before) = conflict(&store, &scope, &meter, &timeline.items.assignments).await;
    Row {
        history,
        items_in_team,
        shown_bytes,
        conflict,
        conflict_before,
        shown: expected,
        ours,
        full,
        seed4,
        seed4_missed: shown.difference(&got).count(),
        seed4_extra: got.difference(&shown).count(),
    }
}

/// A conflicting edit: someone moves an assignment of the window, then a move from the copy read
/// before fails its condition and the store finds out why (`plan/gone.rs`). Next to it, the query
/// the store made for that before it read only the item's own keys.
async fn conflict(store: &Store, scope: &TeamScope, meter: &Meter, shown: &[Assignment]) -> (Totals, Totals) {
    let a = shown.iter().find(|a| level_of(a.range) == 0).expect("a short assignment in the window");
    let to = |days: i64| many::moved(a, days);
    store.plan().update_assignment(scope, a, to(7)).await.unwrap();
    meter.reset();
    let refused = store.plan().update_assignment(scope, a, to(14)).await;
    assert!(matches!(refused, Err(planner_store::StoreError::Conflict { .. })), "{refused:?}");
    let ours = meter.reset();
    let (lo, hi) = keys::all_assignments_range();
    let s = |v: String| aws_sdk_dynamodb::types::AttributeValue::S(v);
    let found = drain(
        store
            .connection()
            .client
            .query()
            .table_name(&store.connection().table)
            .key_condition_expression("pk = :pk AND sk BETWEEN :lo AND :hi")
            .filter_expression("id = :id")
            .projection_expression("sk")
            .consistent_read(true)
            .expression_attribute_values(":pk", s(keys::team_pk(scope.team())))
            .expression_attribute_values(":lo", s(lo))
            .expression_attribute_values(":hi", s(hi))
            .expression_attribute_values(":id", s(a.id.to_string())),
    )
    .await;
    assert_eq!(found.len(), 1, "the moved assignment, found by the old query");
    (ours, meter.reset())
}

/// Runs a query over every page; returns the items.
async fn drain(
    query: aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder,
) -> Vec<std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>> {
    let query = query.return_consumed_capacity(aws_sdk_dynamodb::types::ReturnConsumedCapacity::Total);
    let (mut returned, mut start) = (Vec::new(), None);
    loop {
        let page = query.clone().set_exclusive_start_key(start).send().await.unwrap();
        returned.extend(page.items.unwrap_or_default());
        match page.last_evaluated_key {
            Some(k) if !k.is_empty() => start = Some(k),
            _ => return returned,
        }
    }
}

/// A store on the benchmark's engine (its table made if it is a server's), metered if asked.
async fn open(meter: Option<Arc<Meter>>) -> Store {
    let conn = planner_store::connect(&engine(), meter.map(|m| m as _)).await.unwrap();
    if !engine().is_embedded() {
        planner_store::engine::ensure_table(&conn.client, &conn.table).await.unwrap();
    }
    Store::new(conn, Arc::new(SystemClock), Arc::new(MemoryAudit::default()))
}

/// A new team on the store's table, as IT makes one (`rp-admin create-team`), in the operator's
/// admin scope: the same on the embedded engine and on any endpoint.
pub(crate) async fn team_scope(store: &Store) -> TeamScope {
    let id = planner_domain::UserId::generate();
    let email =
        planner_domain::Email::parse(&format!("bench-{}@example.com", id.as_str().to_lowercase())).unwrap();
    let admin = store.identity().create_user(&email, None).await.unwrap();
    let team = store.identity().create_team(&Name::parse("Bench").unwrap(), &admin.id).await.unwrap();
    store.identity().operator_scope(&team.id).await.unwrap()
}

/// Requests and write units of each kind of edit, on a small team.
async fn edits() -> Vec<(&'static str, Totals)> {
    let meter = Arc::new(Meter::default());
    let store = open(Some(meter.clone())).await;
    let scope = team_scope(&store).await;
    let file = plan(
        Size { people: PEOPLE, history: 100, in_window: PEOPLE * WINDOW_WEEKS as usize / 2 },
        window_of(13),
    );
    store.transfer().import_team(&scope, &file, &mut |_, _, _| {}).await.unwrap();
    let r = file.people[0].clone();
    let p = file.projects[0].clone();
    let mut out = Vec::new();
    let d = |s: &str| Date::parse(s).unwrap();

    meter.reset();
    let renamed =
        store.plan().rename_person(&scope, &r.id, r.version, Name::parse("Renamed").unwrap()).await.unwrap();
    out.push(("rename a person", meter.reset()));
    let _ = renamed;
    store
        .plan()
        .update_project(&scope, &p.id, p.version, None, Some(Color::parse("#112233").unwrap()))
        .await
        .unwrap();
    out.push(("recolour a project", meter.reset()));
    // Each edit as the app sends it: one assignment, from `from` for `days` days.
    let days = |from: &str, days: i64| DateRange::new(d(from), d(from).add_days(days)).unwrap();
    let (store, scope) = (&store, &scope);
    let create = |range: DateRange| {
        let (id, person_id, project_id) = (AssignmentId::generate(), r.id.clone(), p.id.clone());
        store.plan().create_assignment(
            scope,
            NewAssignment {
                id,
                person_id,
                project_id,
                range,
                allocation: Default::default(),
                status: Default::default(),
                series: None,
            },
        )
    };
    let update = |a: Assignment, person: &PersonId, range: DateRange| {
        let change = AssignmentChange {
            person_id: person.clone(),
            project_id: p.id.clone(),
            range,
            allocation: None,
            status: None,
            series: None,
        };
        async move { store.plan().update_assignment(scope, &a, change).await }
    };
    let a = create(days("2026-03-02", 5)).await.unwrap();
    out.push(("create an assignment", meter.reset()));
    let a = update(a, &r.id, days("2026-03-02", 8)).await.unwrap();
    out.push(("resize it (same start)", meter.reset()));
    let a = update(a, &file.people[1].id, days("2026-03-09", 8)).await.unwrap();
    out.push(("move it to another day and person", meter.reset()));
    store.plan().delete_assignment(scope, &a).await.unwrap();
    out.push(("delete it", meter.reset()));
    let long = create(days("2026-03-02", 183)).await.unwrap();
    out.push(("create a 6-month assignment", meter.reset()));
    store.plan().delete_assignment(scope, &long).await.unwrap();
    out.push(("delete it", meter.reset()));
    out
}

/// The live view's asks: read units per ask, and the team's day.
async fn live() {
    let meter = Arc::new(Meter::default());
    let conn = planner_store::connect(&engine(), Some(meter.clone() as _)).await.unwrap();
    if !engine().is_embedded() {
        planner_store::engine::ensure_table(&conn.client, &conn.table).await.unwrap();
    }
    let clock = planner_domain::FixedClock::new(time::OffsetDateTime::now_utc());
    let store = Store::new(conn, Arc::new(clock.clone()), Arc::new(MemoryAudit::default()))
        .with_token_pepper(b"bench-pepper".to_vec());
    let rows = feed::measure(&store, &clock, &meter).await;
    println!("\nThe live view's asks of the change feed, eventually consistent:\n");
    println!(
        "| ask | requests | read units (RU) | write units (WCU) | items read |\n|---|---:|---:|---:|---:|"
    );
    for (what, t) in &rows {
        println!(
            "| {what} | {} | {:.1} | {:.1} | {} |",
            t.requests, t.read_units, t.write_units, t.items_read
        );
    }
    let find =
        |name: &str| rows.iter().find(|(w, _)| w.contains(name)).map_or_else(Totals::default, |(_, t)| *t);
    let ru = |name: &str| find(name).read_units;
    println!();
    let costs = feed::Costs {
        quiet_ru: ru("nothing new"),
        busy_minute_ru: ru("a minute of asks"),
        retention_ru: ru("retention"),
        heartbeat_ru: ru("connection check"),
        // While the live view's asks answer, the connection check reads once a minute.
        heartbeats_per_hour: 3600.0 / planner_app::SESSION_RECHECK.as_secs_f64(),
        edit_wcu: find("10 edits made").write_units / 10.0,
    };
    for line in feed::cost_lines(&costs) {
        println!("{line}");
    }
}

#[tokio::main]
async fn main() {
    let options = Options::parse();
    if std::env::args().any(|a| a == "--live") {
        live().await;
        return;
    }
    if std::env::args().any(|a| a == "--many") {
        many::run().await;
        return;
    }
    if std::env::args().any(|a| a == "--copy") {
        copy::run().await;
        return;
    }
    println!(
        "13-week window from {WINDOW_FROM}, {} people; eventually consistent reads; engine: {}\n",
        options.people,
        engine_named()
    );
    println!(
        "| history | items in partition | shown: assignments / time off / holidays (of the reach) | ours: requests / RCU / items read | floor: shown KB / RCU | ours ÷ floor | original pattern 1, full load: requests / RCU / items read | original pattern 4 as written: RCU / missed / wrongly included |"
    );
    println!("|---:|---:|---:|---|---|---:|---|---|");
    let mut rows = Vec::new();
    for &h in &options.history {
        let row = measure(h, options.people).await;
        let floor = floor::read_units(row.shown_bytes);
        println!(
            "| {} | {} | {} / {} / {} | {} / {:.1} / {} | {:.1} / {:.1} | {:.2} | {} / {:.1} / {} | {:.1} / {} / {} |",
            row.history,
            row.items_in_team,
            row.shown.0,
            row.shown.1,
            row.shown.2,
            row.ours.requests,
            row.ours.read_units,
            row.ours.items_read,
            row.shown_bytes as f64 / 1024.0,
            floor,
            row.ours.read_units / floor,
            row.full.requests,
            row.full.read_units,
            row.full.items_read,
            row.seed4.read_units,
            row.seed4_missed,
            row.seed4_extra,
        );
        rows.push(row);
    }
    if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
        println!(
            "\nFrom {} to {} assignments of history: our window read went from {:.1} to {:.1} RCU (x{:.2}); the full-partition load from {:.1} to {:.1} RCU (x{:.1}).",
            first.history,
            last.history,
            first.ours.read_units,
            last.ours.read_units,
            last.ours.read_units / first.ours.read_units,
            first.full.read_units,
            last.full.read_units,
            last.full.read_units / first.full.read_units
        );
        println!(
            "At {} the full load costs {:.0}x our window read.",
            last.history,
            last.full.read_units / last.ours.read_units
        );
    }
    if options.window_only {
        return;
    }
    println!(
        "\nA refused edit: a move of an assignment someone else had moved since; the store reads why.\n"
    );
    println!(
        "| history | ours: requests / RCU / WCU | the history query it replaced (strong): requests / RCU / items read |"
    );
    println!("|---:|---|---|");
    for row in &rows {
        println!(
            "| {} | {} / {:.1} / {:.1} | {} / {:.1} / {} |",
            row.history,
            row.conflict.requests,
            row.conflict.read_units,
            row.conflict.write_units,
            row.conflict_before.requests,
            row.conflict_before.read_units,
            row.conflict_before.items_read,
        );
    }
    println!("\n| edit | requests | write units (WCU) |\n|---|---:|---:|");
    for (what, t) in edits().await {
        println!("| {what} | {} | {:.1} |", t.requests, t.write_units);
    }
    live().await;
    report::run().await;
}
