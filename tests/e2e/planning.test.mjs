// End-to-end planning as a person does it, mouse and keyboard: drag on an empty stretch to create
// (picking a project, here a new one, right there), undo and redo, move with the keyboard, create
// with the keyboard, delete through the context menu, rename a person, search, rename and
// recolour a project, and delete the person with their bars. Each step leaves a screenshot.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addPerson, clickMenuItem, dialogGone, KEY, rowOf, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const PERSON = "Margaret Hamilton";

const labels = (app, prefix) =>
  app.script(
    `return [...document.querySelectorAll(".bar:not(.ghost)")].map((b) => b.dataset.iso).filter((l) => l.startsWith(arguments[0]));`,
    [prefix],
  );
const shift = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
const range = (label) => label.match(/(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/).slice(1, 3);

test("plan with the mouse and the keyboard: create, undo, move, delete, rename, recolour", async () => {
  await withTimeline(APP, async (app) => {
    await addPerson(app, PERSON);
    await dialogGone(app);
    const row = await until("the new person's row", () => rowOf(app, PERSON));

    // Drag across five days of the empty row: the project picker opens there; typing a name
    // that no project has offers to create it, and Enter does.
    await app.drag(row.x + 200, row.middle, 4 * 20 + 5, 0);
    const [search] = await app.waitFor('[role="dialog"] input[role="combobox"]');
    await app.type(search, "Apollo");
    await until("the create option", async () =>
      (await app.texts('[role="option"]')).some((t) => t.includes("Apollo")),
    );
    await app.screenshot("20-drag-create-picker");
    await app.press([KEY.Enter]);
    const [created] = await until("the created bar", () => labels(app, "Apollo:").then((l) => l.length && l));
    const [first, last] = range(created);
    assert.equal(shift(first, 4), last, `five days: ${created}`);
    await app.screenshot("21-drag-created");

    // Undo takes it away, redo brings it back.
    await app.press([KEY.Control, "z"]);
    await until("the undo", async () => (await labels(app, "Apollo:")).length === 0);
    await app.press([KEY.Control, KEY.Shift, "z"]);
    await until("the redo", async () => (await labels(app, "Apollo:")).length === 1);

    // The cursor is on the bar: Alt+→ moves it a day, Alt+Shift+→ makes it a day longer.
    await app.press([KEY.Alt, KEY.ArrowRight]);
    await until("the keyboard move", async () => (await labels(app, "Apollo:"))[0] === `Apollo: ${shift(first, 1)} – ${shift(last, 1)}`);
    await app.press([KEY.Alt, KEY.Shift, KEY.ArrowRight]);
    const moved = `Apollo: ${shift(first, 1)} – ${shift(last, 2)}`;
    await until("the keyboard resize", async () => (await labels(app, "Apollo:"))[0] === moved);

    // Create with the keyboard: ten days on, stretch over three days, Enter, pick Apollo.
    await app.press(...Array(10).fill([KEY.ArrowRight]), [KEY.Shift, KEY.ArrowRight], [KEY.Shift, KEY.ArrowRight]);
    await app.press([KEY.Enter]);
    const [again] = await app.waitFor('[role="dialog"] input[role="combobox"]');
    await app.type(again, "apol");
    await app.press([KEY.Enter]);
    const second = `Apollo: ${shift(first, 11)} – ${shift(first, 13)}`;
    await until("the keyboard-created bar", async () => (await labels(app, "Apollo:")).includes(second));
    await app.screenshot("22-keyboard-created");

    // The context menu deletes the second one.
    const box = await app.script(
      `const b = [...document.querySelectorAll(".bar")].find((e) => e.dataset.iso === arguments[0]);
       const r = b.getBoundingClientRect(); return { x: r.left + 10, y: r.top + r.height / 2 };`,
      [second],
    );
    await app.rightClick(box.x, box.y);
    await app.waitFor('[role="menu"]');
    await app.screenshot("23-context-menu");
    await clickMenuItem(app, "Delete");
    await until("the menu delete", async () => (await labels(app, "Apollo:")).length === 1);

    // Double-click the name to rename the person.
    const named = await rowOf(app, PERSON);
    await app.script(
      `document.elementFromPoint(arguments[0], arguments[1]).dispatchEvent(new MouseEvent("dblclick", { bubbles: true })); return null;`,
      [named.nameX, named.middle],
    );
    await app.waitFor("dialog[open] input[name=name]");
    await app.set("dialog[open] input[name=name]", "Margaret H. Hamilton");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    await until("the new name", async () => (await app.texts(".name .who")).includes("Margaret H. Hamilton"));

    // Projects: search fades the other projects' bars; rename and recolour Apollo.
    await app.click((await app.findAll('button[data-action="projects"]'))[0]);
    const [find] = await app.waitFor("input.project-search");
    await app.type(find, "apol");
    await until("the project search", async () => (await app.texts(".panel .pname")).join() === "Apollo");
    assert.ok((await app.findAll(".bar.faded")).length > 0, "other projects' bars fade");
    await app.click((await app.findAll(".panel .more"))[0]);
    await clickMenuItem(app, "Rename or recolour");
    await app.waitFor("dialog[open] input[name=name]");
    await app.set("dialog[open] input[name=name]", "Apollo 11");
    await app.click((await app.findAll('dialog[open] button[data-color="#E4572E"]'))[0]);
    await app.screenshot("24-project-edit");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    // The bar is painted on the canvas in the new colour (#E4572E).
    await until("the renamed, recoloured bar", async () => (await app.barPixel("Apollo 11:")) === "rgb(228, 87, 46)");

    // Delete the person from the name's context menu: the dialog says what goes with them.
    const again2 = await rowOf(app, "Margaret H. Hamilton");
    await app.rightClick(again2.nameX, again2.middle);
    await clickMenuItem(app, "Delete person");
    await until("the count", async () => (await app.texts("#delete-what"))[0]?.includes("1 assignment of this person"));
    await app.screenshot("25-delete-person-confirm");
    await app.click((await app.findAll("dialog[open] button.danger"))[0]);
    await dialogGone(app);
    await until("the row to go", async () => !(await app.texts(".name .who")).includes("Margaret H. Hamilton"));
    assert.deepEqual(await labels(app, "Apollo 11:"), []);
    assert.match((await app.texts('[role="status"]'))[0] ?? "", /deleted/);
    await app.screenshot("26-person-deleted");
  });
});

test("a right-click on a bar in a lower lane opens that bar's menu, and Delete there deletes it", async () => {
  await withTimeline(APP, async (app) => {
    // Two bars of one person overlapping in view: one in the lane below the other (26 px down).
    const pair = await app.script(`
      const view = document.querySelector(".viewport").getBoundingClientRect();
      const bars = [...document.querySelectorAll(".bar")]
        .map((b) => ({ label: b.dataset.iso, name: b.getAttribute("aria-label"), r: b.getBoundingClientRect() }))
        .filter(({ r }) => r.left >= view.left && r.right <= view.right && r.top >= view.top && r.bottom <= view.bottom);
      for (const lower of bars)
        for (const upper of bars) {
          const from = Math.max(lower.r.left, upper.r.left) + 4;
          const to = Math.min(lower.r.right, upper.r.right) - 4;
          if (Math.abs(lower.r.top - upper.r.top - 26) < 1 && to - from > 8)
            return { lower: lower.label, lowerName: lower.name, upper: upper.label, x: (from + to) / 2, y: lower.r.top + lower.r.height / 2 };
        }
      return null;`);
    assert.ok(pair, "the demo team shows two overlapping bars of one person");
    await app.rightClick(pair.x, pair.y);
    await app.waitFor('[role="menu"]');
    const named = await app.script(`return document.querySelector('[role="menu"]').getAttribute("aria-label");`);
    assert.ok(named.endsWith(pair.lowerName), `the menu is the lower bar's (${pair.lowerName}), not the upper's: ${named}`);
    await clickMenuItem(app, "Delete");
    await until("the lower bar deleted", async () => !(await labels(app, "")).includes(pair.lower));
    assert.ok((await labels(app, "")).includes(pair.upper), "the upper bar stays");
  });
});
