// Repeats and "this and the following ones" through the intents, on a plan over the in-memory
// store: one edit of many each, one undo step; the question's answer decides which bookings.
import { describe, expect, it } from "vitest";
import { only, settle, setUp, week } from "../../../test-support/timeline/planFake";
import type { AssignmentDto } from "../../ipc";
import { changeOf } from "../model/planApi";
import { laneRows } from "../scene/rowData";
import { copyOf, Intents } from "./intents";

/** A plan with Ada's booking repeated weekly three times in all, and intents whose series
 * question answers `answer` (and records that it was asked). */
async function repeated(answer: "one" | "following" | null) {
  const { store, plan } = setUp();
  await plan.create(week("ada", "2026-12-07", "2026-12-08"));
  const [first] = only(plan);
  if (!first) throw new Error("one booking");
  const asked: boolean[] = [];
  const cursor = { at: { row: 0, day: 0, extent: 0, bar: null }, set: () => {}, follow: () => {} };
  const rows = {
    get all() {
      return laneRows(plan.people, Object.values(plan.byId));
    },
  };
  const intents = new Intents(plan, rows, cursor as never, undefined, async (_a, deleting) => {
    asked.push(deleting);
    return answer;
  });
  const made = await intents.repeat(first, [
    { startDate: "2026-12-14", lastDay: "2026-12-15" },
    { startDate: "2026-12-21", lastDay: "2026-12-22" },
  ]);
  expect(made).toBe(true);
  const series = () => [...store.rows.values()].sort((x, y) => x.startDate.localeCompare(y.startDate));
  return { store, plan, intents, asked, series };
}

const starts = (list: AssignmentDto[]) => list.map((a) => a.startDate);

describe("a repeat", () => {
  it("is one edit of many: the first put in a series, each repeat of it; one undo takes it all back", async () => {
    const { store, plan, series } = await repeated("one");
    const [first, second, third] = series();
    expect(starts(series())).toEqual(["2026-12-07", "2026-12-14", "2026-12-21"]);
    expect(first?.series).toBeTruthy();
    expect(second?.series).toBe(first?.series);
    expect(third?.series).toBe(first?.series);
    expect(store.calls.filter((c) => c === "many")).toHaveLength(1);
    await plan.undo();
    expect(starts(series())).toEqual(["2026-12-07"]);
    // The first is out of the series again.
    expect(series()[0]?.series).toBeUndefined();
  });
});

describe("an edit of a booking of a series", () => {
  it("carries a move to the later ones when asked, as one undo step", async () => {
    const { store, plan, intents, asked, series } = await repeated("following");
    const second = series()[1];
    if (!second) throw new Error("a second booking");
    store.calls = [];
    expect(await intents.allocate(second, { status: "tentative" })).toBe(true);
    expect(asked).toEqual([false]);
    expect(series().map((a) => a.status)).toEqual(["confirmed", "tentative", "tentative"]);
    expect(store.calls).toEqual(["series-from", "many"]);
    const moved = plan.byId[second.id];
    if (!moved) throw new Error("shown");
    await intents.move(moved, 2, 0);
    expect(starts(series())).toEqual(["2026-12-07", "2026-12-16", "2026-12-23"]);
    await plan.undo();
    expect(starts(series())).toEqual(["2026-12-07", "2026-12-14", "2026-12-21"]);
    await plan.undo();
    expect(series().map((a) => a.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
  });

  it("changes the booking alone when asked, which stays in its series", async () => {
    const { store, intents, series } = await repeated("one");
    const [, second] = series();
    if (!second) throw new Error("a second booking");
    store.calls = [];
    await intents.allocate(second, { status: "tentative" });
    expect(series().map((a) => a.status)).toEqual(["confirmed", "tentative", "confirmed"]);
    expect(store.calls).toEqual(["update"]);
    expect(series()[1]?.series).toBe(series()[0]?.series);
  });

  it("does nothing when the question is cancelled", async () => {
    const { store, intents, series } = await repeated(null);
    const [first] = series();
    if (!first) throw new Error("a first booking");
    store.calls = [];
    expect(await intents.remove(first)).toBe(false);
    expect(store.calls).toEqual([]);
    expect(series()).toHaveLength(3);
  });

  it("deletes the later ones with it when asked, and the dialog's save can carry a change", async () => {
    const { intents, asked, series } = await repeated("following");
    const [first, second] = series();
    if (!first || !second) throw new Error("two bookings");
    await intents.save(
      { personId: "bob", projectId: "apollo", startDate: "2026-12-14", lastDay: "2026-12-15" },
      second,
      "following",
    );
    expect(series().map((a) => a.personId)).toEqual(["ada", "bob", "bob"]);
    expect(await intents.remove(first)).toBe(true);
    expect(asked).toEqual([true]);
    expect(series()).toEqual([]);
  });

  it("reads the series after the edits in flight, as this window leaves the table", async () => {
    const { store, plan, series } = await repeated("one");
    const [, second] = series();
    if (!second?.series) throw new Error("a second booking in the series");
    let release = () => {};
    store.hold = new Promise((r) => {
      release = r;
    });
    // A move still being written (an undo just pressed is one too) when the series is read.
    const moving = plan.update(second, {
      ...changeOf(second),
      startDate: "2026-12-16",
      lastDay: "2026-12-17",
    });
    const read = plan.seriesFrom(second.series, "2026-12-01");
    await settle();
    store.hold = null;
    release();
    await moving;
    expect(starts(await read)).toEqual(["2026-12-07", "2026-12-16", "2026-12-21"]);
  });

  it("an undo pressed while the following ones are read waits for their edit, and takes it back", async () => {
    const { store, plan, intents, series } = await repeated("following");
    const [, second] = series();
    if (!second) throw new Error("a second booking");
    let release = () => {};
    store.readHold = new Promise((r) => {
      release = r;
    });
    const removing = intents.remove(second);
    await settle();
    // Ctrl+Z while the series is still being read: it is for this delete, not the repeat before.
    const undoing = plan.undo();
    store.readHold = null;
    release();
    await removing;
    await undoing;
    expect(starts(series())).toEqual(["2026-12-07", "2026-12-14", "2026-12-21"]);
    expect(series().every((a) => a.series)).toBe(true);
  });

  it("is not asked of a booking in no series, and a copy is in none", async () => {
    const { plan, intents, asked, series } = await repeated("following");
    await plan.create(week("bob", "2026-12-07", "2026-12-08"));
    const alone = only(plan).find((a) => a.personId === "bob");
    if (!alone) throw new Error("Bob's booking");
    await intents.remove(alone);
    expect(asked).toEqual([]);
    const [first] = series();
    if (!first) throw new Error("a first booking");
    expect(copyOf(first, 7, "bob").series).toBeUndefined();
  });
});
