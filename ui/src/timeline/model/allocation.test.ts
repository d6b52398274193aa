import { describe, expect, it } from "vitest";
import type { AllocationDto } from "../../ipc";
import { allocationFrom, allocationText, FULL_DAY, formOf, hoursOf, isFullDay } from "./allocation";

describe("allocations as the timeline writes them", () => {
  it("says nothing for the whole working day, hours, shares and totals otherwise", () => {
    expect(allocationText(FULL_DAY, "en")).toBe("");
    expect(allocationText({ kind: "hoursPerDay", value: 240 }, "en")).toBe("4h");
    expect(allocationText({ kind: "hoursPerDay", value: 150 }, "ja")).toBe("2.5時間");
    expect(allocationText({ kind: "percent", value: 50 }, "en")).toBe("50%");
    expect(allocationText({ kind: "total", value: 2400 }, "en")).toBe("40h in all");
    expect(hoursOf(15, "en")).toBe("0.25");
    expect(isFullDay({ kind: "percent", value: 99 })).toBe(false);
  });

  it("reads the dialog's amount: decimal point or comma, whole shares; leaves the range to Rust", () => {
    expect(allocationFrom({ choice: "full", amount: "whatever" })).toEqual(FULL_DAY);
    // Out of range but a number (30 hours, 0.1 h): the Rust side says what is wrong.
    const read: [AllocationDto["kind"], string, number][] = [
      ["hoursPerDay", " 4 ", 240],
      ["hoursPerDay", "2,5", 150],
      ["total", "40", 2400],
      ["percent", "50", 50],
      ["hoursPerDay", "30", 1800],
      ["hoursPerDay", "0.1", 6],
    ];
    for (const [choice, amount, value] of read)
      expect(allocationFrom({ choice, amount }), amount).toEqual({ kind: choice, value });
    for (const amount of ["", "four", "-4", "1e3", "4h", "2.5.1"])
      expect(allocationFrom({ choice: "hoursPerDay", amount }), amount).toBeNull();
    expect(allocationFrom({ choice: "percent", amount: "50.5" })).toBeNull();
    expect(allocationFrom({ choice: "total", amount: "99999999999" })).toBeNull();
  });

  it("shows an allocation in the form it reads back", () => {
    for (const a of [
      { kind: "hoursPerDay" as const, value: 150 },
      { kind: "percent" as const, value: 50 },
      { kind: "total" as const, value: 2415 },
      { kind: "total" as const, value: 600000 },
      { kind: "hoursPerDay" as const, value: 10 },
      FULL_DAY,
    ]) {
      expect(allocationFrom(formOf(a))).toEqual(a);
    }
  });
});
