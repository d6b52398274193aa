// Saved views, end to end. On the local workspace: the rows set up (compact, grouped by group)
// saved as a view, the rows set up otherwise, the view picked from the toolbar's list brings them
// back with its zoom; after a restart the view shown last opens again; an empty name is refused
// with a sentence and nothing is saved; the view is deleted after asking. On a team table with two members: the lead shares a view; Ada's list has
// it with no click; she opens it; the lead saves it again in comfortable rows and Ada's rows follow,
// live. Screenshots of the dialog and both windows.
import assert from "node:assert/strict";
import { test } from "node:test";
import { twoMembers } from "./second-app.mjs";
import { startTeamTable } from "./team-table.mjs";
import { closeDialog, dialogGone, startApp, teamTimeline, until } from "./webdriver.mjs";

/** The rows as they are: one row's height (16: compact), the sections' keys, the zoom, the view list's text. */
const STATE = `return {
  rowHeight: document.querySelector(".name")?.getBoundingClientRect().height,
  sections: document.querySelectorAll("button[data-section]").length,
  zoom: document.querySelector(".toolbar .zoom")?.textContent.trim(),
  view: document.querySelector("select[name=view]").selectedOptions[0]?.textContent.trim(),
  views: [...document.querySelectorAll("select[name=view] option")].map((o) => o.textContent.trim()).slice(1),
};`;
const state = (app) => app.script(STATE);

async function groupBy(app, by) {
  await app.click((await app.findAll('button[data-action="people-filter"]'))[0]);
  await app.waitFor("dialog[open] select[name=row-grouping]");
  await app.script(
    `const s = document.querySelector("dialog[open] select[name=row-grouping]"); s.value = arguments[0];
     s.dispatchEvent(new Event("change", { bubbles: true })); return null;`,
    [by],
  );
  await closeDialog(app);
}

const pick = (app, name) =>
  app.script(
    `const s = document.querySelector("select[name=view]");
     s.value = [...s.options].find((o) => o.textContent.trim().startsWith(arguments[0])).value;
     s.dispatchEvent(new Event("change", { bubbles: true })); return s.value;`,
    [name],
  );

/** Opens "Save view…", types `name`, ticks sharing if asked, and presses `button` ("new" or "over"). */
async function saveView(app, name, { shared = false, button = "new" } = {}) {
  await app.click((await app.findAll('button[data-action="save-view"]'))[0]);
  await app.waitFor("dialog[open] input[name=view-name]");
  await app.set("dialog[open] input[name=view-name]", name);
  await app.script(
    `const c = document.querySelector("dialog[open] input[name=view-shared]");
     if (c.checked !== arguments[0]) c.click(); return c.checked;`,
    [shared],
  );
  const css = button === "over" ? 'dialog[open] button[data-action="save-over"]' : 'dialog[open] button[type="submit"]:not([value])';
  await app.click((await app.findAll(css))[0]);
}

test("a view saved, the rows changed, the view picked again and open after a restart; an empty name refused; deleted", async () => {
  let app = await startApp(process.env.RP_APP_BINARY);
  try {
    await app.waitFor(".bar", 10);
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    await groupBy(app, "group");
    // Zoom out: week → month.
    await app.script(`document.querySelector(".toolbar .zoom").previousElementSibling.click(); return null;`);
    await until("compact, grouped, month", async () => {
      const s = await state(app);
      return s.rowHeight === 16 && s.sections >= 3 && s.zoom === "month";
    });

    // No name: a sentence, nothing saved.
    await saveView(app, "   ");
    const said = await until("refused", async () => (await app.texts("dialog[open] .error, dialog[open] :invalid"))[0] ?? (await app.script(`return document.querySelector("dialog[open] input[name=view-name]").validationMessage;`)));
    assert.ok(said, "the empty name is said");
    await app.screenshot("views-1-empty-name");
    await app.set("dialog[open] input[name=view-name]", "Design, compact");
    await app.click((await app.findAll('dialog[open] button[type="submit"]:not([value])'))[0]);
    await dialogGone(app);
    assert.equal((await state(app)).view, "Design, compact");

    // The rows set up otherwise: the list says so; picking the view brings it back.
    await groupBy(app, "none");
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    await app.script(`document.querySelector(".toolbar .zoom").nextElementSibling.click(); return null;`);
    await until("comfortable, no sections, week, the view changed", async () => {
      const s = await state(app);
      return s.rowHeight > 16 && s.sections === 0 && s.zoom === "week" && s.view === "Design, compact (changed)";
    });
    await pick(app, "Design, compact");
    const back = await until("the view again", async () => {
      const s = await state(app);
      return s.rowHeight === 16 && s.sections >= 3 && s.zoom === "month" && s;
    });
    assert.equal(back.view, "Design, compact");
    await app.screenshot("views-2-picked-again");

    // Closed and started again: the view shown last is open.
    await new Promise((r) => setTimeout(r, 1500)); // the app writes a change once it rests
    await app.close();
    app = await startApp(process.env.RP_APP_BINARY, { keepPrefs: true });
    await until("the view open again", async () => {
      const s = await app.script(STATE).catch(() => null);
      return s?.view === "Design, compact" && s.rowHeight === 16 && s.sections >= 3 && s.zoom === "month";
    }, 20000);

    // Deleted, after asking.
    await app.click((await app.findAll('button[data-action="save-view"]'))[0]);
    await app.click((await app.findAll('dialog[open] button[data-action="delete-view"]'))[0]);
    await until("asked", async () => (await app.texts("dialog[open] p"))[0]?.includes("Delete"));
    await app.screenshot("views-3-delete-asked");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    await until("gone from the list", async () => (await state(app)).views.length === 0);
    // As the tests after this one expect.
    await groupBy(app, "none");
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    await app.script(`document.querySelector(".toolbar .zoom").nextElementSibling.click(); return null;`);
    await new Promise((r) => setTimeout(r, 1500));
  } finally {
    await app.close();
  }
});

test("a shared view reaches the other member live, and its owner's new save changes their rows", async () => {
  const table = await startTeamTable("rp-live-views-");
  let members = null;
  try {
    members = await twoMembers(table, "Gamma");
    const { a, b } = members;
    for (const app of [a, b]) await teamTimeline(app, "Gamma", 30000);

    // The lead: compact rows grouped by group, shared.
    await a.click((await a.findAll('button[data-action="density"]'))[0]);
    await groupBy(a, "group");
    await saveView(a, "Team: by group", { shared: true });
    await dialogGone(a);
    const shared = Date.now();
    await until("the view in Ada's list", async () => (await state(b)).views.includes("Team: by group"), 15000);
    console.log(`the shared view was in the other window's list ${Date.now() - shared} ms after it was saved`);
    await pick(b, "Team: by group");
    await until("Ada's rows as the view says", async () => {
      const s = await state(b);
      return s.rowHeight === 16 && s.sections >= 3;
    });
    await b.screenshot("views-4-ada-opened-the-shared-view");

    // The lead saves it again in comfortable rows: Ada's rows follow with no click.
    await a.click((await a.findAll('button[data-action="density"]'))[0]);
    await saveView(a, "Team: by group", { shared: true, button: "over" });
    await dialogGone(a);
    const saved = Date.now();
    await until("Ada's rows comfortable again", async () => {
      const s = await state(b);
      return s.rowHeight > 16 && s.sections >= 3 && s.view === "Team: by group";
    }, 15000);
    console.log(`the owner's new save showed in the other window ${Date.now() - saved} ms after it was saved`);
    await a.screenshot("views-5-lead-saved-again");
    await b.screenshot("views-5-ada-follows");
  } finally {
    await members?.stop();
    table.stop();
  }
});
