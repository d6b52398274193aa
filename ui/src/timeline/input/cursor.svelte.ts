// The keyboard's grid cursor: a person's row and a day (and more days, stretched with Shift), the
// bar under it, and what a screen reader says of it.
import type { AssignmentDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { type Day, dateOf, dayOf } from "../model/dates";
import { heatFigures } from "../scene/heat";
import type { BarIndex, Row } from "../scene/rowData";
import type { Rows } from "../scene/rows.svelte";
import type { Viewport } from "../scene/viewport.svelte";

/**
 * Where the cursor is. `bar` names the bar chosen by a click or focus, among bars overlapping at
 * the cursor; NO_BAR says none was (a right-click on an empty stretch of a row whose other lane
 * has a bar there).
 */
export interface CursorAt {
  row: number;
  day: Day;
  extent: number;
  bar?: string;
}

export const NO_BAR = "";

/**
 * What the cursor holds on to: the person (by id) and, when on a bar, the bar (by id), so that it
 * stays with them while rows are added, removed, re-sorted or filtered and bars move; `row` is
 * where it last was, for when its person is gone.
 */
export interface Held {
  person: string | null;
  row: number;
  day: Day;
  extent: number;
  bar?: string;
}

/**
 * Where held `h` is now, among rows indexed by `index` (`count` of them): on its bar's row and
 * days while the bar exists; on its person's row; and once either is gone, on the nearest row with
 * nothing selected (NO_BAR), never on what took its place.
 */
export function placed(
  h: Held,
  index: { person: ReadonlyMap<string, number>; bar: BarIndex },
  count: number,
): CursorAt {
  const near = rowWithin(count, h.row);
  const own = h.person === null ? near : index.person.get(h.person);
  if (h.bar !== undefined && h.bar !== NO_BAR) {
    const b = index.bar.get(h.bar);
    if (b)
      return { row: b.row, day: Math.max(b.start, Math.min(h.day, b.end - 1)), extent: h.extent, bar: h.bar };
    return { row: own ?? near, day: h.day, extent: h.extent, bar: NO_BAR };
  }
  if (own === undefined) return { row: near, day: h.day, extent: h.extent, bar: NO_BAR };
  return { row: own, day: h.day, extent: h.extent, bar: h.bar };
}

/** The days `[from, to)` the cursor covers. */
export function spanOf(c: CursorAt): { from: Day; to: Day } {
  return { from: Math.min(c.day, c.day + c.extent), to: Math.max(c.day, c.day + c.extent) + 1 };
}

/** The bar under the cursor in `row` (the top lane's, when bars overlap there and none was chosen). */
export function barUnder(row: Row | undefined, c: CursorAt): AssignmentDto | null {
  if (!row || c.extent !== 0 || c.bar === NO_BAR) return null;
  const under = row.bars.filter((b) => b.start <= c.day && b.end > c.day);
  under.sort((x, y) => (row.lane.get(x.id) ?? 0) - (row.lane.get(y.id) ?? 0));
  return (under.find((b) => b.id === c.bar) ?? under[0])?.a ?? null;
}

/** The cursor clamped to the rows (`rows` of them). */
export function clamped(rows: number, row: number, day: Day, extent = 0, bar?: string): CursorAt {
  return { row: rowWithin(rows, row), day, extent, bar };
}

/** Row `row`, kept among `count` rows (0 when there are none). */
function rowWithin(count: number, row: number): number {
  return Math.max(0, Math.min(count - 1, row));
}

/** The cursor on bar `a`: at `day` if the bar covers it, else at the bar's nearest day. */
export function onBar(rows: number, a: AssignmentDto, row: number, day: Day): CursorAt {
  return clamped(
    rows,
    row,
    Math.max(dayOf(a.startDate), Math.min(day, dayOf(a.endDateExclusive) - 1)),
    0,
    a.id,
  );
}

export class Cursor {
  #held: Held;
  readonly #at: CursorAt;
  readonly span: { from: Day; to: Day };
  /** The bar under the cursor (the top lane's, when bars overlap there and none was chosen). */
  readonly selected: AssignmentDto | null;
  /** What the cursor is on, in words (its aria-label, and read out as it moves). */
  readonly text: string;

  constructor(
    private readonly rows: Rows,
    private readonly view: Viewport,
    today: Day,
  ) {
    this.#held = $state({ person: null, row: 0, day: today, extent: 0 });
    this.#at = $derived(placed(this.#held, rows.index, rows.all.length));
    this.span = $derived(spanOf(this.at));
    this.selected = $derived(barUnder(rows.all[this.at.row], this.at));
    this.text = $derived.by(() => {
      const person = rows.all[this.at.row]?.person.name;
      if (!person) return ui.t.noPeople;
      const dates = ui.dates;
      const when =
        this.span.to - this.span.from > 1
          ? `${dates.field(dateOf(this.span.from))} – ${dates.field(dateOf(this.span.to - 1))}`
          : dates.long(dateOf(this.at.day));
      const said = ui.t.cursor(
        person,
        when,
        this.selected ? rows.label(this.selected, dates, ui.lang) : null,
      );
      // On the heatmap, the cell under the cursor says its figures.
      const cell = rows.heatmap
        ? rows.shown
            .find((r) => r.index === this.at.row)
            ?.heat.find((c) => c.from <= this.at.day && this.at.day < c.to)
        : undefined;
      return cell ? `${said}. ${heatFigures(cell, ui.lang, ui.dateLocale)}` : said;
    });
  }

  /** Where the cursor is: its person's row and day (and its bar's, while on one). */
  get at(): CursorAt {
    return this.#at;
  }

  /** Puts the cursor at a row (it holds on to that row's person) and day. */
  set at(c: CursorAt) {
    this.#held = {
      person: this.rows.all[c.row]?.person.id ?? null,
      row: c.row,
      day: c.day,
      extent: c.extent,
      bar: c.bar,
    };
  }

  set(row: number, day: Day, extent = 0, bar?: string): void {
    this.at = clamped(this.rows.all.length, row, day, extent, bar);
  }

  /** Puts the cursor on bar `a` wherever it is (or will be, once the plan has it). */
  follow(a: AssignmentDto): void {
    this.#held = { person: a.personId, row: this.at.row, day: dayOf(a.startDate), extent: 0, bar: a.id };
  }

  /** Puts the cursor on bar `a` of row `row`, at `day` if the bar covers it. */
  onBar(a: AssignmentDto, row: number, day: Day): void {
    this.at = onBar(this.rows.all.length, a, row, day);
  }

  /** Moves the cursor to `day` (one day, in the same row), still on its bar if that covers `day`. */
  toDay(day: Day): void {
    const on = this.at.bar ? this.rows.index.bar.get(this.at.bar) : undefined;
    const bar = on && on.start <= day && day < on.end ? this.at.bar : undefined;
    this.at = { ...this.at, day, extent: 0, bar };
  }

  /** Stretches the cursor by `days` more. */
  stretch(days: number): void {
    this.at = { ...this.at, extent: this.at.extent + days };
  }

  /** Back to one day. */
  unstretch(): void {
    this.at = { ...this.at, extent: 0 };
  }

  /** Scrolls so that the cursor is in view. */
  reveal(): void {
    const top = this.rows.tops[this.at.row] ?? 0;
    this.view.reveal(this.at.day, top, top + this.rows.height(this.at.row));
  }

  /** Where the cursor is on screen (for menus and the picker opened by keyboard). */
  point(): { x: number; y: number } {
    const top = this.rows.tops[this.at.row] ?? 0;
    return this.view.clientPoint(this.view.x(this.span.from), top + this.rows.height(this.at.row));
  }
}
