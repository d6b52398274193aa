import { describe, expect, it } from "vitest";
import {
  BARS,
  bar,
  FakeElement,
  FakePlan,
  ORIGIN,
  PEOPLE,
  placedIn,
  pointer,
  ROWS,
  STACK,
  TODAY,
  TOPS,
  timeline,
} from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import type { HolidayDto, LabelDto, TimeOffDto } from "../../ipc";
import { dateFormat } from "../../lib/dateFormat";
import { availabilities } from "../model/capacity.svelte";
import { dayOf } from "../model/dates";
import { dayLevel, dayLoads, overDays } from "../model/load";
import { NO_FILTER } from "../model/peopleFilter";
import { figures } from "../model/period";
import type { Plan } from "../model/plan.svelte";
import { BAR_H, barAt, LANE_H, type PlacedRow, placedBar, placeRows } from "./placement";
import { barLanes, indexRows, laneRows, loadsIn, overIn } from "./rowData";
import { fades, Rows } from "./rows.svelte";

const rows = ROWS;
const tops = TOPS;
const origin = ORIGIN;
const placed = placedIn(TODAY - 2, TODAY + 20);

describe("rows and lanes", () => {
  it("keeps a person's lanes when the list of their bookings is the same, and finds a bar at its person's first row", () => {
    const lists = new Map([["ada", BARS.filter((a) => a.personId === "ada")]]);
    const first = barLanes(PEOPLE, lists);
    const again = barLanes(PEOPLE, new Map(lists), first);
    expect(again.every((r, i) => r === first[i])).toBe(true);
    // Ada in two rows (grouped by skill, say): her bars are found at the first.
    const twice = [...first, at(first, 0)];
    const index = indexRows(twice, (id) => BARS.find((a) => a.id === id)?.personId);
    const a1 = at(BARS, 0);
    expect(index.bar.get(a1.id)).toEqual({
      row: 0,
      start: dayOf(a1.startDate),
      end: dayOf(a1.endDateExclusive),
    });
    expect(index.person.get("ada")).toBe(0);
    // Bob's bar, not in these lists, has no place; nor has a bar nobody knows.
    expect(index.bar.get("b1")).toBeUndefined();
    expect(index.bar.get("nobody's")).toBeUndefined();
  });

  it("gives each person a row, in order, with overlapping bars in lanes", () => {
    expect(rows.map((r) => [r.person.id, r.bars.map((b) => b.id), r.lanes])).toEqual([
      ["ada", ["a1", "a2"], 2],
      ["bob", ["b1"], 1],
      ["cy", [], 1],
    ]);
    expect(at(rows, 0).lane.get("a2")).toBe(1);
    expect(at(rows, 0).bars[0]).toMatchObject({ start: TODAY, end: TODAY + 4 });
    expect(tops).toEqual([0, 62, 98, 134]);
    expect(STACK.heights).toEqual([62, 36, 36]);
  });

  it("places the rows in view and their bars in the days laid out", () => {
    expect(placed.map((r) => [r.index, r.top, r.height])).toEqual([
      [0, 0, 62],
      [1, 62, 36],
      [2, 98, 36],
    ]);
    expect(at(placed, 0).bars).toEqual([
      { id: "a1", a: at(BARS, 0), x: 10 * 20 + 1, w: 4 * 20 - 2, y: 5, h: BAR_H },
      { id: "a2", a: at(BARS, 1), x: 12 * 20 + 1, w: 7 * 20 - 2, y: 5 + LANE_H, h: BAR_H },
    ]);
    expect(at(placed, 0).over).toEqual([{ from: TODAY + 2, to: TODAY + 4 }]);
    const later = placeRows(
      rows,
      STACK,
      { first: 1, last: 2 },
      { first: dayOf("2026-03-12"), last: TODAY + 30 },
      origin,
      20,
    );
    expect(later.map((r) => [r.index, r.bars.map((b) => b.id)])).toEqual([[1, []]]);
  });

  it("keeps a placed row while nothing it is placed by changes (a scroll down keeps all but the rows coming in)", () => {
    const days = { first: TODAY - 3, last: TODAY + 18 };
    const place = (
      range: { first: number; last: number },
      last: PlacedRow[],
      d = days,
      px = 20,
      tops = STACK,
      from = rows,
    ) => placeRows(from, tops, range, d, origin, px, true, null, "comfortable", null, null, last);
    const first = place({ first: 0, last: 2 }, []);
    const down = place({ first: 1, last: 3 }, first);
    // Bob's row is the same object; Cy's comes into view, made.
    expect(down[0]).toBe(first[1]);
    expect(down[1]).not.toBe(first[1]);
    expect(place({ first: 1, last: 3 }, down).map((r, i) => r === down[i])).toEqual([true, true]);
    // Without the last placement (or with rows not in it), placed anew, the same.
    const anew = place({ first: 1, last: 3 }, []);
    expect(anew.map((r, i) => r === down[i])).toEqual([false, false]);
    expect(anew).toEqual(down);
    // Other days laid out, another zoom, other tops, another row for the person: placed anew,
    // where they now are.
    const across = place({ first: 1, last: 3 }, down, { first: TODAY - 2, last: TODAY + 19 });
    expect(across.map((r, i) => r === down[i])).toEqual([false, false]);
    const zoomed = place({ first: 1, last: 3 }, down, days, 10);
    expect(zoomed.map((r, i) => r === down[i])).toEqual([false, false]);
    expect(at(at(zoomed, 0).bars, 0).w).toBe(at(at(down, 0).bars, 0).w / 2 - 1);
    const moved = rows.map((r) => (r.person.id === "bob" ? { ...r, bars: [] } : r));
    const edited = place({ first: 1, last: 3 }, down, days, 20, STACK, moved);
    expect(edited.map((r, i) => r === down[i])).toEqual([false, true]);
    expect(at(edited, 0).bars).toEqual([]);
    const lower = place({ first: 1, last: 3 }, down, days, 20, {
      tops: STACK.tops.map((t) => t + 10),
      heights: STACK.heights,
    });
    expect(lower.map((r) => r.top)).toEqual(down.map((r) => r.top + 10));
  });

  it("marks overbooked days by capacity, and leaves tentative work out when asked", () => {
    const [first, ...rest] = rows;
    if (!first) throw new Error("the fixture has rows");
    // Ada's second bar tentative: her two bars overlap on two weekdays.
    const maybe = first.bars.map((b, i) =>
      i === 1 ? { ...b, a: { ...b.a, status: "tentative" as const } } : b,
    );
    const withMaybe = [{ ...first, bars: maybe }, ...rest];
    const place = (tentative: boolean) =>
      placeRows(
        withMaybe,
        STACK,
        { first: 0, last: 1 },
        { first: TODAY - 3, last: TODAY + 18 },
        origin,
        20,
        tentative,
      );
    expect(at(place(true), 0).over).toEqual([{ from: TODAY + 2, to: TODAY + 4 }]);
    expect(at(place(false), 0).over).toEqual([]);
  });
});

describe("rows made again", () => {
  const week = [480, 480, 480, 480, 480, 0, 0];
  const people = PEOPLE.map((p) => (p.id === "bob" ? p : { ...p, calendarId: "jp" }));
  const holiday = (day: string): HolidayDto => ({ calendarId: "jp", day, name: "Holiday" });
  const off: TimeOffDto = {
    id: "o1",
    personId: "bob",
    startDate: "2026-03-03",
    endDateExclusive: "2026-03-04",
    lastDay: "2026-03-03",
    kind: "sick",
    minutes: null,
    version: 1,
  };

  it("keeps the row of a person whose assignments, week, holidays and time off did not change", () => {
    const av = availabilities(people, week, [holiday("2026-03-20")], [off]);
    const rows = laneRows(people, BARS, av, [off]);
    // A window brings another holiday of Ada's and Cy's calendar: Bob keeps his row, and its loads.
    const av2 = availabilities(people, week, [holiday("2026-03-20"), holiday("2026-03-03")], [off], av);
    expect(people.map((p) => av2.get(p.id) === av.get(p.id))).toEqual([false, true, false]);
    const rows2 = laneRows(people, BARS, av2, [off], rows);
    expect(rows2.map((r, i) => r === rows[i])).toEqual([false, true, false]);
    expect(loadsIn(rows2[0] as (typeof rows2)[0], TODAY + 1, TODAY + 2)[0]?.capacity).toBe(0); // the holiday
    // The same again (read anew, equal): every row kept.
    const av3 = availabilities(
      people,
      [...week],
      [holiday("2026-03-20"), holiday("2026-03-03")],
      [{ ...off }],
      av2,
    );
    expect(laneRows(people, [...BARS], av3, [off], rows2).every((r, i) => r === rows2[i])).toBe(true);
  });

  it("makes a row anew when its assignments, time off, week or person change", () => {
    const av = availabilities(people, week, [], [off]);
    const rows = laneRows(people, BARS, av, [off]);
    const moved = BARS.map((b) => (b.id === "b1" ? { ...b, version: 2 } : b));
    expect(laneRows(people, moved, av, [off], rows).map((r, i) => r === rows[i])).toEqual([
      true,
      false,
      true,
    ]);
    const added = [...BARS, bar("c1", "cy", "2026-03-02", "2026-03-02")];
    expect(laneRows(people, added, av, [off], rows).map((r, i) => r === rows[i])).toEqual([
      true,
      true,
      false,
    ]);
    const longer = { ...off, endDateExclusive: "2026-03-05", lastDay: "2026-03-04", version: 2 };
    const av2 = availabilities(people, week, [], [longer], av);
    expect(laneRows(people, BARS, av2, [longer], rows).map((r, i) => r === rows[i])).toEqual([
      true,
      false,
      true,
    ]);
    const shorter = availabilities(people, [240, 480, 480, 480, 480, 0, 0], [], [off], av);
    expect(laneRows(people, BARS, shorter, [off], rows).some((r, i) => r === rows[i])).toBe(false);
    const renamed = people.map((p) => (p.id === "ada" ? { ...p, name: "Ada L." } : p));
    const av3 = availabilities(renamed, week, [], [off], av);
    expect(laneRows(renamed, BARS, av3, [off], rows).map((r, i) => r === rows[i])).toEqual([
      false,
      true,
      true,
    ]);
  });
});

describe("the hit test", () => {
  const a1 = at(at(placed, 0).bars, 0);
  it("finds the bar whose box holds the point, in either lane", () => {
    expect(barAt(placed, a1.x, a1.y)).toEqual({ a: at(BARS, 0), row: 0, x: a1.x, w: a1.w });
    expect(barAt(placed, a1.x + a1.w - 0.5, a1.y + BAR_H - 0.5)?.a.id).toBe("a1");
    expect(barAt(placed, 12 * 20 + 5, 5 + LANE_H + 1)?.a.id).toBe("a2");
    expect(barAt(placed, 18 * 20, 62 + 6)).toMatchObject({ row: 1, a: { id: "b1" } });
  });
  it("finds none at the edges past a box, between lanes or in an empty row", () => {
    expect(barAt(placed, a1.x - 0.5, a1.y)).toBeNull();
    expect(barAt(placed, a1.x + a1.w, a1.y)).toBeNull();
    expect(barAt(placed, a1.x, a1.y + BAR_H)).toBeNull();
    expect(barAt(placed, a1.x, 2)).toBeNull();
    expect(barAt(placed, 200, 100)).toBeNull();
    expect(barAt([], 0, 0)).toBeNull();
  });
  it("finds a placed bar by its id", () => {
    expect(placedBar(placed, "b1")).toMatchObject({ row: 1, a: { id: "b1" } });
    expect(placedBar(placed, "nope")).toBeNull();
  });
});

describe("what is shown", () => {
  it("filters people, fades bars of other projects and names bars", () => {
    const t = timeline();
    expect(t.rows.shown.map((r) => r.person.id)).toEqual(["ada", "bob", "cy"]);
    t.rows.filter = " b";
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["bob"]);
    expect(t.rows.contentHeight).toBe(36);
    expect(t.rows.faded(at(BARS, 0))).toBe(false);
    t.rows.projectQuery = "gem";
    expect([t.rows.faded(at(BARS, 0)), t.rows.faded(at(BARS, 1))]).toEqual([true, false]);
    expect(t.rows.label(at(BARS, 0), dateFormat("ja-JP"))).toBe("Apollo: 2026/03/02 – 2026/03/05");
    expect(t.rows.label(at(BARS, 0), dateFormat("en-US"))).toBe("Apollo: 03/02/2026 – 03/05/2026");
    expect([fades("Apollo", "  "), fades("Apollo", "APO")]).toEqual([false, false]);
  });
  it("knows when part of the days laid out is not loaded", () => {
    const t = timeline();
    expect(t.rows.partlyMissing).toBe(false);
    t.plan.missing = [Math.floor(TODAY / 28)];
    const u = new Rows(t.plan as unknown as Plan, t.view);
    expect(u.missing.length).toBe(1);
    expect(u.partlyMissing).toBe(true);
  });
});

describe("the compact density", () => {
  it("gives every person one line, their lanes sharing it with thin bars, and finds a bar there", () => {
    const t = timeline();
    t.rows.density = "compact";
    expect(t.rows.tops).toEqual([0, 16, 32, 48]);
    const ada = at(t.rows.shown, 0);
    // Ada's two lanes share 13 px: 6.5 each, bars of 5.5.
    expect(ada.bars.map((b) => [b.id, b.y, b.h])).toEqual([
      ["a1", 1.5, 5.5],
      ["a2", 8, 5.5],
    ]);
    const a2 = at(ada.bars, 1);
    expect(barAt(t.rows.shown, a2.x + 1, a2.y + 1)?.a.id).toBe("a2");
    expect(barAt(t.rows.shown, a2.x + 1, a2.y + a2.h)).toBeNull();
    expect(t.rows.barBox).toEqual({ pad: 3, h: 12 });
    t.rows.density = "comfortable";
    expect(t.rows.tops).toEqual([0, 62, 98, 134]);
  });
});

describe("the people filter on the rows", () => {
  it("shows only those booked on a project in the period, or free enough, and gives the rows and their tops of those", () => {
    const t = timeline();
    t.rows.customPeriod = { from: dayOf("2026-03-02"), to: dayOf("2026-03-07") };
    t.rows.period = "custom";
    t.rows.peopleFilter = { ...NO_FILTER, projects: ["gemini"] };
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada"]);
    expect(t.rows.people.map((p) => p.id)).toEqual(["ada"]);
    // Monday to Friday: 40 hours; Ada is booked on them, Bob only the week after, Cy never.
    t.rows.peopleFilter = { ...NO_FILTER, freeHours: 40 };
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["bob", "cy"]);
    expect(t.rows.index.person.get("cy")).toBe(1);
    expect(t.rows.contentHeight).toBe(72);
    t.rows.peopleFilter = { ...NO_FILTER, freeHours: 40, projects: ["gemini"] };
    expect(t.rows.all).toEqual([]);
    t.rows.peopleFilter = NO_FILTER;
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada", "bob", "cy"]);
  });

  it("orders the rows, their lanes and their places by load or free hours over the period, ties by name", () => {
    const t = timeline();
    t.rows.customPeriod = { from: dayOf("2026-03-02"), to: dayOf("2026-03-07") };
    t.rows.period = "custom";
    t.rows.sort = "free";
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["bob", "cy", "ada"]);
    expect(t.rows.people.map((p) => p.id)).toEqual(["bob", "cy", "ada"]);
    expect(t.rows.index.person.get("ada")).toBe(2);
    expect(t.rows.tops).toEqual([0, 36, 72, 134]); // Ada's two lanes last
    t.rows.sort = "load";
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada", "bob", "cy"]);
    t.rows.peopleFilter = { ...NO_FILTER, freeHours: 40 };
    t.rows.sort = "free";
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["bob", "cy"]);
  });
});

describe("a row's loads, kept by chunk of days", () => {
  it("are the load maths' own over any days, across chunks, as objects and as overbooked days", () => {
    // Ada's overlapping bars, her days from well before to well after them (several 64-day chunks).
    const row = at(ROWS, 0);
    const bookings = row.bars.map((b) => ({
      from: b.start,
      to: b.end,
      allocation: b.a.allocation,
      status: b.a.status,
    }));
    for (const [from, to] of [
      [TODAY - 70, TODAY + 70],
      [TODAY - 3, TODAY + 5],
      [TODAY + 1, TODAY + 1],
    ] as const) {
      expect(loadsIn(row, from, to)).toEqual(dayLoads(row.availability, bookings, from, to));
      for (const tentative of [true, false])
        expect(overIn(row, from, to, tentative)).toEqual(
          overDays(row.availability, row.bars, from, to, tentative),
        );
    }
    expect(overIn(row, TODAY - 70, TODAY + 70, true).length).toBeGreaterThan(0); // her overlap
  });
});

describe("compact rows' load strip", () => {
  it("gives each compact row its days' load levels as runs, and none to comfortable rows", () => {
    const t = timeline();
    expect(at(t.rows.shown, 0).strip).toEqual([]);
    t.rows.density = "compact";
    const ada = at(t.rows.shown, 0);
    const runs = ada.strip;
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.some((c) => c.level === "over")).toBe(true); // Ada's overlap
    // Every day laid out is in one run, of that day's level; runs next to each other differ
    // (unless a chunk ends between them).
    const row = at(t.rows.all, 0);
    const { first, last } = t.view.days;
    for (let d = first; d < last; d++) {
      const held = runs.filter((r) => r.from <= d && d < r.to);
      expect(held.length).toBe(1);
      const load = loadsIn(row, d, d + 1)[0];
      if (!load) throw new Error("a day's load");
      expect(held[0]?.level).toBe(dayLevel(load.capacity, load.confirmed + load.tentative));
    }
    expect(runs.length).toBeLessThan(last - first); // fewer runs than days
    expect(ada.heat).toEqual([]);
  });
});

describe("grouped rows", () => {
  const label = (kind: LabelDto["kind"], id: string, name: string): LabelDto => ({
    kind,
    id,
    name,
    version: 1,
  });
  // Ada in Design with React and Rust, Bob in Engineering with Rust, Cy in no group, no skills.
  const grouped = () => {
    const plan = new FakePlan();
    plan.people = PEOPLE.map((p) =>
      p.id === "ada"
        ? { ...p, groups: [{ groupId: "design" }], skillIds: ["react", "rust"] }
        : p.id === "bob"
          ? { ...p, groups: [{ groupId: "eng" }], skillIds: ["rust"] }
          : p,
    );
    plan.labels.list = [
      label("group", "design", "Design"),
      label("group", "eng", "Engineering"),
      label("skill", "react", "React"),
      label("skill", "rust", "Rust"),
    ];
    const t = timeline(true, plan);
    t.rows.customPeriod = { from: dayOf("2026-03-02"), to: dayOf("2026-03-07") };
    t.rows.period = "custom";
    return t;
  };

  it("puts a header above each section's rows, with its people's summed figures, and folds one away", () => {
    const t = grouped();
    t.rows.grouping = "group";
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada", "bob", "cy"]);
    expect(t.rows.sections.map((s) => [s.key, s.section.label?.name ?? null, s.people, s.top])).toEqual([
      ["group:design", "Design", 1, 0],
      ["group:eng", "Engineering", 1, 90],
      ["group:", null, 1, 154],
    ]);
    // Headers 28 px: Ada (62) under Design's, Bob (36) under Engineering's, Cy under "No group".
    expect(t.rows.tops).toEqual([28, 118, 182, 218]);
    expect(t.rows.shown.map((r) => [r.person.id, r.top, r.height])).toEqual([
      ["ada", 28, 62],
      ["bob", 118, 36],
      ["cy", 182, 36],
    ]);
    // One person a section: the section's figures are the person's.
    const ada = at(t.rows.everyone, 0);
    expect(at(t.rows.sections, 0).figures).toEqual(
      figures(ada, dayOf("2026-03-02"), dayOf("2026-03-07"), true),
    );
    expect([t.rows.sectionAt(10)?.key, t.rows.sectionAt(30)?.key, t.rows.sectionAt(100)?.key]).toEqual([
      "group:design",
      undefined,
      "group:eng",
    ]);
    // Folded: Design's header stays, Ada's row goes; who is free still reads her.
    t.rows.toggle("group:design");
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["bob", "cy"]);
    expect(t.rows.tops).toEqual([56, 120, 156]);
    expect(t.rows.sections.map((s) => [s.collapsed, s.top])).toEqual([
      [true, 0],
      [false, 28],
      [false, 92],
    ]);
    expect(t.rows.everyone.map((r) => r.person.id)).toEqual(["ada", "bob", "cy"]);
    expect(t.rows.index.person.get("bob")).toBe(0);
    t.rows.toggle("group:design");
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada", "bob", "cy"]);
    t.rows.grouping = "none";
    expect(t.rows.tops).toEqual([0, 62, 98, 134]);
    expect(t.rows.sections).toEqual([]);
  });

  it("shows a person under each of their skills, found at the first, and keeps the order within each section", () => {
    const t = grouped();
    t.rows.grouping = "skill";
    t.rows.sort = "free";
    expect(t.rows.sections.map((s) => [s.key, s.section.members.map((m) => m.id)])).toEqual([
      ["skill:react", ["ada"]],
      ["skill:rust", ["bob", "ada"]], // Bob is freer that week
      ["skill:", ["cy"]],
    ]);
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada", "bob", "ada", "cy"]);
    expect(t.rows.index.person.get("ada")).toBe(0);
    // Each row its own key (the elements of each), and a bar found in the row it was pressed in.
    expect(t.rows.shown.map((r) => r.key)).toEqual([
      "skill:react/ada",
      "skill:rust/bob",
      "skill:rust/ada",
      "skill:/cy",
    ]);
    expect(placedBar(t.rows.shown, "a1")?.row).toBe(0);
    expect(placedBar(t.rows.shown, "a1", 2)?.row).toBe(2);
    const second = at(t.rows.shown, 2).bars[0];
    if (!second) throw new Error("Ada's bar in her second row");
    const target = new FakeElement(0, 0, { "data-bar": "a1", "data-row": "2" });
    t.gestures.down(pointer(target, 100 + second.x + 5, 50 + second.y + 2).event);
    expect(t.gestures.drag?.row).toBe(2);
    // A folded section costs no rows: none of its people are laid out.
    t.rows.toggle("skill:rust");
    expect(t.rows.all.map((r) => r.person.id)).toEqual(["ada", "cy"]);
  });

  it("takes no press on a section's header as a person's day", () => {
    const t = grouped();
    t.rows.grouping = "group";
    const onHeader = pointer(t.content, 100 + 40, 50 + 100); // Engineering's header (90…118)
    t.gestures.down(onHeader.event);
    expect(t.gestures.sketch).toBeNull();
    const onBob = pointer(t.content, 100 + 40, 50 + 130);
    t.gestures.down(onBob.event);
    expect(t.gestures.sketch?.row).toBe(1);
  });
});
