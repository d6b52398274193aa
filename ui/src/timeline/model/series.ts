// Repeated bookings in the window. A repeat is one edit of many: the booking repeated put in a new
// series, and a new booking of that series on each day the Rust side's rule answered (its
// person's days off left out when asked: `repeat_days`). "This and the following ones": an edit of
// one booking of a series carried to the series' later bookings, each moved and changed as that
// one was (`series_from` reads them, wherever they are shown or not).
import type { AssignmentDto, BookingDaysDto } from "../../ipc";
import { dateOf, dayOf } from "./dates";
import type { BookingEdit } from "./history";
import { changeOf, type Fields, newId, proposed } from "./planApi";

/** Which bookings of a series an edit of one is for (`null`: none, the edit dropped). */
export type SeriesScope = "one" | "following";

/** The edits that repeat `first` on `days` in a new series (`series`): `first` put in it, and a
 * booking of the same person, project, time and status made on each of `days`. */
export function repeatEdits(
  first: AssignmentDto,
  days: readonly BookingDaysDto[],
  series: string = newId(),
): BookingEdit[] {
  const fields: Fields = { ...changeOf(first), series };
  return [
    { kind: "update", before: first, after: proposed(first, fields) },
    ...days.map(
      (d): BookingEdit => ({
        kind: "create",
        after: proposed(
          { id: newId(), version: 0 },
          { ...fields, startDate: d.startDate, lastDay: d.lastDay },
        ),
      }),
    ),
  ];
}

/**
 * The edit of `before` into `after` (`null`: deleted) carried to `later`, the bookings of its
 * series from its day on as stored (`before` among them or not): `before` edited as asked, and
 * each other one moved by as many days at its start and its end, given the person, project, time
 * or status that the edit changed (what it left keeps each one's own). A booking that the edit's
 * shortening would leave without a day keeps its first day.
 */
export function withFollowing(
  before: AssignmentDto,
  after: AssignmentDto | null,
  later: readonly AssignmentDto[],
): BookingEdit[] {
  const own: BookingEdit = after ? { kind: "update", before, after } : { kind: "delete", before };
  const rest = later.filter((b) => b.id !== before.id);
  if (!after) return [own, ...rest.map((b): BookingEdit => ({ kind: "delete", before: b }))];
  const startBy = dayOf(after.startDate) - dayOf(before.startDate);
  const endBy = dayOf(after.endDateExclusive) - dayOf(before.endDateExclusive);
  const changed: Partial<Fields> = {
    ...(after.personId !== before.personId ? { personId: after.personId } : {}),
    ...(after.projectId !== before.projectId ? { projectId: after.projectId } : {}),
    ...(after.allocation.kind === before.allocation.kind && after.allocation.value === before.allocation.value
      ? {}
      : { allocation: after.allocation }),
    ...(after.status !== before.status ? { status: after.status } : {}),
  };
  return [
    own,
    ...rest.map((b): BookingEdit => {
      const start = dayOf(b.startDate) + startBy;
      const end = Math.max(start + 1, dayOf(b.endDateExclusive) + endBy);
      const fields: Fields = {
        ...changeOf(b),
        ...changed,
        startDate: dateOf(start),
        lastDay: dateOf(end - 1),
      };
      return { kind: "update", before: b, after: proposed(b, fields) };
    }),
  ];
}
