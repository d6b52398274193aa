// What is open over the timeline: at most one dialog, menu or picker at a time. While one is, the
// grid's and the window's keys do nothing (the open one has them).
import type { AssignmentDto, PersonDto, ProjectDto } from "../../ipc";
import type { Day } from "../model/dates";
import type { Fields } from "../model/planApi";
import type { SeriesScope } from "../model/series";

/** One entry of a context menu (ContextMenu.svelte shows them). */
export interface MenuItem {
  label: string;
  run: () => void;
  shortcut?: string;
  danger?: boolean;
  disabled?: boolean;
}

export type Modal =
  | { kind: "none" }
  /** The assignment dialog: a new assignment (`current` null) or `current` edited. */
  | { kind: "edit"; draft: Fields; current: AssignmentDto | null }
  | { kind: "add-person" }
  | { kind: "add-project" }
  | { kind: "rename-person"; person: PersonDto }
  | { kind: "edit-project"; project: ProjectDto }
  | { kind: "delete"; what: "person"; target: PersonDto }
  | { kind: "delete"; what: "project"; target: ProjectDto }
  | { kind: "menu"; x: number; y: number; label: string; items: MenuItem[] }
  /** The project picker of a new assignment over days `[from, to)` of a person. */
  | { kind: "picker"; x: number; y: number; personId: string; from: Day; to: Day }
  /** A person's working weeks and calendar; their time off (the person's menu). */
  | { kind: "working-time"; person: PersonDto }
  | { kind: "time-off"; person: PersonDto; first: string }
  /** The holiday calendars and the team's week (the toolbar's). */
  | { kind: "calendars" }
  /** The team's groups, roles and skills (the toolbar's). */
  | { kind: "labels" }
  /** The days of the rows' figures, picked (the name column's period). */
  | { kind: "period" }
  /** Which people are shown (the name column's Filter). */
  | { kind: "people-filter" }
  /** A person's group over time, role and skills (the person's menu). */
  | { kind: "person-labels"; person: PersonDto }
  /** One change of many bookings (the selection's Edit…): moved by days, handed over, another
   * project, time or status. */
  | { kind: "many"; ids: string[] }
  /** A booking repeated (the bar's menu): the rule, the days it makes shown first. */
  | { kind: "repeat"; id: string }
  /** Which bookings of a series a drag, key or delete of one of them is for (`answer`: `null`
   * drops the edit). */
  | { kind: "series"; deleting: boolean; answer: (scope: SeriesScope | null) => void }
  /** Copies of bookings (the chosen ones, or a bar) for each of several people (the menu's). */
  | { kind: "duplicate"; ids: string[] }
  /** Staffing a placeholder: who takes its bookings (the placeholder's menu). */
  | { kind: "staff"; placeholder: PersonDto }
  /** One change of many people's group, role and skills (the person's menu: them chosen). */
  | { kind: "many-people"; chosen: string[] }
  /** The utilisation report (the toolbar's), first over the rows' period. */
  | { kind: "report" }
  /** The plan or a list as a file (the toolbar's Export…), first over the rows' period. */
  | { kind: "export" }
  /** A sheet's bookings, time off, people or projects in (the toolbar's Import…). */
  | { kind: "import" }
  /** Who is free over days `[from, to]` (an empty day's menu). */
  | { kind: "free"; first: string; last: string }
  /** The team's members (the toolbar's). */
  | { kind: "members" }
  /** The team's activity log (the toolbar's). */
  | { kind: "activity" }
  /** Moving the local plan to the team (the sign-out menu's). */
  | { kind: "move-local" };

export type ModalKind = Modal["kind"];

export const NONE: Modal = { kind: "none" };

/** The name dialogs' kinds. */
export const NAMING = ["add-person", "add-project", "rename-person", "edit-project"] as const;

/** What is open after closing `kind`: nothing if that was open, else what was (a newer one). */
export function closing(current: Modal, ...kinds: ModalKind[]): Modal {
  return kinds.includes(current.kind) ? NONE : current;
}

/**
 * Whether the grid gets the focus back when a menu closes with `current` open: not when one of
 * its items opened a dialog or the picker, which take the focus themselves.
 */
export function gridFocusAfterMenu(current: Modal): boolean {
  return !(
    [
      "edit",
      "delete",
      "picker",
      "working-time",
      "time-off",
      "free",
      "person-labels",
      "many-people",
      "staff",
      "repeat",
      "series",
      ...NAMING,
    ] as ModalKind[]
  ).includes(current.kind);
}

export class ModalState {
  current: Modal = $state(NONE);

  /** Whether anything is open. */
  get open(): boolean {
    return this.current.kind !== "none";
  }

  show(m: Modal): void {
    this.unanswered(m);
    this.current = m;
  }

  /** Closes `kinds`, if one of them is what is open. */
  close(...kinds: ModalKind[]): void {
    const next = closing(this.current, ...kinds);
    this.unanswered(next);
    this.current = next;
  }

  /** A series question that `next` takes the place of is answered "none" (its edit dropped). */
  private unanswered(next: Modal): void {
    const open = this.current;
    if (open.kind === "series" && next !== open) open.answer(null);
  }
}
