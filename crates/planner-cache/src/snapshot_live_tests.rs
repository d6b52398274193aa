//! Others' changes from the live view applied to the offline copy (`snapshot_live.rs`).

use super::super::tests::{a, day, row, team, w};
use super::super::*;
use planner_domain::{Color, Name};

/// The live view reads the feed back for a minute, so a record can come after a newer one was
/// applied (this app's own edit, or a later record read first): it must not undo it.
#[test]
fn a_late_record_of_someone_s_edit_never_undoes_a_newer_state_in_the_copy() {
    let (r, p) = row();
    let month = w("2026-11-01", "2026-12-01");
    let mut s = Snapshot::new(team(), vec![r.clone()], vec![p.clone()], month, vec![], "t".into());
    let v1 = a(&r, &p, "2026-11-02", 3);
    let v2 = Assignment {
        range: DateRange::new(day("2026-11-09"), day("2026-11-12")).unwrap(),
        version: 2,
        ..v1.clone()
    };
    let v3 = Assignment { version: 3, ..v2.clone() };
    assert!(s.apply_live(Change::Assignment(v2.clone()), None), "an item the copy lacks comes");
    assert!(!s.apply_live(Change::Assignment(v1.clone()), None), "an older version is left out");
    assert!(!s.apply_live(Change::Assignment(v2.clone()), None), "the same one again changes nothing");
    assert_eq!(s.assignments_in(month), vec![v2.clone()]);
    // Deleted at version 2, then restored (version 3): the delete's record read late leaves it.
    s.apply(Change::Assignment(v3.clone()));
    assert!(!s.apply_live(Change::AssignmentGone(v1.id.clone()), Some(2)));
    assert_eq!(s.assignments_in(month), vec![v3.clone()]);
    assert!(s.apply_live(Change::AssignmentGone(v1.id.clone()), Some(3)), "a delete of what is held goes");
    assert!(s.assignments_in(month).is_empty());

    // People, projects, time off and calendars alike.
    let renamed = Person { name: Name::parse("Ada L.").unwrap(), version: 2, ..r.clone() };
    assert!(s.apply_live(Change::Person(renamed.clone()), None));
    assert!(!s.apply_live(Change::Person(r.clone()), None));
    assert!(!s.apply_live(Change::PersonGone(r.id.clone()), Some(1)), "renamed after that delete's version");
    assert_eq!(s.people, vec![renamed]);
    let recoloured = Project { color: Color::parse("#ff0000").unwrap(), version: 2, ..p.clone() };
    assert!(s.apply_live(Change::Project(recoloured.clone()), None));
    assert!(!s.apply_live(Change::Project(p.clone()), None));
    assert_eq!(s.projects, vec![recoloured]);
    let off = TimeOff {
        id: TimeOffId::generate(),
        person_id: r.id.clone(),
        range: DateRange::new(day("2026-11-16"), day("2026-11-18")).unwrap(),
        kind: Default::default(),
        minutes: None,
        version: 2,
    };
    assert!(s.apply_live(Change::TimeOff(off.clone()), None));
    assert!(!s.apply_live(Change::TimeOff(TimeOff { minutes: Some(120), version: 1, ..off.clone() }), None));
    assert!(!s.apply_live(Change::TimeOffGone(off.id.clone()), Some(1)));
    assert_eq!(s.time_off, vec![off.clone()]);
    assert!(s.apply_live(Change::TimeOffGone(off.id.clone()), Some(2)));
    assert!(s.time_off.is_empty());
    let cal =
        Calendar { id: CalendarId::generate(), name: Name::parse("JP").unwrap(), region: None, version: 2 };
    assert!(s.apply_live(Change::Calendar(cal.clone()), None));
    assert!(!s.apply_live(
        Change::Calendar(Calendar { name: Name::parse("Old").unwrap(), version: 1, ..cal.clone() }),
        None
    ));
    assert_eq!(s.calendars, vec![cal]);
}
