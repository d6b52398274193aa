//! The edits this app confirmed, numbered in order. A read of the table that began before some of
//! them answers what the table held then; when that answer goes into the offline copy, the items
//! those edits touched keep the copy's state ([`Kept`]) — a window read cannot undo a confirmed
//! move, create or delete in the copy.

use planner_cache::{Change, Kept};
use planner_domain::{AssignmentId, CalendarId, Date, PersonId, ProjectId, TimeOffId};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How many edits are remembered: far more than can be confirmed while one read is under way.
const REMEMBERED: usize = 4096;

/// Reads are eventually consistent: one that begins just after an edit was confirmed may be
/// answered by a replica that has not seen it yet (DynamoDB: usually within a second). Edits
/// confirmed this shortly before a read began are kept over its answer too.
const SETTLE: Duration = Duration::from_secs(10);

#[derive(Debug, Default)]
pub(crate) struct Journal {
    next: u64,
    edits: VecDeque<(u64, Instant, Touched)>,
}

#[derive(Debug, Clone)]
enum Touched {
    Assignment(AssignmentId),
    TimeOff(TimeOffId),
    Person(PersonId),
    Project(ProjectId),
    PersonRow(PersonId),
    ProjectRow(ProjectId),
    /// Holidays added, renamed or removed: by calendar and day, one entry for the whole edit.
    Holidays(Vec<(CalendarId, Date)>),
    Calendar(CalendarId),
}

impl Journal {
    /// Taken before a read: the edits confirmed from now on, and in the [`SETTLE`] before, are
    /// kept over its answer.
    pub(crate) fn mark(&self) -> u64 {
        self.mark_at(Instant::now())
    }

    fn mark_at(&self, now: Instant) -> u64 {
        self.edits
            .iter()
            .find(|(_, at, _)| now.saturating_duration_since(*at) < SETTLE)
            .map_or(self.next, |(seq, _, _)| *seq)
    }

    /// A confirmed change, as the copy applies it.
    pub(crate) fn record(&mut self, change: &Change) {
        self.record_at(change, Instant::now());
    }

    fn record_at(&mut self, change: &Change, at: Instant) {
        let touched = match change {
            Change::Each(changes) => {
                changes.iter().for_each(|c| self.record_at(c, at));
                return;
            }
            Change::Holidays(days) => {
                Touched::Holidays(days.iter().map(|h| (h.calendar.clone(), h.day)).collect())
            }
            Change::HolidayGone { calendar, day } => Touched::Holidays(vec![(calendar.clone(), *day)]),
            Change::CalendarGone(id) => Touched::Calendar(id.clone()),
            Change::Assignment(a) => Touched::Assignment(a.id.clone()),
            Change::AssignmentGone(id) => Touched::Assignment(id.clone()),
            Change::TimeOff(t) => Touched::TimeOff(t.id.clone()),
            Change::TimeOffGone(id) => Touched::TimeOff(id.clone()),
            Change::PersonGone(id) => Touched::Person(id.clone()),
            Change::ProjectGone(id) => Touched::Project(id.clone()),
            Change::Person(r) => Touched::PersonRow(r.id.clone()),
            Change::Project(p) => Touched::ProjectRow(p.id.clone()),
            _ => return,
        };
        self.edits.push_back((self.next, at, touched));
        self.next += 1;
        if self.edits.len() > REMEMBERED {
            self.edits.pop_front();
        }
    }

    /// What was confirmed since `began` ([`Journal::mark`]).
    pub(crate) fn since(&self, began: u64) -> Kept {
        let mut kept = Kept::default();
        for (_, _, touched) in self.edits.iter().filter(|(seq, _, _)| *seq >= began) {
            match touched.clone() {
                Touched::Assignment(id) => {
                    kept.assignments.insert(id);
                }
                Touched::TimeOff(id) => {
                    kept.time_off.insert(id);
                }
                Touched::Person(id) => {
                    kept.people_gone.insert(id);
                }
                Touched::Project(id) => {
                    kept.projects_gone.insert(id);
                }
                Touched::PersonRow(id) => {
                    kept.people.insert(id);
                }
                Touched::ProjectRow(id) => {
                    kept.projects.insert(id);
                }
                Touched::Holidays(days) => {
                    kept.holidays.extend(days);
                }
                Touched::Calendar(id) => {
                    kept.calendars_gone.insert(id);
                }
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_came_after_the_mark_is_kept_and_what_came_just_before() {
        let mut j = Journal::default();
        let t0 = Instant::now();
        let (a, b, c) = (AssignmentId::generate(), AssignmentId::generate(), AssignmentId::generate());
        j.record_at(&Change::AssignmentGone(a.clone()), t0);
        j.record_at(&Change::AssignmentGone(b.clone()), t0 + Duration::from_secs(30));
        // A read beginning a second after b: b may not be on the replica that answers.
        let began = j.mark_at(t0 + Duration::from_secs(31));
        j.record_at(&Change::AssignmentGone(c.clone()), t0 + Duration::from_secs(32));
        j.record_at(&Change::Nothing, t0 + Duration::from_secs(33));
        let kept = j.since(began);
        assert!(kept.assignments.contains(&c) && kept.assignments.contains(&b), "after, and just before");
        assert!(!kept.assignments.contains(&a), "long before: the read sees it");
        assert!(j.since(j.mark_at(t0 + Duration::from_secs(60))).assignments.is_empty());
    }

    #[test]
    fn holidays_and_a_deleted_calendar_are_kept_too() {
        let mut j = Journal::default();
        let t0 = Instant::now();
        let (cal, gone) = (CalendarId::generate(), CalendarId::generate());
        let began = j.mark_at(t0);
        let h = |d: &str| planner_domain::Holiday {
            calendar: cal.clone(),
            day: Date::parse(d).unwrap(),
            name: planner_domain::Name::parse("H").unwrap(),
        };
        j.record_at(&Change::Holidays(vec![h("2026-12-24"), h("2026-12-25")]), t0);
        j.record_at(
            &Change::HolidayGone { calendar: cal.clone(), day: Date::parse("2026-12-31").unwrap() },
            t0,
        );
        j.record_at(&Change::CalendarGone(gone.clone()), t0);
        let kept = j.since(began);
        let days: Vec<_> =
            ["2026-12-24", "2026-12-25", "2026-12-31"].iter().map(|d| Date::parse(d).unwrap()).collect();
        assert!(days.iter().all(|d| kept.holidays.contains(&(cal.clone(), *d))), "{kept:?}");
        assert_eq!(kept.holidays.len(), 3);
        assert!(kept.calendars_gone.contains(&gone));
    }
}
