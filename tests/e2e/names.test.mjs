// A name that repeats one in use asks first: "alice  johnson" beside "Alice Johnson" is added only
// after a second save, and the project picker offers "Globex Website" for "globex website" instead
// of making it again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addPerson, clickMenuItem, dialogGone, KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

const names = (app) => app.texts(".name .who");

test("a repeated name asks before it is added, and the picker offers the project it repeats", async () => {
  await withTimeline(APP, async (app) => {
    const before = await names(app);
    assert.ok(before.includes("Alice Johnson"), "the demo team has Alice Johnson");

    await addPerson(app, " alice  johnson");
    await app.waitFor("dialog[open] .warn");
    assert.match((await app.texts("dialog[open] .warn"))[0], /“Alice Johnson” exists already/);
    assert.equal((await app.texts('dialog[open] button[type="submit"]'))[0], "Save anyway");
    assert.deepEqual(await names(app), before, "nothing added yet");
    await app.screenshot("names-1-asks");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    await until("the second Alice", async () => (await names(app)).length === before.length + 1);
    assert.ok((await names(app)).includes("alice  johnson".trim()) || (await names(app)).includes("alice johnson"));

    // The picker: drawing on the new row and typing a project's name in other case.
    const row = await app.script(
      `const n = [...document.querySelectorAll(".name")].find((e) => /^alice\\s+johnson$/.test(e.querySelector(".who").textContent.trim()));
       const r = n.getBoundingClientRect(); const v = document.querySelector(".viewport").getBoundingClientRect();
       return { x: v.left + 200, y: r.top + r.height / 2, nameX: r.left + 40 };`,
    );
    await app.drag(row.x, row.y, 2 * 20 + 5, 0);
    const [search] = await app.waitFor('[role="dialog"] input[role="combobox"]');
    await app.type(search, "globex website");
    await until("the existing project offered", async () =>
      (await app.texts('[role="option"]')).some((t) => t === "Globex Website"),
    );
    assert.deepEqual(
      (await app.texts('[role="option"]')).filter((t) => t.startsWith("Create")),
      [],
      "no second Globex Website offered",
    );
    await app.screenshot("names-2-picker");
    await app.press([KEY.Escape]);

    // Leave the team as it was: the second Alice goes again.
    await app.rightClick(row.nameX, row.y);
    await clickMenuItem(app, "Delete person");
    await app.click((await app.waitFor("dialog[open] button.danger"))[0]);
    await dialogGone(app);
    await until("back to the team as it was", async () => (await names(app)).length === before.length);
  });
});
