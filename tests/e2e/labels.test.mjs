// Groups, roles and skills as a planner uses them: the demo’s people show their role and group
// under their name; a skill is added to the team's list (the same name in another case is refused
// with a sentence) and renamed; a new person is given a group, a move to another group in two
// weeks, a role and that skill in their dialog, and the name column says it; two people are given
// another skill at once; deleting the skill says how many people carry it first and takes it from
// them; the people filter by skill, group and free hours, combined. The team is left as it was.
// Screenshots at each step.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeDialog, dialogGone, personMenu as openPersonMenu, until, withNewPerson } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const PERSON = "Lena Labels";

/** What the name column says after each name (its screen-reader text; the canvas paints it). */
const DETAILS = `return Object.fromEntries([...document.querySelectorAll(".name")].map((e) =>
  [e.querySelector(".who").textContent.trim(), e.querySelector(".detail")?.textContent.trim() ?? ""]));`;

const personMenu = (app, item) => openPersonMenu(app, PERSON, item);

/** Picks the option whose text is `text` in the select `css` of the open dialog. */
const choose = (app, css, text) =>
  app.script(
    `const s = document.querySelector("dialog[open] " + arguments[0]);
     const o = [...s.options].find((x) => x.textContent.trim() === arguments[1]);
     if (!o) return false;
     s.value = o.value; s.dispatchEvent(new Event("change", { bubbles: true })); return true;`,
    [css, text],
  );

/** Ticks the checkbox labelled `text` (of the inputs named `name`) in the open dialog. */
const tick = (app, name, text) =>
  app.script(
    `const l = [...document.querySelectorAll("dialog[open] label")].find((x) => x.querySelector("input[name=" + arguments[0] + "]") && x.textContent.trim() === arguments[1]);
     if (!l) return false; l.querySelector("input").click(); return true;`,
    [name, text],
  );

const openLists = async (app) => {
  await app.click((await app.findAll('button[data-action="labels"]'))[0]);
  await app.waitFor("dialog[open] [role=tab]");
};
const tab = async (app, kind) => app.click((await app.findAll(`dialog[open] [role=tab][data-kind=${kind}]`))[0]);
const listed = (app) => app.texts("dialog[open] .list li .name");

test("groups, roles and skills: the lists, one person's, many people's, a delete", async () => {
  await withNewPerson(APP, PERSON, async (app) => {
    // The demo's people carry a role and a group: the name column says them.
    const details = await app.script(DETAILS);
    assert.match(details["Alice Johnson"], /^Designer · Design$/, JSON.stringify(details));
    await app.screenshot("labels-1-names-with-roles");

    // The lists: a skill added; the same name in another case refused with a sentence.
    await openLists(app);
    await tab(app, "skill");
    assert.ok((await listed(app)).includes("React"), "the demo's skills");
    await app.type((await app.waitFor("dialog[open] input[name=label-name]"))[0], "Kotlin");
    await app.click((await app.findAll('dialog[open] button[data-action="add-label"]'))[0]);
    await until("Kotlin listed", async () => (await listed(app)).includes("Kotlin"));
    await app.type((await app.findAll("dialog[open] input[name=label-name]"))[0], "KOTLIN");
    await app.click((await app.findAll('dialog[open] button[data-action="add-label"]'))[0]);
    const said = await until("the duplicate refused", async () => (await app.texts("dialog[open] .error"))[0]);
    assert.match(said, /skill "KOTLIN" is there already/);
    assert.equal((await listed(app)).filter((n) => n.toLowerCase() === "kotlin").length, 1, "nothing added");
    await app.screenshot("labels-2-duplicate-refused");
    // Renamed: one write, everyone carrying it follows.
    const row = await app.script(
      `const li = [...document.querySelectorAll("dialog[open] .list li")].find((x) => x.dataset.label === "Kotlin");
       li.querySelector('[data-action="rename-label"]').click(); return true;`,
    );
    assert.ok(row);
    await app.set("dialog[open] input[name=label-rename]", "Kotlin Multiplatform");
    await app.click((await app.findAll('dialog[open] button[data-action="save-rename"]'))[0]);
    await until("renamed", async () => (await listed(app)).includes("Kotlin Multiplatform"));
    await closeDialog(app);

    // One person: a group from the start, a move in two weeks, a role and the skill.
    await personMenu(app, "Group, role and skills");
    assert.ok(await choose(app, "select[name=group-first]", "Design"));
    await app.click((await app.findAll('dialog[open] button[data-action="add-move"]'))[0]);
    const inTwoWeeks = new Date(Date.now() + 14 * 86400000).toISOString().slice(0, 10);
    await app.set("dialog[open] input.date", inTwoWeeks, 0);
    assert.ok(await choose(app, "select[name=group-0]", "Engineering"));
    assert.ok(await choose(app, "select[name=role]", "Engineer"));
    assert.ok(await tick(app, "skill", "Kotlin Multiplatform"));
    await app.screenshot("labels-3-person-dialog");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    await until("the name column says the role and today's group", async () => (await app.script(DETAILS))[PERSON] === "Engineer · Design");
    await app.screenshot("labels-4-person-carries-them");
    // Opened again, the dialog shows what was saved, the move included.
    await personMenu(app, "Group, role and skills");
    const form = await app.script(`const d = document.querySelector("dialog[open]");
      return { first: d.querySelector("select[name=group-first]").selectedOptions[0].textContent.trim(),
        moved: d.querySelector("select[name=group-0]")?.selectedOptions[0].textContent.trim(),
        skills: [...d.querySelectorAll("input[name=skill]:checked")].map((i) => i.parentElement.textContent.trim()) };`);
    assert.deepEqual(form, { first: "Design", moved: "Engineering", skills: ["Kotlin Multiplatform"] });
    await closeDialog(app);

    // Many at once: this person and Alice are given React.
    await personMenu(app, "Change many people");
    await app.type((await app.findAll("dialog[open] input[name=people-filter]"))[0], "Alice");
    await until("Alice offered", async () => (await app.texts("dialog[open] .people label")).some((t) => t.includes("Alice Johnson")));
    await app.click((await app.findAll('dialog[open] button[data-action="choose-shown"]'))[0]);
    assert.ok(await tick(app, "add-skill", "React"));
    await app.screenshot("labels-5-many-people");
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    const done = await until("the change said", async () => (await app.texts("dialog[open] .done"))[0]);
    assert.equal(done, "2 people changed.");
    await closeDialog(app);

    // The skill deleted from the lists: the count of people first, then taken from them.
    await openLists(app);
    await tab(app, "skill");
    await app.script(
      `const li = [...document.querySelectorAll("dialog[open] .list li")].find((x) => x.dataset.label === "Kotlin Multiplatform");
       li.querySelector('[data-action="delete-label"]').click(); return true;`,
    );
    const ask = await until("asked first", async () => (await app.texts("dialog[open] .ask span"))[0]);
    assert.match(ask, /1 person carries it/);
    await app.screenshot("labels-6-delete-asks");
    await app.click((await app.findAll('dialog[open] button[data-action="confirm-delete"]'))[0]);
    await until("deleted", async () => !(await listed(app)).includes("Kotlin Multiplatform"));
    // (Said once the people who carried it are read again.)
    const gone = await until("the delete said", async () => (await app.texts("dialog[open] .done"))[0]);
    assert.match(gone, /taken from 1 person/);
    await closeDialog(app);
    await personMenu(app, "Group, role and skills");
    const left = await app.script(`return [...document.querySelectorAll("dialog[open] input[name=skill]:checked")].map((i) => i.parentElement.textContent.trim());`);
    assert.deepEqual(left, ["React"], "the deleted skill is gone from the person; React stays");
    await closeDialog(app);

    // The people filter: those with SAP (the demo's three project managers), in Consulting too;
    // free at least 1,000 hours leaves no one; "Show everyone" brings them all back.
    await app.click((await app.findAll('button[data-action="people-filter"]'))[0]);
    await app.waitFor("dialog[open] input[name=filter-skill]");
    const shown = async () => Number(await app.script(`return document.querySelector("dialog[open] [data-shown]").dataset.shown;`));
    // Everyone (the demo's twelve and those other tests left): the status says "N of N".
    const everyone = await shown();
    assert.match(await app.script(`return document.querySelector("dialog[open] [data-shown]").textContent;`), new RegExp(`^${everyone} of ${everyone} `));
    assert.ok(everyone >= 13, `${everyone} people`);
    assert.ok(await tick(app, "filter-skill", "SAP"));
    await until("three with SAP", async () => (await shown()) === 3);
    assert.ok(await tick(app, "filter-group", "Consulting"));
    await until("the same three in Consulting", async () => (await shown()) === 3);
    await app.screenshot("labels-7-filter");
    await app.set("dialog[open] input[name=filter-free]", "1000");
    await until("no one that free", async () => (await shown()) === 0);
    await app.click((await app.findAll('dialog[open] button[data-action="clear-filter"]'))[0]);
    await until("everyone again", async () => (await shown()) === everyone);
    // Most free first: the rows by their free hours over the period, the most first.
    await app.script(`const s = document.querySelector("dialog[open] select[name=row-order]"); s.value = "free";
      s.dispatchEvent(new Event("change", { bubbles: true })); return true;`);
    const FREE = `return [...document.querySelectorAll(".name")].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((e) => Number(e.querySelector(".load").textContent.split(" · ")[1]?.replace("h", "")));`;
    const byFree = await until("the rows by free hours", async () => {
      const free = await app.script(FREE);
      return free.length > 1 && free.every((f, i) => i === 0 || f <= free[i - 1]) && free[0] > free[free.length - 1] && free;
    });
    console.log(`free hours down the rows: ${byFree.join(", ")}`);
    await app.screenshot("labels-8-most-free-first");
    await app.script(`const s = document.querySelector("dialog[open] select[name=row-order]"); s.value = "name";
      s.dispatchEvent(new Event("change", { bubbles: true })); return true;`);
    await closeDialog(app);
    assert.equal((await app.texts(".name .who")).length >= 12, true, "the rows are back");

    // Compact rows: one line a person (16 px), no role under the names; comfortable again after.
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    const heights = await until("one line a person", async () => {
      const h = await app.script(`return [...document.querySelectorAll(".name")].map((e) => e.getBoundingClientRect().height);`);
      return h.length > 1 && h.every((x) => x === 16) && h;
    });
    assert.equal((await app.script(DETAILS))["Alice Johnson"], "", "no second line");
    const pane = await app.script(`return document.querySelector(".viewport").getBoundingClientRect().height;`);
    console.log(`compact rows: ${heights.length} of 16 px; the pane is ${pane} px high: ${Math.floor(pane / 16)} rows fit`);
    assert.ok(Math.floor(pane / 16) >= 40, "over 40 people in the window");
    await app.screenshot("labels-9-compact");
    await app.click((await app.findAll('button[data-action="density"]'))[0]);
    await until("comfortable again", async () => (await app.script(DETAILS))["Alice Johnson"] === "Designer · Design");

        // Alice as she was: React taken from her again.
    await personMenu(app, "Change many people");
    await app.click((await app.findAll("dialog[open] .row button"))[1]); // Choose none
    await app.type((await app.findAll("dialog[open] input[name=people-filter]"))[0], "Alice");
    await until("Alice offered", async () => (await app.texts("dialog[open] .people label")).length === 1);
    await app.click((await app.findAll('dialog[open] button[data-action="choose-shown"]'))[0]);
    assert.ok(await tick(app, "take-skill", "React"));
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    assert.equal(await until("the change said", async () => (await app.texts("dialog[open] .done"))[0]), "1 person changed.");
    await closeDialog(app);
  });
});
