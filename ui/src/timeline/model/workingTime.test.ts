import { describe, expect, it } from "vitest";
import { hoursText, minutesOf, weekOf, weekOn, withWeek } from "./workingTime";

const TEAM = [480, 480, 480, 480, 480, 0, 0];

describe("the working-time dialog", () => {
  it("reads hours as people type them, and says when it cannot", () => {
    expect(minutesOf("8")).toBe(480);
    expect(minutesOf("7,5")).toBe(450);
    expect(minutesOf(" ")).toBe(0);
    expect(minutesOf("eight")).toBeNull();
    expect(weekOf(["6", "6", "6", "6", "", "", ""])).toEqual([360, 360, 360, 360, 0, 0, 0]);
    expect(weekOf(["6", "x", "", "", "", "", ""])).toBeNull();
    expect(hoursText(450)).toBe("7.5");
    expect(hoursText(0)).toBe("");
  });

  it("a week from a day on keeps what held before it (a contract change)", () => {
    const part = [360, 360, 360, 360, 0, 0, 0];
    const s = withWeek(null, TEAM, part, "2027-01-04", null, null);
    expect(s.weeks).toEqual([
      { from: null, week: TEAM },
      { from: "2027-01-04", week: part },
    ]);
    expect(weekOn(s, "2026-12-31")).toEqual(TEAM);
    expect(weekOn(s, "2027-01-04")).toEqual(part);
    // The same day again replaces that change; no day makes the week hold always.
    const again = withWeek(s, TEAM, TEAM, "2027-01-04", null, "2027-06-30");
    expect(again.weeks).toHaveLength(2);
    expect(again.lastDay).toBe("2027-06-30");
    expect(withWeek(s, TEAM, part, null, null, null).weeks).toEqual([{ from: null, week: part }]);
  });
});
