//! Staffing a placeholder: who could take some of its bookings. The placeholder's bookings say
//! how many hours are wanted on which days; each person's free hours on exactly those days (their
//! capacity less what they are booked, tentative work counted as taken) say who could take them.
//! People with the placeholder's role and skills come first, then those who cover most of the
//! wanted hours. The figures are the timeline's own: every day is [`day_loads`]'s.

use super::load::{Booking, PeopleDays, day_loads};
use super::week::WorkWeek;
use crate::{Assignment, DateRange, Name, Person, PersonId, ValidationError, WindowItems};
use serde::Serialize;
use std::collections::HashMap;
use ts_rs::TS;

/// What staffing is worked out from: the team's people, the chosen bookings of the placeholder
/// and what the window query read for their days (every person's assignments, time off and
/// holidays).
#[derive(Debug, Clone, Copy)]
pub struct StaffingInput<'a> {
    pub default_week: WorkWeek,
    pub people: &'a [Person],
    pub placeholder: &'a Person,
    /// The placeholder's bookings to hand over (all of them must be the placeholder's).
    pub chosen: &'a [&'a Assignment],
    /// Read over at least the chosen bookings' days.
    pub items: &'a WindowItems,
}

/// A person who could take the chosen bookings, with their fit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Candidate {
    #[ts(type = "string")]
    pub person_id: PersonId,
    #[ts(type = "string")]
    pub name: Name,
    /// They have the placeholder's role title (false when the placeholder has none).
    pub role_matches: bool,
    /// How many of the placeholder's skills they have.
    pub skills_matched: u32,
    /// Their free minutes on the days the chosen bookings want hours.
    #[ts(type = "number")]
    pub free: u64,
    /// Of the wanted minutes, how many their free time covers, day by day.
    #[ts(type = "number")]
    pub covers: u64,
}

/// The chosen bookings' demand and the candidates, best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Staffing {
    /// The minutes the chosen bookings want, over `days` days.
    #[ts(type = "number")]
    pub wanted: u64,
    pub days: u32,
    /// How many skills the placeholder asks for.
    pub skills_wanted: u32,
    /// Every person (no placeholder): those with the role and all the skills first, then more
    /// skills, then most of the wanted hours covered, most free hours, and name.
    pub candidates: Vec<Candidate>,
}

impl Staffing {
    /// The candidates for `input.chosen`; a booking that is not the placeholder's is refused.
    pub fn build(input: StaffingInput<'_>) -> Result<Self, ValidationError> {
        let placeholder = input.placeholder;
        if let Some(other) = input.chosen.iter().find(|a| a.person_id != placeholder.id) {
            return Err(ValidationError::NotPlaceholdersBooking { assignment: other.id.to_string() });
        }
        let Some(span) = span_of(input.chosen) else {
            return Ok(Self { wanted: 0, days: 0, skills_wanted: 0, candidates: Vec::new() });
        };
        let days = PeopleDays::new(input.items)?;
        let own: Vec<Booking> = input.chosen.iter().map(|a| booking(a)).collect();
        // The minutes wanted on each day of the span (tentative bookings want theirs too).
        let schedule = placeholder.schedule_or(input.default_week);
        let wanted: Vec<u32> = day_loads(&days.of(placeholder, &schedule), &own, span)
            .iter()
            .map(|d| d.confirmed + d.tentative)
            .collect();
        let skills = &placeholder.labels.skills;
        let mut booked: HashMap<&PersonId, Vec<Booking>> = HashMap::new();
        for a in &input.items.assignments {
            booked.entry(&a.person_id).or_default().push(booking(a));
        }
        let mut candidates: Vec<Candidate> = input
            .people
            .iter()
            .filter(|p| !p.placeholder)
            .map(|p| {
                let theirs = booked.get(&p.id).map_or(&[][..], Vec::as_slice);
                let schedule = p.schedule_or(input.default_week);
                let loads = day_loads(&days.of(p, &schedule), theirs, span);
                let (mut free, mut covers) = (0u64, 0u64);
                for (load, &want) in loads.iter().zip(&wanted) {
                    if want == 0 {
                        continue;
                    }
                    let open = load.capacity.saturating_sub(load.booked(true));
                    free += u64::from(open);
                    covers += u64::from(open.min(want));
                }
                Candidate {
                    person_id: p.id.clone(),
                    name: p.name.clone(),
                    role_matches: placeholder.labels.role.is_some()
                        && p.labels.role == placeholder.labels.role,
                    skills_matched: skills.iter().filter(|s| p.labels.skills.contains(*s)).count() as u32,
                    free,
                    covers,
                }
            })
            .collect();
        candidates.sort_by(|a, b| {
            (b.role_matches, b.skills_matched, b.covers, b.free)
                .cmp(&(a.role_matches, a.skills_matched, a.covers, a.free))
                .then_with(|| a.name.as_str().cmp(b.name.as_str()))
                .then_with(|| a.person_id.cmp(&b.person_id))
        });
        Ok(Self {
            wanted: wanted.iter().map(|&m| u64::from(m)).sum(),
            days: wanted.iter().filter(|&&m| m > 0).count() as u32,
            skills_wanted: skills.len() as u32,
            candidates,
        })
    }
}

/// The days from the first chosen booking's start to the last one's end.
fn span_of(chosen: &[&Assignment]) -> Option<DateRange> {
    let start = chosen.iter().map(|a| a.range.start()).min()?;
    let end = chosen.iter().map(|a| a.range.end_exclusive()).max()?;
    DateRange::new(start, end).ok()
}

fn booking(a: &Assignment) -> Booking {
    Booking { range: a.range, allocation: a.allocation, status: a.status }
}

#[cfg(test)]
#[path = "staffing_tests.rs"]
mod tests;
