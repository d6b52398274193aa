import { describe, expect, it } from "vitest";
import { CHOOSABLE, dateFormat, dateLocale } from "./dateFormat";

describe("dateLocale", () => {
  it("takes the computer's locale when it is in the UI's language", () => {
    expect(dateLocale("en", ["en-GB", "en"], null)).toBe("en-GB");
    expect(dateLocale("en", ["en-US"], null)).toBe("en-US");
    expect(dateLocale("ja", ["ja-JP"], null)).toBe("ja-JP");
  });

  it("writes a Japanese UI's dates the Japanese way on an American computer", () => {
    expect(dateLocale("ja", ["en-US"], null)).toBe("ja-JP");
    expect(dateLocale("en", ["de-DE"], null)).toBe("en-US");
    expect(dateLocale("en", [], null)).toBe("en-US");
  });

  it("takes the user's choice over the computer's, unless Intl cannot format it", () => {
    expect(dateLocale("en", ["en-US"], "de-DE")).toBe("de-DE");
    expect(dateLocale("ja", ["ja-JP"], "en-GB")).toBe("en-GB");
    expect(dateLocale("en", ["en-GB"], "not a locale!")).toBe("en-GB");
  });
});

describe("DateFormat", () => {
  it("shows a date as the region writes it", () => {
    expect(dateFormat("ja-JP").field("2026-12-08")).toBe("2026/12/08");
    expect(dateFormat("en-US").field("2026-12-08")).toBe("12/08/2026");
    expect(dateFormat("en-GB").field("2026-12-08")).toBe("08/12/2026");
    expect(dateFormat("de-DE").field("2026-12-08")).toBe("08.12.2026");
    expect(dateFormat("ja-JP").long("2026-12-08")).toBe("2026/12/08(火)");
  });

  it("says the fields' order in the empty field", () => {
    expect(dateFormat("ja-JP").pattern).toBe("YYYY/MM/DD");
    expect(dateFormat("en-US").pattern).toBe("MM/DD/YYYY");
    expect(dateFormat("de-DE").pattern).toBe("DD.MM.YYYY");
  });

  /** Reads `text` typed in `locale`'s field in `year`, expecting `date`. */
  const reads = (cases: [string, string, number, string][]) => {
    for (const [locale, text, year, date] of cases)
      expect(dateFormat(locale).parse(text, year), `${locale} ${text}`).toEqual({ ok: true, date });
  };

  it("reads a typed date in the region's order, what a Japanese keyboard types, ISO dates, short years and none", () => {
    reads([
      // The region's order.
      ["en-GB", "8/12/2026", 2026, "2026-12-08"],
      ["en-US", "12/8/2026", 2026, "2026-12-08"],
      ["de-DE", "8.12.2026", 2026, "2026-12-08"],
      ["ja-JP", "2026/12/8", 2026, "2026-12-08"],
      // Full-width digits and the year, month and day marks.
      ["ja-JP", "２０２６／１２／０８", 2026, "2026-12-08"],
      ["ja-JP", "2026年12月8日", 2026, "2026-12-08"],
      // ISO dates, short years, dates without a year.
      ["en-US", "2026-12-08", 2030, "2026-12-08"],
      ["en-GB", "8/12/26", 2031, "2026-12-08"],
      ["en-US", "12/8", 2027, "2027-12-08"],
      ["ja-JP", "12/8", 2027, "2027-12-08"],
    ]);
  });

  it("reads the locale's own digits", () => {
    const egypt = dateFormat("ar-EG");
    expect(egypt.parse(egypt.field("2026-12-08"), 2026)).toEqual({ ok: true, date: "2026-12-08" });
  });

  it("says why a date cannot be read", () => {
    const gb = dateFormat("en-GB");
    expect(gb.parse("", 2026)).toEqual({ ok: false, why: "empty" });
    expect(gb.parse("  ", 2026)).toEqual({ ok: false, why: "empty" });
    expect(gb.parse("tomorrow", 2026)).toEqual({ ok: false, why: "format" });
    expect(gb.parse("31/02/2026", 2026)).toEqual({ ok: false, why: "noDay", year: 2026, month: 2, days: 28 });
    expect(gb.parse("12/31/2026", 2026)).toEqual({ ok: false, why: "format" });
    // A day the month lacks is said as such (not "type the date as …", which it was).
    expect(dateFormat("en-US").parse("02/30/2027", 2026)).toEqual({
      ok: false,
      why: "noDay",
      year: 2027,
      month: 2,
      days: 28,
    });
    expect(dateFormat("en-US").parse("02/29/2028", 2026)).toEqual({ ok: true, date: "2028-02-29" });
    expect(dateFormat("ja-JP").parse("2026/4/31", 2026)).toEqual({
      ok: false,
      why: "noDay",
      year: 2026,
      month: 4,
      days: 30,
    });
    expect(gb.parse("1/2/3/4", 2026)).toEqual({ ok: false, why: "format" });
    expect(gb.parse("31/12/1899", 2026)).toEqual({ ok: false, why: "range" });
    expect(gb.parse("01/01/3000", 2026)).toEqual({ ok: false, why: "range" });
  });

  it("reads back every date it shows, in every locale a user can choose", () => {
    for (const tag of CHOOSABLE) {
      const f = dateFormat(tag);
      for (const iso of ["1900-01-01", "1999-02-28", "2024-02-29", "2026-12-08", "2999-12-31"]) {
        expect(f.parse(f.field(iso), 2026), `${tag} ${iso}`).toEqual({ ok: true, date: iso });
      }
    }
  });

  it("starts the week where the region does", () => {
    expect(dateFormat("en-US").weekStart).toBe(6);
    expect(dateFormat("ja-JP").weekStart).toBe(6);
    expect(dateFormat("en-GB").weekStart).toBe(0);
    expect(dateFormat("de-DE").weekStart).toBe(0);
  });
});
