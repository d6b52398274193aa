// Load against capacity, day by day: the UI's copy of planner-domain's capacity maths
// (crates/planner-domain/src/capacity/load.rs has the rules, in words), so that a drag shows its
// effect on the loads at once. Both are held to one table of cases,
// crates/planner-domain/tests/capacity_cases.json, which load.test.ts and the Rust tests run.
import type { AllocationDto, StatusDto } from "../../ipc";
import { type Day, dayOf, weekday } from "./dates";

/** A working week from a day on (`from: null` for the first): minutes of each weekday, Monday first. */
export interface WeekFrom {
  from: string | null;
  week: number[];
}

/** When a person works (the Rust `Schedule`'s wire form; `ScheduleDto` over IPC). */
export interface Schedule {
  weeks: WeekFrom[];
  firstDay?: string | null;
  lastDay?: string | null;
}

/** Days off: `[from, to)`, all of each day's working time (`minutes` null) or that many minutes. */
export interface Absence {
  from: Day;
  to: Day;
  minutes: number | null;
}

/** Everything that decides when one person can work. */
export interface Availability {
  schedule: Schedule;
  holidays: ReadonlySet<Day>;
  absences: readonly Absence[];
}

/** An assignment as the maths sees it: `[from, to)`. */
export interface Booking {
  from: Day;
  to: Day;
  allocation: AllocationDto;
  status: StatusDto;
}

export type Level = "noCapacity" | "free" | "part" | "full" | "over";

export interface DayLoad {
  day: Day;
  capacity: number;
  confirmed: number;
  tentative: number;
  off: number;
}

/** Monday to Friday, 8 hours: a team's default until an admin sets another. */
export const STANDARD: Schedule = { weeks: [{ from: null, week: [480, 480, 480, 480, 480, 0, 0] }] };

/** A schedule with its days as numbers, the weeks in the order they took effect. */
interface Ready {
  weeks: { from: Day; week: number[] }[];
  first: Day;
  last: Day;
}
const ready = new WeakMap<Schedule, Ready>();
function prepared(s: Schedule): Ready {
  let r = ready.get(s);
  if (!r) {
    const weeks = s.weeks
      .map((w) => ({ from: w.from === null ? Number.NEGATIVE_INFINITY : dayOf(w.from), week: w.week }))
      .sort((a, b) => a.from - b.from);
    r = {
      weeks,
      first: s.firstDay ? dayOf(s.firstDay) : Number.NEGATIVE_INFINITY,
      last: s.lastDay ? dayOf(s.lastDay) : Number.POSITIVE_INFINITY,
    };
    ready.set(s, r);
  }
  return r;
}

/** The contract's minutes on `day`. */
export function minutesOn(s: Schedule, day: Day): number {
  const r = prepared(s);
  if (day < r.first || day > r.last) return 0;
  let week = r.weeks[0]?.week;
  for (const w of r.weeks) if (w.from <= day) week = w.week;
  return week?.[weekday(day)] ?? 0;
}

/** The days of `[from, to)` the person's contract has hours on and their calendar no holiday:
 * the working days a time off over them takes away. */
export function contractDays(p: Availability, from: Day, to: Day): number {
  let n = 0;
  for (let d = from; d < to; d++) if (minutesOn(p.schedule, d) > 0 && !p.holidays.has(d)) n++;
  return n;
}

/** The minutes the person can work on `day`. */
export function capacity(p: Availability, day: Day): number {
  const contract = minutesOn(p.schedule, day);
  if (contract === 0 || p.holidays.has(day)) return 0;
  let left = contract;
  for (const a of p.absences)
    if (a.from <= day && day < a.to) left = a.minutes === null ? 0 : Math.max(0, left - a.minutes);
  return left;
}

/** The minutes `b` takes on each day of `[from, to)` it books, in day order; `cap` is the
 * person's capacity on a day (`capacity`, or one read once a day by `loadsOver`). */
export function bookedDays(
  b: Booking,
  p: Availability,
  from: Day,
  to: Day,
  cap: (d: Day) => number = (d) => capacity(p, d),
): [Day, number][] {
  const out: [Day, number][] = [];
  eachBookedDay(b, from, to, cap, (d, m) => out.push([d, m]));
  return out;
}

/** [`bookedDays`] as calls of `f(day, minutes)`, day by day (nothing made for each day). */
export function eachBookedDay(
  b: Booking,
  from: Day,
  to: Day,
  cap: (d: Day) => number,
  f: (d: Day, minutes: number) => void,
): void {
  const start = Math.max(b.from, from);
  const end = Math.min(b.to, to);
  if (start >= end) return;
  const { kind, value } = b.allocation;
  if (kind !== "total") {
    for (let d = start; d < end; d++) {
      const c = cap(d);
      if (c > 0) f(d, kind === "hoursPerDay" ? value : Math.floor((c * value + 50) / 100));
    }
    return;
  }
  // The days it is spread over: its working days, or every day if it has none.
  let over: Day[] = [];
  for (let d = b.from; d < b.to; d++) if (cap(d) > 0) over.push(d);
  if (over.length === 0) over = Array.from({ length: b.to - b.from }, (_, i) => b.from + i);
  const each = Math.floor(value / over.length);
  const rest = value % over.length;
  for (const [i, d] of over.entries()) {
    if (d >= end) break;
    const m = each + (i < rest ? 1 : 0);
    if (d >= start && m > 0) f(d, m);
  }
}

export function dayLevel(capacity: number, booked: number): Level {
  if (booked === 0) return capacity === 0 ? "noCapacity" : "free";
  if (booked > capacity) return "over";
  return booked === capacity ? "full" : "part";
}

/**
 * One person's loads over the days `[from, loadsTo(l))`: four whole minutes a day in one array —
 * capacity, confirmed, tentative and off (`CAPACITY` … `OFF` from `LOAD_STRIDE * (day − from)`).
 * What the rows keep per chunk of days: an object a day was 64 objects a row and chunk, thousands
 * made in a fast-scrolled frame of compact rows and kept as long as the row (BENCHMARKS.md).
 */
export interface Loads {
  from: Day;
  v: Int32Array;
}
export const LOAD_STRIDE = 4;
export const CAPACITY = 0;
export const CONFIRMED = 1;
export const TENTATIVE = 2;
export const OFF = 3;

/** The days `Loads` holds. */
export const loadsTo = (l: Loads): Day => l.from + l.v.length / LOAD_STRIDE;

/** Each day of `[from, to)` for one person with these bookings, as `Loads`. */
export function loadsOver(p: Availability, bookings: readonly Booking[], from: Day, to: Day): Loads {
  const v = new Int32Array(Math.max(0, to - from) * LOAD_STRIDE);
  for (let d = from; d < to; d++) {
    const c = capacity(p, d);
    const i = (d - from) * LOAD_STRIDE;
    v[i + CAPACITY] = c;
    v[i + OFF] = minutesOn(p.schedule, d) - c;
  }
  const cap = (d: Day) =>
    d >= from && d < to ? (v[(d - from) * LOAD_STRIDE + CAPACITY] as number) : capacity(p, d);
  for (const b of bookings) {
    const field = b.status === "tentative" ? TENTATIVE : CONFIRMED;
    eachBookedDay(b, from, to, cap, (d, m) => {
      const k = (d - from) * LOAD_STRIDE + field;
      v[k] = (v[k] as number) + m;
    });
  }
  return { from, v };
}

/** The days `[from, to)` of `l` (all of them by default) as objects, one a day. */
export function dayLoadsOf(l: Loads, from: Day = l.from, to: Day = loadsTo(l)): DayLoad[] {
  const days: DayLoad[] = [];
  const { v } = l;
  for (let d = Math.max(from, l.from); d < Math.min(to, loadsTo(l)); d++) {
    const i = (d - l.from) * LOAD_STRIDE;
    days.push({
      day: d,
      capacity: v[i + CAPACITY] as number,
      confirmed: v[i + CONFIRMED] as number,
      tentative: v[i + TENTATIVE] as number,
      off: v[i + OFF] as number,
    });
  }
  return days;
}

/** Each day of `[from, to)` for one person with these bookings. */
export function dayLoads(p: Availability, bookings: readonly Booking[], from: Day, to: Day): DayLoad[] {
  return dayLoadsOf(loadsOver(p, bookings, from, to));
}

/** `l`'s person's load level on `d` (a day it holds), counting tentative work when `tentative`. */
export function levelOn(l: Loads, d: Day, tentative: boolean): Level {
  const i = (d - l.from) * LOAD_STRIDE;
  const held = (l.v[i + CONFIRMED] as number) + (tentative ? (l.v[i + TENTATIVE] as number) : 0);
  return dayLevel(l.v[i + CAPACITY] as number, held);
}

export const booked = (d: Pick<DayLoad, "confirmed" | "tentative">, tentative: boolean): number =>
  d.confirmed + (tentative ? d.tentative : 0);

/** The sums over a period. */
export interface PeriodLoad {
  capacity: number;
  confirmed: number;
  tentative: number;
  off: number;
  overDays: number;
}

export function periodLoad(days: readonly DayLoad[], tentative: boolean): PeriodLoad {
  const p: PeriodLoad = { capacity: 0, confirmed: 0, tentative: 0, off: 0, overDays: 0 };
  for (const d of days) addDay(p, d.capacity, d.confirmed, d.tentative, d.off, tentative);
  return p;
}

/** [`periodLoad`] of every day `l` holds. */
export function periodLoadOf(l: Loads, tentative: boolean): PeriodLoad {
  const p: PeriodLoad = { capacity: 0, confirmed: 0, tentative: 0, off: 0, overDays: 0 };
  const { v } = l;
  for (let i = 0; i < v.length; i += LOAD_STRIDE)
    addDay(
      p,
      v[i + CAPACITY] as number,
      v[i + CONFIRMED] as number,
      v[i + TENTATIVE] as number,
      v[i + OFF] as number,
      tentative,
    );
  return p;
}

function addDay(p: PeriodLoad, c: number, confirmed: number, held: number, off: number, tentative: boolean) {
  p.capacity += c;
  p.confirmed += confirmed;
  p.tentative += held;
  p.off += off;
  if (dayLevel(c, confirmed + (tentative ? held : 0)) === "over") p.overDays++;
}

/** Booked as a whole percent of capacity, rounded half up; null without capacity. */
export function percentOf(p: PeriodLoad, tentative: boolean): number | null {
  return p.capacity > 0 ? Math.floor((booked(p, tentative) * 200 + p.capacity) / (p.capacity * 2)) : null;
}

export const available = (p: PeriodLoad, tentative: boolean): number =>
  Math.max(0, p.capacity - booked(p, tentative));

/** The period's colour: over if any day is, else by its total. */
export function periodLevel(p: PeriodLoad, tentative: boolean): Level {
  return p.overDays > 0 ? "over" : dayLevel(p.capacity, booked(p, tentative));
}

/** An assignment with its days as numbers, as a row holds it. */
export interface Held {
  start: Day;
  end: Day;
  a: { allocation: AllocationDto; status: StatusDto };
}

/**
 * The days of `[from, to)` on which a person with these assignments is booked beyond their
 * capacity: the overbooked mark (two half days side by side are not over). Counts tentative work
 * when `tentative`.
 */
export function overDays(
  p: Availability,
  held: readonly Held[],
  from: Day,
  to: Day,
  tentative = true,
): Day[] {
  const bookings = held
    .filter((h) => h.end > from && h.start < to)
    .map((h) => ({ from: h.start, to: h.end, allocation: h.a.allocation, status: h.a.status }));
  if (bookings.length === 0) return [];
  const l = loadsOver(p, bookings, from, to);
  const out: Day[] = [];
  for (let d = from; d < to; d++) if (levelOn(l, d, tentative) === "over") out.push(d);
  return out;
}

/** A person of the team's default week with no time off and no holidays (until those are read). */
export const DEFAULT_AVAILABILITY: Availability = { schedule: STANDARD, holidays: new Set(), absences: [] };
