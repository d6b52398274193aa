//! Updates, through Tauri's updater plugin, from where IT's machine-wide settings say
//! (`updates.url`: a `latest.json` manifest; `updates.public_key`: the key the packages are
//! signed with) and only while `updates.enabled` holds (IT's `false` is locked). The build
//! itself carries no key and no address: nothing is looked for until IT sets both up.
//!
//! A package is installed only when its signature is that key's (minisign, checked by the plugin
//! on the bytes downloaded, before anything is written); then the app restarts into it. On Linux
//! the plugin installs a .deb with `pkexec dpkg -i` (an administrator's password, as any package);
//! on Windows it runs the MSI or NSIS installer; on macOS it replaces the app bundle.

use planner_config::{UpdateSource, Updates as Setting};
use serde::Serialize;
use tauri::Runtime;
use tauri_plugin_updater::{Update, UpdaterBuilder, UpdaterExt};
use ts_rs::TS;

/// What the window shows of updates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "state", rename_all = "camelCase")]
#[ts(export, rename = "UpdateDto")]
pub enum UpdateView {
    /// Updates are turned off (`locked`: by IT's machine-wide file).
    Off { locked: bool },
    /// IT has not set up where updates come from.
    NotSetUp,
    /// This version is the newest the manifest names.
    Current { version: String },
    /// A newer version can be installed.
    Available { version: String, current: String, notes: Option<String>, date: Option<String> },
}

/// The updater as the commands reach it: the app's handle (its runtime erased) and the update
/// last found, which Install installs.
pub struct Updates {
    builder: Box<dyn Fn() -> UpdaterBuilder + Send + Sync>,
    restart: Box<dyn Fn() + Send + Sync>,
    found: tokio::sync::Mutex<Option<Update>>,
}

impl Updates {
    pub fn of<R: Runtime>(app: tauri::AppHandle<R>) -> Self {
        let again = app.clone();
        Self {
            builder: Box::new(move || app.updater_builder()),
            restart: Box::new(move || again.restart()),
            found: tokio::sync::Mutex::new(None),
        }
    }

    /// Looks at the manifest `setting` names for a version newer than this one.
    pub async fn check(&self, setting: &Setting, locked: bool) -> Result<UpdateView, planner_app::AppError> {
        if !setting.enabled {
            return Ok(UpdateView::Off { locked });
        }
        let Some(source) = &setting.source else { return Ok(UpdateView::NotSetUp) };
        let update =
            self.updater(source)?.check().await.map_err(|e| failed("could not look for updates", &e))?;
        let view = match &update {
            None => UpdateView::Current { version: env!("CARGO_PKG_VERSION").to_owned() },
            Some(u) => UpdateView::Available {
                version: u.version.clone(),
                current: u.current_version.clone(),
                notes: u.body.clone().filter(|n| !n.trim().is_empty()),
                date: u.date.and_then(|d| d.format(&time::format_description::well_known::Rfc3339).ok()),
            },
        };
        *self.found.lock().await = update;
        Ok(view)
    }

    /// Downloads the update last found and checks its signature: the package's bytes, proven
    /// IT's. Nothing is written.
    pub async fn download(&self) -> Result<(Update, Vec<u8>), planner_app::AppError> {
        let update = self.found.lock().await.clone().ok_or_else(|| {
            planner_app::AppError::Update("no update was found to install: look for updates first".into())
        })?;
        let bytes = update.download(|_, _| {}, || {}).await.map_err(|e| match e {
            tauri_plugin_updater::Error::Minisign(_) | tauri_plugin_updater::Error::SignatureUtf8(_) => {
                tracing::warn!("version {} refused: {e}", update.version);
                planner_app::AppError::Update(format!(
                    "version {} was refused: its signature is not IT's (the package was changed, or signed with another key)",
                    update.version
                ))
            }
            e => failed(&format!("version {} could not be downloaded", update.version), &e),
        })?;
        Ok((update, bytes))
    }

    /// Downloads, proves and installs the update last found, then restarts the app into it.
    pub async fn install(&self) -> Result<(), planner_app::AppError> {
        let (update, bytes) = self.download().await?;
        tracing::info!("installing version {} (signature checked)", update.version);
        update
            .install(&bytes)
            .map_err(|e| failed(&format!("version {} could not be installed", update.version), &e))?;
        (self.restart)();
        Ok(())
    }

    fn updater(&self, source: &UpdateSource) -> Result<tauri_plugin_updater::Updater, planner_app::AppError> {
        let url = source
            .url
            .parse()
            .map_err(|e| planner_app::AppError::Update(format!("updates.url {:?}: {e}", source.url)))?;
        (self.builder)()
            .endpoints(vec![url])
            .and_then(|b| b.pubkey(source.public_key.clone()).build())
            .map_err(|e| failed("updates are not set up right", &e))
    }
}

fn failed(what: &str, e: &tauri_plugin_updater::Error) -> planner_app::AppError {
    tracing::warn!("{what}: {e}");
    planner_app::AppError::Update(format!("{what}: {e}"))
}
