import { describe, expect, it } from "vitest";
import type { AssignmentDto } from "../../ipc";
import { syncedText, wasSaved } from "./offline";

const bar = (over: Partial<AssignmentDto> = {}): AssignmentDto => ({
  id: "a1",
  personId: "ada",
  projectId: "apollo",
  startDate: "2026-12-07",
  endDateExclusive: "2026-12-12",
  lastDay: "2026-12-11",
  allocation: { kind: "percent", value: 100 },
  status: "confirmed",
  version: 1,
  ...over,
});

describe("syncedText", () => {
  const now = new Date("2026-11-30T15:00:00");
  it("says the time alone for today, the date too for earlier days", () => {
    expect(syncedText(new Date("2026-11-30T09:05:00").toISOString(), "en-GB", now)).toBe("09:05");
    const earlier = syncedText(new Date("2026-11-28T09:05:00").toISOString(), "en-GB", now);
    expect(earlier).toContain("28 Nov 2026");
    expect(earlier).toContain("09:05");
    expect(syncedText(new Date("2026-11-28T09:05:00").toISOString(), "ja", now)).toContain("2026");
  });
  it("writes the time as the user's region does", () => {
    expect(syncedText(new Date("2026-11-30T09:05:00").toISOString(), "en-US", now)).toBe("09:05 AM");
    expect(syncedText(new Date("2026-11-30T21:05:00").toISOString(), "ja-JP", now)).toBe("21:05");
  });
  it("never throws on what it cannot read", () => {
    expect(syncedText(null, "en", now)).toBe("—");
    expect(syncedText("yesterday", "en", now)).toBe("yesterday");
  });
});

describe("wasSaved", () => {
  const shown = (byId: Record<string, AssignmentDto>) => ({
    byId,
    people: [{ id: "ada", name: "Ada L.", version: 2 }],
    projects: [{ id: "apollo", name: "Apollo", color: "#336699", version: 1 }],
  });
  it("judges creates, moves and deletes by what the table shows", () => {
    const moved = bar({ startDate: "2026-12-14", lastDay: "2026-12-18", endDateExclusive: "2026-12-19" });
    expect(wasSaved({ kind: "create", after: bar({ version: 0 }) }, shown({ a1: bar() }))).toBe(true);
    expect(wasSaved({ kind: "create", after: bar({ version: 0 }) }, shown({}))).toBe(false);
    expect(
      wasSaved({ kind: "update", before: bar(), after: moved }, shown({ a1: { ...moved, version: 2 } })),
    ).toBe(true);
    expect(wasSaved({ kind: "update", before: bar(), after: moved }, shown({ a1: bar() }))).toBe(false);
    expect(wasSaved({ kind: "delete", before: bar() }, shown({}))).toBe(true);
    expect(wasSaved({ kind: "delete", before: bar() }, shown({ a1: bar() }))).toBe(false);
  });
  it("judges renames and recolours too", () => {
    const ada = { id: "ada", name: "Ada", version: 1 };
    expect(
      wasSaved({ kind: "rename-person", before: ada, after: { ...ada, name: "Ada L." } }, shown({})),
    ).toBe(true);
    expect(
      wasSaved({ kind: "rename-person", before: ada, after: { ...ada, name: "Ada K." } }, shown({})),
    ).toBe(false);
    const p = { id: "apollo", name: "Apollo", color: "#000000", version: 1 };
    expect(
      wasSaved({ kind: "update-project", before: p, after: { ...p, color: "#336699" } }, shown({})),
    ).toBe(true);
    expect(
      wasSaved({ kind: "update-project", before: p, after: { ...p, color: "#FF0000" } }, shown({})),
    ).toBe(false);
  });
});
