//! What the app holds while it runs: the store it works on and, when a team is open, the scope
//! it acts in. The scope is made only here, from the local workspace's owner or (issue #4) a
//! signed-in session; commands ask for it with [`AppState::plan`] and never take a team from
//! the UI.

use crate::IpcError;
use planner_domain::{Clock, Date, SystemClock};
use planner_store::{AuditSink, Engine, FileAudit, Store, StoreError, TeamScope};
use std::sync::Arc;
use tokio::sync::RwLock;

pub struct AppState {
    clock: Arc<dyn Clock>,
    workspace: RwLock<Workspace>,
}

/// What the window works on now.
enum Workspace {
    /// This computer's local workspace, always open as its owner (admin).
    Local { store: Arc<Store>, scope: TeamScope },
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
        if workspace.created {
            store.seed_demo(&scope, today(clock.as_ref())?, 1).await?;
        }
        let store = Arc::new(store);
        Ok(Self { clock, workspace: RwLock::new(Workspace::Local { store, scope }) })
    }

    /// The store and the scope of the team open now, for the plan's commands.
    pub async fn plan(&self) -> Result<(Arc<Store>, TeamScope), IpcError> {
        match &*self.workspace.read().await {
            Workspace::Local { store, scope } => Ok((store.clone(), scope.clone())),
        }
    }

    pub fn today(&self) -> Result<Date, IpcError> {
        today(self.clock.as_ref())
    }
}

fn today(clock: &dyn Clock) -> Result<Date, IpcError> {
    Ok(Date::from_time(clock.now().date()).map_err(StoreError::from)?)
}
