//! The banner's "as of": windows of the copy read at different times, the days in view say the
//! oldest of their reads.

use super::*;

#[tokio::test(flavor = "multi_thread")]
async fn the_banner_gives_the_oldest_read_of_the_days_in_view() {
    let s = setup().await;
    let clock = clock();
    let auth = Auth {
        aws_identity: false,
        mailer: None,
        vault: s.vault.clone(),
        local_dir: Some(local_dir(&s)),
        copies: Some(Copies::new(&local_dir(&s), s.keys.clone())),
    };
    let state =
        App::open_team(store(&s.file, Some(s.line.clone())).await, auth, clock.clone()).await.unwrap();
    let (_app, w) = common::window_on(state, None);
    let synced_in =
        |from: &str, to: &str| call(&w, "offline_synced_in", json!({ "from": from, "to": to })).unwrap();

    // November and December read at 09:00; January, scrolled to later, at 11:30.
    timeline(&w).unwrap();
    clock.set(time::macros::datetime!(2026-11-30 11:30 UTC));
    call(&w, "load_window", json!({ "from": "2027-01-04", "to": "2027-02-01" })).unwrap();
    assert_eq!(synced_in("2026-12-01", "2027-02-01"), Value::Null, "online: no banner, no time");

    s.line.set(CUT);
    assert_eq!(timeline(&w).unwrap()["cached"], true);
    assert_eq!(offline(&w)["syncedAt"], "2026-11-30T11:30:00Z", "the copy's latest read");
    assert_eq!(synced_in("2027-01-04", "2027-02-01"), json!("2026-11-30T11:30:00Z"), "January alone");
    assert_eq!(
        synced_in("2026-12-14", "2027-01-18"),
        json!("2026-11-30T09:00:00Z"),
        "December and January in view: the older read"
    );
    assert_eq!(synced_in("2027-03-01", "2027-03-29"), Value::Null, "nothing of March is in the copy");
}
