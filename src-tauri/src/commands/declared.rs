//! Commands declared once. A function of a feature module marked `#[command]` (the
//! `planner-command` attribute) is the only place a command is written: the attribute adds its
//! [`Command`] entry to one list (`inventory`), and from that list come the invoke handler
//! ([`register`]) and the window's TypeScript client ([`typescript`], written to
//! `ui/src/ipc/commands.ts` by `cargo test`; CI fails when the committed file differs).
//!
//! The runner the attribute writes takes what Tauri's own `#[tauri::command]` would: the
//! application's managed state, the window's channels and its JSON arguments under the camelCase
//! of each parameter's name, with Tauri's error sentences for a missing or malformed argument.
//! It goes through a [`Caller`] (the calling webview with its runtime erased), so that one list
//! serves the app's runtime and the tests' mock runtime alike.

use crate::IpcError;
use crate::dialogs::Dialogs;
use crate::updates::Updates;
use planner_app::{App, Places};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::any::TypeId;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use tauri::ipc::{
    Channel, Invoke, InvokeBody, InvokeError, InvokeResponseBody, IpcResponse, JavaScriptChannelId,
};
use tauri::{Manager, Runtime, State, Webview};
use ts_rs::{Config, TS, TypeVisitor};

/// A command as `#[command]` declares it.
pub struct Command {
    /// The function's name: what the window invokes.
    pub name: &'static str,
    /// The name of its function in the TypeScript client (the camelCase of `name`).
    pub function: &'static str,
    /// The module it is declared in (the client groups by it).
    pub module: &'static str,
    /// The function's doc comment.
    pub doc: &'static str,
    /// What the window sends, in the function's order (managed state left out).
    pub arguments: &'static [Argument],
    /// What the promise resolves with.
    pub answer: fn(&Config) -> Ts,
    /// Reads the arguments, calls the function, answers.
    pub run: fn(Box<dyn Caller>, Args) -> Running,
}

inventory::collect!(Command);

/// One argument the window sends.
pub struct Argument {
    /// Its key in the window's arguments (the camelCase of the parameter's name).
    pub key: &'static str,
    /// Its type: for a channel, the type of a message on it.
    pub ts: fn(&Config) -> Ts,
    pub channel: bool,
    /// An `Option`: the window may leave it out.
    pub optional: bool,
}

/// A command's answer on its way back to the window.
pub type Running = Pin<Box<dyn Future<Output = Result<InvokeResponseBody, InvokeError>> + Send>>;

/// The webview that called, its runtime erased.
pub trait Caller: Send + Sync {
    fn app(&self, command: &str) -> Result<State<'_, App>, InvokeError>;
    fn places(&self, command: &str) -> Result<State<'_, Places>, InvokeError>;
    fn dialogs(&self, command: &str) -> Result<State<'_, Dialogs>, InvokeError>;
    fn updates(&self, command: &str) -> Result<State<'_, Updates>, InvokeError>;
    /// The window's channel of that id.
    fn channel(&self, id: JavaScriptChannelId) -> Channel<InvokeResponseBody>;
}

impl<R: Runtime> Caller for Webview<R> {
    fn app(&self, command: &str) -> Result<State<'_, App>, InvokeError> {
        self.try_state::<App>().ok_or_else(|| not_managed("App", command))
    }

    fn places(&self, command: &str) -> Result<State<'_, Places>, InvokeError> {
        self.try_state::<Places>().ok_or_else(|| not_managed("Places", command))
    }

    fn dialogs(&self, command: &str) -> Result<State<'_, Dialogs>, InvokeError> {
        self.try_state::<Dialogs>().ok_or_else(|| not_managed("Dialogs", command))
    }

    fn updates(&self, command: &str) -> Result<State<'_, Updates>, InvokeError> {
        self.try_state::<Updates>().ok_or_else(|| not_managed("Updates", command))
    }

    fn channel(&self, id: JavaScriptChannelId) -> Channel<InvokeResponseBody> {
        id.channel_on(self.clone())
    }
}

fn not_managed(what: &str, command: &str) -> InvokeError {
    InvokeError::from(format!(
        "state not managed for field `{what}` on command `{command}`. You must call `.manage()` before using this command"
    ))
}

/// The window's arguments to one command.
pub struct Args {
    command: &'static str,
    values: Map<String, Value>,
}

impl Args {
    fn of(command: &'static str, body: &InvokeBody) -> Self {
        let values = match body {
            InvokeBody::Json(Value::Object(values)) => values.clone(),
            _ => Map::new(),
        };
        Self { command, values }
    }

    /// The value under `key`; a missing one is `null` (so an `Option` is `None`).
    pub fn value<T: DeserializeOwned>(&self, key: &str) -> Result<T, InvokeError> {
        let command = self.command;
        match self.values.get(key) {
            Some(value) => T::deserialize(value)
                .map_err(|e| InvokeError::from(format!("invalid args `{key}` for command `{command}`: {e}"))),
            None => T::deserialize(&Value::Null)
                .map_err(|_| InvokeError::from(format!("command {command} missing required key {key}"))),
        }
    }

    /// The channel whose id the window sent under `key`, sending `T`s.
    pub fn channel<T>(&self, caller: &dyn Caller, key: &str) -> Result<Channel<T>, InvokeError> {
        let id: String = self.value(key)?;
        let id = JavaScriptChannelId::from_str(&id).map_err(|_| {
            InvokeError::from(format!(
                "invalid channel value `{id}`, expected a string in the `__CHANNEL__:ID` format"
            ))
        })?;
        let window = caller.channel(id);
        Ok(Channel::new(move |body| window.send(body)))
    }
}

/// A `Result`'s answer: the promise resolves with `Ok`'s value, or rejects with `Err`'s.
pub fn answer<T: Serialize, E: Serialize>(result: Result<T, E>) -> Result<InvokeResponseBody, InvokeError> {
    match result {
        Ok(value) => answer_plain(value),
        Err(error) => Err(InvokeError::from(error)),
    }
}

/// A plain value's answer.
pub fn answer_plain<T: Serialize>(value: T) -> Result<InvokeResponseBody, InvokeError> {
    value.body().map_err(InvokeError::from)
}

/// Every declared command by name. Two of one name are a mistake caught at start.
fn by_name() -> HashMap<&'static str, &'static Command> {
    let mut table = HashMap::new();
    for command in inventory::iter::<Command> {
        if let Some(before) = table.insert(command.name, command) {
            panic!(
                "the command {} is declared twice: in {} and in {}",
                command.name, before.module, command.module
            );
        }
    }
    table
}

/// Registers every declared command on a builder (the app's and the tests').
pub fn register<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    let table = by_name();
    builder.invoke_handler(move |invoke: Invoke<R>| {
        let Some(command) = table.get(invoke.message.command()) else { return false };
        let args = Args::of(command.name, invoke.message.payload());
        let caller: Box<dyn Caller> = Box::new(invoke.message.webview());
        invoke.resolver.respond_async_serialized((command.run)(caller, args));
        true
    })
}

/// A type as TypeScript writes it, and the generated types it needs (name → file, from ts-rs).
pub struct Ts {
    pub text: String,
    pub types: BTreeMap<String, String>,
}

impl Ts {
    pub fn of<T: TS + 'static + ?Sized>(cfg: &Config) -> Ts {
        let mut closure = Closure { cfg, seen: HashSet::new(), types: BTreeMap::new() };
        closure.visit::<T>();
        Ts { text: T::name(cfg), types: closure.types }
    }

    /// No answer: the promise resolves with nothing.
    pub fn nothing(_: &Config) -> Ts {
        Ts { text: "void".to_owned(), types: BTreeMap::new() }
    }
}

/// The generated types a type refers to, itself included, at any depth.
struct Closure<'a> {
    cfg: &'a Config,
    seen: HashSet<TypeId>,
    types: BTreeMap<String, String>,
}

impl TypeVisitor for Closure<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        if let Some(path) = T::output_path() {
            let file = path.with_extension("").to_string_lossy().replace('\\', "/");
            self.types.insert(T::ident(self.cfg), file);
        }
        T::visit_dependencies(self);
        // The types inside a Vec or an Option are its generics, not its dependencies.
        T::visit_generics(self);
    }
}

/// The window's client, `ui/src/ipc/commands.ts`: every command as a typed function, and the
/// interface `Commands` they make up (the UI's fakes implement parts of it).
pub fn typescript() -> String {
    // Numbers cross as JSON numbers: a u64 is a `number` to the window.
    let cfg = Config::new().with_large_int("number");
    let mut commands: Vec<&Command> = inventory::iter::<Command>.into_iter().collect();
    commands.sort_by_key(|c| (c.module, c.name));

    let mut types = Ts::of::<IpcError>(&cfg).types;
    let mut members = String::new();
    let mut functions = String::new();
    let mut module = "";
    for command in &commands {
        let feature = command.module.rsplit("::").next().unwrap_or(command.module);
        if command.module != module {
            module = command.module;
            members.push_str(&format!("\n  // {feature}\n"));
        }
        let answer = (command.answer)(&cfg);
        types.extend(answer.types);
        // Options at the end may be left out; one before a required argument is passed as null.
        let first_optional =
            command.arguments.iter().rposition(|a| !a.optional).map_or(0, |required| required + 1);
        let mut params = Vec::new();
        let mut sent = Vec::new();
        for (i, argument) in command.arguments.iter().enumerate() {
            let ts = (argument.ts)(&cfg);
            types.extend(ts.types);
            let key = argument.key;
            if argument.channel {
                params.push(format!("{key}: (message: {}) => void", ts.text));
                sent.push(format!("{key}: channel({key})"));
            } else {
                let optional = if i >= first_optional { "?" } else { "" };
                params.push(format!("{key}{optional}: {}", ts.text));
                sent.push(key.to_owned());
            }
        }
        let function = command.function;
        members.push_str(&jsdoc(command.doc, "  "));
        members.push_str(&format!("  {function}({}): Promise<{}>;\n", params.join(", "), answer.text));
        let keys: Vec<&str> = command.arguments.iter().map(|a| a.key).collect();
        let body = if sent.is_empty() {
            format!("invoke<{}>(\"{}\")", answer.text, command.name)
        } else {
            format!("invoke<{}>(\"{}\", {{ {} }})", answer.text, command.name, sent.join(", "))
        };
        functions.push_str(&format!(
            "export const {function}: Commands[\"{function}\"] = ({}) => {body};\n",
            keys.join(", ")
        ));
    }

    let mut out = String::from(
        "// Generated from the #[command] functions of src-tauri/src/commands by `cargo test`\n\
         // (src-tauri/src/commands/declared.rs). Do not edit: CI fails when this file differs from\n\
         // what the functions declare.\n\
         import { Channel, invoke } from \"@tauri-apps/api/core\";\n",
    );
    for (name, file) in &types {
        out.push_str(&format!("import type {{ {name} }} from \"./bindings/{file}\";\n"));
    }
    out.push_str("\nexport type {\n");
    for name in types.keys() {
        out.push_str(&format!("  {name},\n"));
    }
    out.push_str(
        "};\n\n/** Every command of the Rust side, as the window calls it. */\nexport interface Commands {",
    );
    out.push_str(&members);
    out.push_str("}\n\n");
    out.push_str(&functions);
    out.push_str(
        "\n/** A channel the Rust side sends on, each message handed to `onMessage`. */\n\
         function channel<T>(onMessage: (message: T) => void): Channel<T> {\n  \
         const made = new Channel<T>();\n  \
         made.onmessage = onMessage;\n  \
         return made;\n\
         }\n",
    );
    out
}

fn jsdoc(doc: &str, indent: &str) -> String {
    if doc.trim().is_empty() {
        return String::new();
    }
    let mut out = format!("{indent}/**\n");
    for line in doc.trim().lines() {
        let line = line.replace("*/", "*\\/");
        if line.is_empty() {
            out.push_str(&format!("{indent} *\n"));
        } else {
            out.push_str(&format!("{indent} * {line}\n"));
        }
    }
    out.push_str(&format!("{indent} */\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes the client beside the UI, as ts-rs writes the types' twins; `./dev test` then
    /// fails if the committed file differs.
    #[test]
    fn the_typescript_client_is_written_from_the_declarations() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/ipc/commands.ts");
        std::fs::write(path, typescript()).expect("write ui/src/ipc/commands.ts");
    }

    #[test]
    fn every_command_is_declared_once_with_a_name_the_window_can_call() {
        let table = by_name();
        assert!(table.len() >= 50, "only {} commands found: are the feature modules linked?", table.len());
        for name in table.keys() {
            assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{name}");
        }
    }

    #[test]
    fn options_at_the_end_may_be_left_out_and_channels_are_callbacks() {
        let client = typescript();
        assert!(
            client.contains(
                "  createPerson(name: string, id?: string | null, placeholder?: boolean | null): Promise<PersonDto>;"
            ),
            "{client}"
        );
        assert!(client.contains("onProgress: (message: DeleteProgressDto) => void"), "{client}");
        assert!(
            client.contains(
                "invoke<DeleteReportDto>(\"delete_person\", { id, onProgress: channel(onProgress) })"
            ),
            "{client}"
        );
        // A u64 crosses as a JSON number.
        assert!(client.contains("personAssignmentCount(id: string): Promise<number>;"), "{client}");
        assert!(client.contains("deleteAssignment(current: AssignmentDto): Promise<void>;"), "{client}");
    }
}
