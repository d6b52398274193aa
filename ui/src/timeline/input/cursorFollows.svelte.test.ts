// The selection is an identity: the cursor and its bar follow the person's and the assignment's ids
// through what changes the rows under them, and select nothing once they are gone.
// (A .svelte.test.ts file, run on Svelte's client runtime: its plan is reactive, as the real one
// is, and the rows' deriveds are kept until what they read changes.)
import { describe, expect, it } from "vitest";
import { BARS, FakePlan, PEOPLE, TODAY, timeline } from "../../../test-support/timeline/fixture";
import type { AssignmentDto, PersonDto } from "../../ipc";
import { dateOf, dayOf } from "../model/dates";
import type { Fields } from "../model/planApi";

class LivePlan extends FakePlan {
  #people: PersonDto[] = $state([...PEOPLE]);
  #byId: Record<string, AssignmentDto> = $state(Object.fromEntries(BARS.map((a) => [a.id, a])));
  constructor() {
    super();
    // The fake plan's fields are the object's own properties, which would hide accessors of this
    // class's prototype: the reactive ones are put in their place.
    Object.defineProperties(this, {
      people: { get: () => this.#people, set: (v: PersonDto[]) => (this.#people = v) },
      byId: { get: () => this.#byId, set: (v: Record<string, AssignmentDto>) => (this.#byId = v) },
    });
  }
  /** An update shown at once, as the plan's optimistic edit is. */
  override update = async (a: AssignmentDto, change: Fields) => {
    this.calls.push(["update", a.id, change]);
    const end = dateOf(dayOf(change.lastDay) + 1);
    const { series: _, ...fields } = change;
    this.byId = { ...this.byId, [a.id]: { ...a, ...fields, endDateExclusive: end } };
    return true;
  };
}

const b1 = BARS[2] as AssignmentDto;
const aaron: PersonDto = { id: "aaron", name: "Aaron", version: 1 };

describe("the selection", () => {
  it("stays on the same bar when a person is added above it, and Delete deletes that bar", () => {
    const plan = new LivePlan();
    const t = timeline(true, plan);
    // Bob's bar chosen by keyboard: the cursor on its row and day, nothing clicked.
    t.cursor.set(1, TODAY + 7);
    expect(t.cursor.selected?.id).toBe("b1");
    plan.people = [aaron, ...plan.people];
    expect(t.cursor.at.row).toBe(2);
    expect(t.cursor.selected?.id).toBe("b1");
    expect(t.cursor.text).toContain("Bob");
    t.commands.run({ kind: "delete" });
    expect(plan.calls).toEqual([["remove", "b1"]]);
  });

  it("follows a bar chosen by a click when the rows re-sort", () => {
    const plan = new LivePlan();
    const t = timeline(true, plan);
    t.cursor.onBar(b1, 1, TODAY + 8);
    plan.people = [plan.people[2] as PersonDto, plan.people[1] as PersonDto, plan.people[0] as PersonDto];
    expect(t.cursor.at.row).toBe(1);
    expect(t.cursor.selected?.id).toBe("b1");
    plan.people = [aaron, ...plan.people];
    expect(t.cursor.at.row).toBe(2);
    expect(t.cursor.selected?.id).toBe("b1");
  });

  it("writes a move, a resize and a removal to the plan, the cursor following", async () => {
    const t = timeline(true, new LivePlan());
    const a1 = BARS[0] as AssignmentDto;
    t.cursor.onBar(a1, 0, TODAY);
    await t.intents.move(a1, 1, 1);
    expect(t.cursor.at).toEqual({ row: 1, day: TODAY + 1, extent: 0, bar: "a1" });
    await t.intents.resize(a1, 1);
    await t.intents.remove(a1);
    expect(t.plan.calls).toEqual([
      [
        "update",
        "a1",
        { personId: "bob", projectId: "apollo", startDate: "2026-03-03", lastDay: "2026-03-06" },
      ],
      [
        "update",
        "a1",
        { personId: "bob", projectId: "apollo", startDate: "2026-03-02", lastDay: "2026-03-06" },
      ],
      ["remove", "a1"],
    ]);
  });

  it("follows a bar that a dialog moved to another person and days", () => {
    const plan = new LivePlan();
    const t = timeline(true, plan);
    t.cursor.set(1, TODAY + 7);
    expect(t.cursor.selected?.id).toBe("b1");
    void t.intents.save(
      { personId: "cy", projectId: "apollo", startDate: dateOf(TODAY + 14), lastDay: dateOf(TODAY + 16) },
      b1,
    );
    // The plan answers with the bar where the dialog put it (as the optimistic edit does).
    plan.byId = {
      ...plan.byId,
      b1: {
        ...b1,
        personId: "cy",
        startDate: dateOf(TODAY + 14),
        lastDay: dateOf(TODAY + 16),
        endDateExclusive: dateOf(TODAY + 17),
      },
    };
    expect(t.cursor.selected?.id).toBe("b1");
    expect(t.cursor.at.row).toBe(2);
    expect(t.cursor.at.day).toBe(TODAY + 14);
  });

  it("selects nothing once the selected bar or person is gone, and Delete then deletes nothing", () => {
    const plan = new LivePlan();
    const t = timeline(true, plan);
    t.cursor.onBar(b1, 1, TODAY + 8);
    const { b1: _gone, ...rest } = plan.byId;
    plan.byId = rest;
    expect(t.cursor.selected).toBeNull();
    t.commands.run({ kind: "delete" });
    // Ada's bar on the day Bob's (gone above) had: once Ada's row goes, Bob's row comes under the
    // cursor, and his bar there must not be taken for hers.
    plan.byId = { ...plan.byId, b1 };
    t.cursor.set(0, TODAY + 8);
    expect(t.cursor.selected?.id).toBe("a2");
    plan.people = plan.people.filter((p) => p.id !== "ada");
    expect(t.cursor.selected).toBeNull();
    t.commands.run({ kind: "delete" });
    expect(plan.calls).toEqual([]);
  });
});
