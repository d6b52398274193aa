//! The planner's domain: identifiers, validated values, dates, roles and the entities built from them.
//!
//! Nothing here does IO or reads the clock by itself; time comes in through [`Clock`].
//! Every value that crosses into this crate from a form, a file or the wire is parsed into one of
//! these types first, so the code above can rely on it being valid.

mod clock;
mod color;
mod dates;
mod email;
mod entities;
mod error;
mod ids;
mod name;
mod role;

pub use clock::{Clock, FixedClock, SystemClock};
pub use color::Color;
pub use dates::{Date, DateRange, MAX_ASSIGNMENT_DAYS};
pub use email::Email;
pub use entities::{Assignment, Member, Project, Resource, Team, User};
pub use error::ValidationError;
pub use ids::{AssignmentId, ProjectId, ResourceId, TeamId, UserId};
pub use name::Name;
pub use role::{Action, Role};
