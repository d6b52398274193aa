// The timeline's layout maths: days ↔ pixels, zoom, what is visible, lanes of overlapping bars,
// overbooked days and load. Pure functions, no DOM, so the rendering stays thin and this is
// tested on its own (layout.test.ts). Calendar days themselves are dates.ts's.
import { type Day, monthOf } from "../model/dates";

export type Zoom = "day" | "week" | "month";

/** Width of one day at each zoom, in CSS pixels. */
export const PX_PER_DAY: Record<Zoom, number> = { day: 48, week: 20, month: 6 };
/** The days laid out each side of those in view (the viewport's overscan). */
export const OVERSCAN_DAYS = 2;

const ORDER: Zoom[] = ["month", "week", "day"];

export function zoomIn(z: Zoom): Zoom {
  return ORDER[Math.min(ORDER.indexOf(z) + 1, ORDER.length - 1)] ?? z;
}

export function zoomOut(z: Zoom): Zoom {
  return ORDER[Math.max(ORDER.indexOf(z) - 1, 0)] ?? z;
}

/** Left edge of `day`, with `origin` at x = 0. */
export function xOfDay(day: Day, origin: Day, pxPerDay: number): number {
  return (day - origin) * pxPerDay;
}

/** The day under the horizontal position `x`. */
export function dayAtX(x: number, origin: Day, pxPerDay: number): Day {
  return origin + Math.floor(x / pxPerDay);
}

/**
 * Keeps the day at a given screen position in place when the zoom changes: the new scroll
 * offset for a view whose `anchorX` (relative to the viewport) showed `scrollLeft + anchorX`.
 */
export function scrollForZoom(scrollLeft: number, anchorX: number, from: number, to: number): number {
  const dayPos = (scrollLeft + anchorX) / from;
  return dayPos * to - anchorX;
}

/** Days `[first, last)` whose columns intersect the viewport, with `overscan` days each side. */
export function visibleDays(
  scrollLeft: number,
  width: number,
  origin: Day,
  pxPerDay: number,
  overscan = 0,
): { first: Day; last: Day } {
  const first = dayAtX(scrollLeft, origin, pxPerDay) - overscan;
  const last = dayAtX(scrollLeft + width - 1, origin, pxPerDay) + 1 + overscan;
  return { first, last };
}

/** A bar on a row: the half-open range `[start, end)` of days. */
export interface Span {
  id: string;
  start: Day;
  end: Day;
}

/**
 * Lanes for overlapping bars of one row: each bar gets the lowest lane free at its start
 * (greedy interval partitioning, which uses as few lanes as the most bars overlapping at once).
 * Sorted by start, longer first, then id, so the result does not depend on input order.
 */
export function assignLanes(spans: readonly Span[]): { lane: Map<string, number>; lanes: number } {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : 1));
  const laneEnds: Day[] = [];
  const lane = new Map<string, number>();
  for (const s of sorted) {
    let i = laneEnds.findIndex((end) => end <= s.start);
    if (i === -1) {
      i = laneEnds.length;
      laneEnds.push(s.end);
    } else {
      laneEnds[i] = s.end;
    }
    lane.set(s.id, i);
  }
  return { lane, lanes: Math.max(1, laneEnds.length) };
}

/** Row tops for rows of the given lane counts: `tops[i]` is row i's top, `tops[n]` the total. */
export function rowTops(lanesPerRow: readonly number[], laneHeight: number, padding: number): number[] {
  const tops = [0];
  for (const lanes of lanesPerRow) {
    tops.push((tops[tops.length - 1] ?? 0) + Math.max(1, lanes) * laneHeight + padding);
  }
  return tops;
}

/**
 * Rows of the given heights stacked, with a section's header (`headerH` high) above the rows of
 * each section: `sizes` holds how many rows each section shows, in order (0 for a collapsed one;
 * null: no sections). `tops[i]` is row i's top and `tops[n]` the whole height (trailing headers
 * too); `headers[s]` is section s's header top.
 */
export function stackRows(
  heights: readonly number[],
  sizes: readonly number[] | null,
  headerH: number,
): { tops: number[]; headers: number[] } {
  const tops: number[] = [];
  const headers: number[] = [];
  let y = 0;
  let row = 0;
  const rows = (n: number) => {
    for (const end = row + n; row < end && row < heights.length; row++) {
      tops.push(y);
      y += heights[row] ?? 0;
    }
  };
  if (sizes === null) rows(heights.length);
  else
    for (const n of sizes) {
      headers.push(y);
      y += headerH;
      rows(n);
    }
  tops.push(y);
  return { tops, headers };
}

/** Rows `[first, last)` that intersect `[scrollTop, scrollTop + height)`, with overscan rows. */
export function visibleRows(
  tops: readonly number[],
  scrollTop: number,
  height: number,
  overscan = 0,
): { first: number; last: number } {
  const rows = tops.length - 1;
  if (rows <= 0) return { first: 0, last: 0 };
  const first = rowAt(tops, scrollTop);
  const last = rowAt(tops, scrollTop + height - 1) + 1;
  return { first: Math.max(0, first - overscan), last: Math.min(rows, last + overscan) };
}

/** The row containing vertical position `y` (clamped to the rows), by binary search. */
export function rowAt(tops: readonly number[], y: number): number {
  const rows = tops.length - 1;
  let lo = 0;
  let hi = rows - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((tops[mid] ?? 0) <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** Sorted days as runs of consecutive days, `[from, to)` each (one box a run, not one a day). */
export function dayRuns(days: readonly Day[]): { from: Day; to: Day }[] {
  const runs: { from: Day; to: Day }[] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && last.to === d) last.to = d + 1;
    else runs.push({ from: d, to: d + 1 });
  }
  return runs;
}

/** What dragging a bar changes: its start edge, its end edge, or the whole bar. */
export type DragMode = "start" | "end" | "move";

/** The part of a bar under a pointer `offsetX` pixels from its left edge. */
export function dragModeAt(offsetX: number, barWidth: number, edge = 6): DragMode {
  if (barWidth > 3 * edge && offsetX <= edge) return "start";
  if (barWidth > 3 * edge && offsetX >= barWidth - edge) return "end";
  return "move";
}

/** The bar's days after dragging by `delta` days; a bar never gets shorter than one day. */
export function dragged(
  span: { start: Day; end: Day },
  mode: DragMode,
  delta: number,
): { start: Day; end: Day } {
  switch (mode) {
    case "start":
      return { start: Math.min(span.start + delta, span.end - 1), end: span.end };
    case "end":
      return { start: span.start, end: Math.max(span.end + delta, span.start + 1) };
    default:
      return { start: span.start + delta, end: span.end + delta };
  }
}

/**
 * Month labels of the date header for days `[first, last)`: one at each month's first day, and
 * the month at the left edge pinned there until the next month's label pushes it out, so that
 * no two labels overlap at any zoom (`labelWidth` is a label's width in pixels).
 */
export function monthLabels(
  first: Day,
  last: Day,
  origin: Day,
  pxPerDay: number,
  scrollLeft: number,
  labelWidth: number,
): { day: Day; x: number }[] {
  const left = Math.max(first, dayAtX(scrollLeft, origin, pxPerDay));
  const month = monthOf(left);
  const pinned = Math.min(scrollLeft, xOfDay(month.next, origin, pxPerDay) - labelWidth);
  const labels = [{ day: month.start, x: pinned }];
  for (let m = month.next; m < last; m = monthOf(m).next)
    labels.push({ day: m, x: xOfDay(m, origin, pxPerDay) });
  return labels;
}
