use super::*;
use crate::capacity::{WorkWeek, allocation::Allocation};
use proptest::prelude::*;

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn days(first: &str, last: &str) -> DateRange {
    DateRange::from_inclusive(day(first), day(last)).unwrap()
}

fn booking(first: &str, last: &str, allocation: Allocation) -> Booking {
    Booking { range: days(first, last), allocation, status: Status::Confirmed }
}

const NONE: &[Absence] = &[];

// 2026-12-07 is a Monday; the week of the 7th to the 13th.
#[test]
fn two_half_time_projects_fill_a_day_and_do_not_overbook() {
    let schedule = Schedule::default();
    let holidays = BTreeSet::new();
    let person = Availability { schedule: &schedule, holidays: &holidays, absences: NONE };
    let week = days("2026-12-07", "2026-12-13");
    let half = [
        booking("2026-12-07", "2026-12-11", Allocation::Percent(50)),
        booking("2026-12-07", "2026-12-11", Allocation::HoursPerDay(240)),
    ];
    let loads = day_loads(&person, &half, week);
    assert!(loads[..5].iter().all(|d| d.confirmed == 480 && d.level(true) == Level::Full), "{loads:?}");
    assert!(
        loads[5..].iter().all(|d| d.capacity == 0 && d.confirmed == 0 && d.level(true) == Level::NoCapacity)
    );
    let third = [&half[..], &[booking("2026-12-09", "2026-12-09", Allocation::HoursPerDay(60))]].concat();
    let loads = day_loads(&person, &third, week);
    assert_eq!(loads[2].level(true), Level::Over, "Wednesday: 9 h of 8");
    assert_eq!(PeriodLoad::of(&loads, true).over_days, 1);
}

#[test]
fn holidays_and_time_off_take_capacity() {
    let schedule = Schedule::default();
    let holidays = BTreeSet::from([day("2026-12-08")]);
    let off = [
        Absence::whole_days(days("2026-12-10", "2026-12-10")),
        Absence::hours(days("2026-12-11", "2026-12-11"), 240).unwrap(),
    ];
    let person = Availability { schedule: &schedule, holidays: &holidays, absences: &off };
    let full = [booking("2026-12-07", "2026-12-13", Allocation::FULL_DAY)];
    let loads = day_loads(&person, &full, days("2026-12-07", "2026-12-13"));
    let cap: Vec<u32> = loads.iter().map(|d| d.capacity).collect();
    assert_eq!(cap, [480, 0, 480, 0, 240, 0, 0]);
    let booked: Vec<u32> = loads.iter().map(|d| d.confirmed).collect();
    assert_eq!(booked, [480, 0, 480, 0, 240, 0, 0], "a full day books what is left of it");
    let off: Vec<u32> = loads.iter().map(|d| d.off).collect();
    assert_eq!(off, [0, 480, 0, 480, 240, 0, 0]);
    assert!(loads.iter().all(|d| d.level(true) != Level::Over));
    // Fixed hours are not booked on a day off, but are on the half day.
    let fixed = [booking("2026-12-07", "2026-12-11", Allocation::HoursPerDay(360))];
    let loads = day_loads(&person, &fixed, days("2026-12-07", "2026-12-11"));
    assert_eq!(loads.iter().map(|d| d.confirmed).collect::<Vec<_>>(), [360, 0, 360, 0, 360]);
    assert_eq!(loads[4].level(true), Level::Over, "6 h on the afternoon left");
}

#[test]
fn a_total_is_spread_over_the_working_days_exactly() {
    let schedule = Schedule::default();
    let holidays = BTreeSet::from([day("2026-12-08")]);
    let person = Availability { schedule: &schedule, holidays: &holidays, absences: NONE };
    // 10 h over Mon–Sun with Tuesday a holiday: 4 working days, 150 minutes each.
    let b = booking("2026-12-07", "2026-12-13", Allocation::Total(600));
    let got = booked_days(&b, &person, days("2026-12-07", "2026-12-13"));
    assert_eq!(
        got,
        vec![
            (day("2026-12-07"), 150),
            (day("2026-12-09"), 150),
            (day("2026-12-10"), 150),
            (day("2026-12-11"), 150)
        ]
    );
    // 100 minutes over 3 working days: 34, 33, 33; the window sees its part of the same split.
    let b = booking("2026-12-09", "2026-12-11", Allocation::Total(100));
    assert_eq!(
        booked_days(&b, &person, days("2026-12-10", "2026-12-20")),
        vec![(day("2026-12-10"), 33), (day("2026-12-11"), 33)]
    );
    assert_eq!(booked_days(&b, &person, days("2026-12-01", "2026-12-09")), vec![(day("2026-12-09"), 34)]);
    // A weekend only: booked all the same, and so over.
    let b = booking("2026-12-12", "2026-12-13", Allocation::Total(120));
    let loads = day_loads(&person, &[b], days("2026-12-12", "2026-12-13"));
    assert_eq!(
        loads.iter().map(|d| (d.confirmed, d.level(true))).collect::<Vec<_>>(),
        [(60, Level::Over), (60, Level::Over)]
    );
}

#[test]
fn tentative_work_counts_only_when_asked() {
    let schedule = Schedule::default();
    let holidays = BTreeSet::new();
    let person = Availability { schedule: &schedule, holidays: &holidays, absences: NONE };
    let mut maybe = booking("2026-12-07", "2026-12-07", Allocation::Percent(50));
    maybe.status = Status::Tentative;
    let loads = day_loads(
        &person,
        &[booking("2026-12-07", "2026-12-07", Allocation::FULL_DAY), maybe],
        days("2026-12-07", "2026-12-07"),
    );
    assert_eq!((loads[0].confirmed, loads[0].tentative), (480, 240));
    assert_eq!(loads[0].level(false), Level::Full);
    assert_eq!(loads[0].level(true), Level::Over);
    let p = PeriodLoad::of(&loads, false);
    assert_eq!((p.percent(false), p.percent(true), p.over_days), (Some(100), Some(150), 0));
}

#[test]
fn a_part_timer_and_a_contract_change() {
    let part = WorkWeek::new([480, 480, 480, 0, 0, 0, 0]).unwrap();
    let schedule = Schedule::default().with_change(day("2026-12-09"), part).unwrap();
    let holidays = BTreeSet::new();
    let person = Availability { schedule: &schedule, holidays: &holidays, absences: NONE };
    let loads = day_loads(
        &person,
        &[booking("2026-12-07", "2026-12-11", Allocation::FULL_DAY)],
        days("2026-12-07", "2026-12-11"),
    );
    assert_eq!(loads.iter().map(|d| d.capacity).collect::<Vec<_>>(), [480, 480, 480, 0, 0]);
    let p = PeriodLoad::of(&loads, true);
    assert_eq!((p.capacity, p.booked(true), p.available(true), p.percent(true)), (1440, 1440, 0, Some(100)));
    assert_eq!(PeriodLoad::default().percent(true), None, "no capacity: no percent");
}

fn any_allocation() -> impl Strategy<Value = Allocation> {
    prop_oneof![
        (1u32..=96).prop_map(|q| Allocation::HoursPerDay(q * 15)),
        (1u8..=100).prop_map(Allocation::Percent),
        (1u32..=400).prop_map(|q| Allocation::Total(q * 15)),
    ]
}

fn any_setup() -> impl Strategy<Value = (Schedule, BTreeSet<Date>, Vec<Absence>, Vec<Booking>)> {
    let start = day("2026-11-02");
    let week = proptest::array::uniform7(prop_oneof![Just(0u32), Just(240), Just(480), Just(600)]);
    (
        week,
        proptest::collection::btree_set(0i64..60, 0..6),
        proptest::collection::vec(
            (0i64..60, 1i64..6, prop_oneof![Just(None), Just(Some(120u32)), Just(Some(240))]),
            0..4,
        ),
        proptest::collection::vec((0i64..60, 1i64..40, any_allocation(), any::<bool>()), 0..6),
    )
        .prop_map(move |(week, hol, off, book)| {
            let range = |from: i64, len: i64| {
                DateRange::new(start.add_days(from), start.add_days(from + len)).unwrap()
            };
            let schedule = Schedule::always(WorkWeek::new(week).unwrap());
            let holidays = hol.into_iter().map(|i| start.add_days(i)).collect();
            let absences = off
                .into_iter()
                .map(|(f, l, m)| {
                    m.map_or(Absence::whole_days(range(f, l)), |m| Absence::hours(range(f, l), m).unwrap())
                })
                .collect();
            let bookings = book
                .into_iter()
                .map(|(f, l, allocation, t)| Booking {
                    range: range(f, l),
                    allocation,
                    status: if t { Status::Tentative } else { Status::Confirmed },
                })
                .collect();
            (schedule, holidays, absences, bookings)
        })
}

proptest! {
    #[test]
    fn loads_do_not_depend_on_how_the_window_is_cut((schedule, holidays, absences, bookings) in any_setup(), cut in 1i64..99) {
        let person = Availability { schedule: &schedule, holidays: &holidays, absences: &absences };
        let whole = DateRange::new(day("2026-10-26"), day("2027-02-02")).unwrap();
        let at = whole.start().add_days(cut);
        let left = DateRange::new(whole.start(), at).unwrap();
        let right = DateRange::new(at, whole.end_exclusive()).unwrap();
        let joined = [day_loads(&person, &bookings, left), day_loads(&person, &bookings, right)].concat();
        prop_assert_eq!(day_loads(&person, &bookings, whole), joined);
    }

    #[test]
    fn a_total_adds_up_and_nothing_books_a_day_without_capacity_while_there_are_days_with((schedule, holidays, absences, bookings) in any_setup()) {
        let person = Availability { schedule: &schedule, holidays: &holidays, absences: &absences };
        let everything = DateRange::new(day("2026-10-01"), day("2027-03-01")).unwrap();
        for b in &bookings {
            let got = booked_days(b, &person, everything);
            let working = (0..b.range.days()).any(|i| person.capacity(b.range.start().add_days(i)) > 0);
            if let Allocation::Total(total) = b.allocation {
                prop_assert_eq!(got.iter().map(|(_, m)| *m).sum::<u32>(), total);
            }
            if working {
                prop_assert!(got.iter().all(|(d, _)| person.capacity(*d) > 0), "{:?}", got);
            }
            prop_assert!(got.iter().all(|(d, _)| b.range.contains(*d)));
        }
    }

    #[test]
    fn capacity_is_the_contract_less_what_is_off((schedule, holidays, absences, _b) in any_setup(), i in 0i64..70) {
        let person = Availability { schedule: &schedule, holidays: &holidays, absences: &absences };
        let d = day("2026-11-01").add_days(i);
        prop_assert!(person.capacity(d) <= schedule.minutes_on(d));
        prop_assert_eq!(person.capacity(d) + person.off(d), schedule.minutes_on(d));
        if holidays.contains(&d) { prop_assert_eq!(person.capacity(d), 0); }
        let none = BTreeSet::new();
        let without = Availability { schedule: &schedule, holidays: &none, absences: &[] };
        prop_assert!(person.capacity(d) <= without.capacity(d));
    }
}
