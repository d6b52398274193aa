import { describe, expect, it } from "vitest";
import {
  BARS,
  ORIGIN,
  PEOPLE,
  PROJECTS,
  placedIn,
  ROWS,
  STACK,
  TODAY,
} from "../../../test-support/timeline/fixture";
import { at } from "../../../test-support/timeline/testing";
import { dayOf, isWeekend } from "../model/dates";
import { textOn } from "./color";
import { LANE_H, placeRows } from "./placement";
import { laneRows } from "./rowData";
import {
  barText,
  dayLabel,
  headerDays,
  headerScene,
  LIGHT,
  MONTH_LABEL_W,
  monthName,
  NO_COLOR,
  namesScene,
  paneScene,
} from "./scenes";

const rows = ROWS;
const origin = ORIGIN;
const days = Array.from({ length: 21 }, (_, i) => TODAY - 3 + i);
const shown = placedIn(days[0] ?? 0, TODAY + 18);
const projects = Object.fromEntries(PROJECTS.map((p) => [p.id, p]));
const pane = (over: Partial<Parameters<typeof paneScene>[0]> = {}) =>
  paneScene({
    contentHeight: 134,
    palette: LIGHT,
    family: "Inter",
    days,
    origin,
    px: 20,
    today: TODAY,
    shown,
    projects,
    faded: () => false,
    dragging: undefined,
    weekStart: 0,
    ...over,
  });

describe("the pane's scene", () => {
  it("gives compact rows' load strips as their runs themselves, under the row, and none on the heatmap", () => {
    const runs = [{ from: TODAY, to: TODAY + 2, level: "over" as const }];
    const [first, ...rest] = shown;
    if (!first) throw new Error("the fixture has a row in view");
    const compact = [{ ...first, strip: runs }, ...rest];
    const scene = pane({ shown: compact });
    expect(scene.strips).toEqual([{ y: first.top + first.height - 4, h: 4, runs }]);
    expect(scene.strips[0]?.runs).toBe(runs); // not copied a frame
    expect([scene.origin, scene.px]).toEqual([origin, 20]);
    expect(scene.heat).toEqual([]); // the strip is no heatmap cell
    expect(pane({ shown: compact, heatmap: true }).strips).toEqual([]);
    expect(pane().strips).toEqual([]); // comfortable rows have none
  });

  it("writes a bar's allocation after its project, and draws tentative work in the pane's text colour", () => {
    const [first, ...rest] = shown;
    if (!first?.bars[0]) throw new Error("the fixture has a bar in view");
    const b = first.bars[0];
    const half = {
      ...b,
      a: { ...b.a, allocation: { kind: "hoursPerDay" as const, value: 240 }, status: "tentative" as const },
    };
    const withHalf = [{ ...first, bars: [half, ...first.bars.slice(1)] }, ...rest];
    const s = pane({ shown: withHalf });
    expect(at(s.bars, 0)).toMatchObject({
      text: `${projects[b.a.projectId]?.name} · 4h`,
      tentative: true,
      textColor: LIGHT.fg,
    });
    expect(pane({ shown: withHalf, lang: "ja" }).bars[0]?.text).toBe(
      `${projects[b.a.projectId]?.name} · 4時間`,
    );
    expect(at(pane().bars, 0)).toMatchObject({ text: projects[b.a.projectId]?.name, tentative: false });
    expect(barText("Acme", { ...b.a, allocation: { kind: "percent", value: 50 } }, "en")).toBe("Acme · 50%");
    expect(barText("Acme", { ...b.a, allocation: { kind: "total", value: 2400 } }, "en")).toBe(
      "Acme · 40h in all",
    );
    expect(barText("Acme", { ...b.a, allocation: { kind: "total", value: 90 } }, "ja")).toBe(
      "Acme · 計1.5時間",
    );
    // A booking of a series is marked as repeated.
    expect(barText("Acme", { ...b.a, series: "S1", allocation: { kind: "percent", value: 50 } }, "en")).toBe(
      "↻ Acme · 50%",
    );
  });

  it("shades the weekends laid out, lines each row and marks today", () => {
    const s = pane();
    expect(s.font).toBe("12px Inter");
    expect(s.contentHeight).toBe(134);
    expect(s.shades).toEqual(days.filter(isWeekend).map((d) => ({ x: (d - origin) * 20, w: 20 })));
    expect(s.shades.length).toBe(6);
    expect(s.rowLines).toEqual([61, 97, 133]);
    expect(s.today).toEqual({ x: 200, w: 2 });
  });

  it("lines the weeks where the user's region starts them, not at the month zoom", () => {
    expect(pane().weeks).toEqual([TODAY, TODAY + 7, TODAY + 14].map((d) => (d - origin) * 20));
    expect(pane({ weekStart: 6 }).weeks).toEqual(
      [TODAY - 1, TODAY + 6, TODAY + 13].map((d) => (d - origin) * 20),
    );
    expect(pane({ px: 48 }).weeks.length).toBe(3);
    expect(pane({ px: 6 }).weeks).toEqual([]);
  });

  it("boxes the overbooked days of each row", () => {
    expect(pane().over).toEqual([{ x: 12 * 20, y: 0, w: 2 * 20, h: 62 }]);
  });

  it("draws each bar in its project's colour and name, fainter when faded, pending or dragged", () => {
    const s = pane();
    expect(s.bars.map((b) => [b.text, b.color, b.textColor, b.alpha])).toEqual([
      ["Apollo", "#336699", textOn("#336699"), 1],
      ["Gemini", "#ffcc00", textOn("#ffcc00"), 1],
      ["Apollo", "#336699", textOn("#336699"), 1],
    ]);
    expect(at(s.bars, 0)).toMatchObject({ x: 201, y: 5, w: 78, h: LANE_H - 4 });
    const faded = pane({ faded: (a) => a.projectId === "gemini", dragging: "a1" });
    expect(faded.bars.map((b) => b.alpha)).toEqual([0.4, 0.2, 1]);
    const pendingRow = placeRows(
      laneRows(PEOPLE, [{ ...at(BARS, 2), version: 0, projectId: "gone" }]),
      STACK,
      { first: 1, last: 2 },
      { first: TODAY, last: TODAY + 18 },
      origin,
      20,
    );
    const pending = pane({ shown: pendingRow });
    expect(pending.bars.map((b) => [b.alpha, b.color, b.text])).toEqual([[0.7, NO_COLOR, ""]]);
  });
});

describe("the date header's scene", () => {
  it("numbers the days, but not at the month zoom, and marks weekends and today", () => {
    expect([dayLabel(dayOf("2026-03-09"), "week"), dayLabel(dayOf("2026-03-09"), "month")]).toEqual([
      "9",
      "",
    ]);
    const d = headerDays([TODAY - 1, TODAY], origin, 20, "week", TODAY);
    expect(d).toEqual([
      { x: 180, w: 20, text: "1", weekend: true, today: false },
      { x: 200, w: 20, text: "2", weekend: false, today: true },
    ]);
  });

  it("names the weekdays at the day zoom, as the language writes them", () => {
    expect(headerDays([TODAY - 1, TODAY], origin, 48, "day", TODAY).map((d) => d.text)).toEqual([
      "1 Sun",
      "2 Mon",
    ]);
    expect(dayLabel(TODAY, "day", "ja")).toBe("2日(月)");
  });

  it("names the months, each with room up to the next", () => {
    const months = [
      { day: dayOf("2026-02-01"), x: 0 },
      { day: dayOf("2026-03-01"), x: 40 },
      { day: dayOf("2026-04-01"), x: 660 },
    ];
    const h = headerScene(LIGHT, "Inter", months, (d) => monthName(d, "en"), []);
    expect(h.months).toEqual([
      { x: 0, text: "Feb 2026", room: 40 },
      { x: 40, text: "Mar 2026", room: MONTH_LABEL_W },
      { x: 660, text: "Apr 2026", room: MONTH_LABEL_W },
    ]);
    expect(monthName(dayOf("2026-03-01"), "ja")).toBe("2026年3月");
  });
});

describe("the name column's scene", () => {
  it("gives each row in view its name, figures over the period and the cursor's row", () => {
    const names = (partlyMissing: boolean, cursorRow: number) =>
      namesScene(LIGHT, "Inter", shown, rows, { from: TODAY, to: TODAY + 5, partlyMissing }, cursorRow);
    const n = names(false, 1);
    // Monday to Friday, 8 hours: Ada's two whole-day bars overlap on two of her five days, 56 of
    // 40 hours; the share counts hours against capacity, so over 100 % (it was booked days: 100 %).
    expect(n.rows).toEqual([
      { y: 0, h: 62, name: "Ada", detail: "", load: "56h · 0h · 140%", current: false },
      { y: 62, h: 36, name: "Bob", detail: "", load: "0h · 40h · 0%", current: true },
      { y: 98, h: 36, name: "Cy", detail: "", load: "0h · 40h · 0%", current: false },
    ]);
    const missing = names(true, 0);
    expect(missing.rows.map((r) => r.load)).toEqual(["–", "–", "–"]);
  });
});
