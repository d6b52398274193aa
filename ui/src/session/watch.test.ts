import { describe, expect, it } from "vitest";
import type { IpcError, SessionDto } from "../ipc";
import { heard, sameWorkspace } from "./watch";

const alpha = { id: "alpha", name: "Alpha", role: "planner" };
const beta = { id: "beta", name: "Beta", role: "viewer" };
const local: SessionDto = {
  mode: "local",
  signedIn: false,
  email: null,
  teams: [],
  team: null,
  reason: null,
  offline: null,
};
const signedOut: SessionDto = {
  mode: "team",
  signedIn: false,
  email: null,
  teams: [],
  team: null,
  reason: null,
  offline: null,
};
const inAlpha: SessionDto = {
  mode: "team",
  signedIn: true,
  email: "ada@example.com",
  teams: [alpha, beta],
  team: alpha,
  reason: null,
  offline: null,
};
const badLink: IpcError = { code: "code_invalid", message: "the code is wrong, expired or used" };
const broken: SessionDto = {
  mode: "error",
  signedIn: false,
  email: null,
  teams: [],
  team: null,
  reason: { code: "config" as const, message: "/home/ada/config.toml, line 3: unknown field `tabel`" },
  offline: null,
};

describe("session watcher", () => {
  it("knows the same workspace", () => {
    expect(sameWorkspace(inAlpha, { ...inAlpha, teams: [alpha] })).toBe(true);
    expect(sameWorkspace(inAlpha, { ...inAlpha, team: beta })).toBe(false);
    expect(sameWorkspace(inAlpha, signedOut)).toBe(false);
    expect(sameWorkspace(local, signedOut)).toBe(false);
  });

  it("opens what a link signed in to", () => {
    expect(heard(signedOut, inAlpha)).toEqual({ session: inAlpha, reload: true, notice: null });
    // Before the first answer of session_status, too.
    expect(heard(null, inAlpha)).toEqual({ session: inAlpha, reload: true, notice: null });
  });

  it("keeps the workspace open and says why when a link fails while signed in", () => {
    const h = heard(inAlpha, { ...inAlpha, reason: badLink });
    expect(h).toEqual({ session: inAlpha, reload: false, notice: badLink });
    expect(heard(local, { ...local, reason: badLink })).toEqual({
      session: local,
      reload: false,
      notice: badLink,
    });
  });

  it("leaves a failed link on the sign-in screen to that screen", () => {
    const message = { ...signedOut, reason: badLink };
    expect(heard(signedOut, message)).toEqual({ session: message, reload: false, notice: null });
  });

  it("signs out, or opens another team, when a command found the session or membership gone", () => {
    const ended = {
      ...signedOut,
      reason: { code: "session_invalid" as const, message: "the session ended" },
    };
    expect(heard(inAlpha, ended)).toEqual({ session: ended, reload: true, notice: null });
    const other = { ...inAlpha, teams: [beta], team: beta };
    expect(heard(inAlpha, other)).toEqual({ session: other, reload: true, notice: null });
  });

  it("keeps the error screen's reason and says the new one beside it", () => {
    const link = { ...broken, reason: badLink };
    expect(heard(broken, link)).toEqual({ session: broken, reload: false, notice: badLink });
    expect(heard(broken, broken)).toEqual({ session: broken, reload: false, notice: null });
  });
});
