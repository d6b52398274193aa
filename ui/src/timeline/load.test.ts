// The UI's copy of the load maths against the table of cases the Rust domain passes too.
import { describe, expect, it } from "vitest";
import shared from "../../../crates/planner-domain/tests/capacity_cases.json";
import type { AllocationDto, StatusDto } from "../ipc";
import { dayOf } from "./dates";
import {
  type Availability,
  available,
  dayLoads,
  percentOf,
  periodLevel,
  periodLoad,
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

describe("load against capacity (the shared table of cases)", () => {
  it("has the cases", () => expect(table.cases.length).toBeGreaterThanOrEqual(9));
  for (const c of table.cases)
    it(c.name, () => {
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
        expect({
          percent: percentOf(p, tentative),
          overDays: p.overDays,
          available: available(p, tentative),
          level: periodLevel(p, tentative),
        }).toEqual(want);
      }
    });
});
