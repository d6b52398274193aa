// Which people the timeline shows beyond the name search: by group (on any day of the period),
// role, skills (all or any of them), project (booked on it in the period), free hours (at least
// N over the period; a placeholder is never free) and people or placeholders, combined — each condition left empty lets everyone through. Pure:
// the rows (rows.svelte.ts) apply it; tested in peopleFilter.test.ts.
import type { AssignmentDto, PersonDto, RowKind } from "../../ipc";
import { type Day, dateOf, dayOf } from "./dates";

export interface PeopleFilter {
  groups: readonly string[];
  roles: readonly string[];
  skills: readonly string[];
  /** Whether a person needs every skill named (else any of them). */
  allSkills: boolean;
  projects: readonly string[];
  /** Hours free over the period at least; null: any. */
  freeHours: number | null;
  /** People and placeholders, people only, placeholders only. */
  kind: RowKind;
}

/** The rows' order: by name, most booked first (share of capacity over the period), most free
 * hours first. */
export type RowOrder = "name" | "load" | "free";
export const ROW_ORDERS: RowOrder[] = ["name", "load", "free"];
export const ROW_KINDS: RowKind[] = ["all", "people", "placeholders"];

export const NO_FILTER: PeopleFilter = {
  groups: [],
  roles: [],
  skills: [],
  allSkills: true,
  projects: [],
  freeHours: null,
  kind: "all",
};

/** How many conditions are set (none: everyone passes). */
export function conditions(f: PeopleFilter): number {
  return (
    (f.groups.length ? 1 : 0) +
    (f.roles.length ? 1 : 0) +
    (f.skills.length ? 1 : 0) +
    (f.projects.length ? 1 : 0) +
    (f.freeHours !== null ? 1 : 0) +
    (f.kind !== "all" ? 1 : 0)
  );
}

/** Whether `person` is in one of `groups` on some day of `[from, to)`. */
export function inGroupDuring(person: PersonDto, groups: readonly string[], from: Day, to: Day): boolean {
  const spells = person.groups ?? [];
  return spells.some((s, i) => {
    if (!s.groupId || !groups.includes(s.groupId)) return false;
    const start = s.from === undefined ? Number.NEGATIVE_INFINITY : dayOf(s.from);
    const next = spells[i + 1]?.from;
    const end = next === undefined ? Number.POSITIVE_INFINITY : dayOf(next);
    return start < to && end > from;
  });
}

/** Whether `person` passes the filter's group, role and skill conditions over `[from, to)`. */
export function passesLabels(person: PersonDto, f: PeopleFilter, from: Day, to: Day): boolean {
  if (f.kind !== "all" && (f.kind === "placeholders") !== (person.placeholder ?? false)) return false;
  if (f.groups.length && !inGroupDuring(person, f.groups, from, to)) return false;
  if (f.roles.length && !(person.roleId && f.roles.includes(person.roleId))) return false;
  if (f.skills.length) {
    const has = new Set(person.skillIds ?? []);
    const ok = f.allSkills ? f.skills.every((s) => has.has(s)) : f.skills.some((s) => has.has(s));
    if (!ok) return false;
  }
  return true;
}

/** The projects of one person's bookings (`bookings`) on some day of `[from, to)`, in the order
 * first booked. Kept per list and period: the plan keeps a person's list while none of theirs
 * changes, so after an edit only the people it touched are looked at again (at 2,500 people the
 * project view's sections and the project filter read every person's at each edit:
 * BENCHMARKS.md). */
export function projectsIn(bookings: readonly AssignmentDto[], from: Day, to: Day): readonly string[] {
  const held = booked.get(bookings);
  if (held && held.from === from && held.to === to) return held.on;
  const [first, end] = [dateOf(from), dateOf(to)];
  const on = new Set<string>();
  for (const a of bookings) if (a.startDate < end && a.endDateExclusive > first) on.add(a.projectId);
  const kept = { from, to, on: [...on] };
  booked.set(bookings, kept);
  return kept.on;
}
const booked = new WeakMap<readonly AssignmentDto[], { from: Day; to: Day; on: readonly string[] }>();

/** Whether one person's `bookings` put them on one of `projects` on some day of `[from, to)`. */
export function bookedOnAny(
  bookings: readonly AssignmentDto[] | undefined,
  projects: readonly string[],
  from: Day,
  to: Day,
): boolean {
  return bookings !== undefined && projectsIn(bookings, from, to).some((p) => projects.includes(p));
}
