import { describe, expect, it } from "vitest";
import { dateOf, dayOf, isWeekend, monthOf, weekday } from "./dates";

describe("days", () => {
  it("round-trips dates and knows weekdays", () => {
    for (const d of ["1970-01-01", "2026-02-28", "2028-02-29", "2999-12-31", "1900-01-01"]) {
      expect(dateOf(dayOf(d))).toBe(d);
    }
    expect(dayOf("1970-01-02") - dayOf("1970-01-01")).toBe(1);
    expect(weekday(dayOf("2026-11-30"))).toBe(0); // a Monday
    expect(isWeekend(dayOf("2026-12-05"))).toBe(true);
    expect(isWeekend(dayOf("2026-12-04"))).toBe(false);
  });

  it("refuses what is not a calendar date", () => {
    for (const bad of ["2026-02-30", "2026-5-1", "", "2026-13-01"]) expect(() => dayOf(bad)).toThrow();
  });

  it("reads a date again as before, and a bad one is refused every time (dates read are kept)", () => {
    const days = Array.from({ length: 10_000 }, (_, i) => dateOf(dayOf("2000-01-01") + i));
    for (let round = 0; round < 2; round++)
      for (const [i, d] of days.entries()) expect(dayOf(d)).toBe(dayOf("2000-01-01") + i); // past the most kept
    for (let round = 0; round < 2; round++) expect(() => dayOf("2026-02-30")).toThrow();
  });
});

describe("months", () => {
  it("finds the month around a day", () => {
    expect(monthOf(dayOf("2026-12-15"))).toEqual({ start: dayOf("2026-12-01"), next: dayOf("2027-01-01") });
    expect(monthOf(dayOf("2026-02-01")).next).toBe(dayOf("2026-03-01"));
  });
});
