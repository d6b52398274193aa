//! Tauri commands, grouped by feature: arguments parsed (`ipc`), one call on the application
//! ([`planner_app::App`]), the answer turned into an IPC type. Nothing else happens here; the
//! team scope comes from the application, never from the window.

pub mod capacity;
pub mod live;
pub mod members;
pub mod plan;
pub mod report;
pub mod session;
pub mod settings;

/// Registers every command on a builder (the app's and the tests'). The window's wrappers in
/// `ui/src/ipc/index.ts` are held against this list by `tests/ipc_contract.rs`.
pub fn register<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        plan::workspace_overview,
        plan::open_timeline,
        plan::load_window,
        plan::catalog,
        plan::create_resource,
        plan::rename_resource,
        plan::resource_assignment_count,
        plan::delete_resource,
        plan::create_project,
        plan::update_project,
        plan::project_assignment_count,
        plan::delete_project,
        plan::create_assignment,
        plan::update_assignment,
        plan::delete_assignment,
        report::report,
        report::save_report_csv,
        report::save_activity_csv,
        capacity::set_working_time,
        capacity::set_default_week,
        capacity::create_time_off,
        capacity::update_time_off,
        capacity::delete_time_off,
        capacity::calendars,
        capacity::create_calendar,
        capacity::rename_calendar,
        capacity::delete_calendar,
        capacity::add_holidays,
        capacity::import_ics,
        capacity::delete_holiday,
        plan::offline_synced_in,
        live::live_changes,
        live::activity,
        live::restore_assignment,
        live::rename_team,
        live::set_feed_days,
        session::reconnect,
        session::session_status,
        session::request_sign_in_code,
        session::sign_in,
        session::open_sign_in_link,
        session::answer_sign_in_link,
        session::sign_in_with_aws,
        session::switch_team,
        session::sign_out,
        session::watch_session,
        settings::settings,
        settings::save_settings,
        settings::test_connection,
        settings::diagnostics,
        settings::local_plan,
        settings::move_local_plan,
        settings::load_prefs,
        settings::save_prefs,
        members::list_members,
        members::invite_member,
        members::change_role,
        members::remove_member,
    ])
}
