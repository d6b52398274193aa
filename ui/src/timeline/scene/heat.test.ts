import { describe, expect, it } from "vitest";
import { dayOf } from "../model/dates";
import type { DayLoad } from "../model/load";
import { heatCells, heatFigures, heatText, heatUnit } from "./heat";

const mon = dayOf("2026-12-07");
/** A week from Monday: 8 h a working day, `booked` minutes on each day. */
const week = (booked: number[], tentative: number[] = []): DayLoad[] =>
  booked.map((b, i) => ({
    day: mon + i,
    capacity: i < 5 ? 480 : 0,
    confirmed: b,
    tentative: tentative[i] ?? 0,
    off: 0,
  }));

describe("the heatmap's cells", () => {
  it("are days at the day zoom and weeks otherwise", () => {
    expect([heatUnit(48), heatUnit(20), heatUnit(6)]).toEqual(["day", "week", "week"]);
  });

  it("colour each day by its level: free, part, full, over; a weekend with nothing has none", () => {
    const cells = heatCells(week([0, 240, 480, 600, 0, 0, 60]), mon, mon + 7, "day", 0, true);
    expect(cells.map((c) => c.level)).toEqual(["free", "part", "full", "over", "free", "noCapacity", "over"]);
    expect(cells.map(heatText)).toEqual(["0%", "50%", "100%", "125%", "0%", "", "!"]);
  });

  it("sum a week, which is over if any day is, and count tentative work only while it is counted", () => {
    const loads = week([480, 480, 240, 0, 0, 0, 0], [0, 0, 0, 480, 0]);
    const [w] = heatCells(loads, mon, mon + 7, "week", 0, true);
    expect(w).toMatchObject({
      from: mon,
      to: mon + 7,
      level: "part",
      capacity: 2400,
      booked: 1680,
      percent: 70,
    });
    const [without] = heatCells(loads, mon, mon + 7, "week", 0, false);
    expect(without).toMatchObject({ booked: 1200, percent: 50 });
    const [over] = heatCells(week([480, 480, 480, 480, 0, 60, 0]), mon, mon + 7, "week", 0, true);
    expect(over?.level).toBe("over");
  });

  it("start weeks where the region does, and say their figures in words", () => {
    const two = [
      ...week([480, 480, 480, 480, 480, 0, 0]),
      ...week([0, 0, 0, 0, 0, 0, 0]).map((d) => ({ ...d, day: d.day + 7 })),
    ];
    // Weeks from Sunday: the first cell is Monday–Saturday (cut), then Sunday on.
    const cells = heatCells(two, mon, mon + 14, "week", 6, true);
    expect(cells.map((c) => [c.from - mon, c.to - mon])).toEqual([
      [0, 6],
      [6, 13],
      [13, 14],
    ]);
    const [first] = cells;
    // (Intl puts thin spaces around the dash.)
    expect(first && heatFigures(first, "en", "en-GB")).toMatch(
      /^7\s–\s12 Dec · 6 days: 40h of 40h booked, 0h free \(100%\)$/u,
    );
  });
});
