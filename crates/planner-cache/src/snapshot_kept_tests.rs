//! What this app confirmed after a read began stays over the read's answer in the copy
//! (`Kept`): holidays, which have no versions to compare.

use super::super::*;
use super::{day, team, w};
use planner_domain::Name;

/// A window read that began before a holiday was renamed or removed here, or its calendar
/// deleted, does not bring back the old state in the copy (as for assignments and time off).
#[test]
fn a_read_that_began_before_a_holiday_edit_does_not_undo_it() {
    let (cal, other) = (CalendarId::generate(), CalendarId::generate());
    let holiday = |c: &CalendarId, d: &str, name: &str| Holiday {
        calendar: c.clone(),
        day: day(d),
        name: Name::parse(name).unwrap(),
    };
    let read = vec![
        holiday(&cal, "2026-12-24", "Eve"),
        holiday(&cal, "2026-12-25", "Christmas"),
        holiday(&other, "2026-12-26", "Boxing Day"),
    ];
    let dec = w("2026-12-01", "2027-01-01");
    let found = |h: &[Holiday]| WindowItems { holidays: h.to_vec(), ..WindowItems::default() };
    let mut s = Snapshot::new(team(), vec![], vec![], dec, found(&read), "t1".into());
    // Confirmed here after the read below began: Eve removed, Christmas renamed, the other
    // calendar deleted.
    s.apply(Change::HolidayGone { calendar: cal.clone(), day: day("2026-12-24") });
    s.apply(Change::Holidays(vec![holiday(&cal, "2026-12-25", "Christmas Day")]));
    s.apply(Change::CalendarGone(other.clone()));
    let kept = Kept {
        holidays: [(cal.clone(), day("2026-12-24")), (cal.clone(), day("2026-12-25"))].into(),
        calendars_gone: [other.clone()].into(),
        ..Kept::default()
    };
    s.loaded(dec, found(&read), Some("t2".into()), &kept);
    assert_eq!(s.items_in(dec).holidays, vec![holiday(&cal, "2026-12-25", "Christmas Day")]);
    // A read that began after: what the table holds.
    s.loaded(dec, found(&read[..2]), Some("t3".into()), &Kept::default());
    assert_eq!(s.items_in(dec).holidays, read[..2].to_vec());
}
