// The pointer on the pane: press a bar and drag to move it (or its edge to resize it; a bar of
// the selection moves the whole selection; with Alt, copies are made where it is let go), drag on an empty stretch of a row to pick days for a
// new assignment, Ctrl/Cmd-click a bar to choose it too, Shift-click to choose from the last one
// chosen to it, Shift-drag on an empty stretch to draw a rubber band round bookings, double-click
// to open the dialog, right-click for the menu. Each ends in an intent (intents.ts) or a command (commands.ts); which
// bar an event is on is `barUnder`'s answer, for every one of them.
import type { AssignmentDto } from "../../ipc";
import { type Day, dayOf } from "../model/dates";
import type { Plan } from "../model/plan.svelte";
import { type DragMode, dragged, dragModeAt } from "../scene/layout";
import { type Hit, placedBar } from "../scene/placement";
import type { Rows } from "../scene/rows.svelte";
import type { Viewport } from "../scene/viewport.svelte";
import type { Commands } from "./commands";
import { type Cursor, NO_BAR } from "./cursor.svelte";
import type { Intents } from "./intents";
import { bookingsIn, type Selection } from "./selection.svelte";

/** A bar being dragged: grabbed at client x `x0`, now `delta` days and in row `row` (from `from`). */
export interface Drag {
  a: AssignmentDto;
  mode: DragMode;
  x0: number;
  delta: number;
  row: number;
  from: number;
  /** Alt held when it was grabbed: copies are made where it is let go; the bars stay. */
  copy?: boolean;
}

/** A bar's hit target (HitLayer.svelte): `data-bar` is its assignment's id. */
const HIT_BAR = ".bar[data-bar]";

/** A drag that changes nothing (not moved, or back where it started). */
export const still = (d: Drag): boolean => d.delta === 0 && d.row === d.from;

export interface GesturesOf {
  plan: Plan;
  view: Viewport;
  rows: Rows;
  cursor: Cursor;
  intents: Intents;
  commands: Commands;
  selection: Selection;
  canEdit: () => boolean;
}

/** A rubber band being drawn: from content point (x0, y0) to (x1, y1); `add`: to the selection
 * (Ctrl/Cmd held), else instead of it. */
export interface Band {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  add: boolean;
}

export class Gestures {
  drag: Drag | null = $state(null);
  /** Days being picked for a new assignment: in row `row`, from day `from` (to the cursor's end). */
  sketch: { row: number; from: Day } | null = $state(null);
  /** A rubber band being drawn (Shift-drag on an empty stretch). */
  band: Band | null = $state(null);
  /** How many bookings the drag moves: the selection's, when the bar dragged is one of two or more
   * chosen; else one. */
  readonly dragCount: number;
  /** Where the dragged bar would land (shown while it is away from where it started). */
  readonly ghost: { start: Day; end: Day; top: number; color: string } | null;
  /** The bar being dragged (the pane leaves it out; the drag's own layer draws it): it changes
   * when a drag starts and ends, not as the pointer moves, so the pane is not painted again at
   * each move. */
  readonly draggedId: string | undefined;

  constructor(private readonly d: GesturesOf) {
    this.dragCount = $derived(this.drag ? (this.manyDragged(this.drag)?.length ?? 1) : 0);
    this.draggedId = $derived(this.drag?.a.id);
    this.ghost = $derived.by(() => {
      const drag = this.drag;
      if (!drag || still(drag)) return null;
      const span = dragged(
        { start: dayOf(drag.a.startDate), end: dayOf(drag.a.endDateExclusive) },
        drag.mode,
        drag.delta,
      );
      return {
        ...span,
        top: (d.rows.tops[drag.row] ?? 0) + d.rows.barBox.pad / 2,
        color: d.rows.projects[drag.a.projectId]?.color ?? "#888888",
      };
    });
  }

  /** The row and day under a pointer. */
  private pointAt(e: { clientX: number; clientY: number }): { row: number; day: Day } {
    const p = this.d.view.contentPoint(e);
    return { row: this.d.rows.rowAt(p.y), day: this.d.view.dayAt(p.x) };
  }

  /**
   * The bar a pointer event is on, and the element that should hold the pointer for a drag of it:
   * the bar's hit target when the event landed on one, else the bar laid out at the event's point
   * (rows.barAt), which is how a press just after scrolling finds it (the hit targets take no
   * pointer then). Every pointer path asks here.
   */
  barUnder(e: MouseEvent): (Hit & { on: Element }) | null {
    const target = (e.target as Element | null)?.closest?.(HIT_BAR);
    const id = target?.getAttribute("data-bar");
    const row = Number(target?.getAttribute("data-row") ?? Number.NaN);
    const own = target && id ? placedBar(this.d.rows.shown, id, Number.isNaN(row) ? undefined : row) : null;
    if (target && own) return { ...own, on: target };
    const p = this.d.view.contentPoint(e);
    const hit = this.d.rows.barAt(p.x, p.y);
    return hit && this.d.view.content ? { ...hit, on: this.d.view.content } : null;
  }

  /** Starts dragging `hit`'s bar, grabbed `offsetX` pixels into it. */
  private startDrag(e: PointerEvent, hit: Hit & { on: Element }) {
    const { a, row } = hit;
    e.preventDefault(); // keep focus on the grid, not the bar
    this.d.commands.focusGrid();
    hit.on.setPointerCapture(e.pointerId);
    this.d.cursor.onBar(a, row, this.pointAt(e).day);
    const offsetX = this.d.view.contentPoint(e).x - hit.x;
    // Alt: a copy, made by moving (never by an edge).
    const mode = e.altKey ? "move" : dragModeAt(offsetX, hit.w);
    this.drag = { a, mode, x0: e.clientX, delta: 0, row, from: row, ...(e.altKey ? { copy: true } : {}) };
  }

  /** The bookings a drag of `drag` moves with it: the selection, when its bar is one of two or
   * more chosen and it is moved (not resized); else null (the bar alone). */
  private manyDragged(drag: Drag): readonly AssignmentDto[] | null {
    const chosen = this.d.selection;
    if (drag.mode !== "move" || !chosen.has(drag.a.id) || chosen.bookings.length < 2) return null;
    return chosen.bookings;
  }

  down = (e: PointerEvent): void => {
    // The heatmap is for reading: its cells are not bars to drag (the keys still edit).
    if (e.button !== 0 || !this.d.canEdit() || this.d.rows.heatmap) return;
    const hit = this.barUnder(e);
    const chosen = this.d.selection;
    if (hit) {
      this.d.view.scrolling = false;
      const day = this.pointAt(e).day;
      if (e.ctrlKey || e.metaKey || e.shiftKey) {
        // Choosing, not dragging: Ctrl/Cmd toggles the bar, Shift takes everything from the last
        // bar chosen (rows and days) to it.
        e.preventDefault();
        this.d.commands.focusGrid();
        const anchor = chosen.anchor;
        if (e.shiftKey && anchor) {
          const from = this.d.rows.index.bar.get(anchor.id);
          const [d0, d1] = [
            Math.min(from?.start ?? anchor.day, dayOf(hit.a.startDate)),
            Math.max(from?.end ?? anchor.day + 1, dayOf(hit.a.endDateExclusive)),
          ];
          chosen.replace(bookingsIn(this.d.rows.all, from?.row ?? anchor.row, hit.row, d0, d1));
        } else {
          const held = this.d.cursor.selected;
          // The bar chosen by a plain click (or the keys) joins the selection with this one.
          if (chosen.ids.size === 0 && held && held.id !== hit.a.id) chosen.add([held]);
          chosen.toggle(hit.a);
          chosen.anchor = { id: hit.a.id, row: hit.row, day };
        }
        this.d.cursor.onBar(hit.a, hit.row, day);
        return;
      }
      // A plain press: a bar of the selection drags it all; another bar is chosen alone.
      if (!chosen.has(hit.a.id)) chosen.clear();
      chosen.anchor = { id: hit.a.id, row: hit.row, day };
      this.startDrag(e, hit);
      return;
    }
    if (!this.d.rows.all.length || this.onSection(e)) return;
    e.preventDefault();
    this.d.commands.focusGrid();
    if (e.shiftKey) {
      // A rubber band round the bookings it touches.
      const p = this.d.view.contentPoint(e);
      this.band = { x0: p.x, y0: p.y, x1: p.x, y1: p.y, add: e.ctrlKey || e.metaKey };
      this.d.view.content?.setPointerCapture(e.pointerId);
      return;
    }
    chosen.clear();
    const at = this.pointAt(e);
    this.d.cursor.set(at.row, at.day);
    this.sketch = { row: at.row, from: at.day };
    this.d.view.content?.setPointerCapture(e.pointerId);
  };

  move = (e: PointerEvent): void => {
    // The main button pressed or let go while another is held (a chord) comes as a pointermove
    // with `button` 0, not as a pointerdown or pointerup (Pointer Events, "chorded button
    // interactions"): it starts and ends a drag all the same. (A press after a right-click whose
    // release the page never saw was one: the drag did nothing and the focus went to the bar.)
    if (e.button === 0 && e.buttons & ~1) {
      const pressed = (e.buttons & 1) !== 0;
      if (pressed && !this.drag && !this.sketch) {
        this.down(e);
        return;
      }
      if (!pressed && (this.drag || this.sketch)) {
        this.up(e);
        return;
      }
    }
    const band = this.band;
    if (band) {
      const p = this.d.view.contentPoint(e);
      if (p.x !== band.x1 || p.y !== band.y1) this.band = { ...band, x1: p.x, y1: p.y };
      return;
    }
    const drag = this.drag;
    if (drag) {
      const delta = Math.round((e.clientX - drag.x0) / this.d.view.px);
      const row = drag.mode === "move" ? this.pointAt(e).row : drag.row;
      if (delta !== drag.delta || row !== drag.row) this.drag = { ...drag, delta, row };
    }
    const sketch = this.sketch;
    if (!sketch) return;
    const extent = this.pointAt(e).day - sketch.from;
    if (extent !== this.d.cursor.at.extent) this.d.cursor.at = { row: sketch.row, day: sketch.from, extent };
  };

  up = (e: PointerEvent): void => {
    const band = this.band;
    if (band) {
      this.band = null;
      const { rows, view, selection } = this.d;
      const [r0, r1] = [rows.rowAt(band.y0), rows.rowAt(band.y1)];
      const [d0, d1] = [view.dayAt(Math.min(band.x0, band.x1)), view.dayAt(Math.max(band.x0, band.x1)) + 1];
      const inside = bookingsIn(rows.all, r0, r1, d0, d1);
      if (band.add) selection.add(inside);
      else selection.replace(inside);
      return;
    }
    const drag = this.drag;
    if (drag) {
      this.drag = null;
      const many = this.manyDragged(drag);
      if (drag.copy) {
        if (!still(drag)) {
          // Copies of the bar (or of the selection it is one of), where it was let go: on the row
          // it was taken to when all are one person's, else each on its own row.
          const copies = many ?? [drag.a];
          const one = new Set(copies.map((a) => a.personId)).size === 1;
          const to = one ? this.d.rows.all[drag.row]?.person.id : undefined;
          void this.d.intents.copyMany(copies, drag.delta, (a) => to ?? a.personId, this.d.selection);
        }
      } else if (many && !still(drag)) {
        // The selection moves by the days dragged; to another row only when all of it is one
        // person's (bookings of several people keep their own rows).
        const one = new Set(many.map((a) => a.personId)).size === 1;
        const to = one && drag.row !== drag.from ? this.d.rows.all[drag.row]?.person.id : undefined;
        void this.d.intents.shiftMany(many, drag.delta, to, this.d.selection);
      }
      // The same intent as Alt+arrows' (commands.ts).
      else if (!still(drag)) void this.d.intents.reshape(drag.a, drag.mode, drag.delta, drag.row);
    }
    if (!this.sketch) return;
    this.sketch = null;
    if (this.d.cursor.at.extent !== 0) this.d.commands.openPicker({ x: e.clientX, y: e.clientY + 12 });
  };

  /** The mouse's press after a chorded one (above): it does not move the focus off the grid. */
  mousedown = (e: MouseEvent): void => {
    if (this.drag || this.sketch || this.band) e.preventDefault();
  };

  cancel = (e: PointerEvent): void => {
    this.sketch = null;
    this.band = null;
    // As it always was: a cancel on a bar's hit target (which holds the pointer of a drag begun on
    // it) drops the drag; one held by the pane (begun just after scrolling) stays until it is up.
    if ((e.target as Element | null)?.closest?.(HIT_BAR)) this.drag = null;
  };

  /** Whether a pointer is on a section's header (grouped rows): no person's day to pick there. */
  private onSection(e: { clientX: number; clientY: number }): boolean {
    return this.d.rows.sectionAt(this.d.view.contentPoint(e).y) !== null;
  }

  contextmenu = (e: MouseEvent): void => {
    if (!this.d.rows.all.length || !this.d.canEdit() || this.onSection(e)) return;
    e.preventDefault();
    // The bar under the pointer, whichever lane it is in; none: the menu is the empty day's.
    const at = this.pointAt(e);
    const hit = this.barUnder(e);
    if (hit) this.d.cursor.onBar(hit.a, hit.row, at.day);
    else this.d.cursor.set(at.row, at.day, 0, NO_BAR);
    this.d.commands.openMenu({ x: e.clientX, y: e.clientY });
  };

  dblclick = (e: MouseEvent): void => {
    if (!this.d.canEdit()) return;
    const hit = this.barUnder(e);
    if (hit) {
      this.d.commands.openEdit(hit.a);
      return;
    }
    const at = this.pointAt(e);
    const person = this.d.rows.all[at.row]?.person;
    if (!person || !this.d.plan.projects.length || this.onSection(e)) return;
    // The project last booked here, if it is still there; else none: chosen, never assumed.
    this.d.commands.openNew(person, this.d.plan.lastProject, at.day);
  };
}
