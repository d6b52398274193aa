// Where the timeline opens and what it reads before its first frame: the day remembered (or today
// a few days from the left edge) at the zoom remembered, and the whole chunks of days that the
// first screen shows. The windows ahead of the view are read after the first frames
// (Timeline.svelte), not before: a start waits only for what it shows. Pure; tested in
// firstScreen.test.ts.
import { CHUNK_DAYS, chunkRange } from "../model/chunks";
import { type Day, dayOf, END, withinPlan } from "../model/dates";
import { PX_PER_DAY, type Zoom } from "./layout";

/** How many days before today the view starts when nothing was remembered. */
export const DAYS_BEFORE_TODAY = 5;
/** The days laid out each side of those in view (Viewport's overscan). */
export const OVERSCAN_DAYS = 2;

/** What the start knows of the last session's view (PrefsDto's fields). */
export interface Remembered {
  zoom: Zoom | null;
  day: string | null;
}

/** The first day in view: the one remembered, else today a few days from the left edge. */
export function firstInView(today: Day, remembered: Remembered | null): Day {
  return remembered?.day ? dayOf(remembered.day) : today - DAYS_BEFORE_TODAY;
}

/**
 * The days `[from, to)` the start reads: those the first screen lays out in a pane `width` pixels
 * wide, widened to whole chunks (the loader's unit: a chunk read once is not asked again).
 */
export function firstDays(today: Day, remembered: Remembered | null, width: number): { from: Day; to: Day } {
  const px = PX_PER_DAY[remembered?.zoom ?? "week"];
  const first = firstInView(today, remembered) - OVERSCAN_DAYS;
  const last = firstInView(today, remembered) + Math.ceil(Math.max(width, 1) / px) + OVERSCAN_DAYS;
  const from = chunkRange(Math.floor(withinPlan(first) / CHUNK_DAYS)).from;
  const to = chunkRange(Math.ceil(withinPlan(last) / CHUNK_DAYS) - 1).to;
  return { from: withinPlan(from), to: Math.min(to, END) };
}
