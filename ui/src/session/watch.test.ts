import { describe, expect, it } from "vitest";
import type { IpcError, SessionDto, SessionUpdateDto } from "../ipc";
import { heard, sameWorkspace } from "./watch";

const alpha = { id: "alpha", name: "Alpha", role: "planner" as const };
const beta = { id: "beta", name: "Beta", role: "viewer" as const };
const local: SessionDto = { state: "local" };
const signedOut: SessionDto = { state: "signedOut", reason: null, awsIdentity: false };
const inAlpha: SessionDto = {
  state: "team",
  email: "ada@example.com",
  teams: [alpha, beta],
  team: alpha,
  offline: null,
};
const badLink: IpcError = { code: "code_invalid", message: "the code is wrong, expired or used" };
const broken: SessionDto = {
  state: "broken",
  reason: { code: "config" as const, message: "/home/ada/config.toml, line 3: unknown field `tabel`" },
};
/** What the Rust side sends: the session, and apart from it a notice said once. */
const told = (session: SessionDto, notice: IpcError | null = null): SessionUpdateDto => ({
  session,
  notice,
  ask: null,
});

describe("session watcher", () => {
  it("knows the same workspace", () => {
    expect(sameWorkspace(inAlpha, { ...inAlpha, teams: [alpha] })).toBe(true);
    expect(sameWorkspace(inAlpha, { ...inAlpha, team: beta })).toBe(false);
    expect(sameWorkspace(inAlpha, signedOut)).toBe(false);
    expect(sameWorkspace(local, signedOut)).toBe(false);
  });

  it("opens what a link signed in to", () => {
    expect(heard(signedOut, told(inAlpha))).toEqual({ session: inAlpha, reload: true, notice: null });
    // Before the first answer of session_status, too.
    expect(heard(null, told(inAlpha))).toEqual({ session: inAlpha, reload: true, notice: null });
  });

  it("keeps the workspace open and says why when a link fails while signed in", () => {
    const h = heard(inAlpha, told(inAlpha, badLink));
    expect(h).toEqual({ session: inAlpha, reload: false, notice: badLink });
    expect(heard(local, told(local, badLink))).toEqual({
      session: local,
      reload: false,
      notice: badLink,
    });
  });

  it("leaves a failed link on the sign-in screen to that screen", () => {
    const onScreen = { ...signedOut, reason: badLink };
    expect(heard(signedOut, told(signedOut, badLink))).toEqual({
      session: onScreen,
      reload: false,
      notice: null,
    });
  });

  it("signs out, or opens another team, when a command found the session or membership gone", () => {
    const ended = {
      ...signedOut,
      reason: { code: "session_invalid" as const, message: "the session ended" },
    };
    expect(heard(inAlpha, told(ended))).toEqual({ session: ended, reload: true, notice: null });
    const other = { ...inAlpha, teams: [beta], team: beta };
    expect(heard(inAlpha, told(other))).toEqual({ session: other, reload: true, notice: null });
  });

  it("keeps the error screen's reason and says the new one beside it", () => {
    expect(heard(broken, told(broken, badLink))).toEqual({ session: broken, reload: false, notice: badLink });
    expect(heard(broken, told(broken))).toEqual({ session: broken, reload: false, notice: null });
  });
});
