//! The offline copy of a team's timeline: what the app shows when DynamoDB is out of reach, and at
//! once on start-up before the fresh data arrives.
//!
//! - [`Snapshot`]: the team, its people and projects, the windows of days loaded and the
//!   assignments in them, and when it was last in step with the table. Loads and confirmed
//!   edits update it ([`Snapshot::loaded`], [`Snapshot::apply`] of a [`Change`]); it knows
//!   which days it can show ([`Snapshot::covers`]).
//! - [`CacheFile`]: one snapshot per user and team in a file, encrypted with a key the OS
//!   keyring keeps ([`CacheKey`]); the file is bound to its user and team, written whole
//!   (temporary file, then rename), and a file that is damaged, truncated, of another key or
//!   of another user is reported as [`CacheError::Damaged`] so the caller discards it.
//!
//! - [`Profile`]: who was signed in and their teams, so that a start without the network can
//!   open the last team from its snapshot.
//!
//! Nothing here knows Tauri, DynamoDB or the keyring: the app glues them.

mod file;
mod merge;
mod profile;
mod snapshot;

pub use file::{CacheError, CacheFile, CacheKey};
pub use profile::{Profile, ProfileTeam};
pub use snapshot::{Change, Kept, Snapshot};
