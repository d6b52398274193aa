// The rows shown: the people that pass the filter, each with their bars in lanes, the rows' tops,
// and the rows and bars in view placed in content pixels. `barAt` is the one hit test: which bar
// is at a point of the pane, by the geometry the hit targets are laid out by.
import { type Lang, MESSAGES } from "../../i18n";
import type { AssignmentDto, PersonDto, ProjectDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import type { DateFormat } from "../../lib/dateFormat";
import { matches } from "../../lib/search";
import { allocationText } from "../model/allocation";
import { availabilities } from "../model/capacity.svelte";
import { chunkSpans } from "../model/chunks";
import { type Day, dayOf } from "../model/dates";
import { type Availability, capacity } from "../model/load";
import { bookedOn, NO_FILTER, type PeopleFilter, passesLabels, type RowOrder } from "../model/peopleFilter";
import {
  DEFAULT_PERIOD,
  type Figures,
  figures,
  freeMinutes,
  type PeriodKind,
  periodDays,
  type Span,
} from "../model/period";
import type { Plan } from "../model/plan.svelte";
import {
  type Grouping,
  projectWeeks,
  type Section,
  sectionFigures,
  sectionsOf,
  type WeekHours,
} from "../model/sections";
import { daysLabel } from "./format";
import { type HeatCell, heatCells, heatUnit } from "./heat";
import { dayRuns, rowAt, stackRows, visibleRows } from "./layout";
import {
  type BarPlace,
  barLanes,
  closedIn,
  indexRows,
  type Lanes,
  type LevelRun,
  loadsIn,
  overIn,
  type Row,
  type RowBar,
  stripIn,
  withAvailability,
} from "./rowData";
import type { Viewport } from "./viewport.svelte";

/** A lane's height and the padding of a row (half above its lanes, half below). */
export const LANE_H = 26;
export const PAD = 10;
/** A bar's height in its lane. */
export const BAR_H = LANE_H - 4;
/** The compact density: every row one line (its lanes share it, their bars thin), so that over
 * 40 people fit an 800 px-high window. */
export const COMPACT_ROW_H = 16;
export const COMPACT_PAD = 3;
export type Density = "comfortable" | "compact";
/** A section's header above its rows (grouped rows), in each density. */
export const SECTION_H: Record<Density, number> = { comfortable: 28, compact: 20 };

/** A section of grouped rows as laid out: its label (null: the people without one), how many
 * people it holds, their summed figures over the period, whether it is folded away, and its
 * header's top and height (content pixels). */
export interface SectionHeader {
  /** The grouping and the label's id ("" for none): what stays folded. */
  key: string;
  section: Section;
  people: number;
  figures: Figures;
  collapsed: boolean;
  top: number;
  h: number;
}

/** A bar in view, placed: content x, width, top and height. */
export interface PlacedBar {
  id: string;
  a: AssignmentDto;
  x: number;
  w: number;
  y: number;
  h: number;
}

/** A row in view: its index among the rows, top and height, overbooked days, the days in view
 * they do not work on (beyond the weekends everyone has: holidays of their calendar, days their
 * week has no hours), their time off in view (`partial`: some hours of each day), and bars in view. */
export interface PlacedRow {
  person: PersonDto;
  index: number;
  /** What keeps the row's elements as it moves: its person's id, and the section it is in (a
   * person may have a row in several). */
  key: string;
  /** The project view: the project of the row's section (its other work fades); else null. */
  focus: string | null;
  top: number;
  height: number;
  over: { from: Day; to: Day }[];
  closed: { from: Day; to: Day }[];
  away: { from: Day; to: Day; partial: boolean }[];
  /** The heatmap's cells in view (none unless it is on). */
  heat: HeatCell[];
  /** Compact rows' load strip: the levels of the days in view (none in comfortable rows). */
  strip: LevelRun[];
  bars: PlacedBar[];
}

/** A bar found at a point: the assignment, its row's index and its placed x and width. */
export interface Hit {
  a: AssignmentDto;
  row: number;
  x: number;
  w: number;
}

/** The days sections by role or skill are made for: none (those do not depend on days). */
const NO_DAYS: Span = { from: 0, to: 0 };

/**
 * The rows `[range.first, range.last)`, their overbooked days and their bars within the days
 * `[days.first, days.last)`, placed (content pixels, day `origin` at x = 0, `px` a day).
 */
export function placeRows(
  rows: readonly Row[],
  { tops, heights }: { tops: readonly number[]; heights: readonly number[] },
  range: { first: number; last: number },
  days: { first: Day; last: Day },
  origin: Day,
  px: number,
  tentative = true,
  heat: { unit: "day" | "week"; weekStart: number } | null = null,
  density: Density = "comfortable",
  keys: readonly string[] | null = null,
  focus: readonly (string | null)[] | null = null,
  /** The rows placed last time: each comes back itself if nothing it is placed by changed. */
  last: readonly PlacedRow[] = [],
): PlacedRow[] {
  const heatKey = heat ? `${heat.unit}|${heat.weekStart}` : "";
  const before = new Map(last.map((p) => [p.key, p]));
  return rows.slice(range.first, range.last).map((row, i) => {
    const index = range.first + i;
    const top = tops[index] ?? 0;
    // The same row placed as last time while nothing it is placed by changed: a scroll down
    // through the rows keeps all but the rows coming into view (compact rows put four times the
    // plain view's on a screen, and placing each anew every frame showed in a fling's frames).
    const at: PlaceKey = {
      index,
      top,
      height: heights[index] ?? 0,
      first: days.first,
      last: days.last,
      origin,
      px,
      tentative,
      heat: heatKey,
      density,
      key: keys?.[index] ?? row.person.id,
      focus: focus?.[index] ?? null,
    };
    const was = before.get(at.key);
    const held = was && placedBy.get(was);
    if (was && held && held.row === row && samePlace(held.at, at)) return was;
    // Compact: the row's lanes share its one line.
    const compactLane = (COMPACT_ROW_H - COMPACT_PAD) / Math.max(1, row.lanes);
    const [pad, laneH, barH] =
      density === "compact" ? [COMPACT_PAD, compactLane, Math.max(2, compactLane - 1)] : [PAD, LANE_H, BAR_H];
    const placedRow: PlacedRow = {
      person: row.person,
      index,
      key: at.key,
      focus: at.focus,
      top,
      height: at.height,
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
      strip: density === "compact" ? stripIn(row, days.first, days.last, tentative) : [],
      bars: row.bars
        .filter((b) => b.end > days.first && b.start < days.last)
        .map((b) =>
          placed(
            b,
            (b.start - origin) * px + 1,
            (b.end - b.start) * px - 2,
            top + pad / 2 + (row.lane.get(b.id) ?? 0) * laneH,
            barH,
          ),
        ),
    };
    placedBy.set(placedRow, { row, at });
    return placedRow;
  });
}

/** What a row is placed by (placeRows): the same, the same placed row. */
interface PlaceKey {
  index: number;
  top: number;
  height: number;
  first: Day;
  last: Day;
  origin: Day;
  px: number;
  tentative: boolean;
  heat: string;
  density: Density;
  key: string;
  focus: string | null;
}
const samePlace = (a: PlaceKey, b: PlaceKey): boolean =>
  a.index === b.index &&
  a.top === b.top &&
  a.height === b.height &&
  a.first === b.first &&
  a.last === b.last &&
  a.origin === b.origin &&
  a.px === b.px &&
  a.tentative === b.tentative &&
  a.heat === b.heat &&
  a.density === b.density &&
  a.key === b.key &&
  a.focus === b.focus;
/** What each placed row was placed from and by (a row object is made anew whenever what it
 * holds changes): kept as long as the placed row is (the rows in view, the last time). */
const placedBy = new WeakMap<PlacedRow, { row: Row; at: PlaceKey }>();

const placedCache = new WeakMap<RowBar, PlacedBar>();

/** A bar placed at (x, y), w wide: the same object as last time if it is where it was (a scroll
 * lays the rows in view out on most frames; the hit layer then has nothing to update for it). */
function placed(b: RowBar, x: number, w: number, y: number, h: number): PlacedBar {
  const last = placedCache.get(b);
  if (last && last.x === x && last.w === w && last.y === y && last.h === h) return last;
  const p = { id: b.id, a: b.a, x, w, y, h };
  placedCache.set(b, p);
  return p;
}

/** The bar at a point of the pane (content pixels) among the placed rows: the one hit test. */
export function barAt(shown: readonly PlacedRow[], x: number, y: number): Hit | null {
  for (const r of shown) {
    if (y < r.top || y >= r.top + r.height) continue;
    for (const b of r.bars)
      if (x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h)
        return { a: b.a, row: r.index, x: b.x, w: b.w };
  }
  return null;
}

/** The placed bar `id` among the placed rows, as a hit: in row `row` if given (a person in two
 * sections has each bar twice), else the first. */
export function placedBar(shown: readonly PlacedRow[], id: string, row?: number): Hit | null {
  for (const r of shown) {
    if (row !== undefined && r.index !== row) continue;
    for (const b of r.bars) if (b.id === id) return { a: b.a, row: r.index, x: b.x, w: b.w };
  }
  return null;
}

/** A value made from the one made before (`make(last)`, starting from `first`): for a derived
 * value that keeps what did not change. */
export function fromLast<T>(first: T, make: (last: T) => T): () => T {
  let last = first;
  return () => {
    last = make(last);
    return last;
  };
}

/** Whether a bar of project `name` fades: a project search is on and it does not match. */
export const fades = (name: string, query: string): boolean => query.trim() !== "" && !matches(name, query);

export class Rows {
  /** The people filter (the name column's search field). */
  filter = $state("");
  /** The people filter's other conditions: group, role, skills, project, free hours. */
  peopleFilter: PeopleFilter = $state.raw(NO_FILTER);
  /** The rows' order: by name, or by their figures over the period (most booked or most free first). */
  sort: RowOrder = $state("name");
  /** What the rows are grouped by (each section keeps the order). */
  grouping: Grouping = $state("none");
  /** The sections folded away, by `SectionHeader.key`. */
  collapsed: ReadonlySet<string> = $state.raw(new Set());
  /** Comfortable (a lane a bar, names with their role and group) or compact (a line a person). */
  density: Density = $state("comfortable");
  /** The project search (the projects panel's): bars of other projects fade. */
  projectQuery = $state("");
  /** Whether tentative work counts in the loads (the overbooked mark). */
  tentative = $state(true);
  /** The heatmap instead of the bars. */
  heatmap = $state(false);
  /** The period the rows' figures are for, and its days. */
  period: PeriodKind = $state(DEFAULT_PERIOD);
  /** The days picked for the period `custom` (`[from, to)`), once picked. */
  customPeriod: Span | null = $state.raw(null);
  readonly periodDays: { from: Day; to: Day };
  /** Whether part of the period is not loaded (then its figures cannot be told). */
  readonly periodMissing: boolean;
  /** The people shown: those that pass the name search and the people filter. */
  readonly people: PersonDto[];
  /** The people the name search and the filter's group, role, skill and project conditions let
   * through (the free hours are told from their rows). */
  readonly #candidates: PersonDto[];
  readonly projects: Record<string, ProjectDto>;
  /** When each person can work, by id. */
  readonly available: Map<string, Availability>;
  /** Each candidate's bars in lanes, and of those shown. */
  readonly #allLanes: Lanes[];
  readonly #lanes: Lanes[];
  /** Each candidate's row: bars in lanes, availability, time off. */
  readonly #rows: Row[];
  /** Each person that passes the filter, once, in order, with their row (a folded section's
   * people too): who is free reads these. */
  readonly everyone: Row[];
  /** Each row shown, in order: a person in each section they are in, none of a folded one. */
  readonly all: Row[];
  /** The sections of grouped rows, in order, laid out (none without a grouping). */
  readonly sections: SectionHeader[];
  /** The sections whose header is in view (or near it). */
  readonly sectionsShown: SectionHeader[];
  /** The project view: the hours of each shown section's project, week by week over the days
   * laid out, by `SectionHeader.key`. */
  readonly sectionWeeks: Map<string, WeekHours[]>;
  /** Each person's row index and each bar's place, by id. */
  readonly index: { person: Map<string, number>; bar: Map<string, BarPlace> };
  readonly tops: number[];
  readonly heights: number[];
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
    this.#candidates = $derived.by(() => {
      const f = this.peopleFilter;
      // The period read only when a condition needs it (the days in view change as one scrolls).
      const { from, to } = f.groups.length || f.projects.length ? this.periodDays : { from: 0, to: 0 };
      const booked = f.projects.length ? bookedOn(Object.values(plan.byId), f.projects, from, to) : null;
      return plan.people.filter(
        (p) =>
          matches(p.name, this.filter) &&
          passesLabels(p, f, from, to) &&
          (booked === null || booked.has(p.id)),
      );
    });
    this.projects = $derived(Object.fromEntries(plan.projects.map((p) => [p.id, p])));
    const cap = plan.capacity;
    // Each made from the last one, keeping what did not change (availabilities, barLanes,
    // withAvailability). The bars in lanes apart from the rest: a holiday or a time off coming
    // changes no lane, and the rows' places and tops stay as they were.
    this.available = $derived.by(
      fromLast(new Map<string, Availability>(), (last) =>
        availabilities(
          plan.people,
          cap.defaultWeek,
          Object.values(cap.holidays),
          Object.values(cap.timeOff),
          last,
        ),
      ),
    );
    this.#allLanes = $derived.by(
      fromLast<Lanes[]>([], (last) => barLanes(this.#candidates, Object.values(plan.byId), last)),
    );
    this.#rows = $derived.by(
      fromLast<Row[]>([], (last) =>
        withAvailability(this.#allLanes, this.available, Object.values(cap.timeOff), last),
      ),
    );
    // Free at least N hours over the period: told from each candidate's row, then the rows and
    // their lanes kept together.
    // Free at least N hours over the period, and the order by load or free hours: told from each
    // candidate's row, then the rows, their lanes and their people kept and ordered together
    // (none of it while neither is asked: the rows as they are, by name).
    const order = $derived.by((): string[] | null => {
      const [hours, sort] = [this.peopleFilter.freeHours, this.sort];
      if (hours === null && sort === "name") return null;
      const { from, to } = this.periodDays;
      const of = (r: Row) => figures(r, from, to, this.tentative);
      // A placeholder is nobody's free time and nobody's load: never free enough, last in both
      // orders.
      const free = (r: Row) => (r.person.placeholder ? -1 : of(r).free);
      const load = (r: Row) => (r.person.placeholder ? -2 : (of(r).percent ?? -1));
      let kept = hours === null ? this.#rows : this.#rows.filter((r) => free(r) >= hours * 60);
      // (A stable sort: people of the same figure stay by name.)
      if (sort === "free") kept = [...kept].sort((a, b) => free(b) - free(a));
      if (sort === "load") kept = [...kept].sort((a, b) => load(b) - load(a));
      return kept.map((r) => r.person.id);
    });
    const inOrder = <T>(xs: T[], id: (x: T) => string): T[] => {
      if (order === null) return xs;
      const byId = new Map(xs.map((x) => [id(x), x]));
      return order.flatMap((i) => byId.get(i) ?? []);
    };
    this.everyone = $derived(inOrder(this.#rows, (r) => r.person.id));
    const ordered = $derived(inOrder(this.#allLanes, (l) => l.person.id));
    this.people = $derived(inOrder(this.#candidates, (p) => p.id));
    // Grouped: each section's people (by group: on the period's days, read only then), and the
    // rows shown — the same list as last time while nobody moved between sections or folds.
    const grouping = $derived.by((): Section[] | null => {
      const by = this.grouping;
      if (by === "none") return null;
      const days = by === "group" || by === "project" ? this.periodDays : NO_DAYS;
      const booked =
        by === "project" ? { projects: plan.projects, bookings: Object.values(plan.byId) } : undefined;
      return sectionsOf(this.people, by, plan.labels.list, days, booked);
    });
    const key = (s: Section) => `${this.grouping}:${s.key}`;
    // Each row shown: its person, its key (section and person) and, in the project view, the
    // project of its section (the row's other work fades).
    const shown = $derived.by(
      fromLast<{ ids: string[]; keys: string[]; focus: (string | null)[] } | null>(null, (last) => {
        if (!grouping) return null;
        const open = grouping.filter((s) => !this.collapsed.has(key(s)));
        const ids = open.flatMap((s) => s.members.map((m) => m.id));
        const keys = open.flatMap((s) => s.members.map((m) => `${key(s)}/${m.id}`));
        const focus = open.flatMap((s) => s.members.map(() => s.project?.id ?? null));
        const same = last && last.keys.length === keys.length && last.keys.every((k, i) => k === keys[i]);
        return same ? last : { ids, keys, focus };
      }),
    );
    const pick = <T extends { person: PersonDto }>(xs: T[]): T[] => {
      if (!shown) return xs;
      const byId = new Map(xs.map((x) => [x.person.id, x]));
      return shown.ids.flatMap((id) => byId.get(id) ?? []);
    };
    this.all = $derived(pick(this.everyone));
    this.#lanes = $derived(pick(ordered));
    this.index = $derived(indexRows(this.#lanes));
    this.heights = $derived(
      this.#lanes.map((r) =>
        this.density === "compact" ? COMPACT_ROW_H : Math.max(1, r.lanes) * LANE_H + PAD,
      ),
    );
    const sizes = $derived(grouping?.map((s) => (this.collapsed.has(key(s)) ? 0 : s.members.length)) ?? null);
    const stack = $derived(stackRows(this.heights, sizes, SECTION_H[this.density]));
    this.tops = $derived(stack.tops);
    this.sections = $derived.by(() => {
      if (!grouping) return [];
      const rowOf = new Map(this.everyone.map((r) => [r.person.id, r]));
      const period = this.periodDays;
      return grouping.map((s, i) => ({
        key: key(s),
        section: s,
        people: s.members.length,
        figures: sectionFigures(s, (id) => rowOf.get(id), period, this.tentative),
        collapsed: this.collapsed.has(key(s)),
        top: stack.headers[i] ?? 0,
        h: SECTION_H[this.density],
      }));
    });
    this.#inView = $derived(visibleRows(this.tops, view.scrollTop, view.height, 3));
    this.#first = $derived(this.#inView.first);
    this.#last = $derived(this.#inView.last);
    this.#range = $derived({ first: this.#first, last: this.#last });
    // The headers between the rows in view (with their overscan), and those of folded sections
    // there: made again only when a row comes into view or the sections change.
    this.sectionsShown = $derived.by(() => {
      const [top, bottom] = [this.tops[this.#first] ?? 0, this.tops[this.#last] ?? 0];
      const lastRow = this.#last >= this.all.length;
      return this.sections.filter(
        (s) => s.top + s.h >= top - view.height && (lastRow || s.top <= bottom + view.height),
      );
    });
    this.shown = $derived.by(
      fromLast<PlacedRow[]>([], (last) =>
        placeRows(
          this.all,
          { tops: this.tops, heights: this.heights },
          this.#range,
          view.days,
          view.origin,
          view.px,
          this.tentative,
          this.heatmap ? { unit: heatUnit(view.px), weekStart: ui.dates.weekStart } : null,
          this.density,
          shown?.keys ?? null,
          shown?.focus ?? null,
          last,
        ),
      ),
    );
    // The project view: each project's hours in each week of the days laid out, over everyone
    // shown (its header's band says them).
    // The rows with a bar of each project (made again only when the rows change, not as one
    // scrolls): a week's sum reads those alone.
    const rowsOn = $derived.by(() => {
      const out = new Map<string, Row[]>();
      if (this.grouping !== "project") return out;
      for (const r of this.everyone)
        for (const id of new Set(r.bars.map((b) => b.a.projectId))) {
          const list = out.get(id) ?? [];
          list.push(r);
          out.set(id, list);
        }
      return out;
    });
    this.sectionWeeks = $derived.by(() => {
      const out = new Map<string, WeekHours[]>();
      if (this.grouping !== "project") return out;
      const { first, last } = view.days;
      for (const s of this.sectionsShown) {
        const id = s.section.project?.id;
        if (id) out.set(s.key, projectWeeks(id, rowsOn.get(id) ?? [], first, last, ui.dates.weekStart));
      }
      return out;
    });
    this.missing = $derived(chunkSpans(plan.missing));
    this.partlyMissing = $derived(
      this.missing.some((r) => r.to > view.days.first && r.from < view.days.last),
    );
    // The same object while the days are the same: the grouping, the sections' figures and the
    // orders read it, and a period not of the days in view must not follow the scroll (it did:
    // every frame of a fling grouped the rows again, BENCHMARKS.md).
    this.periodDays = $derived.by(
      fromLast<Span>({ from: 0, to: 0 }, (last) => {
        const days = periodDays(this.period, today, ui.dates.weekStart, {
          inView: this.period === "inView" ? { from: view.viewFrom, to: view.viewTo } : undefined,
          custom: this.customPeriod,
        });
        return days.from === last.from && days.to === last.to ? last : days;
      }),
    );
    this.periodMissing = $derived(
      this.missing.some((r) => r.to > this.periodDays.from && r.from < this.periodDays.to),
    );
  }

  /** The top of a row's bars (below half its padding) and a bar's height when it is the row's
   * only lane (a dragged bar's ghost). */
  get barBox(): { pad: number; h: number } {
    return this.density === "compact"
      ? { pad: COMPACT_PAD, h: COMPACT_ROW_H - COMPACT_PAD - 1 }
      : { pad: PAD, h: BAR_H };
  }

  /** The rows' total height. */
  get contentHeight(): number {
    return this.tops[this.tops.length - 1] ?? 0;
  }

  height(i: number): number {
    return this.heights[i] ?? 0;
  }

  /** Whether person `personId` works day `d` (their week, holidays, time off). */
  works(personId: string): (d: Day) => boolean {
    const av = this.available.get(personId);
    return (d) => av !== undefined && capacity(av, d) > 0;
  }

  /** Person `personId`'s free minutes over days `[from, to)` (booking `without` left out), or null
   * for a placeholder (nobody's free time) or someone not shown. */
  freeOver(personId: string, from: Day, to: Day, without?: string): number | null {
    const row = this.everyone.find((r) => r.person.id === personId);
    return !row || row.person.placeholder ? null : freeMinutes(row, from, to, this.tentative, without);
  }

  /** Folds a section away, or opens it again. */
  toggle(key: string): void {
    const next = new Set(this.collapsed);
    if (!next.delete(key)) next.add(key);
    this.collapsed = next;
  }

  /** The section whose header is at content height `y`, if one is. */
  sectionAt(y: number): SectionHeader | null {
    return this.sections.find((s) => y >= s.top && y < s.top + s.h) ?? null;
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
    const person = this.all[this.index.person.get(a.personId) ?? -1]?.person.name ?? "";
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
  readonly #isoLabels = new WeakMap<AssignmentDto, { key: string; text: string }>();
}

/** What a bar's tooltip and name add after its days: its allocation (unless the whole working
 * day), "Tentative", and "Repeated" for a booking of a series. */
function terms(a: AssignmentDto, lang: Lang): string[] {
  const allocation = allocationText(a.allocation, lang);
  return [
    ...(allocation ? [allocation] : []),
    ...(a.status === "tentative" ? [MESSAGES[lang].tentative] : []),
    ...(a.series ? [MESSAGES[lang].repeated] : []),
  ];
}
