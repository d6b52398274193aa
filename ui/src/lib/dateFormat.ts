// Dates as the user's region writes them, through Intl only: which locale that is (the computer's,
// unless the user chose one), a date as the fields show it ("2026/12/01", "01/12/2026",
// "12/01/2026"), the same read back from what was typed, and the first day of the week. Works on
// `YYYY-MM-DD` strings, so it needs none of the screens. Tested in dateFormat.test.ts.
import type { Lang } from "../i18n";

/** The locales a user can choose instead of the computer's (each named in its own language). */
export const CHOOSABLE = [
  "en-US",
  "en-GB",
  "en-AU",
  "en-CA",
  "de-DE",
  "fr-FR",
  "es-ES",
  "it-IT",
  "nl-NL",
  "pl-PL",
  "sv-SE",
  "ja-JP",
  "zh-CN",
  "ko-KR",
] as const;

/** A UI language's locale when the computer's is in another language. */
const HOME: Record<Lang, string> = { en: "en-US", ja: "ja-JP" };

/**
 * The locale dates are written in: `chosen` if the user chose one, else the computer's first
 * preferred locale if it is in the UI's language (an English UI on a British computer writes
 * 01/12/2026), else the UI language's own (a Japanese UI writes 2026/12/01 whatever the
 * computer's region).
 */
export function dateLocale(lang: Lang, system: readonly string[], chosen: string | null): string {
  if (chosen && supported(chosen)) return chosen;
  const first = system.find(supported);
  if (first && new Intl.Locale(first).language === lang) return first;
  return HOME[lang];
}

/** Whether `tag` is a locale Intl formats dates in (not a fallback to the default). */
export function supported(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/** What reading a typed date gave. */
export type Parsed =
  | { ok: true; date: string }
  | { ok: false; why: "empty" | "format" | "range" }
  /** A day the month does not have ("02/30/2027"): the month and how many days it has. */
  | { ok: false; why: "noDay"; year: number; month: number; days: number };

/** The years a plan can hold (the Rust side's dates). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

type Part = "year" | "month" | "day";

/** One locale's date fields: how they show a date, read one typed and start the week. */
export class DateFormat {
  readonly tag: string;
  /** The order the fields show year, month and day in. */
  readonly order: readonly Part[];
  /** What the fields show when empty, in the locale's order and separators ("DD/MM/YYYY"). */
  readonly pattern: string;
  /** The first day of the week, 0 = Monday … 6 = Sunday (as `weekday` in timeline/dates.ts). */
  readonly weekStart: number;
  readonly #field: Intl.DateTimeFormat;
  readonly #long: Intl.DateTimeFormat;
  /** The locale's digits (Arabic-Indic, …) as the digits 0–9. */
  readonly #digits: Map<string, string>;

  constructor(tag: string) {
    this.tag = tag;
    const numeric = { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" } as const;
    this.#field = new Intl.DateTimeFormat(tag, numeric);
    this.#long = new Intl.DateTimeFormat(tag, { ...numeric, weekday: "short" });
    const parts = this.#field.formatToParts(new Date(Date.UTC(2026, 11, 1)));
    this.order = parts
      .map((p) => p.type)
      .filter((t): t is Part => t === "year" || t === "month" || t === "day");
    const letters: Record<Part, string> = { year: "YYYY", month: "MM", day: "DD" };
    this.pattern = parts
      .map((p) => (p.type === "literal" ? p.value : (letters[p.type as Part] ?? "")))
      .join("");
    this.weekStart = firstDayOfWeek(tag);
    const digits = new Intl.NumberFormat(tag, { useGrouping: false });
    this.#digits = new Map([...Array(10).keys()].map((n) => [digits.format(n), String(n)]));
  }

  /** `YYYY-MM-DD` as the date fields show it. */
  field(iso: string): string {
    return this.#field.format(at(iso));
  }

  /** `YYYY-MM-DD` with its weekday, as it is read out ("Tue, 01/12/2026", "2026/12/01(火)"). */
  long(iso: string): string {
    return this.#long.format(at(iso));
  }

  /**
   * What was typed, read in the locale's order: any separators ("1.12.2026", "2026年12月1日"),
   * full-width or the locale's own digits, a two-digit year (this century), or no year at all
   * (`thisYear`). Four digits first is always year-month-day (ISO, as pasted from elsewhere).
   */
  parse(text: string, thisYear: number): Parsed {
    const typed = [...text.normalize("NFKC").trim()].map((c) => this.#digits.get(c) ?? c).join("");
    if (!typed) return { ok: false, why: "empty" };
    const numbers = typed.match(/\d+/g) ?? [];
    if (numbers.length < 2 || numbers.length > 3 || /[^\d\s./\-年月日,\u200e\u200f]/u.test(typed)) {
      return { ok: false, why: "format" };
    }
    const order: readonly Part[] =
      (numbers[0]?.length ?? 0) >= 3
        ? ["year", "month", "day"]
        : numbers.length === 2
          ? this.order.filter((p) => p !== "year")
          : this.order;
    const value: Record<Part, number> = { year: thisYear, month: 0, day: 0 };
    order.forEach((p, i) => {
      value[p] = Number(numbers[i]);
    });
    // "26" is this century's 26.
    const year = order.indexOf("year");
    if (year >= 0 && (numbers[year]?.length ?? 0) <= 2) value.year += thisYear - (thisYear % 100);
    return checked(value.year, value.month, value.day);
  }
}

/** The `YYYY-MM-DD` of a calendar date from its numbers, or null if there is no such day. */
function calendarDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Whether `iso` (`YYYY-MM-DD`) names a day of the calendar. */
export function isCalendarDate(iso: string): boolean {
  const [y = 0, m = 0, d = 0] = iso.split("-").map(Number);
  return calendarDate(y, m, d) === iso;
}

/** A calendar date from its numbers, or why it is none. */
function checked(year: number, month: number, day: number): Parsed {
  const date = calendarDate(year, month, day);
  if (!date && month >= 1 && month <= 12 && day >= 1 && day <= 31) {
    const days = new Date(Date.UTC(2000, month, 0));
    days.setUTCFullYear(year, month, 0);
    return { ok: false, why: "noDay", year, month, days: days.getUTCDate() };
  }
  if (!date) return { ok: false, why: "format" };
  if (year < FIRST_YEAR || year > LAST_YEAR) return { ok: false, why: "range" };
  return { ok: true, date };
}

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The locale's first day of the week from Intl's week data (0 = Monday … 6 = Sunday). */
function firstDayOfWeek(tag: string): number {
  const locale = new Intl.Locale(tag) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  // Every engine the app runs in has the week data (WebKit, WebView2); without it, ISO's Monday.
  return info ? (info.firstDay + 6) % 7 : 0;
}

const formats = new Map<string, DateFormat>();

/** The (cached) date fields of `tag`: making the formatters costs far more than using them. */
export function dateFormat(tag: string): DateFormat {
  let f = formats.get(tag);
  if (!f) {
    f = new DateFormat(tag);
    formats.set(tag, f);
  }
  return f;
}
