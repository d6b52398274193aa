// Zoom keeps the place: about the pointer for Ctrl+wheel, about the cursor's day from the keyboard
// and the buttons, so about today right after Today.
import { flushSync } from "svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TODAY, timeline } from "../../../test-support/timeline/fixture";

/** Runs the frames the zoom asked for (it scrolls on the next one, once the content has its width). */
function frames() {
  const queued: (() => void)[] = [];
  vi.stubGlobal("requestAnimationFrame", (f: () => void) => queued.push(f));
  return () => {
    flushSync();
    for (const f of queued.splice(0)) f();
  };
}

/** Where the middle of `day` is from the view's left edge. */
const onScreen = (t: ReturnType<typeof timeline>, day: number) =>
  t.view.x(day) + t.view.px / 2 - t.el.scrollLeft;

afterEach(() => vi.unstubAllGlobals());

describe("zooming", () => {
  it("keeps the cursor's day where it is on screen (keyboard and buttons)", () => {
    const run = frames();
    const t = timeline();
    t.el.scrollLeft = t.view.x(TODAY - 5);
    t.cursor.toDay(TODAY + 3);
    const before = onScreen(t, TODAY + 3);
    t.commands.run({ kind: "zoom-in" });
    run();
    expect(t.view.zoom).toBe("day");
    expect(onScreen(t, TODAY + 3)).toBeCloseTo(before, 6);
    t.commands.setZoom("month");
    run();
    expect(onScreen(t, TODAY + 3)).toBeCloseTo(before, 6);
  });

  it("keeps today in place right after Today", () => {
    const run = frames();
    const t = timeline();
    t.el.scrollLeft = t.view.x(TODAY + 200);
    t.commands.goTo(TODAY);
    const before = onScreen(t, TODAY);
    t.commands.run({ kind: "zoom-in" });
    run();
    expect(onScreen(t, TODAY)).toBeCloseTo(before, 6);
    expect(t.view.anchorOf(TODAY)).toBeDefined();
  });

  it("zooms about the middle of the view when the cursor's day is out of it", () => {
    const run = frames();
    const t = timeline();
    t.el.scrollLeft = t.view.x(TODAY + 100);
    const middle = t.el.scrollLeft + t.el.clientWidth / 2;
    const px = t.view.px;
    t.commands.run({ kind: "zoom-in" });
    run();
    expect(t.el.scrollLeft + t.el.clientWidth / 2).toBeCloseTo((middle / px) * t.view.px, 6);
  });

  it("zooms one step about the pointer for a flick of Ctrl+wheel", () => {
    const run = frames();
    const t = timeline();
    t.el.scrollLeft = t.view.x(TODAY - 5);
    const x = 620;
    const dayPos = (t.el.scrollLeft + x) / t.view.px;
    t.commands.zoomAt("in", x, 1000);
    t.commands.zoomAt("in", x, 1050); // the same flick: no second step
    run();
    expect(t.view.zoom).toBe("day");
    expect(t.el.scrollLeft + x).toBeCloseTo(dayPos * t.view.px, 6);
    t.commands.zoomAt("out", x, 1300);
    run();
    expect(t.view.zoom).toBe("week");
  });
});
