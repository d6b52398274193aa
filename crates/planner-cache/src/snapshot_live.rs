//! Others' changes that the live view brings, applied to the offline copy.

use super::{Change, Snapshot};

impl Snapshot {
    /// Applies `change`, someone's edit that the live view brought (`removed`: the version a
    /// delete removed), unless the copy holds a newer state of its item: the feed is read back
    /// for a minute, so a record can come after a newer one was applied (this app's own edit, or
    /// a later record read first), and a delete's record after a Restore. Whether it was applied.
    pub fn apply_live(&mut self, change: Change, removed: Option<u64>) -> bool {
        if !self.is_newer(&change, removed) {
            return false;
        }
        self.apply(change);
        true
    }

    /// Whether `change` is newer than what the copy holds of its item: a put of a higher version
    /// than the copy's (or of an item it lacks), a removal of the version held or a later one.
    fn is_newer(&self, change: &Change, removed: Option<u64>) -> bool {
        fn held<T>(items: &[T], same: impl Fn(&T) -> bool, version: impl Fn(&T) -> u64) -> Option<u64> {
            items.iter().find(|x| same(x)).map(version)
        }
        let put = |held: Option<u64>, version: u64| held.is_none_or(|h| h < version);
        let gone = |held: Option<u64>| match (held, removed) {
            (Some(h), Some(v)) => h <= v,
            _ => true,
        };
        match change {
            Change::Assignment(a) => put(held(&self.assignments, |x| x.id == a.id, |x| x.version), a.version),
            Change::Person(r) => put(held(&self.people, |x| x.id == r.id, |x| x.version), r.version),
            Change::Project(p) => put(held(&self.projects, |x| x.id == p.id, |x| x.version), p.version),
            Change::TimeOff(t) => put(held(&self.time_off, |x| x.id == t.id, |x| x.version), t.version),
            Change::Calendar(c) => put(held(&self.calendars, |x| x.id == c.id, |x| x.version), c.version),
            Change::AssignmentGone(id) => gone(held(&self.assignments, |x| &x.id == id, |x| x.version)),
            Change::PersonGone(id) => gone(held(&self.people, |x| &x.id == id, |x| x.version)),
            Change::ProjectGone(id) => gone(held(&self.projects, |x| &x.id == id, |x| x.version)),
            Change::TimeOffGone(id) => gone(held(&self.time_off, |x| &x.id == id, |x| x.version)),
            Change::CalendarGone(id) => gone(held(&self.calendars, |x| &x.id == id, |x| x.version)),
            Change::Label(l) => put(held(&self.labels, |x| x.id == l.id, |x| x.version), l.version),
            Change::LabelGone(id) => gone(held(&self.labels, |x| &x.id == id, |x| x.version)),
            Change::Each(changes) => changes.iter().all(|c| self.is_newer(c, None)),
            Change::Team(_) | Change::Holidays(_) | Change::HolidayGone { .. } | Change::Nothing => true,
        }
    }
}

#[cfg(test)]
#[path = "snapshot_live_tests.rs"]
mod tests;
