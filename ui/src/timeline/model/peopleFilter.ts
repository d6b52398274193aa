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

/** The people booked on one of `projects` on some day of `[from, to)`. */
export function bookedOn(
  bookings: Iterable<AssignmentDto>,
  projects: readonly string[],
  from: Day,
  to: Day,
): Set<string> {
  const byProject = bookedByProject(bookings, from, to);
  return new Set(projects.flatMap((p) => [...(byProject.get(p) ?? [])]));
}

/** The people booked on each project on some day of `[from, to)`, by project id, in one pass over
 * the bookings. */
export function bookedByProject(
  bookings: Iterable<AssignmentDto>,
  from: Day,
  to: Day,
): Map<string, Set<string>> {
  const [first, end] = [dateOf(from), dateOf(to)];
  const out = new Map<string, Set<string>>();
  for (const a of bookings) {
    if (a.startDate >= end || a.endDateExclusive <= first) continue;
    const who = out.get(a.projectId) ?? new Set<string>();
    who.add(a.personId);
    out.set(a.projectId, who);
  }
  return out;
}
