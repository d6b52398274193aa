use super::*;

fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

#[test]
fn a_view_reads_back_as_written() {
    let view = RowsView {
        groups: vec![LabelId::parse("design").unwrap()],
        skills: vec![LabelId::parse("react").unwrap(), LabelId::parse("rust").unwrap()],
        all_skills: false,
        free_minutes: Some(8 * 60),
        grouping: RowGrouping::Role,
        sort: RowOrder::Free,
        density: RowDensity::Compact,
        period: PeriodKind::Custom,
        custom: Some(DaySpan { from: day("2027-03-01"), to: day("2027-03-15") }),
        collapsed: vec!["role:lead".into(), "role:".into()],
        ..RowsView::default()
    };
    let text = serde_json::to_string(&view).unwrap();
    assert!(text.contains(r#""period":"custom""#) && text.contains(r#""sort":"free""#), "{text}");
    assert_eq!(RowsView::parse(&text), Ok(view));
    let four_weeks = serde_json::to_string(&RowsView::default()).unwrap();
    assert!(four_weeks.contains(r#""period":"next4Weeks""#), "{four_weeks}");
}

#[test]
fn a_view_with_a_condition_this_version_does_not_know_is_refused_whole() {
    let mut value = serde_json::to_value(RowsView::default()).unwrap();
    value["colours"] = serde_json::json!(["#ff0000"]);
    let said = RowsView::parse(&value.to_string()).unwrap_err().to_string();
    assert!(said.contains("unknown field `colours`"), "{said}");
    let mut value = serde_json::to_value(RowsView::default()).unwrap();
    value["sort"] = serde_json::json!("colour");
    assert!(RowsView::parse(&value.to_string()).is_err());
}

#[test]
fn a_view_out_of_bounds_is_refused_with_a_sentence() {
    let backwards = RowsView {
        custom: Some(DaySpan { from: day("2027-03-15"), to: day("2027-03-01") }),
        ..RowsView::default()
    };
    assert!(backwards.checked().unwrap_err().to_string().contains("before its first"));
    let long = RowsView {
        custom: Some(DaySpan { from: day("2027-01-01"), to: day("2029-01-03") }),
        ..RowsView::default()
    };
    assert!(long.checked().unwrap_err().to_string().contains("longer than 731 days"));
    let odd = RowsView { collapsed: vec!["colour:red".into()], ..RowsView::default() };
    assert!(odd.checked().is_err());
    // The project view's sections fold too: a project's id, or those booked on none.
    let projects = RowsView {
        grouping: RowGrouping::Project,
        collapsed: vec!["project:01JBQ8XG7Z0000000000000000".into(), "project:".into()],
        ..RowsView::default()
    };
    assert!(projects.checked().is_ok());
    let bad = RowsView { collapsed: vec!["project:not an id".into()], ..RowsView::default() };
    assert!(bad.checked().is_err());
    let greedy = RowsView { free_minutes: Some(MAX_FREE_MINUTES + 1), ..RowsView::default() };
    assert!(greedy.checked().is_err());
    let ok = RowsView {
        custom: Some(DaySpan { from: day("2027-01-01"), to: day("2029-01-01") }),
        ..RowsView::default()
    };
    assert!(ok.checked().is_ok(), "731 days is allowed");
}
