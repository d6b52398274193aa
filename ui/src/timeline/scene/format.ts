// Days and counts as the user's region writes them, through Intl (formats, ranges, plurals):
// what the timeline shows while a bar is dragged, and on a bar's tooltip. `locale` is where the
// dates and numbers come from (ui.dateLocale), `lang` the words around them.
import type { Lang } from "../../i18n";
import { type Day, dateOf } from "../model/dates";

const formats = new Map<string, Intl.DateTimeFormat>();
const plurals = new Map<string, Intl.PluralRules>();

function format(locale: string, year: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${year}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", timeZone: "UTC" };
    f = new Intl.DateTimeFormat(locale, year ? { ...options, year: "numeric" } : options);
    formats.set(key, f);
  }
  return f;
}

const numbers = new Map<string, Intl.NumberFormat>();

const at = (d: Day) => new Date(`${dateOf(d)}T00:00:00Z`);

/** The days `first` to `last` (both shown), with the year when they are in different years, or
 * always (`withYear`: a list of dates that may lie in any year, as time off's). */
export function dayRange(locale: string, first: Day, last: Day, withYear = false): string {
  const year = withYear || dateOf(first).slice(0, 4) !== dateOf(last).slice(0, 4);
  return format(locale, year).formatRange(at(first), at(Math.max(first, last)));
}

/** `n` as `locale` writes it (one formatter per locale: toLocaleString makes a new one every
 * call, and the tooltips and the drag label call this while the pane scrolls). */
function number(locale: string, n: number): string {
  let f = numbers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    numbers.set(locale, f);
  }
  return f.format(n);
}

/** Whether `n` takes the singular in `lang` (Japanese has no plural forms to choose between). */
function one(lang: Lang, n: number): boolean {
  let p = plurals.get(lang);
  if (!p) {
    p = new Intl.PluralRules(lang);
    plurals.set(lang, p);
  }
  return p.select(n) === "one";
}

/** `n` days, in words ("1 day", "4 days", "4日間"), the number as `locale` writes it. */
export function dayCount(lang: Lang, n: number, locale: string = lang): string {
  const count = number(locale, n);
  if (lang === "ja") return `${count}日間`;
  return one(lang, n) ? `${count} day` : `${count} days`;
}

/** `n` working days, in words ("1 working day", "4 working days", "勤務日4日"). */
export function workingDayCount(lang: Lang, n: number, locale: string = lang): string {
  const count = number(locale, n);
  if (lang === "ja") return `勤務日${count}日`;
  return one(lang, n) ? `${count} working day` : `${count} working days`;
}

/** What a bar covers, as the drag label and the tooltip say it: "Mar 5 – 8 · 4 days". */
export const daysLabel = (lang: Lang, locale: string, first: Day, last: Day): string =>
  `${dayRange(locale, first, last)} · ${dayCount(lang, last - first + 1, locale)}`;
