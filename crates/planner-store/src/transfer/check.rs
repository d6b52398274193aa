//! What an import checks of a file before it writes anything: that it is ours, that every
//! assignment's person and project and every time off's person are in it, that every group, role
//! and skill a person carries is one of its labels and in that list, that no list names two labels
//! alike, and that it holds nothing the reader could not read back.

use super::{FORMAT, FORMAT_VERSION, OLDEST_FORMAT_VERSION, TeamExport};
use crate::StoreError;
use crate::keys::{self, TeamItemKey};
use crate::sdk::{Item, get_s, item_key};
use planner_domain::{Label, PersonLabels, ValidationError};
use std::collections::{HashMap, HashSet};

/// The largest version an import writes: half the reader's limit
/// ([`planner_domain::MAX_VERSION`]), so that no run of edits after it (each adds one; 2^52 of
/// them) can take an item past what the reader reads back.
pub const MAX_IMPORTED_VERSION: u64 = planner_domain::MAX_VERSION / 2;

/// Reads an item an import is about to write back as the window, the catalog and the export read
/// it: what any of them would refuse is refused here, by the same code, before anything is written.
pub(super) fn read_back(item: &Item) -> Result<(), StoreError> {
    use crate::plan as p;
    let sk = get_s(item, keys::SK)?;
    let read = match keys::parse_team_sk(sk) {
        Ok(TeamItemKey::Person(_)) => p::person_from_item(item).map(drop),
        Ok(TeamItemKey::Project(_)) => p::project_from_item(item).map(drop),
        Ok(TeamItemKey::Assignment { .. } | TeamItemKey::LongIndex { .. }) => {
            p::assignment_from_item(item).map(drop)
        }
        Ok(
            TeamItemKey::TimeOff { .. }
            | TeamItemKey::TimeOffIndex { .. }
            | TeamItemKey::PersonTimeOff { .. },
        ) => p::time_off_from_item(item).map(drop),
        Ok(TeamItemKey::Calendar(_)) => p::calendar_from_item(item).map(drop),
        Ok(TeamItemKey::Holiday { .. }) => p::holiday_from_item(item).map(drop),
        Ok(TeamItemKey::Label(_)) => p::label_from_item(item).map(drop),
        Ok(TeamItemKey::View(_)) => p::view_from_item(item).map(drop),
        Ok(TeamItemKey::LabelName) => p::Plan::guarded_label(item).map(drop),
        _ => Err(StoreError::corrupt(item_key(item), "not an item an import writes")),
    };
    read.map_err(|e| {
        let detail = match e {
            StoreError::Corrupt { detail, .. } => detail,
            other => other.to_string(),
        };
        StoreError::BadFile { message: format!("{} could not be read back: {detail}", item_key(item)) }
    })
}

impl TeamExport {
    /// Checks that the file is ours and that every assignment's person and project are in it.
    pub fn validate(&self) -> Result<(), StoreError> {
        let bad = |message: String| StoreError::BadFile { message };
        if self.format != FORMAT || !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&self.format_version) {
            return Err(bad(format!(
                "this is not a resource-planner team export of version {OLDEST_FORMAT_VERSION} to {FORMAT_VERSION} (found {} {})",
                self.format, self.format_version
            )));
        }
        let people: HashSet<_> = self.people.iter().map(|r| &r.id).collect();
        let projects: HashSet<_> = self.projects.iter().map(|p| &p.id).collect();
        if people.len() != self.people.len() || projects.len() != self.projects.len() {
            return Err(bad("a person or project appears twice".into()));
        }
        let mut ids = HashSet::new();
        for a in &self.assignments {
            if !people.contains(&a.person_id) || !projects.contains(&a.project_id) {
                return Err(bad(format!(
                    "assignment {} refers to a person or project that is not in the file",
                    a.id
                )));
            }
            if !ids.insert(&a.id) {
                return Err(bad(format!("assignment {} appears twice", a.id)));
            }
            a.clone().checked().map_err(|e| bad(format!("assignment {}: {e}", a.id)))?;
        }
        // Nothing the reader could not read back: a version past 2^53 − 1 is written, and every
        // window that holds the item then leaves it out as unreadable.
        let versions = (self.people.iter().map(|r| (r.version, r.id.to_string())))
            .chain(self.projects.iter().map(|p| (p.version, p.id.to_string())))
            .chain(self.assignments.iter().map(|a| (a.version, a.id.to_string())))
            .chain(self.time_off.iter().map(|t| (t.version, t.id.to_string())))
            .chain(self.calendars.iter().map(|c| (c.version, c.id.to_string())))
            .chain(self.labels.iter().map(|l| (l.version, l.id.to_string())))
            .chain(self.views.iter().flatten().map(|v| (v.version, v.id.to_string())));
        for (version, id) in versions {
            if version > MAX_IMPORTED_VERSION {
                return Err(bad(format!(
                    "{id} has version {version}, more than the largest an import writes ({MAX_IMPORTED_VERSION}: half of what the app reads back, so that edits after it never pass that)"
                )));
            }
        }
        let calendars: HashSet<_> = self.calendars.iter().map(|c| &c.id).collect();
        if calendars.len() != self.calendars.len() {
            return Err(bad("a calendar appears twice".into()));
        }
        let mut offs = HashSet::new();
        for t in &self.time_off {
            if !people.contains(&t.person_id) {
                return Err(bad(format!("time off {} is of a person who is not in the file", t.id)));
            }
            if !offs.insert(&t.id) {
                return Err(bad(format!("time off {} appears twice", t.id)));
            }
            t.clone().checked().map_err(|e| bad(format!("time off {}: {e}", t.id)))?;
        }
        for h in &self.holidays {
            if !calendars.contains(&h.calendar) {
                return Err(bad(format!(
                    "the holiday on {} is of a calendar that is not in the file",
                    h.day
                )));
            }
            h.day.as_day().map_err(|e| bad(format!("the holiday on {}: {e}", h.day)))?;
        }
        for r in &self.people {
            if let Some(c) = r.calendar.as_ref().filter(|c| !calendars.contains(c)) {
                return Err(bad(format!("{} is in calendar {c}, which is not in the file", r.name)));
            }
        }
        self.validate_labels()
    }

    /// No label twice, no two of one list whose names fold alike, and every label a person
    /// carries one of the file's, in the list it is carried as.
    fn validate_labels(&self) -> Result<(), StoreError> {
        let bad = |message: String| StoreError::BadFile { message };
        let mut ids = HashSet::new();
        let mut names: HashMap<_, &Label> = HashMap::new();
        for l in &self.labels {
            if !ids.insert(&l.id) {
                return Err(bad(format!("label {} appears twice", l.id)));
            }
            if let Some(other) = names.insert((l.kind, Label::name_key(&l.name)), l) {
                return Err(bad(format!(
                    "the {kind}s \"{}\" ({}) and \"{}\" ({}) have the same name (the names of a list differ in more than case or width)",
                    other.name,
                    other.id,
                    l.name,
                    l.id,
                    kind = l.kind.as_str()
                )));
            }
        }
        for r in &self.people {
            let named = |e: ValidationError| match e {
                ValidationError::NoSuchLabel { kind, id } => {
                    match self.labels.iter().find(|l| l.id.as_str() == id) {
                        Some(l) => bad(format!(
                            "{} ({}) has \"{}\" ({id}) as a {kind}, but the file has it as a {}",
                            r.name,
                            r.id,
                            l.name,
                            l.kind.as_str()
                        )),
                        None => bad(format!(
                            "{} ({}) has the {kind} {id}, which is not in the file",
                            r.name, r.id
                        )),
                    }
                }
                other => bad(format!("{} ({}): {other}", r.name, r.id)),
            };
            let l = &r.labels;
            PersonLabels::new(l.groups.clone(), l.role.clone(), l.skills.clone()).map_err(named)?;
            l.check_against(&self.labels).map_err(named)?;
        }
        Ok(())
    }
}
