//! resource-planner's application: everything the desktop app does between the window and the
//! store, with no Tauri in it (the shell in `src-tauri/` wires it to the window and turns its
//! types into IPC types). Tests drive it without a window.
//!
//! - [`App`] (`app.rs`): the workspace under one lock, [`App::plan`] (the only way to the open
//!   team's store and scope, re-checked on every call), reads and writes, the one read-through
//!   to the offline copy, the window's ear ([`Window`]).
//! - `workspace.rs`: the state machine (local, signed out, team, offline, broken) and its
//!   transitions as plain functions.
//! - `session.rs`: opening a team table, sign-in by code or link, switching team, signing out,
//!   resuming a session; `supervisor.rs`: the connection check (heartbeat, backoff).
//! - `plan.rs`: the plan's reads and edits; `capacity.rs`: working time, time off, holiday
//!   calendars (`ics.rs`: holidays from an .ics file); `offline.rs`: the offline copies.
//! - `startup.rs`: settings → what opens; `places.rs`: every local file name; `log.rs`: the
//!   log; `diagnostics.rs`; `local_move.rs`: the local workspace into a team.
//! - `error.rs`: [`AppError`] and the codes the window reads ([`ErrorCode`]).
//! - `prefs.rs`: what the window remembers between starts, per user and team.

mod activity;
mod app;
mod capacity;
pub mod diagnostics;
mod error;
pub mod export;
pub mod folders;
pub mod import;
mod journal;
mod labels;
mod links;
mod live;
pub mod local_move;
pub mod log;
mod many;
pub mod offline;
mod opening;
pub mod places;
mod plan;
pub mod prefs;
mod report;
pub mod saving;
mod series;
mod session;
mod staffing;
pub mod startup;
mod supervisor;
mod view;
mod views;
pub mod window_errors;
pub use views::SeenView;
mod workspace;

pub use activity::{ACTIVITY_PAGE_MAX, ActivityPage};
pub use app::{App, Auth};
pub use error::{AppError, ErrorCode};
pub use live::{LIVE_PAGES, LiveChange, LiveItem, LiveNews};
pub use offline::{Copies, LoadedTimeline, Stamp, TeamCopy};
pub use opening::Opening;
pub use places::Places;
pub use plan::Overview;
pub use supervisor::{LIVE_FRESH, SESSION_RECHECK, recheck_due};
pub use view::{LinkAsk, OfflineView, SessionUpdate, SessionView, Window};
pub use workspace::{HEARTBEAT, backoff};

// What the application's calls take and give that the store defines. The shell names them
// through here and never depends on the store itself.
pub use planner_store::feed::{ActivityFilter, MemberState, TeamSettings};
pub use planner_store::{
    AssignmentChange, BookingEdit, Catalog, EditOutcome, ManyEdited, ManyLabels, MemberInfo, NewAssignment,
    NewTimeOff, PendingDeletion, Sensitive, StaffingRead, StoreError, TeamMembership, TimeOffChange,
    ViewInput,
};
