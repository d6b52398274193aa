//! The commands, grouped by feature: each a function marked `#[command]` (arguments parsed by
//! `ipc`, one call on the application, [`planner_app::App`], the answer turned into an IPC
//! type). Nothing else happens here; the team scope comes from the application, never from the
//! window. `declared` makes the invoke handler and the TypeScript client from those functions.

pub mod capacity;
pub mod declared;
pub mod export;
pub mod files;
pub mod import;
pub mod labels;
pub mod live;
pub mod many;
pub mod members;
pub mod plan;
pub mod report;
pub mod series;
pub mod session;
pub mod settings;
pub mod staffing;
pub mod updates;
pub mod views;

pub use declared::register;
