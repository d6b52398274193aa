// Where the timeline opens and what it reads before its first frame: the day remembered (or today
// a few days from the left edge) at the zoom remembered, and the whole chunks of days that the
// first screen shows. The windows ahead of the view are read after the first frames
// (Timeline.svelte), not before: a start waits only for what it shows. Pure; tested in
// firstScreen.test.ts.
import { chunkSpans, chunksToLoad } from "../model/chunks";
import { type Day, dayOf, END, withinPlan } from "../model/dates";
import { OVERSCAN_DAYS, PX_PER_DAY, type Zoom } from "./layout";

/** How many days before today the view starts when nothing was remembered. */
export const DAYS_BEFORE_TODAY = 5;

/** What the start knows of the last session's view (PrefsDto's fields). */
export interface LastView {
  zoom: Zoom | null;
  day: string | null;
}

/** The first day in view: the one remembered, else today a few days from the left edge. */
export function firstInView(today: Day, last: LastView | null): Day {
  return last?.day ? dayOf(last.day) : today - DAYS_BEFORE_TODAY;
}

/**
 * The days `[from, to)` the start reads: those the first screen lays out in a pane `width` pixels
 * wide, widened to whole chunks (the loader's unit: a chunk read once is not asked again).
 */
export function firstDays(today: Day, last: LastView | null, width: number): { from: Day; to: Day } {
  const px = PX_PER_DAY[last?.zoom ?? "week"];
  const start = firstInView(today, last);
  const first = start - OVERSCAN_DAYS;
  const end = start + Math.ceil(Math.max(width, 1) / px) + OVERSCAN_DAYS;
  const [days = { from: first, to: end }] = chunkSpans(
    chunksToLoad(withinPlan(first), withinPlan(end), new Set()),
  );
  return { from: withinPlan(days.from), to: Math.min(days.to, END) };
}
