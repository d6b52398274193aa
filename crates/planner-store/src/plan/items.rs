//! Item ↔ entity conversions of the plan's items.

use crate::keys::{self, TeamItemKey};
use crate::sdk::{Item, get_n, get_s, item_key, key, n, s};
use crate::{StoreError, window};
use aws_sdk_dynamodb::types::AttributeValue;
use planner_domain::capacity::Schedule;
use planner_domain::capacity::{Allocation, Status};
use planner_domain::{
    Assignment, AssignmentId, CalendarId, Color, Date, DateRange, Groups, Label, LabelId, LabelKind, Name,
    Person, PersonId, PersonLabels, Project, ProjectId, RowsView, SeriesId, UserId, View, ViewId, ViewZoom,
};

/// Marks a person or project whose cascade delete has begun.
pub(crate) const DELETING: &str = "deleting";
/// The attribute of an assignment or a time off naming its person: stored under the word the
/// table had first.
pub(crate) const PERSON_ID: &str = "resourceId";

pub(crate) fn corrupt(item: &Item) -> impl Fn(planner_domain::ValidationError) -> StoreError + '_ {
    move |e| StoreError::corrupt(item_key(item), e.to_string())
}

pub(crate) fn version(item: &Item) -> Result<u64, StoreError> {
    u64::try_from(get_n(item, "version")?)
        .ok()
        .filter(|v| *v <= planner_domain::MAX_VERSION)
        .ok_or_else(|| StoreError::corrupt(item_key(item), "version out of range (0 to 2^53 − 1)"))
}

/// Each item parsed; the ones that cannot be (damaged, a value out of range) are left out and
/// added to `unreadable`, with a warning in the log, so that one bad item does not hide a team.
pub(crate) fn readable<T>(
    rows: impl IntoIterator<Item = impl std::borrow::Borrow<Item>>,
    parse: impl Fn(&Item) -> Result<T, StoreError>,
    unreadable: &mut Vec<planner_domain::Unreadable>,
) -> Vec<T> {
    let mut out = Vec::new();
    for row in rows {
        let item = row.borrow();
        match parse(item) {
            Ok(x) => out.push(x),
            Err(e) => {
                let key = item_key(item);
                let detail = match e {
                    StoreError::Corrupt { detail, .. } => detail,
                    other => other.to_string(),
                };
                tracing::warn!(%key, %detail, "an item could not be read back; left out");
                note_unreadable(unreadable, planner_domain::Unreadable { key, detail });
            }
        }
    }
    out
}

/// Adds `u` to `unreadable` unless an item of the same key is there already.
pub(crate) fn note_unreadable(
    unreadable: &mut Vec<planner_domain::Unreadable>,
    u: planner_domain::Unreadable,
) {
    if !unreadable.iter().any(|x| x.key == u.key) {
        unreadable.push(u);
    }
}

pub(crate) fn is_deleting(item: &Item) -> bool {
    item.contains_key(DELETING)
}

/// The cascade delete's mark on a row (when it began, RFC 3339), if one is under way.
pub(crate) fn deleting_mark(item: &Item) -> Option<&str> {
    crate::sdk::get_opt_s(item, DELETING)
}

pub(crate) fn person_item(pk: &str, r: &Person) -> Item {
    let mut item = key(pk, keys::person_sk(&r.id));
    item.insert("id".into(), s(r.id.as_str()));
    item.insert("name".into(), s(r.name.as_str()));
    item.insert("version".into(), n(r.version));
    if let Some(schedule) = &r.schedule {
        item.insert(SCHEDULE.into(), schedule_value(schedule));
    }
    if let Some(calendar) = &r.calendar {
        item.insert(CALENDAR.into(), s(calendar.as_str()));
    }
    for (name, value) in labels_values(&r.labels) {
        item.insert(name.into(), value);
    }
    if r.placeholder {
        item.insert(PLACEHOLDER.into(), AttributeValue::Bool(true));
    }
    item
}

/// `true` on a placeholder's item (a role not yet staffed); absent on a person's.
pub(crate) const PLACEHOLDER: &str = "placeholder";

/// A person's groups over time (JSON, as `Groups` serialises: `[{"from":null,"group":"…"},
/// {"from":"2027-02-01","group":"…"}]`), role and skills (a string set): each absent when empty.
pub(crate) const GROUPS: &str = "groups";
pub(crate) const ROLE: &str = "roleId";
pub(crate) const SKILLS: &str = "skills";

/// The attributes of a person's labels that have a value; the others are absent (an update
/// removes them).
pub(crate) fn labels_values(labels: &PersonLabels) -> Vec<(&'static str, AttributeValue)> {
    let mut out = Vec::new();
    if !labels.groups.spells().is_empty() {
        out.push((GROUPS, s(serde_json::to_string(&labels.groups).unwrap_or_default())));
    }
    if let Some(role) = &labels.role {
        out.push((ROLE, s(role.as_str())));
    }
    if !labels.skills.is_empty() {
        out.push((SKILLS, AttributeValue::Ss(labels.skills.iter().map(|x| x.to_string()).collect())));
    }
    out
}

fn labels_from_item(item: &Item) -> Result<PersonLabels, StoreError> {
    let groups = match item.get(GROUPS) {
        None => Groups::default(),
        Some(v) => {
            let text = v.as_s().map_err(|_| StoreError::corrupt(item_key(item), "groups is not a string"))?;
            serde_json::from_str::<Groups>(text)
                .map_err(|e| StoreError::corrupt(item_key(item), format!("groups: {e}")))?
        }
    };
    let role = match item.get(ROLE) {
        None => None,
        Some(_) => Some(LabelId::parse(get_s(item, ROLE)?).map_err(corrupt(item))?),
    };
    let skills = match item.get(SKILLS) {
        None => Default::default(),
        Some(v) => v
            .as_ss()
            .map_err(|_| StoreError::corrupt(item_key(item), "skills is not a string set"))?
            .iter()
            .map(|x| LabelId::parse(x).map_err(corrupt(item)))
            .collect::<Result<_, _>>()?,
    };
    PersonLabels::new(groups, role, skills).map_err(corrupt(item))
}

/// A label of the team's lists of groups, roles and skills.
pub(crate) fn label_item(pk: &str, l: &Label) -> Item {
    let mut item = key(pk, keys::label_sk(&l.id));
    item.insert("id".into(), s(l.id.as_str()));
    item.insert("kind".into(), s(l.kind.as_str()));
    item.insert("name".into(), s(l.name.as_str()));
    item.insert("version".into(), n(l.version));
    item
}

pub(crate) fn label_from_item(item: &Item) -> Result<Label, StoreError> {
    Ok(Label {
        id: LabelId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        kind: LabelKind::parse(get_s(item, "kind")?).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
        version: version(item)?,
    })
}

/// The attribute of a saved view holding the rows as set up (JSON, as `RowsView` serialises).
pub(crate) const VIEW_ROWS: &str = "rows";

/// A saved view of the rows.
pub(crate) fn view_item(pk: &str, v: &View) -> Item {
    let mut item = key(pk, keys::view_sk(&v.id));
    item.insert("id".into(), s(v.id.as_str()));
    item.insert("name".into(), s(v.name.as_str()));
    item.insert("owner".into(), s(v.owner.as_str()));
    item.insert("shared".into(), AttributeValue::Bool(v.shared));
    item.insert("zoom".into(), s(v.zoom.as_str()));
    item.insert(VIEW_ROWS.into(), s(serde_json::to_string(&v.rows).unwrap_or_default()));
    item.insert("version".into(), n(v.version));
    item
}

pub(crate) fn view_from_item(item: &Item) -> Result<View, StoreError> {
    let shared = match item.get("shared") {
        Some(AttributeValue::Bool(b)) => *b,
        _ => return Err(StoreError::corrupt(item_key(item), "a view without 'shared'")),
    };
    Ok(View {
        id: ViewId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
        owner: UserId::parse(get_s(item, "owner")?).map_err(corrupt(item))?,
        shared,
        zoom: ViewZoom::parse(get_s(item, "zoom")?).map_err(corrupt(item))?,
        rows: RowsView::parse(get_s(item, VIEW_ROWS)?).map_err(corrupt(item))?,
        version: version(item)?,
    })
}

/// A person's own working weeks (JSON, as `Schedule` serialises: `{"weeks":[{"from":null,
/// "week":[480,…]}],"firstDay":…,"lastDay":…}`, minutes Monday first) and their holiday calendar.
pub(crate) const SCHEDULE: &str = "schedule";
pub(crate) const CALENDAR: &str = "calendarId";

pub(crate) fn schedule_value(schedule: &Schedule) -> aws_sdk_dynamodb::types::AttributeValue {
    s(serde_json::to_string(schedule).unwrap_or_default())
}

pub(crate) fn person_from_item(item: &Item) -> Result<Person, StoreError> {
    let schedule = match item.get(SCHEDULE) {
        None => None,
        Some(v) => {
            let text =
                v.as_s().map_err(|_| StoreError::corrupt(item_key(item), "schedule is not a string"))?;
            Some(
                serde_json::from_str::<Schedule>(text)
                    .map_err(|e| StoreError::corrupt(item_key(item), format!("schedule: {e}")))?,
            )
        }
    };
    let calendar = match item.get(CALENDAR) {
        None => None,
        Some(_) => Some(CalendarId::parse(get_s(item, CALENDAR)?).map_err(corrupt(item))?),
    };
    Ok(Person {
        id: PersonId::parse(get_s(item, "id")?).map_err(corrupt(item))?,
        name: Name::parse(get_s(item, "name")?).map_err(corrupt(item))?,
        version: version(item)?,
        schedule,
        calendar,
        labels: labels_from_item(item)?,
        placeholder: match item.get(PLACEHOLDER) {
            None => false,
            Some(v) => *v
                .as_bool()
                .map_err(|_| StoreError::corrupt(item_key(item), "placeholder is not a boolean"))?,
        },
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
    item.insert(PERSON_ID.into(), s(a.person_id.as_str()));
    item.insert("projectId".into(), s(a.project_id.as_str()));
    item.insert("startDate".into(), s(a.range.start().to_string()));
    item.insert("endDateExclusive".into(), s(a.range.end_exclusive().to_string()));
    item.insert("version".into(), n(a.version));
    // The whole working day, confirmed, is what an item without these attributes means (items of
    // the original layout), so those are written without them.
    let (kind, value) = match a.allocation {
        Allocation::HoursPerDay(m) => (Some(ALLOC_HOURS), m),
        Allocation::Percent(100) => (None, 100),
        Allocation::Percent(p) => (Some(ALLOC_PERCENT), u32::from(p)),
        Allocation::Total(m) => (Some(ALLOC_TOTAL), m),
    };
    if let Some(kind) = kind {
        item.insert(ALLOC_KIND.into(), s(kind));
        item.insert(ALLOC_VALUE.into(), n(value));
    }
    if a.status == Status::Tentative {
        item.insert(STATUS.into(), s(TENTATIVE));
    }
    if let Some(series) = &a.series {
        item.insert(SERIES.into(), s(series.as_str()));
    }
}

/// An assignment's allocation: its kind (`hoursPerDay`, `percent`, `total`) and value (minutes a
/// day, percent, minutes in all); its status (`tentative`, else confirmed).
const ALLOC_KIND: &str = "allocKind";
const ALLOC_VALUE: &str = "allocValue";
const ALLOC_HOURS: &str = "hoursPerDay";
const ALLOC_PERCENT: &str = "percent";
const ALLOC_TOTAL: &str = "total";
const STATUS: &str = "status";
/// The series of a repeated booking (absent: none).
pub(crate) const SERIES: &str = "series";
const TENTATIVE: &str = "tentative";

fn allocation_from_item(item: &Item) -> Result<Allocation, StoreError> {
    let Some(kind) = item.get(ALLOC_KIND) else { return Ok(Allocation::FULL_DAY) };
    let kind = kind.as_s().map_err(|_| StoreError::corrupt(item_key(item), "allocKind is not a string"))?;
    let value = u32::try_from(get_n(item, ALLOC_VALUE)?)
        .map_err(|_| StoreError::corrupt(item_key(item), "allocValue out of range"))?;
    match kind.as_str() {
        ALLOC_HOURS => Allocation::hours_per_day(value),
        ALLOC_PERCENT => Allocation::percent(value),
        ALLOC_TOTAL => Allocation::total_alone(value),
        other => return Err(StoreError::corrupt(item_key(item), format!("unknown allocKind {other}"))),
    }
    .map_err(corrupt(item))
}

fn status_from_item(item: &Item) -> Result<Status, StoreError> {
    match item.get(STATUS).map(|v| v.as_s()) {
        None => Ok(Status::Confirmed),
        Some(Ok(t)) if t == TENTATIVE => Ok(Status::Tentative),
        Some(_) => Err(StoreError::corrupt(item_key(item), "unknown status")),
    }
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
        person_id: PersonId::parse(get_s(item, PERSON_ID)?).map_err(corrupt(item))?,
        project_id: ProjectId::parse(get_s(item, "projectId")?).map_err(corrupt(item))?,
        range: DateRange::new(start, end).map_err(corrupt(item))?,
        allocation: allocation_from_item(item)?,
        status: status_from_item(item)?,
        version: version(item)?,
        series: item
            .get(SERIES)
            .map(|_| get_s(item, SERIES).and_then(|raw| SeriesId::parse(raw).map_err(corrupt(item))))
            .transpose()?,
    }
    .checked()
    .map_err(corrupt(item))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pk() -> String {
        keys::team_pk(&planner_domain::TeamId::generate())
    }

    fn sample(allocation: Allocation, status: Status) -> Assignment {
        Assignment {
            id: AssignmentId::generate(),
            person_id: PersonId::generate(),
            project_id: ProjectId::generate(),
            range: DateRange::new(Date::parse("2026-05-04").unwrap(), Date::parse("2026-05-09").unwrap())
                .unwrap(),
            allocation,
            status,
            version: 3,
            series: None,
        }
    }

    #[test]
    fn an_item_of_the_original_layout_reads_as_a_whole_confirmed_day() {
        let a = sample(Allocation::FULL_DAY, Status::Confirmed);
        let item = assignment_item(&pk(), &a);
        for absent in [ALLOC_KIND, ALLOC_VALUE, STATUS] {
            assert!(!item.contains_key(absent), "{absent} is not written for a whole confirmed day");
        }
        assert_eq!(assignment_from_item(&item).unwrap(), a);
    }

    #[test]
    fn allocations_and_status_round_trip_and_bad_ones_are_corrupt() {
        for (allocation, status) in [
            (Allocation::HoursPerDay(240), Status::Tentative),
            (Allocation::Percent(50), Status::Confirmed),
            (Allocation::Total(600), Status::Tentative),
        ] {
            let a = sample(allocation, status);
            assert_eq!(assignment_from_item(&assignment_item(&pk(), &a)).unwrap(), a);
        }
        let mut item = assignment_item(&pk(), &sample(Allocation::Percent(50), Status::Confirmed));
        item.insert(ALLOC_VALUE.into(), n(0));
        assert!(matches!(assignment_from_item(&item), Err(StoreError::Corrupt { .. })));
        item.insert(ALLOC_KIND.into(), s("weekly"));
        assert!(matches!(assignment_from_item(&item), Err(StoreError::Corrupt { .. })));
        let mut item = assignment_item(&pk(), &sample(Allocation::FULL_DAY, Status::Confirmed));
        item.insert(STATUS.into(), s("maybe"));
        assert!(matches!(assignment_from_item(&item), Err(StoreError::Corrupt { .. })));
        // 5 days cannot hold 200 hours.
        let mut item = assignment_item(&pk(), &sample(Allocation::Total(600), Status::Confirmed));
        item.insert(ALLOC_VALUE.into(), n(200 * 60));
        assert!(matches!(assignment_from_item(&item), Err(StoreError::Corrupt { .. })));
    }
}
