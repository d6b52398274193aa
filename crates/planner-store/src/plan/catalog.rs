//! People and projects: docs/data-model.md, access patterns 2, 3, 5, 6, 10 and 11.

use super::items::{self, DELETING, is_deleting};
use crate::keys::{self, TeamItemKey};
use crate::plan::Plan;
use crate::plan::feed::{Change, FeedAction, FeedKind};
use crate::sdk::put_new;
use crate::sdk::{Item, get_s, key, n, query_all, s};
use crate::{StoreError, TeamScope};
use aws_sdk_dynamodb::types::{TransactWriteItem, Update};
use planner_domain::{Action, Color, Label, Name, Person, PersonId, Project, ProjectId};
use serde::Serialize;

/// A person or project whose delete began but did not finish; deleting it again completes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "id")]
pub enum PendingDeletion {
    Person(PersonId),
    Project(ProjectId),
}

/// People, projects and the team's lists of groups, roles and skills, as one query reads them
/// (`PRJ#` … `RES#~`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalog {
    pub people: Vec<Person>,
    pub projects: Vec<Project>,
    /// Groups, roles and skills, by kind and name.
    pub labels: Vec<Label>,
    /// Not shown anywhere; listed so that an interrupted delete can be finished.
    pub pending_deletions: Vec<PendingDeletion>,
    /// Rows that could not be read back: left out (with their bars) and named.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unreadable: Vec<planner_domain::Unreadable>,
}

/// One row of the catalog's range.
enum Row {
    Person(Person),
    Project(Project),
    Label(Label),
    /// A label whose delete has begun: no longer offered (deleting it again finishes it).
    LabelGoing,
    Pending(PendingDeletion),
}

fn row(item: &Item) -> Result<Row, StoreError> {
    match keys::parse_team_sk(get_s(item, keys::SK)?) {
        Ok(TeamItemKey::Person(id)) if is_deleting(item) => Ok(Row::Pending(PendingDeletion::Person(id))),
        Ok(TeamItemKey::Project(id)) if is_deleting(item) => Ok(Row::Pending(PendingDeletion::Project(id))),
        Ok(TeamItemKey::Person(_)) => items::person_from_item(item).map(Row::Person),
        Ok(TeamItemKey::Project(_)) => items::project_from_item(item).map(Row::Project),
        Ok(TeamItemKey::Label(_)) if is_deleting(item) => Ok(Row::LabelGoing),
        Ok(TeamItemKey::Label(_)) => items::label_from_item(item).map(Row::Label),
        _ => {
            Err(StoreError::corrupt(crate::sdk::item_key(item), "unexpected item among people and projects"))
        }
    }
}

/// Sorts people and projects (and the deletes left unfinished) out of a page of rows; a row that
/// cannot be read is left out and named in `unreadable`.
fn catalog_from_rows(rows: &[Item]) -> Catalog {
    let mut catalog = Catalog::default();
    for r in items::readable(rows, row, &mut catalog.unreadable) {
        match r {
            Row::Person(x) => catalog.people.push(x),
            Row::Project(x) => catalog.projects.push(x),
            Row::Label(x) => catalog.labels.push(x),
            Row::LabelGoing => {}
            Row::Pending(x) => catalog.pending_deletions.push(x),
        }
    }
    catalog.people.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
    catalog.projects.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
    super::labels::sort_labels(&mut catalog.labels);
    catalog
}

impl Plan<'_> {
    /// People and projects in one paginated query, sorted by name.
    pub async fn catalog(self, scope: &TeamScope) -> Result<Catalog, StoreError> {
        self.store.require(scope, Action::ReadPlan, "catalog")?;
        self.read_catalog(scope, self.store.strong_reads).await
    }

    pub(crate) async fn read_catalog(
        self,
        scope: &TeamScope,
        consistent: bool,
    ) -> Result<Catalog, StoreError> {
        let rows = query_all(self.store.query_range(scope.pk(), keys::catalog_range(), consistent)).await?;
        Ok(catalog_from_rows(&rows))
    }

    /// Access pattern 2: the people of a team.
    pub async fn list_people(self, scope: &TeamScope) -> Result<Vec<Person>, StoreError> {
        Ok(self.catalog_prefix(scope, "list_resources", keys::people_prefix()).await?.people)
    }

    /// Access pattern 3: the projects of a team.
    pub async fn list_projects(self, scope: &TeamScope) -> Result<Vec<Project>, StoreError> {
        Ok(self.catalog_prefix(scope, "list_projects", keys::projects_prefix()).await?.projects)
    }

    async fn catalog_prefix(
        self,
        scope: &TeamScope,
        command: &'static str,
        prefix: &str,
    ) -> Result<Catalog, StoreError> {
        self.store.require(scope, Action::ReadPlan, command)?;
        let rows = query_all(
            self.store
                .query()
                .key_condition_expression("pk = :pk AND begins_with(sk, :prefix)")
                .expression_attribute_values(":pk", s(scope.pk()))
                .expression_attribute_values(":prefix", s(prefix))
                .consistent_read(self.store.strong_reads),
        )
        .await?;
        Ok(catalog_from_rows(&rows))
    }

    /// Access pattern 5: a new person. `id` is made by the caller; repeating the same create
    /// (e.g. after a lost answer) returns the person instead of failing.
    pub async fn create_person(
        self,
        scope: &TeamScope,
        id: PersonId,
        name: Name,
    ) -> Result<Person, StoreError> {
        self.add_person(scope, Person::new(id, name)).await
    }

    /// A new placeholder: a row for a role not yet staffed, which takes bookings as a person
    /// does (see [`Plan::create_person`] for retries; the same pattern and item).
    pub async fn create_placeholder(
        self,
        scope: &TeamScope,
        id: PersonId,
        name: Name,
    ) -> Result<Person, StoreError> {
        self.add_person(scope, Person::placeholder(id, name)).await
    }

    async fn add_person(self, scope: &TeamScope, person: Person) -> Result<Person, StoreError> {
        self.store.require(scope, Action::EditPlan, "create_resource")?;
        let item = items::person_item(&scope.pk(), &person);
        let change = Change::new(FeedKind::Person, FeedAction::Created, person.id.as_str())
            .about([person.id.as_str()])
            .after(&person);
        self.put_new_or_same(scope, item, change, "person", |existing| {
            items::person_from_item(existing)
                .is_ok_and(|r| r.name == person.name && r.placeholder == person.placeholder)
                && !is_deleting(existing)
        })
        .await?;
        Ok(person)
    }

    /// Access pattern 6: a new project (see [`Plan::create_person`] for retries).
    pub async fn create_project(
        self,
        scope: &TeamScope,
        id: ProjectId,
        name: Name,
        color: Color,
    ) -> Result<Project, StoreError> {
        self.store.require(scope, Action::EditPlan, "create_project")?;
        let project = Project { id, name, color, version: 1 };
        let item = items::project_item(&scope.pk(), &project);
        let change = Change::new(FeedKind::Project, FeedAction::Created, project.id.as_str())
            .about([project.id.as_str()])
            .after(&project);
        self.put_new_or_same(scope, item, change, "project", |existing| {
            items::project_from_item(existing)
                .is_ok_and(|p| p.name == project.name && p.color == project.color)
                && !is_deleting(existing)
        })
        .await?;
        Ok(project)
    }

    /// Puts an item that must be new, with its change record; if it exists and `same` says it
    /// is what we meant to write, this was a retry and succeeds (writing no second record).
    async fn put_new_or_same(
        self,
        scope: &TeamScope,
        item: Item,
        change: Change,
        what: &'static str,
        same: impl Fn(&Item) -> bool,
    ) -> Result<(), StoreError> {
        let item_key: Item = [keys::PK, keys::SK]
            .into_iter()
            .filter_map(|k| item.get(k).map(|v| (k.to_owned(), v.clone())))
            .collect();
        let days = self.feed_days(scope).await?;
        let actions = vec![put_new(self.store.table(), item)?, self.feed_record(scope, days, change)?];
        match self.store.transact(actions).await {
            Ok(()) => return Ok(()),
            Err(e) if e.condition_failed_at(0) => {}
            Err(e) => return Err(e.into_store(what)),
        }
        match self.store.get(item_key, true).await? {
            Some(existing) if same(&existing) => Ok(()),
            _ => Err(StoreError::AlreadyExists { what }),
        }
    }

    /// Renames a person. `expected_version` is the version the caller saw; if someone else
    /// changed the person since, this is a conflict.
    pub async fn rename_person(
        self,
        scope: &TeamScope,
        id: &PersonId,
        expected_version: u64,
        name: Name,
    ) -> Result<Person, StoreError> {
        self.store.require(scope, Action::EditPlan, "rename_resource")?;
        let edit = Edit {
            set: "SET #name = :name",
            names: vec![("#name", "name")],
            values: vec![(":name", s(name.as_str()))],
        };
        self.versioned_update(
            scope,
            key(scope.pk(), keys::person_sk(id)),
            expected_version,
            edit,
            "person",
            |r| {
                let after = Person { name: name.clone(), version: r.version + 1, ..r.clone() };
                let change =
                    Change::new(FeedKind::Person, FeedAction::Changed, r.id.as_str()).about([r.id.as_str()]);
                (after, change)
            },
            items::person_from_item,
        )
        .await
    }

    /// Renames and/or recolours a project (see [`Plan::rename_person`] for conflicts).
    pub async fn update_project(
        self,
        scope: &TeamScope,
        id: &ProjectId,
        expected_version: u64,
        name: Option<Name>,
        color: Option<Color>,
    ) -> Result<Project, StoreError> {
        self.store.require(scope, Action::EditPlan, "update_project")?;
        let mut sets = Vec::new();
        let mut values = Vec::new();
        if let Some(name) = &name {
            sets.push("#name = :name");
            values.push((":name", s(name.as_str())));
        }
        if let Some(color) = color {
            sets.push("color = :color");
            values.push((":color", s(color.to_string())));
        }
        if sets.is_empty() {
            return Err(StoreError::Invalid(planner_domain::ValidationError::NothingToChange));
        }
        let names = if name.is_some() { vec![("#name", "name")] } else { vec![] };
        let set = format!("SET {}", sets.join(", "));
        let edit = Edit { set: &set, names, values };
        self.versioned_update(
            scope,
            key(scope.pk(), keys::project_sk(id)),
            expected_version,
            edit,
            "project",
            |p| {
                let after = Project {
                    name: name.clone().unwrap_or_else(|| p.name.clone()),
                    color: color.unwrap_or(p.color),
                    version: p.version + 1,
                    ..p.clone()
                };
                let change =
                    Change::new(FeedKind::Project, FeedAction::Changed, p.id.as_str()).about([p.id.as_str()]);
                (after, change)
            },
            items::project_from_item,
        )
        .await
    }

    /// An update conditioned on the version the caller read; bumps the version. The item is
    /// read first (strongly) for the change record's "before"; the update's condition makes sure
    /// it is still that.
    #[allow(clippy::too_many_arguments)]
    async fn versioned_update<T: Serialize>(
        self,
        scope: &TeamScope,
        key: Item,
        expected_version: u64,
        edit: Edit<'_>,
        what: &'static str,
        next: impl FnOnce(&T) -> (T, Change),
        read: fn(&Item) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let current = match self.store.get(key.clone(), true).await? {
            Some(item) if !is_deleting(&item) => item,
            _ => return Err(StoreError::NotFound { what }),
        };
        if items::version(&current)? != expected_version {
            return Err(StoreError::Conflict { what });
        }
        let before = read(&current)?;
        let (after, change) = next(&before);
        let days = self.feed_days(scope).await?;
        let mut update = Update::builder()
            .table_name(self.store.table())
            .set_key(Some(key.clone()))
            .update_expression(format!("{}, version = version + :one", edit.set))
            .condition_expression(format!(
                "attribute_exists(pk) AND attribute_not_exists({DELETING}) AND version = :expected"
            ))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":expected", n(expected_version));
        for (k, v) in edit.names {
            update = update.expression_attribute_names(k, v);
        }
        for (k, v) in edit.values {
            update = update.expression_attribute_values(k, v);
        }
        let actions = vec![
            TransactWriteItem::builder().update(update.build().map_err(StoreError::build)?).build(),
            self.feed_record(scope, days, change.before(&before).after(&after))?,
        ];
        match self.store.transact(actions).await {
            Ok(()) => Ok(after),
            Err(e) if e.condition_failed_at(0) => Err(match self.store.get(key, true).await? {
                Some(item) if !is_deleting(&item) => StoreError::Conflict { what },
                _ => StoreError::NotFound { what },
            }),
            Err(e) => Err(e.into_store(what)),
        }
    }
}

/// An update's expression and its names and values.
struct Edit<'a> {
    set: &'a str,
    names: Vec<(&'a str, &'a str)>,
    values: Vec<(&'a str, aws_sdk_dynamodb::types::AttributeValue)>,
}
