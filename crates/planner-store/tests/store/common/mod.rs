//! The store tests' harness: an engine (embedded in memory by default, or any DynamoDB endpoint
//! named by `RP_TEST_DYNAMODB_ENDPOINT`), a fixed clock, an audit sink kept in memory, and helpers
//! that make teams, users and sessions the way the product does.
#![allow(dead_code)]

use planner_domain::{
    AssignmentId, Color, Date, DateRange, Email, FixedClock, Name, Person, PersonId, ProjectId, Role,
};
use planner_store::engine::hooks::{Before, Hooks};
use planner_store::transfer::Transfer;
use planner_store::{
    Engine, Identity, MemoryAudit, NewAssignment, Plan, RemoteTable, Sensitive, Store, TeamScope,
    VerifiedSession,
};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub struct TestEnv {
    pub store: Store,
    pub clock: FixedClock,
    pub audit: Arc<MemoryAudit>,
}

/// The engine under test: `RP_TEST_DYNAMODB_ENDPOINT=http://host:port` (or `aws` for the account
/// of the default credential chain) runs the suite against that endpoint, each test on its own
/// new table; unset, on the embedded engine in memory.
pub fn engine() -> Engine {
    match std::env::var("RP_TEST_DYNAMODB_ENDPOINT") {
        Ok(endpoint) if !endpoint.is_empty() => {
            let aws = endpoint == "aws";
            Engine::DynamoDb(RemoteTable {
                table: format!("rp-test-{}", ulid::Ulid::new().to_string().to_lowercase()),
                region: std::env::var("AWS_REGION").ok(),
                profile: None,
                endpoint: (!aws).then_some(endpoint),
                test_credentials: !aws && std::env::var("AWS_ACCESS_KEY_ID").is_err(),
            })
        }
        _ => Engine::Memory,
    }
}

pub fn remote() -> bool {
    !engine().is_embedded()
}

pub fn start_of_test_time() -> time::OffsetDateTime {
    time::macros::datetime!(2026-05-01 09:00 UTC)
}

impl TestEnv {
    /// The team's plan (`store.plan()`).
    pub fn plan(&self) -> Plan<'_> {
        self.store.plan()
    }

    /// Users, sessions, sign-in, memberships (`store.identity()`).
    pub fn identity(&self) -> Identity<'_> {
        self.store.identity()
    }

    /// Export, import, copy (`store.transfer()`).
    pub fn transfer(&self) -> Transfer<'_> {
        self.store.transfer()
    }

    pub async fn new() -> Self {
        Self::with_hooks(None).await
    }

    /// An environment whose every request passes through a new [`Recorder`].
    pub async fn recorded() -> (Self, Arc<Recorder>) {
        let recorder = Arc::new(Recorder::default());
        (Self::with_hooks(Some(recorder.clone())).await, recorder)
    }

    pub async fn with_hooks(hooks: Option<Arc<dyn Hooks>>) -> Self {
        let engine = engine();
        let conn = planner_store::connect(&engine, hooks).await.expect("connect");
        if !engine.is_embedded() {
            planner_store::engine::ensure_table(&conn.client, &conn.table).await.expect("create table");
        }
        let clock = FixedClock::new(start_of_test_time());
        let audit = Arc::new(MemoryAudit::default());
        let store = Store::new(conn, Arc::new(clock.clone()), audit.clone())
            .with_strong_reads(true)
            .with_token_pepper(b"test-pepper".to_vec());
        Self { store, clock, audit }
    }

    /// A new team with a new admin, as the operator creates it; returns the admin's scope.
    pub async fn team(&self, name: &str) -> TeamScope {
        let email =
            Email::parse(&format!("admin-{}@example.com", ulid::Ulid::new().to_string().to_lowercase()))
                .unwrap();
        let admin = self.identity().create_user(&email, None).await.unwrap();
        let team = self.identity().create_team(&Name::parse(name).unwrap(), &admin.id).await.unwrap();
        let (_, session) = self.sign_in(&email).await;
        self.identity().scope_for_session(&session, &team.id).await.unwrap()
    }

    /// A new user with `role` in the scope's team, signed in; returns their scope.
    pub async fn member(&self, admin: &TeamScope, role: Role) -> TeamScope {
        let email =
            Email::parse(&format!("{}-{}@example.com", role, ulid::Ulid::new().to_string().to_lowercase()))
                .unwrap();
        let user = self.identity().create_user(&email, None).await.unwrap();
        self.identity().put_member(admin, &user.id, role).await.unwrap();
        let (_, session) = self.sign_in(&email).await;
        self.identity().scope_for_session(&session, admin.team()).await.unwrap()
    }

    /// Signs an invited user in as the app does: a code is issued (read here, where the app
    /// would mail it) and consumed. Returns the session token and the verified session.
    pub async fn sign_in(&self, email: &Email) -> (Sensitive, VerifiedSession) {
        let issued =
            self.identity().request_sign_in_code(email).await.unwrap().expect("a code for an invited user");
        let signed = self.identity().sign_in_with_code(email, &issued.code).await.unwrap();
        let session = self.identity().verify_session(&signed.token).await.unwrap();
        (signed.token, session)
    }

    /// A new team with one person "R" and one project "P": what most store tests start from.
    pub async fn team_with_r_and_p(&self, name: &str) -> (TeamScope, Person, planner_domain::Project) {
        let scope = self.team(name).await;
        let r = self.person(&scope, "R").await;
        let p = self.project(&scope, "P").await;
        (scope, r, p)
    }

    pub async fn person(&self, scope: &TeamScope, name: &str) -> Person {
        self.plan().create_person(scope, PersonId::generate(), Name::parse(name).unwrap()).await.unwrap()
    }

    pub async fn project(&self, scope: &TeamScope, name: &str) -> planner_domain::Project {
        self.plan()
            .create_project(
                scope,
                ProjectId::generate(),
                Name::parse(name).unwrap(),
                Color::parse("#336699").unwrap(),
            )
            .await
            .unwrap()
    }

    pub async fn assign(
        &self,
        scope: &TeamScope,
        r: &PersonId,
        p: &ProjectId,
        start: &str,
        days: i64,
    ) -> planner_domain::Assignment {
        self.assign_range(scope, r, p, range(start, days)).await.unwrap()
    }

    /// Creates an assignment with a new id; the store's answer as it is.
    pub async fn assign_range(
        &self,
        scope: &TeamScope,
        r: &PersonId,
        p: &ProjectId,
        range: DateRange,
    ) -> Result<planner_domain::Assignment, planner_store::StoreError> {
        let new = NewAssignment {
            id: AssignmentId::generate(),
            person_id: r.clone(),
            project_id: p.clone(),
            range,
            allocation: Default::default(),
            status: Default::default(),
            series: None,
        };
        self.plan().create_assignment(scope, new).await
    }
}

pub fn day(s: &str) -> Date {
    Date::parse(s).unwrap()
}

pub fn range(start: &str, days: i64) -> DateRange {
    DateRange::new(day(start), day(start).add_days(days)).unwrap()
}

pub fn window(from: &str, to: &str) -> DateRange {
    DateRange::window(day(from), day(to)).unwrap()
}

/// One request as the recording hook saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub operation: String,
    pub request: serde_json::Value,
    pub status: u16,
    pub response: serde_json::Value,
}

/// A fault rule: looks at each request (operation, JSON body) and decides what happens to it.
pub type Rule = Box<dyn FnMut(&str, &serde_json::Value) -> Before + Send>;

/// Records every request and answer; optionally applies a fault rule first.
#[derive(Default)]
pub struct Recorder {
    pub seen: Mutex<Vec<Seen>>,
    pub rule: Mutex<Option<Rule>>,
    pub calls: AtomicUsize,
}

impl std::fmt::Debug for Recorder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Recorder")
    }
}

impl Recorder {
    pub fn set_rule(&self, rule: impl FnMut(&str, &serde_json::Value) -> Before + Send + 'static) {
        *self.rule.lock().unwrap() = Some(Box::new(rule));
    }

    /// Lets the first `n` requests of the operation `op` through and drops the connection on
    /// every one after (the engine never sees them): a network lost part way through a command.
    pub fn disconnect_after(&self, op: &'static str, n: usize) {
        let mut seen = 0;
        self.set_rule(move |o, _| {
            if o != op {
                return Before::Forward;
            }
            seen += 1;
            if seen > n { Before::Disconnect } else { Before::Forward }
        });
    }

    pub fn clear_rule(&self) {
        *self.rule.lock().unwrap() = None;
    }

    pub fn take(&self) -> Vec<Seen> {
        std::mem::take(&mut *self.seen.lock().unwrap())
    }

    pub fn operations(&self) -> Vec<String> {
        self.seen.lock().unwrap().iter().map(|s| s.operation.clone()).collect()
    }
}

impl Hooks for Recorder {
    fn before(&self, operation: &str, body: &[u8]) -> Before {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let value: serde_json::Value = serde_json::from_slice(body).unwrap_or(serde_json::Value::Null);
        match self.rule.lock().unwrap().as_mut() {
            Some(rule) => rule(operation, &value),
            None => Before::Forward,
        }
    }

    fn after(&self, operation: &str, request: &[u8], status: u16, response: &[u8]) {
        self.seen.lock().unwrap().push(Seen {
            operation: operation.to_owned(),
            request: serde_json::from_slice(request).unwrap_or(serde_json::Value::Null),
            status,
            response: serde_json::from_slice(response).unwrap_or(serde_json::Value::Null),
        });
    }
}

/// Every string in a JSON value, recursively.
pub fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// A DynamoDB error body as the service sends it.
pub fn service_error(kind: &str, message: &str) -> Vec<u8> {
    serde_json::json!({ "__type": format!("com.amazonaws.dynamodb.v20120810#{kind}"), "message": message })
        .to_string()
        .into_bytes()
}

/// Every item of partition `pk`, read strongly to the last page (tests that look at or damage the
/// stored items themselves).
pub async fn partition(
    env: &TestEnv,
    pk: &str,
) -> Vec<std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>> {
    let mut items = Vec::new();
    let mut from = None;
    loop {
        let out = env
            .store
            .connection()
            .client
            .query()
            .table_name(&env.store.connection().table)
            .key_condition_expression("pk = :pk")
            .expression_attribute_values(":pk", aws_sdk_dynamodb::types::AttributeValue::S(pk.into()))
            .set_exclusive_start_key(from)
            .consistent_read(true)
            .send()
            .await
            .unwrap();
        items.extend(out.items.unwrap_or_default());
        from = out.last_evaluated_key;
        if from.is_none() {
            return items;
        }
    }
}
