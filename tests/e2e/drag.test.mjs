// End-to-end dragging: move a bar by three days with the mouse, then widen it by its right edge.
import assert from "node:assert/strict";
import { test } from "node:test";
import { unlikeAnew } from "./bars.mjs";
import { hintGone, sleep, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** The first bar that is wholly in view and wide enough to grab: its label and rectangle. */
const PICK = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const bar = [...document.querySelectorAll(".bar")].find((b) => {
    const r = b.getBoundingClientRect();
    return r.left > view.left + 40 && r.right < view.right - 120 && r.width > 60 && r.top > view.top;
  });
  const r = bar.getBoundingClientRect();
  return { label: bar.dataset.iso, x: r.left, y: r.top + r.height / 2, w: r.width };`;

const shift = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
const range = (label) => label.match(/(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/).slice(1, 3);

async function waitForLabel(app, label) {
  for (let i = 0; i < 50; i++) {
    const labels = await app.script(`return [...document.querySelectorAll(".bar")].map((b) => b.dataset.iso);`);
    if (labels.includes(label)) return;
    await sleep(100);
  }
  throw new Error(`no bar labelled ${label}`);
}

test("drag a bar to move it and its edge to resize it", async () => {
  await withTimeline(APP, async (app) => {
    const px = 20; // week zoom
    const bar = await app.script(PICK);
    const [first, last] = range(bar.label);
    const project = bar.label.slice(0, bar.label.lastIndexOf(":"));

    // While it is dragged, a label above it says its days and how many.
    const x0 = Math.round(bar.x + bar.w / 2);
    await app.mouse(x0, bar.y, [
      { type: "pointerDown", button: 0 },
      ...[1, 2, 3].map((i) => ({ type: "pointerMove", duration: 30, origin: "viewport", x: x0 + i * px, y: Math.round(bar.y) })),
    ]);
    const feedback = await app.texts(".feedback");
    const days = (Date.parse(last) - Date.parse(first)) / 86400000 + 1;
    assert.equal(feedback.length, 1, "one label while dragging");
    assert.match(feedback[0], new RegExp(` · ${days} days?$`), feedback[0]);
    await app.screenshot("05-dragging");
    await app.mouse(x0 + 3 * px, bar.y, [{ type: "pointerUp", button: 0 }]);
    assert.deepEqual(await app.texts(".feedback"), [], "gone once dropped");
    const moved = `${project}: ${shift(first, 3)} – ${shift(last, 3)}`;
    await waitForLabel(app, moved);
    await hintGone(app); // the first edit saved
    await app.screenshot("05-dragged");
    // The bar's row was painted again at the press and at the drop, not the whole pane: the same
    // pixels as the whole pane painted anew.
    assert.equal(await unlikeAnew(app), "none", "pixels after the drop that differ from the pane painted anew");

    const again = await app.script(`
      const b = [...document.querySelectorAll(".bar")].find((e) => e.dataset.iso === arguments[0]);
      const r = b.getBoundingClientRect();
      return { x: r.right - 2, y: r.top + r.height / 2 };`, [moved]);
    await app.drag(again.x, again.y, 2 * px, 0);
    await waitForLabel(app, `${project}: ${shift(first, 3)} – ${shift(last, 5)}`);
    await app.screenshot("06-resized");
    assert.equal(await unlikeAnew(app), "none", "pixels after the resize that differ from the pane painted anew");
  });
});

test("a bar pressed while the pane is scrolling is dragged all the same", async () => {
  await withTimeline(APP, async (app) => {
    const px = 20;
    const bar = await app.script(PICK);
    const [first, last] = range(bar.label);
    const project = bar.label.slice(0, bar.label.lastIndexOf(":"));
    // Keep the pane scrolling (a pixel right, a pixel back, every frame, for three seconds): the
    // bars then take no pointer (Timeline.svelte, \`scrolling\`), and the press finds its bar by geometry.
    await app.script(`
      const v = document.querySelector(".viewport");
      const end = performance.now() + 3000;
      let n = 0;
      const step = () => {
        v.scrollLeft += n++ % 2 ? -1 : 1;
        if (performance.now() < end) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
      return null;`);
    // (Waited for, not slept: on a loaded machine the first frames come late.)
    await until("the pane scrolling", () =>
      app.script(`return document.querySelector(".viewport").classList.contains("scrolling");`),
    );
    // Meanwhile, from its second scroll event (the pane sweeping), the hit targets are out of
    // layout (HitLayer.svelte: the focused one apart).
    await until("the pane sweeping", () => app.script(`return document.querySelector(".hits.sweeping") !== null;`));
    const laidOut = `return [...document.querySelectorAll(".hits .bar")].filter((b) => b.getClientRects().length > 0 && b !== document.activeElement).length;`;
    assert.equal(await app.script(laidOut), 0, "hit targets laid out while the pane scrolls");
    await app.drag(bar.x + bar.w / 2, bar.y, 3 * px, 0);
    await waitForLabel(app, `${project}: ${shift(first, 3)} – ${shift(last, 3)}`);
    assert.equal(await app.script(`return document.querySelector('[role="dialog"] input[role="combobox"]') !== null;`), false, "no project picker: nothing was created");
    // Once the pane rests, they are back.
    await until("the hit targets back once the pane rests", async () => (await app.script(laidOut)) > 0);
  });
});
