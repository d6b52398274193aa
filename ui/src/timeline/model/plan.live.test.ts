import { describe, expect, it } from "vitest";
import { only, setUp, week } from "../../../test-support/timeline/planFake";
import { at } from "../../../test-support/timeline/testing";
import type { AssignmentDto, LiveItemDto, LiveNewsDto, PersonDto } from "../../ipc";
import { FULL_DAY } from "./allocation";
import { dateOf, dayOf } from "./dates";

// Live view helpers: a bar, a record of someone's change, the news of some records.
const bar = (
  id: string,
  personId: string,
  startDate: string,
  lastDay: string,
  version: number,
): AssignmentDto => ({
  id,
  personId,
  projectId: "apollo",
  startDate,
  lastDay,
  endDateExclusive: dateOf(dayOf(lastDay) + 1),
  allocation: FULL_DAY,
  status: "confirmed",
  version,
});
const item = (change: LiveItemDto["change"], mine = false): LiveItemDto => ({
  cursor: `FEED#${Math.random()}`,
  kind: change.kind === "whole" ? "import" : change.kind,
  item: "x",
  summary: [],
  at: "2026-12-01T10:00:00Z",
  by: mine ? "me" : "them",
  who: mine ? "Me" : "Ada",
  mine,
  contradicted: false,
  action: "changed",
  change,
});
const news = (...items: LiveItemDto[]): LiveNewsDto => ({ kind: "changes", items });

describe("Plan live view", () => {
  it("others' bars appear, move and vanish in place; an older or repeated change does nothing", async () => {
    const { plan } = setUp();
    const v1 = bar("x", "ada", "2026-12-07", "2026-12-11", 1);
    const v2 = bar("x", "bob", "2026-12-14", "2026-12-18", 2);
    await plan.applyLive(news(item({ kind: "assignment", before: null, after: v1 })));
    expect(plan.byId.x).toEqual(v1);
    await plan.applyLive(news(item({ kind: "assignment", before: v1, after: v2 })));
    expect(plan.byId.x).toEqual(v2);
    // The same record read again (the read-back minute), and the older one: v2 stays.
    await plan.applyLive(news(item({ kind: "assignment", before: null, after: v1 })));
    expect(plan.byId.x).toEqual(v2);
    await plan.applyLive(news(item({ kind: "assignment", before: v2, after: null })));
    expect(plan.byId.x).toBeUndefined();
    expect(plan.notice).toBeNull();
  });

  it("someone else's edit of many applies booking by booking and is said once, with its count", async () => {
    const { plan } = setUp();
    const batch = { id: "B1", count: 3 };
    const [x, y, z] = ["x", "y", "z"].map((id, i) =>
      bar(id, "ada", `2026-12-0${7 + i}`, `2026-12-0${7 + i}`, 1),
    );
    if (!x || !y || !z) throw new Error("three");
    // Two of its records in one ask, the third in the next.
    await plan.applyLive(
      news(
        { ...item({ kind: "assignment", before: null, after: x }), batch },
        { ...item({ kind: "assignment", before: null, after: y }), batch },
      ),
    );
    expect([plan.byId.x, plan.byId.y]).toEqual([x, y]);
    expect(plan.notice).toEqual({
      text: "Ada edited 3 bookings at once; the timeline shows them.",
      kind: "info",
    });
    plan.notice = null;
    await plan.applyLive(news({ ...item({ kind: "assignment", before: null, after: z }), batch }));
    expect(plan.byId.z).toEqual(z);
    expect(plan.notice).toBeNull();
    // One's own edit of many is not said.
    const w = bar("w", "ada", "2026-12-14", "2026-12-14", 1);
    await plan.applyLive(
      news({ ...item({ kind: "assignment", before: null, after: w }, true), batch: { id: "B2", count: 5 } }),
    );
    expect(plan.notice).toBeNull();
  });

  it("people and projects are added, renamed and deleted with their bars", async () => {
    const { plan } = setUp();
    await plan.applyLive(
      news(item({ kind: "assignment", before: null, after: bar("x", "bob", "2026-12-07", "2026-12-11", 1) })),
    );
    await plan.applyLive(
      news(
        item({ kind: "person", before: null, after: { id: "cy", name: "Cy", version: 1 } }),
        item({
          kind: "person",
          before: { id: "ada", name: "Ada", version: 1 },
          after: { id: "ada", name: "Adele", version: 2 },
        }),
        item({
          kind: "project",
          before: null,
          after: { id: "zeus", name: "Zeus", color: "#aa0000", version: 1 },
        }),
        item({ kind: "person", before: { id: "bob", name: "Bob", version: 1 }, after: null }),
      ),
    );
    expect(plan.people.map((p) => p.name)).toEqual(["Adele", "Cy"]);
    expect(plan.projects.map((p) => p.name)).toEqual(["Apollo", "Zeus"]);
    expect(plan.byId.x).toBeUndefined();
  });

  it("a change to the bar being dragged waits until it is let go, then is said", async () => {
    const { plan } = setUp();
    const v1 = bar("x", "ada", "2026-12-07", "2026-12-11", 1);
    await plan.applyLive(news(item({ kind: "assignment", before: null, after: v1 })));
    const v2 = bar("x", "ada", "2026-12-21", "2026-12-23", 2);
    plan.hold("x");
    await plan.applyLive(news(item({ kind: "assignment", before: v1, after: v2 })));
    expect(plan.byId.x).toEqual(v1);
    expect(plan.notice).toBeNull();
    plan.hold(null);
    expect(plan.byId.x).toEqual(v2);
    expect(plan.notice?.text).toBe(
      "Ada changed this assignment while you held it. The timeline shows their version now.",
    );
  });

  it("a change the table did not bear out is applied as the table holds it, and not said as anyone's", async () => {
    const { plan } = setUp();
    const v1 = bar("x", "ada", "2026-12-07", "2026-12-11", 1);
    await plan.applyLive(news(item({ kind: "assignment", before: null, after: v1 })));
    const v2 = bar("x", "ada", "2026-12-21", "2026-12-23", 2);
    plan.hold("x");
    await plan.applyLive(
      news({ ...item({ kind: "assignment", before: v1, after: v2 }), contradicted: true }),
    );
    plan.hold(null);
    expect(plan.byId.x).toEqual(v2);
    expect(plan.notice).toBeNull();
  });

  it("the team's name and week apply in place", async () => {
    const { plan } = setUp();
    const after = { name: "Renamed", defaultWeek: [420, 420, 420, 420, 420, 0, 0], feedDays: null };
    await plan.applyLive(
      news(item({ kind: "team", before: { name: "T", defaultWeek: null, feedDays: null }, after })),
    );
    expect(plan.teamName).toBe("Renamed");
    expect(plan.capacity.defaultWeek).toEqual(after.defaultWeek);
  });

  it("holidays, an import or 'too much' read what is shown again", async () => {
    const { store, plan } = setUp();
    const asked = store.asked.length;
    await plan.applyLive(news(item({ kind: "holidays", added: [], removed: [] })));
    await plan.applyLive({ kind: "reload" });
    expect(store.asked.length).toBeGreaterThan(asked);
  });
});

describe("Plan live view and undo", () => {
  it("an undo after someone else changed the bar is a conflict, not an overwrite of their change", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const mine = at(only(plan), 0);
    await plan.update(mine, week("ada", "2026-12-14", "2026-12-18"));
    const moved = at(only(plan), 0);
    // Their move lands in the table, and the live view shows it.
    const theirs = await store.updateAssignment(moved, week("bob", "2026-12-21", "2026-12-23"));
    await plan.applyLive({
      kind: "changes",
      items: [
        {
          cursor: "FEED#1",
          at: "2026-12-01T10:00:00Z",
          by: "them",
          who: "Ada",
          mine: false,
          contradicted: false,
          kind: "assignment",
          action: "changed",
          item: theirs.id,
          change: { kind: "assignment", before: moved, after: theirs },
          summary: [],
        },
      ],
    });
    expect(plan.byId[theirs.id]).toEqual(theirs);
    await plan.undo();
    expect(store.rows.get(theirs.id)).toEqual(theirs);
    expect(plan.notice?.text).toBe(
      "Someone else changed this in the meantime. The timeline now shows the current plan; nothing of theirs was overwritten.",
    );
    // A new move of the bar as shown now goes from their version.
    expect(
      await plan.update(plan.byId[theirs.id] as AssignmentDto, week("bob", "2026-12-28", "2026-12-30")),
    ).toBe(true);
  });

  it("a drag let go after a reload brought someone else's change is a conflict, not an overwrite", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const seen = at(only(plan), 0);
    const theirs = await store.updateAssignment(seen, week("bob", "2026-12-21", "2026-12-23"));
    await plan.applyLive({ kind: "reload" });
    expect(plan.byId[seen.id]).toEqual(theirs);
    // The drag began on the bar as it was (`seen`); it is let go now.
    expect(await plan.update(seen, week("ada", "2026-12-14", "2026-12-18"))).toBe(false);
    expect(store.rows.get(seen.id)).toEqual(theirs);
  });

  it("a reload while a bar is held keeps it as grabbed until it is let go", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const seen = at(only(plan), 0);
    const theirs = await store.updateAssignment(seen, week("bob", "2026-12-21", "2026-12-23"));
    plan.hold(seen.id);
    await plan.applyLive({ kind: "reload" });
    expect(plan.byId[seen.id]).toEqual(seen);
    plan.hold(null);
    expect(plan.byId[seen.id]).toEqual(theirs);
    expect(plan.notice?.text).toBe(
      "Someone changed this assignment while you held it. The timeline shows their version now.",
    );
  });

  it("an import that changed the held bar's days under the same version still waits", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const seen = at(only(plan), 0);
    // An import writes the file's item with the file's version: same version, other days.
    const imported = { ...seen, lastDay: "2026-12-12", endDateExclusive: "2026-12-13" };
    store.rows.set(seen.id, imported);
    plan.hold(seen.id);
    await plan.applyLive({ kind: "reload" });
    expect(plan.byId[seen.id]).toEqual(seen);
    plan.hold(null);
    expect(plan.byId[seen.id]?.endDateExclusive).toBe("2026-12-13");
  });

  it("this window's own delete, read back from the feed, keeps its undo step", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const mine = at(only(plan), 0);
    await plan.editMany([{ kind: "delete", before: mine }]);
    expect(plan.byId[mine.id]).toBeUndefined();
    // The feed brings the delete back (the live view reads every record, this window's too).
    await plan.applyLive(news(item({ kind: "assignment", before: mine, after: null }, true)));
    expect(plan.canUndo).toBe(true);
    await plan.undo();
    expect(plan.byId[mine.id]).toBeDefined();
    expect(store.rows.has(mine.id)).toBe(true);
  });

  it("a late record of a bar someone deleted does not bring it back; its restore does", async () => {
    const { plan } = setUp();
    const v1 = bar("x", "ada", "2026-12-07", "2026-12-11", 1);
    const v2 = bar("x", "ada", "2026-12-14", "2026-12-18", 2);
    await plan.applyLive(news(item({ kind: "assignment", before: null, after: v1 })));
    await plan.applyLive(news(item({ kind: "assignment", before: v2, after: null })));
    // The move to v2, read late (its writer's clock behind): the bar stays gone.
    await plan.applyLive(news(item({ kind: "assignment", before: v1, after: v2 })));
    expect(plan.byId.x).toBeUndefined();
    const back = { ...v2, version: 3 };
    await plan.applyLive(news(item({ kind: "assignment", before: null, after: back })));
    expect(plan.byId.x).toEqual(back);
  });

  it("others' calendars are added, renamed and removed in place", async () => {
    const { plan } = setUp();
    const cal = { id: "jp", name: "Japan", region: "JP", version: 1 };
    await plan.applyLive(news(item({ kind: "calendar", before: null, after: cal })));
    await plan.applyLive(
      news(item({ kind: "calendar", before: cal, after: { ...cal, name: "Tokyo", version: 2 } })),
    );
    expect(plan.capacity.calendars.map((c) => c.name)).toEqual(["Tokyo"]);
  });

  it("an undo of a rename after someone else renamed the person is a conflict", async () => {
    const { store, plan } = setUp();
    const ada = plan.people.find((p) => p.id === "ada") as PersonDto;
    await plan.renamePerson(ada, "Adele");
    const theirs = await store.renamePerson("ada", 2, "Ada L.");
    await plan.applyLive(news(item({ kind: "person", before: null, after: theirs })));
    await plan.undo();
    expect(store.people.find((p) => p.id === "ada")?.name).toBe("Ada L.");
  });

  it("a rename answered after someone deleted the person does not bring them back", async () => {
    const { store, plan } = setUp();
    const ada = plan.people.find((p) => p.id === "ada") as PersonDto;
    let answer = () => {};
    store.hold = new Promise((r) => {
      answer = r;
    });
    const renaming = plan.renamePerson(ada, "Adele");
    await plan.applyLive(news(item({ kind: "person", before: ada, after: null })));
    answer();
    await renaming;
    expect(plan.people.map((p) => p.name)).toEqual(["Bob"]);
  });
});
