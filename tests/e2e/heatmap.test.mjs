// The heatmap (issue #17.7): the toolbar's button shows each person's booked share by week (week
// zoom) or by day (day zoom) instead of the bars, each cell's figures on hover (its title) and
// under the keyboard's cursor (what the grid announces); the button again brings the bars back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickMenuItem, KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const CELLS = `return [...document.querySelectorAll(".hits .heat")].map((c) => ({ w: c.getBoundingClientRect().width, title: c.title }));`;

test("the heatmap shows utilisation by week and by day, with the figures on hover and under the cursor", async () => {
  await withTimeline(APP, async (app) => {
    const [button] = await app.findAll('button[data-action="heatmap"]');
    await app.click(button);
    const weeks = await until("week cells", async () => {
      const cells = await app.script(CELLS);
      return cells.length > 10 && cells;
    });
    assert.equal(await app.script(`return document.querySelectorAll(".hits .bar").length;`), 0, "no bars under the cells");
    assert.ok(weeks.every((c) => /: [\d.]+h of [\d.]+h booked, [\d.]+h free/.test(c.title)), weeks[0]?.title);
    assert.ok(weeks.some((c) => Math.abs(c.w - 140) < 1), "a whole week is seven days of 20 px");
    await app.screenshot("heatmap-1-weeks");

    // Day zoom: a cell a day.
    await app.click((await app.findAll('button[aria-label="Zoom in (+)"]'))[0]);
    const days = await until("day cells", async () => {
      const cells = await app.script(CELLS);
      return cells.length > 10 && cells.every((c) => c.w <= 48.5) && cells;
    });
    assert.ok(days.some((c) => /\(\d+%\)$/.test(c.title)), days[0]?.title);
    // The keyboard's cursor on a cell says its figures.
    await app.script(`document.querySelector(".viewport").focus(); return null;`);
    const said = await app.script(`return document.querySelector("#timeline-cursor").getAttribute("aria-label");`);
    assert.match(said, /h of [\d.]+h booked/);
    assert.equal((await app.findAll(".ring")).length, 0, "no bar's focus ring over the cells");
    await app.screenshot("heatmap-2-days");

    await app.click(button);
    await until("the bars back", async () => (await app.findAll(".hits .bar")).length > 0);
    assert.equal((await app.script(CELLS)).length, 0);
  });
});

test("who is free: a bar's menu finds the people free over its days, enough first, and goes to one", async () => {
  await withTimeline(APP, async (app) => {
    // The first bar in view, its menu from the keyboard (the grid's cursor put on it).
    await app.script(`document.querySelector(".hits .bar").focus(); return null;`);
    await app.press([KEY.Shift, KEY.F10]);
    await clickMenuItem(app, "Who is free");
    await app.waitFor("dialog[open] ul.found li", 5);
    const found = await app.script(
      `return [...document.querySelectorAll("dialog[open] ul.found button")].map((b) => ({ name: b.querySelector("span").textContent.trim(), text: b.textContent.trim(), enough: b.classList.contains("enough") }));`,
    );
    const free = found.map((f) => Number(f.text.match(/([\d.]+)h free/)?.[1]));
    assert.ok(free.every((h) => !Number.isNaN(h)), JSON.stringify(found));
    const firstShort = found.findIndex((f) => !f.enough);
    assert.ok(firstShort === -1 || found.slice(firstShort).every((f) => !f.enough), "enough first");
    const short = free.slice(firstShort === -1 ? free.length : firstShort);
    assert.deepEqual(short, [...short].sort((a, b) => b - a), "then the most free");
    // The bar's days are in the fields (the first one focused, as the dialog opens).
    const shown = await app.script(`return [...document.querySelectorAll("dialog[open] input.date")].map((i) => i.value);`);
    assert.ok(shown.every((v) => /\d/.test(v)), `the days shown: ${shown}`);
    await app.screenshot("who-is-free-1-list");
    // The first one picked: the grid's cursor goes to their row.
    await app.click((await app.findAll("dialog[open] ul.found button"))[0]);
    await until("the dialog closed", async () => (await app.findAll("dialog[open]")).length === 0);
    const said = await app.script(`return document.querySelector("#timeline-cursor").getAttribute("aria-label");`);
    assert.ok(said.startsWith(found[0].name), `${said} / ${found[0].name}`);
  });
});
