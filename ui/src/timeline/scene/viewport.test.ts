import { flushSync } from "svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TODAY } from "../../../test-support/timeline/fixture";
import { dayOf, FIRST_DAY, LAST_DAY } from "../model/dates";
import { firstInView } from "./firstScreen";
import { revealing, Viewport } from "./viewport.svelte";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A scrolling element as the viewport uses it. */
const element = (
  over: Partial<{ scrollLeft: number; scrollTop: number; clientWidth: number; clientHeight: number }> = {},
) => ({
  scrollLeft: 0,
  scrollTop: 0,
  clientWidth: 400,
  clientHeight: 200,
  focus: vi.fn(),
  ...over,
});

describe("days and x", () => {
  it("puts day origin at x 0, a day px wide at the zoom", () => {
    const v = new Viewport();
    expect(v.origin).toBe(FIRST_DAY);
    expect(v.px).toBe(20);
    expect(v.x(TODAY)).toBe((TODAY - FIRST_DAY) * 20);
    expect(v.dayAt(v.x(TODAY))).toBe(TODAY);
    expect(v.dayAt(v.x(TODAY) - 1)).toBe(TODAY - 1);
    expect(v.contentWidth).toBe((LAST_DAY - FIRST_DAY + 1) * 20);
    v.zoom = "day";
    expect(v.x(TODAY + 1) - v.x(TODAY)).toBe(48);
  });

  it("lays out the days in view and two more each side, and knows the days in view", () => {
    const v = new Viewport();
    v.width = 200;
    v.scrollLeft = v.x(TODAY) + 5;
    expect(v.days).toEqual({ first: TODAY - 2, last: TODAY + 11 + 2 });
    expect(v.dayList.length).toBe(15);
    expect([v.viewFrom, v.viewTo]).toEqual([TODAY, TODAY + 11]);
    v.scrollLeft += 3; // no day comes or goes
    expect(v.days).toEqual({ first: TODAY - 2, last: TODAY + 13 });
  });

  it("turns client points into content points and back", () => {
    const v = new Viewport();
    expect(v.contentPoint({ clientX: 10, clientY: 20 })).toEqual({ x: 10, y: 20 });
    v.content = { getBoundingClientRect: () => ({ left: -300, top: 40 }) } as unknown as HTMLDivElement;
    expect(v.contentPoint({ clientX: 10, clientY: 60 })).toEqual({ x: 310, y: 20 });
    expect(v.clientPoint(310, 20)).toEqual({ x: 10, y: 60 });
  });
});

describe("revealing the cursor", () => {
  const box = { left: 1000, top: 100, width: 400, height: 200 };
  it("leaves a cursor in view alone", () => {
    expect(revealing(box, 1100, 20, 150, 180)).toEqual({});
  });
  it("scrolls a cursor left of the view to two days from the edge, right of it to three", () => {
    expect(revealing(box, 980, 20, 150, 180)).toEqual({ left: 940 });
    expect(revealing(box, 1390, 20, 150, 180)).toEqual({ left: 1390 + 60 - 400 });
  });
  it("scrolls a row above the view to its top, below it to its bottom", () => {
    expect(revealing(box, 1100, 20, 90, 120)).toEqual({ top: 90 });
    expect(revealing(box, 1100, 20, 280, 320)).toEqual({ top: 120 });
  });
  it("scrolls the element", () => {
    const v = new Viewport();
    const el = element({ scrollLeft: v.x(TODAY + 30) });
    v.el = el as unknown as HTMLDivElement;
    v.reveal(TODAY, 0, 36);
    expect(el.scrollLeft).toBe(v.x(TODAY) - 40);
    expect(el.scrollTop).toBe(0);
  });
});

describe("scrolling and zooming", () => {
  it("follows the element's scroll and counts as scrolling until it rests", () => {
    vi.useFakeTimers();
    const v = new Viewport();
    v.el = element({ scrollLeft: 1234, scrollTop: 56 }) as unknown as HTMLDivElement;
    v.scrolled();
    expect([v.scrollLeft, v.scrollTop, v.scrolling]).toEqual([1234, 56, true]);
    vi.advanceTimersByTime(100);
    v.scrolled();
    vi.advanceTimersByTime(100);
    expect(v.scrolling).toBe(true);
    vi.advanceTimersByTime(60);
    expect(v.scrolling).toBe(false);
  });

  it("counts a scroll that goes on, not a single jump, as sweeping", () => {
    vi.useFakeTimers();
    const v = new Viewport();
    v.el = element({ scrollLeft: 1234, scrollTop: 56 }) as unknown as HTMLDivElement;
    v.scrolled(); // a jump (to today, to a day)
    expect([v.scrolling, v.sweeping]).toEqual([true, false]);
    vi.advanceTimersByTime(20);
    v.scrolled(); // the next frame's: it goes on
    expect(v.sweeping).toBe(true);
    vi.advanceTimersByTime(160);
    expect([v.scrolling, v.sweeping]).toEqual([false, false]);
    v.scrolled();
    expect(v.sweeping).toBe(false);
  });

  it("holds what the DOM over the pane shows while it sweeps, and follows once it rests", () => {
    vi.useFakeTimers();
    const v = new Viewport();
    v.el = element() as unknown as HTMLDivElement;
    expect(v.hold(1, () => 2)).toBe(2);
    v.scrolled(); // a single jump: followed at once
    expect(v.hold(2, () => 3)).toBe(3);
    vi.advanceTimersByTime(20);
    v.scrolled(); // it goes on: held
    expect(v.hold(3, () => 4)).toBe(3);
    vi.advanceTimersByTime(160);
    expect(v.hold(3, () => 4)).toBe(4);
  });

  it("starts a few days before today until it is scrolled", () => {
    const v = new Viewport();
    const el = element();
    v.el = el as unknown as HTMLDivElement;
    v.startAt(firstInView(TODAY, null));
    expect(el.scrollLeft).toBe(v.x(TODAY - 5));
    v.scrollLeft = 10;
    el.scrollLeft = 10;
    v.startAt(firstInView(TODAY, null));
    expect(el.scrollLeft).toBe(10);
  });

  it("has today's days in view as soon as it starts, not the first day a plan can hold", () => {
    // What is laid out, painted and asked for follows the days in view: before the scroll event
    // came, the start asked the table for the windows of 1900.
    const v = new Viewport();
    v.el = element() as unknown as HTMLDivElement;
    v.startAt(firstInView(TODAY, null));
    expect(v.viewFrom).toBe(TODAY - 5);
    expect(v.days.first).toBeGreaterThan(TODAY - 10);
  });

  it("reaches every day a plan can hold, and stays on the first when scrolled there", () => {
    const v = new Viewport();
    const el = element();
    v.el = el as unknown as HTMLDivElement;
    v.startAt(firstInView(TODAY, null));
    expect(v.dayAt(0)).toBe(dayOf("1900-01-01"));
    expect(v.dayAt(v.contentWidth - 1)).toBe(dayOf("2999-12-31"));
    // Scrolled all the way back: the view does not jump to today.
    v.scrollLeft = 0;
    el.scrollLeft = 0;
    v.startAt(firstInView(TODAY, null));
    expect(el.scrollLeft).toBe(0);
    // Go to a day years away, either way: it is there, two days from the left edge.
    for (const date of ["2020-01-01", "2030-06-15", "1900-01-03", "2999-12-01"]) {
      v.scrollToDay(dayOf(date));
      expect(v.dayAt(el.scrollLeft + 2 * v.px)).toBe(dayOf(date));
    }
  });

  it("goes to a day two days from the left edge", () => {
    const v = new Viewport();
    const el = element();
    v.el = el as unknown as HTMLDivElement;
    v.scrollToDay(TODAY + 3);
    expect(el.scrollLeft).toBe(v.x(TODAY + 1));
  });

  it("zooms about the middle of the view, scrolling on the next frame", () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (f: () => void) => frames.push(f));
    const v = new Viewport();
    const el = element({ scrollLeft: 2000, clientWidth: 400 });
    v.el = el as unknown as HTMLDivElement;
    v.setZoom("day");
    flushSync();
    expect(v.zoom).toBe("day");
    expect(v.px).toBe(48);
    for (const f of frames) f();
    expect(el.scrollLeft).toBe(((2000 + 200) / 20) * 48 - 200);
    frames.length = 0;
    v.setZoom("day");
    expect(frames).toEqual([]);
  });

  it("gives the element the focus without scrolling", () => {
    const v = new Viewport();
    const el = element();
    v.el = el as unknown as HTMLDivElement;
    v.focus();
    expect(el.focus).toHaveBeenCalledWith({ preventScroll: true });
  });
});
