// End-to-end editing: add a person and a project, create an assignment on the timeline, move it
// in a dialog, restart the app and find it, then delete it with the Delete key.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sleep, startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

async function addNamed(app, action, name) {
  const [open] = await app.findAll(`button[data-action="${action}"]`);
  await app.click(open);
  const [input] = await app.waitFor("dialog[open] input[name=name]");
  await app.type(input, name);
  const [add] = await app.findAll('dialog[open] button[type="submit"]');
  await app.click(add);
  await app.script("return null");
  for (let i = 0; i < 50 && (await app.findAll("dialog[open]")).length > 0; i++) await sleep(100);
}

test("create, move, keep across a restart, and delete an assignment through the UI", async () => {
  let app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    await addNamed(app, "add-person", "Grace Hopper");
    await addNamed(app, "add-project", "COBOL");
    assert.ok((await app.texts(".name .who")).includes("Grace Hopper"));
    await app.screenshot("10-person-and-project-added");

    // Double-click an empty stretch of Grace's row: the new-assignment dialog opens there.
    await app.script(`
      const name = [...document.querySelectorAll(".name .who")].find((e) => e.textContent.trim() === "Grace Hopper");
      const canvas = document.querySelector(".canvas");
      const y = name.getBoundingClientRect().top + 8;
      const x = document.querySelector(".viewport").getBoundingClientRect().left + 300;
      canvas.dispatchEvent(new MouseEvent("dblclick", { bubbles: true, clientX: x, clientY: y }));
      return null;`);
    const [project] = await app.waitFor("dialog[open] select");
    const cobol = await app.script(
      `return [...document.querySelectorAll("dialog[open] select")[1].options].find((o) => o.textContent === "COBOL").value`,
    );
    await app.set("dialog[open] select", cobol, 1);
    assert.ok(project);
    await app.screenshot("11-new-assignment-dialog");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const [bar] = await app.waitFor('.bar[aria-label^="COBOL"]');
    assert.ok(bar);
    await app.screenshot("12-assignment-created");

    // Edit it: a new first and last day.
    await app.script(`document.querySelector('.bar[aria-label^="COBOL"]').dispatchEvent(new MouseEvent("dblclick", { bubbles: true })); return null;`);
    await app.waitFor('dialog[open] input.date', 2);
    const today = new Date();
    const iso = (d) => d.toISOString().slice(0, 10);
    const first = iso(new Date(today.getTime() + 2 * 86400000));
    const last = iso(new Date(today.getTime() + 9 * 86400000));
    await app.set('dialog[open] input.date', first);
    await app.set('dialog[open] input.date', last, 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await app.waitFor(`.bar[data-iso="COBOL: ${first} – ${last}"]`);
    await app.screenshot("13-assignment-moved");
  } finally {
    await app.close();
  }

  // A new app process on the same workspace finds everything.
  app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    assert.ok((await app.texts(".name .who")).includes("Grace Hopper"));
    await app.waitFor('.bar[aria-label^="COBOL"]');
    await app.screenshot("14-after-restart");
    // Right after a start the bar can be drawn a moment before it takes the focus ("element not
    // interactable", seen once in a full run): the key is sent again until it is taken.
    await until("the bar takes the Delete key", async () => {
      const [bar] = await app.findAll('.bar[aria-label^="COBOL"]');
      if (!bar) return true;
      try {
        await app.type(bar, "\uE017");
        return true;
      } catch (e) {
        if (/not interactable|not focusable/.test(e.message)) return false;
        throw e;
      }
    });
    for (let i = 0; i < 50 && (await app.findAll('.bar[aria-label^="COBOL"]')).length > 0; i++) await sleep(100);
    assert.equal((await app.findAll('.bar[aria-label^="COBOL"]')).length, 0);
    await app.screenshot("15-assignment-deleted");
  } finally {
    await app.close();
  }
});
