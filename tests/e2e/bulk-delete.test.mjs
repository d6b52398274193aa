// Deleting a person with hundreds of assignments: the dialog counts them first, then shows
// progress as the delete runs (reported by the Rust side over a channel), and the row goes.
// The person is put into the app's local workspace with the admin CLI (export, add, import)
// while the app is closed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const ADMIN = process.env.RP_ADMIN_BINARY;
const COUNT = 600;
const NAME = "Bulk Person";

function addBusyPerson() {
  const workspace = join(process.env.XDG_DATA_HOME, "resource-planner", "workspace.db");
  const file = join(mkdtempSync(join(tmpdir(), "rp-e2e-")), "plan.json");
  execFileSync(ADMIN, ["--local", workspace, "export", "--out", file]);
  const plan = JSON.parse(readFileSync(file, "utf8"));
  const person = { id: "BULKPERSON0000000000000001", name: NAME, version: 1 };
  plan.resources.push(person);
  const start = Date.parse("2026-06-01T00:00:00Z");
  for (let i = 0; i < COUNT; i++) {
    const day = (n) => new Date(start + n * 86400000).toISOString().slice(0, 10);
    plan.assignments.push({
      id: `BULKASSIGNMENT${String(i).padStart(12, "0")}`,
      resourceId: person.id,
      projectId: plan.projects[i % plan.projects.length].id,
      startDate: day(i),
      endDateExclusive: day(i + 1),
      version: 1,
    });
  }
  writeFileSync(file, JSON.stringify(plan));
  execFileSync(ADMIN, ["--local", workspace, "import", "--file", file]);
}

test("deleting a person with 600 assignments counts them, shows progress, and removes the row", async () => {
  assert.ok(ADMIN, "RP_ADMIN_BINARY must name rp-admin");
  // First start creates the workspace (with the demo team); then add the busy person.
  let app = await startApp(APP);
  await app.waitFor(".bar", 10);
  await app.close();
  addBusyPerson();

  app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    const name = await until("the busy person's row", () =>
      app.script(
        `const n = [...document.querySelectorAll(".name")].find((e) => e.textContent.includes(arguments[0]));
         if (!n) return null; const r = n.getBoundingClientRect(); return { x: r.left + 40, y: r.top + r.height / 2 };`,
        [NAME],
      ),
    );
    await app.rightClick(name.x, name.y);
    await app.waitFor('[role="menuitem"]');
    await app.script(
      `[...document.querySelectorAll('[role="menuitem"]')].find((b) => b.textContent.includes("Delete person")).click(); return null;`,
    );
    await until("the count", async () => (await app.texts("#delete-what"))[0]?.includes(`${COUNT} assignments`));
    // Record every progress bar state the dialog shows while the delete runs.
    await app.script(`
      window.__progress = [];
      new MutationObserver(() => {
        const p = document.querySelector("dialog[open] progress");
        if (p) window.__progress.push([Number(p.value), Number(p.max)]);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
      document.querySelector("dialog[open] button.danger").click();
      return null;`);
    await until("the row to go", async () => !(await app.texts(".name .who")).includes(NAME), 30000);
    const seen = await app.script("return window.__progress");
    console.log(`progress states shown: ${seen.length}, e.g. ${JSON.stringify(seen.slice(0, 3))} … ${JSON.stringify(seen.at(-1))}`);
    assert.ok(seen.length >= 2, `progress shown: ${JSON.stringify(seen)}`);
    assert.ok(seen.every(([, max]) => max === COUNT), `progress out of ${COUNT}: ${JSON.stringify(seen)}`);
    assert.ok(seen.some(([done]) => done > 0 && done < COUNT), `progress part-way: ${JSON.stringify(seen)}`);
    assert.match((await app.texts('[role="status"]'))[0] ?? "", new RegExp(`${COUNT} assignments deleted`));
    await app.screenshot("07-bulk-person-deleted");
  } finally {
    await app.close();
  }
});
