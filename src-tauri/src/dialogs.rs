//! The OS's own file dialogs (GTK's file chooser, the Finder's, Windows'), through Tauri's
//! dialog plugin, as commands take them (`State<'_, Dialogs>`): managed at start with the app's
//! handle, since a dialog belongs to the app, not to a command's arguments.

use std::path::PathBuf;
use tauri_plugin_dialog::DialogExt;

/// The app's handle, to open its dialogs.
pub struct Dialogs(pub tauri::AppHandle);

impl Dialogs {
    /// Asks for a file to open, showing `folder` first and the files whose extension is one of
    /// `extensions` (named `kind`); the path chosen, or none when the dialog was closed.
    pub async fn pick_file(
        &self,
        title: &str,
        kind: &str,
        extensions: &[&str],
        folder: Option<PathBuf>,
    ) -> Option<PathBuf> {
        let mut dialog = self.0.dialog().file().set_title(title).add_filter(kind, extensions);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        let (tx, rx) = tokio::sync::oneshot::channel();
        dialog.pick_file(move |chosen| {
            let _ = tx.send(chosen.and_then(|f| f.into_path().ok()));
        });
        rx.await.ok().flatten()
    }
}
