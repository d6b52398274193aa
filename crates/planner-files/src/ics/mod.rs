//! Calendar files (RFC 5545, through the `icalendar` crate): holidays in (`holidays.rs`: a
//! country's calendar for the team's holiday calendars) and a feed out (`feed.rs`: a person's or
//! the team's bookings and time off as all-day events that a calendar program updates in place
//! when the file is imported again).

mod feed;
mod holidays;

pub use feed::{Feed, FeedWords, Whose, feed};
pub use holidays::{MAX_ICS_BYTES, holidays_from_ics};
