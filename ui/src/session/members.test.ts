import { describe, expect, it } from "vitest";
import type { MemberDto, RoleDto } from "../ipc";
import {
  adminCount,
  allowedOn,
  isMe,
  label,
  reloadAfter,
  selfChange,
  sessionAfter,
  shownMembers,
  sortMembers,
  withMember,
  withoutMember,
  withRole,
} from "./members";
import type { TeamSession } from "./state";

const m = (userId: string, email: string | null, role: RoleDto, name: string | null = null): MemberDto => ({
  userId,
  email,
  name,
  role,
});
const lead = m("u1", "lead@example.com", "admin");
const ada = m("u2", "ada@example.com", "planner");
const bob = m("u3", "Bob@example.com", "viewer");
const cy = m("u4", "cy@example.com", "admin");
const team = [bob, ada, lead];

const session = (teams: TeamSession["teams"], open = 0): TeamSession => ({
  state: "team",
  email: "lead@example.com",
  teams,
  team: teams[open] ?? null,
  offline: null,
});

describe("the member list", () => {
  it("puts admins first, then planners, then viewers, each by email", () => {
    const more = [
      bob,
      m("u5", "zed@example.com", "planner"),
      ada,
      cy,
      lead,
      m("u6", "al@example.com", "viewer"),
    ];
    expect(sortMembers(more).map(label)).toEqual([
      "cy@example.com",
      "lead@example.com",
      "ada@example.com",
      "zed@example.com",
      "al@example.com",
      "Bob@example.com",
    ]);
  });

  it("shows a user without an email by id, and filters ignoring case", () => {
    expect(label(m("u9", null, "viewer"))).toBe("u9");
    expect(shownMembers(team, "BOB").map(label)).toEqual(["Bob@example.com"]);
    expect(shownMembers(team, "  ").map(label)).toEqual([
      "lead@example.com",
      "ada@example.com",
      "Bob@example.com",
    ]);
    expect(shownMembers(team, "nobody")).toEqual([]);
    // The name given at the invitation is searched too.
    expect(
      shownMembers([...team, m("u7", "g@example.com", "viewer", "Grace Hopper")], "hopper").map(label),
    ).toEqual(["g@example.com"]);
  });

  it("knows the signed-in user by email, whatever its case", () => {
    expect(isMe(bob, "bob@EXAMPLE.com")).toBe(true);
    expect(isMe(ada, "lead@example.com")).toBe(false);
    expect(isMe(ada, null)).toBe(false);
    expect(isMe(m("u9", null, "viewer"), "")).toBe(false);
  });

  it("puts in, changes and takes out members by user id", () => {
    expect(withMember(team, m("u2", "ada@example.com", "viewer")).find((x) => x.userId === "u2")?.role).toBe(
      "viewer",
    );
    expect(withMember(team, cy)).toHaveLength(4);
    expect(
      withRole(team, "u3", "admin")
        .filter((x) => x.role === "admin")
        .map(label),
    ).toEqual(["Bob@example.com", "lead@example.com"]);
    expect(withoutMember(team, "u2").map(label)).toEqual(["Bob@example.com", "lead@example.com"]);
    expect(adminCount(team)).toBe(1);
  });
});

describe("who may do what", () => {
  it("lets an admin manage everyone but the last admin", () => {
    expect(allowedOn(ada, team, "admin")).toEqual({ changeRole: true, remove: true, lastAdmin: false });
    expect(allowedOn(lead, team, "admin")).toEqual({ changeRole: false, remove: false, lastAdmin: true });
  });

  it("lets an admin demote or remove an admin when another one remains", () => {
    expect(allowedOn(lead, [...team, cy], "admin")).toEqual({
      changeRole: true,
      remove: true,
      lastAdmin: false,
    });
  });

  it("lets planners and viewers manage nobody", () => {
    for (const role of ["planner", "viewer", undefined]) {
      expect(allowedOn(bob, team, role)).toEqual({ changeRole: false, remove: false, lastAdmin: false });
    }
  });
});

describe("changing one's own membership", () => {
  it("is a self change only when it takes one's own admin rights away", () => {
    expect(selfChange(lead, "planner", "lead@example.com")).toEqual({ kind: "role", role: "planner" });
    expect(selfChange(lead, null, "lead@example.com")).toEqual({ kind: "removed" });
    expect(selfChange(lead, "admin", "lead@example.com")).toBeNull();
    expect(selfChange(ada, "viewer", "lead@example.com")).toBeNull();
    expect(selfChange(ada, null, "lead@example.com")).toBeNull();
  });

  const alpha = { id: "A", name: "Alpha", role: "admin" as const };
  const beta = { id: "B", name: "Beta", role: "viewer" as const };

  it("reopens the same team after a role change", () => {
    expect(reloadAfter(session([alpha, beta]), { kind: "role", role: "viewer" })).toEqual({
      kind: "switch",
      team: "A",
    });
  });

  it("opens another team after leaving one, or signs out when none is left", () => {
    expect(reloadAfter(session([alpha, beta]), { kind: "removed" })).toEqual({ kind: "switch", team: "B" });
    expect(reloadAfter(session([beta, alpha], 1), { kind: "removed" })).toEqual({
      kind: "switch",
      team: "B",
    });
    expect(reloadAfter(session([alpha]), { kind: "removed" })).toEqual({ kind: "sign-out" });
  });

  it("shows the role just written, and no longer the team just left", () => {
    const demoted = sessionAfter(session([alpha, beta]), "A", { kind: "role", role: "viewer" });
    expect(demoted.team?.role).toBe("viewer");
    expect(demoted.teams.map((t) => t.role)).toEqual(["viewer", "viewer"]);
    const left = sessionAfter(session([alpha, beta], 1), "A", { kind: "removed" });
    expect(left.teams.map((t) => t.id)).toEqual(["B"]);
    expect(left.team?.id).toBe("B");
  });
});
