//! The team's lists of groups, roles and skills, and what people carry of them, as the window
//! asks: one write each in the open team's scope (a change of many people: as few transactions
//! as fit), its change applied to the offline copy once confirmed.

use crate::AppError;
use crate::app::{App, Changes};
use planner_cache::Change;
use planner_domain::{Label, LabelId, LabelKind, LabelsEdit, Name, Person, PersonId, PersonLabels};
use planner_store::ManyLabels;

impl Changes for Label {
    fn change(&self) -> Change {
        Change::Label(self.clone())
    }
}

impl Changes for ManyLabels {
    fn change(&self) -> Change {
        Change::Each(self.people.iter().cloned().map(Change::Person).collect())
    }
}

impl App {
    /// A new group, role or skill; `id` (made by the window) makes sending it again safe.
    pub async fn create_label(&self, id: LabelId, kind: LabelKind, name: Name) -> Result<Label, AppError> {
        self.write(async |store, scope| store.plan().create_label(scope, id, kind, name).await).await
    }

    pub async fn rename_label(&self, id: &LabelId, version: u64, name: Name) -> Result<Label, AppError> {
        self.write(async |store, scope| store.plan().rename_label(scope, id, version, name).await).await
    }

    /// Deletes a label and takes it from everyone carrying it; answers how many people that was.
    /// The people changed come back to the window with its next read of the catalog.
    pub async fn delete_label(&self, id: &LabelId) -> Result<usize, AppError> {
        self.write_as(
            async |store, scope| store.plan().delete_label(scope, id).await,
            Change::LabelGone(id.clone()),
        )
        .await
    }

    /// What one person carries, as the window saw them at `current.version`.
    pub async fn set_person_labels(
        &self,
        current: &Person,
        labels: PersonLabels,
    ) -> Result<Person, AppError> {
        self.write(async |store, scope| store.plan().set_person_labels(scope, current, labels).await).await
    }

    /// One change of many people's labels; those someone else changed meanwhile are named.
    pub async fn set_labels_many(
        &self,
        seen: &[(PersonId, u64)],
        edit: &LabelsEdit,
    ) -> Result<ManyLabels, AppError> {
        self.write(async |store, scope| store.plan().set_labels_many(scope, seen, edit).await).await
    }
}
