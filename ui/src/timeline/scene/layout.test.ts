import { describe, expect, it } from "vitest";
import { at } from "../../../test-support/timeline/testing";
import { dateOf, dayOf } from "../model/dates";
import {
  assignLanes,
  dayAtX,
  dayRuns,
  dragged,
  dragModeAt,
  monthLabels,
  PX_PER_DAY,
  rowAt,
  rowTops,
  type Span,
  scrollForZoom,
  stackRows,
  visibleDays,
  visibleRows,
  xOfDay,
  zoomIn,
  zoomOut,
} from "./layout";

describe("pixels and zoom", () => {
  it("maps days to pixels and back", () => {
    const origin = dayOf("2026-11-30");
    const px = PX_PER_DAY.day;
    expect(xOfDay(origin + 3, origin, px)).toBe(3 * px);
    expect(dayAtX(3 * px, origin, px)).toBe(origin + 3);
    expect(dayAtX(3 * px - 1, origin, px)).toBe(origin + 2);
    expect(dayAtX(-1, origin, px)).toBe(origin - 1);
  });

  it("zooms in steps and stops at the ends", () => {
    expect(zoomIn("month")).toBe("week");
    expect(zoomIn("day")).toBe("day");
    expect(zoomOut("week")).toBe("month");
    expect(zoomOut("month")).toBe("month");
  });

  it("keeps the day under the pointer in place when zooming", () => {
    const from = PX_PER_DAY.week;
    const to = PX_PER_DAY.day;
    const scroll = 1000;
    const anchor = 300;
    const dayBefore = (scroll + anchor) / from;
    expect((scrollForZoom(scroll, anchor, from, to) + anchor) / to).toBeCloseTo(dayBefore);
  });

  it("finds the visible days with overscan", () => {
    expect(visibleDays(0, 100, 0, 10)).toEqual({ first: 0, last: 10 });
    expect(visibleDays(5, 100, 0, 10)).toEqual({ first: 0, last: 11 });
    expect(visibleDays(0, 100, 50, 10, 2)).toEqual({ first: 48, last: 62 });
  });
});

describe("lanes", () => {
  const s = (id: string, start: number, end: number): Span => ({ id, start, end });

  it("stacks overlapping bars and reuses freed lanes", () => {
    const { lane, lanes } = assignLanes([s("a", 0, 5), s("b", 2, 4), s("c", 4, 8), s("d", 5, 6)]);
    expect(lanes).toBe(2);
    expect(lane.get("a")).toBe(0);
    expect(lane.get("b")).toBe(1);
    expect(lane.get("c")).toBe(1); // b ended on day 4 (half-open)
    expect(lane.get("d")).toBe(0);
  });

  it("uses as many lanes as the most bars at one time, whatever the input order", () => {
    const spans: Span[] = [];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 200; i++) {
      const start = rand(300);
      spans.push(s(`x${i}`, start, start + 1 + rand(40)));
    }
    let most = 0;
    for (let d = 0; d < 400; d++)
      most = Math.max(most, spans.filter((x) => x.start <= d && d < x.end).length);
    const { lane, lanes } = assignLanes(spans);
    expect(lanes).toBe(most);
    const reversed = assignLanes([...spans].reverse());
    expect([...reversed.lane.entries()].sort()).toEqual([...lane.entries()].sort());
    // No two bars of one lane overlap.
    for (const a of spans)
      for (const b of spans)
        if (a !== b && lane.get(a.id) === lane.get(b.id))
          expect(a.end <= b.start || b.end <= a.start).toBe(true);
  });

  it("gives an empty row one lane", () => {
    expect(assignLanes([]).lanes).toBe(1);
  });
});

describe("rows", () => {
  const tops = rowTops([1, 3, 1, 2], 20, 4);

  it("stacks rows by their lanes", () => {
    expect(tops).toEqual([0, 24, 88, 112, 156]);
  });

  it("stacks rows under their sections' headers, a folded section's header with none under it", () => {
    const heights = [24, 64, 24, 44];
    expect(stackRows(heights, null, 28)).toEqual({ tops: [0, 24, 88, 112, 156], headers: [] });
    // Sections of 1, none (folded), 3 rows.
    expect(stackRows(heights, [1, 0, 3], 28)).toEqual({
      tops: [28, 108, 172, 196, 240],
      headers: [0, 52, 80],
    });
    // A folded section last: its header is the end of the content.
    expect(stackRows([24], [1, 0], 28)).toEqual({ tops: [28, 80], headers: [0, 52] });
    // Rows between the headers are found as before; a header's place is the row above it.
    const { tops: grouped } = stackRows(heights, [1, 0, 3], 28);
    expect([rowAt(grouped, 30), rowAt(grouped, 60), rowAt(grouped, 110)]).toEqual([0, 0, 1]);
    expect(visibleRows(grouped, 100, 50)).toEqual({ first: 0, last: 2 });
  });

  it("finds rows by position and the visible ones", () => {
    expect(rowAt(tops, 0)).toBe(0);
    expect(rowAt(tops, 23)).toBe(0);
    expect(rowAt(tops, 24)).toBe(1);
    expect(rowAt(tops, 155)).toBe(3);
    expect(rowAt(tops, 9999)).toBe(3);
    expect(visibleRows(tops, 30, 60)).toEqual({ first: 1, last: 3 });
    expect(visibleRows(tops, 30, 60, 1)).toEqual({ first: 0, last: 4 });
    expect(visibleRows([0], 0, 100)).toEqual({ first: 0, last: 0 });
  });
});

describe("dragging a bar", () => {
  it("picks the edge or the body under the pointer", () => {
    expect(dragModeAt(2, 100)).toBe("start");
    expect(dragModeAt(97, 100)).toBe("end");
    expect(dragModeAt(50, 100)).toBe("move");
    // A bar too narrow for edges is moved.
    expect(dragModeAt(2, 12)).toBe("move");
  });

  it("moves or resizes by whole days and keeps at least one day", () => {
    const bar = { start: 10, end: 15 };
    expect(dragged(bar, "move", 3)).toEqual({ start: 13, end: 18 });
    expect(dragged(bar, "move", -12)).toEqual({ start: -2, end: 3 });
    expect(dragged(bar, "start", 2)).toEqual({ start: 12, end: 15 });
    expect(dragged(bar, "start", 9)).toEqual({ start: 14, end: 15 });
    expect(dragged(bar, "end", -2)).toEqual({ start: 10, end: 13 });
    expect(dragged(bar, "end", -9)).toEqual({ start: 10, end: 11 });
    expect(dragged(bar, "end", 0)).toEqual(bar);
  });
});

describe("month labels", () => {
  const origin = dayOf("2026-01-01");
  it("pins the month at the left edge and labels each first day after it", () => {
    const px = 20;
    const scrollLeft = (dayOf("2026-03-10") - origin) * px;
    const labels = monthLabels(dayOf("2026-03-08"), dayOf("2026-05-20"), origin, px, scrollLeft, 80);
    expect(labels.map((l) => dateOf(l.day))).toEqual(["2026-03-01", "2026-04-01", "2026-05-01"]);
    expect(at(labels, 0).x).toBe(scrollLeft);
  });

  it("never lets two labels overlap, at month zoom too", () => {
    for (const px of [48, 20, 6]) {
      for (let s = 0; s < 400; s += 3) {
        const scrollLeft = s * px + 0.5;
        const labels = monthLabels(s - 2, s + 200, origin, px, scrollLeft, 80);
        for (let i = 1; i < labels.length; i++) {
          expect(at(labels, i).x - at(labels, i - 1).x).toBeGreaterThanOrEqual(80);
        }
      }
    }
  });
});

describe("dayRuns", () => {
  it("joins consecutive days and keeps gaps apart", () => {
    expect(dayRuns([3, 4, 5, 8, 10, 11])).toEqual([
      { from: 3, to: 6 },
      { from: 8, to: 9 },
      { from: 10, to: 12 },
    ]);
    expect(dayRuns([])).toEqual([]);
  });
});
