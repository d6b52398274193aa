// The settings screen's rules, kept apart from the component so that they are tested: the form a
// SettingsDto opens with, which keys are fixed above the user's file (and by whom), what a save or
// a test sends, and which field an error names. The Rust side checks every value again.
import type { SettingsDto, SettingsInput } from "../ipc";

export type Mode = "local" | "dynamodb";
/** The places a plan can live, in the order the settings offer them. */
export const MODES: readonly Mode[] = ["local", "dynamodb"];
export const FIELDS = ["table", "region", "profile", "endpoint"] as const;
export type Field = (typeof FIELDS)[number];
/** A dotted settings key the screen edits (docs/configuration.md). */
export type Key = "mode" | `dynamodb.${Field}`;

export const keyOf = (field: Field): Key => `dynamodb.${field}`;

/** What the screen edits: every value as typed (empty means "not set"). */
export interface Form {
  mode: Mode;
  table: string;
  region: string;
  profile: string;
  endpoint: string;
}

/** Who fixes a key above the user's file: the machine-wide file (IT) wins over the environment. */
export type Source = { kind: "locked" } | { kind: "env"; variable: string } | null;

export function sourceOf(s: SettingsDto, key: Key): Source {
  if (s.locked.includes(key)) return { kind: "locked" };
  const env = s.fromEnv.find(([k]) => k === key);
  return env ? { kind: "env", variable: env[1] } : null;
}

export const modeOf = (raw: string): Mode => (raw === "dynamodb" ? "dynamodb" : "local");

/** The form as the settings in force fill it. */
export const formOf = (s: SettingsDto): Form => ({
  mode: modeOf(s.mode),
  table: s.table,
  region: s.region ?? "",
  profile: s.profile ?? "",
  endpoint: s.endpoint ?? "",
});

const value = (typed: string): string | null => typed.trim() || null;

/**
 * What a save or a test sends. A key fixed above the user's file sends the value in force (the
 * Rust side refuses to change it). The local workspace needs no other field: it sends the team
 * table's values in force, untouched by what was typed, so that they stay in the file for later.
 */
export function inputOf(form: Form, s: SettingsDto): SettingsInput {
  const saved = formOf(s);
  const mode = sourceOf(s, "mode") ? saved.mode : form.mode;
  const pick = (field: Field) =>
    value(mode === "local" || sourceOf(s, keyOf(field)) ? saved[field] : form[field]);
  return {
    mode,
    table: pick("table"),
    region: pick("region"),
    profile: pick("profile"),
    endpoint: pick("endpoint"),
  };
}

/** The field an error message names (the Rust side starts it with the dotted key), if any. */
export function errorField(message: string): Field | "mode" | null {
  const key = /^(mode|dynamodb\.(table|region|profile|endpoint))\s*:/.exec(message.trim());
  if (!key) return null;
  return (key[2] as Field | undefined) ?? "mode";
}

/** The "Advanced" part (the endpoint) is open when it holds something or something fixes it. */
export const advancedOpen = (form: Form, s: SettingsDto): boolean =>
  form.endpoint.trim() !== "" || sourceOf(s, "dynamodb.endpoint") !== null;

/** Is `problem` about the user's own file (which saving sets aside and writes anew)? */
export const problemInUserFile = (s: SettingsDto): boolean =>
  !!s.problem && !!s.userFile && s.problem.startsWith(s.userFile);
