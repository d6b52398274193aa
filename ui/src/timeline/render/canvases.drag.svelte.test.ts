// @vitest-environment ./test-support/clientEnvironment.ts
// What a drag makes again of the pane: its scene (and so its painting) when the drag starts (the
// bar dragged is left out: the drag's own layer draws it) and when it ends, not at each move of
// the pointer. (A .svelte.test.ts file: an effect reads the scene, as the pane's painting does.)
import { flushSync } from "svelte";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { FakeElement, pointer, TODAY, timeline } from "../../../test-support/timeline/fixture";
import { FIRST_DAY } from "../model/dates";
import { Canvases } from "./canvases.svelte";

beforeEach(() => {
  vi.stubGlobal("requestAnimationFrame", () => 0);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Ada's a1 at content x (TODAY - FIRST_DAY) × 20 + 1, y 5; the content at client (100, 50).
const A1 = { x: 100 + (TODAY - FIRST_DAY) * 20 + 1 + 30, y: 50 + 5 + 10 };

it("makes the pane's scene again when a drag starts and when it ends, not as it moves", () => {
  const t = timeline();
  // As Timeline.svelte wires them.
  const canvases = new Canvases(
    t.view,
    t.rows,
    { dragging: () => t.gestures.draggedId, cursorRow: () => t.cursor.at.row },
    () => TODAY,
  );
  const scenes: unknown[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      scenes.push(canvases.scene);
    });
  });
  flushSync();
  const bar = new FakeElement(0, 0, { "data-bar": "a1" });
  t.gestures.down(pointer(bar, A1.x, A1.y).event);
  flushSync();
  expect(scenes.length).toBe(2); // the drag begun: a1 left out of the pane
  // Five days to the right, a day at a time, then down a row and back.
  const moves: [number, number][] = [
    [20, 0],
    [40, 0],
    [60, 0],
    [80, 0],
    [100, 0],
    [100, 60],
    [100, 0],
  ];
  const rows = new Set<number | undefined>();
  for (const [dx, dy] of moves) {
    t.gestures.move(pointer(bar, A1.x + dx, A1.y + dy).event);
    flushSync();
    rows.add(t.gestures.drag?.row);
  }
  expect([t.gestures.drag?.delta, [...rows]]).toEqual([5, [0, 1]]);
  expect(scenes.length).toBe(2);
  t.gestures.up(pointer(bar, A1.x + 100, A1.y).event);
  flushSync();
  expect(scenes.length).toBeGreaterThan(2); // dropped: a1 back in the pane
  stop();
});
