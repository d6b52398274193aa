// The period every row's figures are for: booked and free hours and the share of capacity booked,
// over days the user picks and the name column's corner names — not the days that happen to be in
// view (their % changed with zoom and window width). Pure, tested in period.test.ts.
import { type Day, monthOf, weekday } from "./dates";
import { type Availability, type DayLoad, type Held, loadsOver, percentOf, periodLoadOf } from "./load";

/** What the figures need of a row (rows.svelte.ts's `Row`). */
export interface PeriodRow {
  bars: readonly Held[];
  availability: Availability;
}

export type PeriodKind =
  | "thisWeek"
  | "next4Weeks"
  | "thisMonth"
  | "nextMonth"
  | "next13Weeks"
  | "inView"
  | "custom";
export const PERIODS: PeriodKind[] = [
  "thisWeek",
  "next4Weeks",
  "thisMonth",
  "nextMonth",
  "next13Weeks",
  "inView",
  "custom",
];
/** What a new timeline shows: the next four weeks. */
export const DEFAULT_PERIOD: PeriodKind = "next4Weeks";
/** The longest period one picks (as the report's): two years and a day. */
export const MAX_PERIOD_DAYS = 731;

/** Days `[from, to)`. */
export interface Span {
  from: Day;
  to: Day;
}

/**
 * The days `[from, to)` of a period seen on `today`, weeks starting on `weekStart` (0 = Monday);
 * `inView`: the days the pane shows; `custom`: the days picked (both: the next four weeks until
 * they are known).
 */
export function periodDays(
  kind: PeriodKind,
  today: Day,
  weekStart: number,
  spans: { inView?: Span; custom?: Span | null } = {},
): Span {
  const week = today - ((weekday(today) - weekStart + 7) % 7);
  switch (kind) {
    case "inView":
      return spans.inView ?? { from: today, to: today + 28 };
    case "custom":
      return spans.custom ?? { from: today, to: today + 28 };
    case "thisWeek":
      return { from: week, to: week + 7 };
    case "next4Weeks":
      return { from: today, to: today + 28 };
    case "thisMonth": {
      const m = monthOf(today);
      return { from: m.start, to: m.next };
    }
    case "nextMonth": {
      const m = monthOf(monthOf(today).next);
      return { from: m.start, to: m.next };
    }
    case "next13Weeks":
      return { from: today, to: today + 91 };
  }
}

/** A row's figures over a period: minutes booked and free, and booked as a % of capacity. */
export interface Figures {
  booked: number;
  free: number;
  percent: number | null;
  /** Minutes the person can work over the period. */
  capacity: number;
}

/** Figures of several rows (or several stretches of days) together: booked, free and capacity
 * added up, the share of the sums. */
export function sumFigures(parts: readonly Figures[], tentative: boolean): Figures {
  let [booked, free, capacity] = [0, 0, 0];
  for (const f of parts) {
    booked += f.booked;
    free += f.free;
    capacity += f.capacity;
  }
  return {
    booked,
    free,
    capacity,
    percent: percentOf({ confirmed: booked, tentative: 0, capacity, off: 0, overDays: 0 }, tentative),
  };
}

const held = new WeakMap<PeriodRow, { last: Kept; all: Map<string, Figures> }>();
interface Kept {
  from: Day;
  to: Day;
  tentative: boolean;
  f: Figures;
}

/** The row's figures over `[from, to)` (once per row, period and choice: rows are new objects
 * whenever what they hold changes). The period asked last is told by its numbers, without a key
 * made: the project view's section headers ask it of every row under every project (18,000 at
 * 2,500 people) at each edit (BENCHMARKS.md). */
export function figures(row: PeriodRow, from: Day, to: Day, tentative: boolean): Figures {
  const kept = held.get(row);
  const last = kept?.last;
  if (last && last.from === from && last.to === to && last.tentative === tentative) return last.f;
  const cache = kept?.all ?? new Map<string, Figures>();
  const key = `${from}|${to}|${tentative}`;
  const f = cache.get(key) ?? made(row, from, to, tentative);
  cache.set(key, f);
  held.set(row, { last: { from, to, tentative, f }, all: cache });
  return f;
}

/** The row's figures over `[from, to)`, worked out. */
function made(row: PeriodRow, from: Day, to: Day, tentative: boolean): Figures {
  const bookings = row.bars
    .filter((b) => b.end > from && b.start < to)
    .map((b) => ({ from: b.start, to: b.end, allocation: b.a.allocation, status: b.a.status }));
  const p = periodLoadOf(loadsOver(row.availability, bookings, from, to), tentative);
  const booked = p.confirmed + (tentative ? p.tentative : 0);
  return {
    booked,
    free: Math.max(0, p.capacity - booked),
    percent: percentOf(p, tentative),
    capacity: p.capacity,
  };
}

const formats = new Map<string, Intl.NumberFormat>();
const texts = new WeakMap<Figures, { lang: string; text: string }>();

/** The figures as the name column writes them: "24h · 8h · 75%" (booked, free, share); made once
 * for the same figures and language (the column is laid out on most scrolled frames). */
export function figuresText(f: Figures, lang: string): string {
  const held = texts.get(f);
  if (held?.lang === lang) return held.text;
  const text = writeFigures(f, lang);
  texts.set(f, { lang, text });
  return text;
}

/** Minutes as the name column and the project view's week cells write hours: "7.5h". */
export function hoursShort(minutes: number, lang: string): string {
  let n = formats.get(lang);
  if (!n) {
    n = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    formats.set(lang, n);
  }
  return `${n.format(minutes / 60)}h`;
}

/** A placeholder's figures as the name column writes them: its booked hours, the demand ("24h
 * to hire"); it has no free time or load of anyone's. */
export function demandText(f: Figures, lang: string, toHire: string): string {
  return `${hoursShort(f.booked, lang)} ${toHire}`;
}

function writeFigures(f: Figures, lang: string): string {
  const h = (m: number) => hoursShort(m, lang);
  return `${h(f.booked)} · ${h(f.free)} · ${f.percent === null ? "–" : `${f.percent}%`}`;
}

/** Minutes free over `[from, to)` for the row's person: capacity less what is booked, leaving out
 * the assignment `without` (the one being moved or edited: its own hours do not make its person
 * look busy). Who is free first. */
export function freeMinutes(
  row: { bars: readonly (Held & { id: string })[]; availability: Availability },
  from: Day,
  to: Day,
  tentative: boolean,
  without?: string,
): number {
  const bookings = row.bars
    .filter((b) => b.id !== without && b.end > from && b.start < to)
    .map((b) => ({ from: b.start, to: b.end, allocation: b.a.allocation, status: b.a.status }));
  const p = periodLoadOf(loadsOver(row.availability, bookings, from, to), tentative);
  return Math.max(0, p.capacity - p.confirmed - (tentative ? p.tentative : 0));
}

/** One person's answer to "who is free": their free minutes over the days asked, and whether
 * they have `perDay` minutes free on every day they work there (`enough`). */
export interface Available {
  personId: string;
  name: string;
  free: number;
  enough: boolean;
}

/**
 * Who is free over `[from, to)` for `perDay` minutes a day: everyone (placeholders are nobody's
 * free time), those with enough free on
 * each of their working days first, then by free minutes, most first. `loads` gives a person's day
 * loads (rows.svelte.ts, `loadsIn`).
 */
export function whoIsFree<R extends { person: { id: string; name: string; placeholder?: boolean } }>(
  rows: readonly R[],
  loads: (row: R, from: Day, to: Day) => readonly DayLoad[],
  from: Day,
  to: Day,
  perDay: number,
  tentative: boolean,
): Available[] {
  return rows
    .filter((row) => !row.person.placeholder)
    .map((row) => {
      const days = loads(row, from, to).filter((d) => d.capacity > 0);
      const left = days.map((d) => Math.max(0, d.capacity - d.confirmed - (tentative ? d.tentative : 0)));
      return {
        personId: row.person.id,
        name: row.person.name,
        free: left.reduce((a, b) => a + b, 0),
        enough: days.length > 0 && left.every((m) => m >= perDay),
      };
    })
    .sort((a, b) => Number(b.enough) - Number(a.enough) || b.free - a.free || a.name.localeCompare(b.name));
}
