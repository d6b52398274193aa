// The rows shown: the people that pass the filter, each with their bars in lanes, the rows' tops,
// and the rows and bars in view placed in content pixels. `barAt` is the one hit test: which bar
// is at a point of the pane, by the geometry the hit targets are laid out by.
import { type Lang, MESSAGES } from "../i18n";
import type { AssignmentDto, ProjectDto, ResourceDto, TimeOffDto } from "../ipc";
import { ui } from "../lang.svelte";
import type { DateFormat } from "../lib/dateFormat";
import { matches } from "../lib/search";
import { allocationText } from "./allocation";
import { availabilities } from "./capacity.svelte";
import { type Day, dayOf, isWeekend } from "./dates";
import { daysLabel } from "./format";
import { type HeatCell, heatCells, heatUnit } from "./heat";
import { assignLanes, chunkSpans, dayRuns, rowAt, rowTops, type Span, visibleRows } from "./layout";
import { type Availability, type DayLoad, DEFAULT_AVAILABILITY, dayLevel, dayLoads, minutesOn } from "./load";
import { DEFAULT_PERIOD, type PeriodKind, periodDays } from "./period";
import type { Plan } from "./plan.svelte";
import type { Viewport } from "./viewport.svelte";

/** A lane's height and the padding of a row (half above its lanes, half below). */
export const LANE_H = 26;
export const PAD = 10;
/** A bar's height in its lane. */
export const BAR_H = LANE_H - 4;

export type RowBar = Span & { a: AssignmentDto };

/** A person's bars (all loaded) and each bar's lane: what depends on their assignments only. */
export interface Lanes {
  person: ResourceDto;
  bars: RowBar[];
  lane: Map<string, number>;
  lanes: number;
}

/** A person's row: their bars in lanes; when they can work, and their time off (loaded) as spans. */
export interface Row extends Lanes {
  availability: Availability;
  away: (Span & { t: TimeOffDto })[];
}

/** A bar in view, placed: content x, width and top. */
export interface PlacedBar {
  id: string;
  a: AssignmentDto;
  x: number;
  w: number;
  y: number;
}

/** A row in view: its index among the rows, top and height, overbooked days, the days in view
 * they do not work on (beyond the weekends everyone has: holidays of their calendar, days their
 * week has no hours), their time off in view (`partial`: some hours of each day), and bars in view. */
export interface PlacedRow {
  person: ResourceDto;
  index: number;
  top: number;
  height: number;
  over: { from: Day; to: Day }[];
  closed: { from: Day; to: Day }[];
  away: { from: Day; to: Day; partial: boolean }[];
  /** The heatmap's cells in view (issue #17.7; none unless it is on). */
  heat: HeatCell[];
  bars: PlacedBar[];
}

/** A bar found at a point: the assignment, its row's index and its placed x and width. */
export interface Hit {
  a: AssignmentDto;
  row: number;
  x: number;
  w: number;
}

/** Whether two lists hold the same items, by identity, in the same order. */
const sameItems = <T>(a: readonly T[], b: readonly T[], item: (x: T) => unknown): boolean =>
  a.length === b.length && a.every((x, i) => item(x) === item(b[i] as T));

/** Each person's assignments as bars in lanes, in the people's order. A person of `last` with the
 * same person and assignments (the same objects) as now comes back itself. */
export function barLanes(
  people: readonly ResourceDto[],
  assignments: Iterable<AssignmentDto>,
  last: readonly Lanes[] = [],
): Lanes[] {
  const spans = new Map<string, RowBar[]>();
  for (const a of assignments) {
    const list = spans.get(a.resourceId) ?? [];
    list.push({ id: a.id, start: dayOf(a.startDate), end: dayOf(a.endDateExclusive), a });
    spans.set(a.resourceId, list);
  }
  const before = new Map(last.map((r) => [r.person.id, r]));
  return people.map((person) => {
    const bars = spans.get(person.id) ?? [];
    const was = before.get(person.id);
    if (was?.person === person && sameItems(was.bars, bars, (b) => b.a)) return was;
    return { person, bars, ...assignLanes(bars) };
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
    const list = away.get(t.resourceId) ?? [];
    list.push({ id: t.id, start: dayOf(t.startDate), end: dayOf(t.endDateExclusive), t });
    away.set(t.resourceId, list);
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
    return { person: l.person, bars: l.bars, lane: l.lane, lanes: l.lanes, availability, away: off };
  });
}

/** Each person's row (barLanes, then withAvailability), keeping the rows of `last` that did not
 * change. */
export function laneRows(
  people: readonly ResourceDto[],
  assignments: Iterable<AssignmentDto>,
  available: ReadonlyMap<string, Availability> = new Map(),
  timeOff: Iterable<TimeOffDto> = [],
  last: readonly Row[] = [],
): Row[] {
  return withAvailability(barLanes(people, assignments, last), available, timeOff, last);
}

/** Days are worked out in chunks of this many, each once per row (a row is a new object whenever
 * what it holds changes): a scroll lays the rows in view out on most frames, and working out
 * every row's loads each time showed in the frame times. */
const CHUNK = 64;
const loadCache = new WeakMap<Row, Map<number, DayLoad[]>>();
const closedCache = new WeakMap<Row, Map<number, Day[]>>();

/** What `work` finds for each chunk of `[from, to)`, once per row and chunk, kept to `[from, to)`. */
function perChunk<T>(
  cache: WeakMap<Row, Map<number, T[]>>,
  row: Row,
  from: Day,
  to: Day,
  dayOf: (t: T) => Day,
  work: (first: Day, last: Day) => T[],
): T[] {
  let held = cache.get(row);
  if (!held) {
    held = new Map();
    cache.set(row, held);
  }
  const out: T[] = [];
  for (let c = Math.floor(from / CHUNK); c * CHUNK < to; c++) {
    let found = held.get(c);
    if (!found) {
      found = work(c * CHUNK, (c + 1) * CHUNK);
      held.set(c, found);
    }
    for (const t of found) if (dayOf(t) >= from && dayOf(t) < to) out.push(t);
  }
  return out;
}

/** The row's person's day loads over `[from, to)` (capacity, confirmed and tentative minutes). */
export function loadsIn(row: Row, from: Day, to: Day): DayLoad[] {
  return perChunk(
    loadCache,
    row,
    from,
    to,
    (d) => d.day,
    (first, last) => {
      const bookings = row.bars
        .filter((b) => b.end > first && b.start < last)
        .map((b) => ({ from: b.start, to: b.end, allocation: b.a.allocation, status: b.a.status }));
      return dayLoads(row.availability, bookings, first, last);
    },
  );
}

/** The days of `[from, to)` on which the row's person is booked beyond capacity. */
export function overIn(row: Row, from: Day, to: Day, tentative: boolean): Day[] {
  if (row.bars.length === 0) return [];
  return loadsIn(row, from, to)
    .filter((d) => dayLevel(d.capacity, d.confirmed + (tentative ? d.tentative : 0)) === "over")
    .map((d) => d.day);
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
    (d) => d,
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

/** Each person's row index, and each bar's place, by id: what the cursor follows. */
export function indexRows(rows: readonly Lanes[]): {
  person: Map<string, number>;
  bar: Map<string, BarPlace>;
} {
  const person = new Map<string, number>();
  const bar = new Map<string, BarPlace>();
  rows.forEach((r, row) => {
    person.set(r.person.id, row);
    for (const b of r.bars) bar.set(b.id, { row, start: b.start, end: b.end });
  });
  return { person, bar };
}

/** Row `i`'s height, from the rows' tops. */
export const rowHeight = (tops: readonly number[], i: number): number =>
  (tops[i + 1] ?? tops[i] ?? 0) - (tops[i] ?? 0);

/**
 * The rows `[range.first, range.last)`, their overbooked days and their bars within the days
 * `[days.first, days.last)`, placed (content pixels, day `origin` at x = 0, `px` a day).
 */
export function placeRows(
  rows: readonly Row[],
  tops: readonly number[],
  range: { first: number; last: number },
  days: { first: Day; last: Day },
  origin: Day,
  px: number,
  tentative = true,
  heat: { unit: "day" | "week"; weekStart: number } | null = null,
): PlacedRow[] {
  return rows.slice(range.first, range.last).map((row, i) => {
    const index = range.first + i;
    const top = tops[index] ?? 0;
    return {
      person: row.person,
      index,
      top,
      height: rowHeight(tops, index),
      over: dayRuns(overIn(row, days.first, days.last, tentative)),
      closed: dayRuns(closedIn(row, days.first, days.last)),
      away: row.away
        .filter((s) => s.end > days.first && s.start < days.last)
        .map((s) => ({ from: s.start, to: s.end, partial: s.t.minutes !== null })),
      heat: heat
        ? heatCells(
            // Whole weeks around the days laid out, so a week's cell is the same wherever it is cut.
            loadsIn(row, days.first - 7, days.last + 7),
            days.first - 7,
            days.last + 7,
            heat.unit,
            heat.weekStart,
            tentative,
          ).filter((c) => c.to > days.first && c.from < days.last)
        : [],
      bars: row.bars
        .filter((b) => b.end > days.first && b.start < days.last)
        .map((b) =>
          placed(
            b,
            (b.start - origin) * px + 1,
            (b.end - b.start) * px - 2,
            top + PAD / 2 + (row.lane.get(b.id) ?? 0) * LANE_H,
          ),
        ),
    };
  });
}

const placedCache = new WeakMap<RowBar, PlacedBar>();

/** A bar placed at (x, y), w wide: the same object as last time if it is where it was (a scroll
 * lays the rows in view out on most frames; the hit layer then has nothing to update for it). */
function placed(b: RowBar, x: number, w: number, y: number): PlacedBar {
  const last = placedCache.get(b);
  if (last && last.x === x && last.w === w && last.y === y) return last;
  const p = { id: b.id, a: b.a, x, w, y };
  placedCache.set(b, p);
  return p;
}

/** The bar at a point of the pane (content pixels) among the placed rows: the one hit test. */
export function barAt(shown: readonly PlacedRow[], x: number, y: number): Hit | null {
  for (const r of shown) {
    if (y < r.top || y >= r.top + r.height) continue;
    for (const b of r.bars)
      if (x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + BAR_H)
        return { a: b.a, row: r.index, x: b.x, w: b.w };
  }
  return null;
}

/** The placed bar `id` among the placed rows, as a hit. */
export function placedBar(shown: readonly PlacedRow[], id: string): Hit | null {
  for (const r of shown)
    for (const b of r.bars) if (b.id === id) return { a: b.a, row: r.index, x: b.x, w: b.w };
  return null;
}

/** Whether a bar of project `name` fades: a project search is on and it does not match. */
export const fades = (name: string, query: string): boolean => query.trim() !== "" && !matches(name, query);

export class Rows {
  /** The people filter (the name column's search field). */
  filter = $state("");
  /** The project search (the projects panel's): bars of other projects fade. */
  projectQuery = $state("");
  /** Whether tentative work counts in the loads (the overbooked mark; issue #17.2). */
  tentative = $state(true);
  /** The heatmap instead of the bars (issue #17.7). */
  heatmap = $state(false);
  /** The period the rows' figures are for (issue #17.6), and its days. */
  period: PeriodKind = $state(DEFAULT_PERIOD);
  readonly periodDays: { from: Day; to: Day };
  /** Whether part of the period is not loaded (then its figures cannot be told). */
  readonly periodMissing: boolean;
  readonly people: ResourceDto[];
  readonly projects: Record<string, ProjectDto>;
  /** When each person can work, by id. */
  readonly available: Map<string, Availability>;
  /** Each person's bars in lanes. */
  readonly #lanes: Lanes[];
  /** Each person's row: bars in lanes, availability, time off. */
  readonly all: Row[];
  /** Each person's row index and each bar's place, by id. */
  readonly index: { person: Map<string, number>; bar: Map<string, BarPlace> };
  readonly tops: number[];
  readonly #inView: { first: number; last: number };
  readonly #first: number;
  readonly #last: number;
  readonly #range: { first: number; last: number };
  /** The rows in view, their overbooked days and their bars in view, placed (content pixels). */
  readonly shown: PlacedRow[];
  /** Stretches of days the offline copy does not hold (drawn as not loaded). */
  readonly missing: { from: Day; to: Day }[];
  /** Whether part of the days in view is not loaded (then nobody's load can be told). */
  readonly partlyMissing: boolean;

  constructor(plan: Plan, view: Viewport, today: Day = dayOf(new Date().toISOString().slice(0, 10))) {
    this.people = $derived(plan.people.filter((p) => matches(p.name, this.filter)));
    this.projects = $derived(Object.fromEntries(plan.projects.map((p) => [p.id, p])));
    const cap = plan.capacity;
    // Each made from the last one, keeping what did not change (laneRows, availabilities).
    this.available = $derived.by(() => {
      const now = availabilities(
        plan.people,
        cap.defaultWeek,
        Object.values(cap.holidays),
        Object.values(cap.timeOff),
        this.#lastAvailable,
      );
      this.#lastAvailable = now;
      return now;
    });
    // The bars in lanes apart from the rest: a holiday or a time off coming changes no lane, and
    // the rows' places and tops stay as they were.
    this.#lanes = $derived.by(() => {
      const now = barLanes(this.people, Object.values(plan.byId), this.#lastLanes);
      this.#lastLanes = now;
      return now;
    });
    this.all = $derived.by(() => {
      const now = withAvailability(this.#lanes, this.available, Object.values(cap.timeOff), this.#lastRows);
      this.#lastRows = now;
      return now;
    });
    this.index = $derived(indexRows(this.#lanes));
    this.tops = $derived(
      rowTops(
        this.#lanes.map((r) => r.lanes),
        LANE_H,
        PAD,
      ),
    );
    this.#inView = $derived(visibleRows(this.tops, view.scrollTop, view.height, 3));
    this.#first = $derived(this.#inView.first);
    this.#last = $derived(this.#inView.last);
    this.#range = $derived({ first: this.#first, last: this.#last });
    this.shown = $derived(
      placeRows(
        this.all,
        this.tops,
        this.#range,
        view.days,
        view.origin,
        view.px,
        this.tentative,
        this.heatmap ? { unit: heatUnit(view.px), weekStart: ui.dates.weekStart } : null,
      ),
    );
    this.missing = $derived(chunkSpans(plan.missing));
    this.partlyMissing = $derived(
      this.missing.some((r) => r.to > view.days.first && r.from < view.days.last),
    );
    this.periodDays = $derived(periodDays(this.period, today, ui.dates.weekStart));
    this.periodMissing = $derived(
      this.missing.some((r) => r.to > this.periodDays.from && r.from < this.periodDays.to),
    );
  }

  /** The rows' total height. */
  get contentHeight(): number {
    return this.tops[this.tops.length - 1] ?? 0;
  }

  height(i: number): number {
    return rowHeight(this.tops, i);
  }

  /** The row at content height `y` (clamped to the rows). */
  rowAt(y: number): number {
    return rowAt(this.tops, y);
  }

  /** The bar at a point of the pane (content pixels). */
  barAt(x: number, y: number): Hit | null {
    return barAt(this.shown, x, y);
  }

  /** The assignment of bar `id`, among the rows. */
  bar(id: string): AssignmentDto | undefined {
    const at = this.index.bar.get(id);
    return at ? this.all[at.row]?.bars.find((b) => b.id === id)?.a : undefined;
  }

  /** Whether bar `a` fades (another project is searched for). */
  faded(a: AssignmentDto): boolean {
    return fades(this.projects[a.projectId]?.name ?? "", this.projectQuery);
  }

  /** A bar's tooltip: project, person and days, as the language and region write them. */
  tooltip(a: AssignmentDto, lang: Lang, locale: string): string {
    const person = this.all[this.index.person.get(a.resourceId) ?? -1]?.person.name ?? "";
    const days = daysLabel(lang, locale, dayOf(a.startDate), dayOf(a.lastDay));
    return [this.projects[a.projectId]?.name ?? "", person, days, ...terms(a, lang)].join(" · ");
  }

  /** A bar's accessible name: its project and days, as the date fields write them (`dates`), or
   * as `YYYY-MM-DD` (the bar's `data-iso`, which the end-to-end tests read whatever the region). */
  label(a: AssignmentDto, dates?: DateFormat, lang?: Lang): string {
    const project = this.projects[a.projectId]?.name ?? "";
    // Made once an assignment (its objects are replaced, never changed, on every edit), for the
    // project name, region and language it was made for: a scroll lays the bars in view out again
    // and again, and formatting their dates each time showed in the frame times (BENCHMARKS.md).
    const key = `${project}|${dates?.tag ?? ""}|${lang ?? ""}`;
    const held = (dates ? this.#labels : this.#isoLabels).get(a);
    if (held?.key === key) return held.text;
    const day = (iso: string) => (dates ? dates.field(iso) : iso);
    const name = `${project}: ${day(a.startDate)} – ${day(a.lastDay)}`;
    const text = lang ? [name, ...terms(a, lang)].join(", ") : name;
    (dates ? this.#labels : this.#isoLabels).set(a, { key, text });
    return text;
  }
  readonly #labels = new WeakMap<AssignmentDto, { key: string; text: string }>();
  #lastAvailable = new Map<string, Availability>();
  #lastLanes: Lanes[] = [];
  #lastRows: Row[] = [];
  readonly #isoLabels = new WeakMap<AssignmentDto, { key: string; text: string }>();
}

/** What a bar's tooltip and name add after its days: its allocation (unless the whole working
 * day) and "Tentative". */
function terms(a: AssignmentDto, lang: Lang): string[] {
  const allocation = allocationText(a.allocation, lang);
  return [
    ...(allocation ? [allocation] : []),
    ...(a.status === "tentative" ? [MESSAGES[lang].tentative] : []),
  ];
}
