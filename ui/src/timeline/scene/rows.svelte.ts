// The rows shown: the people that pass the filter, each with their bars in lanes, in sections
// when grouped, ordered, and the rows' tops; the rows in view placed (placement.ts) and what is
// asked of them (the bar at a point, a bar's tooltip and name, who works when).
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
import {
  bookedOnAny,
  NO_FILTER,
  type PeopleFilter,
  passesLabels,
  type RowOrder,
} from "../model/peopleFilter";
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
  rowsByProject,
  type Section,
  type SectionsFigures,
  sameSections,
  sectionsFigures,
  sectionsOf,
  type WeekHours,
} from "../model/sections";
import { daysLabel } from "./format";
import { heatUnit } from "./heat";
import { rowAt, stackRows, visibleRows } from "./layout";
import {
  BAR_H,
  barAt,
  COMPACT_PAD,
  COMPACT_ROW_H,
  type Density,
  type Hit,
  LANE_H,
  PAD,
  type PlacedRow,
  placeRows,
} from "./placement";
import { type BarIndex, barLanes, indexRows, type Lanes, type Row, withAvailability } from "./rowData";
import type { Viewport } from "./viewport.svelte";

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

/** The days sections by role or skill are made for: none (those do not depend on days). */
const NO_DAYS: Span = { from: 0, to: 0 };
/** A section's figures before they are summed (not seen: they are summed with the sections). */
const NO_FIGURES: Figures = { booked: 0, free: 0, capacity: 0, percent: null };

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

/** `xs` of the people `ids`, in that order (those of no one in `xs` left out). */
function ofPeople<T extends { person: PersonDto }>(xs: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(xs.map((x) => [x.person.id, x]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

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
  readonly index: { person: Map<string, number>; bar: BarIndex };
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
      return plan.people.filter(
        (p) =>
          matches(p.name, this.filter) &&
          passesLabels(p, f, from, to) &&
          (f.projects.length === 0 || bookedOnAny(plan.byPerson.get(p.id), f.projects, from, to)),
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
      fromLast<Lanes[]>([], (last) => barLanes(this.#candidates, plan.byPerson, last)),
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
    const grouping = $derived.by(
      fromLast<Section[] | null>(null, (last) => {
        const by = this.grouping;
        if (by === "none") return null;
        const days = by === "group" || by === "project" ? this.periodDays : NO_DAYS;
        const booked = by === "project" ? { projects: plan.projects, byPerson: plan.byPerson } : undefined;
        const made = sectionsOf(this.people, by, plan.labels.list, days, booked);
        // The same sections as last time (an edit moved nobody between them): what is laid out
        // from them stays.
        return last && sameSections(last, made) ? last : made;
      }),
    );
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
    // Where each row shown is among everyone (whose rows and lanes are in the people's order):
    // made when the rows shown change, not at each edit.
    const places = $derived.by(() => {
      if (!shown) return null;
      const at = new Map(this.people.map((p, i) => [p.id, i]));
      return Int32Array.from(shown.ids, (id) => at.get(id) ?? -1);
    });
    const pick = <T extends { person: PersonDto }>(xs: T[]): T[] => {
      if (!shown || !places) return xs;
      // By place, each checked to be its person's (else by id): no map of everyone at each edit.
      const out: T[] = [];
      for (let k = 0; k < places.length; k++) {
        const x = xs[places[k] as number];
        if (x === undefined || x.person.id !== shown.ids[k]) return ofPeople(xs, shown.ids);
        out.push(x);
      }
      return out;
    };
    this.all = $derived(pick(this.everyone));
    this.#lanes = $derived(pick(ordered));
    this.index = $derived(indexRows(this.#lanes, (id) => plan.byId[id]?.personId));
    this.heights = $derived(
      this.#lanes.map((r) =>
        this.density === "compact" ? COMPACT_ROW_H : Math.max(1, r.lanes) * LANE_H + PAD,
      ),
    );
    const sizes = $derived(grouping?.map((s) => (this.collapsed.has(key(s)) ? 0 : s.members.length)) ?? null);
    const stack = $derived(stackRows(this.heights, sizes, SECTION_H[this.density]));
    this.tops = $derived(stack.tops);
    // Each section's figures: summed again only for the sections of the people whose rows changed.
    const summed = $derived.by(
      fromLast<SectionsFigures | null>(null, (last) =>
        grouping ? sectionsFigures(grouping, this.everyone, this.periodDays, this.tentative, last) : null,
      ),
    );
    this.sections = $derived.by(() => {
      if (!grouping) return [];
      return grouping.map((s, i) => ({
        key: key(s),
        section: s,
        people: s.members.length,
        figures: summed?.figures[i] ?? NO_FIGURES,
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
    const rowsOn = $derived(
      this.grouping === "project" ? rowsByProject(this.everyone) : new Map<string, Row[]>(),
    );
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
