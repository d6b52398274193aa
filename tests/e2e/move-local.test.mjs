// Bringing this computer's local workspace into a team, end to end: a planner signs in to a team
// table, opens "Bring in this computer's plan…" from the account menu, sees what the local
// workspace holds, runs it and watches the team's timeline fill; rp-admin reads the team and the
// local file back (the people are in the team, the local plan is empty, a backup file exists). The
// local workspace file is put back afterwards for the other tests.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { signInWithLink, startTeamTable } from "./team-table.mjs";
import { sleep, startApp, teamTimeline, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const ADMIN = process.env.RP_ADMIN_BINARY;
const data = join(process.env.XDG_DATA_HOME, "resource-planner");
const workspace = join(data, "workspace.db");

/** The local workspace's people, read by rp-admin from the file itself. */
const localPeople = () =>
  JSON.parse(execFileSync(ADMIN, ["--local", workspace, "--json", "people"]).toString()).map((p) => p.name);

test("a planner brings this computer's plan into the team", async () => {
  // The local workspace of a first start (the demo plan), if no earlier test made one.
  if (!existsSync(workspace)) {
    const first = await startApp(APP);
    await first.waitFor(".name .who", 1, 30000);
    await first.close();
  }
  const saved = readdirSync(data).filter((f) => f.startsWith("workspace.db"));
  for (const f of saved) copyFileSync(join(data, f), join(data, `${f}.e2e-keep`));
  const people = localPeople();
  assert.ok(people.length > 0, "the local workspace has people");

  const table = await startTeamTable("rp-move-");
  try {
    const { admin } = table;
    const alpha = admin("create-team", "--name", "Alpha", "--admin-email", "lead@example.com");
    admin("add-member", "--team", alpha.id, "--email", "ada@example.com", "--role", "planner", "--name", "Ada");
    const app = await startApp(APP);
    try {
      await signInWithLink(app, table, "ada@example.com");
      await teamTimeline(app, "Alpha", 20000);
      assert.deepEqual(await app.texts(".name .who"), [], "the team starts empty");

      await app.click((await app.findAll('button[data-action="sign-out"]'))[0]);
      const items = await app.waitFor('[role="menuitem"]', 3);
      const texts = await app.texts('[role="menuitem"]');
      await app.click(items[texts.findIndex((t) => t.startsWith("Bring in this computer"))]);
      const what = await until("what the local workspace holds", async () =>
        (await app.texts("#move-what p"))[0]?.match(/has (\d+) (people|person)/),
      );
      assert.equal(Number(what[1]), people.length);
      await sleep(300);
      await app.screenshot("90-move-local-offer");

      await app.click((await app.findAll('button[data-action="move-local"]'))[0]);
      const done = await until("the move to finish", async () =>
        (await app.texts('dialog[open] [role="status"]'))[0], 60000);
      assert.match(done, new RegExp(`^Done: ${people.length} (people|person)`));
      assert.match(done, /Backup: .*local-workspace-.*\.json/);
      // The demo's holiday calendar is the admins' to add: a planner's move leaves it on this
      // computer, and says so.
      assert.match(done, /Your holiday calendar stays on this computer: only a team admin adds calendars/);
      await sleep(300);
      await app.screenshot("91-move-local-done");
      await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);

      // The team's timeline shows them without a restart; the table has them; the local copy
      // is empty, and its backup is on disk.
      await until("the people in the team's timeline", async () =>
        (await app.texts(".name .who")).length === people.length, 20000);
      await sleep(300);
      await app.screenshot("92-move-local-team");
      const inTeam = admin("people", "--team", alpha.id).map((p) => p.name).sort();
      assert.deepEqual(inTeam, [...people].sort());
      assert.deepEqual(localPeople(), []);
      assert.equal(readdirSync(join(data, "backups")).filter((f) => f.startsWith("local-workspace-")).length, 1);
    } finally {
      await app.close();
    }
  } finally {
    table.stop();
    // The other tests' local workspace, as it was.
    for (const f of readdirSync(data).filter((f) => f.startsWith("workspace.db") && !f.endsWith(".e2e-keep"))) {
      rmSync(join(data, f));
    }
    for (const f of saved) copyFileSync(join(data, `${f}.e2e-keep`), join(data, f));
    for (const f of saved) rmSync(join(data, `${f}.e2e-keep`));
    rmSync(join(data, "backups"), { recursive: true, force: true });
  }
});
