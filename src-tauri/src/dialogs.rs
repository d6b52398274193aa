//! The OS's own file dialogs (GTK's file chooser, the Finder's, Windows'), through Tauri's
//! dialog plugin, as commands take them (`State<'_, Dialogs>`): managed at start with the app's
//! handle, since a dialog belongs to the app, not to a command's arguments. Each opens in the
//! folder last used for the same purpose (`planner_app::folders`), which it then remembers;
//! a file is saved only where a save dialog answered (the window never names a path to write).
//!
//! The command tests, which have no OS dialogs, manage a [`Chooser`] that answers as a user
//! would; the end-to-end tests answer the real ones.

use planner_app::saving::ToSave;
use planner_app::{Places, folders};
use std::path::PathBuf;
use tauri::Runtime;
use tauri_plugin_dialog::DialogExt;

/// What a dialog asks.
#[derive(Debug, Clone)]
pub struct Ask {
    pub title: String,
    /// What the filter calls the files shown ("CSV, Excel").
    pub kind: String,
    pub extensions: Vec<String>,
    /// The folder shown first.
    pub folder: Option<PathBuf>,
    /// A save dialog's suggested name.
    pub name: Option<String>,
}

/// The path a dialog answered, or none when it was closed.
pub type Answer = Box<dyn FnOnce(Option<PathBuf>) + Send>;

/// Shows open and save dialogs.
pub trait Chooser: Send + Sync {
    fn open(&self, ask: Ask, answer: Answer);
    fn save(&self, ask: Ask, answer: Answer);
}

/// The app's dialogs.
pub struct Dialogs(Box<dyn Chooser>);

impl Dialogs {
    /// The OS's dialogs, through the app's dialog plugin.
    pub fn of_os<R: Runtime>(app: tauri::AppHandle<R>) -> Self {
        Self(Box::new(Os(app)))
    }

    /// Dialogs shown by `chooser` (the command tests').
    pub fn with(chooser: impl Chooser + 'static) -> Self {
        Self(Box::new(chooser))
    }

    /// Asks for a file to open for `purpose` (`import`), showing the files whose extension is one
    /// of `extensions` (named `kind`) in the folder last used for it; the path chosen, or none
    /// when the dialog was closed.
    pub async fn pick_file(
        &self,
        places: &Places,
        purpose: &str,
        title: &str,
        kind: &str,
        extensions: &[&str],
    ) -> Option<PathBuf> {
        let remembered = places.last_folders();
        let ask = Ask {
            title: title.to_owned(),
            kind: kind.to_owned(),
            extensions: extensions.iter().map(|e| (*e).to_owned()).collect(),
            folder: folders::last(&remembered, purpose),
            name: None,
        };
        let chosen = self.shown(ask, |c, a, f| c.open(a, f)).await;
        if let Some(path) = &chosen {
            folders::remember(&remembered, purpose, path);
        }
        chosen
    }

    /// Asks where to save `file` (its name suggested, in the folder last used for exports, else
    /// the downloads folder) and saves it there; the path written, or none when the dialog was
    /// closed (nothing written).
    pub async fn save(
        &self,
        places: &Places,
        title: &str,
        file: ToSave,
    ) -> Result<Option<PathBuf>, planner_app::AppError> {
        const PURPOSE: &str = "export";
        let remembered = places.last_folders();
        let ask = Ask {
            title: title.to_owned(),
            kind: file.kind().to_owned(),
            extensions: vec![file.extension.to_owned()],
            folder: folders::last(&remembered, PURPOSE).or_else(|| places.downloads().ok()),
            name: Some(file.name()),
        };
        let Some(chosen) = self.shown(ask, |c, a, f| c.save(a, f)).await else { return Ok(None) };
        let path = file.save_as(&chosen).await?;
        folders::remember(&remembered, PURPOSE, &path);
        Ok(Some(path))
    }

    /// `ask` shown by `show` (an open or a save dialog); the path answered, or none.
    async fn shown(&self, ask: Ask, show: fn(&dyn Chooser, Ask, Answer)) -> Option<PathBuf> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        show(self.0.as_ref(), ask, Box::new(move |chosen| drop(tx.send(chosen))));
        rx.await.ok().flatten()
    }
}

/// The OS's dialogs.
struct Os<R: Runtime>(tauri::AppHandle<R>);

impl<R: Runtime> Os<R> {
    fn builder(&self, ask: Ask) -> tauri_plugin_dialog::FileDialogBuilder<R> {
        let extensions: Vec<&str> = ask.extensions.iter().map(String::as_str).collect();
        let mut dialog = self.0.dialog().file().set_title(ask.title).add_filter(ask.kind, &extensions);
        if let Some(folder) = ask.folder {
            dialog = dialog.set_directory(folder);
        }
        if let Some(name) = ask.name {
            dialog = dialog.set_file_name(name);
        }
        dialog
    }
}

impl<R: Runtime> Chooser for Os<R> {
    fn open(&self, ask: Ask, answer: Answer) {
        self.builder(ask).pick_file(move |chosen| answer(chosen.and_then(|f| f.into_path().ok())));
    }

    fn save(&self, ask: Ask, answer: Answer) {
        self.builder(ask).save_file(move |chosen| answer(chosen.and_then(|f| f.into_path().ok())));
    }
}
