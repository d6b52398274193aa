// Remembered across a restart: the language, the zoom, the day in view, the people filter and the
// rows as they were set up (compact, grouped by group, a section folded) come back as they were
// left. (The test leaves them as it found them for the tests after.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeDialog, sleep, startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const state = (app) =>
  app.script(`return { lang: document.documentElement.lang, zoom: document.querySelector(".toolbar .zoom")?.textContent.trim(),
    filter: document.querySelector(".filter").value, months: document.querySelector(".dates [data-months]").dataset.months,
    rowHeight: document.querySelector(".name")?.getBoundingClientRect().height,
    sections: [...document.querySelectorAll("button[data-section]")].map((b) => b.dataset.section + (b.getAttribute("aria-expanded") === "true" ? "" : " folded")) };`);

/** Rows grouped `by` (the filter dialog's "Group rows by"). */
async function groupBy(app, by) {
  await app.click((await app.findAll('button[data-action="people-filter"]'))[0]);
  await app.waitFor("dialog[open] select[name=row-grouping]");
  await app.script(`const s = document.querySelector("dialog[open] select[name=row-grouping]"); s.value = arguments[0];
    s.dispatchEvent(new Event("change", { bubbles: true })); return null;`, [by]);
  await closeDialog(app);
}

test("language, zoom, day in view, filter and the rows' set-up survive a restart", async () => {
  let app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    await app.click((await app.findAll(".toolbar .lang"))[0]);
    // Zoom out (the − button before the zoom's name): week → month.
    await app.script(`document.querySelector(".toolbar .zoom").previousElementSibling.click(); return null;`);
    await until("the month zoom", async () => (await state(app)).zoom === "月");
    await app.set(".toolbar input.date", "2029-05-14");
    await app.set(".filter", "a");
    // Compact rows, grouped by group, the first section folded.
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    await groupBy(app, "group");
    const first = await until("sections", async () => (await app.findAll("button[data-section]"))[0]);
    await app.click(first);
    await until("a section folded", async () => (await state(app)).sections.some((x) => x.endsWith("folded")));
    await sleep(1500); // the app writes a change once it rests
    const before = await state(app);
    assert.equal(before.lang, "ja");
    assert.match(before.months, /2029/);
    assert.equal(before.rowHeight, 16, "compact rows");
    assert.ok(before.sections.length >= 2, before.sections.join(", "));
    await app.close();

    app = await startApp(APP, { keepPrefs: true });
    await until("the timeline again", async () => (await app.findAll(".dates [data-months]")).length > 0);
    const after = await until("what was remembered", async () => {
      const s = await state(app);
      return s.filter === "a" && /2029/.test(s.months) && s.sections.length === before.sections.length ? s : null;
    });
    assert.deepEqual(after, before);
    await app.screenshot("remembered-after-restart");

    // As it was for the tests after this one.
    await app.click((await app.findAll(".toolbar .lang"))[0]);
    await app.script(`[...document.querySelectorAll(".toolbar button")].find((b) => b.textContent.trim() === "Today").click(); return null;`);
    await app.set(".filter", "");
    await app.click((await app.findAll(`button[data-section="${before.sections.find((x) => x.endsWith("folded")).split(" ")[0]}"]`))[0]);
    await groupBy(app, "none");
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    await app.script(`document.querySelector(".toolbar .zoom").nextElementSibling.click(); return null;`);
    await until("the week zoom", async () => (await state(app)).zoom === "week");
    await sleep(1500);
  } finally {
    await app.close();
  }
});
