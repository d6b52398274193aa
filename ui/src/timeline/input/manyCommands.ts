// What the keys and the menu do with bookings chosen together: choosing them (Ctrl+Space,
// Shift+Space, Ctrl+A, the menu's "this project's in view", "the rest of this row"), acting on
// two or more at once (Alt+arrows, digits, Shift+T, Delete, the Edit… dialog), copying (Ctrl+C,
// Ctrl+V, "Duplicate to people…"), splitting and joining. A part of the commands (commands.ts),
// which hands it the keys first and puts its entries in the cursor's menu.
import type { AssignmentDto } from "../../ipc";
import { ui } from "../../lang.svelte";
import { MANY } from "../manyWords";
import { FULL_DAY } from "../model/allocation";
import { dateOf, dayOf } from "../model/dates";
import type { Plan } from "../model/plan.svelte";
import { joined, nextOf } from "../model/split";
import type { Rows } from "../scene/rows.svelte";
import type { Viewport } from "../scene/viewport.svelte";
import type { Cursor } from "./cursor.svelte";
import type { Intents } from "./intents";
import type { Command } from "./keys";
import type { MenuItem, ModalState } from "./modal.svelte";
import { bookingsIn, projectIn, restOfRow, type Selection } from "./selection.svelte";

/** What the commands work with. */
export interface ManyOf {
  plan: Plan;
  view: Viewport;
  rows: Rows;
  cursor: Cursor;
  modal: ModalState;
  intents: Intents;
  selection: Selection;
  canEdit: () => boolean;
}

export class ManyCommands {
  constructor(private readonly d: ManyOf) {}

  /** The selection's entries, when two or more bookings are chosen: delete them, make them
   * tentative or confirmed, let them go. */
  selectionItems(): MenuItem[] {
    const many = this.chosenMany();
    if (!many) return [];
    const words = ui.words(MANY);
    const tentative = many.every((a) => a.status === "tentative");
    return [
      { label: words.editMenu(many.length), run: () => this.editMany() },
      {
        label: words.deleteSelected(many.length),
        shortcut: "Del",
        danger: true,
        run: () => void this.d.intents.many(many, null, this.d.selection),
      },
      {
        label: tentative ? words.confirmedSelected : words.tentativeSelected,
        shortcut: "Shift+T",
        run: () => void this.setStatus(many),
      },
      { label: words.clearTitle, shortcut: "Esc", run: () => this.d.selection.clear() },
    ];
  }

  /** Choosing bookings from the cursor: its bar in or out, its project's bookings in view, the
   * rest of its row from its day. */
  choosingItems(bar: AssignmentDto | null): MenuItem[] {
    const { rows, view, cursor, selection } = this.d;
    const words = ui.words(MANY);
    const { first, last } = view.days;
    const barItems: MenuItem[] = bar
      ? [
          {
            label: selection.has(bar.id) ? words.removeFromSelection : words.addToSelection,
            shortcut: "Ctrl+Space",
            run: () => this.toggleSelect(bar),
          },
          {
            label: words.selectProject(rows.projects[bar.projectId]?.name ?? ""),
            run: () => selection.replace(projectIn(rows.all, bar.projectId, first, last)),
          },
        ]
      : [];
    const copied = selection.copied;
    return [
      ...barItems,
      {
        label: words.selectRest,
        run: () => selection.replace(restOfRow(rows.all, cursor.at.row, cursor.at.day)),
      },
      ...(bar || this.chosenMany()
        ? [
            { label: words.copyMenu, shortcut: "Ctrl+C", run: () => this.copy(bar) },
            { label: words.duplicateMenu, run: () => this.duplicate(bar) },
          ]
        : []),
      ...(copied
        ? [{ label: words.pasteMenu(copied.bookings.length), shortcut: "Ctrl+V", run: () => this.paste() }]
        : []),
    ];
  }

  /** Ctrl+C: the bookings chosen (two or more), else the cursor's bar, kept to be made again. */
  private copy(bar: AssignmentDto | null): void {
    const { selection, rows, cursor, plan } = this.d;
    const copied = this.chosenOr(bar);
    if (!copied.length) return;
    const rowOf = (a: AssignmentDto) => rows.index.person.get(a.personId) ?? cursor.at.row;
    selection.copied = {
      bookings: [...copied],
      row: Math.min(...copied.map(rowOf)),
      day: Math.min(...copied.map((a) => dayOf(a.startDate))),
    };
    plan.notice = { text: ui.words(MANY).copied(copied.length), kind: "info" };
  }

  /**
   * Ctrl+V: what was copied, made again with its top-left corner at the cursor's row and day: the
   * bookings of one person on the cursor's row; those of several people each as many rows down
   * as they were from the first (their own row when there is none), one undo step.
   */
  private paste(): void {
    const { selection, rows, cursor, intents } = this.d;
    const c = selection.copied;
    if (!c) return;
    const one = new Set(c.bookings.map((a) => a.personId)).size === 1;
    const personOf = (a: AssignmentDto) => {
      if (one) return rows.all[cursor.at.row]?.person.id ?? a.personId;
      const from = rows.index.person.get(a.personId);
      return (
        (from === undefined ? undefined : rows.all[from + cursor.at.row - c.row]?.person.id) ?? a.personId
      );
    };
    void intents.copyMany(c.bookings, cursor.at.day - c.day, personOf, selection);
  }

  /** The dialog that duplicates the chosen bookings (or the cursor's bar) to several people. */
  private duplicate(bar: AssignmentDto | null): void {
    const copied = this.chosenOr(bar);
    if (copied.length) this.d.modal.show({ kind: "duplicate", ids: copied.map((a) => a.id) });
  }

  /** The Edit… dialog of the bookings chosen (two or more). */
  editMany = (): void => {
    const many = this.chosenMany();
    if (many && this.d.canEdit()) this.d.modal.show({ kind: "many", ids: many.map((a) => a.id) });
  };

  /** Split the cursor's bar at the cursor's day (inside it), join it with the booking that
   * follows it, or join the two bookings chosen. */
  splitJoinItems(bar: AssignmentDto | null): MenuItem[] {
    const { cursor, rows, intents, selection } = this.d;
    const words = ui.words(MANY);
    const items: MenuItem[] = [];
    const [x, y, ...more] = selection.bookings;
    if (x && y && !more.length && typeof joined(x, y) !== "string")
      items.push({ label: words.joinMenu, run: () => void intents.join(x, y) });
    if (!bar) return items;
    const day = cursor.at.day;
    if (day > dayOf(bar.startDate) && day < dayOf(bar.endDateExclusive))
      items.push({
        label: words.splitMenu(ui.dates.field(dateOf(day))),
        run: () => void intents.split(bar, day, rows.works(bar.personId)),
      });
    const row = rows.all[rows.index.person.get(bar.personId) ?? -1];
    const next = row
      ? nextOf(
          bar,
          row.bars.map((b) => b.a),
        )
      : null;
    if (next) items.push({ label: words.joinNextMenu, run: () => void intents.join(bar, next) });
    if (this.d.canEdit())
      items.push({ label: words.repeatMenu, run: () => this.d.modal.show({ kind: "repeat", id: bar.id }) });
    return items;
  }

  /** The bookings a key or menu entry acts on together: the selection, when it holds two or more. */
  private chosenMany(): readonly AssignmentDto[] | null {
    const chosen = this.d.selection.bookings;
    return chosen.length >= 2 ? chosen : null;
  }

  /** The bookings chosen (two or more), else the cursor's bar (none: none). */
  private chosenOr(bar: AssignmentDto | null): readonly AssignmentDto[] {
    return this.chosenMany() ?? (bar ? [bar] : []);
  }

  /** Bar `a` in or out of the selection; the anchor of a later Shift-click or Shift+Space. */
  private toggleSelect(a: AssignmentDto): void {
    const { selection, cursor } = this.d;
    // The cursor's bar, when it was chosen by a plain click or the keys: in the selection first.
    if (selection.ids.size === 0 && cursor.selected && cursor.selected.id !== a.id)
      selection.add([cursor.selected]);
    selection.toggle(a);
    selection.anchor = { id: a.id, row: cursor.at.row, day: cursor.at.day };
  }

  /** All of `many` tentative, or (when all are) confirmed. */
  private setStatus(many: readonly AssignmentDto[]): Promise<boolean> {
    const status = many.every((a) => a.status === "tentative") ? "confirmed" : "tentative";
    return this.d.intents.many(many, () => ({ status }), this.d.selection);
  }

  /**
   * A key's command on the bookings chosen (`bar`: the cursor's): the keys that choose —
   * Ctrl+Space, Shift+Space, Ctrl+A, Ctrl+C, Ctrl+V, Escape while some are chosen — and, when two
   * or more are chosen, the keys that act on all of them: Alt+arrows move them by days (and to the
   * row above or below, when all are one person's), Alt+Shift+arrows move their ends, the digits
   * book them, Shift+T makes them tentative or confirmed, Delete deletes them — each in one undo
   * step. False: none of these (the grid's own command then).
   */
  run(cmd: Command, bar: AssignmentDto | null): boolean {
    const { intents, selection, rows, cursor } = this.d;
    switch (cmd.kind) {
      case "escape":
        if (!selection.ids.size) return false;
        selection.clear();
        return true;
      case "toggle-select":
        if (bar) this.toggleSelect(bar);
        return true;
      case "extend-select": {
        // From the anchor (set here when there is none) to the cursor: rows and days.
        const from = selection.anchor ?? { id: bar?.id ?? "", row: cursor.at.row, day: cursor.span.from };
        selection.anchor = from;
        const [d0, d1] = [Math.min(from.day, cursor.span.from), Math.max(from.day + 1, cursor.span.to)];
        selection.replace(bookingsIn(rows.all, from.row, cursor.at.row, d0, d1));
        return true;
      }
      case "copy":
        this.copy(bar);
        return true;
      case "paste":
        this.paste();
        return true;
      case "select-all": {
        const { first, last } = this.d.view.days;
        selection.replace(bookingsIn(rows.all, 0, rows.all.length - 1, first, last));
        return true;
      }
    }
    const many = this.chosenMany();
    if (!many) return false;
    switch (cmd.kind) {
      case "move-bar": {
        // To the row above or below their person's (not the cursor's, which may be elsewhere).
        const [only, ...others] = new Set(many.map((a) => a.personId));
        const from = only !== undefined && !others.length ? rows.index.person.get(only) : undefined;
        const to = cmd.rows && from !== undefined ? rows.all[from + cmd.rows]?.person.id : undefined;
        if (cmd.rows && !to) return true; // bookings of several people go along their own rows only
        void intents.shiftMany(many, cmd.days, to, selection);
        requestAnimationFrame(() => cursor.reveal());
        return true;
      }
      case "resize-bar":
        void intents.many(many, (a) => ({ lastDay: dateOf(dayOf(a.lastDay) + cmd.days) }), selection);
        return true;
      case "delete":
        void intents.many(many, null, selection);
        return true;
      case "allocate":
        void intents.many(
          many,
          () => ({ allocation: cmd.hours ? { kind: "hoursPerDay", value: cmd.hours * 60 } : FULL_DAY }),
          selection,
        );
        return true;
      case "toggle-tentative":
        void this.setStatus(many);
        return true;
      default:
        return false;
    }
  }
}
