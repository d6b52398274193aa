import { describe, expect, it } from "vitest";
import { countries, publicHolidays, regions } from "./holidayLibrary";

describe("the holiday library", () => {
  it("knows Japan, the EU countries, the UK and the US, with regions where it has them", async () => {
    const all = await countries("en");
    const eu = ["AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT"];
    const eu2 = ["LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE"];
    for (const c of ["JP", "GB", "US", ...eu, ...eu2]) expect(all[c], c).toBeTruthy();
    expect(Object.keys(await regions("DE", "en"))).toContain("BY");
    expect(Object.keys(await regions("US", "en"))).toContain("CA");
  });

  it("gives a region's public holidays, named in the language, one a day", async () => {
    const jp = await publicHolidays("JP", 2027, 2027, "ja");
    expect(jp[0]).toEqual({ day: "2027-01-01", name: "元日" });
    expect(jp.some((h) => h.day === "2027-03-22")).toBe(true); // a substitute holiday
    // Bavaria has Epiphany; Berlin does not.
    const by = await publicHolidays("DE-BY", 2027, 2027, "en");
    const be = await publicHolidays("DE-BE", 2027, 2027, "en");
    expect(by.some((h) => h.day === "2027-01-06")).toBe(true);
    expect(be.some((h) => h.day === "2027-01-06")).toBe(false);
    const days = jp.map((h) => h.day);
    expect(new Set(days).size).toBe(days.length);
  });
});
