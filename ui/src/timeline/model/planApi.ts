// The plan's contract and the pure parts of its edits: the Rust commands it uses (PlanApi), what
// an edit of an assignment names (Fields) and the assignment it proposes, new ids, the window of
// a chunk, a failed call's code, the plan's notices and the words they are in. Tested through
// plan.test.ts and intents.test.ts.
import type { Lang } from "../../i18n";
import type { AssignmentChangeInput, AssignmentDto, Commands } from "../../ipc";
import { FULL_DAY } from "./allocation";
import type { CapacityApi } from "./capacity.svelte";
import { chunkRange } from "./chunks";
import { dateOf, dayOf, END, withinPlan } from "./dates";
import type { LabelsApi } from "./labels.svelte";
import type { ViewsApi } from "./views.svelte";

/** What a person chooses for an assignment: who, which project, first and last day (included),
 * and how much of the person's days it takes and whether it is settled (kept as they are when
 * absent: a drag moves and resizes only). The Rust side's change of an assignment, as it is. */
export type Fields = AssignmentChangeInput;

/** The Rust commands the plan uses (src/ipc in the app; an in-memory fake in tests). */
export type PlanApi = CapacityApi &
  LabelsApi &
  ViewsApi &
  Pick<
    Commands,
    | "loadWindow"
    | "catalog"
    | "createAssignment"
    | "updateAssignment"
    | "deleteAssignment"
    | "createPerson"
    | "renamePerson"
    | "personAssignmentCount"
    | "deletePerson"
    | "createProject"
    | "updateProject"
    | "projectAssignmentCount"
    | "deleteProject"
    | "staffing"
    | "handOver"
    | "editBookings"
    | "cancelEdit"
    | "repeatDays"
    | "seriesFrom"
  >;

/** A message for the user: what went wrong, or what happened after a conflict; `action` offers a
 * way out (doing edits again that turned out not saved). */
export interface Notice {
  text: string;
  kind: "error" | "info";
  action?: { label: string; run: () => void };
}

/** The error code of a failed call (`{code, message}` from the Rust side), if it has one. */
export function codeOf(e: unknown): string | undefined {
  return typeof e === "object" && e !== null && "code" in e
    ? String((e as { code: unknown }).code)
    : undefined;
}

/** Codes after which an edit can never be applied as it is (the thing changed or went away). */
export const STALE = new Set(["conflict", "not_found", "parent_gone"]);

export { byName, newId } from "./ids";

/** The same assignment in every field the timeline shows or an edit sends. */
export const sameBar = (a: AssignmentDto, b: AssignmentDto) =>
  a.version === b.version &&
  a.personId === b.personId &&
  a.projectId === b.projectId &&
  a.startDate === b.startDate &&
  a.endDateExclusive === b.endDateExclusive &&
  a.status === b.status &&
  a.allocation.kind === b.allocation.kind &&
  a.allocation.value === b.allocation.value &&
  (a.series ?? null) === (b.series ?? null);

export function changeOf(a: AssignmentDto): Fields {
  const { personId, projectId, startDate, lastDay, allocation, status } = a;
  // The series named always (none: `null`), so that an undo takes a booking out of one again.
  return { personId, projectId, startDate, lastDay, allocation, status, series: a.series ?? null };
}

/** An assignment as the UI proposes it: the stored exclusive end follows from the last day; an
 * allocation and status the change does not name are the base's (a new one's: a whole working
 * day, confirmed). */
export function proposed(
  base: Pick<AssignmentDto, "id" | "version"> &
    Partial<Pick<AssignmentDto, "allocation" | "status" | "series">>,
  change: Fields,
): AssignmentDto {
  const { series, ...fields } = change;
  const inSeries = series === undefined ? base.series : (series ?? undefined);
  const a: AssignmentDto = {
    ...base,
    ...fields,
    allocation: change.allocation ?? base.allocation ?? FULL_DAY,
    status: change.status ?? base.status ?? "confirmed",
    endDateExclusive: dateOf(dayOf(change.lastDay) + 1),
  };
  if (inSeries) a.series = inSeries;
  else delete a.series;
  return a;
}

/**
 * The window to ask for chunk `c`: the first and last chunks reach past the days a plan can hold
 * (1900 to 2999), so only those days are asked for (a window's end is exclusive: the last ends on
 * 3000-01-01, `END`).
 */
export function windowOf(c: number): { from: string; to: string } {
  const r = chunkRange(c);
  return { from: dateOf(withinPlan(r.from)), to: dateOf(Math.min(r.to, END)) };
}

/** The words the plan's notices are in: the UI's language, and its sentence for a failed call. */
export interface Say {
  readonly lang: Lang;
  error(e: unknown): string;
}
