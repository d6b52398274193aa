// Undo and redo of the session's edits. An edit is kept as what it changed from and to; undoing
// it applies the inverse edit, redoing applies it again. Versions are not kept here: whoever
// applies an edit uses the version it holds now, so a chain of undos stays conflict-checked.
import type { AssignmentDto, PersonDto, ProjectDto } from "../../ipc";

/** One booking's edit: made, changed, or deleted. */
export type BookingEdit =
  | { kind: "create"; after: AssignmentDto }
  | { kind: "update"; before: AssignmentDto; after: AssignmentDto }
  | { kind: "delete"; before: AssignmentDto };

export type Edit =
  | BookingEdit
  | { kind: "rename-person"; before: PersonDto; after: PersonDto }
  | { kind: "update-project"; before: ProjectDto; after: ProjectDto }
  /** Bookings handed from one row to another in one step (staffing a placeholder): `after[i]` is
   * `before[i]` on its new row. */
  | { kind: "hand-over"; before: AssignmentDto[]; after: AssignmentDto[] }
  /** Many bookings edited at once (a selection moved, changed or deleted; copies made), written
   * as one batch: one step. */
  | { kind: "many"; edits: BookingEdit[] };

/** The assignments an edit is about (before and after), for forgetting the edits of a gone one. */
export function bookingsOf(e: Edit): AssignmentDto[] {
  switch (e.kind) {
    case "create":
      return [e.after];
    case "delete":
      return [e.before];
    case "update":
      return [e.before, e.after];
    case "hand-over":
      return [...e.before, ...e.after];
    case "many":
      return e.edits.flatMap(bookingsOf);
    default:
      return [];
  }
}

/** The edit that takes a booking's edit back. */
function undone(e: BookingEdit): BookingEdit {
  switch (e.kind) {
    case "create":
      return { kind: "delete", before: e.after };
    case "delete":
      return { kind: "create", after: e.before };
    case "update":
      return { kind: "update", before: e.after, after: e.before };
  }
}

/** The edit that takes `e` back. */
export function inverse(e: Edit): Edit {
  switch (e.kind) {
    case "create":
    case "delete":
    case "update":
      return undone(e);
    case "rename-person":
      return { kind: "rename-person", before: e.after, after: e.before };
    case "update-project":
      return { kind: "update-project", before: e.after, after: e.before };
    case "hand-over":
      return { kind: "hand-over", before: e.after, after: e.before };
    case "many":
      // Taken back in the opposite order (a booking made, then its copy's: the copy goes first).
      return { kind: "many", edits: e.edits.map(undone).reverse() };
  }
}

/** Two stacks: edits done (newest last) and edits undone (newest last). */
export class History {
  private done: Edit[] = [];
  private undone: Edit[] = [];

  constructor(private readonly limit = 200) {}

  /** A new edit by the user: it can be undone, and nothing undone can be redone any more. */
  record(e: Edit): void {
    this.done.push(e);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** The edit that undo would apply now (the inverse of the newest done), without taking it. */
  nextUndo(): Edit | undefined {
    const last = this.done.at(-1);
    return last && inverse(last);
  }

  nextRedo(): Edit | undefined {
    return this.undone.at(-1);
  }

  /** The undo of `nextUndo()` succeeded. */
  undid(): void {
    const e = this.done.pop();
    if (e) this.undone.push(e);
  }

  /** The redo of `nextRedo()` succeeded. */
  redid(): void {
    const e = this.undone.pop();
    if (e) this.done.push(e);
  }

  /** The newest done (or undone) edit can no longer be applied (someone else changed it): drop it. */
  dropUndo(): void {
    this.done.pop();
  }

  dropRedo(): void {
    this.undone.pop();
  }

  /** Edits of assignment `id` leave both stacks (its person or project was deleted). */
  forget(test: (e: Edit) => boolean): void {
    this.done = this.done.filter((e) => !test(e));
    this.undone = this.undone.filter((e) => !test(e));
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }
}
