//! The desktop app's entry point.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    resource_planner_app::run();
}
