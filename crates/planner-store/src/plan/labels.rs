//! The team's lists of groups, roles and skills, and what each person carries of them:
//! docs/data-model.md, access patterns 56–61.
//!
//! A label (`PTAG#{id}`) is read with people and projects (the catalog's one Query). Its name is
//! one label's in its list by a guard item (`NAMED#{kind}#{folded name}`), written in the same
//! transaction as the label, so two planners creating "React" at once make one skill. A person
//! names labels by id: a rename is one write that every row follows. Planners and admins change
//! them; viewers none.

use super::items::{self, DELETING, GROUPS, ROLE, SKILLS, is_deleting};
use crate::keys;
use crate::plan::Plan;
use crate::plan::feed::{Change, FeedAction, FeedKind};
use crate::sdk::{Item, key, n, put_new, query_all, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{ConditionCheck, Delete, TransactWriteItem, Update};
use planner_domain::{
    Action, Label, LabelId, LabelKind, LabelsEdit, Name, Person, PersonId, PersonLabels, ValidationError,
};
use serde::Serialize;
use std::collections::BTreeSet;

/// The attribute of a name guard naming its label.
const GUARD_LABEL: &str = "labelId";
/// The most labels one person's write names (the person, their record and one check each fit a
/// transaction of 100 actions).
pub const MAX_LABELS_NAMED: usize = 98;
/// How often a run over many people reads them again after someone else changed one of them.
const RUNS: usize = 5;

/// What a change of many people's labels did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ManyLabels {
    /// The people as they are now, each once (those the change left as they were too).
    pub people: Vec<Person>,
    /// The people someone else changed or deleted since the caller read them: left as they are.
    pub conflicts: Vec<PersonId>,
}

impl Plan<'_> {
    /// The team's groups, roles and skills, by kind and name (access pattern 56; the timeline
    /// reads them with the catalog).
    pub async fn labels(self, scope: &TeamScope) -> Result<Vec<Label>, StoreError> {
        self.store.require(scope, Action::ReadPlan, "labels")?;
        // The lists' own range, not the whole catalog; one being deleted is not offered.
        let rows =
            query_all(self.store.query_range(scope.pk(), keys::labels_range(), self.store.strong_reads))
                .await?;
        let live = rows.iter().filter(|r| !is_deleting(r));
        let mut labels = items::readable(live, items::label_from_item, &mut Vec::new());
        sort_labels(&mut labels);
        Ok(labels)
    }

    /// Access pattern 57: a new group, role or skill (`id` made by the caller: sending it again
    /// is safe). A name its list holds already, in any case or width, is refused.
    pub async fn create_label(
        self,
        scope: &TeamScope,
        id: LabelId,
        kind: LabelKind,
        name: Name,
    ) -> Result<Label, StoreError> {
        self.store.require(scope, Action::EditPlan, "create_label")?;
        let pk = scope.pk();
        let label = Label { id, kind, name, version: 1 };
        let change = Change::new(FeedKind::Label, FeedAction::Created, label.id.as_str()).after(&label);
        let actions = vec![
            put_new(self.store.table(), items::label_item(&pk, &label))?,
            put_new(self.store.table(), guard_item(&pk, &label))?,
            self.feed_record(scope, self.feed_days(scope).await?, change)?,
        ];
        match self.store.transact(actions).await {
            Ok(()) => Ok(label),
            Err(e) if e.condition_failed_at(0) => {
                match self.store.get(key(&pk, keys::label_sk(&label.id)), true).await? {
                    Some(item) if items::label_from_item(&item).as_ref() == Ok(&label) => Ok(label),
                    _ => Err(StoreError::AlreadyExists { what: "label" }),
                }
            }
            Err(e) if e.condition_failed_at(1) => Err(duplicate(&label)),
            Err(e) => Err(e.into_store("label")),
        }
    }

    /// Access pattern 58: renames a label the caller saw at `version`; every person carrying it
    /// shows the new name, as nothing else is written.
    pub async fn rename_label(
        self,
        scope: &TeamScope,
        id: &LabelId,
        version: u64,
        name: Name,
    ) -> Result<Label, StoreError> {
        self.store.require(scope, Action::EditPlan, "rename_label")?;
        let pk = scope.pk();
        let at = key(&pk, keys::label_sk(id));
        let current = match self.store.get(at.clone(), true).await? {
            Some(item) if !is_deleting(&item) => items::label_from_item(&item)?,
            _ => return Err(StoreError::NotFound { what: "label" }),
        };
        if current.version != version {
            return Err(StoreError::Conflict { what: "label" });
        }
        let next = Label { name: name.clone(), version: version + 1, ..current.clone() };
        let update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(at.clone()))
            .update_expression("SET #name = :name, version = version + :one")
            .condition_expression(format!(
                "attribute_exists(pk) AND attribute_not_exists({DELETING}) AND version = :seen"
            ))
            .expression_attribute_names("#name", "name")
            .expression_attribute_values(":name", s(name.as_str()))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":seen", n(version))
            .build()
            .map_err(StoreError::build)?;
        let mut actions = vec![TransactWriteItem::builder().update(update).build()];
        // Another way of writing the same name (case, width) keeps its guard.
        let moves_guard = Label::name_key(&current.name) != Label::name_key(&name);
        if moves_guard {
            actions.push(put_new(self.store.table(), guard_item(&pk, &next))?);
            actions.push(self.remove_guard(&pk, &current)?);
        }
        let change =
            Change::new(FeedKind::Label, FeedAction::Changed, id.as_str()).before(&current).after(&next);
        actions.push(self.feed_record(scope, self.feed_days(scope).await?, change)?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(next),
            Err(e) if moves_guard && e.condition_failed_at(1) => Err(duplicate(&next)),
            Err(e) if e.condition_failed_at(0) => Err(match self.store.get(at, true).await? {
                Some(item) if !is_deleting(&item) => StoreError::Conflict { what: "label" },
                _ => StoreError::NotFound { what: "label" },
            }),
            Err(e) => Err(e.into_store("label")),
        }
    }

    /// Access pattern 59: deletes a label, first from every person carrying it (a deleted group's
    /// days become "no group"), each with their own change record, then the label with its
    /// guard. Marked first, so that no one gives it to a person meanwhile; a run cut short
    /// leaves a marked label that deleting again finishes. Deleting one that is gone succeeds.
    /// Answers how many people it was taken from.
    pub async fn delete_label(self, scope: &TeamScope, id: &LabelId) -> Result<usize, StoreError> {
        self.store.require(scope, Action::EditPlan, "delete_label")?;
        let pk = scope.pk();
        let at = key(&pk, keys::label_sk(id));
        let Some(item) = self.store.get(at.clone(), true).await? else { return Ok(0) };
        let label = items::label_from_item(&item)?;
        if !is_deleting(&item) {
            let mark = Update::builder()
                .table_name(self.store.table())
                .set_key(Some(at.clone()))
                .update_expression(format!("SET {DELETING} = :now"))
                .condition_expression("attribute_exists(pk)")
                .expression_attribute_values(":now", s(self.store.now_rfc3339()))
                .build()
                .map_err(StoreError::build)?;
            match self.store.transact(vec![TransactWriteItem::builder().update(mark).build()]).await {
                Ok(()) => {}
                Err(e) if e.condition_failed_at(0) => return Ok(0),
                Err(e) => return Err(e.into_store("label")),
            }
        }
        let mut taken = BTreeSet::new();
        for run in 0.. {
            let people = self.read_catalog(scope, true).await?.people;
            let carriers: Vec<(Person, PersonLabels)> = people
                .into_iter()
                .filter(|p| p.labels.carries(id))
                .map(|p| {
                    let after = p.labels.without(id);
                    (p, after)
                })
                .collect();
            if carriers.is_empty() {
                break;
            }
            if run == RUNS {
                return Err(StoreError::Busy {
                    message: "the people carrying it kept being changed; try again".into(),
                });
            }
            let written = self.write_people_labels(scope, &carriers, &[]).await?;
            taken.extend(written.into_iter().map(|p| p.id));
        }
        let change = Change::new(FeedKind::Label, FeedAction::Deleted, id.as_str())
            .before(&label)
            .summary(&serde_json::json!({ "people": taken.len() }));
        // Only the label this run marked: one put again meanwhile (an import) stays, with its
        // people.
        let remove = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(at))
            .condition_expression(format!("attribute_exists({DELETING})"))
            .build()
            .map_err(StoreError::build)?;
        let actions = vec![
            TransactWriteItem::builder().delete(remove).build(),
            self.remove_guard(&pk, &label)?,
            self.feed_record(scope, self.feed_days(scope).await?, change)?,
        ];
        match self.store.transact(actions).await {
            // Deleted by another run meanwhile (its record says so), or put again unmarked.
            Ok(()) => {}
            Err(e) if e.condition_failed_at(0) => {}
            Err(e) => return Err(e.into_store("label")),
        }
        Ok(taken.len())
    }

    /// Access pattern 60: sets what a person carries (groups over time, role, skills), as the
    /// caller saw them at `current.version`. One transaction: the person, a check that each label
    /// named is in its list and not being deleted, and the change record.
    pub async fn set_person_labels(
        self,
        scope: &TeamScope,
        current: &Person,
        labels: PersonLabels,
    ) -> Result<Person, StoreError> {
        self.store.require(scope, Action::EditPlan, "set_person_labels")?;
        let named: Vec<(LabelKind, LabelId)> =
            labels.named().into_iter().map(|(k, i)| (k, i.clone())).collect();
        if named.len() > MAX_LABELS_NAMED {
            return Err(ValidationError::TooManySkills { max: PersonLabels::MAX_SKILLS }.into());
        }
        let pk = scope.pk();
        // One label named in two lists is in the wrong one of them (a transaction checks an item
        // once): the label says which.
        for (i, (kind, id)) in named.iter().enumerate() {
            if let Some((other, _)) = named[i + 1..].iter().find(|(_, x)| x == id) {
                let stored = self.store.get(key(&pk, keys::label_sk(id)), true).await?;
                let actual =
                    stored.as_ref().and_then(|item| items::label_from_item(item).ok()).map(|l| l.kind);
                let wrong = if actual == Some(*kind) { *other } else { *kind };
                return Err(no_such(wrong, id));
            }
        }
        let next = Person { version: current.version + 1, labels: labels.clone(), ..current.clone() };
        let mut actions = vec![self.person_labels_update(&pk, current, &labels)?];
        for (kind, id) in &named {
            actions.push(self.label_check(&pk, *kind, id)?);
        }
        let change = Change::new(FeedKind::Person, FeedAction::Changed, current.id.as_str())
            .about([current.id.as_str()])
            .before(current)
            .after(&next);
        actions.push(self.feed_record(scope, self.feed_days(scope).await?, change)?);
        match self.store.transact(actions).await {
            Ok(()) => Ok(next),
            Err(e) => {
                if let Some((kind, id)) =
                    named.iter().enumerate().find(|(i, _)| e.condition_failed_at(i + 1)).map(|(_, x)| x)
                {
                    return Err(no_such(*kind, id));
                }
                if !e.condition_failed_at(0) {
                    return Err(e.into_store("person"));
                }
                match self.store.get(key(&pk, keys::person_sk(&current.id)), true).await? {
                    Some(item) if !is_deleting(&item) => {
                        let stored = items::person_from_item(&item)?;
                        // The same change sent again after a lost answer finds its own result.
                        if stored.version == next.version && stored.labels == labels {
                            return Ok(stored);
                        }
                        Err(StoreError::Conflict { what: "person" })
                    }
                    _ => Err(StoreError::NotFound { what: "person" }),
                }
            }
        }
    }

    /// Access pattern 61: one change of many people's labels (a group from a day, a role, skills
    /// added or taken), each person as the caller saw them (`seen`: id and version). Written in
    /// transactions of as many people as fit, each with its version condition and its own
    /// change record; someone else's change of a person since leaves that person as they are
    /// and names them, and the rest goes through.
    pub async fn set_labels_many(
        self,
        scope: &TeamScope,
        seen: &[(PersonId, u64)],
        edit: &LabelsEdit,
    ) -> Result<ManyLabels, StoreError> {
        self.store.require(scope, Action::EditPlan, "set_labels_many")?;
        if edit.is_empty() {
            return Err(ValidationError::NothingToChange.into());
        }
        let catalog = self.read_catalog(scope, true).await?;
        let mut checks: BTreeSet<(LabelKind, LabelId)> = BTreeSet::new();
        if let Some((_, Some(g))) = &edit.group {
            checks.insert((LabelKind::Group, g.clone()));
        }
        if let Some(Some(r)) = &edit.role {
            checks.insert((LabelKind::Role, r.clone()));
        }
        checks.extend(edit.add_skills.iter().map(|s| (LabelKind::Skill, s.clone())));
        for (kind, id) in &checks {
            if !catalog.labels.iter().any(|l| &l.id == id && l.kind == *kind) {
                return Err(no_such(*kind, id));
            }
        }
        let checks: Vec<(LabelKind, LabelId)> = checks.into_iter().collect();
        if checks.len() > MAX_LABELS_NAMED - 4 {
            return Err(ValidationError::TooManySkills { max: PersonLabels::MAX_SKILLS }.into());
        }
        let mut result = ManyLabels::default();
        let mut changes = Vec::new();
        for (id, version) in seen {
            match catalog.people.iter().find(|p| &p.id == id) {
                Some(p) if p.version == *version => {
                    let after = edit.apply(&p.labels)?;
                    if after == p.labels {
                        result.people.push(p.clone());
                    } else {
                        changes.push((p.clone(), after));
                    }
                }
                _ => result.conflicts.push(id.clone()),
            }
        }
        let written = self.write_people_labels(scope, &changes, &checks).await?;
        for (p, _) in &changes {
            if !written.iter().any(|w| w.id == p.id) {
                result.conflicts.push(p.id.clone());
            }
        }
        result.people.extend(written);
        Ok(result)
    }

    /// Writes each person's new labels, in transactions of as many people (update and record) as
    /// fit beside `checks`; a person whose version moved meanwhile is left out and the rest of
    /// their transaction sent again. Answers the people written, as they are now.
    async fn write_people_labels(
        self,
        scope: &TeamScope,
        changes: &[(Person, PersonLabels)],
        checks: &[(LabelKind, LabelId)],
    ) -> Result<Vec<Person>, StoreError> {
        let pk = scope.pk();
        let per = ((100 - checks.len()) / 2).max(1);
        let days = self.feed_days(scope).await?;
        let mut written = Vec::new();
        for chunk in changes.chunks(per) {
            let mut left: Vec<&(Person, PersonLabels)> = chunk.iter().collect();
            while !left.is_empty() {
                let mut actions = Vec::with_capacity(left.len() * 2 + checks.len());
                for (p, labels) in &left {
                    actions.push(self.person_labels_update(&pk, p, labels)?);
                }
                for (kind, id) in checks {
                    actions.push(self.label_check(&pk, *kind, id)?);
                }
                let mut after = Vec::with_capacity(left.len());
                for (p, labels) in &left {
                    let next = Person { version: p.version + 1, labels: labels.clone(), ..p.clone() };
                    let change = Change::new(FeedKind::Person, FeedAction::Changed, p.id.as_str())
                        .about([p.id.as_str()])
                        .before(p)
                        .after(&next);
                    actions.push(self.feed_record(scope, days, change)?);
                    after.push(next);
                }
                match self.store.transact(actions).await {
                    Ok(()) => {
                        written.extend(after);
                        break;
                    }
                    Err(e) => {
                        if let Some((kind, id)) = checks
                            .iter()
                            .enumerate()
                            .find(|(i, _)| e.condition_failed_at(left.len() + i))
                            .map(|(_, x)| x)
                        {
                            return Err(no_such(*kind, id));
                        }
                        let moved: Vec<usize> =
                            (0..left.len()).filter(|i| e.condition_failed_at(*i)).collect();
                        if moved.is_empty() {
                            return Err(e.into_store("person"));
                        }
                        left = left
                            .into_iter()
                            .enumerate()
                            .filter(|(i, _)| !moved.contains(i))
                            .map(|(_, x)| x)
                            .collect();
                    }
                }
            }
        }
        Ok(written)
    }

    /// The update of a person's labels, conditioned on the version `current` holds.
    fn person_labels_update(
        self,
        pk: &str,
        current: &Person,
        labels: &PersonLabels,
    ) -> Result<TransactWriteItem, StoreError> {
        let values = items::labels_values(labels);
        let mut sets = vec!["version = version + :one".to_owned()];
        let mut removes = Vec::new();
        let mut update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(key(pk, keys::person_sk(&current.id))))
            .condition_expression(format!(
                "attribute_exists(pk) AND attribute_not_exists({DELETING}) AND version = :seen"
            ))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":seen", n(current.version));
        for (i, name) in [GROUPS, ROLE, SKILLS].into_iter().enumerate() {
            update = update.expression_attribute_names(format!("#l{i}"), name);
            match values.iter().find(|(n, _)| *n == name) {
                Some((_, v)) => {
                    sets.push(format!("#l{i} = :l{i}"));
                    update = update.expression_attribute_values(format!(":l{i}"), v.clone());
                }
                None => removes.push(format!("#l{i}")),
            }
        }
        let mut expression = format!("SET {}", sets.join(", "));
        if !removes.is_empty() {
            expression.push_str(&format!(" REMOVE {}", removes.join(", ")));
        }
        let update = update.update_expression(expression).build().map_err(StoreError::build)?;
        Ok(TransactWriteItem::builder().update(update).build())
    }

    /// A check that a label is in the list of `kind` and not being deleted.
    fn label_check(self, pk: &str, kind: LabelKind, id: &LabelId) -> Result<TransactWriteItem, StoreError> {
        let check = ConditionCheck::builder()
            .table_name(self.store.table())
            .set_key(Some(key(pk, keys::label_sk(id))))
            .condition_expression(format!(
                "attribute_exists(pk) AND attribute_not_exists({DELETING}) AND kind = :kind"
            ))
            .expression_attribute_values(":kind", s(kind.as_str()))
            .build()
            .map_err(StoreError::build)?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    }

    /// Removes a label's name guard (one that is not there, or is another label's, is left).
    fn remove_guard(self, pk: &str, label: &Label) -> Result<TransactWriteItem, StoreError> {
        let remove = Delete::builder()
            .table_name(self.store.table())
            .set_key(Some(guard_key(pk, label)))
            .condition_expression(format!("attribute_not_exists(pk) OR {GUARD_LABEL} = :id"))
            .expression_attribute_values(":id", s(label.id.as_str()))
            .build()
            .map_err(StoreError::build)?;
        Ok(TransactWriteItem::builder().delete(remove).build())
    }
}

impl Plan<'_> {
    /// A label's name guard, as `create_label` writes it (an import or a copy puts it with the
    /// label).
    pub(crate) fn label_guard_item(pk: &str, label: &Label) -> Item {
        guard_item(pk, label)
    }

    /// The label a name guard names (an import reads its guards back; a copy finds the team's
    /// label of a name).
    pub(crate) fn guarded_label(item: &Item) -> Result<LabelId, StoreError> {
        LabelId::parse(crate::sdk::get_s(item, GUARD_LABEL)?)
            .map_err(|e| StoreError::corrupt(crate::sdk::item_key(item), e.to_string()))
    }
}

fn guard_key(pk: &str, label: &Label) -> Item {
    key(pk, keys::label_name_sk(label.kind, &Label::name_key(&label.name)))
}

fn guard_item(pk: &str, label: &Label) -> Item {
    let mut item = guard_key(pk, label);
    item.insert(GUARD_LABEL.into(), s(label.id.as_str()));
    item
}

/// "There is no such label", naming the list it was looked for in.
fn no_such(kind: LabelKind, id: &LabelId) -> StoreError {
    ValidationError::NoSuchLabel { kind: kind.as_str(), id: id.to_string() }.into()
}

/// The order the lists are read in: by kind (groups, roles, skills), then name.
pub(crate) fn sort_labels(labels: &mut [Label]) {
    labels.sort_by(|a, b| a.kind.cmp(&b.kind).then(a.name.cmp(&b.name)).then(a.id.cmp(&b.id)));
}

fn duplicate(label: &Label) -> StoreError {
    ValidationError::DuplicateLabel { kind: label.kind.as_str(), name: label.name.to_string() }.into()
}
