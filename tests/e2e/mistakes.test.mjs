// Mistakes a person can make get a sentence where they made them, and nothing is lost: an empty
// name, a last day before the first, a name too long for a project typed into the picker.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addPerson, KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const alertText = async (app, css) => (await until(`an alert in ${css}`, async () => (await app.texts(css))[0]))?.trim();

test("bad input is refused with a sentence, in place, and nothing is lost", async () => {
  await withTimeline(APP, async (app) => {
    const people = await app.texts(".name .who");

    // An empty name for a new person.
    await addPerson(app, "   ");
    const empty = await alertText(app, 'dialog[open] [role="alert"]');
    assert.match(empty, /name/i);
    assert.ok(!empty.includes("{") && !empty.includes("code"), `a sentence, not a dump: ${empty}`);
    await app.screenshot("30-empty-name");
    await app.press([KEY.Escape]);
    await until("the dialog to close", async () => (await app.findAll("dialog[open]")).length === 0);
    assert.deepEqual(await app.texts(".name .who"), people);

    // A last day before the first day, in the edit form of an existing bar.
    const label = await app.script(`
      const b = document.querySelector(".bar"); b.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
      return b.dataset.iso;`);
    await app.waitFor('dialog[open] input.date', 2);
    await app.set('dialog[open] input.date', "2020-01-01", 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const backwards = await alertText(app, 'dialog[open] [role="alert"]');
    assert.match(backwards, /last day|before|end/i);
    await app.screenshot("31-last-day-before-first");
    await app.press([KEY.Escape]);
    await until("the dialog to close", async () => (await app.findAll("dialog[open]")).length === 0);
    const labels = await app.script(`return [...document.querySelectorAll(".bar")].map((b) => b.dataset.iso);`);
    assert.ok(labels.includes(label), `the bar is unchanged: ${label}`);

    // A 150-character project name typed into the picker: refused there, the picker stays.
    await app.script(`document.querySelector(".viewport").focus(); return null;`);
    // Two days selected (a selection opens the picker even where a bar is).
    await app.press([KEY.Shift, KEY.ArrowRight], [KEY.Enter]);
    const [search] = await app.waitFor('[role="dialog"] input[role="combobox"]');
    await app.type(search, "x".repeat(150));
    await app.press([KEY.Enter]);
    const long = await alertText(app, '[role="dialog"] [role="alert"]');
    assert.match(long, /100/);
    await app.screenshot("32-project-name-too-long");
    assert.equal((await app.findAll('[role="dialog"] input[role="combobox"]')).length, 1, "the picker stays open");
  });
});
