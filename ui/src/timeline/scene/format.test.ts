import { describe, expect, it } from "vitest";
import { dayOf } from "../model/dates";
import { dayCount, dayRange, daysLabel, workingDayCount } from "./format";

const d = dayOf;
/** ICU puts thin spaces around a range's dash; compared here as plain ones. */
const plain = (s: string) => s.replace(/[\u2009\u202f]/g, " ");

describe("days in the user's language", () => {
  it("writes a range of days, with the year only across a new year", () => {
    expect(plain(dayRange("en", d("2026-03-05"), d("2026-03-08")))).toBe("Mar 5 – 8");
    expect(plain(dayRange("en", d("2026-03-30"), d("2026-04-02")))).toBe("Mar 30 – Apr 2");
    expect(plain(dayRange("en", d("2026-12-28"), d("2027-01-04")))).toBe("Dec 28, 2026 – Jan 4, 2027");
    expect(dayRange("en", d("2026-03-05"), d("2026-03-05"))).toBe("Mar 5");
    expect(dayRange("ja", d("2026-03-05"), d("2026-03-08"))).toMatch(/^0?3\/0?5～0?3\/0?8$/);
  });

  it("counts days with the language's plural", () => {
    expect([dayCount("en", 1), dayCount("en", 4), dayCount("en", 1461)]).toEqual([
      "1 day",
      "4 days",
      "1,461 days",
    ]);
    expect(dayCount("ja", 4)).toBe("4日間");
    expect(plain(daysLabel("en", "en", d("2026-03-05"), d("2026-03-08")))).toBe("Mar 5 – 8 · 4 days");
  });

  it("writes the year when asked, in a list of dates of any year (time off)", () => {
    expect(plain(dayRange("en", d("2026-12-07"), d("2026-12-11"), true))).toBe("Dec 7 – 11, 2026");
    expect(dayRange("ja", d("2026-12-07"), d("2026-12-11"), true)).toMatch(
      /^2026\/12\/0?7～(2026\/)?12\/11$/,
    );
  });

  it("counts working days", () => {
    expect([workingDayCount("en", 1), workingDayCount("en", 4)]).toEqual(["1 working day", "4 working days"]);
    expect(workingDayCount("ja", 4)).toBe("勤務日4日");
  });
});
