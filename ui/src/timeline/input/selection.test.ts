import { describe, expect, it } from "vitest";
import { BARS, FakePlan, TODAY, timeline } from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import { dayOf } from "../model/dates";
import {
  bookingsIn,
  type ManyForm,
  manyChange,
  minutesOf,
  projectIn,
  restOfRow,
  workingDaysFrom,
} from "./selection.svelte";

// Ada: a1 (2026-03-02 to 03-05, Apollo) and a2 (03-04 to 03-10, Gemini); Bob: b1 (03-09 to 03-11).
describe("which bookings a gesture chooses", () => {
  const t = timeline();
  const ids = (xs: { id: string }[]) => xs.map((a) => a.id);

  it("takes the rows' bookings on some day of a stretch (a rubber band, Shift-click)", () => {
    expect(ids(bookingsIn(t.rows.all, 1, 0, TODAY, TODAY + 1))).toEqual(["a1"]);
    expect(ids(bookingsIn(t.rows.all, 0, 2, dayOf("2026-03-09"), dayOf("2026-03-10")))).toEqual(["a2", "b1"]);
    expect(ids(bookingsIn(t.rows.all, -4, 9, TODAY, TODAY + 30))).toEqual(["a1", "a2", "b1"]);
  });

  it("takes a project's bookings in the days given, and the rest of a row from a day", () => {
    expect(ids(projectIn(t.rows.all, "apollo", TODAY, TODAY + 30))).toEqual(["a1", "b1"]);
    expect(ids(projectIn(t.rows.all, "apollo", dayOf("2026-03-06"), TODAY + 30))).toEqual(["b1"]);
    // From a day: the bookings on it and after it.
    expect(ids(restOfRow(t.rows.all, 0, dayOf("2026-03-06")))).toEqual(["a2"]);
    expect(ids(restOfRow(t.rows.all, 0, dayOf("2026-03-05")))).toEqual(["a1", "a2"]);
  });

  it("counts a booking's hours over its working days", () => {
    const av = t.rows.available.get("ada");
    expect(minutesOf(at(BARS, 0), av)).toBe(4 * 8 * 60);
    expect(minutesOf({ ...at(BARS, 1), allocation: { kind: "hoursPerDay", value: 120 } }, av)).toBe(5 * 120);
    expect(minutesOf(at(BARS, 0), undefined)).toBe(0);
  });
});

describe("the selection", () => {
  it("holds bookings by id: it follows their moves and lets go of one someone deleted", () => {
    const plan = new FakePlan();
    const t = timeline(true, plan);
    t.selection.replace([at(BARS, 0), at(BARS, 2)]);
    // Someone else moves b1 and deletes a1 (the live view's changes to the plan).
    const moved = {
      ...at(BARS, 2),
      startDate: "2026-03-16",
      lastDay: "2026-03-18",
      endDateExclusive: "2026-03-19",
      version: 2,
    };
    plan.byId = { a2: at(BARS, 1), b1: moved };
    expect(t.selection.bookings).toEqual([moved]);
    expect(t.selection.text).toBe("1 booking selected · 24h");
    t.selection.clear();
    expect([t.selection.bookings, t.selection.text, t.selection.anchor]).toEqual([[], "", null]);
  });
});

describe("the Edit… dialog's change of many bookings", () => {
  const form = (f: Partial<ManyForm>): ManyForm => ({
    shift: "",
    working: false,
    personId: "",
    projectId: "",
    allocation: null,
    status: "",
    ...f,
  });
  // Weekdays work; a1 is Monday 2026-03-02 to Thursday 03-05.
  const weekdays = (_: string, d: number) => new Date(d * 86400000).getUTCDay() % 6 !== 0;
  const a1 = at(BARS, 0);

  it("moves each by calendar days or by its person's working days, keeping its length", () => {
    const by = (f: Partial<ManyForm>) => {
      const change = manyChange(form(f), weekdays);
      if (typeof change === "string") throw new Error(change);
      return change(a1);
    };
    expect(by({ shift: "4" })).toMatchObject({ startDate: "2026-03-06", lastDay: "2026-03-09" });
    // Four working days on from Monday is Friday; five is the next Monday.
    expect(by({ shift: "5", working: true })).toMatchObject({
      startDate: "2026-03-09",
      lastDay: "2026-03-12",
    });
    expect(by({ shift: "-1", working: true })).toMatchObject({
      startDate: "2026-02-27",
      lastDay: "2026-03-02",
    });
    expect(by({ shift: " −7 " })).toMatchObject({ startDate: "2026-02-23" });
    expect(workingDaysFrom(dayOf("2026-03-06"), 1, (d) => weekdays("", d))).toBe(dayOf("2026-03-09"));
  });

  it("hands over, changes project, time and status, keeping what is left as each one is", () => {
    const change = manyChange(form({ personId: "cy", status: "tentative" }), weekdays);
    if (typeof change === "string") throw new Error(change);
    expect(change(a1)).toEqual({
      personId: "cy",
      projectId: "apollo",
      startDate: "2026-03-02",
      lastDay: "2026-03-05",
      status: "tentative",
    });
    const other = manyChange(
      form({ projectId: "gemini", allocation: { kind: "hoursPerDay", value: 240 } }),
      weekdays,
    );
    if (typeof other === "string") throw new Error(other);
    expect(other(a1)).toMatchObject({
      personId: "ada",
      projectId: "gemini",
      allocation: { kind: "hoursPerDay", value: 240 },
    });
  });

  it("says what is wrong: days that are not a whole number, or nothing to change", () => {
    expect(manyChange(form({ shift: "1.5" }), weekdays)).toBe("shift");
    expect(manyChange(form({ shift: "two" }), weekdays)).toBe("shift");
    expect(manyChange(form({ shift: "0" }), weekdays)).toBe("nothing");
    expect(manyChange(form({}), weekdays)).toBe("nothing");
  });
});
