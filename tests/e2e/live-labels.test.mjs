// Groups, roles and skills live, end to end: two members on one team table (the demo plan, its
// lists). The lead renames the group "Design" and changes Alice's role; Ada's window shows both
// under Alice's name with no click, and its list of groups has the new name. Screenshots of both.
import assert from "node:assert/strict";
import { test } from "node:test";
import { twoMembers } from "./second-app.mjs";
import { startTeamTable } from "./team-table.mjs";
import { dialogGone, personMenu, teamTimeline, until } from "./webdriver.mjs";

/** What the name column says under a person's name (its screen-reader text). */
const DETAIL = `const e = [...document.querySelectorAll(".name")].find((x) => x.querySelector(".who").textContent.trim() === arguments[0]);
  return e?.querySelector(".detail")?.textContent.trim() ?? null;`;

test("a group renamed and a role changed in one app show in the other, live", async () => {
  const table = await startTeamTable("rp-live-labels-");
  let members = null;
  try {
    members = await twoMembers(table, "Beta");
    const { a, b } = members;
    for (const app of [a, b]) {
      await teamTimeline(app, "Beta", 30000);
      await until("Alice's role and group", async () => (await app.script(DETAIL, ["Alice Johnson"])) === "Designer · Design", 15000);
    }

    // The lead renames the group.
    await a.click((await a.findAll('button[data-action="labels"]'))[0]);
    await a.waitFor("dialog[open] [role=tab]");
    await a.script(
      `const li = [...document.querySelectorAll("dialog[open] .list li")].find((x) => x.dataset.label === "Design");
       li.querySelector('[data-action="rename-label"]').click(); return true;`,
    );
    await a.set("dialog[open] input[name=label-rename]", "Design Studio");
    await a.click((await a.findAll('dialog[open] button[data-action="save-rename"]'))[0]);
    await until("renamed in the lead's list", async () => (await a.texts("dialog[open] .list li .name")).includes("Design Studio"));
    await a.click((await a.findAll("dialog[open] .actions button"))[0]);
    await dialogGone(a);
    const renamed = Date.now();
    await until("the new name under Alice in Ada's window", async () => (await b.script(DETAIL, ["Alice Johnson"])) === "Designer · Design Studio", 15000);
    console.log(`the rename showed in the other window ${Date.now() - renamed} ms after it was saved`);

    // The lead makes Alice an engineer (her dialog, from her name's menu).
    await personMenu(a, "Alice Johnson", "Group, role and skills");
    await a.waitFor("dialog[open] select[name=role]");
    await a.script(
      `const s = document.querySelector("dialog[open] select[name=role]");
       s.value = [...s.options].find((o) => o.textContent.trim() === "Engineer").value;
       s.dispatchEvent(new Event("change", { bubbles: true })); return true;`,
    );
    await a.click((await a.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(a);
    await until("Alice's new role in the lead's window", async () => (await a.script(DETAIL, ["Alice Johnson"])) === "Engineer · Design Studio");
    await until("and in Ada's", async () => (await b.script(DETAIL, ["Alice Johnson"])) === "Engineer · Design Studio", 15000);
    await a.screenshot("live-labels-1-lead");
    await b.screenshot("live-labels-1-ada-sees-it");

    // Ada's list of groups has the new name.
    await b.click((await b.findAll('button[data-action="labels"]'))[0]);
    await b.waitFor("dialog[open] [role=tab]");
    assert.ok((await b.texts("dialog[open] .list li .name")).includes("Design Studio"));
  } finally {
    await members?.stop();
    table.stop();
  }
});
