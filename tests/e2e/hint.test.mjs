// The first start's hint: how to book and the keys, on the timeline until the first booking or
// until dismissed, and remembered dismissed across a restart of the window.
import assert from "node:assert/strict";
import { test } from "node:test";
import { KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const SEEN = "resource-planner.first-hint-done";

test("a first start shows how to book until the hint is dismissed, and then no more", async () => {
  await withTimeline(APP, async (app) => {
    // As on a first start (other tests here have made bookings already).
    await app.reload(`localStorage.removeItem(arguments[0])`, [SEEN]);
    await until("the hint", async () => /drag across the days/.test((await app.texts(".hint"))[0] ?? ""));
    assert.equal((await app.findAll(".hint.empty")).length, 0, "the demo team is not empty");
    await app.screenshot("hint-1-first-start");
    await app.click((await app.findAll(".hint .dismiss"))[0]);
    await until("the hint to go", async () => (await app.findAll(".hint")).length === 0);
    await app.reload();
    await app.waitFor(".bar", 10);
    assert.equal((await app.findAll(".hint")).length, 0, "dismissed stays dismissed");
  });
});

test("the hint going with the first edit moves no row from under the pointer", async () => {
  await withTimeline(APP, async (app) => {
    await app.reload(`localStorage.removeItem(arguments[0])`, [SEEN]);
    await until("the hint", async () => (await app.findAll(".hint")).length === 1);
    await app.waitFor(".bar", 10);
    const bar = await app.script(`
      const view = document.querySelector(".viewport").getBoundingClientRect();
      const b = [...document.querySelectorAll(".bar[data-bar]")].find((e) => { const r = e.getBoundingClientRect(); return r.left > view.left + 20 && r.right < view.right - 20 && r.top > view.top && r.bottom < view.bottom; });
      const r = b.getBoundingClientRect();
      return { id: b.dataset.bar, iso: b.dataset.iso, x: r.left + 10, y: r.top + r.height / 2 };`);
    const top = () => app.script(`return document.querySelector(arguments[0]).getBoundingClientRect().top;`, [`.bar[data-bar="${bar.id}"]`]);
    const before = await top();
    // The first edit: the bar pressed, then moved a day with Alt+→.
    await app.mouse(bar.x, bar.y, [
      { type: "pointerDown", button: 0 },
      { type: "pointerUp", button: 0 },
    ]);
    await app.press([KEY.Alt, KEY.ArrowRight]);
    await until("the hint to go with the edit", async () => (await app.findAll(".hint")).length === 0);
    await app.screenshot("hint-2-gone-with-the-first-edit");
    assert.equal(await top(), before, "the bar's row stays where it was");
    // Put back as it was (the other tests' demo team).
    await app.press([KEY.Control, "z"]);
    await until("the undo", async () => (await app.script(`return document.querySelector(arguments[0]).dataset.iso;`, [`.bar[data-bar="${bar.id}"]`])) === bar.iso);
  });
});
