// What the user does to assignments, whichever way they asked: moving and resizing a bar (a
// pointer drag, or Alt+arrows and Alt+Shift+arrows), creating one over days (a drag on an empty
// stretch, a menu entry or Enter, then the project picker), saving the dialog, deleting. Each is
// one function here; the gestures, keys and menus only call them.
import type { AssignmentDto, BookingDaysDto } from "../../ipc";
import { MANY, type ManyWords } from "../manyWords";
import { type Day, dateOf, dayOf } from "../model/dates";
import type { BookingEdit } from "../model/history";
import type { ManyLeft } from "../model/manyEdits.svelte";
import type { Plan } from "../model/plan.svelte";
import { changeOf, type Fields, newId, proposed } from "../model/planApi";
import { repeatEdits, type SeriesScope, withFollowing } from "../model/series";
import { joined, type SplitProblem, splitAt } from "../model/split";
import { type DragMode, dragged } from "../scene/layout";
import type { Row } from "../scene/rowData";
import type { Cursor, CursorAt } from "./cursor.svelte";

/**
 * Bar `a` moved (`mode` "move", to row `row`) or its edge dragged (`mode` "start" or "end") by
 * `delta` days: the change to write, and the cursor after it (on the bar, at the day it was on
 * moved along with a moving bar, kept within the bar). `row` is clamped to the rows.
 */
export function reshaped(
  rows: readonly Row[],
  a: AssignmentDto,
  mode: DragMode,
  delta: number,
  row: number,
  cursorDay: Day,
): { change: Fields; cursor: CursorAt } {
  const to = Math.max(0, Math.min(rows.length - 1, row));
  const next = dragged({ start: dayOf(a.startDate), end: dayOf(a.endDateExclusive) }, mode, delta);
  const personId = rows[to]?.person.id ?? a.personId;
  const day = Math.max(next.start, Math.min(cursorDay + (mode === "move" ? delta : 0), next.end - 1));
  return {
    change: {
      personId,
      projectId: a.projectId,
      startDate: dateOf(next.start),
      lastDay: dateOf(next.end - 1),
    },
    cursor: { row: to, day, extent: 0, bar: a.id },
  };
}

/** A copy of booking `a` (a new id; its project, time and status; in no series), `days` later,
 * for `personId`. */
export function copyOf(a: AssignmentDto, days: number, personId: string): AssignmentDto {
  return proposed(
    { id: newId(), version: 0, allocation: a.allocation, status: a.status },
    {
      ...changeOf(a),
      series: null,
      personId,
      startDate: dateOf(dayOf(a.startDate) + days),
      lastDay: dateOf(dayOf(a.lastDay) + days),
    },
  );
}

/** The bookings an edit of many left as they were (changed meanwhile, or not sent). */
const stayedOf = (left: ManyLeft) => new Set([...left.failed.map((f) => f.id), ...left.notSent]);

/** A new assignment of person `personId` to `projectId` over the days `[from, to)`. */
export function creating(personId: string, projectId: string, from: Day, to: Day): Fields {
  return { personId, projectId, startDate: dateOf(from), lastDay: dateOf(to - 1) };
}

/** The plan's edits that the intents make. */
export type PlanEdits = Pick<
  Plan,
  "create" | "update" | "remove" | "edit" | "editMany" | "editManyAfter" | "seriesFrom" | "fail" | "notice"
>;

/** Asks which bookings of `a`'s series an edit of it (`deleting`: its delete) is for; `null`: the
 * edit is dropped. */
export type AskSeries = (a: AssignmentDto, deleting: boolean) => Promise<SeriesScope | null>;

/** The bookings an edit of many leaves chosen: those that stayed as they were (named in the
 * notice), else all of them. */
export interface Chosen {
  keep(ids: readonly string[]): void;
}

export class Intents {
  constructor(
    private readonly plan: PlanEdits,
    private readonly rows: { readonly all: readonly Row[] },
    private readonly cursor: Pick<Cursor, "at" | "set" | "follow">,
    /** The words of edits of many, in the window's language. */
    private readonly words: () => ManyWords = () => MANY.en,
    /** Which bookings of a series a drag, a key or a delete of one of them is for. */
    private readonly askSeries: AskSeries = async () => "one",
  ) {}

  /**
   * Moves bar `a` to row `row` and by `delta` days (`mode` "move"), or drags its start or end edge
   * by `delta` days; the cursor follows. Drags and Alt+arrows both come here.
   */
  reshape(a: AssignmentDto, mode: DragMode, delta: number, row: number): Promise<boolean> {
    const r = reshaped(this.rows.all, a, mode, delta, row, this.cursor.at.day);
    this.cursor.set(r.cursor.row, r.cursor.day, 0, a.id);
    return this.inSeries(a, proposed(a, r.change), () => this.plan.update(a, r.change));
  }

  /** Moves bar `a` by `days` and `rows` (from the cursor's row). */
  move(a: AssignmentDto, days: number, rows: number): Promise<boolean> {
    return this.reshape(a, "move", days, this.cursor.at.row + rows);
  }

  /** Moves bar `a`'s end by `days`. */
  resize(a: AssignmentDto, days: number): Promise<boolean> {
    return this.reshape(a, "end", days, this.cursor.at.row);
  }

  /** A new assignment over the days `[from, to)`; the cursor goes to its first day. */
  create(personId: string, projectId: string, from: Day, to: Day): Promise<boolean> {
    this.cursor.at = { ...this.cursor.at, day: from, extent: 0 };
    return this.plan.create(creating(personId, projectId, from, to));
  }

  /** Books bar `a` another way, or makes it tentative or confirmed (the keys; the dialog saves
   * through `save`). */
  allocate(a: AssignmentDto, change: Pick<Fields, "allocation" | "status">): Promise<boolean> {
    const { personId, projectId, startDate, lastDay } = a;
    const fields = { personId, projectId, startDate, lastDay, ...change };
    return this.inSeries(a, proposed(a, fields), () => this.plan.update(a, fields));
  }

  remove(a: AssignmentDto): Promise<boolean> {
    return this.inSeries(a, null, () => this.plan.remove(a));
  }

  /**
   * An edit of `a` into `after` (`null`: its delete): of `a` alone (`one`), or, for a booking of a
   * series when the user says so, of it and the series' later bookings as one edit of many (one
   * undo step; see series.ts). Dropped when the user cancels the question.
   */
  private async inSeries(
    a: AssignmentDto,
    after: AssignmentDto | null,
    one: () => Promise<boolean>,
  ): Promise<boolean> {
    if (!a.series) return one();
    const scope = await this.askSeries(a, after === null);
    if (scope === "one") return one();
    if (scope === null) return false;
    return this.said(this.following(a, after));
  }

  /** `a` edited into `after` (`null`: deleted) with its series' bookings from its day on, read
   * from the table as they are now; a refusal of the whole thrown. */
  private async following(a: AssignmentDto, after: AssignmentDto | null): Promise<boolean> {
    const series = a.series;
    let edits: BookingEdit[] = [];
    const left = await this.plan.editManyAfter(async () => {
      edits = withFollowing(a, after, series ? await this.plan.seriesFrom(series, a.startDate) : []);
      return edits;
    });
    return stayedOf(left).size < edits.length;
  }

  /** A repeat of `first` on `days` (the Rust side's answer to its rule) in a new series, one undo
   * step; a refusal of the whole thrown (for the dialog). */
  repeat(first: AssignmentDto, days: readonly BookingDaysDto[]): Promise<boolean> {
    return this.send(repeatEdits(first, days));
  }

  /**
   * Edits `bookings` at once, one undo step: each changed by `change` (its own fields kept where
   * the change names none; `null`: deleted). Those someone else changed meanwhile stay chosen
   * (`chosen`), and the notice names how many; the answer says whether any was written.
   */
  many(
    bookings: readonly AssignmentDto[],
    change: ((a: AssignmentDto) => Partial<Fields>) | null,
    chosen?: Chosen,
  ): Promise<boolean> {
    return this.said(this.changeMany(bookings, change, chosen));
  }

  /** {@link many}, a refusal of the whole edit thrown (for a dialog, which says it and keeps what
   * was typed). */
  changeMany(
    bookings: readonly AssignmentDto[],
    change: ((a: AssignmentDto) => Partial<Fields>) | null,
    chosen?: Chosen,
  ): Promise<boolean> {
    const edits: BookingEdit[] = bookings.map((a) =>
      change
        ? { kind: "update", before: a, after: proposed(a, { ...changeOf(a), ...change(a) }) }
        : { kind: "delete", before: a },
    );
    return this.send(edits, chosen, "stayed");
  }

  /** Moves `bookings` by `days` (each its own length), and, when `personId` is given, to that
   * person; one undo step. */
  shiftMany(
    bookings: readonly AssignmentDto[],
    days: number,
    personId?: string,
    chosen?: Chosen,
  ): Promise<boolean> {
    return this.many(
      bookings,
      (a) => ({
        ...(personId ? { personId } : {}),
        startDate: dateOf(dayOf(a.startDate) + days),
        lastDay: dateOf(dayOf(a.lastDay) + days),
      }),
      chosen,
    );
  }

  /**
   * Copies of `bookings` (new bookings, each with its days, time and status), moved by `days` and
   * put on `personOf(a)`'s row; one undo step. The copies are chosen after (`chosen`), and the
   * answer says whether any was made.
   */
  copyMany(
    bookings: readonly AssignmentDto[],
    days: number,
    personOf: (a: AssignmentDto) => string,
    chosen?: Chosen,
  ): Promise<boolean> {
    const copies = bookings.map((a) => copyOf(a, days, personOf(a)));
    return this.said(
      this.send(
        copies.map((after) => ({ kind: "create", after })),
        chosen,
        "made",
      ),
    );
  }

  /** A copy of each of `bookings` for each of `personIds`, on the same days; one undo step (a
   * refusal of the whole thrown, for the dialog). */
  duplicate(
    bookings: readonly AssignmentDto[],
    personIds: readonly string[],
    chosen?: Chosen,
  ): Promise<boolean> {
    const copies = personIds.flatMap((p) => bookings.map((a) => copyOf(a, 0, p)));
    return this.send(
      copies.map((after) => ({ kind: "create", after })),
      chosen,
      "made",
    );
  }

  /** Splits `a` at `day` (the second part's first day; `works`: whether its person works a day,
   * which a total's division follows) in one undo step; what stops it is said. */
  split(a: AssignmentDto, day: Day, works: (d: Day) => boolean): Promise<boolean> {
    const parts = splitAt(a, day, newId(), works);
    if (typeof parts === "string") return Promise.resolve(this.say(parts));
    const [first, second] = parts;
    return this.said(
      this.send([
        { kind: "update", before: a, after: first },
        { kind: "create", after: second },
      ]),
    );
  }

  /** Joins `a` and `b` (one person's and project's, one following the other) in one undo step. */
  join(a: AssignmentDto, b: AssignmentDto): Promise<boolean> {
    const one = joined(a, b);
    if (typeof one === "string") return Promise.resolve(this.say(one));
    const [kept, gone] = one.id === a.id ? [a, b] : [b, a];
    return this.said(
      this.send([
        { kind: "update", before: kept, after: one },
        { kind: "delete", before: gone },
      ]),
    );
  }

  private say(problem: SplitProblem): boolean {
    this.plan.notice = { text: this.words().splitProblems[problem], kind: "error" };
    return false;
  }

  /**
   * Writes `edits` as one edit of many (one undo step). `chosen` keeps, afterwards, the bookings
   * that stayed as they were (`keep` "stayed": someone else changed them, to be tried again) or
   * the new ones made (`keep` "made": copies). Answers whether any was written; a refusal of the
   * whole is thrown.
   */
  private async send(edits: BookingEdit[], chosen?: Chosen, keep?: "stayed" | "made"): Promise<boolean> {
    if (!edits.length) return false;
    const left = await this.plan.editMany(edits);
    const stayed = stayedOf(left);
    if (keep === "made")
      chosen?.keep(
        edits.flatMap((e) => (e.kind === "create" && !stayed.has(e.after.id) ? [e.after.id] : [])),
      );
    else if (keep === "stayed" && left.failed.length) chosen?.keep(left.failed.map((f) => f.id));
    return stayed.size < edits.length;
  }

  /** `sent`'s answer, a refusal of the whole said as the plan's notice (then false). */
  private async said(sent: Promise<boolean>): Promise<boolean> {
    try {
      return await sent;
    } catch (err) {
      this.plan.fail(err);
      return false;
    }
  }

  /** The assignment dialog's answer: `current` changed to `d` (with its series' later bookings
   * when `scope` says so), or a new assignment. */
  async save(d: Fields, current: AssignmentDto | null, scope: SeriesScope = "one"): Promise<void> {
    // The cursor goes with the bar saved, wherever the dialog put it.
    const after = proposed(current ?? { id: newId(), version: 0 }, d);
    this.cursor.follow(after);
    if (current && scope === "following") await this.following(current, after);
    else if (current) await this.plan.edit({ kind: "update", before: current, after });
    else await this.plan.edit({ kind: "create", after });
  }

  /** The assignment dialog's delete, of the series' later bookings too when `scope` says so (an
   * error stays in the dialog). */
  async deleteInDialog(a: AssignmentDto, scope: SeriesScope = "one"): Promise<void> {
    if (scope === "following") await this.following(a, null);
    else await this.plan.edit({ kind: "delete", before: a });
  }
}
