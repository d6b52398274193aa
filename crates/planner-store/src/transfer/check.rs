//! What an import checks of a file before it writes anything: that it is ours, that every
//! assignment's person and project and every time off's person are in it, and that it holds
//! nothing the reader could not read back.

use super::{FORMAT, FORMAT_VERSION, OLDEST_FORMAT_VERSION, TeamExport};
use crate::StoreError;
use crate::keys::{self, TeamItemKey};
use crate::sdk::{Item, get_s, item_key};
use std::collections::HashSet;

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
            .chain(self.calendars.iter().map(|c| (c.version, c.id.to_string())));
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
        Ok(())
    }
}
