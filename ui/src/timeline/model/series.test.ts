import { describe, expect, it } from "vitest";
import type { AssignmentDto } from "../../ipc";
import { dateOf, dayOf } from "./dates";
import { changeOf, proposed } from "./planApi";
import { repeatEdits, withFollowing } from "./series";

const booking = (id: string, from: string, last: string, series?: string): AssignmentDto => ({
  id,
  personId: "ada",
  projectId: "apollo",
  startDate: from,
  lastDay: last,
  endDateExclusive: dateOf(dayOf(last) + 1),
  allocation: { kind: "hoursPerDay", value: 240 },
  status: "tentative",
  version: 2,
  ...(series ? { series } : {}),
});

describe("a repeat", () => {
  it("puts the booking in a new series and makes one alike on each day answered", () => {
    const first = booking("a", "2027-03-01", "2027-03-02");
    const edits = repeatEdits(
      first,
      [
        { startDate: "2027-03-08", lastDay: "2027-03-09" },
        { startDate: "2027-03-15", lastDay: "2027-03-16" },
      ],
      "S1",
    );
    expect(edits[0]).toEqual({ kind: "update", before: first, after: { ...first, series: "S1" } });
    const made = edits.slice(1).map((e) => (e.kind === "create" ? e.after : null));
    expect(made.map((a) => [a?.startDate, a?.lastDay, a?.version, a?.series])).toEqual([
      ["2027-03-08", "2027-03-09", 0, "S1"],
      ["2027-03-15", "2027-03-16", 0, "S1"],
    ]);
    // Person, project, time and status as the first; each a new id.
    for (const a of made) {
      expect(a).toMatchObject({ personId: "ada", projectId: "apollo", status: "tentative" });
      expect(a?.allocation).toEqual(first.allocation);
      expect(a?.id).not.toBe("a");
    }
    expect(new Set(made.map((a) => a?.id)).size).toBe(2);
  });

  it("sends the series when its booking is changed, and null when it leaves one (an undo)", () => {
    const inOne = booking("a", "2027-03-01", "2027-03-02", "S1");
    expect(changeOf(inOne).series).toBe("S1");
    expect(changeOf(booking("a", "2027-03-01", "2027-03-02")).series).toBeNull();
    expect(proposed(inOne, { ...changeOf(inOne), series: null }).series).toBeUndefined();
    // A change that does not name the series keeps it.
    const { series: _, ...unnamed } = changeOf(inOne);
    expect(proposed(inOne, unnamed).series).toBe("S1");
  });
});

describe("this and the following ones", () => {
  const a = booking("a", "2027-03-01", "2027-03-02", "S1");
  const later = [
    a,
    booking("b", "2027-03-08", "2027-03-09", "S1"),
    booking("c", "2027-03-16", "2027-03-16", "S1"),
  ];

  it("moves each later one by as many days as the one edited", () => {
    const after = proposed(a, { ...changeOf(a), startDate: "2027-03-03", lastDay: "2027-03-04" });
    const edits = withFollowing(a, after, later);
    expect(
      edits.map((e) => (e.kind === "update" ? [e.before.id, e.after.startDate, e.after.lastDay] : e)),
    ).toEqual([
      ["a", "2027-03-03", "2027-03-04"],
      ["b", "2027-03-10", "2027-03-11"],
      ["c", "2027-03-18", "2027-03-18"],
    ]);
    // Each keeps its own version to be checked, and its series.
    expect(edits.every((e) => e.kind === "update" && e.after.series === "S1")).toBe(true);
    expect(edits[1]).toMatchObject({ kind: "update", before: later[1] });
  });

  it("carries a changed end, person, project, time or status; what was not changed stays each one's", () => {
    // Two days longer, handed to Bob, confirmed; the one-day booking (c) keeps its own length.
    const after = {
      ...proposed(a, { ...changeOf(a), personId: "bob", lastDay: "2027-03-04" }),
      status: "confirmed" as const,
    };
    const edits = withFollowing(a, after, later);
    const c = edits[2];
    expect(
      c?.kind === "update" && [c.after.personId, c.after.startDate, c.after.lastDay, c.after.status],
    ).toEqual(["bob", "2027-03-16", "2027-03-18", "confirmed"]);
    expect(c?.kind === "update" && c.after.projectId).toBe("apollo");
  });

  it("keeps a later one's first day when the shortening would leave it none", () => {
    const after = proposed(a, { ...changeOf(a), lastDay: "2027-03-01" });
    const shorter = withFollowing(a, after, later);
    const c = shorter[2];
    expect(c?.kind === "update" && [c.after.startDate, c.after.lastDay]).toEqual([
      "2027-03-16",
      "2027-03-16",
    ]);
  });

  it("deletes the later ones with it", () => {
    expect(withFollowing(a, null, later)).toEqual(later.map((b) => ({ kind: "delete", before: b })));
  });
});
