use super::*;

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

fn id(s: &str) -> LabelId {
    LabelId::parse(s).unwrap()
}

#[test]
fn each_day_counts_in_the_group_of_that_day() {
    let g = Groups::always(Some(id("design"))).moved(Some(day("2027-02-01")), Some(id("product")));
    assert_eq!(g.on(day("2020-01-01")), Some(&id("design")));
    assert_eq!(g.on(day("2027-01-31")), Some(&id("design")));
    assert_eq!(g.on(day("2027-02-01")), Some(&id("product")), "the move's own day is the new group's");
    assert_eq!(g.on(day("2099-01-01")), Some(&id("product")));
}

#[test]
fn a_move_replaces_the_changes_on_and_after_its_day() {
    let g = Groups::always(Some(id("a")))
        .moved(Some(day("2027-03-01")), Some(id("b")))
        .moved(Some(day("2027-06-01")), Some(id("c")));
    let g = g.moved(Some(day("2027-04-01")), Some(id("d")));
    let days: Vec<Option<Date>> = g.spells().iter().map(|s| s.from).collect();
    assert_eq!(days, vec![None, Some(day("2027-03-01")), Some(day("2027-04-01"))]);
    assert_eq!(g.on(day("2027-07-01")), Some(&id("d")));
    assert_eq!(g.moved(None, Some(id("e"))).spells().len(), 1, "from the start: one group throughout");
}

#[test]
fn a_move_into_the_same_group_or_to_none_from_the_start_is_tidied_away() {
    let g = Groups::always(Some(id("a"))).moved(Some(day("2027-03-01")), Some(id("a")));
    assert_eq!(g.spells().len(), 1);
    assert_eq!(Groups::always(None), Groups::default());
    let none_first = Groups::default().moved(Some(day("2027-03-01")), Some(id("a")));
    assert_eq!(none_first.on(day("2027-02-28")), None);
    assert_eq!(none_first.on(day("2027-03-01")), Some(&id("a")));
}

#[test]
fn refuses_histories_that_do_not_start_at_the_start_or_go_back() {
    let at = |from: Option<&str>, g: &str| GroupFrom { from: from.map(day), group: Some(id(g)) };
    assert!(Groups::new(vec![at(Some("2027-01-01"), "a")]).is_err(), "nothing from the start");
    assert!(Groups::new(vec![at(None, "a"), at(None, "b")]).is_err(), "two from the start");
    assert!(
        Groups::new(vec![at(None, "a"), at(Some("2027-02-01"), "b"), at(Some("2027-01-01"), "c")]).is_err()
    );
    assert!(
        Groups::new(vec![at(None, "a"), at(Some("2027-02-01"), "b"), at(Some("2027-02-01"), "c")]).is_err()
    );
    let too_many: Vec<GroupFrom> = std::iter::once(at(None, "a"))
        .chain((0..Groups::MAX).map(|i| GroupFrom {
            from: Some(Date::parse("2027-01-01").unwrap().add_days(i as i64)),
            group: Some(id(if i % 2 == 0 { "b" } else { "a" })),
        }))
        .collect();
    assert_eq!(Groups::new(too_many), Err(ValidationError::GroupDays { max: Groups::MAX }));
    assert!(Groups::new(vec![at(None, "a"), at(Some("2027-02-01"), "b")]).is_ok());
}

#[test]
fn deleting_a_group_leaves_its_days_in_no_group() {
    let g = Groups::always(Some(id("a"))).moved(Some(day("2027-03-01")), Some(id("b")));
    let left = g.without(&id("a"));
    assert_eq!(left.on(day("2027-01-01")), None);
    assert_eq!(left.on(day("2027-03-01")), Some(&id("b")));
    assert_eq!(g.without(&id("a")).without(&id("b")), Groups::default());
}

#[test]
fn labels_are_checked_against_the_right_list() {
    let label = |i: &str, kind| Label { id: id(i), kind, name: Name::parse(i).unwrap(), version: 1 };
    let lists =
        [label("design", LabelKind::Group), label("lead", LabelKind::Role), label("react", LabelKind::Skill)];
    let ok = PersonLabels::new(Groups::always(Some(id("design"))), Some(id("lead")), [id("react")].into())
        .unwrap();
    assert_eq!(ok.check_against(&lists), Ok(()));
    let skill_as_role = PersonLabels { role: Some(id("react")), ..PersonLabels::default() };
    assert_eq!(
        skill_as_role.check_against(&lists),
        Err(ValidationError::NoSuchLabel { kind: "role", id: "react".into() })
    );
    let unknown = PersonLabels { skills: [id("cobol")].into(), ..PersonLabels::default() };
    let e = unknown.check_against(&lists).unwrap_err();
    assert_eq!(e.to_string(), "there is no skill with the id cobol in this team (it may have been deleted)");
    assert!(ok.carries(&id("react")) && !ok.without(&id("react")).carries(&id("react")));
}

#[test]
fn names_of_one_list_compare_without_case_or_width() {
    let key = |s: &str| Label::name_key(&Name::parse(s).unwrap());
    assert_eq!(key("React"), key("react"));
    assert_eq!(key("ＲＥＡＣＴ"), key("react"), "full-width letters are the same skill");
    assert_ne!(key("React"), key("Reactive"));
}

#[test]
fn an_edit_of_many_changes_only_what_it_names() {
    let before =
        PersonLabels::new(Groups::always(Some(id("a"))), Some(id("lead")), [id("x"), id("y")].into())
            .unwrap();
    let edit =
        LabelsEdit { add_skills: [id("z")].into(), remove_skills: [id("x")].into(), ..LabelsEdit::default() };
    let after = edit.apply(&before).unwrap();
    assert_eq!(after.groups, before.groups);
    assert_eq!(after.role, before.role);
    assert_eq!(after.skills, [id("y"), id("z")].into());
    let moved = LabelsEdit {
        group: Some((Some(day("2027-05-01")), Some(id("b")))),
        role: Some(None),
        ..LabelsEdit::default()
    }
    .apply(&before)
    .unwrap();
    assert_eq!(moved.groups.on(day("2027-04-30")), Some(&id("a")));
    assert_eq!(moved.groups.on(day("2027-05-01")), Some(&id("b")));
    assert_eq!(moved.role, None);
    let many: BTreeSet<LabelId> = (0..=PersonLabels::MAX_SKILLS).map(|i| id(&format!("s{i}"))).collect();
    let too_many = LabelsEdit { add_skills: many, ..LabelsEdit::default() };
    assert_eq!(
        too_many.apply(&before),
        Err(ValidationError::TooManySkills { max: PersonLabels::MAX_SKILLS })
    );
}

#[test]
fn a_person_reads_from_json_written_before_labels() {
    let p: crate::Person = serde_json::from_str(r#"{"id":"p1","name":"Ada","version":1}"#).unwrap();
    assert_eq!(p.labels, PersonLabels::default());
    let with = crate::Person {
        labels: PersonLabels::new(Groups::always(Some(id("g"))), None, [id("s")].into()).unwrap(),
        ..p
    };
    let json = serde_json::to_string(&with).unwrap();
    assert_eq!(
        json,
        r#"{"id":"p1","name":"Ada","version":1,"groups":[{"from":null,"group":"g"}],"skills":["s"]}"#
    );
    assert_eq!(serde_json::from_str::<crate::Person>(&json).unwrap(), with);
}
