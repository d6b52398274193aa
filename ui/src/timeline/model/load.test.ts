// The UI's copy of the load maths against the table of cases the Rust domain passes too.
import { describe, expect, it } from "vitest";
import shared from "../../../../crates/planner-domain/tests/capacity_cases.json";
import windows from "../../../../crates/planner-domain/tests/window_cases.json";
import type { AllocationDto, StatusDto } from "../../ipc";
import { dayOf } from "./dates";
import {
  type Availability,
  available,
  DEFAULT_AVAILABILITY,
  dayLoads,
  loadsOver,
  overDays,
  percentOf,
  periodLevel,
  periodLoad,
  periodLoadOf,
  type Schedule,
  STANDARD,
} from "./load";

interface Case {
  name: string;
  schedule?: Schedule;
  holidays?: string[];
  absences?: { first: string; last: string; minutes: number | null }[];
  bookings: { first: string; last: string; allocation: AllocationDto; status: StatusDto }[];
  window: { first: string; last: string };
  days: number[][];
  withTentative: Figures;
  withoutTentative: Figures;
}
interface Figures {
  percent: number | null;
  overDays: number;
  available: number;
  level: string;
}

const table = shared as { cases: Case[] };
// Random plans cut at random windows as the window read cuts them: the days as the whole plan
// makes them (planner-domain/tests/window_cases.rs writes them).
const cut = windows as { cases: Case[] };

function passes(c: Case) {
  const person: Availability = {
    schedule: c.schedule ?? STANDARD,
    holidays: new Set((c.holidays ?? []).map(dayOf)),
    absences: (c.absences ?? []).map((a) => ({
      from: dayOf(a.first),
      to: dayOf(a.last) + 1,
      minutes: a.minutes,
    })),
  };
  const bookings = c.bookings.map((b) => ({
    from: dayOf(b.first),
    to: dayOf(b.last) + 1,
    allocation: b.allocation,
    status: b.status,
  }));
  const loads = dayLoads(person, bookings, dayOf(c.window.first), dayOf(c.window.last) + 1);
  expect(loads.map((d) => [d.capacity, d.confirmed, d.tentative, d.off])).toEqual(c.days);
  for (const [tentative, want] of [
    [true, c.withTentative],
    [false, c.withoutTentative],
  ] as const) {
    const p = periodLoad(loads, tentative);
    // The same sums from the loads kept four numbers a day (what the rows keep per chunk).
    expect(
      periodLoadOf(loadsOver(person, bookings, dayOf(c.window.first), dayOf(c.window.last) + 1), tentative),
    ).toEqual(p);
    expect({
      percent: percentOf(p, tentative),
      overDays: p.overDays,
      available: available(p, tentative),
      level: periodLevel(p, tentative),
    }).toEqual(want);
  }
}

describe("load against capacity (the shared table of cases)", () => {
  it("has the cases", () => expect(table.cases.length).toBeGreaterThanOrEqual(9));
  for (const c of table.cases) it(c.name, () => passes(c));
});

describe("a window never changes a figure (the shared random cuts)", () => {
  it("has the cases", () => expect(cut.cases.length).toBe(40));
  for (const c of cut.cases) it(c.name, () => passes(c));
});

describe("the overbooked mark: booked beyond capacity", () => {
  const mon = dayOf("2026-11-30");
  const FULL = {
    allocation: { kind: "percent", value: 100 } as AllocationDto,
    status: "confirmed" as StatusDto,
  };
  const s = (start: number, end: number, a = FULL) => ({ start: mon + start, end: mon + end, a });
  const over = (held: ReturnType<typeof s>[], from = mon, to = mon + 14, tentative = true) =>
    overDays(DEFAULT_AVAILABILITY, held, from, to, tentative);

  it("marks the days with more than a whole day booked (full days: where more than one runs)", () => {
    expect(over([s(0, 5), s(3, 7), s(4, 5)])).toEqual([mon + 3, mon + 4]);
    expect(over([s(0, 3), s(3, 6)])).toEqual([]);
    expect(over([s(0, 10), s(0, 10)], mon + 8, mon + 9)).toEqual([mon + 8]);
  });

  it("leaves two half days alone, marks a third, and weekends nobody works", () => {
    const half = {
      allocation: { kind: "hoursPerDay", value: 240 } as AllocationDto,
      status: "confirmed" as StatusDto,
    };
    expect(over([s(0, 5, half), s(0, 5, half)])).toEqual([]);
    expect(over([s(0, 5, half), s(0, 5, half), s(2, 3, half)])).toEqual([mon + 2]);
    // Saturday and Sunday have no capacity: a whole day books nothing there.
    expect(over([s(5, 7), s(5, 7)])).toEqual([]);
  });

  it("counts tentative work only when it is shown", () => {
    const maybe = { allocation: FULL.allocation, status: "tentative" as StatusDto };
    expect(over([s(0, 1), s(0, 1, maybe)])).toEqual([mon]);
    expect(over([s(0, 1), s(0, 1, maybe)], mon, mon + 14, false)).toEqual([]);
  });
});
