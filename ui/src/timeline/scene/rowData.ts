// Each person's row made from the plan — their bars in lanes, when they can work, their time off —
// kept as the same object while its parts are (a window bringing a holiday or a teammate's edit
// makes only the rows it changes anew), and the loads of a row's days, worked out once per row
// and chunk of days. rows.svelte.ts places the rows in view. Tested in rows.test.ts.
import type { AssignmentDto, PersonDto, TimeOffDto } from "../../ipc";
import { type Day, dayOf, isWeekend } from "../model/dates";
import {
  type Availability,
  type DayLoad,
  DEFAULT_AVAILABILITY,
  dayLoadsOf,
  type Level,
  type Loads,
  levelOn,
  loadsOver,
  loadsTo,
  minutesOn,
} from "../model/load";
import { assignLanes, type Span } from "./layout";

export type RowBar = Span & { a: AssignmentDto };

/** A person's bars (all loaded) and each bar's lane: what depends on their assignments only. */
export interface Lanes {
  person: PersonDto;
  /** The person's assignments the bars were made of (the plan's list of them: the same list
   * while none of theirs changed). */
  items: readonly AssignmentDto[];
  bars: RowBar[];
  lane: Map<string, number>;
  lanes: number;
}

/** A person's row: their bars in lanes; when they can work, and their time off (loaded) as spans. */
export interface Row extends Lanes {
  availability: Availability;
  away: (Span & { t: TimeOffDto })[];
}

/** Whether two lists hold the same items, by identity, in the same order. */
const sameItems = <T>(a: readonly T[], b: readonly T[], item: (x: T) => unknown): boolean =>
  a.length === b.length && a.every((x, i) => item(x) === item(b[i] as T));

/** Assignments by person, each person's in the order given. */
export function byPerson(assignments: Iterable<AssignmentDto>): Map<string, AssignmentDto[]> {
  const lists = new Map<string, AssignmentDto[]>();
  for (const a of assignments) {
    const list = lists.get(a.personId);
    if (list) list.push(a);
    else lists.set(a.personId, [a]);
  }
  return lists;
}

const NONE: readonly AssignmentDto[] = [];

/** Each person's assignments as bars in lanes, in the people's order. `assignments` is the plan's
 * list of each person's (`Shown.byPerson`, a list replaced when one of theirs changes) or any
 * assignments. A person of `last` with the same person and assignments (the same list, or the same
 * objects in it) as now comes back itself, and is worked out at no cost but that look: an edit lays
 * out the lanes of the people it changed, not everyone's. */
export function barLanes(
  people: readonly PersonDto[],
  assignments: Iterable<AssignmentDto> | ReadonlyMap<string, readonly AssignmentDto[]>,
  last: readonly Lanes[] = [],
): Lanes[] {
  const lists: ReadonlyMap<string, readonly AssignmentDto[]> =
    assignments instanceof Map ? assignments : byPerson(assignments as Iterable<AssignmentDto>);
  const before = new Map(last.map((r) => [r.person.id, r]));
  return people.map((person) => {
    const items = lists.get(person.id) ?? NONE;
    const was = before.get(person.id);
    if (was?.person === person && (was.items === items || sameItems(was.items, items, (a) => a))) return was;
    const bars = items.map((a) => ({
      id: a.id,
      start: dayOf(a.startDate),
      end: dayOf(a.endDateExclusive),
      a,
    }));
    return { person, items, bars, ...assignLanes(bars) };
  });
}

/** The people's rows: their bars in lanes with their availability (the team's week with no time
 * off unless given) and their time off. A row of `last` with the same lanes, availability and time
 * off (the same objects) as now comes back itself: what is worked out once per row (its loads, its
 * figures) stays worked out when a window brings what changes other rows only (a holiday of
 * another calendar, a teammate's time off). */
export function withAvailability(
  lanes: readonly Lanes[],
  available: ReadonlyMap<string, Availability> = new Map(),
  timeOff: Iterable<TimeOffDto> = [],
  last: readonly Row[] = [],
): Row[] {
  const away = new Map<string, Row["away"]>();
  for (const t of timeOff) {
    const list = away.get(t.personId) ?? [];
    list.push({ id: t.id, start: dayOf(t.startDate), end: dayOf(t.endDateExclusive), t });
    away.set(t.personId, list);
  }
  const before = new Map(last.map((r) => [r.person.id, r]));
  return lanes.map((l) => {
    const availability = available.get(l.person.id) ?? DEFAULT_AVAILABILITY;
    const off = away.get(l.person.id) ?? [];
    const was = before.get(l.person.id);
    if (
      was?.person === l.person &&
      was.bars === l.bars &&
      was.availability === availability &&
      sameItems(was.away, off, (t) => t.t)
    )
      return was;
    return {
      person: l.person,
      items: l.items,
      bars: l.bars,
      lane: l.lane,
      lanes: l.lanes,
      availability,
      away: off,
    };
  });
}

/** Each person's row (barLanes, then withAvailability), keeping the rows of `last` that did not
 * change. */
export function laneRows(
  people: readonly PersonDto[],
  assignments: Iterable<AssignmentDto>,
  available: ReadonlyMap<string, Availability> = new Map(),
  timeOff: Iterable<TimeOffDto> = [],
  last: readonly Row[] = [],
): Row[] {
  return withAvailability(barLanes(people, assignments, last), available, timeOff, last);
}

/** Days are worked out in chunks of this many, each once per row (a row is a new object whenever
 * what it holds changes): a scroll lays the rows in view out on most frames, and working out
 * every row's loads each time showed in the frame times. A chunk's loads are kept as `Loads`
 * (load.ts: four numbers a day in one array), not an object a day. */
const CHUNK = 64;
const loadCache = new WeakMap<Row, Map<number, Loads>>();
const closedCache = new WeakMap<Row, Map<number, Day[]>>();

/** What `work` finds for the row's chunk `c` (its days `[c · CHUNK, (c + 1) · CHUNK)`), once
 * per row and chunk. */
function inChunk<T>(
  cache: WeakMap<Row, Map<number, T>>,
  row: Row,
  c: number,
  work: (first: Day, last: Day) => T,
): T {
  let held = cache.get(row);
  if (!held) {
    held = new Map();
    cache.set(row, held);
  }
  let found = held.get(c);
  if (found === undefined) {
    found = work(c * CHUNK, (c + 1) * CHUNK);
    held.set(c, found);
  }
  return found;
}

/** What `work` finds for each chunk of `[from, to)`, once per row and chunk, kept to what
 * `keep` lets through. */
function perChunk<T>(
  cache: WeakMap<Row, Map<number, T[]>>,
  row: Row,
  from: Day,
  to: Day,
  keep: (t: T) => boolean,
  work: (first: Day, last: Day) => T[],
): T[] {
  const out: T[] = [];
  for (let c = Math.floor(from / CHUNK); c * CHUNK < to; c++)
    for (const t of inChunk(cache, row, c, work)) if (keep(t)) out.push(t);
  return out;
}

/** The row's person's loads over the chunk `c`. */
const chunkLoads = (row: Row, c: number): Loads =>
  inChunk(loadCache, row, c, (first, last) => {
    const bookings = row.bars
      .filter((b) => b.end > first && b.start < last)
      .map((b) => ({ from: b.start, to: b.end, allocation: b.a.allocation, status: b.a.status }));
    return loadsOver(row.availability, bookings, first, last);
  });

/** The chunks of the row's loads over `[from, to)`, each with the part of it in `[from, to)`. */
function* chunksIn(row: Row, from: Day, to: Day): Generator<{ loads: Loads; from: Day; to: Day }> {
  for (let c = Math.floor(from / CHUNK); c * CHUNK < to; c++)
    yield { loads: chunkLoads(row, c), from: Math.max(from, c * CHUNK), to: Math.min(to, (c + 1) * CHUNK) };
}

/** A chunk's loads as objects, a day each: made for what asks for them (the heatmap's cells, who
 * is free) and kept as long as the chunk is, so the heatmap's rows laid out again as the pane
 * scrolls across make none anew. */
const dayCache = new WeakMap<Loads, DayLoad[]>();

/** The row's person's day loads over `[from, to)` (capacity, confirmed and tentative minutes). */
export function loadsIn(row: Row, from: Day, to: Day): DayLoad[] {
  const out: DayLoad[] = [];
  for (const part of chunksIn(row, from, to)) {
    let days = dayCache.get(part.loads);
    if (!days) {
      days = dayLoadsOf(part.loads);
      dayCache.set(part.loads, days);
    }
    for (const d of days) if (d.day >= part.from && d.day < part.to) out.push(d);
  }
  return out;
}

/** A stretch of days of one load level (compact rows' load strip). */
export interface LevelRun {
  from: Day;
  to: Day;
  level: Level;
}
const stripCache = [new WeakMap<Row, Map<number, LevelRun[]>>(), new WeakMap<Row, Map<number, LevelRun[]>>()];

/**
 * The row's load levels over `[from, to)` as runs of days of one level (a chunk's run ends at the
 * chunk's end): compact rows' load strip. Worked out once per row, chunk and choice of tentative
 * — a scroll lays the rows in view out on most frames, and a cell a day and row was thousands of
 * objects a frame in compact rows.
 */
export function stripIn(row: Row, from: Day, to: Day, tentative: boolean): LevelRun[] {
  return perChunk(
    stripCache[tentative ? 1 : 0] as WeakMap<Row, Map<number, LevelRun[]>>,
    row,
    from,
    to,
    (r) => r.to > from && r.from < to,
    (first) => {
      const runs: LevelRun[] = [];
      const loads = chunkLoads(row, first / CHUNK);
      for (let day = first; day < loadsTo(loads); day++) {
        const level = levelOn(loads, day, tentative);
        const last = runs[runs.length - 1];
        if (last && last.level === level && last.to === day) last.to = day + 1;
        else runs.push({ from: day, to: day + 1, level });
      }
      return runs;
    },
  );
}

/** The days of `[from, to)` on which the row's person is booked beyond capacity. */
export function overIn(row: Row, from: Day, to: Day, tentative: boolean): Day[] {
  if (row.bars.length === 0) return [];
  const out: Day[] = [];
  for (const part of chunksIn(row, from, to))
    for (let d = part.from; d < part.to; d++) if (levelOn(part.loads, d, tentative) === "over") out.push(d);
  return out;
}

/** The days of `[from, to)` the row's person does not work on, weekends with no hours left out
 * (everyone's are shaded already): holidays of their calendar, days their week has no hours, days
 * before their first or after their last working day. */
export function closedIn(row: Row, from: Day, to: Day): Day[] {
  const { schedule, holidays } = row.availability;
  return perChunk(
    closedCache,
    row,
    from,
    to,
    (d) => d >= from && d < to,
    (first, last) => {
      const out: Day[] = [];
      for (let d = first; d < last; d++) {
        const contract = minutesOn(schedule, d);
        if ((contract === 0 && !isWeekend(d)) || (contract > 0 && holidays.has(d))) out.push(d);
      }
      return out;
    },
  );
}

/** Where a bar is among the rows: its row's index and its days `[start, end)`. */
export interface BarPlace {
  row: number;
  start: Day;
  end: Day;
}

/** A bar's place among the rows, by the bar's id. */
export interface BarIndex {
  get(id: string): BarPlace | undefined;
}

/** Each person's row index, and each bar's place by id: what the cursor follows. A bar is looked
 * up in its person's row (`personOf` names a bar's person), the first one when grouped by skill:
 * an index of every bar, made anew at each edit, cost 7 ms of a drop at 50,000 bookings. */
export function indexRows(
  rows: readonly Lanes[],
  personOf: (bar: string) => string | undefined,
): { person: Map<string, number>; bar: BarIndex } {
  const person = new Map<string, number>();
  rows.forEach((r, row) => {
    if (!person.has(r.person.id)) person.set(r.person.id, row);
  });
  const bar: BarIndex = {
    get(id) {
      const who = personOf(id);
      const row = who === undefined ? undefined : person.get(who);
      if (row === undefined) return undefined;
      const b = rows[row]?.bars.find((x) => x.id === id);
      return b && { row, start: b.start, end: b.end };
    },
  };
  return { person, bar };
}
