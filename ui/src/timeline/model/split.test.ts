import { describe, expect, it } from "vitest";
import type { AssignmentDto } from "../../ipc";
import { dateOf, dayOf, isWeekend } from "./dates";
import { joined, nextOf, splitAt } from "./split";

const booking = (
  from: string,
  last: string,
  allocation: AssignmentDto["allocation"],
  id = "a",
): AssignmentDto => ({
  id,
  personId: "ada",
  projectId: "apollo",
  startDate: from,
  lastDay: last,
  endDateExclusive: dateOf(dayOf(last) + 1),
  allocation,
  status: "confirmed",
  version: 3,
});
const weekdays = (d: number) => !isWeekend(d);

describe("a booking split at a day", () => {
  it("keeps hours a day on both parts; the first keeps its id, the second is new", () => {
    // Monday 2026-12-07 to Friday 12-18, split on Monday 12-14.
    const a = booking("2026-12-07", "2026-12-18", { kind: "hoursPerDay", value: 240 });
    const parts = splitAt(a, dayOf("2026-12-14"), "b", weekdays);
    expect(parts).toEqual([
      { ...a, lastDay: "2026-12-13", endDateExclusive: "2026-12-14" },
      { ...a, id: "b", version: 0, startDate: "2026-12-14" },
    ]);
  });

  it("divides a total by the parts' working days, in quarter hours adding up to the whole", () => {
    // 10 working days, 35 h: 3 days before Thursday 12-10 (10.5 h), 7 after (24.5 h).
    const a = booking("2026-12-07", "2026-12-18", { kind: "total", value: 35 * 60 });
    const parts = splitAt(a, dayOf("2026-12-10"), "b", weekdays);
    if (typeof parts === "string") throw new Error(parts);
    expect(parts.map((p) => p.allocation)).toEqual([
      { kind: "total", value: 630 },
      { kind: "total", value: 1470 },
    ]);
    // 10 h over 3 working days: 3.25 h and 6.75 h (quarter hours, the whole kept).
    const odd = splitAt(
      booking("2026-12-07", "2026-12-09", { kind: "total", value: 600 }),
      dayOf("2026-12-08"),
      "b",
      weekdays,
    );
    if (typeof odd === "string") throw new Error(odd);
    expect(odd.map((p) => p.allocation.value)).toEqual([195, 405]);
  });

  it("says why it cannot: a day outside it, a part of a total with no working day", () => {
    const a = booking("2026-12-07", "2026-12-13", { kind: "total", value: 600 });
    expect(splitAt(a, dayOf("2026-12-07"), "b", weekdays)).toBe("outside");
    expect(splitAt(a, dayOf("2026-12-14"), "b", weekdays)).toBe("outside");
    // From Saturday 12-12: that part has no working day.
    expect(splitAt(a, dayOf("2026-12-12"), "b", weekdays)).toBe("total");
    expect(
      splitAt(
        booking("2026-12-07", "2026-12-08", { kind: "total", value: 15 }),
        dayOf("2026-12-08"),
        "b",
        weekdays,
      ),
    ).toBe("total");
  });
});

describe("two bookings joined", () => {
  const hours = { kind: "hoursPerDay" as const, value: 240 };
  it("makes one of two that follow each other, the earlier's id, totals added", () => {
    const a = booking("2026-12-07", "2026-12-09", hours);
    const b = booking("2026-12-10", "2026-12-11", hours, "b");
    expect(joined(b, a)).toEqual({ ...a, lastDay: "2026-12-11", endDateExclusive: "2026-12-12" });
    const t = joined(
      booking("2026-12-07", "2026-12-09", { kind: "total", value: 600 }),
      booking("2026-12-10", "2026-12-11", { kind: "total", value: 300 }, "b"),
    );
    expect(typeof t !== "string" && t.allocation).toEqual({ kind: "total", value: 900 });
    expect(nextOf(a, [a, b])?.id).toBe("b");
    expect(nextOf(b, [a, b])).toBeNull();
  });

  it("says why it cannot: apart, another person, booked differently", () => {
    const a = booking("2026-12-07", "2026-12-09", hours);
    expect(joined(a, booking("2026-12-11", "2026-12-11", hours, "b"))).toBe("apart");
    expect(joined(a, { ...booking("2026-12-10", "2026-12-11", hours, "b"), personId: "bob" })).toBe("apart");
    expect(joined(a, booking("2026-12-10", "2026-12-11", { kind: "percent", value: 50 }, "b"))).toBe(
      "unlike",
    );
    expect(joined(a, { ...booking("2026-12-10", "2026-12-11", hours, "b"), status: "tentative" })).toBe(
      "unlike",
    );
  });
});
