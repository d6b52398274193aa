// Dates in the user's language and region: the date fields show and take the region's form
// (Japanese 2026/12/01, British 01/12/2026), typed straight in with no popup in the way; a date
// that cannot be read is said under its field and nothing is saved; the messages write dates as the
// fields do; the chosen format is remembered across a restart.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dialogGone, KEY, sleep, startApp, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const fields = (app) => app.script(`return [...document.querySelectorAll("dialog[open] input.date")].map((i) => i.value);`);
const months = (app) => app.script(`return document.querySelector(".dates [data-months]").dataset.months;`);
/** Opens the edit dialog of the first bar in view; its `YYYY-MM-DD` days (from `data-iso`). */
async function editFirstBar(app) {
  const iso = await app.script(`const b = document.querySelector(".bar[data-bar]");
    b.dispatchEvent(new MouseEvent("dblclick", { bubbles: true })); return b.dataset.iso;`);
  await app.waitFor("dialog[open] input.date", 2);
  const [, first, last] = iso.match(/(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/);
  return { iso, first, last };
}
const british = (iso) => iso.split("-").reverse().join("/");
const shift = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

test("in Japanese the fields show and take 2026/12/01; what cannot be read is said, and not saved", async () => {
  await withTimeline(APP, async (app) => {
    await app.click((await app.findAll(".toolbar .lang"))[0]);
    await until("Japanese", async () => (await app.texts(".toolbar .lang"))[0] === "English");
    const bar = await editFirstBar(app);
    assert.deepEqual(await fields(app), [bar.first.replaceAll("-", "/"), bar.last.replaceAll("-", "/")]);
    const [from, to] = await app.findAll("dialog[open] input.date");
    assert.equal(await app.script(`return document.querySelectorAll("dialog[open] input.date")[1].placeholder;`), "YYYY/MM/DD");

    // Typed with the keyboard, key by key: nothing pops up to take the keys.
    await app.clear(to);
    await app.type(to, "2031/1/9");
    assert.equal((await fields(app))[1], "2031/1/9", "what was typed, as typed");
    await app.press([KEY.Shift, "\uE004"]); // Shift+Tab back to the first day: the last is left
    assert.equal((await fields(app))[1], "2031/01/09", "written out once the field is left");

    // A date that is none: said under the field, and the dialog does not save.
    await app.clear(from);
    await app.type(from, "2026/13/45");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const problem = await until("the field's sentence", async () => (await app.texts("dialog[open] .problem"))[0]);
    assert.equal(problem, "日付は YYYY/MM/DD の形式で入力してください。");
    await app.screenshot("dates-1-typed-wrong-ja");
    assert.equal((await app.findAll("dialog[open]")).length, 1, "the dialog stays: nothing was sent");
    await app.press([KEY.Escape]);
    await dialogGone(app);
    assert.equal(await app.script(`return document.querySelector(arguments[0]).dataset.iso;`, [`.bar[data-iso="${bar.iso}"]`]), bar.iso, "the bar is as it was");

    // "Go to", typed: 2030/6/1 and Enter.
    const [goTo] = await app.findAll(".toolbar input.date");
    await app.type(goTo, "2030/6/1");
    await app.press([KEY.Enter]);
    await until("June 2030 in view", async () => (await months(app)).includes("2030年6月"));
    await app.screenshot("dates-2-go-to-typed-ja");
    await app.click((await app.findAll(".toolbar .lang"))[0]);
  });
});

test("a region chosen in the settings: its fields, its messages, its week, and remembered", async () => {
  let app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    await app.click((await app.findAll('button[data-action="settings"]'))[0]);
    await app.waitFor("dialog[open] select[name=dates]");
    await app.set("dialog[open] select[name=dates]", "en-US");
    assert.match((await app.texts("dialog[open] .dates p"))[0], /Weeks start on Sunday/);
    await app.set("dialog[open] select[name=dates]", "en-GB");
    assert.match((await app.texts("dialog[open] .dates p"))[0], /Weeks start on Monday/);
    await app.screenshot("dates-3-chosen-en-GB");
    await app.press([KEY.Escape]);
    await dialogGone(app);

    const bar = await editFirstBar(app);
    assert.deepEqual(await fields(app), [british(bar.first), british(bar.last)]);
    // A last day before the first: the message writes both as the fields do.
    const [, to] = await app.findAll("dialog[open] input.date");
    const before = shift(bar.first, -3);
    await app.clear(to);
    await app.type(to, british(before));
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const error = await until("the dialog's error", async () => (await app.texts("dialog[open] p.error"))[0]);
    assert.equal(error, `The last day ${british(before)} is before the first day ${british(bar.first)}.`);
    assert.doesNotMatch(error, /\d{4}-\d{2}-\d{2}/);
    await app.screenshot("dates-4-message-as-fields");
    await app.press([KEY.Escape]);
    await dialogGone(app);
    await sleep(1500); // the app writes a change once it rests
    await app.close();

    app = await startApp(APP, { keepPrefs: true });
    await app.waitFor(".toolbar input.date");
    await until("the British format again", async () =>
      (await app.script(`return document.querySelector(".toolbar input.date").placeholder;`)) === "DD/MM/YYYY",
    );
    await app.screenshot("dates-5-remembered");
  } finally {
    await app.close();
  }
});
