//! The live view's read cost: what one ask of the change feed reads, measured on the engine's
//! answers (the meter), with nothing new, and while others edit; and the arithmetic of a team of 50
//! with the app open a working day at on-demand prices, from those units.

use crate::meter::{Meter, Totals};
use planner_domain::{AssignmentId, Clock, Color, Date, DateRange, FixedClock, Name, PersonId, ProjectId};
use planner_store::feed::FeedReader;
use planner_store::{NewAssignment, Store, TeamScope};
use std::sync::Arc;

/// On-demand read request units, US East (N. Virginia), per million (AWS's price since
/// November 2024). A strongly consistent 4 KB read is one unit; an eventually consistent one half.
const USD_PER_MILLION_READS: f64 = 0.125;
/// On-demand write request units, the same region and date. A write of 1 KB is one unit; in a
/// transaction, two.
const USD_PER_MILLION_WRITES: f64 = 0.625;
/// The window's ask schedule (ui/src/timeline/model/live.ts `nextDelay`): 2 s while active; idle, the
/// delay doubles each further minute (4, 8, 16 s), at most 30 s.
fn delay_s(idle_minutes: u32) -> f64 {
    (2.0 * 2f64.powi(idle_minutes.min(4) as i32)).min(30.0)
}

/// Asks in an hour of someone active, and in an hour of nobody touching the window.
pub fn asks_per_hour() -> (f64, f64) {
    let active = 3600.0 / delay_s(0);
    let idle = (0..60).map(|m| 60.0 / delay_s(m)).sum();
    (active, idle)
}

async fn edit(store: &Store, scope: &TeamScope, r: &PersonId, p: &ProjectId, i: i64) {
    let from = Date::parse("2026-03-02").unwrap().add_days(i % 60);
    let new = NewAssignment {
        id: AssignmentId::generate(),
        person_id: r.clone(),
        project_id: p.clone(),
        range: DateRange::new(from, from.add_days(5)).unwrap(),
        allocation: Default::default(),
        status: Default::default(),
        series: None,
    };
    store.plan().create_assignment(scope, new).await.unwrap();
}

/// One ask with nothing new in the last minute; asks while the last minute holds `k` edits (read
/// again each ask: the reader reads the last minute again); the retention's read (a GetItem of
/// the team's META, as `Plan::feed_days` makes once per ten minutes). The store's clock is
/// `clock`, moved ten minutes between rows so that each row's minute holds only its edits.
pub async fn measure(store: &Store, clock: &FixedClock, meter: &Arc<Meter>) -> Vec<(String, Totals)> {
    let scope = crate::team_scope(store).await;
    let r =
        store.plan().create_person(&scope, PersonId::generate(), Name::parse("R").unwrap()).await.unwrap().id;
    let p = store
        .plan()
        .create_project(
            &scope,
            ProjectId::generate(),
            Name::parse("P").unwrap(),
            Color::parse("#336699").unwrap(),
        )
        .await
        .unwrap()
        .id;
    let t0 = clock.now();
    let mut out = Vec::new();
    clock.set(t0 + time::Duration::minutes(10));
    let mut quiet = FeedReader::from(clock.now_millis());
    meter.reset();
    quiet.read(store, &scope, 5).await.unwrap();
    out.push(("an ask with nothing new".to_owned(), meter.reset()));
    for (n, k) in [1, 10, 50].into_iter().enumerate() {
        clock.set(t0 + time::Duration::minutes(20 + 10 * n as i64));
        // A reader that has read everything before these edits.
        let mut reader = FeedReader::from(clock.now_millis());
        reader.read(store, &scope, 5).await.unwrap();
        meter.reset();
        for i in 0..k {
            edit(store, &scope, &r, &p, i).await;
        }
        out.push((
            format!("{k} edits made (one new assignment each, with its change record)"),
            meter.reset(),
        ));
        // The ask that first sees them reads them and checks each against the table (check.rs).
        reader.read(store, &scope, 5).await.unwrap();
        out.push((format!("the ask that first sees {k} new edits (read and checked)"), meter.reset()));
        reader.read(store, &scope, 5).await.unwrap();
        out.push((format!("an ask while the read-back holds {k} edits seen before"), meter.reset()));
    }
    // A minute as the live view lives it while others edit: an ask every 2 s, an edit every 6 s
    // (10 a minute), each new to the reader once (read and checked), the read-back as the reader
    // keeps it (5 s before the newest record, the whole minute every 15 s). The asks of the
    // second minute are summed (the first fills the read-back).
    clock.set(t0 + time::Duration::minutes(60));
    let start = clock.now();
    let mut reader = FeedReader::from(clock.now_millis());
    let mut minute = Totals::default();
    for step in 0..60i64 {
        clock.set(start + time::Duration::seconds(2 * step));
        if step % 3 == 0 {
            edit(store, &scope, &r, &p, 100 + step).await;
        }
        meter.reset();
        reader.read(store, &scope, 5).await.unwrap();
        let ask = meter.reset();
        if step >= 30 {
            minute.requests += ask.requests;
            minute.read_units += ask.read_units;
            minute.items_read += ask.items_read;
        }
    }
    out.push((
        "a minute of asks every 2 s while 10 edits a minute are made (30 asks: read back, new ones checked)"
            .to_owned(),
        minute,
    ));
    store.plan().team_meta(&scope).await.unwrap();
    out.push(("the retention's read (once per 10 minutes)".to_owned(), meter.reset()));
    // The connection check (not the live view's; in the day's sum all the same): the session and
    // the membership read again, strongly; once a minute while the live view's asks answer.
    let email = planner_domain::Email::parse("bench@example.com").unwrap();
    store.identity().invite_member(&scope, &email, None, planner_domain::Role::Planner).await.unwrap();
    let code = store.identity().request_sign_in_code(&email).await.unwrap().expect("a code for a member");
    let signed = store.identity().sign_in_with_code(&email, &code.code).await.unwrap();
    let session = store.identity().verify_session(&signed.token).await.unwrap();
    let credential = planner_store::Credential::Token(signed.token);
    meter.reset();
    store.identity().recheck_scope(&credential, &session, scope.team()).await.unwrap();
    out.push((
        "the connection check's recheck (once a minute while the live view answers)".to_owned(),
        meter.reset(),
    ));
    out
}

/// What a day of the live view costs, from the measured asks (`Costs`).
pub struct Costs {
    /// An ask with nothing new.
    pub quiet_ru: f64,
    /// A minute of asks (30) while others make 10 edits: read back, and the new ones checked.
    pub busy_minute_ru: f64,
    /// The retention's read (once per 10 minutes).
    pub retention_ru: f64,
    /// One connection check.
    pub heartbeat_ru: f64,
    /// The connection checks in an hour of someone active.
    pub heartbeats_per_hour: f64,
    /// The write units of one edit (an assignment made, with its change record).
    pub edit_wcu: f64,
}

pub fn cost_lines(c: &Costs) -> Vec<String> {
    let Costs { quiet_ru, busy_minute_ru, retention_ru, heartbeat_ru, heartbeats_per_hour, edit_wcu } = *c;
    let (active, idle) = asks_per_hour();
    let people = 50.0;
    let hours = 8.0;
    let refresh = 6.0 * retention_ru; // the retention's read, once per 10 minutes
    let per_person_day = |asks_per_hour: f64, ru: f64| (asks_per_hour * ru + refresh) * hours;
    let heartbeat = heartbeats_per_hour * heartbeat_ru * hours; // open all day
    let usd = |units: f64| units * people / 1e6 * USD_PER_MILLION_READS;
    let all_active = per_person_day(active, quiet_ru);
    let all_idle = per_person_day(idle, quiet_ru);
    // Busy: 10 edits a minute in the team, each new to every reader once (read and checked): the
    // measured minute of asks, every minute.
    let busy = (60.0 * busy_minute_ru + refresh) * hours;
    // The team's writes that day: 10 edits a minute for 8 hours, at on-demand write prices.
    let edits = 10.0 * 60.0 * hours;
    let writes_usd = edits * edit_wcu / 1e6 * USD_PER_MILLION_WRITES;
    vec![
        format!(
            "asks per hour: {active:.0} while active, {idle:.0} in an hour idle (ui/src/timeline/model/live.ts)"
        ),
        format!(
            "a quiet ask: {quiet_ru:.1} RU; a minute of asks while others make 10 edits (30 asks, each edit read and checked once): {busy_minute_ru:.1} RU"
        ),
        format!(
            "one person, 8 h: {all_idle:.0} RU idle all day, {all_active:.0} RU active all day, {busy:.0} RU active with 10 edits a minute around"
        ),
        format!(
            "50 people, 8 h, at ${USD_PER_MILLION_READS} per million reads, the live view: ${:.4} idle, ${:.4} active, ${:.4} active and busy",
            usd(all_idle),
            usd(all_active),
            usd(busy)
        ),
        format!(
            "and the connection check beside it ({heartbeats_per_hour:.0} an hour, {heartbeat:.0} RU a person a day): ${:.4}; together ${:.4} idle, ${:.4} active, ${:.4} active and busy",
            usd(heartbeat),
            usd(all_idle + heartbeat),
            usd(all_active + heartbeat),
            usd(busy + heartbeat)
        ),
        format!(
            "the busiest team-day, all reads and writes: the reads above (${:.4}) and the team's {edits:.0} edits at {edit_wcu:.1} WCU each, ${USD_PER_MILLION_WRITES} per million writes (${writes_usd:.4}): ${:.4}",
            usd(busy + heartbeat),
            usd(busy + heartbeat) + writes_usd
        ),
    ]
}
