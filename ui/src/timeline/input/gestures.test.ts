import { flushSync } from "svelte";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BARS,
  FakeElement,
  FakePlan,
  pointer,
  TODAY,
  timeline,
} from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import type { AssignmentDto } from "../../ipc";
import { dayOf, FIRST_DAY } from "../model/dates";
import { NO_BAR } from "./cursor.svelte";
import { still } from "./gestures.svelte";

beforeEach(() => {
  vi.stubGlobal("requestAnimationFrame", () => 0);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const a1 = at(BARS, 0);
// The content is at client (100, 50); day TODAY is at content x X (its days since the first day a
// plan can hold, 20 px each). Ada's a1 is placed at x X + 1, y 5, 78 × 22; her a2 (lane 1) at
// x X + 41, y 31; Cy's row (no bars) is y 98 to 134.
const X = (TODAY - FIRST_DAY) * 20;
const A1 = { x: 100 + X + 1 + 30, y: 50 + 5 + 10 };
const hitTarget = (id: string) => new FakeElement(0, 0, { "data-bar": id });
/** The plan's calls after Ada's a1 was given the days `startDate` to `lastDay`. */
const adaUpdated = (startDate: string, lastDay: string) => [
  ["update", "a1", { personId: "ada", projectId: "apollo", startDate, lastDay }],
];

/** A drag of the bar under (x, y) on `target` by `dx` client pixels, down and up. */
function drag(t: ReturnType<typeof timeline>, target: unknown, x: number, y: number, dx: number) {
  t.gestures.down(pointer(target, x, y).event);
  t.gestures.move(pointer(target, x + dx, y).event);
  t.gestures.up(pointer(target, x + dx, y).event);
}

describe("drags and Alt+arrows", () => {
  it("makes the same edit whether a bar is dragged a day or moved by Alt+Right", () => {
    const byPointer = timeline();
    drag(byPointer, hitTarget("a1"), A1.x, A1.y, 20);
    const byKey = timeline();
    byKey.cursor.onBar(a1, 0, TODAY + 1); // where the press put the cursor
    byKey.commands.run({ kind: "move-bar", days: 1, rows: 0 });
    expect(byPointer.plan.calls).toEqual(adaUpdated("2026-03-03", "2026-03-06"));
    expect(byKey.plan.calls).toEqual(adaUpdated("2026-03-03", "2026-03-06"));
    expect(byPointer.cursor.at).toEqual(byKey.cursor.at);
    expect(byKey.cursor.at).toEqual({ row: 0, day: TODAY + 2, extent: 0, bar: "a1" });
  });

  it("resizes the end the same way by its edge and by Alt+Shift+Right", () => {
    const byPointer = timeline();
    drag(byPointer, hitTarget("a1"), 100 + (X + 1) + 76, A1.y, 40);
    const byKey = timeline();
    byKey.cursor.onBar(a1, 0, dayOf("2026-03-05"));
    byKey.commands.run({ kind: "resize-bar", days: 2 });
    expect(byPointer.plan.calls).toEqual(byKey.plan.calls);
    expect(byKey.plan.calls).toEqual(adaUpdated("2026-03-02", "2026-03-07"));
  });

  it("moves a bar to another person's row (by pointer and by Alt+Down)", () => {
    const byPointer = timeline();
    byPointer.gestures.down(pointer(hitTarget("a1"), A1.x, A1.y).event);
    byPointer.gestures.move(pointer(null, A1.x, 50 + 70).event); // Bob's row
    byPointer.gestures.up(pointer(null, A1.x, 50 + 70).event);
    const byKey = timeline();
    byKey.cursor.onBar(a1, 0, TODAY + 1);
    byKey.commands.run({ kind: "move-bar", days: 0, rows: 1 });
    expect(byPointer.plan.calls).toEqual(byKey.plan.calls);
    expect(at(byKey.plan.calls, 0)[2]).toMatchObject({ personId: "bob", startDate: "2026-03-02" });
  });

  it("grabs the start edge near the bar's left end and drags it", () => {
    const t = timeline();
    drag(t, hitTarget("a1"), 100 + (X + 1) + 2, A1.y, -20);
    expect(t.plan.calls).toEqual(adaUpdated("2026-03-01", "2026-03-05"));
  });

  it("writes nothing for a drag that ends where it began, and shows a ghost meanwhile", () => {
    const t = timeline();
    const target = hitTarget("a1");
    t.gestures.down(pointer(target, A1.x, A1.y).event);
    expect(t.gestures.ghost).toBeNull();
    t.gestures.move(pointer(target, A1.x + 20, A1.y).event);
    flushSync();
    expect(t.gestures.ghost).toEqual({ start: TODAY + 1, end: TODAY + 5, top: 5, color: "#336699" });
    t.gestures.move(pointer(target, A1.x + 4, A1.y).event);
    expect(t.gestures.drag && still(t.gestures.drag)).toBe(true);
    t.gestures.up(pointer(target, A1.x + 4, A1.y).event);
    expect(t.plan.calls).toEqual([]);
    expect(t.gestures.drag).toBeNull();
  });
});

describe("which bar a pointer is on", () => {
  it("takes the hit target's bar and gives it the pointer", () => {
    const t = timeline();
    const target = hitTarget("a1");
    const press = pointer(target, A1.x, A1.y);
    t.gestures.down(press.event);
    expect(press.prevented()).toBe(true);
    expect(target.captured).toEqual([7]);
    expect(t.el.focused).toBe(1);
    expect(t.gestures.drag).toMatchObject({ mode: "move", row: 0, from: 0, delta: 0 });
    expect(t.cursor.at).toEqual({ row: 0, day: TODAY + 1, extent: 0, bar: "a1" });
  });

  it("finds a bar by its geometry when the press lands on the pane (just after scrolling)", () => {
    const t = timeline();
    t.view.scrolling = true;
    t.gestures.down(pointer(t.content, 100 + (X + 41) + 10, 50 + 31 + 5).event);
    expect(t.view.scrolling).toBe(false);
    expect(t.content.captured).toEqual([7]);
    expect(t.gestures.drag?.a.id).toBe("a2");
  });

  it("keeps a drag held by the pane on a cancel, as before; drops one held by a hit target", () => {
    const t = timeline();
    t.gestures.down(pointer(t.content, A1.x, A1.y).event);
    t.gestures.cancel(pointer(t.content, A1.x, A1.y).event);
    expect(t.gestures.drag).not.toBeNull();
    const u = timeline();
    const target = hitTarget("a1");
    u.gestures.down(pointer(target, A1.x, A1.y).event);
    u.gestures.cancel(pointer(target, A1.x, A1.y).event);
    expect(u.gestures.drag).toBeNull();
  });

  it("opens the bar's menu on the bar in another lane, and the day's on an empty stretch", () => {
    const t = timeline();
    t.gestures.contextmenu(pointer(t.content, 100 + (X + 41) + 10, 50 + 31 + 5, 2).event);
    expect(t.cursor.at.bar).toBe("a2");
    const menu = t.modal.current;
    expect(menu.kind === "menu" && menu.items.map((i) => i.label)).toEqual([
      "Edit…",
      "Delete",
      "Who is free…",
      "Repeat…",
      "Add to the selection",
      "Select Gemini's bookings in view",
      "Select the rest of this row from here",
      "Copy",
      "Duplicate to people…",
      "Rename person…",
      "Working time…",
      "Group, role and skills…",
      "Change many people…",
      "Time off…",
      "Delete person…",
    ]);
    const u = timeline();
    u.gestures.contextmenu(pointer(u.content, 100 + (X + 41) + 10, 50 + 98 + 5, 2).event);
    expect(u.cursor.at).toEqual({ row: 2, day: TODAY + 2, extent: 0, bar: NO_BAR });
    const empty = u.modal.current;
    expect(empty.kind === "menu" && empty.items[0]?.shortcut).toBe("Enter");
  });

  it("opens a bar's dialog on a double-click of its hit target, wherever the event says it is", () => {
    const t = timeline();
    t.gestures.dblclick(pointer(hitTarget("b1"), 0, 0).event);
    expect(t.modal.current).toMatchObject({ kind: "edit", current: { id: "b1" } });
    const u = timeline();
    u.gestures.dblclick(pointer(u.content, 100 + (X + 41), 50 + 98 + 5).event);
    expect(u.modal.current).toEqual({
      kind: "edit",
      current: null,
      // No project assumed: none booked here yet, the dialog asks which.
      draft: { personId: "cy", projectId: "", startDate: "2026-03-04", lastDay: "2026-03-08" },
    });
  });
});

describe("a press of the main button while another is held (a chord)", () => {
  // The browser sends it as a pointermove with button 0 and both buttons down (3), and its
  // release as one with button 0 and the other button still down (2); moves between have
  // button -1. A right button left held by a menu and its dialog made the first drag after them
  // do nothing.
  const chord = (target: unknown, x: number, y: number, buttons: number) =>
    pointer(target, x, y, 0, buttons).event;
  const moveTo = (target: unknown, x: number, y: number) => pointer(target, x, y, -1, 3).event;

  it("drags a bar as a plain press does", () => {
    const t = timeline();
    const target = hitTarget("a1");
    t.gestures.move(chord(target, A1.x, A1.y, 3));
    expect(t.gestures.drag?.a.id).toBe("a1");
    t.gestures.move(moveTo(target, A1.x + 20, A1.y));
    t.gestures.move(chord(target, A1.x + 20, A1.y, 2));
    expect(t.gestures.drag).toBeNull();
    expect(t.plan.calls).toEqual(adaUpdated("2026-03-03", "2026-03-06"));
  });

  it("draws days for a new assignment and opens the picker", () => {
    const t = timeline();
    const y = 50 + 98 + 5;
    t.gestures.move(chord(t.content, 100 + X + 5, y, 3));
    t.gestures.move(moveTo(t.content, 100 + X + 45, y));
    t.gestures.move(chord(t.content, 100 + X + 45, y, 2));
    expect(t.modal.current).toMatchObject({ kind: "picker", personId: "cy", from: TODAY, to: TODAY + 3 });
  });

  it("keeps the focus on the grid: the mouse's press that follows is refused its default", () => {
    const t = timeline();
    let prevented = false;
    const press = { preventDefault: () => (prevented = true) } as unknown as MouseEvent;
    t.gestures.mousedown(press);
    expect(prevented).toBe(false);
    t.gestures.move(chord(hitTarget("a1"), A1.x, A1.y, 3));
    t.gestures.mousedown(press);
    expect(prevented).toBe(true);
  });
});

describe("drawing days for a new assignment", () => {
  it("stretches the cursor over the days dragged and opens the picker, which creates it", () => {
    const t = timeline();
    const y = 50 + 98 + 5;
    t.gestures.down(pointer(t.content, 100 + X + 5, y).event);
    expect(t.content.captured).toEqual([7]);
    t.gestures.move(pointer(t.content, 100 + X + 45, y).event);
    expect(t.cursor.at).toEqual({ row: 2, day: TODAY, extent: 2 });
    t.gestures.up(pointer(t.content, 100 + X + 45, y).event);
    expect(t.modal.current).toEqual({
      kind: "picker",
      x: 100 + (X + 45),
      y: y + 12,
      personId: "cy",
      from: TODAY,
      to: TODAY + 3,
    });
    t.commands.pick(t.plan.projects[1] as (typeof t.plan.projects)[number]);
    expect(t.modal.current.kind).toBe("none");
    expect(t.plan.calls).toEqual([
      ["create", { personId: "cy", projectId: "gemini", startDate: "2026-03-02", lastDay: "2026-03-04" }],
    ]);
    expect(t.cursor.at).toMatchObject({ day: TODAY, extent: 0 });
  });

  it("does nothing for a viewer", () => {
    const t = timeline(false);
    t.gestures.down(pointer(hitTarget("a1"), A1.x, A1.y).event);
    t.gestures.dblclick(pointer(hitTarget("a1"), A1.x, A1.y).event);
    t.gestures.contextmenu(pointer(hitTarget("a1"), A1.x, A1.y, 2).event);
    t.commands.run({ kind: "move-bar", days: 1, rows: 0 });
    expect(t.gestures.drag).toBeNull();
    expect(t.modal.current.kind).toBe("none");
    expect(t.plan.calls).toEqual([]);
  });
});

describe("choosing many bookings and moving them together", () => {
  const b1 = at(BARS, 2);
  // Bob's b1 (row 1, 2026-03-09 to 03-11) is placed at x X + 7 * 20 + 1, y 62 + 5.
  const B1 = { x: 100 + X + 7 * 20 + 1 + 20, y: 50 + 62 + 10 };
  const ids = (t: ReturnType<typeof timeline>) => [...t.selection.ids].sort();
  const click = (t: ReturnType<typeof timeline>, id: string, x: number, y: number, keys = {}) => {
    t.gestures.down(pointer(hitTarget(id), x, y, 0, undefined, keys).event);
    t.gestures.up(pointer(hitTarget(id), x, y, 0, undefined, keys).event);
  };

  it("adds a bar by Ctrl-click to the one clicked before, and takes it out again", () => {
    const t = timeline();
    click(t, "a1", A1.x, A1.y);
    expect(ids(t)).toEqual([]); // one bar: the cursor's
    click(t, "b1", B1.x, B1.y, { ctrlKey: true });
    expect(ids(t)).toEqual(["a1", "b1"]);
    expect(t.plan.calls).toEqual([]); // chosen, not moved
    click(t, "b1", B1.x, B1.y, { metaKey: true });
    expect(ids(t)).toEqual(["a1"]);
  });

  it("takes every booking from the last one chosen to a Shift-clicked one, rows and days", () => {
    const t = timeline();
    click(t, "a1", A1.x, A1.y);
    click(t, "b1", B1.x, B1.y, { shiftKey: true });
    // Ada's and Bob's rows, 2026-03-02 to 03-11: both of Ada's bars and Bob's.
    expect(ids(t)).toEqual(["a1", "a2", "b1"]);
    expect(t.selection.text).toBe("3 bookings selected · 96h");
  });

  it("draws a rubber band with Shift on an empty stretch round the bookings it touches", () => {
    const t = timeline();
    // From Cy's row on today up to Ada's row two days on: Ada's two bars (Bob's starts later).
    t.gestures.down(pointer(t.content, 100 + X + 5, 50 + 100, 0, undefined, { shiftKey: true }).event);
    t.gestures.move(pointer(t.content, 100 + X + 2 * 20 + 5, 50 + 10).event);
    expect(t.gestures.band).toMatchObject({ x0: X + 5, y0: 100, x1: X + 45, y1: 10, add: false });
    t.gestures.up(pointer(t.content, 100 + X + 2 * 20 + 5, 50 + 10).event);
    expect(t.gestures.band).toBeNull();
    expect(ids(t)).toEqual(["a1", "a2"]);
    expect(t.cursor.at.extent).toBe(0); // no days picked for a new booking
  });

  it("drags the whole selection by the days moved, as one edit of many", () => {
    const t = timeline();
    t.selection.replace([a1, b1]);
    drag(t, hitTarget("a1"), A1.x, A1.y, 40);
    const [call] = t.plan.calls;
    expect(call?.[0]).toBe("many");
    const edits = call?.[1] as { kind: string; after: { id: string; personId: string; startDate: string } }[];
    expect(edits.map((e) => [e.kind, e.after.id, e.after.personId, e.after.startDate])).toEqual([
      ["update", "a1", "ada", "2026-03-04"],
      ["update", "b1", "bob", "2026-03-11"],
    ]);
    expect(t.gestures.dragCount).toBe(0);
  });

  it("moves, books and deletes the selection by keys; Escape lets it go; Ctrl+A takes all in view", () => {
    const t = timeline();
    t.commands.run({ kind: "select-all" });
    expect(ids(t)).toEqual(["a1", "a2", "b1"]);
    t.commands.run({ kind: "move-bar", days: -1, rows: 0 });
    t.commands.run({ kind: "allocate", hours: 4 });
    t.commands.run({ kind: "delete" });
    const kinds = t.plan.calls.map(([name, edits]) => [
      name,
      (edits as { kind: string }[]).map((e) => e.kind).join(),
    ]);
    expect(kinds).toEqual([
      ["many", "update,update,update"],
      ["many", "update,update,update"],
      ["many", "delete,delete,delete"],
    ]);
    // Bookings of several people move along their own rows only.
    t.commands.run({ kind: "move-bar", days: 0, rows: 1 });
    expect(t.plan.calls).toHaveLength(3);
    // One person's go to the row below theirs, wherever the cursor is.
    t.selection.replace([at(BARS, 0), at(BARS, 1)]);
    t.cursor.set(2, TODAY);
    t.commands.run({ kind: "move-bar", days: 0, rows: 1 });
    const moved = t.plan.calls[3]?.[1] as { after: { personId: string } }[];
    expect(moved.map((e) => e.after.personId)).toEqual(["bob", "bob"]);
    t.plan.calls.pop();
    t.commands.run({ kind: "escape" });
    expect(ids(t)).toEqual([]);
    // One chosen: the keys act on the cursor's bar as before.
    t.cursor.onBar(a1, 0, TODAY);
    t.commands.run({ kind: "toggle-select" });
    t.commands.run({ kind: "delete" });
    expect(t.plan.calls.at(-1)).toEqual(["remove", "a1"]);
  });

  it("chooses by keys from an anchor to the cursor (Shift+Space), as a Shift-click does", () => {
    const t = timeline();
    t.cursor.onBar(a1, 0, TODAY);
    t.commands.run({ kind: "toggle-select" });
    t.cursor.onBar(b1, 1, dayOf("2026-03-10"));
    t.commands.run({ kind: "extend-select" });
    expect(ids(t)).toEqual(["a1", "a2", "b1"]);
  });
});

describe("copies", () => {
  const b1 = at(BARS, 2);
  const ids = (edits: unknown) =>
    (
      edits as { kind: string; after: { id: string; personId: string; startDate: string; lastDay: string } }[]
    ).map((e) => [e.kind, e.after.personId, e.after.startDate, e.after.lastDay]);

  it("Alt-drag makes a copy where the bar is let go; the bar stays", () => {
    const t = timeline();
    // Ada's a1 dragged with Alt two days later and one row down: a copy on Bob's row.
    t.gestures.down(pointer(hitTarget("a1"), A1.x, A1.y, 0, undefined, { altKey: true }).event);
    t.gestures.move(pointer(hitTarget("a1"), A1.x + 40, A1.y + 62).event);
    expect(t.gestures.drag).toMatchObject({ copy: true, delta: 2, row: 1 });
    t.gestures.up(pointer(hitTarget("a1"), A1.x + 40, A1.y + 62).event);
    const [call] = t.plan.calls;
    expect(call?.[0]).toBe("many");
    expect(ids(call?.[1])).toEqual([["create", "bob", "2026-03-04", "2026-03-07"]]);
    expect(((call?.[1] ?? []) as { after: { id: string } }[])[0]?.after.id).not.toBe("a1");
  });

  it("Ctrl+C keeps the chosen bookings, Ctrl+V makes them again at the cursor: one person's on its row", () => {
    const t = timeline();
    t.cursor.onBar(a1, 0, TODAY);
    t.commands.run({ kind: "copy" });
    expect(t.selection.copied).toMatchObject({ row: 0, day: TODAY });
    expect(t.plan.calls).toEqual([]);
    // Pasted on Cy's row a week later.
    t.cursor.set(2, TODAY + 7);
    t.commands.run({ kind: "paste" });
    expect(ids(t.plan.calls[0]?.[1])).toEqual([["create", "cy", "2026-03-09", "2026-03-12"]]);
  });

  it("pastes several people's bookings each as many rows down as they were from the first", () => {
    const t = timeline();
    t.selection.replace([a1, b1]);
    t.commands.run({ kind: "copy" });
    // From Ada's row (0) to Bob's (1): Ada's copy on Bob's row, Bob's on Cy's, days as they were.
    t.cursor.set(1, TODAY);
    t.commands.run({ kind: "paste" });
    expect(ids(t.plan.calls[0]?.[1])).toEqual([
      ["create", "bob", "2026-03-02", "2026-03-05"],
      ["create", "cy", "2026-03-09", "2026-03-11"],
    ]);
  });
});

describe("duplicating to several people", () => {
  it("makes a copy of each booking for each person ticked, in one edit", async () => {
    const t = timeline();
    const b1 = at(BARS, 2);
    await t.intents.duplicate([a1, b1], ["bob", "cy"], t.selection);
    const [call] = t.plan.calls;
    const made = (
      (call?.[1] ?? []) as { kind: string; after: { id: string; personId: string; startDate: string } }[]
    ).map((e) => [e.kind, e.after.personId, e.after.startDate]);
    expect(made).toEqual([
      ["create", "bob", "2026-03-02"],
      ["create", "bob", "2026-03-09"],
      ["create", "cy", "2026-03-02"],
      ["create", "cy", "2026-03-09"],
    ]);
    // The copies are chosen after.
    expect(t.selection.ids.size).toBe(4);
  });
});

describe("split and join from the menu", () => {
  const menuItem = (t: ReturnType<typeof timeline>, label: string) => {
    t.commands.openMenu({ x: 0, y: 0 });
    const m = t.modal.current;
    const item = m.kind === "menu" ? m.items.find((i) => i.label.startsWith(label)) : undefined;
    if (!item) throw new Error(`no ${label} in ${m.kind === "menu" ? m.items.map((i) => i.label) : m.kind}`);
    return item;
  };
  const edits = (call: unknown) =>
    ((call ?? []) as { kind: string; after?: AssignmentDto; before?: AssignmentDto }[]).map((e) => [
      e.kind,
      (e.after ?? e.before)?.id === "a2"
        ? "a2"
        : (e.after ?? e.before)?.id === "a1"
          ? "a1"
          : (e.after ?? e.before)?.id === "a3"
            ? "a3"
            : "new",
      (e.after ?? e.before)?.startDate,
      (e.after ?? e.before)?.lastDay,
    ]);

  it("splits the cursor's bar at the cursor's day into two, in one edit", () => {
    const t = timeline();
    const a2 = at(BARS, 1);
    t.cursor.onBar(a2, 0, dayOf("2026-03-06"));
    menuItem(t, "Split at").run();
    const [call] = t.plan.calls;
    expect(call?.[0]).toBe("many");
    expect(edits(call?.[1])).toEqual([
      ["update", "a2", "2026-03-04", "2026-03-05"],
      ["create", "new", "2026-03-06", "2026-03-10"],
    ]);
  });

  it("joins a bar with the booking of its person and project that follows it", () => {
    const plan = new FakePlan();
    const a3: AssignmentDto = {
      ...a1,
      id: "a3",
      startDate: "2026-03-06",
      lastDay: "2026-03-08",
      endDateExclusive: "2026-03-09",
    };
    plan.byId = { ...plan.byId, a3 };
    const t = timeline(true, plan);
    t.cursor.onBar(a1, 0, TODAY);
    menuItem(t, "Join with the next").run();
    expect(edits(t.plan.calls[0]?.[1])).toEqual([
      ["update", "a1", "2026-03-02", "2026-03-08"],
      ["delete", "a3", "2026-03-06", "2026-03-08"],
    ]);
  });
});
