// The window's one door to the Rust side. Every command is a typed function of commands.ts, which
// `cargo test` generates from the #[command] functions of src-tauri/src/commands (with the types'
// twins that ts-rs generates into bindings/); neither is edited by hand. Only src/ipc imports
// @tauri-apps/*.
export * from "./commands";
