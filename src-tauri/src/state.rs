//! What the app holds while it runs: the store and the scope it acts in.

use crate::IpcError;
use planner_domain::{Clock, Date, SystemClock};
use planner_store::{AuditSink, Engine, FileAudit, Store, StoreError, TeamScope};
use std::sync::Arc;

pub struct AppState {
    pub store: Store,
    pub scope: TeamScope,
    pub clock: Arc<dyn Clock>,
}

impl AppState {
    /// The local workspace in the OS data directory, with its audit log beside it.
    pub async fn open_local() -> Result<Self, IpcError> {
        let engine = Engine::default_local_workspace()?;
        let audit_path = match &engine {
            Engine::LocalFile(path) => path.with_file_name("audit.log"),
            _ => return Err(StoreError::Config { message: "no local workspace path".into() }.into()),
        };
        Self::open(engine, Arc::new(FileAudit::new(audit_path)), Arc::new(SystemClock)).await
    }

    /// Opens a local workspace on `engine`; the demo team is added when it is created.
    pub async fn open(
        engine: Engine,
        audit: Arc<dyn AuditSink>,
        clock: Arc<dyn Clock>,
    ) -> Result<Self, IpcError> {
        let conn = planner_store::connect(&engine, None).await?;
        let store = Store::new(conn, clock.clone(), audit);
        let (workspace, scope) = store.open_local_workspace().await?;
        let state = Self { store, scope, clock };
        if workspace.created {
            state.store.seed_demo(&state.scope, state.today()?, 1).await?;
        }
        Ok(state)
    }

    pub fn today(&self) -> Result<Date, IpcError> {
        Ok(Date::from_time(self.clock.now().date()).map_err(StoreError::from)?)
    }
}
