// A window or a reload asked at one moment and answered later leaves what changed here meanwhile
// as it is now (touched.ts): an edit saved, a delete, a rename, time off, a holiday, and what was
// of a person or calendar deleted.
import { describe, expect, it } from "vitest";
import { lateWindows, only, settle, setUp, week } from "../../../test-support/timeline/planFake";
import { at } from "../../../test-support/timeline/testing";
import { dayOf } from "./dates";
import type { Plan } from "./plan.svelte";

describe("Plan reads answered late", () => {
  it("a window read before an edit and answered after it neither undoes the edit nor brings back what was deleted", async () => {
    const { store, plan } = setUp();
    // Long bars, time off and a holiday: the window of June brings them too.
    const [long, other] = await adaAndBob(plan, "2026-12-07", "2027-06-11");
    const away = (lastDay: string) => ({ startDate: "2027-05-31", lastDay, kind: "holiday" as const });
    const off = await plan.capacity.addTimeOff("ada", away("2027-06-04"));
    const sick = await plan.capacity.addTimeOff("bob", away("2027-06-04"));
    await store.addHolidays("cal", [{ day: "2027-06-07", name: "Summer day" }]);
    const { answer } = lateWindows(store);
    plan.ensureLoaded(dayOf("2027-06-01"), dayOf("2027-06-10"));
    await settle(); // the window was read; its answer comes after the edits below
    expect(await plan.update(long, week("ada", "2026-12-07", "2027-06-13"))).toBe(true);
    expect(await plan.remove(other)).toBe(true);
    await plan.capacity.changeTimeOff(off, away("2027-06-02"));
    await plan.capacity.removeTimeOff(sick);
    await plan.capacity.removeHoliday({ calendarId: "cal", day: "2027-06-07", name: "Summer day" });
    answer();
    await settle();
    expect(plan.byId[long.id]?.lastDay).toBe("2027-06-13");
    expect(plan.byId[other.id]).toBeUndefined();
    expect(plan.capacity.timeOff[off.id]?.lastDay).toBe("2027-06-02");
    expect(plan.capacity.timeOff[sick.id]).toBeUndefined();
    expect(Object.keys(plan.capacity.holidays)).toEqual([]);
  });

  it("a window answered after a person or a calendar was deleted does not bring back what was theirs", async () => {
    const { store, plan } = setUp();
    // Bob's bar and time off in June only: not shown before the window comes.
    await store.createAssignment({ id: "JUNE", ...week("bob", "2027-06-01", "2027-06-11") });
    await plan.capacity.addTimeOff("bob", { startDate: "2027-05-31", lastDay: "2027-06-04", kind: "sick" });
    await store.addHolidays("cal", [{ day: "2027-06-07", name: "Summer day" }]);
    const { answer } = lateWindows(store);
    plan.ensureLoaded(dayOf("2027-06-01"), dayOf("2027-06-10"));
    await settle();
    const bob = at(
      plan.people.filter((p) => p.id === "bob"),
      0,
    );
    await plan.deletePerson(bob, () => {});
    await plan.capacity.deleteCalendar({ id: "cal", name: "Cal", region: null, version: 1 });
    answer();
    await settle();
    expect(only(plan)).toEqual([]);
    expect(plan.capacity.timeOff).toEqual({});
    expect(plan.capacity.holidays).toEqual({});
  });

  it("a reload read before an edit and answered after it keeps the edit, a bar made meanwhile, a delete, renames, time off and a holiday removed", async () => {
    const { store, plan } = setUp();
    const [mine, other] = await adaAndBob(plan, "2026-12-07", "2026-12-11");
    const away = (lastDay: string) => ({ startDate: "2026-12-14", lastDay, kind: "holiday" as const });
    const off = await plan.capacity.addTimeOff("ada", away("2026-12-18"));
    const sick = await plan.capacity.addTimeOff("bob", away("2026-12-18"));
    await store.addHolidays("cal", [{ day: "2026-12-24", name: "Christmas Eve" }]);
    const { answer } = lateWindows(store);
    const reloading = plan.reload();
    await settle();
    await plan.capacity.changeTimeOff(off, away("2026-12-15"));
    await plan.capacity.removeTimeOff(sick);
    await plan.capacity.removeHoliday({ calendarId: "cal", day: "2026-12-24", name: "Christmas Eve" });
    expect(await plan.update(mine, week("ada", "2026-12-14", "2026-12-18"))).toBe(true);
    expect(await plan.remove(other)).toBe(true);
    expect(await plan.create(week("bob", "2026-12-21", "2026-12-23"))).toBe(true);
    await plan.renamePerson(at(plan.people, 0), "Ada Lovelace");
    await plan.updateProject(at(plan.projects, 0), { name: "Apollo 11", color: "#336699" });
    answer();
    await reloading;
    expect(plan.people.map((p) => p.name)).toEqual(["Ada Lovelace", "Bob"]);
    expect(plan.projects.map((p) => p.name)).toEqual(["Apollo 11"]);
    expect(plan.capacity.timeOff[off.id]?.lastDay).toBe("2026-12-15");
    expect(plan.capacity.timeOff[sick.id]).toBeUndefined();
    expect(plan.capacity.holidays).toEqual({});
    expect(plan.byId[mine.id]?.startDate).toBe("2026-12-14");
    expect(plan.byId[other.id]).toBeUndefined();
    expect(
      only(plan)
        .map((a) => a.startDate)
        .sort(),
    ).toEqual(["2026-12-14", "2026-12-21"]);
  });
});

/** A bar of Ada's and one of Bob's on the same days, made through the plan. */
async function adaAndBob(plan: Plan, first: string, last: string) {
  await plan.create(week("ada", first, last));
  await plan.create(week("bob", first, last));
  const byPerson = [...only(plan)].sort((a, b) => a.personId.localeCompare(b.personId));
  return [at(byPerson, 0), at(byPerson, 1)] as const;
}
