//! The offline copy's loads, edits and windows (`snapshot.rs`).

use super::*;
use planner_domain::{Color, Date, Name, PersonId, ProjectId, TeamId};
use proptest::prelude::*;

#[path = "snapshot_kept_tests.rs"]
mod kept;

pub(super) fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

pub(super) fn w(from: &str, to: &str) -> DateRange {
    DateRange::window(day(from), day(to)).unwrap()
}

pub(super) fn team() -> Team {
    Team {
        id: TeamId::generate(),
        name: Name::parse("T").unwrap(),
        created_at: "2026-11-30T09:00:00Z".into(),
        default_week: Default::default(),
        feed_days: Team::DEFAULT_FEED_DAYS,
    }
}

pub(super) fn row() -> (Person, Project) {
    (
        Person::new(PersonId::generate(), Name::parse("Ada").unwrap()),
        Project {
            id: ProjectId::generate(),
            name: Name::parse("P").unwrap(),
            color: Color::parse("#1f77b4").unwrap(),
            version: 1,
        },
    )
}

pub(super) fn a(r: &Person, p: &Project, start: &str, days: i64) -> Assignment {
    let start = day(start);
    Assignment {
        id: AssignmentId::generate(),
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: DateRange::new(start, start.add_days(days)).unwrap(),
        allocation: Default::default(),
        status: Default::default(),
        version: 1,
        series: None,
    }
}

#[test]
fn a_load_replaces_the_window_and_keeps_the_rest() {
    let (r, p) = row();
    let early = a(&r, &p, "2026-11-02", 3);
    let gone = a(&r, &p, "2026-12-07", 2);
    let mut s = Snapshot::new(
        team(),
        vec![r.clone()],
        vec![p.clone()],
        w("2026-11-01", "2026-12-31"),
        vec![early.clone(), gone.clone()],
        "t1".into(),
    );
    assert!(s.covers(w("2026-11-10", "2026-12-01")));
    assert!(!s.covers(w("2026-12-15", "2027-01-15")));
    // December again: `gone` was deleted by someone else; a new one appeared.
    let new = a(&r, &p, "2026-12-20", 30);
    s.loaded(w("2026-12-01", "2027-02-01"), vec![new.clone()], Some("t2".into()), &Kept::default());
    assert_eq!(s.assignments_in(w("2026-11-01", "2027-02-01")), vec![early, new]);
    assert_eq!(s.windows(), vec![w("2026-11-01", "2027-02-01")]);
    assert_eq!(s.synced_at, "t2");
}

#[test]
fn edits_and_rows_update_the_copy() {
    let (r, p) = row();
    let one = a(&r, &p, "2026-11-02", 3);
    let mut s = Snapshot::new(
        team(),
        vec![r.clone()],
        vec![p.clone()],
        w("2026-11-01", "2026-12-01"),
        vec![],
        "t".into(),
    );
    s.put(one.clone());
    let moved = Assignment {
        range: DateRange::new(day("2026-11-20"), day("2026-11-22")).unwrap(),
        version: 2,
        ..one.clone()
    };
    s.put(moved.clone());
    assert_eq!(s.assignments_in(w("2026-11-01", "2026-12-01")), vec![moved]);
    s.remove(&one.id);
    assert!(s.assignments_in(w("2026-11-01", "2026-12-01")).is_empty());
    s.put(a(&r, &p, "2026-11-05", 1));
    s.rows(vec![], vec![p.clone()], &Kept::default());
    assert!(s.assignments_in(w("2026-11-01", "2026-12-01")).is_empty(), "a deleted person's bars go");
    // One at a time, as confirmed edits bring them.
    s.put_person(r.clone());
    s.put(a(&r, &p, "2026-11-05", 1));
    let renamed = Project { name: Name::parse("Q").unwrap(), version: 2, ..p.clone() };
    s.put_project(renamed.clone());
    assert_eq!(s.projects, vec![renamed]);
    s.remove_project(&p.id);
    assert!(s.projects.is_empty() && s.assignments_in(w("2026-11-01", "2026-12-01")).is_empty());
    s.put_project(p.clone());
    s.put(a(&r, &p, "2026-11-05", 1));
    s.remove_person(&r.id);
    assert!(s.people.is_empty() && s.assignments_in(w("2026-11-01", "2026-12-01")).is_empty());
}

#[test]
fn a_change_applies_as_its_edit_does() {
    let (r, p) = row();
    let one = a(&r, &p, "2026-11-02", 3);
    let month = w("2026-11-01", "2026-12-01");
    let mut s = Snapshot::new(team(), vec![], vec![], month, vec![], "t".into());
    s.apply(Change::Person(r.clone()));
    s.apply(Change::Project(p.clone()));
    s.apply(Change::Assignment(one.clone()));
    assert_eq!((s.people.len(), s.projects.len()), (1, 1));
    assert_eq!(s.assignments_in(month), vec![one.clone()]);
    s.apply(Change::Nothing);
    s.apply(Change::AssignmentGone(one.id.clone()));
    assert!(s.assignments_in(month).is_empty());
    s.apply(Change::Assignment(one.clone()));
    s.apply(Change::ProjectGone(p.id.clone()));
    assert!(s.projects.is_empty() && s.assignments_in(month).is_empty());
    s.rows(vec![], vec![p.clone()], &Kept::default());
    assert!(s.people.is_empty() && s.projects == vec![p.clone()]);
    s.apply(Change::Person(r.clone()));
    s.apply(Change::Assignment(one));
    s.apply(Change::PersonGone(r.id.clone()));
    assert!(s.people.is_empty() && s.assignments_in(month).is_empty());
}

#[test]
fn time_off_and_holidays_are_kept_window_by_window() {
    let (r, _) = row();
    let off = |start: &str, days: i64| {
        let start = day(start);
        TimeOff {
            id: TimeOffId::generate(),
            person_id: r.id.clone(),
            range: DateRange::new(start, start.add_days(days)).unwrap(),
            kind: Default::default(),
            minutes: None,
            version: 1,
        }
    };
    let cal = CalendarId::generate();
    let holiday = |d: &str| Holiday { calendar: cal.clone(), day: day(d), name: Name::parse("H").unwrap() };
    let (nov, dec) = (off("2026-11-10", 2), off("2026-12-10", 30));
    let found = WindowItems {
        assignments: vec![],
        time_off: vec![nov.clone()],
        holidays: vec![holiday("2026-11-23")],
        unreadable: vec![],
    };
    let mut s =
        Snapshot::new(team(), vec![r.clone()], vec![], w("2026-11-01", "2026-12-01"), found, "t".into());
    let dec_found = WindowItems {
        assignments: vec![],
        time_off: vec![dec.clone()],
        holidays: vec![holiday("2026-12-25")],
        unreadable: vec![],
    };
    s.loaded(w("2026-12-01", "2027-01-01"), dec_found, None, &Kept::default());
    let all = s.items_in(w("2026-11-01", "2027-01-01"));
    assert_eq!(all.time_off, vec![nov.clone(), dec.clone()]);
    assert_eq!(all.holidays, vec![holiday("2026-11-23"), holiday("2026-12-25")]);
    // December again, the time off gone from the table: gone from the copy, November kept.
    s.loaded(w("2026-12-01", "2027-01-01"), WindowItems::default(), None, &Kept::default());
    assert_eq!(s.items_in(w("2026-11-01", "2027-01-01")).time_off, vec![nov.clone()]);
    // A holiday added on a day not loaded is left for the load that brings that day.
    s.apply(Change::Holidays(vec![holiday("2026-11-24"), holiday("2027-05-03")]));
    assert_eq!(s.items_in(w("2026-11-01", "2027-12-01")).holidays.len(), 2);
    s.apply(Change::CalendarGone(cal.clone()));
    assert!(s.items_in(w("2026-11-01", "2027-12-01")).holidays.is_empty());
    s.apply(Change::TimeOffGone(nov.id.clone()));
    assert!(s.items_in(w("2026-11-01", "2027-12-01")).time_off.is_empty());
    s.apply(Change::TimeOff(nov.clone()));
    s.remove_person(&r.id);
    assert!(
        s.items_in(w("2026-11-01", "2027-12-01")).time_off.is_empty(),
        "a deleted person's time off goes"
    );
}

#[test]
fn the_loaded_days_are_clipped_to_what_is_asked() {
    let mut s = Snapshot::new(team(), vec![], vec![], w("2026-11-01", "2026-12-01"), vec![], "t".into());
    s.loaded(w("2027-01-01", "2027-02-01"), vec![], None, &Kept::default());
    assert_eq!(
        s.loaded_in(w("2026-11-15", "2027-01-10")),
        vec![w("2026-11-15", "2026-12-01"), w("2027-01-01", "2027-01-10")]
    );
    assert!(s.loaded_in(w("2026-12-05", "2026-12-20")).is_empty());
}

proptest! {
    /// The loaded windows stay disjoint, in order, and cover exactly the days loaded.
    #[test]
    fn windows_cover_exactly_what_was_loaded(loads in prop::collection::vec((0i64..400, 1i64..60), 1..12)) {
        let base = day("2026-01-01");
        let range = |(s, n): (i64, i64)| DateRange::window(base.add_days(s), base.add_days(s + n)).unwrap();
        let mut s = Snapshot::new(team(), vec![], vec![], range(loads[0]), vec![], "t".into());
        for l in &loads[1..] {
            s.loaded(range(*l), vec![], None, &Kept::default());
        }
        for pair in s.windows().windows(2) {
            prop_assert!(pair[0].end_exclusive() < pair[1].start(), "{:?}", s.windows());
        }
        for d in 0..470 {
            let day = base.add_days(d);
            let loaded = loads.iter().any(|&(st, n)| st <= d && d < st + n);
            let one = DateRange::window(day, day.add_days(1)).unwrap();
            prop_assert_eq!(s.covers(one), loaded, "day {}", d);
        }
    }
}

proptest! {
    /// An answer put into the copy all at once holds what putting its items one by one would
    /// (each replaces the copy's item of its id, at its place by start day and id; of two with
    /// one id, the later): the one-by-one way, a scan of the copy for each item, is the reference.
    #[test]
    fn an_answer_put_at_once_is_what_putting_its_items_one_by_one_makes(
        held in prop::collection::vec((0usize..12, 0i64..60, 1u64..4), 0..30),
        answer in prop::collection::vec((0usize..12, 0i64..60, 1u64..4), 0..30),
    ) {
        let (r, p) = row();
        let ids: Vec<AssignmentId> = (0..12).map(|_| AssignmentId::generate()).collect();
        let item = |&(i, start, version): &(usize, i64, u64)| {
            let mut x = a(&r, &p, "2026-01-05", 2);
            x.id = ids[i].clone();
            x.range = DateRange::new(x.range.start().add_days(start), x.range.start().add_days(start + 2)).unwrap();
            x.version = version;
            x
        };
        let key = |x: &Assignment| (x.range.start(), x.id.clone());
        let mut list: Vec<Assignment> = Vec::new();
        for h in &held {
            let h = item(h);
            list.retain(|x| x.id != h.id);
            list.push(h);
        }
        list.sort_by_key(key);
        let mut one_by_one = list.clone();
        for x in answer.iter().map(item) {
            one_by_one.retain(|y| y.id != x.id);
            let at = one_by_one.partition_point(|y| key(y) < key(&x));
            one_by_one.insert(at, x);
        }
        let mut at_once = list;
        put_all(&mut at_once, answer.iter().map(item).collect(), |x| (x.range.start(), &x.id));
        prop_assert_eq!(at_once, one_by_one);
    }
}

#[test]
fn a_copy_of_more_than_twenty_years_of_loaded_days_reads_back() {
    // Scrolled from 2000 to 2030: the loaded days join into thirty years, more than an assignment's
    // range may span; the copy used to be discarded as damaged.
    let (r, p) = row();
    let mut s = Snapshot::new(team(), vec![r], vec![p], w("2000-01-01", "2000-02-01"), vec![], "t1".into());
    let mut from = day("2000-02-01");
    while from < day("2030-01-01") {
        let to = from.add_days(28);
        s.loaded(DateRange::window(from, to).unwrap(), vec![], Some("t1".into()), &Kept::default());
        from = to;
    }
    assert_eq!(s.windows().len(), 1);
    let json = serde_json::to_vec(&s).unwrap();
    let back: Snapshot = serde_json::from_slice(&json).expect("the copy reads back");
    assert_eq!(back, s);
}

#[test]
fn each_window_keeps_when_it_was_read_and_a_view_says_its_oldest() {
    let (r, p) = row();
    let mut s =
        Snapshot::new(team(), vec![r], vec![p], w("2026-11-01", "2026-12-01"), vec![], "09:00".into());
    s.loaded(w("2026-12-01", "2027-01-01"), vec![], Some("10:00".into()), &Kept::default());
    // November read again later, in part.
    s.loaded(w("2026-11-15", "2026-12-01"), vec![], Some("11:00".into()), &Kept::default());
    assert_eq!(s.synced_in(w("2026-11-01", "2026-11-10")), Some("09:00"));
    assert_eq!(s.synced_in(w("2026-11-20", "2026-11-25")), Some("11:00"));
    assert_eq!(s.synced_in(w("2026-11-20", "2026-12-10")), Some("10:00"), "the oldest in view");
    assert_eq!(s.synced_in(w("2027-02-01", "2027-03-01")), None);
    assert_eq!(s.windows(), vec![w("2026-11-01", "2027-01-01")]);
    assert_eq!(s.synced_at, "11:00", "the latest read");
    // An older copy (no time per window) reads back with the copy's time.
    let old = serde_json::to_string(&s).unwrap().replace(r#","syncedAt":"10:00""#, "");
    let back: Snapshot = serde_json::from_str(&old).unwrap();
    assert_eq!(back.synced_in(w("2026-12-10", "2026-12-20")), Some("11:00"));
}

#[test]
fn a_read_that_began_before_a_confirmed_edit_does_not_undo_it() {
    let (r, p) = row();
    let moved = a(&r, &p, "2026-11-02", 3);
    let deleted = a(&r, &p, "2026-11-09", 3);
    let window = w("2026-11-01", "2026-12-01");
    let mut s = Snapshot::new(
        team(),
        vec![r.clone()],
        vec![p.clone()],
        window,
        vec![moved.clone(), deleted.clone()],
        "t1".into(),
    );
    // While a read of November is under way, this app moves one bar, deletes one, makes one.
    let mut after_move = moved.clone();
    after_move.range = DateRange::new(day("2026-11-16"), day("2026-11-19")).unwrap();
    after_move.version = 2;
    let made = a(&r, &p, "2026-11-23", 2);
    s.apply(Change::Assignment(after_move.clone()));
    s.apply(Change::AssignmentGone(deleted.id.clone()));
    s.apply(Change::Assignment(made.clone()));
    let kept = Kept {
        assignments: [moved.id.clone(), deleted.id.clone(), made.id.clone()].into_iter().collect(),
        ..Kept::default()
    };
    // Its answer is what the table held when it began.
    s.loaded(window, vec![moved.clone(), deleted.clone()], Some("t2".into()), &kept);
    let mut held = s.assignments_in(window);
    held.sort_by_key(|x| x.range.start());
    assert_eq!(held, vec![after_move.clone(), made.clone()]);
    // Without the journal, the higher version still wins over an older answer.
    s.loaded(window, vec![moved.clone(), made.clone()], Some("t3".into()), &Kept::default());
    assert!(s.assignments_in(window).contains(&after_move), "{:?}", s.assignments_in(window));
}

/// People and projects read from the table while this app confirmed edits: the answer began before
/// them, so it must not undo them in the copy.
#[test]
fn rows_read_before_confirmed_edits_do_not_undo_them() {
    let (ada, p) = row();
    let grace = Person::new(PersonId::generate(), Name::parse("Grace").unwrap());
    let mut s = Snapshot::new(
        team(),
        vec![ada.clone(), grace.clone()],
        vec![p.clone()],
        w("2026-11-01", "2026-12-01"),
        vec![],
        "t".into(),
    );
    // Confirmed meanwhile: Ada renamed, Linus created with a bar, Grace deleted.
    let renamed = Person { name: Name::parse("Ada L.").unwrap(), version: 2, ..ada.clone() };
    let linus = Person::new(PersonId::generate(), Name::parse("Linus").unwrap());
    s.put_person(renamed.clone());
    s.put_person(linus.clone());
    let bar = a(&linus, &p, "2026-11-09", 2);
    s.put(bar.clone());
    s.remove_person(&grace.id);
    let kept = Kept {
        people: [ada.id.clone(), linus.id.clone()].into(),
        people_gone: [grace.id.clone()].into(),
        ..Kept::default()
    };
    // The read's answer, from before all three.
    s.rows(vec![ada.clone(), grace.clone()], vec![p.clone()], &kept);
    let mut names: Vec<_> = s.people.iter().map(|r| r.name.to_string()).collect();
    names.sort();
    assert_eq!(names, ["Ada L.", "Linus"], "the rename stays, the new person stays, the deleted stays gone");
    assert_eq!(s.assignments_in(w("2026-11-01", "2026-12-01")), vec![bar], "the new person's bar stays");

    // A teammate renamed Ada again after us (version 3): kept or not, the higher version wins.
    let theirs = Person { name: Name::parse("Ada Lovelace").unwrap(), version: 3, ..ada.clone() };
    s.rows(vec![theirs.clone(), linus.clone()], vec![p.clone()], &kept);
    assert!(s.people.contains(&theirs), "a kept edit yields to a later one: {:?}", s.people);
    s.put_person(renamed.clone());

    // Without edits since the read, the higher version still wins, and the answer otherwise.
    let older = Person { version: 1, ..renamed.clone() };
    let newer_p = Project { name: Name::parse("P2").unwrap(), version: 5, ..p.clone() };
    s.rows(vec![older, linus.clone()], vec![newer_p.clone()], &Kept::default());
    let ada_now = s.people.iter().find(|r| r.id == ada.id).unwrap();
    assert_eq!(ada_now.name.as_str(), "Ada L.", "version 2 held over an answer's version 1");
    assert_eq!(s.projects, vec![newer_p], "the answer's higher version");
}

/// A window read while this app moved a bar, then a teammate changed it again: the app's move
/// stays over the older answer, and yields to the teammate's later version.
#[test]
fn a_kept_bar_stays_over_an_older_answer_and_yields_to_a_newer_one() {
    let (r, p) = row();
    let month = w("2026-11-01", "2026-12-01");
    let one = a(&r, &p, "2026-11-02", 3);
    let mut s = Snapshot::new(team(), vec![r.clone()], vec![p.clone()], month, vec![one.clone()], "t".into());
    let moved = Assignment {
        range: DateRange::new(day("2026-11-16"), day("2026-11-19")).unwrap(),
        version: 2,
        ..one.clone()
    };
    s.put(moved.clone());
    let kept = Kept { assignments: [one.id.clone()].into(), ..Kept::default() };
    s.loaded(month, vec![one.clone()], None, &kept);
    assert_eq!(s.assignments_in(month), vec![moved.clone()], "the older answer does not undo the move");
    let theirs = Assignment {
        range: DateRange::new(day("2026-11-23"), day("2026-11-24")).unwrap(),
        version: 3,
        ..one.clone()
    };
    s.loaded(month, vec![theirs.clone()], None, &kept);
    assert_eq!(s.assignments_in(month), vec![theirs], "a teammate's later version wins");
}

/// The copy on disk keeps its names (`resources`, `resourceId`, `syncedAt`, …) whatever the code
/// calls them: a copy written by an earlier version must still read back after a rename.
#[test]
fn a_copy_is_written_with_the_file_s_names() {
    let (r, p) = row();
    let s = Snapshot::new(
        team(),
        vec![r.clone()],
        vec![p.clone()],
        w("2026-11-01", "2026-12-01"),
        vec![a(&r, &p, "2026-11-02", 3)],
        "10:00".into(),
    );
    let v = serde_json::to_value(&s).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&v),
        [
            "assignments",
            "calendars",
            "holidays",
            "labels",
            "projects",
            "resources",
            "syncedAt",
            "team",
            "timeOff",
            "windows"
        ]
    );
    assert!(v["resources"][0]["id"].is_string());
    assert_eq!(v["assignments"][0]["resourceId"], v["resources"][0]["id"]);
}

/// A total is spread over the working days of its whole range: the copy answers a window with
/// the time off and holidays of the days its totals run on, as the table's read does, and keeps
/// a holiday added there.
#[test]
fn a_window_of_the_copy_brings_the_time_off_and_holidays_its_totals_reach() {
    let (r, p) = row();
    let mut total = a(&r, &p, "2026-12-07", 12);
    total.allocation = planner_domain::capacity::Allocation::Total(900);
    let off = TimeOff {
        id: TimeOffId::generate(),
        person_id: r.id.clone(),
        range: DateRange::new(day("2026-12-17"), day("2026-12-18")).unwrap(),
        kind: Default::default(),
        minutes: None,
        version: 1,
    };
    let cal = CalendarId::generate();
    let holiday = |d: &str| Holiday { calendar: cal.clone(), day: day(d), name: Name::parse("H").unwrap() };
    let found = WindowItems {
        assignments: vec![total.clone()],
        time_off: vec![off.clone()],
        holidays: vec![holiday("2026-12-16")],
        unreadable: vec![],
    };
    let week = w("2026-12-07", "2026-12-14");
    let mut s = Snapshot::new(team(), vec![r.clone()], vec![p.clone()], week, found.clone(), "t".into());
    assert_eq!(s.items_in(week), found, "what the read brought, reach and all");
    s.apply(Change::Holidays(vec![holiday("2026-12-15"), holiday("2027-03-01")]));
    assert_eq!(s.items_in(week).holidays, vec![holiday("2026-12-15"), holiday("2026-12-16")]);
    // The week read again, the time off gone from the table: gone from the copy.
    let again = WindowItems { time_off: vec![], ..found };
    s.loaded(week, again, None, &Kept::default());
    assert!(s.items_in(week).time_off.is_empty());
}

/// A window's read brings the time off of each person over their own totals' days only: another
/// person's days off there, which the copy holds from the window it was read with, stay.
#[test]
fn a_window_s_answer_replaces_only_the_time_off_of_its_totals_people() {
    let (ann, p) = row();
    let bob = Person::new(PersonId::generate(), Name::parse("Bob").unwrap());
    let off = |who: &Person, d: &str| TimeOff {
        id: TimeOffId::generate(),
        person_id: who.id.clone(),
        range: DateRange::new(day(d), day(d).add_days(1)).unwrap(),
        kind: Default::default(),
        minutes: None,
        version: 1,
    };
    let november = w("2026-11-02", "2026-11-09");
    let (anns, bobs) = (off(&ann, "2026-11-04"), off(&bob, "2026-11-05"));
    let first = WindowItems { time_off: vec![anns.clone(), bobs.clone()], ..WindowItems::default() };
    let mut s =
        Snapshot::new(team(), vec![ann.clone(), bob.clone()], vec![p.clone()], november, first, "t".into());
    // Ann's total runs from November into the week of 12-07; the week's read brings her days
    // off in it, and (Ann's having gone from the table) not the one of 11-04; Bob's is not its.
    let mut total = a(&ann, &p, "2026-11-02", 40);
    total.allocation = planner_domain::capacity::Allocation::Total(900);
    let week = w("2026-12-07", "2026-12-14");
    s.loaded(
        week,
        WindowItems { assignments: vec![total], ..WindowItems::default() },
        None,
        &Kept::default(),
    );
    assert_eq!(s.items_in(november).time_off, vec![bobs], "Ann's day off gone, Bob's kept");
}

/// Groups, roles and skills: kept with the copy, changed and deleted by the changes that say so;
/// a copy written before them reads as having none.
#[test]
fn labels_are_kept_and_a_copy_from_before_them_reads_with_none() {
    let (r, p) = row();
    let mut s =
        Snapshot::new(team(), vec![r], vec![p], w("2026-11-01", "2026-12-01"), vec![], "10:00".into());
    let skill = planner_domain::Label {
        id: planner_domain::LabelId::parse("s1").unwrap(),
        kind: planner_domain::LabelKind::Skill,
        name: Name::parse("React").unwrap(),
        version: 1,
    };
    s.apply(Change::Label(skill.clone()));
    let renamed =
        planner_domain::Label { name: Name::parse("React.js").unwrap(), version: 2, ..skill.clone() };
    assert!(!s.apply_live(Change::Label(skill.clone()), None), "an older version is not applied");
    s.apply(Change::Label(renamed.clone()));
    assert_eq!(s.labels, vec![renamed]);
    let mut v = serde_json::to_value(&s).unwrap();
    s.apply(Change::LabelGone(skill.id.clone()));
    assert!(s.labels.is_empty());
    v.as_object_mut().unwrap().remove("labels");
    let older: Snapshot = serde_json::from_value(v).unwrap();
    assert!(older.labels.is_empty());
}
