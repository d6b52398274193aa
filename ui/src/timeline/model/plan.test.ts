import { describe, expect, it } from "vitest";
import { lateWindows, only, settle, setUp, week } from "../../../test-support/timeline/planFake";
import { at } from "../../../test-support/timeline/testing";
import { dayOf } from "./dates";
import type { Plan } from "./plan.svelte";
import { newId } from "./planApi";

describe("the windows read at the ends of the calendar", () => {
  it("asks for every day a plan can hold and no other, at 1900 and at 2999, and when it reads again", async () => {
    const { store, plan } = setUp();
    plan.ensureLoaded(dayOf("1900-01-01") - 28, dayOf("1900-02-15"));
    plan.ensureLoaded(dayOf("2999-12-01"), dayOf("2999-12-31") + 28);
    await plan.reload();
    expect(store.asked.length).toBeGreaterThan(4);
    // The last window takes in 2999-12-31: it ends (exclusive) on 3000-01-01.
    for (const [from, to] of store.asked) {
      expect(from >= "1900-01-01" && to <= "3000-01-01" && from < to, `${from} – ${to}`).toBe(true);
    }
    expect(store.asked.map(([f]) => f)).toContain("1900-01-01");
    expect(store.asked.map(([, t]) => t)).toContain("3000-01-01");
  });
});

describe("a total's figures whatever was read", () => {
  // A total is spread over the working days of its whole range: the days it is taken to must be
  // known (their holidays and time off), or its figures on the days shown would be off.
  it("reads the holidays and time off of the days a total is taken to beyond those loaded", async () => {
    const { store, plan } = setUp();
    store.holidays.set("cal|2027-03-03", { calendarId: "cal", day: "2027-03-03", name: "Far" });
    const total = { kind: "total" as const, value: 6000 };
    await plan.create({ ...week("ada", "2027-01-04", "2027-03-05"), allocation: total });
    await settle();
    expect(store.asked).toContainEqual(["2027-01-04", "2027-03-06"]);
    expect(plan.capacity.holidaysOf("cal").map((h) => h.day)).toEqual(["2027-03-03"]);
    // Within days loaded (or read already): nothing more is asked.
    const asked = store.asked.length;
    await plan.create({ ...week("ada", "2026-12-07", "2026-12-18"), allocation: total });
    const far = at(
      only(plan).filter((a) => a.startDate === "2027-01-04"),
      0,
    );
    await plan.update(far, {
      ...week("ada", "2027-01-05", "2027-03-05"),
      allocation: total,
    });
    await settle();
    expect(store.asked.length).toBe(asked);
  });
});

describe("Plan edits", () => {
  it("shows a new assignment before the store answers, then keeps the store's copy", async () => {
    const { store, plan } = setUp();
    let release = () => {};
    store.hold = new Promise((r) => {
      release = r;
    });
    const done = plan.create(week("ada", "2026-12-07", "2026-12-11"));
    expect(only(plan)).toHaveLength(1);
    expect(at(only(plan), 0).version).toBe(0);
    expect(plan.pending).toBe(1);
    release();
    expect(await done).toBe(true);
    expect(at(only(plan), 0).version).toBe(1);
    expect(at(only(plan), 0).endDateExclusive).toBe("2026-12-12");
    expect(store.rows.size).toBe(1);
    expect(plan.canUndo).toBe(true);
  });

  it("snaps a failed move back and says why, recording nothing", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const a = at(only(plan), 0);
    store.failNext = "unavailable";
    expect(await plan.update(a, week("bob", "2026-12-14", "2026-12-18"))).toBe(false);
    expect(plan.byId[a.id]).toEqual(a);
    expect(plan.notice?.text).toBe("Unavailable.");
    await plan.undo(); // undoes the create, not the failed move
    expect(only(plan)).toHaveLength(0);
    expect(store.rows.size).toBe(0);
  });

  it("after a conflict shows the other person's edit and says so", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const mine = at(only(plan), 0);
    // Someone else moves it meanwhile.
    const theirs = await store.updateAssignment(mine, week("bob", "2026-12-21", "2026-12-23"));
    expect(await plan.update(mine, week("ada", "2026-12-08", "2026-12-12"))).toBe(false);
    expect(plan.byId[mine.id]).toEqual(theirs);
    expect(plan.notice?.text).toMatch(/Someone else changed this/);
  });

  it("undoes and redoes a chain of moves with fresh versions each time", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const id = at(only(plan), 0).id;
    await plan.update(at(Object.values(plan.byId), 0), week("ada", "2026-12-14", "2026-12-18"));
    await plan.update(at(Object.values(plan.byId), 0), week("bob", "2026-12-14", "2026-12-22"));
    await plan.undo();
    expect(store.rows.get(id)).toMatchObject({ personId: "ada", startDate: "2026-12-14", version: 4 });
    await plan.undo();
    expect(store.rows.get(id)).toMatchObject({ startDate: "2026-12-07", lastDay: "2026-12-11", version: 5 });
    await plan.redo();
    await plan.redo();
    expect(store.rows.get(id)).toMatchObject({ personId: "bob", lastDay: "2026-12-22", version: 7 });
    expect(plan.byId[id]).toEqual(store.rows.get(id));
    expect(plan.canRedo).toBe(false);
    expect(plan.notice).toBeNull();
  });

  it("hands a placeholder's bookings to a person in one undo step, and says which stayed", async () => {
    const { store, plan } = setUp();
    await plan.create(week("hire", "2026-12-07", "2026-12-11"));
    await plan.create(week("hire", "2026-12-14", "2026-12-18"));
    await plan.create(week("hire", "2027-01-04", "2027-01-08"));
    const [a, b, c] = only(plan).sort((x, y) => x.startDate.localeCompare(y.startDate));
    if (!a || !b || !c) throw new Error("three bookings");
    expect(await plan.handOver([a, b], "ada")).toEqual([]);
    expect([a, b, c].map((x) => store.rows.get(x.id)?.personId)).toEqual(["ada", "ada", "hire"]);
    expect([a, b].map((x) => plan.byId[x.id]?.personId)).toEqual(["ada", "ada"]);
    // One undo takes both back, one redo hands both again.
    await plan.undo();
    expect([a, b].map((x) => store.rows.get(x.id)?.personId)).toEqual(["hire", "hire"]);
    expect(plan.canUndo).toBe(true); // the creates before it
    await plan.redo();
    expect([a, b].map((x) => store.rows.get(x.id)?.personId)).toEqual(["ada", "ada"]);
    await plan.undo();

    // Someone else moved one meanwhile: the other goes, that one stays and is said; undo takes
    // back only what moved.
    const held = store.rows.get(c.id);
    if (!held) throw new Error("c");
    await store.updateAssignment(held, week("hire", "2027-01-11", "2027-01-15"));
    const bNow = plan.byId[b.id];
    if (!bNow) throw new Error("b");
    const stayed = await plan.handOver([bNow, c], "ada");
    expect(stayed.map((s) => [s.id, s.error.code])).toEqual([[c.id, "conflict"]]);
    expect(store.rows.get(b.id)?.personId).toBe("ada");
    expect(plan.byId[c.id]).toMatchObject({ personId: "hire", startDate: "2027-01-11" });
    await plan.undo();
    expect(store.rows.get(b.id)?.personId).toBe("hire");
    expect(store.rows.get(c.id)).toMatchObject({ personId: "hire", startDate: "2027-01-11" });
  });

  it("edits many bookings as one batch in one undo step, and names the ones someone else changed", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    await plan.create(week("ada", "2026-12-14", "2026-12-18"));
    await plan.create(week("bob", "2027-01-04", "2027-01-08"));
    const [a, b, c] = only(plan).sort((x, y) => x.startDate.localeCompare(y.startDate));
    if (!a || !b || !c) throw new Error("three bookings");
    const copy = { ...a, id: newId(), personId: "bob", version: 0 };
    const left = await plan.editMany([
      { kind: "update", before: a, after: { ...a, startDate: "2026-12-08", lastDay: "2026-12-12" } },
      { kind: "delete", before: b },
      { kind: "create", after: copy },
    ]);
    expect(left).toEqual({ failed: [], notSent: [], cancelled: false });
    expect(store.calls.filter((x) => x === "many")).toHaveLength(1);
    expect(store.rows.get(a.id)).toMatchObject({ startDate: "2026-12-08", version: 2 });
    expect(store.rows.has(b.id)).toBe(false);
    expect(store.rows.get(copy.id)).toMatchObject({ personId: "bob", version: 1 });
    expect(plan.byId[a.id]).toEqual(store.rows.get(a.id));
    // One undo takes all three back (the copy deleted, the delete made again, the move undone).
    await plan.undo();
    expect(store.rows.get(a.id)).toMatchObject({ startDate: "2026-12-07", version: 3 });
    expect(store.rows.get(b.id)).toMatchObject({ startDate: "2026-12-14" });
    expect(store.rows.has(copy.id)).toBe(false);
    await plan.redo();
    expect(store.rows.get(a.id)).toMatchObject({ startDate: "2026-12-08", version: 4 });
    expect(store.rows.has(b.id)).toBe(false);

    // Someone else moved c meanwhile: the rest goes through, c is named and shown where it is.
    const held = store.rows.get(c.id);
    const aNow = plan.byId[a.id];
    if (!held || !aNow) throw new Error("c, a");
    await store.updateAssignment(held, week("bob", "2027-01-11", "2027-01-15"));
    const stale = await plan.editMany([
      { kind: "update", before: aNow, after: { ...aNow, personId: "bob" } },
      { kind: "update", before: c, after: { ...c, personId: "ada" } },
    ]);
    expect(stale.failed.map((f) => [f.id, f.error.code])).toEqual([[c.id, "conflict"]]);
    expect(store.rows.get(a.id)?.personId).toBe("bob");
    expect(plan.byId[c.id]).toMatchObject({ personId: "bob", startDate: "2027-01-11" });
    // Undo takes back only what was written.
    await plan.undo();
    expect(store.rows.get(a.id)?.personId).toBe("ada");
    expect(store.rows.get(c.id)).toMatchObject({ personId: "bob", startDate: "2027-01-11" });
  });

  it("keeps what an edit of many wrote before it was cancelled, and tells how far it went", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    await plan.create(week("ada", "2026-12-14", "2026-12-18"));
    const [a, b] = only(plan).sort((x, y) => x.startDate.localeCompare(y.startDate));
    if (!a || !b) throw new Error("two bookings");
    const seen: (typeof plan.many)[] = [];
    store.cancelAfter = 1;
    let release = () => {};
    store.hold = new Promise((r) => {
      release = r;
    });
    const editing = plan.editMany([
      { kind: "delete", before: a },
      { kind: "delete", before: b },
    ]);
    await Promise.resolve();
    seen.push(plan.many);
    plan.cancelMany();
    store.hold = null;
    release();
    const left = await editing;
    expect(seen[0]).toMatchObject({ done: 0, of: 2 });
    expect(store.cancelled).toEqual([seen[0]?.key]);
    expect(left).toMatchObject({ failed: [], notSent: [b.id], cancelled: true });
    expect(plan.many).toBeNull();
    expect([store.rows.has(a.id), store.rows.has(b.id)]).toEqual([false, true]);
    // The view shows b again (read anew), and the undo brings a back.
    expect(plan.byId[b.id]).toBeDefined();
    await plan.undo();
    expect(store.rows.has(a.id)).toBe(true);
  });

  it("throws when nothing of an edit of many could be written, and puts the view back", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const a = at(only(plan), 0);
    const held = store.rows.get(a.id);
    if (!held) throw new Error("a");
    await store.updateAssignment(held, week("ada", "2026-12-14", "2026-12-18"));
    await expect(plan.editMany([{ kind: "delete", before: a }])).rejects.toMatchObject({ code: "conflict" });
    expect(plan.byId[a.id]).toMatchObject({ startDate: "2026-12-14" });
  });

  it("undoes a delete by creating the same assignment again, and redoes it", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const a = at(only(plan), 0);
    await plan.remove(a);
    expect(only(plan)).toHaveLength(0);
    await plan.undo();
    expect(store.rows.get(a.id)).toMatchObject({ startDate: "2026-12-07", version: 1 });
    expect(plan.byId[a.id]).toBeDefined();
    await plan.redo();
    expect(store.rows.has(a.id)).toBe(false);
    expect(plan.byId[a.id]).toBeUndefined();
  });

  it("drops an undo that someone else's edit made impossible", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const a = at(only(plan), 0);
    await store.updateAssignment(a, week("ada", "2026-12-01", "2026-12-02"));
    await plan.undo(); // would delete a copy that changed: a conflict
    expect(store.rows.get(a.id)?.startDate).toBe("2026-12-01");
    expect(plan.byId[a.id]?.startDate).toBe("2026-12-01");
    expect(plan.canUndo).toBe(false);
  });

  it("undo and redo pressed while writes are in flight wait their turn", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    await plan.create(week("bob", "2026-12-07", "2026-12-11"));
    let release = () => {};
    store.hold = new Promise((r) => {
      release = r;
    });
    const presses = [plan.undo(), plan.undo()];
    expect(store.rows.size).toBe(2);
    release();
    await Promise.all(presses);
    // Both creates undone, in turn.
    expect(store.rows.size).toBe(0);
    expect(Object.values(plan.byId)).toEqual([]);
    expect(plan.canUndo).toBe(false);
    store.hold = null;
    await Promise.all([plan.redo(), plan.redo()]);
    expect([...store.rows.values()].map((a) => a.personId).sort()).toEqual(["ada", "bob"]);
    expect(plan.canRedo).toBe(false);
  });

  it("a new edit clears what could be redone", async () => {
    const { plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    await plan.undo();
    expect(plan.canRedo).toBe(true);
    await plan.create(week("bob", "2026-12-07", "2026-12-11"));
    expect(plan.canRedo).toBe(false);
  });

  it("renames a person and a project, undoably", async () => {
    const { store, plan } = setUp();
    await plan.renamePerson(at(plan.people, 0), "Ada Lovelace");
    await plan.updateProject(at(plan.projects, 0), { name: "Gemini", color: "#AA0000" });
    expect(plan.people.map((p) => p.name)).toEqual(["Ada Lovelace", "Bob"]);
    expect(at(store.projects, 0)).toMatchObject({ name: "Gemini", color: "#AA0000", version: 2 });
    await plan.undo();
    await plan.undo();
    expect(at(store.people, 0)).toMatchObject({ name: "Ada", version: 3 });
    expect(at(store.projects, 0)).toMatchObject({ name: "Apollo", color: "#336699", version: 3 });
  });

  it("a failed rename is thrown to the dialog and shown as before", async () => {
    const { store, plan } = setUp();
    store.failNext = "name_too_long";
    await expect(plan.renamePerson(at(plan.people, 0), "x".repeat(300))).rejects.toMatchObject({
      code: "name_too_long",
    });
    expect(at(plan.people, 0).name).toBe("Ada");
    expect(plan.canUndo).toBe(false);
  });

  it("deleting a person removes their bars and the edits that mention them", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    await plan.create(week("ada", "2026-12-14", "2026-12-18"));
    await plan.create(week("bob", "2026-12-07", "2026-12-11"));
    expect(await plan.countFor("person", "ada")).toBe(2);
    const seen: number[] = [];
    expect(await plan.deletePerson(at(plan.people, 0), (done) => seen.push(done))).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(only(plan).map((a) => a.personId)).toEqual(["bob"]);
    expect(plan.people.map((p) => p.name)).toEqual(["Bob"]);
    await plan.undo(); // Bob's create, the only edit left
    await plan.undo();
    expect(store.rows.size).toBe(0);
    expect(plan.canUndo).toBe(false);
  });
});

describe("Plan windows", () => {
  it("a window with nothing new leaves the plan as it was; new or changed assignments come in", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2027-03-01", "2027-03-05"));
    const [before, lists] = [plan.revision, plan.byPerson.get("ada")];
    plan.ensureLoaded(dayOf("2027-02-15"), dayOf("2027-03-20"));
    await new Promise((r) => setTimeout(r, 0));
    expect(plan.revision).toBe(before); // no change: nothing recomputes
    expect(plan.byPerson.get("ada")).toBe(lists);
    // Someone else's new assignment in a window not loaded yet is taken in.
    await store.createAssignment({ id: "THEIRS", ...week("bob", "2027-06-01", "2027-06-02") });
    plan.ensureLoaded(dayOf("2027-05-20"), dayOf("2027-06-10"));
    await new Promise((r) => setTimeout(r, 0));
    expect(plan.byId.THEIRS?.personId).toBe("bob");
    expect(plan.revision).toBe(before + 1);
    expect(plan.byPerson.get("ada")).toBe(lists); // Ada's lanes are kept
    expect(plan.byPerson.get("bob")?.map((a) => a.id)).toEqual(["THEIRS"]);
  });

  it("keeps each person's list of assignments as they change: moved to another person, edited, deleted", async () => {
    const { plan } = setUp();
    await plan.create(week("ada", "2027-03-01", "2027-03-05"));
    await plan.create(week("ada", "2027-03-08", "2027-03-12"));
    const [first, second] = plan.byPerson.get("ada") ?? [];
    if (!first || !second) throw new Error("two of Ada's");
    const bobs = plan.byPerson.get("bob");
    await plan.update(first, week("ada", "2027-03-02", "2027-03-05"));
    expect(plan.byPerson.get("ada")?.map((a) => [a.id, a.startDate])).toEqual([
      [first.id, "2027-03-02"],
      [second.id, "2027-03-08"],
    ]);
    expect(plan.byPerson.get("bob")).toBe(bobs); // untouched: the same list
    await plan.update(plan.byId[first.id] ?? first, week("bob", "2027-03-02", "2027-03-05"));
    expect(plan.byPerson.get("ada")?.map((a) => a.id)).toEqual([second.id]);
    expect(plan.byPerson.get("bob")?.map((a) => a.id)).toContain(first.id);
    await plan.remove(plan.byId[second.id] ?? second);
    expect(plan.byPerson.has("ada")).toBe(false);
    expect(Object.keys(plan.byId)).toEqual([first.id]);
    // The index and the record agree: every assignment once, under its person.
    const listed = [...plan.byPerson.values()].flat();
    expect(listed.map((a) => a.id).sort()).toEqual(Object.keys(plan.byId).sort());
    expect(listed.every((a) => plan.byId[a.id] === a)).toBe(true);
  });
});

describe("newId", () => {
  it("makes 26-character ULIDs that sort by time", () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(a < b).toBe(true);
    expect(newId()).not.toBe(newId());
  });
});

describe("Plan offline", () => {
  it("settles a move whose answer was lost: found saved, it joins the history", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const a = at(only(plan), 0);
    store.loseAnswer = true;
    expect(await plan.update(a, week("bob", "2026-12-14", "2026-12-18"))).toBe(false);
    expect(plan.unsure).toHaveLength(1);
    expect(plan.byId[a.id]).toEqual(a); // not shown as done while unknown
    await plan.reconnected();
    expect(plan.unsure).toHaveLength(0);
    expect(plan.byId[a.id]).toMatchObject({ personId: "bob", startDate: "2026-12-14", version: 2 });
    expect(plan.notice).toMatchObject({
      kind: "info",
      text: "The change made as the connection was lost was saved.",
    });
    await plan.undo(); // with the version the table holds
    expect(store.rows.get(a.id)).toMatchObject({ personId: "ada", startDate: "2026-12-07", version: 3 });
  });

  it("offers to do again what was not saved, and doing it again creates it once", async () => {
    const { store, plan } = setUp();
    store.failNext = "unconfirmed"; // lost before it landed
    expect(await plan.create(week("ada", "2026-12-07", "2026-12-11"))).toBe(false);
    expect(only(plan)).toHaveLength(0);
    await plan.reconnected();
    expect(plan.notice?.text).toBe("The change made as the connection was lost was not saved.");
    expect(plan.unsure).toHaveLength(0);
    plan.notice?.action?.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.rows.size).toBe(1);
    expect(only(plan)).toHaveLength(1);
    expect(plan.notice).toBeNull();
  });

  it("settles a new person whose answer was lost; doing it again adds no second one", async () => {
    const { store, plan } = setUp();
    store.loseAnswer = true;
    await expect(plan.addPerson("Grace")).rejects.toMatchObject({ code: "unconfirmed" });
    expect(plan.unsure).toMatchObject([{ kind: "add-person", after: { name: "Grace" } }]);
    await plan.reconnected();
    expect(plan.people.map((p) => p.name)).toContain("Grace");
    expect(plan.notice?.kind).toBe("info");
    // Lost before it landed: offered again, with the same id.
    store.failNext = "unconfirmed";
    await expect(plan.addPerson("Hedy")).rejects.toMatchObject({ code: "unconfirmed" });
    await plan.reconnected();
    expect(plan.notice?.kind).toBe("error");
    const again = plan.notice?.action;
    again?.run();
    await new Promise((r) => setTimeout(r, 0));
    again?.run(); // a second press finds it there already
    await new Promise((r) => setTimeout(r, 0));
    expect(store.people.filter((p) => p.name === "Hedy")).toHaveLength(1);
    expect(plan.people.filter((p) => p.name === "Hedy")).toHaveLength(1);
  });

  it("marks the windows the copy lacks as not loaded and asks again once back", async () => {
    const { store, plan } = setUp();
    store.offline = true;
    const far = dayOf("2027-06-01");
    plan.ensureLoaded(far, far + 14);
    await new Promise((r) => setTimeout(r, 0));
    expect(plan.missing.length).toBeGreaterThan(0);
    expect(plan.notice).toBeNull(); // shown in place, not as an error
    const asked = store.windowsAsked;
    plan.ensureLoaded(far, far + 14);
    expect(store.windowsAsked).toBe(asked); // not asked again while offline
    store.offline = false;
    await plan.reconnected();
    expect(plan.missing).toHaveLength(0);
    plan.ensureLoaded(far, far + 14);
    expect(store.windowsAsked).toBeGreaterThan(asked);
  });

  it("keeps a window loaded during a reload, and drops what the reload no longer finds", async () => {
    const { store, plan } = setUp();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    const gone = at(only(plan), 0);
    store.rows.delete(gone.id); // someone else deleted it
    const far = await store.createAssignment({ ...week("bob", "2027-06-07", "2027-06-11"), id: newId() });
    // The reload's windows (and catalog) answer late; a scroll's to June does not.
    const { answer: release } = lateWindows(store, (from) => from < "2027-06-01");
    const reloading = plan.reload();
    plan.ensureLoaded(dayOf("2027-06-01"), dayOf("2027-06-20")); // a scroll meanwhile
    await new Promise((r) => setTimeout(r, 0));
    expect(plan.byId[far.id]).toBeDefined();
    release();
    await reloading;
    expect(plan.byId[far.id]).toBeDefined(); // kept
    expect(plan.byId[gone.id]).toBeUndefined(); // gone
  });

  it("names the items the table could not read back, each once, and shows the rest", async () => {
    const bad = { key: "TEAM#t / ASN#2026-12-07#x", detail: "version out of range (0 to 2^53 − 1)" };
    const { store, plan } = setUp({ unreadable: [bad] });
    expect(plan.notice).toEqual({
      kind: "error",
      text: "An item of the team's data could not be read and is not shown (TEAM#t / ASN#2026-12-07#x); the rest is. Ask your admin to check it: the app's log names each.",
    });
    plan.notice = null;
    // A scroll's window naming it again says nothing new.
    store.unreadable = [bad];
    plan.ensureLoaded(dayOf("2027-03-01"), dayOf("2027-03-20"));
    await new Promise((r) => setTimeout(r, 0));
    expect(plan.notice).toBeNull();
    // A reload that finds another: both counted, the new one named.
    store.unreadable = [bad, { key: "TEAM#t / RES#y", detail: "attribute name missing or not a string" }];
    await plan.reload();
    const said = (p: Plan) => p.notice?.text; // (read anew: the null set above narrowed the field)
    expect(said(plan)).toMatch(
      /^2 items of the team's data could not be read and are not shown \(TEAM#t \/ RES#y, …\)/,
    );
  });

  it("loads again the days an offline start did not have", async () => {
    const { store, plan } = setUp({ loaded: [], cached: true });
    plan.ensureLoaded(dayOf("2026-12-01"), dayOf("2026-12-10"));
    expect(store.windowsAsked).toBeGreaterThan(0);
  });
});

describe("the project a new assignment offers", () => {
  it("is none until one is booked here, then the last one booked while it exists", async () => {
    const { plan } = setUp();
    expect(plan.lastProject).toBeNull();
    await plan.create(week("ada", "2026-12-07", "2026-12-11"));
    expect(plan.lastProject?.id).toBe("apollo");
  });
});
