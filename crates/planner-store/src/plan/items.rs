//! Item ↔ entity conversions of the plan's items.

use crate::keys::{self, TeamItemKey};
use crate::sdk::{Item, get_n, get_s, item_key, key, n, s};
use crate::{StoreError, window};
use planner_domain::{
    Assignment, AssignmentId, Color, Date, DateRange, Name, Project, ProjectId, Resource, ResourceId,
};

/// Marks a person or project whose cascade delete has begun.
pub(crate) const DELETING: &str = "deleting";

fn corrupt(item: &Item) -> impl Fn(planner_domain::ValidationError) -> StoreError + '_ {
    move |e| StoreError::corrupt(item_key(item), e.to_string())
}

fn version(item: &Item) -> Result<u64, StoreError> {
    u64::try_from(get_n(item, "version")?)
        .map_err(|_| StoreError::corrupt(item_key(item), "negative version"))
}

pub(crate) fn is_deleting(item: &Item) -> bool {
    item.contains_key(DELETING)
}

pub(crate) fn resource_item(pk: &str, r: &Resource) -> Item {
    let mut item = key(pk, keys::resource_sk(&r.id));
    item.insert("id".into(), s(r.id.as_str()));
    item.insert("name".into(), s(r.name.as_str()));
    item.insert("version".into(), n(r.version));
    item
}

pub(crate) fn resource_from_item(item: &Item) -> Result<Resource, StoreError> {
    Ok(Resource {
        id: ResourceId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
        version: version(item)?,
    })
}

pub(crate) fn project_item(pk: &str, p: &Project) -> Item {
    let mut item = key(pk, keys::project_sk(&p.id));
    item.insert("id".into(), s(p.id.as_str()));
    item.insert("name".into(), s(p.name.as_str()));
    item.insert("color".into(), s(p.color.to_string()));
    item.insert("version".into(), n(p.version));
    item
}

pub(crate) fn project_from_item(item: &Item) -> Result<Project, StoreError> {
    Ok(Project {
        id: ProjectId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
        color: Color::parse(get_s(item, "color")?).map_err(corrupt(item))?,
        version: version(item)?,
    })
}

fn assignment_attributes(item: &mut Item, a: &Assignment) {
    item.insert("id".into(), s(a.id.as_str()));
    item.insert("resourceId".into(), s(a.resource_id.as_str()));
    item.insert("projectId".into(), s(a.project_id.as_str()));
    item.insert("startDate".into(), s(a.range.start().to_string()));
    item.insert("endDateExclusive".into(), s(a.range.end_exclusive().to_string()));
    item.insert("version".into(), n(a.version));
}

/// The main item of an assignment (docs/data-model.md, "Items of a team partition").
pub(crate) fn assignment_item(pk: &str, a: &Assignment) -> Item {
    let mut item = key(pk, keys::assignment_sk(a.range.start(), &a.id));
    assignment_attributes(&mut item, a);
    item
}

/// The window-index entry of a long assignment: a full copy, so one read serves the timeline.
pub(crate) fn index_item(pk: &str, a: &Assignment) -> Option<Item> {
    let level = window::level_of(a.range);
    (level > 0).then(|| {
        let mut item = key(pk, keys::long_index_sk(level, a.range.start(), &a.id));
        assignment_attributes(&mut item, a);
        item
    })
}

/// The key of the window-index entry of an assignment with this range, if it has one.
pub(crate) fn index_key(pk: &str, id: &AssignmentId, range: DateRange) -> Option<Item> {
    let level = window::level_of(range);
    (level > 0).then(|| key(pk, keys::long_index_sk(level, range.start(), id)))
}

pub(crate) fn assignment_from_item(item: &Item) -> Result<Assignment, StoreError> {
    let start = Date::parse(get_s(item, "startDate")?).map_err(corrupt(item))?;
    let end = Date::parse(get_s(item, "endDateExclusive")?).map_err(corrupt(item))?;
    let a = Assignment {
        id: AssignmentId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        resource_id: ResourceId::parse(get_s(item, "resourceId")?).map_err(corrupt(item))?,
        project_id: ProjectId::parse(get_s(item, "projectId")?).map_err(corrupt(item))?,
        range: DateRange::new(start, end).map_err(corrupt(item))?,
        version: version(item)?,
    };
    // The key must agree with the attributes it was built from.
    let sk = get_s(item, keys::SK)?;
    let agrees = match keys::parse_team_sk(sk) {
        Ok(TeamItemKey::Assignment { start, id }) => start == a.range.start() && id == a.id,
        Ok(TeamItemKey::LongIndex { level, start, id }) => {
            level == window::level_of(a.range) && start == a.range.start() && id == a.id
        }
        _ => false,
    };
    if !agrees {
        return Err(StoreError::corrupt(item_key(item), "sort key and attributes disagree"));
    }
    Ok(a)
}
