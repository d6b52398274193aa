//! Groups, roles and skills: the team's lists (one name each, any case or width; renamed once
//! for everyone; deleted from every person carrying them), what a person carries (a group that
//! changes on a day), many people at once with others' changes named and left alone; viewers
//! change none of it; each write carries its record; the catalog's one Query reads the lists.

use crate::common::*;
use planner_domain::{
    Groups, Label, LabelId, LabelKind, LabelsEdit, Name, Person, PersonLabels, Role, ValidationError,
};
use planner_store::feed::{FeedAction, FeedKind};
use planner_store::{StoreError, TeamScope};

fn name(n: &str) -> Name {
    Name::parse(n).unwrap()
}

async fn label(env: &TestEnv, scope: &TeamScope, kind: LabelKind, n: &str) -> Label {
    env.plan().create_label(scope, LabelId::generate(), kind, name(n)).await.unwrap()
}

fn carrying(groups: Groups, role: Option<&Label>, skills: &[&Label]) -> PersonLabels {
    PersonLabels::new(groups, role.map(|r| r.id.clone()), skills.iter().map(|s| s.id.clone()).collect())
        .unwrap()
}

async fn person_now(env: &TestEnv, scope: &TeamScope, p: &Person) -> Person {
    env.plan().catalog(scope).await.unwrap().people.into_iter().find(|x| x.id == p.id).unwrap()
}

#[tokio::test]
async fn lists_keep_one_name_each_and_a_rename_is_seen_on_every_person() {
    let env = TestEnv::new().await;
    let (scope, r, _) = env.team_with_r_and_p("Lists").await;
    let react = label(&env, &scope, LabelKind::Skill, "React").await;
    let design = label(&env, &scope, LabelKind::Group, "Design").await;
    // The same name in another list is another label; in the same list, refused in any case or width.
    label(&env, &scope, LabelKind::Group, "React").await;
    for dup in ["react", "ＲＥＡＣＴ", "  React "] {
        let e = env.plan().create_label(&scope, LabelId::generate(), LabelKind::Skill, name(dup)).await;
        assert!(
            matches!(&e, Err(StoreError::Invalid(ValidationError::DuplicateLabel { kind: "skill", .. }))),
            "{dup}: {e:?}"
        );
    }
    // Sending the same create again (a lost answer) gives the same label.
    let again = env.plan().create_label(&scope, react.id.clone(), LabelKind::Skill, name("React")).await;
    assert_eq!(again.unwrap(), react);

    let r = env
        .plan()
        .set_person_labels(&scope, &r, carrying(Groups::always(Some(design.id.clone())), None, &[&react]))
        .await
        .unwrap();
    let renamed = env.plan().rename_label(&scope, &react.id, react.version, name("React.js")).await.unwrap();
    assert_eq!(renamed.version, 2);
    let catalog = env.plan().catalog(&scope).await.unwrap();
    assert!(catalog.labels.contains(&renamed), "the catalog's one Query reads the lists");
    assert_eq!(
        catalog.people[0].labels.skills,
        [react.id.clone()].into(),
        "the person names it by id: no write"
    );
    assert_eq!(catalog.people[0].version, r.version);
    // The old name is free again; the new one taken; a stale rename is a conflict.
    label(&env, &scope, LabelKind::Skill, "React").await;
    let e = env.plan().rename_label(&scope, &design.id, design.version, name("react")).await;
    assert!(
        matches!(e, Err(StoreError::Invalid(ValidationError::DuplicateLabel { kind: "group", .. }))),
        "{e:?}"
    );
    let e = env.plan().rename_label(&scope, &react.id, renamed.version, name("REACT")).await;
    assert!(matches!(e, Err(StoreError::Invalid(ValidationError::DuplicateLabel { .. }))), "{e:?}");
    let e = env.plan().rename_label(&scope, &react.id, react.version, name("Vue")).await;
    assert!(matches!(e, Err(StoreError::Conflict { .. })), "{e:?}");
    // Its own name in another case keeps its guard.
    let cased = env.plan().rename_label(&scope, &react.id, renamed.version, name("REACT.JS")).await.unwrap();
    assert_eq!(cased.name.as_str(), "REACT.JS");
}

#[tokio::test]
async fn a_person_counts_in_the_group_of_each_day_and_labels_must_exist() {
    let env = TestEnv::new().await;
    let (scope, r, _) = env.team_with_r_and_p("Groups").await;
    let design = label(&env, &scope, LabelKind::Group, "Design").await;
    let product = label(&env, &scope, LabelKind::Group, "Product").await;
    let lead = label(&env, &scope, LabelKind::Role, "Lead").await;
    let groups =
        Groups::always(Some(design.id.clone())).moved(Some(day("2027-02-01")), Some(product.id.clone()));
    let r2 = env.plan().set_person_labels(&scope, &r, carrying(groups, Some(&lead), &[])).await.unwrap();
    assert_eq!(r2.version, r.version + 1);
    let stored = person_now(&env, &scope, &r).await;
    assert_eq!(stored, r2, "read back as written");
    assert_eq!(stored.labels.groups.on(day("2027-01-31")), Some(&design.id));
    assert_eq!(stored.labels.groups.on(day("2027-02-01")), Some(&product.id));

    // A label that does not exist, or is in another list: a sentence, and nothing changes.
    let ghost = LabelId::generate();
    let bad = PersonLabels { skills: [ghost.clone()].into(), ..r2.labels.clone() };
    let e = env.plan().set_person_labels(&scope, &r2, bad).await.unwrap_err();
    assert_eq!(e, StoreError::Invalid(ValidationError::NoSuchLabel { kind: "skill", id: ghost.to_string() }));
    let wrong_list = PersonLabels { role: Some(design.id.clone()), ..r2.labels.clone() };
    let e = env.plan().set_person_labels(&scope, &r2, wrong_list).await.unwrap_err();
    assert!(matches!(e, StoreError::Invalid(ValidationError::NoSuchLabel { kind: "role", .. })), "{e:?}");
    assert_eq!(person_now(&env, &scope, &r).await, r2);
    // A stale version: a conflict.
    let e = env.plan().set_person_labels(&scope, &r, PersonLabels::default()).await.unwrap_err();
    assert!(matches!(e, StoreError::Conflict { .. }), "{e:?}");
    // The same change sent again after a lost answer finds its own result.
    let again = env.plan().set_person_labels(&scope, &r, r2.labels.clone()).await.unwrap();
    assert_eq!(again, r2);
}

#[tokio::test]
async fn deleting_a_label_takes_it_from_everyone_carrying_it() {
    let env = TestEnv::new().await;
    let scope = env.team("Delete").await;
    let design = label(&env, &scope, LabelKind::Group, "Design").await;
    let sales = label(&env, &scope, LabelKind::Group, "Sales").await;
    let react = label(&env, &scope, LabelKind::Skill, "React").await;
    let go = label(&env, &scope, LabelKind::Skill, "Go").await;
    let mut people = Vec::new();
    // More carriers than one transaction holds with their records.
    for i in 0..60 {
        let p = env.person(&scope, &format!("P{i:02}")).await;
        let groups =
            Groups::always(Some(sales.id.clone())).moved(Some(day("2027-03-01")), Some(design.id.clone()));
        let skills: Vec<&Label> = if i % 2 == 0 { vec![&react, &go] } else { vec![&go] };
        people.push(env.plan().set_person_labels(&scope, &p, carrying(groups, None, &skills)).await.unwrap());
    }
    let bystander = env.person(&scope, "Z").await;
    let before = env.plan().changes_since(&scope, None, 1000).await.unwrap().cursor;
    assert_eq!(env.plan().delete_label(&scope, &react.id).await.unwrap(), 30);
    assert_eq!(env.plan().delete_label(&scope, &design.id).await.unwrap(), 60);
    let catalog = env.plan().catalog(&scope).await.unwrap();
    assert!(!catalog.labels.iter().any(|l| l.id == react.id || l.id == design.id));
    for p in catalog.people.iter().filter(|p| p.id != bystander.id) {
        assert_eq!(p.labels.skills, [go.id.clone()].into(), "{}", p.name);
        assert_eq!(p.labels.groups.on(day("2027-02-28")), Some(&sales.id));
        assert_eq!(p.labels.groups.on(day("2027-03-01")), None, "a deleted group's days are in no group");
    }
    assert_eq!(catalog.people.iter().find(|p| p.id == bystander.id).unwrap().version, bystander.version);
    // Each person changed has a record, and each delete one with its count.
    let records = env.plan().changes_since(&scope, before.as_deref(), 1000).await.unwrap().records;
    let people_records = records.iter().filter(|r| r.kind == FeedKind::Person).count();
    assert_eq!(people_records, 90);
    let deletes: Vec<_> = records.iter().filter(|r| r.kind == FeedKind::Label).collect();
    assert_eq!(deletes.len(), 2);
    assert!(deletes.iter().all(|r| r.action == FeedAction::Deleted));
    assert_eq!(deletes[1].summary.as_ref().unwrap()["people"], 60);
    // The name is free again; deleting what is gone succeeds and changes nothing.
    label(&env, &scope, LabelKind::Skill, "react").await;
    assert_eq!(env.plan().delete_label(&scope, &react.id).await.unwrap(), 0);
}

#[tokio::test]
async fn many_people_at_once_and_someone_elses_change_is_named_and_left() {
    let env = TestEnv::new().await;
    let scope = env.team("Many").await;
    let design = label(&env, &scope, LabelKind::Group, "Design").await;
    let lead = label(&env, &scope, LabelKind::Role, "Lead").await;
    let react = label(&env, &scope, LabelKind::Skill, "React").await;
    let mut people = Vec::new();
    for i in 0..70 {
        people.push(env.person(&scope, &format!("P{i:02}")).await);
    }
    // Someone else renames one of them after this planner read them.
    let moved =
        env.plan().rename_person(&scope, &people[7].id, people[7].version, name("Seven")).await.unwrap();
    let seen: Vec<_> = people.iter().map(|p| (p.id.clone(), p.version)).collect();
    let edit = LabelsEdit {
        group: Some((Some(day("2027-01-04")), Some(design.id.clone()))),
        role: Some(Some(lead.id.clone())),
        add_skills: [react.id.clone()].into(),
        ..LabelsEdit::default()
    };
    let done = env.plan().set_labels_many(&scope, &seen, &edit).await.unwrap();
    assert_eq!(done.conflicts, vec![people[7].id.clone()]);
    assert_eq!(done.people.len(), 69);
    let catalog = env.plan().catalog(&scope).await.unwrap();
    for p in &catalog.people {
        if p.id == moved.id {
            assert_eq!(p, &moved, "left as the other planner made it");
            continue;
        }
        assert_eq!(p.labels.groups.on(day("2027-01-03")), None);
        assert_eq!(p.labels.groups.on(day("2027-01-04")), Some(&design.id));
        assert_eq!(p.labels.role.as_ref(), Some(&lead.id));
        assert!(p.labels.skills.contains(&react.id));
    }
    // Taking a skill from them all; a skill that is not there refuses the whole change.
    let seen: Vec<_> = catalog.people.iter().map(|p| (p.id.clone(), p.version)).collect();
    let ghost = LabelId::generate();
    let bad = LabelsEdit { add_skills: [ghost.clone()].into(), ..LabelsEdit::default() };
    let e = env.plan().set_labels_many(&scope, &seen, &bad).await.unwrap_err();
    assert_eq!(e, StoreError::Invalid(ValidationError::NoSuchLabel { kind: "skill", id: ghost.to_string() }));
    assert_eq!(env.plan().catalog(&scope).await.unwrap().people, catalog.people, "nothing changed");
    let take = LabelsEdit { remove_skills: [react.id.clone()].into(), ..LabelsEdit::default() };
    let done = env.plan().set_labels_many(&scope, &seen, &take).await.unwrap();
    assert!(done.conflicts.is_empty());
    assert!(done.people.iter().all(|p| p.labels.skills.is_empty()));
    let e = env.plan().set_labels_many(&scope, &seen, &LabelsEdit::default()).await.unwrap_err();
    assert_eq!(e, StoreError::Invalid(ValidationError::NothingToChange));
}

#[tokio::test]
async fn viewers_change_none_of_it() {
    let env = TestEnv::new().await;
    let (admin, r, _) = env.team_with_r_and_p("Viewers").await;
    let skill = label(&env, &admin, LabelKind::Skill, "React").await;
    let viewer = env.member(&admin, Role::Viewer).await;
    let planner = env.member(&admin, Role::Planner).await;
    let p = env.plan();
    assert!(matches!(
        p.create_label(&viewer, LabelId::generate(), LabelKind::Skill, name("Go")).await,
        Err(StoreError::Forbidden { .. })
    ));
    assert!(matches!(
        p.rename_label(&viewer, &skill.id, 1, name("Go")).await,
        Err(StoreError::Forbidden { .. })
    ));
    assert!(matches!(p.delete_label(&viewer, &skill.id).await, Err(StoreError::Forbidden { .. })));
    let labels = carrying(Groups::default(), None, &[&skill]);
    assert!(matches!(
        p.set_person_labels(&viewer, &r, labels.clone()).await,
        Err(StoreError::Forbidden { .. })
    ));
    let edit = LabelsEdit { add_skills: [skill.id.clone()].into(), ..LabelsEdit::default() };
    assert!(matches!(
        p.set_labels_many(&viewer, &[(r.id.clone(), r.version)], &edit).await,
        Err(StoreError::Forbidden { .. })
    ));
    assert_eq!(p.labels(&viewer).await.unwrap(), vec![skill.clone()], "viewers read them");
    // Planners manage them.
    p.create_label(&planner, LabelId::generate(), LabelKind::Skill, name("Go")).await.unwrap();
    p.set_person_labels(&planner, &r, labels).await.unwrap();
}

#[tokio::test]
async fn a_label_being_deleted_is_given_to_no_one() {
    // A delete cut short after its mark: the label is no longer offered, a person cannot be given
    // it, and deleting it again finishes.
    let (env, recorder) = TestEnv::recorded().await;
    let (scope, r, _) = env.team_with_r_and_p("Cut short").await;
    let skill = label(&env, &scope, LabelKind::Skill, "React").await;
    let r =
        env.plan().set_person_labels(&scope, &r, carrying(Groups::default(), None, &[&skill])).await.unwrap();
    recorder.disconnect_after("Query", 0);
    assert!(env.plan().delete_label(&scope, &skill.id).await.is_err(), "cut after the mark");
    recorder.clear_rule();
    assert!(env.plan().catalog(&scope).await.unwrap().labels.is_empty(), "a marked label is not offered");
    let e = env.plan().set_person_labels(&scope, &r, r.labels.clone()).await.unwrap_err();
    assert!(matches!(e, StoreError::Invalid(ValidationError::NoSuchLabel { .. })), "{e:?}");
    assert_eq!(env.plan().delete_label(&scope, &skill.id).await.unwrap(), 1);
    assert!(person_now(&env, &scope, &r).await.labels.skills.is_empty());
}
