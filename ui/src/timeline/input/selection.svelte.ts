// The bookings chosen to be edited together: by id, so that the choice stays through scrolling,
// zooming, re-sorting and others' edits (a booking someone deletes leaves it), with their count
// and hours and what a screen reader is told of them. How bookings come in and out of it (clicks
// with Ctrl/Cmd or Shift, a rubber band, a menu's "this project's", "the rest of this row") is
// here too, as pure functions of the rows.
import type { AllocationDto, AssignmentDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { MANY } from "../manyWords";
import { type Day, dateOf, dayOf } from "../model/dates";
import { type Availability, bookedDays } from "../model/load";
import { hoursShort } from "../model/period";
import type { Fields } from "../model/planApi";
import type { Row } from "../scene/rowData";

/** The minutes booking `a` takes over its whole range, as the rows' figures count them. */
export function minutesOf(a: AssignmentDto, availability: Availability | undefined): number {
  if (!availability) return 0;
  const [from, to] = [dayOf(a.startDate), dayOf(a.endDateExclusive)];
  const b = { from, to, allocation: a.allocation, status: a.status };
  return bookedDays(b, availability, from, to).reduce((sum, [, m]) => sum + m, 0);
}

/** The bookings of rows `[rowFrom, rowTo]` (both included, either order) on some day of
 * `[from, to)`: a rubber band's, or Shift-click's from the anchor. */
export function bookingsIn(
  rows: readonly Row[],
  rowFrom: number,
  rowTo: number,
  from: Day,
  to: Day,
): AssignmentDto[] {
  const [first, last] = [
    Math.max(0, Math.min(rowFrom, rowTo)),
    Math.min(rows.length - 1, Math.max(rowFrom, rowTo)),
  ];
  const out: AssignmentDto[] = [];
  for (let i = first; i <= last; i++)
    for (const b of rows[i]?.bars ?? []) if (b.start < to && b.end > from) out.push(b.a);
  return out;
}

/** Project `projectId`'s bookings among the rows on some day of `[from, to)` (the days in view). */
export function projectIn(rows: readonly Row[], projectId: string, from: Day, to: Day): AssignmentDto[] {
  return rows.flatMap((r) =>
    r.bars.filter((b) => b.a.projectId === projectId && b.start < to && b.end > from).map((b) => b.a),
  );
}

/** Row `row`'s bookings that end after `day` (the rest of the row from there). */
export function restOfRow(rows: readonly Row[], row: number, day: Day): AssignmentDto[] {
  return (rows[row]?.bars ?? []).filter((b) => b.end > day).map((b) => b.a);
}

/** The day `n` working days from `day` (later, or earlier when `n` is negative; `day` itself not
 * counted), by `works`; at most ten years' days are looked through. */
export function workingDaysFrom(day: Day, n: number, works: (d: Day) => boolean): Day {
  const step = Math.sign(n);
  let [d, left] = [day, Math.abs(n)];
  for (let looked = 0; left > 0 && looked < 3660; looked++) {
    d += step;
    if (works(d)) left--;
  }
  return d;
}

/** The Edit… dialog of many bookings as typed: days to move by (text), counted in each person's
 * working days or not, and what to put instead ("" / null: as each one is). */
export interface ManyForm {
  shift: string;
  working: boolean;
  personId: string;
  projectId: string;
  allocation: AllocationDto | null;
  status: "" | "confirmed" | "tentative";
}

/**
 * Each booking's change from the form (the end moves as far as the start did, so each keeps its
 * length), by `works` (whether a person works a day) for working days; or what is wrong: the
 * days are not a whole number, or nothing is to change.
 */
export function manyChange(
  f: ManyForm,
  works: (personId: string, day: Day) => boolean,
): ((a: AssignmentDto) => Partial<Fields>) | "shift" | "nothing" {
  const text = f.shift.trim().replace("−", "-");
  if (text && !/^[-+]?\d+$/.test(text)) return "shift";
  const days = text ? Number(text) : 0;
  if (!days && !f.personId && !f.projectId && !f.allocation && !f.status) return "nothing";
  return (a) => {
    const who = f.personId || a.personId;
    const [first, last] = [dayOf(a.startDate), dayOf(a.lastDay)];
    const start = !days
      ? first
      : f.working
        ? workingDaysFrom(first, days, (d) => works(who, d))
        : first + days;
    return {
      personId: who,
      projectId: f.projectId || a.projectId,
      startDate: dateOf(start),
      lastDay: dateOf(last + (start - first)),
      ...(f.allocation ? { allocation: f.allocation } : {}),
      ...(f.status ? { status: f.status } : {}),
    };
  };
}

export class Selection {
  /** The bookings chosen, by id. */
  ids: ReadonlySet<string> = $state.raw(new Set());
  /** What Ctrl+C copied: the bookings as they were, and the row and day of their top-left
   * corner (the first row, the earliest day), which Ctrl+V puts at the cursor. */
  copied: { bookings: AssignmentDto[]; row: number; day: Day } | null = $state.raw(null);
  /** The booking a Shift-click extends from (the last one clicked). */
  anchor: { id: string; row: number; day: Day } | null = $state.raw(null);
  /** The chosen bookings the plan holds now (as it holds them: others' edits followed), by start. */
  readonly bookings: AssignmentDto[];
  /** Their minutes in all. */
  readonly minutes: number;
  /** The count and hours, in words (empty: nothing chosen). */
  readonly text: string;

  constructor(
    plan: { readonly byId: Record<string, AssignmentDto> },
    available: () => ReadonlyMap<string, Availability>,
  ) {
    this.bookings = $derived.by(() => {
      const byId = plan.byId;
      const held = [...this.ids].flatMap((id) => byId[id] ?? []);
      return held.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id));
    });
    this.minutes = $derived.by(() => {
      const av = available();
      return this.bookings.reduce((sum, a) => sum + minutesOf(a, av.get(a.personId)), 0);
    });
    this.text = $derived(
      this.bookings.length
        ? ui.words(MANY).selected(this.bookings.length, hoursShort(this.minutes, ui.lang))
        : "",
    );
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Just these bookings (a plain click: the one clicked). */
  replace(as: readonly AssignmentDto[]): void {
    this.ids = new Set(as.map((a) => a.id));
  }

  /** These too. */
  add(as: readonly AssignmentDto[]): void {
    this.ids = new Set([...this.ids, ...as.map((a) => a.id)]);
  }

  /** In if it was out, out if it was in (Ctrl/Cmd-click, Ctrl+Space). */
  toggle(a: AssignmentDto): void {
    const next = new Set(this.ids);
    if (!next.delete(a.id)) next.add(a.id);
    this.ids = next;
  }

  /** Only these of it (after an edit of many: the ones that stayed). */
  keep(ids: readonly string[]): void {
    this.ids = new Set(ids);
  }

  clear(): void {
    if (this.ids.size) this.ids = new Set();
    this.anchor = null;
  }
}
