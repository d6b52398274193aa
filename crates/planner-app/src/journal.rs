//! The edits this app confirmed, numbered in order (issue #18.6). A read of the table that began
//! before some of them answers what the table held then; when that answer goes into the offline
//! copy, the items those edits touched keep the copy's state ([`Kept`]) — a window read cannot
//! undo a confirmed move, create or delete in the copy.

use planner_cache::{Change, Kept};
use planner_domain::{AssignmentId, ProjectId, ResourceId, TimeOffId};
use std::collections::VecDeque;

/// How many edits are remembered: far more than can be confirmed while one read is under way.
const REMEMBERED: usize = 4096;

#[derive(Debug, Default)]
pub(crate) struct Journal {
    next: u64,
    edits: VecDeque<(u64, Touched)>,
}

#[derive(Debug, Clone)]
enum Touched {
    Assignment(AssignmentId),
    TimeOff(TimeOffId),
    Resource(ResourceId),
    Project(ProjectId),
}

impl Journal {
    /// Taken before a read: the edits confirmed from now on are kept over its answer.
    pub(crate) fn mark(&self) -> u64 {
        self.next
    }

    /// A confirmed change, as the copy applies it.
    pub(crate) fn record(&mut self, change: &Change) {
        let touched = match change {
            Change::Assignment(a) => Touched::Assignment(a.id.clone()),
            Change::AssignmentGone(id) => Touched::Assignment(id.clone()),
            Change::TimeOff(t) => Touched::TimeOff(t.id.clone()),
            Change::TimeOffGone(id) => Touched::TimeOff(id.clone()),
            Change::ResourceGone(id) => Touched::Resource(id.clone()),
            Change::ProjectGone(id) => Touched::Project(id.clone()),
            _ => return,
        };
        self.edits.push_back((self.next, touched));
        self.next += 1;
        if self.edits.len() > REMEMBERED {
            self.edits.pop_front();
        }
    }

    /// What was confirmed since `began` ([`Journal::mark`]).
    pub(crate) fn since(&self, began: u64) -> Kept {
        let mut kept = Kept::default();
        for (_, touched) in self.edits.iter().filter(|(seq, _)| *seq >= began) {
            match touched.clone() {
                Touched::Assignment(id) => {
                    kept.assignments.insert(id);
                }
                Touched::TimeOff(id) => {
                    kept.time_off.insert(id);
                }
                Touched::Resource(id) => {
                    kept.resources_gone.insert(id);
                }
                Touched::Project(id) => {
                    kept.projects_gone.insert(id);
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
    fn only_what_came_after_the_mark_is_kept() {
        let mut j = Journal::default();
        let (a, b) = (AssignmentId::generate(), AssignmentId::generate());
        j.record(&Change::AssignmentGone(a.clone()));
        let began = j.mark();
        j.record(&Change::AssignmentGone(b.clone()));
        j.record(&Change::Nothing);
        let kept = j.since(began);
        assert!(kept.assignments.contains(&b) && !kept.assignments.contains(&a));
        assert!(j.since(j.mark()).assignments.is_empty());
    }
}
