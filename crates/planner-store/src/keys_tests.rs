//! Round trips and orderings of the keys (`keys.rs`).

use super::*;
use proptest::prelude::*;

fn day(n: i64) -> Date {
    Date::parse("2000-01-01").unwrap().add_days(n)
}

#[test]
fn spec_examples() {
    let team = TeamId::parse("team_default").unwrap();
    assert_eq!(team_pk(&team), "TEAM#team_default");
    let id = AssignmentId::parse("01HDEF").unwrap();
    assert_eq!(assignment_sk(Date::parse("2026-05-01").unwrap(), &id), "ASN#2026-05-01#01HDEF");
    let email = Email::parse("a@example.com").unwrap();
    assert_eq!(user_email_gsi(&email), "USER#email#a@example.com");
    assert_eq!(catalog_range(), ("PRJ#".to_owned(), "RES#~".to_owned()));
}

#[test]
fn the_catalog_and_the_window_read_no_saved_view() {
    let (first, last) = catalog_range();
    let view = view_sk(&ViewId::generate());
    assert!(!(first.as_str() <= view.as_str() && view.as_str() <= last.as_str()));
    assert!(views_range().0 <= view && view <= views_range().1);
    // After every other kind of a team's items: the people (RES#) end before it.
    assert!(person_sk(&PersonId::parse("zzzz").unwrap()) < views_range().0);
}

#[test]
fn the_catalog_reads_labels_and_no_name_guard() {
    let (first, last) = catalog_range();
    let within = |k: &str| first.as_str() <= k && k <= last.as_str();
    assert!(within(&label_sk(&LabelId::generate())));
    assert!(within(&labels_range().0) && within(&labels_range().1));
    for kind in LabelKind::ALL {
        assert!(!within(&label_name_sk(kind, "a")) && !within(&label_name_sk(kind, "~~~")));
        assert!(
            !(members_range().0.as_str() <= label_name_sk(kind, "a").as_str()
                && label_name_sk(kind, "a").as_str() <= members_range().1.as_str())
        );
    }
}

#[test]
fn team_sort_keys_round_trip() {
    let user = UserId::generate();
    let res = PersonId::generate();
    let prj = ProjectId::generate();
    let asn = AssignmentId::generate();
    let off = TimeOffId::generate();
    let cal = CalendarId::generate();
    let label = LabelId::generate();
    let view = ViewId::generate();
    let start = Date::parse("2026-05-01").unwrap();
    let cases = [
        (label_sk(&label), TeamItemKey::Label(label.clone())),
        (view_sk(&view), TeamItemKey::View(view.clone())),
        (label_name_sk(LabelKind::Skill, "react#native"), TeamItemKey::LabelName),
        (META.to_owned(), TeamItemKey::Meta),
        (LEVELS.to_owned(), TeamItemKey::Levels),
        (member_sk(&user), TeamItemKey::Member(user.clone())),
        (person_sk(&res), TeamItemKey::Person(res.clone())),
        (project_sk(&prj), TeamItemKey::Project(prj.clone())),
        (assignment_sk(start, &asn), TeamItemKey::Assignment { start, id: asn.clone() }),
        (long_index_sk(3, start, &asn), TeamItemKey::LongIndex { level: 3, start, id: asn.clone() }),
        (time_off_sk(start, &off), TeamItemKey::TimeOff { start, id: off.clone() }),
        (
            Series::TimeOff.index_sk(2, start, off.as_str()),
            TeamItemKey::TimeOffIndex { level: 2, start, id: off.clone() },
        ),
        (
            person_time_off_sk(&res, start, &off),
            TeamItemKey::PersonTimeOff { person: res.clone(), end: start, id: off.clone() },
        ),
        (calendar_sk(&cal), TeamItemKey::Calendar(cal.clone())),
        (holiday_sk(start, &cal), TeamItemKey::Holiday { day: start, calendar: cal.clone() }),
        (Series::Assignments.gone_sk(asn.as_str()), TeamItemKey::AssignmentGone(asn.clone())),
        (Series::TimeOff.gone_sk(off.as_str()), TeamItemKey::TimeOffGone(off.clone())),
        (gone_row_sk(&person_sk(&res)), TeamItemKey::PersonGone(res.clone())),
        (gone_row_sk(&project_sk(&prj)), TeamItemKey::ProjectGone(prj.clone())),
        (gone_row_sk(&calendar_sk(&cal)), TeamItemKey::CalendarGone(cal.clone())),
    ];
    for (key, expected) in cases {
        assert_eq!(parse_team_sk(&key).unwrap(), expected, "{key}");
    }
}

#[test]
fn partition_keys_round_trip() {
    let team = TeamId::generate();
    assert_eq!(parse_team_pk(&team_pk(&team)).unwrap(), team);
    assert_eq!(parse_team_gsi1sk(&team_gsi1sk(&team)).unwrap(), team);
    let user = UserId::generate();
    assert_eq!(parse_user_pk(&user_pk(&user)).unwrap(), user);
}

#[test]
fn refuses_foreign_keys() {
    for bad_key in [
        "",
        "ASN#",
        "ASN#2026-13-01#x",
        "ASN#2026-05-01#a~b",
        "RES#",
        "ASL#3#2026-05-01#x",
        "OFF#2026-05-01",
        "OFP#",
        "OFP#2026-05-01#x",
        "HOL#2026-05-01#",
        "CAL#a#b",
        "GONE#",
        "GONE#HOL#x",
        "GONE#CAL#",
        "GONE#RES#",
        "GONE#PRJ#a#b",
        "GONE#ASN#2026-05-01#x",
        "OTHER",
        "PTAG#",
        "PTAG#a#b",
        "NAMED#skill#",
        "NAMED#colour#red",
    ] {
        assert!(parse_team_sk(bad_key).is_err(), "{bad_key}");
    }
    assert!(parse_team_pk("TEAM#a#b").is_err());
    assert!(parse_team_pk("USER#a").is_err());
}

#[test]
fn account_parts_may_not_break_keys() {
    assert!(account_sk("entra", "abc").is_ok());
    assert!(account_sk("en#tra", "abc").is_err());
    assert!(account_gsi1sk("").is_err());
}

#[test]
fn prefixes_sort_as_documented() {
    let id = AssignmentId::generate();
    let d = Date::parse("2999-12-31").unwrap();
    let mut keys = [
        person_sk(&PersonId::generate()),
        project_sk(&ProjectId::generate()),
        member_sk(&UserId::generate()),
        META.to_owned(),
        assignment_sk(d, &id),
        LEVELS.to_owned(),
        long_index_sk(99, d, &id),
        time_off_sk(d, &TimeOffId::generate()),
        Series::TimeOff.index_sk(99, d, "x"),
        person_time_off_sk(&PersonId::generate(), d, &TimeOffId::generate()),
        calendar_sk(&CalendarId::generate()),
        holiday_sk(d, &CalendarId::generate()),
        Series::Assignments.gone_sk(id.as_str()),
    ];
    keys.sort();
    let kinds: Vec<_> = keys.iter().map(|k| &k[..3]).collect();
    assert_eq!(
        kinds,
        ["ASL", "ASL", "ASN", "CAL", "GON", "HOL", "MEM", "MET", "OFF", "OFL", "OFP", "PRJ", "RES"]
    );
    let (lo, hi) = catalog_range();
    assert!(keys[11] >= lo && keys[12] <= hi && keys[10] < lo);
}

#[test]
fn an_identity_link_is_keyed_by_the_principal_s_unique_id_and_never_meets_a_link_by_arn() {
    // What STS answers as UserId (IAM's ${aws:userid}): a role session's, an IAM user's.
    assert_eq!(
        principal_pk("AROA3XFRBF23EXAMPLE:ada@example.com").unwrap(),
        "PRINCIPAL#AROA3XFRBF23EXAMPLE:ada@example.com"
    );
    assert_eq!(principal_pk("AIDAJQABLZS4A3QDU576Q").unwrap(), "PRINCIPAL#AIDAJQABLZS4A3QDU576Q");
    // Not an id: an ARN (the key of links made before), a key separator, spaces, nothing.
    for bad in ["arn:aws:iam::1:user/a", "AROA1:a#b", "AROA1:a b", "", "aroa1:lower-first"] {
        assert!(principal_pk(bad).is_err(), "{bad:?}");
    }
    assert_eq!(
        legacy_principal_pk("arn:aws:sts::1:assumed-role/r/a").unwrap(),
        "PRINCIPAL#arn:aws:sts::1:assumed-role/r/a"
    );
    assert!(legacy_principal_pk("AIDAJQABLZS4A3QDU576Q").is_err());
}

proptest! {
    #[test]
    fn assignment_sort_keys_order_by_start_day(a in 0i64..200_000, b in 0i64..200_000) {
        let (ka, kb) = (assignment_sk(day(a), &AssignmentId::generate()), assignment_sk(day(b), &AssignmentId::generate()));
        if a < b { prop_assert!(ka < kb); }
        if a > b { prop_assert!(ka > kb); }
    }

    #[test]
    fn assignment_range_holds_exactly_its_days(first in 0i64..5000, len in 0i64..400, probe in 0i64..6000) {
        let (lo, hi) = assignment_range(day(first), day(first + len));
        let key = assignment_sk(day(probe), &AssignmentId::generate());
        let inside = probe >= first && probe <= first + len;
        prop_assert_eq!(key >= lo && key <= hi, inside);
    }
}

#[test]
fn the_start_day_is_read_back_from_each_level_of_each_series_and_from_no_other() {
    let start = Date::parse("2026-05-04").unwrap();
    for series in [Series::Assignments, Series::TimeOff] {
        assert_eq!(series.start_of(0, &series.sk(start, "x")), Some(start));
        assert_eq!(series.start_of(3, &series.index_sk(3, start, "x")), Some(start));
        assert_eq!(series.start_of(2, &series.index_sk(3, start, "x")), None, "another level");
        assert_eq!(series.start_of(0, &series.index_sk(3, start, "x")), None);
    }
    assert_eq!(Series::TimeOff.start_of(0, &Series::Assignments.sk(start, "x")), None, "another series");
    assert_eq!(Series::Assignments.start_of(0, "ASN#2026-5-4#x"), None, "no day");
}
