import { describe, expect, it, vi } from "vitest";
import { TODAY } from "../../../test-support/timeline/fixture";
import { CHUNK_DAYS, chunksToLoad, chunksWithin } from "../model/chunks";
import { dayOf, END, FIRST_DAY } from "../model/dates";
import { firstDays, firstInView, type LastView } from "./firstScreen";
import type { Zoom } from "./layout";
import { Viewport } from "./viewport.svelte";

/** A viewport started as Timeline.svelte starts it: the zoom remembered, the first day in view. */
function started(remembered: LastView | null, width: number): Viewport {
  const v = new Viewport();
  if (remembered?.zoom) v.zoom = remembered.zoom;
  v.width = width;
  v.el = {
    scrollLeft: 0,
    scrollTop: 0,
    clientWidth: width,
    clientHeight: 300,
    focus: vi.fn(),
  } as unknown as HTMLDivElement;
  v.startAt(firstInView(TODAY, remembered));
  return v;
}

describe("the first screen", () => {
  it("starts on the day remembered, else today five days from the left edge", () => {
    expect(firstInView(TODAY, null)).toBe(TODAY - 5);
    expect(firstInView(TODAY, { zoom: "week", day: null })).toBe(TODAY - 5);
    expect(firstInView(TODAY, { zoom: null, day: "2026-03-02" })).toBe(dayOf("2026-03-02"));
  });

  it("reads every day the first screen lays out, in whole chunks, and no more than a chunk each side", () => {
    const cases: [LastView | null, number][] = [
      [null, 1280],
      [{ zoom: "day", day: null }, 900],
      [{ zoom: "month", day: "2025-11-17" }, 1920],
      [{ zoom: "week", day: "2027-01-31" }, 640],
      [{ zoom: null, day: null }, 0],
    ];
    for (const [remembered, width] of cases) {
      const { from, to } = firstDays(TODAY, remembered, width);
      expect(from % CHUNK_DAYS, "aligned to chunks").toBe(0);
      expect(to % CHUNK_DAYS, "aligned to chunks").toBe(0);
      // What the timeline asks for at mount (the days laid out, without the chunks ahead): nothing.
      const v = started(remembered, width);
      expect(chunksToLoad(v.days.first, v.days.last, new Set(chunksWithin(from, to)))).toEqual([]);
      // And not the chunks ahead, which come after the first frames.
      expect(from).toBeGreaterThan(v.days.first - CHUNK_DAYS);
      expect(to).toBeLessThan(v.days.last + CHUNK_DAYS);
    }
  });

  it("reads fewer days than the window read before (today − 28 to today + 84) at the default size", () => {
    const { from, to } = firstDays(TODAY, null, 1280);
    expect(to - from).toBeLessThan(112);
  });

  it("keeps to the days a plan can hold", () => {
    const zooms: Zoom[] = ["day", "week", "month"];
    for (const zoom of zooms) {
      const start = firstDays(TODAY, { zoom, day: "1900-01-01" }, 1280);
      expect(start.from).toBe(FIRST_DAY);
      const end = firstDays(TODAY, { zoom, day: "2999-12-20" }, 1280);
      expect(end.to).toBe(END);
    }
  });
});
