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
 * person's capacity on a day (`capacity`, or one read once a day by `dayLoads`). */
export function bookedDays(
  b: Booking,
  p: Availability,
  from: Day,
  to: Day,
  cap: (d: Day) => number = (d) => capacity(p, d),
): [Day, number][] {
  const start = Math.max(b.from, from);
  const end = Math.min(b.to, to);
  const out: [Day, number][] = [];
  if (start >= end) return out;
  const { kind, value } = b.allocation;
  if (kind !== "total") {
    for (let d = start; d < end; d++) {
      const c = cap(d);
      if (c > 0) out.push([d, kind === "hoursPerDay" ? value : Math.floor((c * value + 50) / 100)]);
    }
    return out;
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
    if (d >= start && m > 0) out.push([d, m]);
  }
  return out;
}

export function dayLevel(capacity: number, booked: number): Level {
  if (booked === 0) return capacity === 0 ? "noCapacity" : "free";
  if (booked > capacity) return "over";
  return booked === capacity ? "full" : "part";
}

/** Each day of `[from, to)` for one person with these bookings. */
export function dayLoads(p: Availability, bookings: readonly Booking[], from: Day, to: Day): DayLoad[] {
  const days: DayLoad[] = [];
  for (let d = from; d < to; d++) {
    const c = capacity(p, d);
    days.push({ day: d, capacity: c, confirmed: 0, tentative: 0, off: minutesOn(p.schedule, d) - c });
  }
  const cap = (d: Day) => days[d - from]?.capacity ?? capacity(p, d);
  for (const b of bookings)
    for (const [d, m] of bookedDays(b, p, from, to, cap)) {
      const slot = days[d - from];
      if (!slot) continue;
      if (b.status === "tentative") slot.tentative += m;
      else slot.confirmed += m;
    }
  return days;
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
  for (const d of days) {
    p.capacity += d.capacity;
    p.confirmed += d.confirmed;
    p.tentative += d.tentative;
    p.off += d.off;
    if (dayLevel(d.capacity, booked(d, tentative)) === "over") p.overDays++;
  }
  return p;
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
  return dayLoads(p, bookings, from, to)
    .filter((d) => dayLevel(d.capacity, booked(d, tentative)) === "over")
    .map((d) => d.day);
}

/** A person of the team's default week with no time off and no holidays (until those are read). */
export const DEFAULT_AVAILABILITY: Availability = { schedule: STANDARD, holidays: new Set(), absences: [] };
