// A booking split at a day into two, and two bookings of one person and project that follow each
// other joined into one. Hours are kept per kind: hours a day and a share of the day stay as they
// are on both parts; a total is divided between the parts by their working days (in quarter
// hours, the parts adding up to the whole). Pure; tested in split.test.ts.
import type { AssignmentDto } from "../../ipc";
import { type Day, dateOf, dayOf } from "./dates";

/** Why a split or a join cannot be made (each said as a sentence by the window). */
export type SplitProblem =
  /** The day is not inside the booking (a part would be empty). */
  | "outside"
  /** A total whose part would have no working day, or less than a quarter hour. */
  | "total"
  /** Not one person's and project's, or not following each other. */
  | "apart"
  /** Booked differently (hours a day against a share, tentative against confirmed). */
  | "unlike";

const QUARTER = 15;

/** `a` with days `[from, to)`, its other fields and id as they are. */
function within(a: AssignmentDto, from: Day, to: Day): AssignmentDto {
  return { ...a, startDate: dateOf(from), lastDay: dateOf(to - 1), endDateExclusive: dateOf(to) };
}

/**
 * `a` split at `day` (the second part's first day): the first part is `a` (its id) over the days
 * before, the second a new booking (`id`) from `day` on. `works(d)`: whether `a`'s person works
 * day `d`, which a total's division follows (every day counts when the person works none).
 */
export function splitAt(
  a: AssignmentDto,
  day: Day,
  id: string,
  works: (d: Day) => boolean,
): [AssignmentDto, AssignmentDto] | SplitProblem {
  const [start, end] = [dayOf(a.startDate), dayOf(a.endDateExclusive)];
  if (day <= start || day >= end) return "outside";
  let first = within(a, start, day);
  let second = { ...within(a, day, end), id, version: 0 };
  if (a.allocation.kind === "total") {
    const count = (from: Day, to: Day) => {
      let n = 0;
      for (let d = from; d < to; d++) if (works(d)) n++;
      return n;
    };
    let [before, all] = [count(start, day), count(start, end)];
    // No working day at all: the total is spread over every day, and divided so.
    if (all === 0) [before, all] = [day - start, end - start];
    const total = a.allocation.value;
    const head = Math.round((total * before) / all / QUARTER) * QUARTER;
    if (head < QUARTER || total - head < QUARTER) return "total";
    first = { ...first, allocation: { kind: "total", value: head } };
    second = { ...second, allocation: { kind: "total", value: total - head } };
  }
  return [first, second];
}

/**
 * `a` and `b` (one person's, one project's, one ending the day before the other begins, in
 * either order) as one booking: the earlier one's id over both their days. Two totals add up;
 * other allocations and the status must be the same.
 */
export function joined(a: AssignmentDto, b: AssignmentDto): AssignmentDto | SplitProblem {
  const [x, y] = a.startDate <= b.startDate ? [a, b] : [b, a];
  if (x.personId !== y.personId || x.projectId !== y.projectId || x.endDateExclusive !== y.startDate)
    return "apart";
  if (x.status !== y.status || x.allocation.kind !== y.allocation.kind) return "unlike";
  const total = x.allocation.kind === "total";
  if (!total && x.allocation.value !== y.allocation.value) return "unlike";
  const whole = within(x, dayOf(x.startDate), dayOf(y.endDateExclusive));
  return total
    ? { ...whole, allocation: { kind: "total", value: x.allocation.value + y.allocation.value } }
    : whole;
}

/** The booking of `a`'s person and project that begins the day after `a` ends, among `bars`. */
export function nextOf(a: AssignmentDto, bars: readonly AssignmentDto[]): AssignmentDto | null {
  return (
    bars.find(
      (b) =>
        b.id !== a.id &&
        b.personId === a.personId &&
        b.projectId === a.projectId &&
        b.startDate === a.endDateExclusive,
    ) ?? null
  );
}
