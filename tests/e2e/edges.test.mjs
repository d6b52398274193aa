// No silent edge: every day a plan can hold is reached by "Go to" and by scrolling, either way,
// without the view jumping back to today; a 4-year bar's end can be seen and dragged.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dialogGone, hintGone, sleep, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const PX = 20; // the week zoom

/** The month names the date header shows (its canvas says them in data-months). */
const months = (app) => app.script(`return document.querySelector(".dates [data-months]").dataset.months;`);
const scrollLeft = (app) => app.script(`return document.querySelector(".viewport").scrollLeft;`);
const shift = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
const label = (app, id) => app.script(`return document.querySelector(arguments[0])?.dataset.iso ?? null;`, [`.bar[data-bar="${id}"]`]);

test("Go to 2020 and 2030, and a scroll to the past, stay where they were sent", async () => {
  await withTimeline(APP, async (app) => {
    for (const [date, month] of [["2020-01-01", "Jan 2020"], ["2030-06-15", "Jun 2030"], ["1900-01-01", "Jan 1900"]]) {
      await app.set(".toolbar input.date", date);
      await until(`${month} in the header`, async () => (await months(app)).includes(month));
      const at = await scrollLeft(app);
      await sleep(600);
      assert.equal(await scrollLeft(app), at, `the view stays at ${date}`);
      await app.screenshot(`edges-goto-${date}`);
    }
    // Scrolled to the very first day: it stays there (it used to jump back to about today).
    await app.script(`document.querySelector(".viewport").scrollLeft = 0; return null;`);
    await sleep(800);
    assert.equal(await scrollLeft(app), 0);
    assert.match(await months(app), /Jan 1900/);
    // Back to today, then three years into the past by scrolling: windows load as they come.
    await app.script(`[...document.querySelectorAll(".toolbar button")].find((b) => b.textContent.trim() === "Today").click(); return null;`);
    const today = await until("today in view", async () => {
      const s = await scrollLeft(app);
      return s > 0 ? s : null;
    });
    await app.script(`document.querySelector(".viewport").scrollLeft = arguments[0]; return null;`, [today - 3 * 365 * PX]);
    await sleep(800);
    assert.equal(await scrollLeft(app), today - 3 * 365 * PX, "no jump after a scroll to the past");
    await app.screenshot("edges-three-years-back");
  });
});

test("a 4-year bar's end can be reached and dragged", async () => {
  await withTimeline(APP, async (app) => {
    const bar = await app.script(`
      const view = document.querySelector(".viewport").getBoundingClientRect();
      const b = [...document.querySelectorAll(".bar[data-bar]")].find((e) => { const r = e.getBoundingClientRect(); return r.left > view.left + 20 && r.right < view.right - 20 && r.top > view.top; });
      return { id: b.dataset.bar, label: b.dataset.iso };`);
    const [first] = bar.label.match(/(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/).slice(1, 3);
    const last = shift(first, 4 * 365);
    await app.script(`document.querySelector(arguments[0]).dispatchEvent(new MouseEvent("dblclick", { bubbles: true })); return null;`, [`.bar[data-bar="${bar.id}"]`]);
    await app.waitFor("dialog[open] input.date", 2);
    await app.set("dialog[open] input.date", last, 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await until("the 4-year bar", async () => (await label(app, bar.id))?.endsWith(`${first} – ${last}`));
    // Saved: the dialog closed and the first-start hint went with the first edit.
    await dialogGone(app);
    await hintGone(app);

    // Its last day, four years on: in view, and its end edge dragged two days further.
    await app.set(".toolbar input.date", shift(last, -10));
    const edge = await until("the bar's end in view", () =>
      app.script(`const v = document.querySelector(".viewport").getBoundingClientRect();
        const b = document.querySelector(arguments[0])?.getBoundingClientRect();
        return b && b.right > v.left && b.right < v.right ? { x: b.right - 2, y: b.top + b.height / 2 } : null;`, [`.bar[data-bar="${bar.id}"]`]),
    );
    await app.screenshot("edges-4-year-end");
    await app.drag(edge.x, edge.y, 2 * PX, 0);
    await until("the end two days later", async () => (await label(app, bar.id))?.endsWith(`${first} – ${shift(last, 2)}`));
  });
});

test("a bar that began before the days in view: its tooltip starts at the pane's edge, readable", async () => {
  await withTimeline(APP, async (app) => {
    const spot = await until("a bar across the pane's left edge", () =>
      app.script(`const view = document.querySelector(".viewport").getBoundingClientRect();
        const b = [...document.querySelectorAll(".bar[data-bar]")].map((e) => e.getBoundingClientRect())
          .find((r) => r.left < view.left - 40 && r.right > view.left + 60 && r.top > view.top && r.bottom < view.bottom);
        return b ? { x: view.left + 30, y: b.top + b.height / 2 } : null;`),
    );
    await app.mouse(spot.x, spot.y, [
      { type: "pointerDown", button: 0 },
      { type: "pointerUp", button: 0 },
    ]);
    const tip = await until("the bar's tooltip", () =>
      app.script(`const t = document.querySelector(".tip"); if (!t) return null;
        return { left: t.getBoundingClientRect().left, pane: document.querySelector(".viewport").getBoundingClientRect().left, text: t.textContent };`),
    );
    await app.screenshot("edges-tooltip-left");
    assert.ok(tip.left >= tip.pane, `the tooltip starts at ${tip.left} px, the pane at ${tip.pane} px: "${tip.text}" is cut`);
  });
});
