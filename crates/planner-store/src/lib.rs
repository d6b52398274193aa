//! resource-planner's team table: keys, engines and the tenant-scoped access patterns of
//! docs/data-model.md, on real DynamoDB or the embedded engine through one code path.
//!
//! The entry point is [`Store`]. Team data is reached only through a [`TeamScope`], which only
//! this crate can make: from a verified session and the stored membership, from the local
//! workspace's owner, or (feature `operator`, for the admin CLI) by the operator.

pub mod audit;
pub mod engine;
mod error;
mod identity;
pub mod keys;
mod plan;
pub mod private;
mod scope;
mod sdk;
mod secret;
pub mod transfer;
pub mod window;

pub use audit::{AuditEvent, AuditSink, FileAudit, MemoryAudit};
pub use engine::{Connection, Engine, RemoteTable, connect};
pub use error::StoreError;
pub use identity::{
    CODE_BITS, CODE_LENGTH, CODES_PER_HOUR, Caller, Credential, Identity, IdentityLink, IssuedCode,
    MemberInfo, SESSION_DAYS, SignedIn, TeamMembership, VERIFICATION_MINUTES, VerifiedSession,
    WRONG_CODES_ALLOWED, has_code_form,
};
pub use plan::{
    AssignmentChange, AssignmentRef, BookingEdit, CascadeReport, Catalog, EditOutcome, GONE_DAYS,
    MAX_EDITS_AT_ONCE, MAX_HOLIDAYS_AT_ONCE, MAX_LABELS_NAMED, MAX_VIEWS, ManyEdited, ManyLabels,
    NewAssignment, NewTimeOff, PendingDeletion, Plan, StaffingRead, TimeOffChange, Timeline, ViewInput,
};
pub use plan::{demo, feed};
pub use scope::{LocalWorkspace, TeamScope};
pub use secret::{Sensitive, canonical_code, code_key, is_link_secret};

use planner_domain::{Action, Clock, TeamId};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// The store: one table, a clock, an audit sink.
pub struct Store {
    /// Random per store: a scope made by one store is refused by another (see `require`).
    id: u64,
    conn: Connection,
    clock: Arc<dyn Clock>,
    audit: Arc<dyn AuditSink>,
    strong_reads: bool,
    /// "Now" is the table's time when it has said it (`engine/table_time.rs`).
    table_time: bool,
    pepper: Vec<u8>,
    /// Window-index levels known to be registered, per team (they are never removed).
    known_levels: Mutex<HashSet<(TeamId, keys::Series, u8)>>,
    /// STS's last answer and when (sign-in by AWS identity): rechecks reuse it for a while.
    caller: Mutex<Option<(Caller, std::time::Instant)>>,
    /// Each team's retention of change records in days, and when it was read (plan/feed/mod.rs).
    feed_days: Mutex<std::collections::HashMap<TeamId, (u32, std::time::Instant)>>,
    /// Orders the change records this store writes within one millisecond.
    feed_seq: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Store {
    // By hand, so that the token pepper never prints.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("table", &self.conn.table)
            .field("strong_reads", &self.strong_reads)
            .field("pepper", &"<redacted>")
            .finish_non_exhaustive()
    }
}

impl Store {
    pub fn new(conn: Connection, clock: Arc<dyn Clock>, audit: Arc<dyn AuditSink>) -> Self {
        Self {
            id: rand::random(),
            conn,
            clock,
            audit,
            strong_reads: false,
            table_time: false,
            pepper: Vec::new(),
            known_levels: Mutex::new(HashSet::new()),
            caller: Mutex::new(None),
            feed_days: Mutex::new(std::collections::HashMap::new()),
            feed_seq: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Read with strong consistency everywhere (tests; DynamoDB charges twice as much).
    /// Reads that decide a write (cascades, conflicts, sessions) are always strongly consistent.
    pub fn with_strong_reads(mut self, strong: bool) -> Self {
        self.strong_reads = strong;
        self
    }

    /// Reads "now" as the table's time once an answer has said it, not the computer's calendar
    /// clock: the expiry of codes and sessions, the hourly limit of codes and every record's
    /// time then hold whatever this computer's clock says (`engine/table_time.rs`). The app's
    /// and rp-admin's stores keep to it; tests that set the time themselves do not.
    pub fn with_table_time(mut self) -> Self {
        self.table_time = true;
        self
    }

    /// The deployment's secret mixed into verification-token keys (Auth.js's AUTH_SECRET).
    pub fn with_token_pepper(mut self, pepper: Vec<u8>) -> Self {
        self.pepper = pepper;
        self
    }

    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    pub(crate) fn client(&self) -> &aws_sdk_dynamodb::Client {
        &self.conn.client
    }

    pub(crate) fn table(&self) -> &str {
        &self.conn.table
    }

    /// Now: the table's time when this store keeps to it and the table has said it, else the
    /// clock the store was given.
    pub fn now(&self) -> time::OffsetDateTime {
        let table = self.table_time.then(|| self.conn.table_time.now_millis()).flatten();
        table
            .and_then(|ms| time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).ok())
            .unwrap_or_else(|| self.clock.now())
    }

    /// [`Store::now`] in milliseconds since the epoch (the change feed's keys, the live view).
    pub fn now_millis(&self) -> i64 {
        planner_domain::epoch_millis(self.now())
    }

    pub(crate) fn now_rfc3339(&self) -> String {
        self.now().format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
    }

    /// One transaction of `actions`, retried while DynamoDB answers that it is busy
    /// (`sdk::transact`).
    pub(crate) async fn transact(
        &self,
        actions: Vec<aws_sdk_dynamodb::types::TransactWriteItem>,
    ) -> Result<(), sdk::TxError> {
        sdk::transact(self.client(), actions).await
    }

    /// Proves the connection (credentials, region, endpoint, table) with one eventually
    /// consistent read of a key no item has: the least the IAM policy of docs/security.md
    /// allows, and no table operation.
    pub async fn probe(&self) -> Result<(), StoreError> {
        self.get(sdk::key(keys::PROBE_PK, keys::META), false).await.map(|_| ())
    }

    /// One item by key; `consistent` asks for a strongly consistent read.
    pub(crate) async fn get(
        &self,
        key: sdk::Item,
        consistent: bool,
    ) -> Result<Option<sdk::Item>, StoreError> {
        self.get_of(key, consistent, None).await
    }

    /// [`Store::get`] returning only the attributes of `projection` (all without one).
    pub(crate) async fn get_of(
        &self,
        key: sdk::Item,
        consistent: bool,
        projection: Option<&sdk::Projection>,
    ) -> Result<Option<sdk::Item>, StoreError> {
        Ok(self
            .get_item()
            .set_key(Some(key))
            .consistent_read(consistent)
            .set_projection_expression(projection.map(|p| p.expression.clone()))
            .set_expression_attribute_names(projection.map(|p| p.names.clone()))
            .return_consumed_capacity(aws_sdk_dynamodb::types::ReturnConsumedCapacity::Total)
            .send()
            .await
            .map_err(sdk::classify)?
            .item)
    }

    /// Puts an item that must not exist yet: `Ok(true)` if written, `Ok(false)` if an item with
    /// that key was already there (nothing written).
    pub(crate) async fn put_if_absent(&self, item: sdk::Item) -> Result<bool, StoreError> {
        let put = self
            .put_item()
            .return_consumed_capacity(aws_sdk_dynamodb::types::ReturnConsumedCapacity::Total)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(pk)")
            .send()
            .await;
        match put {
            Ok(_) => Ok(true),
            Err(e) if sdk::is_condition_failure(&e) => Ok(false),
            Err(e) => Err(sdk::classify(e)),
        }
    }

    /// A Query of one partition's sort keys from `lo` to `hi`, both included (run it with
    /// `sdk::query_all`, which follows every page).
    pub(crate) fn query_range(
        &self,
        pk: impl Into<String>,
        (lo, hi): (String, String),
        consistent: bool,
    ) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        self.query()
            .key_condition_expression("pk = :pk AND sk BETWEEN :lo AND :hi")
            .expression_attribute_values(":pk", sdk::s(pk))
            .expression_attribute_values(":lo", sdk::s(lo))
            .expression_attribute_values(":hi", sdk::s(hi))
            .consistent_read(consistent)
    }

    /// Checks the scope's role for `action`; a refusal is audited under `command`. A scope made
    /// by another store (say, a local workspace's owner scope offered to a shared table) is
    /// refused. The audit log is read by IT, so its names stay as they were first written: the
    /// people's calls are `create_resource`, `rename_resource`, `delete_resource`,
    /// `list_resources` and `resource_assignment_count` there.
    pub(crate) fn require(
        &self,
        scope: &TeamScope,
        action: Action,
        command: &'static str,
    ) -> Result<(), StoreError> {
        if scope.store_id() != self.id {
            return Err(StoreError::Config { message: "this team was opened on another data store".into() });
        }
        if scope.role().allows(action) {
            return Ok(());
        }
        self.audit.record(&AuditEvent {
            at: self.now_rfc3339(),
            user: scope.user().to_string(),
            team: scope.team().to_string(),
            command: command.to_owned(),
            refused: "role".into(),
            role: Some(scope.role().to_string()),
        });
        Err(StoreError::Forbidden {
            role: scope.role(),
            action: match action {
                Action::ReadPlan => "read this team's plan",
                Action::EditPlan => "change this team's plan",
                Action::ManageTeam => "manage this team",
            },
        })
    }
}

/// The SDK's request builders with this table's name set: `store.query()`, `store.update_item()`,
/// … (a Query gets its key condition and runs with `sdk::query_all`).
macro_rules! table_requests {
    ($($request:ident: $builder:ty),* $(,)?) => {
        impl Store {
            $(pub(crate) fn $request(&self) -> $builder {
                self.client().$request().table_name(self.table())
            })*
        }
    };
}

table_requests! {
    get_item: aws_sdk_dynamodb::operation::get_item::builders::GetItemFluentBuilder,
    put_item: aws_sdk_dynamodb::operation::put_item::builders::PutItemFluentBuilder,
    update_item: aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder,
    delete_item: aws_sdk_dynamodb::operation::delete_item::builders::DeleteItemFluentBuilder,
}

/// The items a page of a Query holds at most on the embedded engine (a Query that sets its own
/// `Limit` keeps it). The engine reads every item left in a Query's range for each page before
/// it stops at 1 MB, so a range of n items read page by page read about n²/2000 items and held
/// them all at once: 50,000 assignments in one window read 28 MB of rows for the first page
/// alone. With a Limit it reads no more than the page. About a 1 MB page of our items.
pub(crate) const EMBEDDED_PAGE_ITEMS: i32 = 2000;

impl Store {
    /// A Query of this table (it gets its key condition and runs with `sdk::query_all`); on the
    /// embedded engine, pages of at most `EMBEDDED_PAGE_ITEMS`.
    pub(crate) fn query(&self) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        let query = self.client().query().table_name(self.table());
        if self.conn.embedded { query.limit(EMBEDDED_PAGE_ITEMS) } else { query }
    }
}
