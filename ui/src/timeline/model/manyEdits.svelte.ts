// Edits of many bookings at once, as the plan writes them (a part of the plan, plan.svelte.ts):
// one batch through the Rust side's edit of many (`editBookings`), how far it is while it runs
// (and its Cancel), the store's answer shown booking by booking, and what it left as it was.
import type { AssignmentDto, BookingEditInput, IpcError, ManyEditedDto } from "../../ipc";
import type { BookingEdit, Edit } from "./history";
import { changeOf, newId, type PlanApi } from "./planApi";
import type { Shown } from "./shown.svelte";

/** What an edit of many left as it was: the bookings whose conditions failed (with why), those
 * not sent (cancelled, or after the connection failed), and what stopped it. */
export interface ManyLeft {
  failed: { id: string; error: IpcError }[];
  notSent: string[];
  cancelled: boolean;
  stopped?: IpcError;
}
export const NOTHING_LEFT: ManyLeft = { failed: [], notSent: [], cancelled: false };

/** The first reason an edit of many left something as it was (none for a cancel). */
export function leftError(left: ManyLeft): IpcError | undefined {
  return left.stopped ?? left.failed[0]?.error;
}

/** A booking's edit as the Rust side's edit of many takes it. */
function inputOf(e: BookingEdit): BookingEditInput {
  switch (e.kind) {
    case "create":
      return { kind: "create", booking: { id: e.after.id, ...changeOf(e.after) } };
    case "update":
      return { kind: "update", current: e.before, change: changeOf(e.after) };
    case "delete":
      return { kind: "delete", current: e.before };
  }
}

export class ManyEdits {
  /** The edit of many running: its key (what Cancel names) and how far it is. */
  running: { key: string; done: number; of: number } | null = $state(null);
  /** What the last edit of many left as it was. */
  last: ManyLeft = NOTHING_LEFT;

  constructor(
    private readonly api: Pick<PlanApi, "editBookings" | "cancelEdit">,
    private readonly shown: Shown,
  ) {}

  /**
   * Writes `edits` as one batch (each update and delete from `held(before)`: the version the
   * window holds now), telling `running` how far it is; keeps what it left in `last`, and answers
   * the edit as done (the store's versions). None written: the first reason is thrown (the view
   * goes back).
   */
  async write(edits: BookingEdit[], held: (a: AssignmentDto) => AssignmentDto): Promise<Edit> {
    const parts = edits.map((x) => (x.kind === "create" ? x : { ...x, before: held(x.before) }));
    const key = newId();
    this.running = { key, done: 0, of: parts.length };
    let answer: ManyEditedDto;
    try {
      answer = await this.api.editBookings(key, parts.map(inputOf), (p) => {
        if (this.running?.key === key) this.running = { key, done: p.done, of: p.total };
      });
    } finally {
      if (this.running?.key === key) this.running = null;
    }
    const done: BookingEdit[] = [];
    const left: ManyLeft = { failed: [], notSent: [], cancelled: answer.cancelled, stopped: answer.stopped };
    for (const [i, o] of answer.outcomes.entries()) {
      const part = parts[i];
      if (!part) continue;
      const id = part.kind === "create" ? part.after.id : part.before.id;
      if (o.kind === "written") {
        this.shown.put(o.booking);
        done.push(
          part.kind === "update"
            ? { kind: "update", before: part.before, after: o.booking }
            : { kind: "create", after: o.booking },
        );
      } else if (o.kind === "deleted") done.push(part);
      else if (o.kind === "failed") left.failed.push({ id, error: o.error });
      else left.notSent.push(id);
    }
    this.last = left;
    const why = leftError(left);
    if (!done.length && why) throw why;
    return { kind: "many", edits: done };
  }

  /** Cancels the running edit of many before its next transaction (what is written stays). */
  cancel(): void {
    const running = this.running;
    if (running) void this.api.cancelEdit(running.key).catch(() => {});
  }
}
