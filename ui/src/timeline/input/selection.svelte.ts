// The bookings chosen to be edited together: by id, so that the choice stays through scrolling,
// zooming, re-sorting and others' edits (a booking someone deletes leaves it), with their count
// and hours and what a screen reader is told of them. How bookings come in and out of it (clicks
// with Ctrl/Cmd or Shift, a rubber band, a menu's "this project's", "the rest of this row") is
// here too, as pure functions of the rows.
import type { AssignmentDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { MANY } from "../manyWords";
import { type Day, dayOf } from "../model/dates";
import { type Availability, bookedDays } from "../model/load";
import { hoursShort } from "../model/period";
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

export class Selection {
  /** The bookings chosen, by id. */
  ids: ReadonlySet<string> = $state.raw(new Set());
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
