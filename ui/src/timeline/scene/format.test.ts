import { describe, expect, it } from "vitest";
import { dayOf } from "../model/dates";
import { dayCount, dayRange, daysLabel } from "./format";

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
});
