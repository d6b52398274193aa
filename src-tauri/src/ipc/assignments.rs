//! Assignments' IPC types: an assignment as drawn, a new one, an edit of one.

use super::{AllocationDto, IpcError, StatusDto, date, person_id, project_id};
use planner_app::{AssignmentChange, NewAssignment};
use planner_domain::capacity::Status;
use planner_domain::{Assignment, AssignmentId, Date, DateRange, SeriesId};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use ts_rs::TS;

/// An assignment as the timeline draws it: the stored half-open range, and the inclusive last day
/// that forms show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentDto {
    pub id: String,
    pub person_id: String,
    pub project_id: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// The day after the last day (stored form).
    pub end_date_exclusive: String,
    /// The last day included (form form).
    pub last_day: String,
    pub allocation: AllocationDto,
    pub status: StatusDto,
    #[ts(type = "number")]
    pub version: u64,
    /// The series of a repeated booking (absent: none).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
}

impl From<&Assignment> for AssignmentDto {
    fn from(a: &Assignment) -> Self {
        Self {
            id: a.id.to_string(),
            person_id: a.person_id.to_string(),
            project_id: a.project_id.to_string(),
            start_date: a.range.start().to_string(),
            end_date_exclusive: a.range.end_exclusive().to_string(),
            last_day: a.range.last_day().to_string(),
            allocation: a.allocation.into(),
            status: a.status.into(),
            version: a.version,
            series: a.series.as_ref().map(ToString::to_string),
        }
    }
}

impl AssignmentDto {
    /// The assignment as the UI last saw it (for conflict-checked edits).
    pub fn to_domain(&self) -> Result<Assignment, IpcError> {
        let range = DateRange::new(date(&self.start_date)?, date(&self.end_date_exclusive)?)?;
        Ok(Assignment {
            id: AssignmentId::parse(&self.id)?,
            person_id: person_id(&self.person_id)?,
            project_id: project_id(&self.project_id)?,
            range,
            allocation: self.allocation.to_domain(range.days())?,
            status: self.status.into(),
            version: self.version,
            series: self.series.as_deref().map(SeriesId::parse).transpose()?,
        })
    }
}

/// Many assignments on their way to the window (a timeline's, a window's), in columns: item `i`
/// is `id[i]`, of `people[person[i]]` on `projects[project[i]]`, from day `start[i]` (days since
/// 1970-01-01) for `days[i]` days, at `allocations[allocation[i]]`, at `version[i]`; tentative
/// when `i` is in `tentative`, of series `series[k]` when `i` is `inSeries[k]`. The window makes
/// each [`AssignmentDto`] again (`ui/src/timeline/model/columns.ts`). As objects, the 44,000 bookings
/// of a first screen at 2,500 people were 9.8 MB of JSON, most of a start's time between the
/// copy read and the data in the window (BENCHMARKS.md); a person's, project's, day's text is
/// sent once here, not once an item.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentsDto {
    pub people: Vec<String>,
    pub projects: Vec<String>,
    pub allocations: Vec<AllocationDto>,
    pub id: Vec<String>,
    pub person: Vec<u32>,
    pub project: Vec<u32>,
    #[ts(type = "Array<number>")]
    pub start: Vec<i64>,
    pub days: Vec<u32>,
    pub allocation: Vec<u32>,
    #[ts(type = "Array<number>")]
    pub version: Vec<u64>,
    pub tentative: Vec<u32>,
    pub in_series: Vec<u32>,
    pub series: Vec<String>,
}

impl<'a> FromIterator<&'a Assignment> for AssignmentsDto {
    fn from_iter<I: IntoIterator<Item = &'a Assignment>>(items: I) -> Self {
        let mut out = Self::default();
        let (mut people, mut projects, mut allocations) = (HashMap::new(), HashMap::new(), HashMap::new());
        for (i, a) in items.into_iter().enumerate() {
            let i = index(i);
            out.id.push(a.id.to_string());
            out.person.push(slot(&mut people, &mut out.people, a.person_id.as_str(), |k| k.to_string()));
            out.project
                .push(slot(&mut projects, &mut out.projects, a.project_id.as_str(), |k| k.to_string()));
            out.allocation.push(slot(&mut allocations, &mut out.allocations, a.allocation, |&k| k.into()));
            out.start.push(a.range.start().epoch_day());
            out.days.push(u32::try_from(a.range.days()).unwrap_or(u32::MAX));
            out.version.push(a.version);
            if a.status == Status::Tentative {
                out.tentative.push(i);
            }
            if let Some(series) = &a.series {
                out.in_series.push(i);
                out.series.push(series.to_string());
            }
        }
        out
    }
}

impl AssignmentsDto {
    /// The assignments the columns stand for, in their order: what the window makes of them
    /// (`unpackAssignments`), for the command tests, which read the answers as the window does.
    pub fn items(&self) -> Vec<AssignmentDto> {
        let epoch = Date::from_ymd(1970, 1, 1).expect("1970-01-01 is a date");
        let tentative: HashSet<u32> = self.tentative.iter().copied().collect();
        let series: HashMap<u32, &String> = self.in_series.iter().copied().zip(&self.series).collect();
        (0..self.id.len())
            .map(|i| {
                let at = |v: &[u32]| v[i] as usize;
                let start = epoch.add_days(self.start[i]);
                // The days as `From<&Assignment>` writes them, from the same range.
                let range = DateRange::new(start, start.add_days(i64::from(self.days[i])))
                    .expect("a booking of one day or more");
                let n = index(i);
                AssignmentDto {
                    id: self.id[i].clone(),
                    person_id: self.people[at(&self.person)].clone(),
                    project_id: self.projects[at(&self.project)].clone(),
                    start_date: range.start().to_string(),
                    end_date_exclusive: range.end_exclusive().to_string(),
                    last_day: range.last_day().to_string(),
                    allocation: self.allocations[at(&self.allocation)],
                    status: if tentative.contains(&n) { StatusDto::Tentative } else { StatusDto::Confirmed },
                    version: self.version[i],
                    series: series.get(&n).map(|s| (*s).clone()),
                }
            })
            .collect()
    }
}

/// `key`'s place in `list`, added (made by `make`) when it is not there yet.
fn slot<K: Eq + std::hash::Hash, V>(
    at: &mut HashMap<K, u32>,
    list: &mut Vec<V>,
    key: K,
    make: impl FnOnce(&K) -> V,
) -> u32 {
    if let Some(&i) = at.get(&key) {
        return i;
    }
    list.push(make(&key));
    let i = index(list.len() - 1);
    at.insert(key, i);
    i
}

fn index(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 items in one answer")
}

/// A new assignment from a drag or a form: its fields as an edit's, and an id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NewAssignmentInput {
    /// A ULID made by the UI, so that a repeated request is recognised; made here if absent.
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub fields: AssignmentChangeInput,
}

impl NewAssignmentInput {
    pub fn to_domain(&self) -> Result<NewAssignment, IpcError> {
        let AssignmentChange { person_id, project_id, range, allocation, status, series } =
            self.fields.parsed()?;
        let id = match &self.id {
            Some(id) => AssignmentId::parse(id)?,
            None => AssignmentId::generate(),
        };
        Ok(NewAssignment {
            id,
            person_id,
            project_id,
            range,
            allocation: allocation.unwrap_or_default(),
            status: status.unwrap_or_default(),
            series: series.flatten(),
        })
    }
}

/// The new state of an edited assignment (moved, resized, reassigned), or a new one's fields:
/// person, project, first and last day (both included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssignmentChangeInput {
    pub person_id: String,
    pub project_id: String,
    pub start_date: String,
    pub last_day: String,
    /// If absent: kept as it is (a drag moves and resizes only), the whole working day for a new
    /// assignment.
    #[ts(optional)]
    pub allocation: Option<AllocationDto>,
    /// If absent: kept as it is, confirmed for a new assignment.
    #[ts(optional)]
    pub status: Option<StatusDto>,
    /// The series it is put in; `null`: taken out of its series; absent: kept as it is (none for a
    /// new assignment).
    #[ts(optional, type = "string | null")]
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub series: Option<Option<String>>,
}

/// A field that may be absent (`None`), `null` (`Some(None)`) or a value.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl AssignmentChangeInput {
    pub fn to_domain(&self) -> Result<AssignmentChange, IpcError> {
        self.parsed()
    }

    /// Person, project and the form's first and last day (both included), allocation and status,
    /// parsed.
    fn parsed(&self) -> Result<AssignmentChange, IpcError> {
        let range = DateRange::from_inclusive(date(&self.start_date)?, date(&self.last_day)?)?;
        Ok(AssignmentChange {
            person_id: person_id(&self.person_id)?,
            project_id: project_id(&self.project_id)?,
            range,
            allocation: self.allocation.map(|a| a.to_domain(range.days())).transpose()?,
            status: self.status.map(Into::into),
            series: match &self.series {
                None => None,
                Some(None) => Some(None),
                Some(Some(id)) => Some(Some(SeriesId::parse(id)?)),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use planner_domain::capacity::Allocation;
    use planner_domain::{PersonId, ProjectId};

    fn booking(id: &str, person: &str, project: &str, from: &str, to: &str) -> Assignment {
        let day = |d: &str| Date::parse(d).unwrap();
        Assignment {
            id: AssignmentId::parse(id).unwrap(),
            person_id: PersonId::parse(person).unwrap(),
            project_id: ProjectId::parse(project).unwrap(),
            range: DateRange::new(day(from), day(to)).unwrap(),
            allocation: Allocation::HoursPerDay(480),
            status: Status::Confirmed,
            version: 1,
            series: None,
        }
    }

    /// Every field of an assignment, each kind of allocation, both statuses, with and without a
    /// series, days before and after 1970 and across a leap day.
    fn sample() -> Vec<Assignment> {
        let mut b = booking("a1", "ann", "web", "2026-12-07", "2026-12-10");
        b.version = 7;
        let mut c = booking("a2", "bob", "web", "2028-02-27", "2028-03-02");
        c.allocation = Allocation::Percent(50);
        c.status = Status::Tentative;
        c.series = Some(SeriesId::parse("s1").unwrap());
        let mut d = booking("a3", "ann", "app", "1969-12-30", "1970-01-02");
        d.allocation = Allocation::Total(2400);
        d.series = Some(SeriesId::parse("s1").unwrap());
        let mut e = booking("a4", "cy", "app", "2026-12-07", "2026-12-08");
        e.allocation = Allocation::Percent(50);
        e.status = Status::Tentative;
        vec![b, c, d, e]
    }

    #[test]
    fn many_assignments_travel_in_columns_naming_each_person_project_and_allocation_once() {
        let packed: AssignmentsDto = sample().iter().collect();
        assert_eq!(packed.people, ["ann", "bob", "cy"]);
        assert_eq!(packed.projects, ["web", "app"]);
        assert_eq!(packed.id, ["a1", "a2", "a3", "a4"]);
        assert_eq!(packed.person, [0, 1, 0, 2]);
        assert_eq!(packed.project, [0, 0, 1, 1]);
        assert_eq!(packed.allocation, [0, 1, 2, 1]);
        assert_eq!(packed.allocations.len(), 3);
        assert_eq!(packed.start, [20_794, 21_241, -2, 20_794]);
        assert_eq!(packed.days, [3, 4, 3, 1]);
        assert_eq!(packed.version, [7, 1, 1, 1]);
        assert_eq!(packed.tentative, [1, 3]);
        assert_eq!(
            (&packed.in_series[..], &packed.series[..]),
            (&[1, 2][..], &["s1".to_owned(), "s1".to_owned()][..])
        );
        let objects: Vec<AssignmentDto> = sample().iter().map(Into::into).collect();
        assert_eq!(packed.items(), objects, "the columns stand for the same assignments");
        let none: AssignmentsDto = [].iter().collect();
        assert_eq!((none.items(), none), (vec![], AssignmentsDto::default()));
    }

    /// The window makes the assignments again from the columns (`ui/src/timeline/model/columns.ts`):
    /// its test reads what this one writes, the columns beside the objects they stand for, so
    /// that the two sides cannot drift apart. Written by `cargo test`; CI fails when the committed
    /// file differs (like `commands.ts`).
    #[test]
    fn writes_the_sample_the_window_unpacks() {
        let items = sample();
        let sample = serde_json::json!({
            "packed": items.iter().collect::<AssignmentsDto>(),
            "items": items.iter().map(AssignmentDto::from).collect::<Vec<_>>(),
        });
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/ipc/assignments.sample.json");
        let text = serde_json::to_string_pretty(&sample).unwrap() + "\n";
        std::fs::write(path, text).expect("write ui/src/ipc/assignments.sample.json");
    }
}
