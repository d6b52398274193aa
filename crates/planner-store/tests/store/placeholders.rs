//! Placeholders: rows for roles not yet staffed. Made as a person is (the same item, marked), they
//! take bookings, travel with export and import, and their creation's record says what they are;
//! staffing one lists its bookings from a day on and the people who could take them, those with
//! its role and skills first, by their free hours on exactly those days; viewers may look.

use crate::common::*;
use planner_domain::capacity::Allocation;
use planner_domain::{
    Groups, LabelId, LabelKind, Name, Person, PersonId, PersonLabels, Role, ValidationError,
};
use planner_store::feed::{FeedAction, FeedKind};
use planner_store::{AssignmentChange, StoreError, TeamScope};

fn name(n: &str) -> Name {
    Name::parse(n).unwrap()
}

async fn placeholder(env: &TestEnv, scope: &TeamScope, n: &str) -> Person {
    env.plan().create_placeholder(scope, PersonId::generate(), name(n)).await.unwrap()
}

#[tokio::test]
async fn a_placeholder_is_a_marked_person_that_takes_bookings_and_says_what_it_is() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Placeholders").await;
    let hire = placeholder(&env, &scope, "Senior designer — to hire").await;
    assert!(hire.placeholder && !r.placeholder);
    let people = env.plan().catalog(&scope).await.unwrap().people;
    let read = people.iter().find(|x| x.id == hire.id).unwrap();
    assert_eq!(read, &hire, "read back as it was written, marked");
    assert!(!people.iter().find(|x| x.id == r.id).unwrap().placeholder);

    // The same create again (a lost answer) finds it; a person by the same id is not it.
    let again = env.plan().create_placeholder(&scope, hire.id.clone(), hire.name.clone()).await.unwrap();
    assert_eq!(again, hire);
    let person = env.plan().create_person(&scope, hire.id.clone(), hire.name.clone()).await;
    assert!(matches!(person, Err(StoreError::AlreadyExists { what: "person" })), "{person:?}");

    // It takes bookings as a person does, in the window's read.
    let booked = env.assign(&scope, &hire.id, &p.id, "2027-03-01", 5).await;
    let items = env.plan().window_items(&scope, window("2027-03-01", "2027-03-08")).await.unwrap();
    assert_eq!(items.assignments, vec![booked]);

    // Its creation's record holds it marked (the live view and the activity log read it).
    let records = env.plan().changes_since(&scope, None, 1000).await.unwrap().records;
    let created = records
        .iter()
        .find(|c| c.kind == FeedKind::Person && c.action == FeedAction::Created && c.item == hire.id.as_str())
        .unwrap();
    assert_eq!(created.after.as_ref().unwrap()["placeholder"], serde_json::json!(true));

    // A viewer adds none.
    let viewer = env.member(&scope, Role::Viewer).await;
    let refused = env.plan().create_placeholder(&viewer, PersonId::generate(), name("No")).await;
    assert!(matches!(refused, Err(StoreError::Forbidden { .. })), "{refused:?}");
}

#[tokio::test]
async fn staffing_lists_its_bookings_and_the_best_fits_first_by_free_hours_on_those_days() {
    let env = TestEnv::new().await;
    let (scope, _, p) = env.team_with_r_and_p("Staffing").await;
    let label = |kind, n: &'static str| {
        let (env, scope) = (&env, &scope);
        async move { env.plan().create_label(scope, LabelId::generate(), kind, name(n)).await.unwrap() }
    };
    let designer = label(LabelKind::Role, "Designer").await;
    let figma = label(LabelKind::Skill, "Figma").await;
    let carrying = |skills: &[&LabelId]| {
        PersonLabels::new(
            Groups::default(),
            Some(designer.id.clone()),
            skills.iter().map(|s| (*s).clone()).collect(),
        )
        .unwrap()
    };
    let hire = placeholder(&env, &scope, "Designer — to hire").await;
    env.plan().set_person_labels(&scope, &hire, carrying(&[&figma.id])).await.unwrap();
    let ann = env.person(&scope, "Ann").await;
    env.plan().set_person_labels(&scope, &ann, carrying(&[&figma.id])).await.unwrap();
    env.person(&scope, "Bo").await;
    let other = placeholder(&env, &scope, "Developer — to hire").await;

    // Wanted: Monday to Wednesday 1–3 March 2027, 8 h a day, and the week after; one before the
    // day asked from is not listed. Ann is booked 6 h a day on the first three days.
    let past = env.assign(&scope, &hire.id, &p.id, "2027-02-01", 3).await;
    let first = env.assign(&scope, &hire.id, &p.id, "2027-03-01", 3).await;
    let second = env.assign(&scope, &hire.id, &p.id, "2027-03-08", 3).await;
    let six = planner_store::NewAssignment {
        id: planner_domain::AssignmentId::generate(),
        person_id: ann.id.clone(),
        project_id: p.id.clone(),
        range: range("2027-03-01", 3),
        allocation: Allocation::HoursPerDay(360),
        status: Default::default(),
        series: None,
    };
    env.plan().create_assignment(&scope, six).await.unwrap();

    let all = env.plan().staffing(&scope, &hire.id, day("2027-03-01"), None).await.unwrap();
    assert_eq!(
        all.bookings,
        vec![first.clone(), second.clone()],
        "from the day asked, by start: {past:?} not"
    );
    assert_eq!((all.staffing.wanted, all.staffing.days), (6 * 8 * 60, 6));
    let seen: Vec<(&str, bool, u64, u64)> = all
        .staffing
        .candidates
        .iter()
        .map(|c| (c.name.as_str(), c.role_matches, c.free / 60, c.covers / 60))
        .collect();
    // Ann fits the role and skill (2 h free on each of the first three days, 8 on the others);
    // R and Bo fit neither; the other placeholder is nobody's free time.
    assert_eq!(seen, vec![("Ann", true, 30, 30), ("Bo", false, 48, 48), ("R", false, 48, 48)], "{other:?}");

    // Only the first booking chosen: only its days count.
    let one = env
        .plan()
        .staffing(&scope, &hire.id, day("2027-03-01"), Some(std::slice::from_ref(&first.id)))
        .await
        .unwrap();
    assert_eq!((one.staffing.wanted, one.staffing.days), (24 * 60, 3));
    assert_eq!((one.staffing.candidates[0].name.as_str(), one.staffing.candidates[0].free), ("Ann", 6 * 60));

    // Handed to Ann (each a move of its own): it is hers, and the placeholder has one left.
    let change = AssignmentChange {
        person_id: ann.id.clone(),
        project_id: first.project_id.clone(),
        range: first.range,
        allocation: None,
        status: None,
        series: None,
    };
    env.plan().update_assignment(&scope, &first, change).await.unwrap();
    let left = env.plan().staffing(&scope, &hire.id, day("2027-03-01"), None).await.unwrap();
    assert_eq!(left.bookings, vec![second.clone()]);

    // A booking no longer the placeholder's, a person asked as a placeholder, a viewer reading.
    let moved =
        env.plan().staffing(&scope, &hire.id, day("2027-03-01"), Some(std::slice::from_ref(&first.id))).await;
    assert!(
        matches!(moved, Err(StoreError::Invalid(ValidationError::NotPlaceholdersBooking { .. }))),
        "{moved:?}"
    );
    let person = env.plan().staffing(&scope, &ann.id, day("2027-03-01"), None).await;
    assert!(matches!(person, Err(StoreError::Invalid(ValidationError::NotPlaceholder))), "{person:?}");
    let viewer = env.member(&scope, Role::Viewer).await;
    assert!(
        env.plan().staffing(&viewer, &hire.id, day("2027-03-01"), None).await.is_ok(),
        "viewers may look"
    );
}

#[tokio::test]
async fn placeholders_travel_with_export_and_import() {
    let env = TestEnv::new().await;
    let (source, _, p) = env.team_with_r_and_p("Source").await;
    let hire = placeholder(&env, &source, "Tester — to hire").await;
    env.assign(&source, &hire.id, &p.id, "2027-03-01", 2).await;
    let file = env.transfer().export_team(&source).await.unwrap();
    let text = serde_json::to_string(&file).unwrap();
    let parsed: planner_store::transfer::TeamExport = serde_json::from_str(&text).unwrap();
    let target = env.team("Target").await;
    env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    let people = env.plan().catalog(&target).await.unwrap().people;
    let there = people.iter().find(|x| x.id == hire.id).unwrap();
    assert!(there.placeholder, "still a placeholder");
    assert_eq!(people.iter().filter(|x| x.placeholder).count(), 1, "only it");
}
