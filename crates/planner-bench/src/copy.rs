//! Taking a timeline read into the offline copy (`rp-bench --copy`): what the app does with a
//! window's answer before the window sees it (`TeamCopy::timeline_read`: the copy made from the
//! answer, or the answer merged into the copy there is, then its file written), at 500, 2,500
//! and 10,000 people with the bench plan's density (about six bookings a person in a 16-week
//! window, as the launch bench's plan has: 15,722 at 2,500 people).
//!
//! Beside it, the floor: the same items cloned and sorted by start day and id, the order the
//! copy keeps them in — the least any copy that keeps them sorted must do. The file's write
//! (serialised, encrypted, written; off the async runtime in the app) is printed alone. Times
//! are the median of `RUNS` runs, in one process, each step in turn.
//!
//! Then the same answer through the app's own copy (`planner_app::TeamCopy`, its file in a
//! temporary folder, its key in a keyring in memory): what the read's answer waits for (the
//! merge in memory), and the write of the file behind it (the snapshot cloned, serialised,
//! encrypted, written), which the answer waited for as well before `86622fe`.

use crate::report::median;
use planner_cache::{CacheFile, CacheKey, Kept, Snapshot};
use planner_domain::{
    Assignment, AssignmentId, Color, Date, DateRange, Name, Person, PersonId, Project, ProjectId, Team,
    TeamId, TimeOff, TimeOffId, WindowItems,
};
use std::time::{Duration, Instant};

const RUNS: usize = 3;
const SIZES: [usize; 3] = [500, 2_500, 10_000];
/// Bookings a person has in the window, and the window's days (4 weeks back, 12 ahead).
const EACH: usize = 6;
const DAYS: i64 = 112;

struct Plan {
    team: Team,
    people: Vec<Person>,
    projects: Vec<Project>,
    window: DateRange,
    items: WindowItems,
}

fn plan(people: usize) -> Plan {
    let from = Date::parse("2026-11-09").unwrap();
    let window = DateRange::window(from, from.add_days(DAYS)).unwrap();
    let team = Team {
        id: TeamId::generate(),
        name: Name::parse("Bench").unwrap(),
        created_at: "2026-12-01T09:00:00Z".into(),
        default_week: Default::default(),
        feed_days: Team::DEFAULT_FEED_DAYS,
    };
    let projects: Vec<Project> = (0..people / 10 + 1)
        .map(|i| Project {
            id: ProjectId::generate(),
            name: Name::parse(&format!("Project {i}")).unwrap(),
            color: Color::parse("#1f77b4").unwrap(),
            version: 1,
        })
        .collect();
    let rows: Vec<Person> = (0..people)
        .map(|i| Person::new(PersonId::generate(), Name::parse(&format!("Person {i}")).unwrap()))
        .collect();
    let mut assignments = Vec::with_capacity(people * EACH);
    let mut time_off = Vec::new();
    for (i, p) in rows.iter().enumerate() {
        for k in 0..EACH {
            // Spread over the window, 1 to 10 days long, in no particular order (as pages come).
            let start = from.add_days(((i * 7 + k * 19) as i64) % (DAYS - 10));
            assignments.push(Assignment {
                id: AssignmentId::generate(),
                person_id: p.id.clone(),
                project_id: projects[(i + k) % projects.len()].id.clone(),
                range: DateRange::new(start, start.add_days(1 + ((i + k) % 10) as i64)).unwrap(),
                allocation: Default::default(),
                status: Default::default(),
                version: 1,
                series: None,
            });
        }
        if i % 3 == 0 {
            let start = from.add_days(((i * 11) as i64) % (DAYS - 5));
            time_off.push(TimeOff {
                id: TimeOffId::generate(),
                person_id: p.id.clone(),
                range: DateRange::new(start, start.add_days(2)).unwrap(),
                kind: Default::default(),
                minutes: None,
                version: 1,
            });
        }
    }
    let items = WindowItems { assignments, time_off, holidays: Vec::new(), unreadable: Vec::new() };
    Plan { team, people: rows, projects, window, items }
}

/// How long `f` took.
fn timed(f: impl FnOnce()) -> Duration {
    let t = Instant::now();
    f();
    t.elapsed()
}

pub async fn run() {
    println!(
        "A window's answer taken into the offline copy ({DAYS} days, {EACH} bookings a person); median of {RUNS} runs, ms\n"
    );
    println!(
        "| people | bookings / time off | into an empty copy | into the copy there is (the same answer again) | floor: the items cloned and sorted | first ÷ floor | again ÷ floor | the file written |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    let dir = std::env::temp_dir().join(format!("rp-bench-copy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for people in SIZES {
        let p = plan(people);
        let (mut first, mut again, mut floor, mut write) = (vec![], vec![], vec![], vec![]);
        for _ in 0..RUNS {
            let mut copy = None;
            first.push(timed(|| {
                copy = Some(Snapshot::new(
                    p.team.clone(),
                    p.people.clone(),
                    p.projects.clone(),
                    p.window,
                    p.items.clone(),
                    "2026-12-06T09:00:00Z".into(),
                ))
            }));
            let mut copy = copy.unwrap();
            again.push(timed(|| {
                copy.rows(p.people.clone(), p.projects.clone(), &Kept::default());
                copy.loaded(p.window, p.items.clone(), Some("2026-12-06T09:01:00Z".into()), &Kept::default());
            }));
            floor.push(timed(|| {
                let mut items = p.items.assignments.clone();
                items.sort_by(|a, b| (a.range.start(), &a.id).cmp(&(b.range.start(), &b.id)));
                let mut off = p.items.time_off.clone();
                off.sort_by(|a, b| (a.range.start(), &a.id).cmp(&(b.range.start(), &b.id)));
                std::hint::black_box((items, off));
            }));
            let file = CacheFile::new(dir.join(format!("{people}.bin")), CacheKey::generate(), "bench");
            write.push(timed(|| file.store(&copy).unwrap()));
            assert_eq!(
                copy.items_in(p.window).assignments.len(),
                p.items.assignments.len(),
                "the copy holds every booking of the answer once"
            );
        }
        let (first, again, floor, write) = (median(first), median(again), median(floor), median(write));
        println!(
            "| {people} | {} / {} | {first:.1} | {again:.1} | {floor:.1} | {:.1} | {:.1} | {write:.1} |",
            p.items.assignments.len(),
            p.items.time_off.len(),
            first / floor,
            again / floor,
        );
    }
    app_copy(&dir).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The second table: a window's answer through `TeamCopy`, and the file written behind it.
async fn app_copy(dir: &std::path::Path) {
    use planner_app::{Copies, Stamp};
    use std::sync::Arc;
    println!(
        "\nThe same answer through the app's copy (TeamCopy), into the copy there is; median of {RUNS} runs, ms\n"
    );
    println!(
        "| people | bookings | the answer waits: the merge | the file written behind it | the answer waited before `86622fe` (both) |"
    );
    println!("|---:|---:|---:|---:|---:|");
    for people in SIZES {
        let p = plan(people);
        let timeline = planner_store::Timeline {
            team: p.team.clone(),
            window: p.window,
            people: p.people.clone(),
            projects: p.projects.clone(),
            calendars: Vec::new(),
            labels: Vec::new(),
            items: p.items.clone(),
        };
        let copies =
            Copies::new(&dir.join(format!("app-{people}")), Arc::new(planner_auth::MemoryVault::default()));
        let user = planner_domain::UserId::generate();
        let (copy, _) = copies.team(copies.epoch(), &user, &p.team.id).await;
        let stamp = || Stamp { at: "2026-12-07T09:00:00Z".into(), began: copy.mark() };
        copy.timeline_read(&timeline, stamp()).await;
        copy.written().await;
        let (mut merged, mut written) = (vec![], vec![]);
        for _ in 0..RUNS {
            let t = Instant::now();
            copy.window_read(p.window, &p.items, stamp()).await;
            merged.push(t.elapsed());
            let t = Instant::now();
            copy.written().await;
            written.push(t.elapsed());
        }
        let (merged, written) = (median(merged), median(written));
        println!(
            "| {people} | {} | {merged:.1} | {written:.1} | {:.1} |",
            p.items.assignments.len(),
            merged + written
        );
    }
}
