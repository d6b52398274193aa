import { describe, expect, it } from "vitest";
import { setUp } from "../../../test-support/timeline/planFake";
import { FRESH_ROWS } from "../../../test-support/timeline/testing";
import type { LiveItemDto, RowsView, ViewDto } from "../../ipc";
import { withKnown } from "./views.svelte";

const rows: RowsView = {
  ...FRESH_ROWS,
  groups: ["design"],
  grouping: "group",
  sort: "load",
  density: "compact",
};
const theirs = (over: Partial<ViewDto> = {}): ViewDto => ({
  id: "team1",
  name: "Design, compact",
  owner: "ada",
  shared: true,
  zoom: "week",
  rows,
  version: 1,
  mine: false,
  ...over,
});
const live = (before: ViewDto | null, after: ViewDto | null, mine = false): LiveItemDto => ({
  cursor: `FEED#${Math.random()}`,
  kind: "view",
  item: (after ?? before)?.id ?? "",
  summary: [],
  at: "2026-12-01T10:00:00Z",
  by: mine ? "me" : "ada",
  who: null,
  mine,
  contradicted: false,
  action: after ? "changed" : "deleted",
  change: { kind: "view", before, after },
});

describe("saved views", () => {
  it("reads the shared ones and the user's own, saves new and over, and deletes", async () => {
    const { plan, store } = setUp();
    store.savedViews = [theirs(), theirs({ id: "private", name: "Ada's own", shared: false })];
    await plan.views.load();
    expect(plan.views.list.map((v) => v.name)).toEqual(["Design, compact"]);
    const mine = await plan.views.saveNew("Mine", false, "month", rows);
    expect(plan.views.list.map((v) => v.name)).toEqual(["Design, compact", "Mine"]);
    expect([plan.views.appliedId, mine.version, mine.mine]).toEqual([mine.id, 1, true]);
    const again = await plan.views.saveOver(mine, "Mine, shared", true, "day", { ...rows, sort: "free" });
    expect([again.version, again.shared, again.zoom, again.rows.sort]).toEqual([2, true, "day", "free"]);
    // Saved again from what was seen before: refused, the list as it was.
    await expect(plan.views.saveOver(mine, "Stale", false, "day", rows)).rejects.toMatchObject({
      code: "conflict",
    });
    expect(plan.views.byId(mine.id)?.name).toBe("Mine, shared");
    await plan.views.remove(again);
    expect([plan.views.list.length, plan.views.appliedId]).toEqual([1, null]);
  });

  it("follows others' changes: a shared view saved again is applied again where it shows", async () => {
    const { plan } = setUp();
    await plan.applyLive({ kind: "changes", items: [live(null, theirs())] });
    expect(plan.views.list.map((v) => v.id)).toEqual(["team1"]);
    plan.views.appliedId = "team1";
    const v2 = theirs({ version: 2, rows: { ...rows, density: "comfortable" } });
    await plan.applyLive({ kind: "changes", items: [live(theirs(), v2)] });
    expect(plan.views.again?.rows.density).toBe("comfortable");
    // The same change seen twice, or an older one: nothing.
    plan.views.again = null;
    await plan.applyLive({ kind: "changes", items: [live(theirs(), v2), live(null, theirs())] });
    expect(plan.views.again).toBeNull();
    // No longer shared: gone from everyone else's list, and no longer the one applied.
    await plan.applyLive({ kind: "changes", items: [live(v2, theirs({ version: 3, shared: false }))] });
    expect([plan.views.list.length, plan.views.appliedId]).toEqual([0, null]);
    // Deleted.
    await plan.applyLive({ kind: "changes", items: [live(null, theirs({ id: "t2", version: 1 }))] });
    await plan.applyLive({ kind: "changes", items: [live(theirs({ id: "t2" }), null)] });
    expect(plan.views.list).toEqual([]);
  });

  it("opens the view shown last as it is saved now, whether the list or the prefs come first; one gone is forgotten", async () => {
    for (const listFirst of [true, false]) {
      const { plan, store } = setUp();
      store.savedViews = [theirs({ version: 4 })];
      if (listFirst) await plan.views.load();
      plan.views.startWith("team1");
      if (!listFirst) await plan.views.load();
      expect([plan.views.appliedId, plan.views.again?.version]).toEqual(["team1", 4]);
    }
    const { plan } = setUp();
    plan.views.startWith("gone");
    await plan.views.load();
    expect([plan.views.appliedId, plan.views.again]).toEqual([null, null]);
  });

  it("tells rows that are the applied view's from rows changed since", async () => {
    const { plan, store } = setUp();
    store.savedViews = [theirs()];
    await plan.views.load();
    plan.views.appliedId = "team1";
    expect(plan.views.unchanged("week", { ...rows, collapsed: [] })).toBe(true);
    expect(plan.views.unchanged("month", rows)).toBe(false);
    expect(plan.views.unchanged("week", { ...rows, density: "comfortable" })).toBe(false);
    expect(plan.views.unchanged("week", { ...rows, groups: ["design", "eng"] })).toBe(false);
  });

  it("leaves out of a view what was deleted since it was saved", () => {
    const saved = { ...rows, groups: ["design", "gone"], skills: ["react"], projects: ["p1", "p2"] };
    expect(withKnown(saved, new Set(["design", "p2"]))).toEqual({
      ...rows,
      groups: ["design"],
      skills: [],
      projects: ["p2"],
    });
  });
});
