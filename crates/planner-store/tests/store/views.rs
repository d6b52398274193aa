//! Saved views of the rows: each member keeps their own (nobody else reads them back); planners
//! and admins share theirs with the team; only a view's owner changes it (an admin may delete a
//! shared one); a stale save is a conflict; shared views' changes go through the feed, one's own
//! do not; a view as written by another version (a condition this one does not know) is refused.

use crate::common::*;
use planner_domain::{
    DaySpan, Name, PeriodKind, Role, RowDensity, RowGrouping, RowOrder, RowsView, ValidationError, ViewId,
    ViewZoom,
};
use planner_store::feed::{FeedAction, FeedKind};
use planner_store::{StoreError, ViewInput};

fn input(name: &str, shared: bool) -> ViewInput {
    ViewInput {
        id: ViewId::generate(),
        name: Name::parse(name).unwrap(),
        shared,
        zoom: ViewZoom::Month,
        rows: RowsView {
            grouping: RowGrouping::Group,
            sort: RowOrder::Load,
            density: RowDensity::Compact,
            period: PeriodKind::Custom,
            custom: Some(DaySpan { from: day("2027-03-01"), to: day("2027-04-01") }),
            free_minutes: Some(16 * 60),
            ..RowsView::default()
        },
    }
}

#[tokio::test]
async fn each_member_sees_the_shared_views_and_their_own_only() {
    let env = TestEnv::new().await;
    let admin = env.team("Views").await;
    let planner = env.member(&admin, Role::Planner).await;
    let viewer = env.member(&admin, Role::Viewer).await;
    let before = env.plan().changes_since(&admin, None, 1000).await.unwrap().cursor;

    let team_view = env.plan().save_view(&planner, input("Design, next month", true), 0).await.unwrap();
    assert_eq!((team_view.version, &team_view.owner), (1, planner.user()));
    let mine = env.plan().save_view(&viewer, input("Mine", false), 0).await.unwrap();
    // A viewer keeps views for themself but shares none.
    let e = env.plan().save_view(&viewer, input("For all", true), 0).await;
    assert!(matches!(e, Err(StoreError::Forbidden { role: Role::Viewer, .. })), "{e:?}");

    let names =
        |views: Vec<planner_domain::View>| views.into_iter().map(|v| v.name.to_string()).collect::<Vec<_>>();
    assert_eq!(names(env.plan().views(&viewer).await.unwrap()), ["Design, next month", "Mine"]);
    assert_eq!(
        names(env.plan().views(&planner).await.unwrap()),
        ["Design, next month"],
        "not the viewer's own"
    );
    assert_eq!(names(env.plan().views(&admin).await.unwrap()), ["Design, next month"]);
    // Read back as saved, every field.
    let read = env.plan().views(&viewer).await.unwrap();
    assert_eq!(read[0], team_view);
    assert_eq!(read[1], mine);

    // Only the shared view has a record: one's own is nobody else's news.
    let records = env.plan().changes_since(&admin, before.as_deref(), 1000).await.unwrap().records;
    let views: Vec<_> = records.iter().filter(|r| r.kind == FeedKind::View).collect();
    assert_eq!(views.len(), 1);
    assert_eq!((views[0].action, views[0].item.as_str()), (FeedAction::Created, team_view.id.as_str()));
}

#[tokio::test]
async fn only_its_owner_changes_a_view_and_a_stale_save_is_a_conflict() {
    let env = TestEnv::new().await;
    let admin = env.team("Owners").await;
    let planner = env.member(&admin, Role::Planner).await;
    let other = env.member(&admin, Role::Planner).await;
    let asked = input("Consulting", true);
    let saved = env.plan().save_view(&planner, asked.clone(), 0).await.unwrap();
    // Sending the same new view again (a lost answer) is the same view; another with its id is not.
    assert_eq!(env.plan().save_view(&planner, asked.clone(), 0).await.unwrap(), saved);
    let e = env.plan().save_view(&planner, ViewInput { shared: false, ..asked.clone() }, 0).await;
    assert!(matches!(e, Err(StoreError::AlreadyExists { .. })), "{e:?}");

    // The owner saves it again: everyone sees the change (a record with before and after).
    let cursor = env.plan().changes_since(&admin, None, 1000).await.unwrap().cursor;
    let changed = ViewInput { zoom: ViewZoom::Day, ..asked.clone() };
    let v2 = env.plan().save_view(&planner, changed.clone(), saved.version).await.unwrap();
    assert_eq!((v2.version, v2.zoom), (2, ViewZoom::Day));
    assert_eq!(env.plan().views(&other).await.unwrap(), std::slice::from_ref(&v2));
    let records = env.plan().changes_since(&admin, cursor.as_deref(), 1000).await.unwrap().records;
    assert!(records.iter().any(|r| r.kind == FeedKind::View && r.action == FeedAction::Changed));
    // Saved again from what was seen before: a conflict, nothing written.
    let e = env.plan().save_view(&planner, changed.clone(), saved.version).await;
    assert!(matches!(e, Err(StoreError::Conflict { .. })), "{e:?}");
    // Someone else (an admin too) changes none of it; an admin deletes a shared one.
    for who in [&other, &admin] {
        let e = env.plan().save_view(who, changed.clone(), v2.version).await;
        assert!(matches!(e, Err(StoreError::Forbidden { .. })), "{e:?}");
    }
    let e = env.plan().delete_view(&other, &v2.id, v2.version).await;
    assert!(matches!(e, Err(StoreError::Forbidden { .. })), "{e:?}");
    let e = env.plan().delete_view(&planner, &v2.id, saved.version).await;
    assert!(matches!(e, Err(StoreError::Conflict { .. })), "{e:?}");
    env.plan().delete_view(&admin, &v2.id, v2.version).await.unwrap();
    assert!(env.plan().views(&planner).await.unwrap().is_empty());
    env.plan().delete_view(&admin, &v2.id, v2.version).await.unwrap(); // gone: done
    let e = env.plan().save_view(&planner, changed, v2.version).await;
    assert!(matches!(e, Err(StoreError::NotFound { .. })), "{e:?}");

    // A view kept for oneself: its owner changes and deletes it, nobody else sees it.
    let own = env.plan().save_view(&other, input("Mine", false), 0).await.unwrap();
    let e = env.plan().delete_view(&admin, &own.id, own.version).await;
    assert!(
        matches!(e, Err(StoreError::Forbidden { .. })),
        "an admin does not delete someone's own view: {e:?}"
    );
    env.plan().delete_view(&other, &own.id, own.version).await.unwrap();
}

#[tokio::test]
async fn a_view_out_of_bounds_or_unknown_is_refused_and_nothing_is_written() {
    let env = TestEnv::new().await;
    let admin = env.team("Bounds").await;
    let mut backwards = input("Backwards", false);
    backwards.rows.custom = Some(DaySpan { from: day("2027-04-01"), to: day("2027-03-01") });
    let e = env.plan().save_view(&admin, backwards, 0).await;
    assert!(matches!(e, Err(StoreError::Invalid(ValidationError::View(_)))), "{e:?}");
    assert!(env.plan().views(&admin).await.unwrap().is_empty());
    // As another version might write one: a condition this one does not know.
    let mut written = serde_json::to_value(RowsView::default()).unwrap();
    written["colours"] = serde_json::json!(["red"]);
    let said = RowsView::parse(&written.to_string()).unwrap_err().to_string();
    assert!(said.starts_with("the view cannot be used: unknown field `colours`"), "{said}");
}

#[tokio::test]
async fn shared_views_travel_with_export_and_import_and_ones_own_stay_home() {
    let env = TestEnv::new().await;
    let source = env.team("Source").await;
    let planner = env.member(&source, Role::Planner).await;
    let shared = env.plan().save_view(&planner, input("Team view", true), 0).await.unwrap();
    env.plan().save_view(&planner, input("Mine", false), 0).await.unwrap();
    let file = env.transfer().export_team(&source).await.unwrap();
    assert_eq!(file.views.as_deref(), Some(std::slice::from_ref(&shared)), "the shared one only");
    // Through the file's text, as a move between tables does.
    let text = serde_json::to_string(&file).unwrap();
    let parsed: planner_store::transfer::TeamExport = serde_json::from_str(&text).unwrap();

    // Another team: the owner is not a member there, so the view is the importer's.
    let target = env.team("Target").await;
    let kept = env.plan().save_view(&target, input("Target's own", false), 0).await.unwrap();
    let gone = env.plan().save_view(&target, input("Target's shared", true), 0).await.unwrap();
    let report = env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    assert_eq!((report.views, report.removed_views), (1, 1));
    let there = env.plan().views(&target).await.unwrap();
    let names: Vec<_> = there.iter().map(|v| v.name.to_string()).collect();
    assert_eq!(names, ["Target's own", "Team view"], "{gone:?} removed, the importer's own kept");
    let imported = there.iter().find(|v| v.id == shared.id).unwrap();
    assert_eq!((&imported.owner, imported.shared, &imported.rows), (target.user(), true, &shared.rows));
    assert!(there.contains(&kept));
    // Run again: nothing changes.
    let again = env.transfer().import_team(&target, &parsed, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(again.removed_views, 0);
    assert_eq!(env.plan().views(&target).await.unwrap(), there);
    // Back into its own team: its owner keeps it.
    env.transfer().import_team(&source, &parsed, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(
        env.plan().views(&planner).await.unwrap().iter().find(|v| v.id == shared.id).unwrap().owner,
        *planner.user()
    );

    // A file from before views (none named): the team's views stay as they are.
    let older = planner_store::transfer::TeamExport { views: None, ..parsed.clone() };
    env.transfer().import_team(&target, &older, &mut |_, _, _| {}).await.unwrap();
    assert_eq!(env.plan().views(&target).await.unwrap(), there);
    // A view as a newer version writes it: the file is refused as it is read.
    let mut value = serde_json::to_value(&file).unwrap();
    value["views"][0]["rows"]["colours"] = serde_json::json!(["red"]);
    let e = serde_json::from_value::<planner_store::transfer::TeamExport>(value).unwrap_err();
    assert!(e.to_string().contains("unknown field `colours`"), "{e}");
}
