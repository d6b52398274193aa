//! The planner's domain: identifiers, validated values, dates, roles and the entities built from them.
//!
//! Nothing here does IO or reads the clock by itself; time comes in through [`Clock`].
//! Every value that crosses into this crate from a form, a file or the wire is parsed into one of
//! these types first, so the code above can rely on it being valid.

/// A value kept as text on the wire and in the table: serde reads it through `parse` (so it is
/// checked on the way in) and writes its `Display`.
macro_rules! text_value {
    ($t:ty) => {
        impl TryFrom<String> for $t {
            type Error = $crate::ValidationError;
            fn try_from(value: String) -> Result<Self, Self::Error> {
                Self::parse(&value)
            }
        }

        impl From<$t> for String {
            fn from(value: $t) -> Self {
                value.to_string()
            }
        }
    };
}

/// A value kept as its text (`struct T(String)`, made only by `T::parse`): its text, written as
/// it is, and the serde conversions of `text_value!`.
macro_rules! string_value {
    ($t:ty) => {
        impl $t {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        text_value!($t);
    };
}

pub mod capacity;
mod clock;
mod color;
mod dates;
mod email;
mod entities;
mod error;
mod feed;
mod ids;
mod labels;
mod name;
pub mod printable;
pub mod repeat;
mod role;
mod views;

pub use clock::{Clock, FixedClock, SystemClock, epoch_millis};
pub use color::Color;
pub use dates::{Date, DateRange, MAX_ASSIGNMENT_DAYS};
pub use email::Email;
pub use entities::{
    Assignment, Calendar, Holiday, MAX_VERSION, Member, Person, Project, Reach, Team, TimeOff, Unreadable,
    User, WindowItems,
};
pub use error::ValidationError;
pub use feed::{FeedAction, FeedKind};
pub use ids::{
    AssignmentId, CalendarId, LabelId, PersonId, ProjectId, SeriesId, TeamId, TimeOffId, UserId, ViewId,
};
pub use labels::{GroupFrom, Groups, Label, LabelKind, LabelsEdit, PersonLabels};
pub use name::Name;
pub use role::{Action, Role};
pub use views::{
    DaySpan, MAX_FREE_MINUTES, MAX_VIEW_DAYS, MAX_VIEW_IDS, PeriodKind, RowDensity, RowGrouping, RowKind,
    RowOrder, RowsView, View, ViewZoom,
};
