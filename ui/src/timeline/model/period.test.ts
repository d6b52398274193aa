import { describe, expect, it } from "vitest";
import { FULL_DAY } from "./allocation";
import { dayOf } from "./dates";
import { DEFAULT_AVAILABILITY } from "./load";
import { figures, figuresText, freeMinutes, type PeriodRow, periodDays, whoIsFree } from "./period";

const d = dayOf;

describe("the period of the rows' figures", () => {
  it("is labelled days, not the days in view", () => {
    // 2026-12-02 is a Wednesday.
    const today = d("2026-12-02");
    expect(periodDays("thisWeek", today, 0)).toEqual({ from: d("2026-11-30"), to: d("2026-12-07") });
    expect(periodDays("thisWeek", today, 6)).toEqual({ from: d("2026-11-29"), to: d("2026-12-06") });
    expect(periodDays("next4Weeks", today, 0)).toEqual({ from: today, to: today + 28 });
    expect(periodDays("thisMonth", today, 0)).toEqual({ from: d("2026-12-01"), to: d("2027-01-01") });
    expect(periodDays("nextMonth", today, 0)).toEqual({ from: d("2027-01-01"), to: d("2027-02-01") });
  });

  it("counts hours against capacity: booked, free and the share", () => {
    const bar = (
      start: string,
      end: string,
      hours: number,
      status: "confirmed" | "tentative" = "confirmed",
    ) => ({
      id: start,
      start: d(start),
      end: d(end),
      a: {
        allocation: hours === 8 ? FULL_DAY : { kind: "hoursPerDay" as const, value: hours * 60 },
        status,
      } as never,
    });
    const row = {
      availability: DEFAULT_AVAILABILITY,
      // Mon–Fri 2026-12-07…11: 4 h a day; Mon–Tue 14…15: a whole day, tentative.
      bars: [bar("2026-12-07", "2026-12-12", 4), bar("2026-12-14", "2026-12-16", 8, "tentative")],
    } as unknown as PeriodRow;
    const f = figures(row, d("2026-12-07"), d("2026-12-21"), true);
    expect(f).toEqual({ booked: (20 + 16) * 60, free: (80 - 36) * 60, percent: 45, capacity: 80 * 60 });
    expect(figures(row, d("2026-12-07"), d("2026-12-21"), false).percent).toBe(25);
    expect(figuresText(f, "en")).toBe("36h · 44h · 45%");
    expect(figuresText({ booked: 0, free: 0, percent: null, capacity: 0 }, "en")).toBe("0h · 0h · –");
  });

  it("tells free hours, leaving out the assignment being moved", () => {
    const row = {
      availability: DEFAULT_AVAILABILITY,
      bars: [
        {
          id: "x",
          start: d("2026-12-07"),
          end: d("2026-12-09"),
          a: { allocation: FULL_DAY, status: "confirmed" },
        },
      ],
    } as unknown as Parameters<typeof freeMinutes>[0];
    // Mon 7 – Fri 11: 40 h of capacity, 16 h booked by x.
    expect(freeMinutes(row, d("2026-12-07"), d("2026-12-12"), true)).toBe(24 * 60);
    expect(freeMinutes(row, d("2026-12-07"), d("2026-12-12"), true, "x")).toBe(40 * 60);
  });

  it("finds who is free: enough hours every working day first, then the most free", () => {
    const day = (capacity: number, confirmed: number, tentative = 0) => ({ capacity, confirmed, tentative });
    const people = {
      ada: [day(480, 480), day(480, 0)], // 8 h free, not 4 h every day
      bob: [day(480, 240), day(480, 240), day(0, 0)], // 8 h free, 4 h every working day
      cy: [day(480, 0), day(480, 0, 480)], // 16 h free without tentative work, 8 with
    } as const;
    const rows = Object.keys(people).map((id) => ({ person: { id, name: id.toUpperCase() } }));
    const loads = (r: { person: { id: string } }) =>
      people[r.person.id as keyof typeof people].map((l, i) => ({ day: i, off: 0, ...l }));
    const found = whoIsFree(rows, loads, 0, 3, 240, true);
    expect(found.map((f) => [f.personId, f.free / 60, f.enough])).toEqual([
      ["bob", 8, true],
      ["ada", 8, false],
      ["cy", 8, false],
    ]);
    // A placeholder is nobody's free time, however free its week.
    const withHire = [...rows, { person: { id: "cy", name: "Hire", placeholder: true } }];
    expect(whoIsFree(withHire, loads, 0, 3, 240, true).map((f) => f.name)).toEqual(["BOB", "ADA", "CY"]);
    expect(whoIsFree(rows, loads, 0, 3, 240, false)[0]).toMatchObject({
      personId: "cy",
      free: 960,
      enough: true,
    });
  });
});

describe("a period of the days in view, or of days picked", () => {
  it("follows the pane's days, or the days picked, and the next four weeks until either is known", () => {
    const today = dayOf("2026-12-09");
    const inView = { from: dayOf("2027-01-04"), to: dayOf("2027-02-01") };
    expect(periodDays("inView", today, 0, { inView })).toEqual(inView);
    const custom = { from: dayOf("2027-03-01"), to: dayOf("2027-04-01") };
    expect(periodDays("custom", today, 0, { custom })).toEqual(custom);
    expect(periodDays("custom", today, 0, { custom: null })).toEqual({ from: today, to: today + 28 });
    expect(periodDays("inView", today, 0)).toEqual({ from: today, to: today + 28 });
  });
});
