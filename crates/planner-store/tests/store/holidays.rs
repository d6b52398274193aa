//! A calendar filled again (the library's years once more, an .ics file of days it has): the
//! days it holds as they are are neither written nor recorded; a renamed day is a change, a new
//! one an addition, each told so in the activity log.

use crate::common::*;
use planner_domain::{CalendarId, Name};
use planner_store::feed::{FeedAction, FeedKind};

fn name(s: &str) -> Name {
    Name::parse(s).unwrap()
}

#[tokio::test]
async fn a_calendar_filled_again_writes_and_records_only_what_changed() {
    let env = TestEnv::new().await;
    let (admin, _, _) = env.team_with_r_and_p("Fill again").await;
    let cal = env
        .plan()
        .create_calendar(&admin, CalendarId::generate(), name("UK"), Some("GB".into()))
        .await
        .unwrap();
    let first = vec![
        (day("2026-12-25"), name("Christmas Day")),
        (day("2026-12-28"), name("Boxing Day (substitute)")),
        (day("2027-01-01"), name("New Year's Day")),
    ];
    assert_eq!(env.plan().put_holidays(&admin, &cal.id, first.clone()).await.unwrap(), 3);
    let start = env.plan().changes_since(&admin, None, 100).await.unwrap().cursor;

    // The same days again: nothing to write, nothing recorded.
    assert_eq!(env.plan().put_holidays(&admin, &cal.id, first).await.unwrap(), 0);
    let page = env.plan().changes_since(&admin, start.as_deref(), 100).await.unwrap();
    assert!(page.records.is_empty(), "{:?}", page.records);

    // One renamed, one new, one as it was: a change and an addition.
    let again = vec![
        (day("2026-12-25"), name("Christmas Day")),
        (day("2026-12-28"), name("Boxing Day")),
        (day("2027-04-02"), name("Good Friday")),
    ];
    assert_eq!(env.plan().put_holidays(&admin, &cal.id, again).await.unwrap(), 2);
    let records = env.plan().changes_since(&admin, start.as_deref(), 100).await.unwrap().records;
    let told: Vec<_> = records
        .iter()
        .map(|r| {
            (r.kind, r.action, r.before.clone().unwrap_or_default(), r.after.clone().unwrap_or_default())
        })
        .collect();
    let days = |v: &serde_json::Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|h| (h["day"].as_str().unwrap().to_owned(), h["name"].as_str().unwrap().to_owned()))
            .collect::<Vec<_>>()
    };
    assert_eq!(told.len(), 2, "{told:?}");
    let changed = told.iter().find(|t| t.1 == FeedAction::Changed).expect("a change");
    assert_eq!(changed.0, FeedKind::Holidays);
    assert_eq!(days(&changed.2), [("2026-12-28".to_owned(), "Boxing Day (substitute)".to_owned())]);
    assert_eq!(days(&changed.3), [("2026-12-28".to_owned(), "Boxing Day".to_owned())]);
    let created = told.iter().find(|t| t.1 == FeedAction::Created).expect("an addition");
    assert_eq!(days(&created.3), [("2027-04-02".to_owned(), "Good Friday".to_owned())]);

    // The table holds the new names.
    let w = env.plan().window_items(&admin, window("2026-12-01", "2027-05-01")).await.unwrap();
    let held: Vec<_> = w.holidays.iter().map(|h| (h.day.to_string(), h.name.as_str().to_owned())).collect();
    assert_eq!(
        held,
        [
            ("2026-12-25".to_owned(), "Christmas Day".to_owned()),
            ("2026-12-28".to_owned(), "Boxing Day".to_owned()),
            ("2027-01-01".to_owned(), "New Year's Day".to_owned()),
            ("2027-04-02".to_owned(), "Good Friday".to_owned()),
        ]
    );
}
