// Screen defects found trying to break the app, each test failing on the code before
// its fix: a person's time off is listed with its year and the working days it takes from them (a
// Monday-to-Thursday week loses four days to a Monday-to-Friday holiday, not five); a new
// assignment asks for its project rather than assuming the alphabetically first one, and then
// offers the one last booked; the first drag after a right-click's menu and the dialog it opened
// moves its bar (the page saw that press as a chord, the right button still held, and did
// nothing with it). The team is left as it was.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickMenuItem, dialogGone, KEY, personMenu, rowOf, until, withNewPerson, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

/** The Monday `weeks` weeks after this one, as YYYY-MM-DD (the app's today is the computer's). */
function monday(weeks) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 7 * weeks);
  return d.toISOString().slice(0, 10);
}
const plus = (iso, n) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);

test("time off is listed with its year and the working days it takes from its person", async () => {
  const person = "Thea Fourdays";
  await withNewPerson(APP, person, async (app) => {
    // Monday to Thursday, 8 hours.
    await personMenu(app, person, "Working time");
    await app.click((await app.findAll("dialog[open] input[name=week][value=own]"))[0]);
    await app.waitFor("dialog[open] input[name=hours-0]");
    for (const [i, h] of ["8", "8", "8", "8", "", "", ""].entries()) await app.set(`dialog[open] input[name=hours-${i}]`, h);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);

    // A holiday from Monday to Friday, two weeks on.
    const first = monday(2);
    await personMenu(app, person, "Time off");
    await app.set("dialog[open] input.date", first, 0);
    await app.set("dialog[open] input.date", plus(first, 4), 1);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const [line] = await until("the time off listed", async () => {
      const lines = await app.texts("dialog[open] .list li span");
      return lines.length === 1 && lines;
    });
    await app.screenshot("screen-1-time-off-listed");
    const year = first.slice(0, 4);
    assert.ok(line.includes(year), `the year is said: ${line}`);
    assert.match(line, / · 4 working days$/, "Friday is not one of her working days");
    assert.doesNotMatch(line, /5 days/);
    await app.click((await app.findAll("dialog[open] .actions button"))[0]);
    await dialogGone(app);
  });
});

test("a new assignment asks for its project, then offers the one last booked", async () => {
  const person = "Nina Newbooking";
  await withNewPerson(APP, person, async (app) => {
    // Double-click an empty day of the new person's row: the new assignment's dialog.
    const open = async (offset) => {
      const r = await rowOf(app, person);
      await app.script(
        `const v = document.querySelector(".viewport .canvas");
         v.dispatchEvent(new MouseEvent("dblclick", { bubbles: true, clientX: arguments[0], clientY: arguments[1] }));
         return null;`,
        [r.x + offset, r.y],
      );
      await app.waitFor("dialog[open] select[name=project]");
    };
    const chosen = () => app.script(`const s = document.querySelector("dialog[open] select[name=project]"); return { value: s.value, shown: s.selectedOptions[0]?.textContent.trim() };`);

    await open(120);
    assert.deepEqual(await chosen(), { value: "", shown: "Choose a project" }, "no project assumed");
    await app.screenshot("screen-2-new-assignment-asks");
    // Saved without one: said, and the dialog stays.
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const problem = await until("the sentence", async () => (await app.texts("dialog[open] .problem"))[0]);
    assert.equal(problem, "Choose the project this assignment is for.");
    assert.equal((await app.findAll("dialog[open]")).length, 1);

    // The second project of the list, chosen and saved: the next new assignment offers it.
    const second = await app.script(`const s = document.querySelector("dialog[open] select[name=project]");
      const o = [...s.options].filter((x) => x.value)[1]; return { id: o.value, name: o.textContent.trim() };`);
    await app.set("dialog[open] select[name=project]", second.id);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    await until("the bar", async () =>
      (await app.script(`return [...document.querySelectorAll(".bar")].map((b) => b.dataset.iso);`)).some((t) => t.startsWith(`${second.name}:`)),
    );
    await open(20 * 7 * 3);
    assert.deepEqual(await chosen(), { value: second.id, shown: second.name }, "the project last booked");
    await app.click((await app.findAll("dialog[open] .actions button"))[0]);
    await dialogGone(app);
  });
});

/** A bar wholly in view, away from the pane's edges: its label and a point in its middle. */
const BAR_IN_VIEW = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const bar = [...document.querySelectorAll(".bar")].find((b) => {
    const r = b.getBoundingClientRect();
    return r.left > view.left + 40 && r.right < view.right - 120 && r.width > 60 && r.top > view.top + 30 && r.bottom < view.bottom - 30;
  });
  const r = bar.getBoundingClientRect();
  return { label: bar.dataset.iso, x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };`;
const labels = (app) => app.script(`return [...document.querySelectorAll(".bar")].map((b) => b.dataset.iso);`);

test("the first drag after a right-click's menu and its dialog moves the bar, and the grid keeps the keys", async () => {
  await withTimeline(APP, async (app) => {
    const bar = await app.script(BAR_IN_VIEW);
    // WebDriver's right-click opens the bar's menu; the page never sees that button let go, so
    // the next left press comes to it as a chord (a pointermove, button 0, buttons 3).
    await app.rightClick(bar.x, bar.y);
    await clickMenuItem(app, "Who is free");
    await app.waitFor("dialog[open]");
    await app.press([KEY.Escape]);
    await dialogGone(app);

    await app.drag(bar.x, bar.y, 3 * 20, 0);
    const [, first, last] = bar.label.match(/(\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/);
    const project = bar.label.slice(0, bar.label.lastIndexOf(":"));
    const moved = `${project}: ${plus(first, 3)} – ${plus(last, 3)}`;
    await until(`the bar moved to ${moved}`, async () => (await labels(app)).includes(moved));
    await app.screenshot("screen-3-drag-after-menu-and-dialog");
    const focused = await app.script(`return document.activeElement.getAttribute("role");`);
    assert.equal(focused, "grid", "the grid has the focus, not the bar's hit target");

    // Back as it was: Ctrl+Z, on the grid.
    await app.press([KEY.Control, "z"]);
    await until("the bar back", async () => (await labels(app)).includes(bar.label));
  });
});
