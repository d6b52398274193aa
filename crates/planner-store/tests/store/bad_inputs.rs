//! A table of bad inputs: each gives its typed error and leaves the table as it was.

use crate::common::*;
use planner_domain::{AssignmentId, Color, Date, DateRange, Name, PersonId, ProjectId, ValidationError};
use planner_store::{AssignmentChange, NewAssignment, StoreError};

#[test]
fn bad_values_are_refused_with_their_codes() {
    let cases: Vec<(&str, Result<(), ValidationError>)> = vec![
        ("empty name", Name::parse("  ").map(drop)),
        ("long name", Name::parse(&"x".repeat(101)).map(drop)),
        ("control character", Name::parse("a\tb").map(drop)),
        ("direction override", Name::parse("Ada\u{202E}gnirts").map(drop)),
        ("colour without #", Color::parse("4D72F3").map(drop)),
        ("short colour", Color::parse("#4D72F").map(drop)),
        ("no such day", Date::parse("2026-02-30").map(drop)),
        ("loose date", Date::parse("2026-5-1").map(drop)),
        ("ancient date", Date::parse("1066-10-14").map(drop)),
        ("empty range", DateRange::new(day("2026-05-02"), day("2026-05-02")).map(drop)),
        ("backwards form", DateRange::from_inclusive(day("2026-05-02"), day("2026-05-01")).map(drop)),
        ("decades", DateRange::new(day("2000-01-01"), day("2030-01-01")).map(drop)),
        ("id with #", PersonId::parse("a#b").map(drop)),
    ];
    let codes: Vec<_> =
        cases.iter().map(|(what, r)| (*what, r.as_ref().err().map(ValidationError::code))).collect();
    assert_eq!(
        codes,
        [
            ("empty name", Some("name_empty")),
            ("long name", Some("name_too_long")),
            ("control character", Some("name_control_character")),
            ("direction override", Some("name_format_character")),
            ("colour without #", Some("invalid_color")),
            ("short colour", Some("invalid_color")),
            ("no such day", Some("no_such_day")),
            ("loose date", Some("invalid_date")),
            ("ancient date", Some("date_out_of_range")),
            ("empty range", Some("range_empty")),
            ("backwards form", Some("range_end_before_start")),
            ("decades", Some("range_too_long")),
            ("id with #", Some("invalid_id")),
        ]
    );
}

#[tokio::test]
async fn refused_writes_leave_the_table_unchanged() {
    let env = TestEnv::new().await;
    let (scope, r, p) = env.team_with_r_and_p("Unchanged").await;
    let a = env.assign(&scope, &r.id, &p.id, "2026-05-04", 5).await;
    let before = env.transfer().export_team(&scope).await.unwrap();

    let new = |person_id: PersonId, project_id: ProjectId, id: AssignmentId| NewAssignment {
        id,
        person_id,
        project_id,
        range: range("2026-05-04", 2),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    let change = |person_id: PersonId, project_id: ProjectId| AssignmentChange {
        person_id,
        project_id,
        range: range("2026-05-05", 2),
        allocation: None,
        status: None,
        series: None,
    };
    let stale = planner_domain::Assignment { version: 7, ..a.clone() };
    let results: Vec<(&str, Result<(), StoreError>)> = vec![
        (
            "unknown person",
            env.plan()
                .create_assignment(&scope, new(PersonId::generate(), p.id.clone(), AssignmentId::generate()))
                .await
                .map(drop),
        ),
        (
            "unknown project",
            env.plan()
                .create_assignment(&scope, new(r.id.clone(), ProjectId::generate(), AssignmentId::generate()))
                .await
                .map(drop),
        ),
        (
            "reused id",
            env.plan()
                .create_assignment(&scope, new(r.id.clone(), p.id.clone(), a.id.clone()))
                .await
                .map(drop),
        ),
        (
            "reused person id",
            env.plan().create_person(&scope, r.id.clone(), Name::parse("Other").unwrap()).await.map(drop),
        ),
        (
            "stale rename",
            env.plan().rename_person(&scope, &r.id, 9, Name::parse("Z").unwrap()).await.map(drop),
        ),
        (
            "rename of nobody",
            env.plan()
                .rename_person(&scope, &PersonId::generate(), 1, Name::parse("Z").unwrap())
                .await
                .map(drop),
        ),
        (
            "empty project update",
            env.plan().update_project(&scope, &p.id, p.version, None, None).await.map(drop),
        ),
        (
            "stale move",
            env.plan().update_assignment(&scope, &stale, change(r.id.clone(), p.id.clone())).await.map(drop),
        ),
        (
            "move to nobody",
            env.plan()
                .update_assignment(&scope, &a, change(PersonId::generate(), p.id.clone()))
                .await
                .map(drop),
        ),
        ("stale delete", env.plan().delete_assignment(&scope, &stale).await.map(drop)),
    ];
    let codes: Vec<_> =
        results.iter().map(|(what, r)| (*what, r.as_ref().err().map(StoreError::code))).collect();
    assert_eq!(
        codes,
        [
            ("unknown person", Some("parent_gone")),
            ("unknown project", Some("parent_gone")),
            ("reused id", Some("already_exists")),
            ("reused person id", Some("already_exists")),
            ("stale rename", Some("conflict")),
            ("rename of nobody", Some("not_found")),
            ("empty project update", Some("nothing_to_change")),
            ("stale move", Some("conflict")),
            ("move to nobody", Some("parent_gone")),
            ("stale delete", Some("conflict")),
        ]
    );
    let after = env.transfer().export_team(&scope).await.unwrap();
    assert_eq!(
        (after.people, after.projects, after.assignments),
        (before.people, before.projects, before.assignments)
    );
}
