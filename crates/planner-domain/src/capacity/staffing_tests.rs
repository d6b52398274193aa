use super::*;
use crate::capacity::{Allocation, Status, TimeOffKind};
use crate::{AssignmentId, Date, LabelId, ProjectId, TimeOff, TimeOffId};

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(day(first), day(last)).unwrap()
}

fn person(name: &str, role: Option<&LabelId>, skills: &[&LabelId]) -> Person {
    let mut p = Person::new(PersonId::generate(), Name::parse(name).unwrap());
    p.labels.role = role.cloned();
    p.labels.skills = skills.iter().map(|s| (*s).clone()).collect();
    p
}

fn booking(who: &Person, range: DateRange, hours: u32) -> Assignment {
    Assignment {
        id: AssignmentId::generate(),
        person_id: who.id.clone(),
        project_id: ProjectId::generate(),
        range,
        allocation: Allocation::HoursPerDay(hours * 60),
        status: Status::Confirmed,
        version: 1,
        series: None,
    }
}

/// A placeholder for a designer with two skills wants 8 h a day Monday to Wednesday, 7–9
/// December 2026. Ann is a designer with both skills, booked 6 h those days and free on
/// Thursday; Dee is a designer with both skills, off on Tuesday; Ben a designer with one of the
/// skills, free; Cy has both skills and no role, free; another placeholder is free too.
struct Case {
    placeholder: Person,
    people: Vec<Person>,
    wanted: Assignment,
    items: WindowItems,
}

fn case() -> Case {
    let (designer, figma, react) = (LabelId::generate(), LabelId::generate(), LabelId::generate());
    let mut placeholder = person("Designer — to hire", Some(&designer), &[&figma, &react]);
    placeholder.placeholder = true;
    let ann = person("Ann", Some(&designer), &[&figma, &react]);
    let ben = person("Ben", Some(&designer), &[&react]);
    let cy = person("Cy", None, &[&figma, &react]);
    let dee = person("Dee", Some(&designer), &[&react, &figma]);
    let mut other = person("Developer — to hire", Some(&designer), &[&figma, &react]);
    other.placeholder = true;
    let wanted = booking(&placeholder, days("2026-12-07", "2026-12-09"), 8);
    let items = WindowItems {
        assignments: vec![wanted.clone(), booking(&ann, days("2026-12-07", "2026-12-09"), 6)],
        time_off: vec![TimeOff {
            id: TimeOffId::generate(),
            person_id: dee.id.clone(),
            range: days("2026-12-08", "2026-12-08"),
            kind: TimeOffKind::Holiday,
            minutes: None,
            version: 1,
        }],
        holidays: vec![],
        unreadable: vec![],
    };
    Case { people: vec![placeholder.clone(), ann, ben, cy, dee, other], placeholder, wanted, items }
}

fn staffing(c: &Case, chosen: &[&Assignment]) -> Result<Staffing, ValidationError> {
    Staffing::build(StaffingInput {
        default_week: WorkWeek::default(),
        people: &c.people,
        placeholder: &c.placeholder,
        chosen,
        items: &c.items,
    })
}

#[test]
fn the_right_role_and_skills_come_first_then_the_hours_they_cover_on_exactly_those_days() {
    let c = case();
    let s = staffing(&c, &[&c.wanted]).unwrap();
    assert_eq!((s.wanted, s.days, s.skills_wanted), (24 * 60, 3, 2));
    let seen: Vec<(&str, bool, u32, u64, u64)> = s
        .candidates
        .iter()
        .map(|x| (x.name.as_str(), x.role_matches, x.skills_matched, x.free / 60, x.covers / 60))
        .collect();
    assert_eq!(
        seen,
        vec![
            // Off on Tuesday: 16 of the 24 hours.
            ("Dee", true, 2, 16, 16),
            // Booked 6 h of her 8 on those days; her free Thursday is not one of them.
            ("Ann", true, 2, 6, 6),
            ("Ben", true, 1, 24, 24),
            ("Cy", false, 2, 24, 24),
        ],
        "no placeholder among the candidates"
    );
}

#[test]
fn a_placeholder_without_a_role_matches_nobody_by_role() {
    let mut c = case();
    c.placeholder.labels.role = None;
    let s = staffing(&c, &[&c.wanted]).unwrap();
    assert!(s.candidates.iter().all(|x| !x.role_matches));
    // Skills then hours: Cy and Dee and Ann have both skills, Cy covers most.
    let names: Vec<&str> = s.candidates.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, vec!["Cy", "Dee", "Ann", "Ben"]);
}

#[test]
fn a_booking_that_is_not_the_placeholders_is_refused_and_none_chosen_wants_nothing() {
    let c = case();
    let anns = c.items.assignments[1].clone();
    assert!(matches!(staffing(&c, &[&c.wanted, &anns]), Err(ValidationError::NotPlaceholdersBooking { .. })));
    let none = staffing(&c, &[]).unwrap();
    assert_eq!((none.wanted, none.days, none.candidates.len()), (0, 0, 0));
}
