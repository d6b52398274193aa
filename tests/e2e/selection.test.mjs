// The selection is an identity: a bar selected, then a person added whose name sorts above it, so
// that every row below moves down one. Delete deletes that same bar, never the bar that came to its
// place.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addPerson, deletePerson, dialogGone, KEY, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const NEWCOMER = "Aaron Aalto";

/** The ids of the bars in view, and the id of the one drawn as selected. */
const ids = (app) =>
  app.script(`return [...document.querySelectorAll(".bar[data-bar]")].map((b) => b.dataset.bar);`);
const selected = (app) => app.script(`return document.querySelector(".bar.selected")?.dataset.bar ?? null;`);

/** A bar well inside the pane, in a row below the first few: its id and a point on it. */
const PICK = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const bars = [...document.querySelectorAll(".bar[data-bar]")]
    .map((b) => ({ id: b.dataset.bar, r: b.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 30 && r.left > view.left + 5 && r.right < view.right - 5 && r.top > view.top + 120 && r.bottom < view.bottom - 60)
    .sort((a, b) => a.r.top - b.r.top);
  const b = bars[Math.floor(bars.length / 2)];
  return b ? { id: b.id, x: b.r.left + 12, y: b.r.top + b.r.height / 2 } : null;`;

test("a person added above the selected bar: Delete deletes that bar, no other", async () => {
  await withTimeline(APP, async (app) => {
    const target = await until("a bar to pick", () => app.script(PICK));
    await app.mouse(target.x, target.y, [
      { type: "pointerDown", button: 0 },
      { type: "pointerUp", button: 0 },
    ]);
    await until("the bar to be selected", async () => (await selected(app)) === target.id);
    const before = await ids(app);
    await app.screenshot("selection-1-selected");

    await addPerson(app, NEWCOMER);
    await dialogGone(app);
    await until("the newcomer's row on top", async () => (await app.texts(".name .who"))[0] === NEWCOMER);
    assert.equal(await selected(app), target.id, "the same bar is selected after the rows moved");
    await app.screenshot("selection-2-person-added");

    await app.press([KEY.Delete]);
    await until("the selected bar to go", async () => !(await ids(app)).includes(target.id));
    const after = new Set(await ids(app));
    const lost = before.filter((id) => id !== target.id && !after.has(id));
    assert.deepEqual(lost, [], "no other bar went");
    await app.screenshot("selection-3-deleted");

    // Leave the team as it was for the tests after this one: the newcomer goes again.
    await deletePerson(app, NEWCOMER);
  });
});
