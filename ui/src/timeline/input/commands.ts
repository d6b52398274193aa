// What each key and menu entry of the timeline does: it opens a dialog, a menu or the picker (the
// modal state), moves the cursor or the view, or runs an intent. Keys are read in keys.ts; what
// they and the menu do with bookings chosen together is manyCommands.ts.
import type { AssignmentDto, PersonDto, ProjectDto } from "../../ipc";
import { LABELS } from "../../labels/labelsWords";
import { ui } from "../../lang.svelte";
import { STAFFING } from "../../staffing/staffingWords";
import { CAPACITY } from "../capacityWords";
import { FULL_DAY } from "../model/allocation";
import { type Day, dateOf, dayOf, withinPlan } from "../model/dates";
import { type Zoom, zoomIn, zoomOut } from "../scene/layout";
import { type Command, globalCommand, gridCommand } from "./keys";
import { ManyCommands, type ManyOf } from "./manyCommands";
import type { MenuItem, Modal } from "./modal.svelte";

/** Commands that change the plan (not offered to viewers, nor offline). */
const EDITS: Command["kind"][] = [
  "move-bar",
  "resize-bar",
  "open",
  "delete",
  "allocate",
  "toggle-tentative",
  "rename-person",
  "menu",
  "undo",
  "redo",
  "toggle-select",
  "extend-select",
  "select-all",
  "paste",
];

/** Whether a key press is typing in a field (the grid's and the window's keys leave it alone). */
const typing = (t: EventTarget | null) =>
  t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;

export interface CommandsOf extends ManyOf {
  today: () => Day;
}

/** How long after a wheel's zoom step the wheel zooms no further (ms). */
export const WHEEL_ZOOM_MS = 200;

export class Commands {
  /** What the keys and the menu do with the bookings chosen (manyCommands.ts). */
  readonly many: ManyCommands;

  constructor(private readonly d: CommandsOf) {
    this.many = new ManyCommands(d);
  }

  focusGrid = (): void => this.d.view.focus();

  /** Shows `day` near the left edge, the cursor on it. */
  goTo = (day: Day): void => {
    const to = withinPlan(day);
    this.d.view.scrollToDay(to);
    this.d.cursor.toDay(to);
  };

  /**
   * Shows bar `a` (an activity entry's): its first day near the left edge, the cursor on it and
   * the grid focused. The plan's own copy is shown if it has one (the bar may have changed since
   * the entry); the people filter is cleared if it hides the bar's person. A bar of days not
   * loaded yet is selected once its window comes (the cursor holds on to its id).
   */
  showBar = (a: AssignmentDto): void => {
    const { plan, rows, view, cursor } = this.d;
    const bar = plan.byId[a.id] ?? a;
    if (!rows.index.person.has(bar.personId)) rows.filter = "";
    view.scrollToDay(withinPlan(dayOf(bar.startDate)));
    cursor.follow(bar);
    requestAnimationFrame(() => {
      cursor.reveal();
      this.focusGrid();
    });
  };

  /** Zooms about the cursor's day (so about today right after Today), or the middle of the view. */
  setZoom = (z: Zoom): void => this.d.view.setZoom(z, this.d.view.anchorOf(this.d.cursor.at.day));

  /** Ctrl+wheel on the pane zooms about the pointer (not passive: the page must not zoom too). */
  watchWheel = (el: HTMLElement | undefined): (() => void) | undefined => {
    if (!el) return undefined;
    const wheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.deltaY === 0) return;
      e.preventDefault();
      this.zoomAt(e.deltaY < 0 ? "in" : "out", e.clientX - el.getBoundingClientRect().left);
    };
    el.addEventListener("wheel", wheel, { passive: false });
    return () => el.removeEventListener("wheel", wheel);
  };

  #lastWheelZoom = -Infinity;
  /**
   * Ctrl+wheel (a touchpad's pinch comes as one) at `x` pixels from the view's left edge: one zoom
   * step about that point, and no more for a moment, so that one flick of the wheel is one step.
   */
  zoomAt = (direction: "in" | "out", x: number, now = performance.now()): void => {
    if (now - this.#lastWheelZoom < WHEEL_ZOOM_MS) return;
    const { view } = this.d;
    const next = direction === "in" ? zoomIn(view.zoom) : zoomOut(view.zoom);
    if (next === view.zoom) return;
    this.#lastWheelZoom = now;
    view.setZoom(next, x);
  };

  /** The assignment dialog on `a`. */
  openEdit = (a: AssignmentDto): void => {
    if (!this.d.canEdit()) return;
    this.d.modal.show({
      kind: "edit",
      draft: {
        personId: a.personId,
        projectId: a.projectId,
        startDate: a.startDate,
        lastDay: a.lastDay,
        allocation: a.allocation,
        status: a.status,
      },
      current: a,
    });
  };

  /** The assignment dialog on a new assignment of `person`, five days from `day`, to `project`
   * (null: the dialog asks which). */
  openNew = (person: PersonDto, project: ProjectDto | null, day: Day): void => {
    this.d.modal.show({
      kind: "edit",
      draft: {
        personId: person.id,
        projectId: project?.id ?? "",
        startDate: dateOf(day),
        lastDay: dateOf(day + 4),
      },
      current: null,
    });
  };

  /** The project picker at `at`, for a new assignment over the cursor's days. */
  openPicker = (at: { x: number; y: number }): void => {
    const row = this.d.rows.all[this.d.cursor.at.row];
    if (!row) return;
    const { from, to } = this.d.cursor.span;
    this.d.modal.show({ kind: "picker", ...at, personId: row.person.id, from, to });
  };

  /** The picker's answer: the new assignment over the picked days, in the picked project. */
  pick = (project: ProjectDto): void => {
    const p = this.d.modal.current;
    this.d.modal.close("picker");
    this.focusGrid();
    if (p.kind !== "picker") return;
    void this.d.intents.create(p.personId, project.id, p.from, p.to);
  };

  personItems(person: PersonDto): MenuItem[] {
    const staff: MenuItem[] = person.placeholder
      ? [
          {
            label: ui.words(STAFFING).staffMenu,
            run: () => this.d.modal.show({ kind: "staff", placeholder: person }),
          },
        ]
      : [];
    return [
      ...staff,
      {
        label: ui.t.renamePerson,
        shortcut: "F2",
        run: () => this.d.modal.show({ kind: "rename-person", person }),
      },
      {
        label: ui.words(CAPACITY).workingTimeMenu,
        run: () => this.d.modal.show({ kind: "working-time", person }),
      },
      {
        label: ui.words(LABELS).personMenu,
        run: () => this.d.modal.show({ kind: "person-labels", person }),
      },
      {
        label: ui.words(LABELS).manyMenu,
        run: () => this.d.modal.show({ kind: "many-people", chosen: [person.id] }),
      },
      {
        label: ui.words(CAPACITY).timeOffMenu,
        run: () => this.d.modal.show({ kind: "time-off", person, first: dateOf(this.d.cursor.at.day) }),
      },
      {
        label: ui.t.deletePerson,
        danger: true,
        run: () => this.d.modal.show({ kind: "delete", what: "person", target: person }),
      },
    ];
  }

  /** The holiday calendars and the team's week (the toolbar's). */
  openCalendars = (): void => this.d.modal.show({ kind: "calendars" });

  /** The team's groups, roles and skills (the toolbar's). */
  openLabels = (): void => this.d.modal.show({ kind: "labels" });

  /** The utilisation report (the toolbar's). */
  openReport = (): void => this.d.modal.show({ kind: "report" });
  openExport = (): void => this.d.modal.show({ kind: "export" });
  /** A sheet in (the toolbar's Import…; planners and admins). */
  openImport = (): void => this.d.modal.show({ kind: "import" });

  /** Who is free over a bar's days, or the cursor's (its stretch, else five days from its day). */
  openFree = (bar?: AssignmentDto): void => {
    if (bar) {
      this.d.modal.show({ kind: "free", first: bar.startDate, last: bar.lastDay });
      return;
    }
    const { from, to } = this.d.cursor.span;
    const last = to - from > 1 ? to - 1 : from + 4;
    this.d.modal.show({ kind: "free", first: dateOf(from), last: dateOf(last) });
  };

  /** The cursor's menu at `at`: the selection's entries (when two or more bookings are chosen),
   * its bar's (or a new assignment's), choosing bookings, and its person's. */
  openMenu = (at: { x: number; y: number }): void => {
    const row = this.d.rows.all[this.d.cursor.at.row];
    if (!row) return;
    const bar = this.d.cursor.selected;
    const items: MenuItem[] = bar
      ? [
          { label: ui.t.edit, shortcut: "Enter", run: () => this.openEdit(bar) },
          { label: ui.t.delete, shortcut: "Del", danger: true, run: () => void this.d.intents.remove(bar) },
          { label: ui.words(CAPACITY).whoIsFree, run: () => this.openFree(bar) },
        ]
      : [
          { label: ui.t.newAssignmentHere, shortcut: "Enter", run: () => this.openPicker(at) },
          { label: ui.words(CAPACITY).whoIsFree, run: () => this.openFree() },
        ];
    this.d.modal.show({
      kind: "menu",
      ...at,
      label: this.d.cursor.text,
      items: [
        ...this.many.selectionItems(),
        ...items,
        ...this.many.splitJoinItems(bar),
        ...this.many.choosingItems(bar),
        ...this.personItems(row.person),
      ],
    });
  };

  /** A person's menu (their name's, in the name column, row `index`) at `at`. */
  openPersonMenu = (person: PersonDto, index: number, at: { x: number; y: number }): void => {
    if (!this.d.canEdit()) return;
    this.d.cursor.set(index, this.d.cursor.at.day);
    this.d.modal.show({ kind: "menu", ...at, label: person.name, items: this.personItems(person) });
  };

  /** A project's menu (the projects panel's). */
  openProjectMenu = (p: ProjectDto, x: number, y: number): void => {
    if (!this.d.canEdit()) return;
    this.d.modal.show({
      kind: "menu",
      x,
      y,
      label: p.name,
      items: [
        { label: ui.t.editProjectMenu, run: () => this.d.modal.show({ kind: "edit-project", project: p }) },
        {
          label: ui.t.deleteProject,
          danger: true,
          run: () => this.d.modal.show({ kind: "delete", what: "project", target: p }),
        },
      ],
    });
  };

  /** The name dialogs: a new person or project, a person renamed, a project edited. */
  addPerson = (): void => this.ifEditing({ kind: "add-person" });
  addProject = (): void => this.ifEditing({ kind: "add-project" });
  renamePerson = (person: PersonDto): void => this.ifEditing({ kind: "rename-person", person });
  editProject = (project: ProjectDto): void => this.ifEditing({ kind: "edit-project", project });

  private ifEditing(m: Modal): void {
    if (this.d.canEdit()) this.d.modal.show(m);
  }

  /** Runs a key's command on the grid. */
  run(cmd: Command): void {
    const { cursor, rows, intents, modal } = this.d;
    const bar = cursor.selected;
    if (!this.d.canEdit() && EDITS.includes(cmd.kind)) return;
    if (this.many.run(cmd, bar)) return;
    switch (cmd.kind) {
      case "cursor":
        if (cmd.extend) cursor.stretch(cmd.days);
        else cursor.set(cursor.at.row + cmd.rows, cursor.at.day + cmd.days);
        requestAnimationFrame(() => cursor.reveal());
        break;
      case "move-bar":
      case "resize-bar": {
        if (!bar) break;
        // The same intent as a drag's (Intents.reshape, through move and resize).
        if (cmd.kind === "move-bar") void intents.move(bar, cmd.days, cmd.rows);
        else void intents.resize(bar, cmd.days);
        requestAnimationFrame(() => cursor.reveal());
        break;
      }
      case "open":
        if (bar) this.openEdit(bar);
        else this.openPicker(cursor.point());
        break;
      case "delete":
        if (bar) void intents.remove(bar);
        break;
      case "allocate":
        if (bar)
          void intents.allocate(bar, {
            allocation: cmd.hours ? { kind: "hoursPerDay", value: cmd.hours * 60 } : FULL_DAY,
          });
        break;
      case "toggle-tentative":
        if (bar)
          void intents.allocate(bar, { status: bar.status === "tentative" ? "confirmed" : "tentative" });
        break;
      case "rename-person": {
        const person = rows.all[cursor.at.row]?.person;
        if (person) modal.show({ kind: "rename-person", person });
        break;
      }
      case "menu":
        this.openMenu(cursor.point());
        break;
      case "escape":
        cursor.unstretch();
        break;
      default:
        this.runGlobal(cmd);
    }
  }

  /** Runs a command that works anywhere outside a text field or dialog. */
  runGlobal(cmd: Command): void {
    const { plan, view } = this.d;
    if (cmd.kind === "undo") void plan.undo();
    else if (cmd.kind === "redo") void plan.redo();
    else if (cmd.kind === "zoom-in") this.setZoom(zoomIn(view.zoom));
    else if (cmd.kind === "zoom-out") this.setZoom(zoomOut(view.zoom));
    else if (cmd.kind === "today") this.goTo(this.d.today());
  }

  /** The grid's keydown. */
  onGridKey = (e: KeyboardEvent): void => {
    if (typing(e.target) || this.d.modal.open) return;
    const cmd = gridCommand(e);
    if (!cmd) return;
    e.preventDefault();
    e.stopPropagation();
    this.run(cmd);
  };

  /** The window's keydown. */
  onWindowKey = (e: KeyboardEvent): void => {
    if (typing(e.target) || this.d.modal.open) return;
    const cmd = globalCommand(e);
    if (!cmd) return;
    e.preventDefault();
    this.runGlobal(cmd);
  };
}
