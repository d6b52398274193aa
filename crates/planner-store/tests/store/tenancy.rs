//! Tenant safety by construction (docs/data-model.md, rules 1 and 5): a recording client proves
//! that no call made through a team's scope touches another team's keys; cross-team and
//! role-violating calls are refused with a typed error and one audit line each.

use crate::common::*;
use planner_domain::{AssignmentId, Color, Email, Name, PersonId, ProjectId, Role};
use planner_store::{NewAssignment, StoreError, TeamScope};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::Arc;

#[derive(Debug, Clone, Copy)]
enum Op {
    CreatePerson,
    CreateProject,
    CreateAssignment(i64, i64),
    Rename,
    Window(i64),
    Timeline,
    DeleteAssignment,
    DeletePerson,
    Members,
    Export,
}

fn ops() -> impl Strategy<Value = Vec<(usize, Op)>> {
    let op = prop_oneof![
        Just(Op::CreatePerson),
        Just(Op::CreateProject),
        (0i64..400, prop_oneof![1i64..20, 40i64..300]).prop_map(|(s, l)| Op::CreateAssignment(s, l)),
        Just(Op::Rename),
        (0i64..400).prop_map(Op::Window),
        Just(Op::Timeline),
        Just(Op::DeleteAssignment),
        Just(Op::DeletePerson),
        Just(Op::Members),
        Just(Op::Export),
    ];
    prop::collection::vec((0usize..3, op), 5..30)
}

async fn run(
    env: &TestEnv,
    recorder: &Recorder,
    scopes: &[TeamScope],
    steps: &[(usize, Op)],
) -> Result<(), TestCaseError> {
    for (who, op) in steps {
        let scope = &scopes[*who];
        let s = &env.store;
        recorder.take();
        let base = day("2026-01-01");
        match *op {
            Op::CreatePerson => {
                s.plan().create_person(scope, PersonId::generate(), Name::parse("P").unwrap()).await.unwrap();
            }
            Op::CreateProject => {
                s.plan()
                    .create_project(
                        scope,
                        ProjectId::generate(),
                        Name::parse("J").unwrap(),
                        Color::parse("#123456").unwrap(),
                    )
                    .await
                    .unwrap();
            }
            Op::CreateAssignment(start, len) => {
                let c = s.plan().catalog(scope).await.unwrap();
                if let (Some(r), Some(p)) = (c.people.first(), c.projects.first()) {
                    let start = base.add_days(start);
                    s.plan()
                        .create_assignment(
                            scope,
                            NewAssignment {
                                id: AssignmentId::generate(),
                                person_id: r.id.clone(),
                                project_id: p.id.clone(),
                                range: planner_domain::DateRange::new(start, start.add_days(len)).unwrap(),
                                allocation: Default::default(),
                                status: Default::default(),
                                series: None,
                            },
                        )
                        .await
                        .unwrap();
                }
            }
            Op::Rename => {
                if let Some(r) = s.plan().list_people(scope).await.unwrap().first() {
                    s.plan().rename_person(scope, &r.id, r.version, Name::parse("Q").unwrap()).await.unwrap();
                }
            }
            Op::Window(from) => {
                let from = base.add_days(from);
                s.plan()
                    .assignments_in_window(
                        scope,
                        planner_domain::DateRange::window(from, from.add_days(91)).unwrap(),
                    )
                    .await
                    .unwrap();
            }
            Op::Timeline => {
                s.plan().timeline(scope, window("2026-01-01", "2026-04-01")).await.unwrap();
            }
            Op::DeleteAssignment => {
                if let Some(a) = s.plan().all_assignments(scope).await.unwrap().first() {
                    s.plan().delete_assignment(scope, a).await.unwrap();
                }
            }
            Op::DeletePerson => {
                if let Some(r) = s.plan().list_people(scope).await.unwrap().last() {
                    s.plan().delete_person(scope, &r.id, &mut |_, _| {}).await.unwrap();
                }
            }
            Op::Members => {
                s.identity().list_members(scope).await.unwrap();
            }
            Op::Export => {
                s.transfer().export_team(scope).await.unwrap();
            }
        }
        let own = format!("TEAM#{}", scope.team());
        for seen in recorder.take() {
            let mut all = Vec::new();
            crate::common::strings(&seen.request, &mut all);
            crate::common::strings(&seen.response, &mut all);
            for text in all.iter().filter(|t| t.starts_with("TEAM#")) {
                prop_assert_eq!(text, &own, "{:?} via {} touched another team", op, seen.operation);
            }
        }
    }
    Ok(())
}

#[test]
fn no_call_through_a_scope_touches_another_team() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let recorder = Arc::new(Recorder::default());
    let env = rt.block_on(TestEnv::with_hooks(Some(recorder.clone())));
    let scopes = rt.block_on(async {
        let a = env.team("Team A").await;
        let b = env.team("Team B").await;
        let c = env.team("Team C").await;
        // The same people and dates in each team, so that a key mix-up would be found.
        vec![a, b, c]
    });
    let mut runner = TestRunner::new(Config { cases: if remote() { 6 } else { 32 }, ..Config::default() });
    runner.run(&ops(), |steps| rt.block_on(run(&env, &recorder, &scopes, &steps))).unwrap();
}

#[tokio::test]
async fn a_cross_team_attempt_is_refused_and_audited() {
    let env = TestEnv::new().await;
    let a = env.team("A").await;
    let b = env.team("B").await;
    let email = Email::parse("mallory@example.com").unwrap();
    let mallory = env.identity().create_user(&email, None).await.unwrap();
    env.identity().put_member(&a, &mallory.id, Role::Planner).await.unwrap();
    let (_, session) = env.sign_in(&email).await;

    assert!(env.identity().scope_for_session(&session, a.team()).await.is_ok());
    let before = env.audit.events().len();
    let refused = env.identity().scope_for_session(&session, b.team()).await;
    assert!(matches!(refused, Err(StoreError::NotMember)), "{refused:?}");
    let events = env.audit.events();
    assert_eq!(events.len(), before + 1);
    let e = events.last().unwrap();
    assert_eq!(
        (e.user.as_str(), e.team.as_str(), e.refused.as_str()),
        (mallory.id.as_str(), b.team().as_str(), "not_member")
    );
    assert_eq!(e.command, "open_team");
    assert_eq!(e.at, "2026-05-01T09:00:00Z");
}

#[tokio::test]
async fn roles_are_enforced_and_refusals_audited() {
    let env = TestEnv::new().await;
    let admin = env.team("Roles").await;
    let viewer = env.member(&admin, Role::Viewer).await;
    let planner = env.member(&admin, Role::Planner).await;
    let r = env.person(&admin, "R").await;

    // Viewers read but never write.
    assert_eq!(env.plan().list_people(&viewer).await.unwrap().len(), 1);
    let write = env.plan().create_person(&viewer, PersonId::generate(), Name::parse("X").unwrap()).await;
    assert!(matches!(write, Err(StoreError::Forbidden { role: Role::Viewer, .. })), "{write:?}");
    let delete = env.plan().delete_person(&viewer, &r.id, &mut |_, _| {}).await;
    assert!(matches!(delete, Err(StoreError::Forbidden { .. })));
    // Planners edit the plan but do not manage the team.
    env.plan().rename_person(&planner, &r.id, r.version, Name::parse("R2").unwrap()).await.unwrap();
    let manage = env.identity().put_member(&planner, viewer.user(), Role::Admin).await;
    assert!(matches!(manage, Err(StoreError::Forbidden { role: Role::Planner, .. })), "{manage:?}");

    let events = env.audit.events();
    let commands: Vec<_> = events.iter().map(|e| (e.command.as_str(), e.role.as_deref())).collect();
    assert_eq!(
        commands,
        [
            ("create_resource", Some("viewer")),
            ("delete_resource", Some("viewer")),
            ("put_member", Some("planner"))
        ]
    );
    assert!(events.iter().all(|e| e.team == admin.team().as_str() && e.refused == "role"));
    // Nothing was written by the refused calls.
    assert_eq!(env.plan().list_people(&admin).await.unwrap().len(), 1);
    let members = env.identity().list_members(&admin).await.unwrap();
    assert_eq!(members.iter().find(|m| &m.user_id == viewer.user()).unwrap().role, Role::Viewer);
}

#[tokio::test]
async fn a_scope_works_only_on_the_store_that_made_it() {
    let one = TestEnv::new().await;
    let other = TestEnv::new().await;
    let scope = one.team("One").await;
    let refused = other.plan().list_people(&scope).await;
    assert!(matches!(refused, Err(StoreError::Config { .. })), "{refused:?}");
}

#[tokio::test]
async fn an_expired_session_makes_no_scope() {
    let env = TestEnv::new().await;
    let admin = env.team("Expiry").await;
    let email = Email::parse("late@example.com").unwrap();
    let user = env.identity().create_user(&email, None).await.unwrap();
    env.identity().put_member(&admin, &user.id, Role::Planner).await.unwrap();
    let (_, session) = env.sign_in(&email).await;
    env.clock.advance(time::Duration::days(planner_store::SESSION_DAYS));
    let late = env.identity().scope_for_session(&session, admin.team()).await;
    assert!(matches!(late, Err(StoreError::SessionInvalid)), "{late:?}");
}
