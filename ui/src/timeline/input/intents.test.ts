import { describe, expect, it } from "vitest";
import { BARS, PEOPLE, TODAY, timeline } from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import { laneRows } from "../scene/rowData";
import { creating, reshaped } from "./intents";

const rows = laneRows(PEOPLE, BARS);
const a1 = at(BARS, 0); // Ada, 2026-03-02 – 2026-03-05

describe("reshaping a bar", () => {
  it("moves it by days and to another row, the cursor along with it", () => {
    expect(reshaped(rows, a1, "move", 3, 1, TODAY + 1)).toEqual({
      change: { personId: "bob", projectId: "apollo", startDate: "2026-03-05", lastDay: "2026-03-08" },
      cursor: { row: 1, day: TODAY + 4, extent: 0, bar: "a1" },
    });
  });
  it("keeps the row within the rows", () => {
    expect(reshaped(rows, a1, "move", 0, 9, TODAY).change.personId).toBe("cy");
    expect(reshaped(rows, a1, "move", 0, -1, TODAY).cursor.row).toBe(0);
  });
  it("moves an edge, never below one day, keeping the cursor on the bar", () => {
    expect(reshaped(rows, a1, "end", -2, 0, TODAY + 3)).toEqual({
      change: { personId: "ada", projectId: "apollo", startDate: "2026-03-02", lastDay: "2026-03-03" },
      cursor: { row: 0, day: TODAY + 1, extent: 0, bar: "a1" },
    });
    expect(reshaped(rows, a1, "end", -9, 0, TODAY).change.lastDay).toBe("2026-03-02");
    expect(reshaped(rows, a1, "start", 2, 0, TODAY).change).toMatchObject({
      startDate: "2026-03-04",
      lastDay: "2026-03-05",
    });
    expect(reshaped(rows, a1, "start", 2, 0, TODAY).cursor.day).toBe(TODAY + 2);
  });
  it("makes a new assignment's fields from its days", () => {
    expect(creating("ada", "apollo", TODAY, TODAY + 1)).toEqual({
      personId: "ada",
      projectId: "apollo",
      startDate: "2026-03-02",
      lastDay: "2026-03-02",
    });
  });
});

describe("the intents", () => {
  it("creates over days, the cursor on the first", async () => {
    const t = timeline();
    t.cursor.set(1, TODAY + 4, 2);
    await t.intents.create("bob", "gemini", TODAY + 4, TODAY + 7);
    expect(t.cursor.at).toMatchObject({ row: 1, day: TODAY + 4, extent: 0 });
    expect(t.plan.calls).toEqual([
      ["create", { personId: "bob", projectId: "gemini", startDate: "2026-03-06", lastDay: "2026-03-08" }],
    ]);
  });
  it("saves the dialog's draft as an update or a new assignment, and deletes from it", async () => {
    const t = timeline();
    const draft = { personId: "cy", projectId: "gemini", startDate: "2026-03-10", lastDay: "2026-03-12" };
    await t.intents.save(draft, a1);
    await t.intents.save(draft, null);
    await t.intents.deleteInDialog(a1);
    const [update, create, remove] = t.plan.calls.map((c) => c[1] as Record<string, unknown>);
    expect(update).toMatchObject({
      kind: "update",
      before: a1,
      after: { id: "a1", personId: "cy", endDateExclusive: "2026-03-13" },
    });
    expect(create).toMatchObject({ kind: "create", after: { version: 0, projectId: "gemini" } });
    expect(remove).toEqual({ kind: "delete", before: a1 });
  });
  it("books the selected bar another way from the keys, or makes it tentative, keeping its days", () => {
    const t = timeline();
    t.cursor.set(0, TODAY, 0, "a1");
    t.commands.run({ kind: "allocate", hours: 4 });
    t.commands.run({ kind: "allocate", hours: 0 });
    t.commands.run({ kind: "toggle-tentative" });
    const { personId, projectId, startDate, lastDay } = a1;
    expect(t.plan.calls).toEqual([
      [
        "update",
        "a1",
        { personId, projectId, startDate, lastDay, allocation: { kind: "hoursPerDay", value: 240 } },
      ],
      [
        "update",
        "a1",
        { personId, projectId, startDate, lastDay, allocation: { kind: "percent", value: 100 } },
      ],
      ["update", "a1", { personId, projectId, startDate, lastDay, status: "tentative" }],
    ]);
    const viewer = timeline(false);
    viewer.cursor.set(0, TODAY, 0, "a1");
    viewer.commands.run({ kind: "allocate", hours: 4 });
    expect(viewer.plan.calls).toEqual([]);
  });
});
