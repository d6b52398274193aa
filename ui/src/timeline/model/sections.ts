// Rows grouped by the people's group, role or skill, or by project (the project view): which
// people each section holds and, for a group, on which days of the period they are in it (someone
// who moves on a day is in both groups, each counting only its own days), a section's summed
// figures over the period, and a project's hours week by week.
// Pure: the rows (scene/rows.svelte.ts) lay the sections out; tested in sections.test.ts.
import type { AssignmentDto, LabelDto, PersonDto, ProjectDto } from "../../ipc";
import { type Day, dayOf, weekday } from "./dates";
import { type Availability, bookedDays } from "./load";
import { projectsIn } from "./peopleFilter";
import { type Figures, figures, type PeriodRow, type Span, sumFigures } from "./period";

/** What the rows are grouped by: nothing, the group (on the period's days), the role, a skill, or
 * the projects they are booked on in the period (the project view). */
export type Grouping = "none" | "group" | "role" | "skill" | "project";
export const GROUPINGS: Grouping[] = ["none", "group", "role", "skill", "project"];

/** A member of a section: the person, and the days of the period they count in it (null: all). */
export interface Member {
  id: string;
  days: Span[] | null;
}

/** A section: a label's people, a project's (the project view), or (both null) the people
 * without one of that kind. */
export interface Section {
  by: Exclude<Grouping, "none">;
  /** The label's or project's id; "" for the people without one. */
  key: string;
  label: LabelDto | null;
  project?: ProjectDto | null;
  members: Member[];
}

/** What the project view's sections are made of: the team's projects and each person's bookings
 * held (the plan's lists: the same list while none of that person's changed). */
export interface ProjectsBooked {
  projects: readonly ProjectDto[];
  byPerson: ReadonlyMap<string, readonly AssignmentDto[]>;
}

/**
 * The days of `[from, to)` that `person` is in each group (`null`: in none), in the order of their
 * history: the last change on or before a day says the group of that day.
 */
export function groupDays(person: PersonDto, from: Day, to: Day): { groupId: string | null; days: Span }[] {
  const spells = person.groups ?? [];
  const out: { groupId: string | null; days: Span }[] = [];
  // Before the first change with a day: the group from the start, or none.
  const starts = spells.map((s) => (s.from === undefined ? Number.NEGATIVE_INFINITY : dayOf(s.from)));
  if (starts[0] !== Number.NEGATIVE_INFINITY)
    out.push({ groupId: null, days: { from, to: Math.min(to, starts[0] ?? to) } });
  spells.forEach((s, i) => {
    const start = Math.max(from, starts[i] ?? from);
    const end = Math.min(to, starts[i + 1] ?? Number.POSITIVE_INFINITY);
    out.push({ groupId: s.groupId ?? null, days: { from: start, to: end } });
  });
  return out.filter((g) => g.days.to > g.days.from);
}

/**
 * The sections of `people` (in their order, which each section keeps) grouped `by`: one a label of
 * that kind (in the lists' order) that someone carries, then the people without one. Grouped by
 * group, over the days `[from, to)` of `period` (a person is in each group they are in on one of
 * them); by skill, a person with three skills is in three sections.
 */
export function sectionsOf(
  people: readonly PersonDto[],
  by: Exclude<Grouping, "none">,
  labels: readonly LabelDto[],
  period: Span,
  booked: ProjectsBooked = { projects: [], byPerson: new Map() },
): Section[] {
  if (by === "project") return projectSections(people, booked, period);
  const known = labels.filter((l) => l.kind === by);
  const byKey = new Map<string, Member[]>([...known.map((l): [string, Member[]] => [l.id, []]), ["", []]]);
  const add = (key: string | null | undefined, id: string, days: Span[] | null) => {
    // A label this window does not know (deleted meanwhile): as none.
    const list = byKey.get(key ?? "") ?? byKey.get("");
    const held = list?.at(-1);
    if (held?.id === id && held.days && days) held.days.push(...days);
    else list?.push({ id, days });
  };
  for (const p of people) {
    if (by === "role") add(p.roleId, p.id, null);
    else if (by === "skill") {
      const skills = (p.skillIds ?? []).filter((s) => s !== "" && byKey.has(s));
      if (skills.length === 0) add("", p.id, null);
      for (const s of skills) add(s, p.id, null);
    } else for (const g of groupDays(p, period.from, period.to)) add(g.groupId, p.id, [g.days]);
  }
  return [...known, null]
    .map((label) => ({ by, key: label?.id ?? "", label, members: byKey.get(label?.id ?? "") ?? [] }))
    .filter((s) => s.members.length > 0);
}

/** A section's figures over `period`: its members' over the days they are in it, summed (free
 * hours are each person's own: one person's overtime does not make another's free time less).
 * Placeholders' hours are demand, in nobody's load: left out. */
export function sectionFigures(
  section: Section,
  rowOf: (id: string) => (PeriodRow & { person?: { placeholder?: boolean } }) | undefined,
  period: Span,
  tentative: boolean,
): Figures {
  const parts: Figures[] = [];
  for (const m of section.members) {
    const row = rowOf(m.id);
    if (row) parts.push(memberFigures(row, m, period, tentative));
  }
  return sumFigures(parts, tentative);
}

/** A row as the sections' figures read it: its person's and what the period's figures need. */
export type FiguresRow = PeriodRow & { person: { id: string; placeholder?: boolean } };

/** What `sectionsFigures` was given and gave, for its next call. */
export interface SectionsFigures {
  sections: readonly Section[];
  rows: readonly FiguresRow[];
  period: Span;
  tentative: boolean;
  figures: readonly Figures[];
}

/**
 * Each section's figures over `period` (`sectionFigures`), from the rows (everyone's, one a
 * person). Given what the call before gave (`last`) for the same sections, period and choice,
 * only the people whose row is another object than then are looked at: their figures before are
 * taken from their sections' sums and their figures now added (minutes add up exactly). After an
 * edit, which makes one person's row anew, that is a few sums, where every member of every
 * section was summed again (18,000 rows' figures in the project view at 2,500 people:
 * BENCHMARKS.md).
 */
export function sectionsFigures(
  sections: readonly Section[],
  rows: readonly FiguresRow[],
  period: Span,
  tentative: boolean,
  last: SectionsFigures | null,
): SectionsFigures {
  const kept =
    last !== null &&
    last.sections === sections &&
    last.period.from === period.from &&
    last.period.to === period.to &&
    last.tentative === tentative;
  const changed = kept ? changedRows(last.rows, rows) : null;
  // Half the rows or more changed (a window of days loaded for everyone): summed anew, which is
  // less work than taking out and putting in each of them.
  if (!kept || changed === null || changed.length * 2 >= rows.length) {
    const rowOf = new Map(rows.map((r) => [r.person.id, r]));
    const figures = sections.map((s) => sectionFigures(s, (id) => rowOf.get(id), period, tentative));
    return { sections, rows, period, tentative, figures };
  }
  if (changed.length === 0) return { ...last, rows };
  const sums = last.figures.map((f) => ({ ...f }));
  const places = membersOf(sections);
  for (const { before, now } of changed)
    for (const { section, member } of places.get(now.person.id) ?? []) {
      const sum = sums[section];
      if (!sum) continue;
      const [was, is] = [
        memberFigures(before, member, period, tentative),
        memberFigures(now, member, period, tentative),
      ];
      sum.booked += is.booked - was.booked;
      sum.free += is.free - was.free;
      sum.capacity += is.capacity - was.capacity;
    }
  const figures = sums.map((f, i) => {
    const before = last.figures[i] as Figures;
    const same = f.booked === before.booked && f.free === before.free && f.capacity === before.capacity;
    return same ? before : sumFigures([f], tentative);
  });
  return { sections, rows, period, tentative, figures };
}

/** A member's figures over the days they count in their section (none for a placeholder). */
function memberFigures(
  row: PeriodRow & { person?: { placeholder?: boolean } },
  m: Member,
  period: Span,
  tentative: boolean,
): Figures {
  if (row.person?.placeholder) return sumFigures([], tentative);
  if (m.days === null) return figures(row, period.from, period.to, tentative);
  return sumFigures(
    m.days.map((d) => figures(row, d.from, d.to, tentative)),
    tentative,
  );
}

const memberPlaces = new WeakMap<readonly Section[], Map<string, { section: number; member: Member }[]>>();

/** Where each person is a member: their sections (by index) and their entry there. Made once
 * for a list of sections. */
function membersOf(sections: readonly Section[]): Map<string, { section: number; member: Member }[]> {
  let out = memberPlaces.get(sections);
  if (out) return out;
  out = new Map();
  for (const [section, s] of sections.entries())
    for (const member of s.members) {
      const list = out.get(member.id);
      if (list) list.push({ section, member });
      else out.set(member.id, [{ section, member }]);
    }
  memberPlaces.set(sections, out);
  return out;
}

/** The rows that are not the objects they were in `before`, with the row each replaced; null when
 * the rows are not those of the same people in the same order. */
function changedRows(
  before: readonly FiguresRow[],
  now: readonly FiguresRow[],
): { before: FiguresRow; now: FiguresRow }[] | null {
  if (before.length !== now.length) return null;
  const out: { before: FiguresRow; now: FiguresRow }[] = [];
  for (let i = 0; i < now.length; i++) {
    const [b, n] = [before[i], now[i]];
    if (b === n) continue;
    if (!b || !n || b.person.id !== n.person.id) return null;
    out.push({ before: b, now: n });
  }
  return out;
}

/**
 * The project view's sections: each project (in the team's order) with the people booked on it on
 * some day of the period, then the people booked on none; a person on three projects is in
 * three sections.
 */
function projectSections(people: readonly PersonDto[], booked: ProjectsBooked, period: Span): Section[] {
  // Each person's projects in the period, kept with their list of bookings (peopleFilter.ts,
  // projectsIn): an edit looks again at the people it touched only. The same people on the same
  // projects as last time (an edit that moved nobody between projects): the sections made then.
  const on = people.map((x) => projectsIn(booked.byPerson.get(x.id) ?? NONE, period.from, period.to));
  const kept = lastProjectSections.get(people);
  if (
    kept &&
    kept.projects === booked.projects &&
    kept.on.length === on.length &&
    kept.on.every((ids, i) => sameIds(ids, on[i] as readonly string[]))
  )
    return kept.sections;
  const members = new Map<string, Member[]>(booked.projects.map((p) => [p.id, []]));
  const idle: Member[] = [];
  people.forEach((x, i) => {
    let somewhere = false;
    for (const id of on[i] ?? []) {
      const list = members.get(id);
      list?.push({ id: x.id, days: null });
      somewhere ||= list !== undefined;
    }
    if (!somewhere) idle.push({ id: x.id, days: null });
  });
  const sections: Section[] = booked.projects.map((p) => ({
    by: "project",
    key: p.id,
    label: null,
    project: p,
    members: members.get(p.id) ?? [],
  }));
  const made = [
    ...sections,
    { by: "project" as const, key: "", label: null, project: null, members: idle },
  ].filter((s) => s.members.length > 0);
  lastProjectSections.set(people, { projects: booked.projects, on, sections: made });
  return made;
}
/** The project view's sections made last for a list of people: the team's projects, each
 * person's projects in the period (`on`: the sections depend on nothing else, so another period
 * that puts everyone on the same projects gives the same sections) and the sections. */
const lastProjectSections = new WeakMap<
  readonly PersonDto[],
  { projects: readonly ProjectDto[]; on: readonly (readonly string[])[]; sections: Section[] }
>();
const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
const NONE: readonly AssignmentDto[] = [];

/** Whether two groupings hold the same sections: the same labels or projects (the same objects:
 * a rename makes a new one) with the same members on the same days, in the same order. An edit
 * that moves nobody between sections keeps the rows' layout (rows.svelte.ts). */
export function sameSections(a: readonly Section[], b: readonly Section[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((s, i) => {
        const t = b[i];
        return (
          t !== undefined &&
          s.key === t.key &&
          s.label === t.label &&
          s.project === t.project &&
          s.members.length === t.members.length &&
          s.members.every((m, j) => {
            const n = t.members[j];
            return n !== undefined && m.id === n.id && sameDays(m.days, n.days);
          })
        );
      }))
  );
}

const sameDays = (a: Span[] | null, b: Span[] | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.length === b.length &&
    a.every((d, i) => d.from === b[i]?.from && d.to === b[i]?.to));

const barProjects = new WeakMap<readonly { a: AssignmentDto }[], readonly string[]>();

/** The rows with a bar of each project, by project id. A row's projects are kept with its list of
 * bars (a row keeps its list while none of its bookings changed): after an edit, only the rows it
 * touched are looked at again (every row's were, 12 ms at 2,500 people: BENCHMARKS.md). */
export function rowsByProject<R extends { bars: readonly { a: AssignmentDto }[] }>(
  rows: readonly R[],
): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    let ids = barProjects.get(r.bars);
    if (!ids) {
      ids = [...new Set(r.bars.map((b) => b.a.projectId))];
      barProjects.set(r.bars, ids);
    }
    for (const id of ids) {
      const list = out.get(id);
      if (list) list.push(r);
      else out.set(id, [r]);
    }
  }
  return out;
}

/** A week of a project's hours: days `[from, to)` (cut by the days asked) and the minutes booked. */
export interface WeekHours {
  from: Day;
  to: Day;
  minutes: number;
}

/**
 * Project `projectId`'s hours in each week of `[from, to)` (weeks starting on `weekStart`, 0 =
 * Monday; the first and last cut by the days asked), over every row given: each booking's minutes
 * on each day, as the rows' figures count them (tentative work included).
 */
export function projectWeeks(
  projectId: string,
  rows: readonly {
    bars: readonly { start: number; end: number; a: AssignmentDto }[];
    availability: Availability;
  }[],
  from: Day,
  to: Day,
  weekStart: number,
): WeekHours[] {
  const weeks: WeekHours[] = [];
  for (let d = from; d < to; ) {
    const next = Math.min(to, d + 7 - ((weekday(d) - weekStart + 7) % 7));
    weeks.push({ from: d, to: next, minutes: 0 });
    d = next;
  }
  if (!weeks.length) return weeks;
  for (const row of rows)
    for (const b of row.bars) {
      if (b.a.projectId !== projectId || b.end <= from || b.start >= to) continue;
      const booking = { from: b.start, to: b.end, allocation: b.a.allocation, status: b.a.status };
      for (const [day, minutes] of bookedDays(booking, row.availability, from, to)) {
        const week = weeks.find((w) => day >= w.from && day < w.to);
        if (week) week.minutes += minutes;
      }
    }
  return weeks;
}
