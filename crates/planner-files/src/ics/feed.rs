//! A calendar feed: a person's bookings and time off, or the whole team's, over a range, as an
//! iCalendar file of all-day events. Each event's UID is its booking's or time off's id, and its
//! SEQUENCE the item's version, so importing a newer file into a calendar program updates the
//! events it holds instead of adding copies; DTEND is the day after the last (RFC 5545's all-day
//! convention, the plan's own). A booking says its project (and, in the team's feed, its person),
//! its hours and whether it is tentative; it does not block the person's free/busy time (TRANSP:
//! TRANSPARENT), time off does.

use chrono::{DateTime, NaiveDate, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus};
use planner_domain::capacity::{Allocation, Status, TimeOffKind, hours_text};
use planner_domain::{Date, DateRange, PersonId};
use planner_store::Timeline;
use std::collections::HashMap;

/// Whose bookings and time off a feed holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose<'a> {
    Person(&'a PersonId),
    Team,
}

/// The words of a feed, in the user's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeedWords {
    pub time_off: &'static str,
    pub holiday: &'static str,
    pub sick: &'static str,
    pub other: &'static str,
    pub a_day: &'static str,
    pub in_all: &'static str,
    pub of_the_day: &'static str,
    pub tentative: &'static str,
}

impl FeedWords {
    pub const EN: FeedWords = FeedWords {
        time_off: "Time off",
        holiday: "holiday",
        sick: "sick",
        other: "other",
        a_day: "a day",
        in_all: "in all",
        of_the_day: "of the day",
        tentative: "Tentative",
    };
    pub const JA: FeedWords = FeedWords {
        time_off: "休暇",
        holiday: "休暇",
        sick: "病欠",
        other: "その他",
        a_day: "/日",
        in_all: "（合計）",
        of_the_day: "（1日の割合）",
        tentative: "仮",
    };

    /// The words of `lang` ("ja"; English for any other).
    pub fn of(lang: &str) -> FeedWords {
        if lang == "ja" { FeedWords::JA } else { FeedWords::EN }
    }
}

/// A feed made: its file name without `.ics`, its text, and how many events it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feed {
    pub stem: String,
    pub text: String,
    pub events: usize,
}

/// The feed of `whose` over `range` from `t` (a timeline read of those days): every booking and
/// time off that meets the range, whole; `stamp` is the file's DTSTAMP. `None`: no such person.
pub fn feed(
    t: &Timeline,
    whose: Whose<'_>,
    range: DateRange,
    stamp: DateTime<Utc>,
    words: FeedWords,
) -> Option<Feed> {
    let people: HashMap<_, _> = t.people.iter().map(|p| (&p.id, p.name.as_str())).collect();
    let projects: HashMap<_, _> = t.projects.iter().map(|p| (&p.id, p.name.as_str())).collect();
    let theirs = |id: &PersonId| match whose {
        Whose::Person(p) => p == id,
        Whose::Team => true,
    };
    let (name, stem) = match whose {
        Whose::Person(p) => {
            let name = people.get(p)?;
            (format!("{} — {name}", t.team.name), format!("{}-{}", file_part(name), range_part(range)))
        }
        Whose::Team => {
            (t.team.name.to_string(), format!("{}-{}", file_part(t.team.name.as_str()), range_part(range)))
        }
    };
    let who = |id: &PersonId| match whose {
        Whose::Person(_) => String::new(),
        Whose::Team => format!(" · {}", people.get(id).unwrap_or(&"")),
    };
    let mut events: Vec<(Date, String, Event)> = Vec::new();
    for a in t.items.assignments.iter().filter(|a| theirs(&a.person_id) && a.range.overlaps(range)) {
        let project = projects.get(&a.project_id).unwrap_or(&"");
        let hours = match a.allocation {
            Allocation::HoursPerDay(m) => format!("{} h {}", hours_text(m), words.a_day),
            Allocation::Percent(p) => format!("{p} % {}", words.of_the_day),
            Allocation::Total(m) => format!("{} h {}", hours_text(m), words.in_all),
        };
        let (status, said) = match a.status {
            Status::Confirmed => (EventStatus::Confirmed, hours),
            Status::Tentative => (EventStatus::Tentative, format!("{hours}\n{}", words.tentative)),
        };
        let event = Event::new()
            .uid(&uid(a.id.as_str()))
            .sequence(sequence(a.version))
            .timestamp(stamp)
            .summary(&format!("{project}{}", who(&a.person_id)))
            .description(&said)
            .categories([*project])
            .starts(day(a.range.start()))
            .ends(day(a.range.end_exclusive()))
            .status(status)
            .add_property("TRANSP", "TRANSPARENT")
            .done();
        events.push((a.range.start(), a.id.to_string(), event));
    }
    for off in t.items.time_off.iter().filter(|o| theirs(&o.person_id) && o.range.overlaps(range)) {
        let kind = match off.kind {
            TimeOffKind::Holiday => words.holiday,
            TimeOffKind::Sick => words.sick,
            TimeOffKind::Other => words.other,
        };
        let mut event = Event::new();
        event
            .uid(&uid(off.id.as_str()))
            .sequence(sequence(off.version))
            .timestamp(stamp)
            .summary(&format!("{} ({kind}){}", words.time_off, who(&off.person_id)))
            .starts(day(off.range.start()))
            .ends(day(off.range.end_exclusive()))
            .add_property("TRANSP", "OPAQUE");
        if let Some(m) = off.minutes {
            event.description(&format!("{} h {}", hours_text(m), words.a_day));
        }
        events.push((off.range.start(), off.id.to_string(), event.done()));
    }
    // In day order, then by id: the same plan makes the same file.
    events.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let mut calendar = Calendar::new();
    calendar.name(&name);
    let count = events.len();
    for (_, _, e) in events {
        calendar.push(e);
    }
    let text = calendar.done().to_string();
    Some(Feed { stem, text, events: count })
}

/// A UID unique beyond this file: the item's id (a ULID) at the app's name.
fn uid(id: &str) -> String {
    format!("{id}@resource-planner")
}

fn sequence(version: u64) -> u32 {
    u32::try_from(version).unwrap_or(u32::MAX)
}

fn day(d: Date) -> NaiveDate {
    let t = d.as_time();
    NaiveDate::from_ymd_opt(t.year(), u32::from(u8::from(t.month())), u32::from(t.day()))
        .expect("a plan's day is a calendar day")
}

/// A name as part of a file name: letters and digits kept (any script), the rest one dash.
fn file_part(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').to_owned();
    if out.is_empty() { "calendar".into() } else { out }
}

fn range_part(range: DateRange) -> String {
    format!("{}-to-{}", range.start(), range.last_day())
}

#[cfg(test)]
#[path = "feed_tests.rs"]
mod tests;
