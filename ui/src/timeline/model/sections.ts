// Rows grouped by the people's group, role or skill: which people each section holds and, for a
// group, on which days of the period they are in it (someone who moves on a day is in both
// groups, each counting only its own days), and a section's summed figures over the period.
// Pure: the rows (scene/rows.svelte.ts) lay the sections out; tested in sections.test.ts.
import type { LabelDto, PersonDto } from "../../ipc";
import { type Day, dayOf } from "./dates";
import { type Figures, figures, type PeriodRow, type Span, sumFigures } from "./period";

/** What the rows are grouped by: nothing, the group (on the period's days), the role, a skill. */
export type Grouping = "none" | "group" | "role" | "skill";
export const GROUPINGS: Grouping[] = ["none", "group", "role", "skill"];

/** A member of a section: the person, and the days of the period they count in it (null: all). */
export interface Member {
  id: string;
  days: Span[] | null;
}

/** A section: a label's people, or (`label` null) the people without one of that kind. */
export interface Section {
  by: Exclude<Grouping, "none">;
  /** The label's id; "" for the people without one. */
  key: string;
  label: LabelDto | null;
  members: Member[];
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
): Section[] {
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
 * hours are each person's own: one person's overtime does not make another's free time less). */
export function sectionFigures(
  section: Section,
  rowOf: (id: string) => PeriodRow | undefined,
  period: Span,
  tentative: boolean,
): Figures {
  const parts: Figures[] = [];
  for (const m of section.members) {
    const row = rowOf(m.id);
    if (row) for (const d of m.days ?? [period]) parts.push(figures(row, d.from, d.to, tentative));
  }
  return sumFigures(parts, tentative);
}
