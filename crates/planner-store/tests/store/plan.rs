//! Store tests of the plan's access patterns (docs/data-model.md, access patterns 2–8) and of
//! the updates the UI needs (11, 12).

use crate::common::*;
use planner_domain::{AssignmentId, Color, Name, PersonId, ProjectId};
use planner_store::engine::hooks::Before;
use planner_store::{AssignmentChange, AssignmentRef, NewAssignment, StoreError};

#[tokio::test]
async fn people_and_projects_are_created_listed_and_renamed() {
    let env = TestEnv::new().await;
    let scope = env.team("Plan team").await;
    let taro = env.person(&scope, "山田 太郎").await;
    let alice = env.person(&scope, "Alice").await;
    let acme = env.project(&scope, "Acme").await;

    let people = env.plan().list_people(&scope).await.unwrap();
    assert_eq!(people.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["Alice", "山田 太郎"]);
    assert_eq!(env.plan().list_projects(&scope).await.unwrap(), vec![acme.clone()]);

    let renamed = env
        .plan()
        .rename_person(&scope, &taro.id, taro.version, Name::parse("山田 太郎 (PM)").unwrap())
        .await
        .unwrap();
    assert_eq!(renamed.version, taro.version + 1);
    assert_eq!(renamed.name.as_str(), "山田 太郎 (PM)");

    let recoloured = env
        .plan()
        .update_project(&scope, &acme.id, acme.version, None, Some(Color::parse("#ff0000").unwrap()))
        .await
        .unwrap();
    assert_eq!(recoloured.color.to_string(), "#FF0000");
    assert_eq!(recoloured.name, acme.name);

    let catalog = env.plan().catalog(&scope).await.unwrap();
    assert_eq!(catalog.people.len(), 2);
    assert!(catalog.people.contains(&alice));
    assert_eq!(catalog.projects, vec![recoloured]);
}

#[tokio::test]
async fn a_stale_rename_is_a_conflict_not_an_overwrite() {
    let env = TestEnv::new().await;
    let scope = env.team("Conflicts").await;
    let r = env.person(&scope, "Ben").await;
    env.plan().rename_person(&scope, &r.id, r.version, Name::parse("Ben C.").unwrap()).await.unwrap();
    let stale = env.plan().rename_person(&scope, &r.id, r.version, Name::parse("Benjamin").unwrap()).await;
    assert!(matches!(stale, Err(StoreError::Conflict { .. })), "{stale:?}");
    let missing =
        env.plan().rename_person(&scope, &PersonId::generate(), 1, Name::parse("Nobody").unwrap()).await;
    assert!(matches!(missing, Err(StoreError::NotFound { .. })), "{missing:?}");
    assert_eq!(env.plan().list_people(&scope).await.unwrap()[0].name.as_str(), "Ben C.");
}

#[tokio::test]
async fn creates_are_retry_safe() {
    let (env, recorder) = TestEnv::recorded().await;
    let scope = env.team("Retries").await;
    let r = env.person(&scope, "Chloe").await;
    let p = env.project(&scope, "Globex").await;

    // The first answer is lost after the write landed; the SDK's retry (same body, same
    // ClientRequestToken) and our own "was it us?" check make the create succeed once.
    let mut lost = 0;
    recorder.set_rule(move |op, _| {
        if op == "TransactWriteItems" && lost == 0 {
            lost += 1;
            Before::LoseResponse
        } else {
            Before::Forward
        }
    });
    let new = NewAssignment {
        id: AssignmentId::generate(),
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-05-04", 5),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    let created = env.plan().create_assignment(&scope, new.clone()).await.unwrap();
    recorder.clear_rule();
    // A second, explicit retry of the same create is recognised too.
    assert_eq!(env.plan().create_assignment(&scope, new.clone()).await.unwrap(), created);
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![created.clone()]);

    // The same id with other content is not a retry.
    let other = NewAssignment { range: range("2026-05-04", 6), ..new };
    assert!(matches!(
        env.plan().create_assignment(&scope, other).await,
        Err(StoreError::AlreadyExists { .. })
    ));

    // Same for people and projects.
    let id = PersonId::generate();
    let a = env.plan().create_person(&scope, id.clone(), Name::parse("Dana").unwrap()).await.unwrap();
    let again = env.plan().create_person(&scope, id.clone(), Name::parse("Dana").unwrap()).await.unwrap();
    assert_eq!(a, again);
    assert!(matches!(
        env.plan().create_person(&scope, id, Name::parse("Someone else").unwrap()).await,
        Err(StoreError::AlreadyExists { .. })
    ));
}

#[tokio::test]
async fn a_change_or_delete_sent_again_after_its_answer_was_lost_is_done_once() {
    let env = TestEnv::new().await;
    let scope = env.team("Edge").await;
    let r = env.person(&scope, "Hana").await;
    let p = env.project(&scope, "Hooli").await;
    let a = env.assign(&scope, &r.id, &p.id, "2026-05-04", 5).await;
    let change = |start: &str, days| AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range(start, days),
        allocation: None,
        status: None,
        series: None,
    };
    for (start, days) in [("2026-05-04", 7), ("2026-05-11", 7)] {
        // Resized in place, then moved to another start (another key): both retried as is.
        let current = env.plan().all_assignments(&scope).await.unwrap().remove(0);
        let first = env.plan().update_assignment(&scope, &current, change(start, days)).await.unwrap();
        let again = env.plan().update_assignment(&scope, &current, change(start, days)).await.unwrap();
        assert_eq!(first, again);
        assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![first.clone()]);
        // A different change from the same old version is still a conflict.
        let other = env.plan().update_assignment(&scope, &current, change("2026-06-01", 2)).await;
        assert!(matches!(other, Err(StoreError::Conflict { .. })), "{other:?}");
    }
    let last = env.plan().all_assignments(&scope).await.unwrap().remove(0);
    assert_ne!(last, a);
    env.plan().delete_assignment(&scope, &last).await.unwrap();
    env.plan().delete_assignment(&scope, &last).await.unwrap();
    assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
}

#[tokio::test]
async fn an_assignment_needs_an_existing_person_and_project() {
    let env = TestEnv::new().await;
    let scope = env.team("Integrity").await;
    let r = env.person(&scope, "Emma").await;
    let p = env.project(&scope, "Initech").await;
    let attempt = |person_id: PersonId, project_id: ProjectId| NewAssignment {
        id: AssignmentId::generate(),
        person_id,
        project_id,
        range: range("2026-05-04", 3),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    let no_person = env.plan().create_assignment(&scope, attempt(PersonId::generate(), p.id.clone())).await;
    assert!(matches!(no_person, Err(StoreError::ParentGone { what: "person" })), "{no_person:?}");
    let no_project = env.plan().create_assignment(&scope, attempt(r.id.clone(), ProjectId::generate())).await;
    assert!(matches!(no_project, Err(StoreError::ParentGone { what: "project" })), "{no_project:?}");
    assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
}

#[tokio::test]
async fn moving_resizing_and_reassigning_keep_one_item_and_detect_conflicts() {
    let env = TestEnv::new().await;
    let scope = env.team("Edits").await;
    let r1 = env.person(&scope, "Frank").await;
    let r2 = env.person(&scope, "Grace").await;
    let p1 = env.project(&scope, "Umbrella").await;
    let p2 = env.project(&scope, "Stark").await;
    let a = env.assign(&scope, &r1.id, &p1.id, "2026-05-04", 5).await;

    // Resize (same start: same sort key).
    let resized = env
        .plan()
        .update_assignment(
            &scope,
            &a,
            AssignmentChange {
                person_id: r1.id.clone(),
                project_id: p1.id.clone(),
                range: range("2026-05-04", 10),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(resized.version, 2);
    // Move to another start day and person and project (new sort key) and make it long.
    let moved = env
        .plan()
        .update_assignment(
            &scope,
            &resized,
            AssignmentChange {
                person_id: r2.id.clone(),
                project_id: p2.id.clone(),
                range: range("2026-03-02", 120),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![moved.clone()]);
    assert!(env.plan().get_assignment(&scope, &AssignmentRef::from(&a)).await.unwrap().is_none());
    // The long one is found from a window far from its start.
    let found = env.plan().assignments_in_window(&scope, window("2026-06-20", "2026-06-27")).await.unwrap();
    assert_eq!(found, vec![moved.clone()]);

    // An edit based on an old copy is refused and changes nothing.
    let stale = env
        .plan()
        .update_assignment(
            &scope,
            &resized,
            AssignmentChange {
                person_id: r1.id.clone(),
                project_id: p1.id.clone(),
                range: range("2026-05-04", 1),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await;
    assert!(
        matches!(stale, Err(StoreError::NotFound { .. }) | Err(StoreError::Conflict { .. })),
        "{stale:?}"
    );
    let stale_same_key = env
        .plan()
        .update_assignment(
            &scope,
            &AssignmentWithVersion::older(&moved),
            AssignmentChange {
                person_id: r2.id.clone(),
                project_id: p2.id.clone(),
                range: range("2026-03-02", 20),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await;
    assert!(matches!(stale_same_key, Err(StoreError::Conflict { .. })), "{stale_same_key:?}");
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![moved.clone()]);

    // Shrink back to short: the index entry goes, the window still finds it.
    let short = env
        .plan()
        .update_assignment(
            &scope,
            &moved,
            AssignmentChange {
                person_id: r2.id.clone(),
                project_id: p2.id.clone(),
                range: range("2026-06-22", 2),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    assert_eq!(
        env.plan().assignments_in_window(&scope, window("2026-06-20", "2026-06-27")).await.unwrap(),
        vec![short.clone()]
    );
    assert!(
        env.plan()
            .assignments_in_window(&scope, window("2026-04-01", "2026-06-01"))
            .await
            .unwrap()
            .is_empty()
    );

    // Reassigning to a person who does not exist is refused.
    let ghost = env
        .plan()
        .update_assignment(
            &scope,
            &short,
            AssignmentChange {
                person_id: PersonId::generate(),
                project_id: p2.id.clone(),
                range: short.range,
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await;
    assert!(matches!(ghost, Err(StoreError::ParentGone { what: "person" })), "{ghost:?}");
}

/// A copy of an assignment as an earlier reader saw it.
struct AssignmentWithVersion;

impl AssignmentWithVersion {
    fn older(a: &planner_domain::Assignment) -> planner_domain::Assignment {
        planner_domain::Assignment { version: a.version - 1, ..a.clone() }
    }
}

#[tokio::test]
async fn deletes_are_idempotent_and_refuse_a_changed_assignment() {
    let env = TestEnv::new().await;
    let scope = env.team("Deletes").await;
    let r = env.person(&scope, "Hiro").await;
    let p = env.project(&scope, "Acme").await;
    let short = env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let long = env.assign(&scope, &r.id, &p.id, "2026-01-05", 400).await;

    env.plan().delete_assignment(&scope, &short).await.unwrap();
    env.plan().delete_assignment(&scope, &short).await.unwrap();
    env.plan().delete_assignment(&scope, &long).await.unwrap();
    env.plan().delete_assignment(&scope, &long).await.unwrap();
    assert!(env.plan().all_assignments(&scope).await.unwrap().is_empty());
    assert!(
        env.plan()
            .assignments_in_window(&scope, window("2026-01-01", "2027-12-31"))
            .await
            .unwrap()
            .is_empty()
    );

    let a = env.assign(&scope, &r.id, &p.id, "2026-05-04", 3).await;
    let changed = env
        .plan()
        .update_assignment(
            &scope,
            &a,
            AssignmentChange {
                person_id: r.id.clone(),
                project_id: p.id.clone(),
                range: range("2026-05-04", 4),
                allocation: None,
                status: None,
                series: None,
            },
        )
        .await
        .unwrap();
    assert!(matches!(env.plan().delete_assignment(&scope, &a).await, Err(StoreError::Conflict { .. })));
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![changed]);
}

#[tokio::test]
async fn the_timeline_shows_the_team_its_rows_and_the_window() {
    let env = TestEnv::new().await;
    let scope = env.team("Timeline team").await;
    let r = env.person(&scope, "伊藤 さくら").await;
    let p = env.project(&scope, "社内研修").await;
    let inside = env.assign(&scope, &r.id, &p.id, "2026-05-10", 3).await;
    env.assign(&scope, &r.id, &p.id, "2026-07-10", 3).await;
    let t = env.plan().timeline(&scope, window("2026-05-01", "2026-06-01")).await.unwrap();
    assert_eq!(t.team.name.as_str(), "Timeline team");
    assert_eq!(t.people, vec![r]);
    assert_eq!(t.projects, vec![p]);
    assert_eq!(t.items.assignments, vec![inside]);
}

#[tokio::test]
async fn deleting_an_assignment_someone_moved_is_a_conflict_not_a_silent_success() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Moved").await;
    let seen = env.assign(&scope, &r.id, &p.id, "2026-05-01", 10).await;
    let change = AssignmentChange {
        person_id: r.id.clone(),
        project_id: p.id.clone(),
        range: range("2026-05-03", 10),
        allocation: None,
        status: None,
        series: None,
    };
    let moved = env.plan().update_assignment(&scope, &seen, change.clone()).await.unwrap();
    assert!(matches!(env.plan().delete_assignment(&scope, &seen).await, Err(StoreError::Conflict { .. })));
    let change_of = |a: &planner_domain::Assignment| AssignmentChange {
        person_id: a.person_id.clone(),
        project_id: a.project_id.clone(),
        range: a.range,
        allocation: None,
        status: None,
        series: None,
    };
    // The same move sent again from the old version is recognised as done (a retry after a
    // lost answer), not applied twice; any other change from it is a conflict.
    assert_eq!(env.plan().update_assignment(&scope, &seen, change).await.unwrap(), moved);
    let other = AssignmentChange { range: range("2026-05-04", 2), ..change_of(&moved) };
    assert!(matches!(
        env.plan().update_assignment(&scope, &seen, other).await,
        Err(StoreError::Conflict { .. })
    ));
    assert_eq!(env.plan().all_assignments(&scope).await.unwrap(), vec![moved]);
}
