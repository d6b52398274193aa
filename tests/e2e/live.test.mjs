// A live team, end to end: two apps, each its own member, on one team table (a DynamoDB-protocol
// server on loopback). An edit in one shows in the other with no click; the same bar moved in both
// — one held in a drag while the other moves it — ends with the first move kept and the second app
// showing it and saying so; a bar deleted in one is restored from the activity screen and comes
// back in both; the team renamed in one is renamed in the other. Screenshots of both windows at
// each step.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BAR, days, moveLater, NOTICE, PICK, select } from "./bars.mjs";
import { twoMembers } from "./second-app.mjs";
import { startTeamTable } from "./team-table.mjs";
import { KEY, sleep, until } from "./webdriver.mjs";

test("two members on one table: edits show live in the other app; the same bar moved in both; restore", async () => {
  const table = await startTeamTable("rp-live-");
  let members = null;
  try {
    members = await twoMembers(table, "Alpha");
    const { admin } = table;
    const { team: alpha, a, b } = members;
    for (const app of [a, b]) {
      await until("Alpha's timeline", async () => (await app.texts("h1"))[0] === "Alpha", 30000);
      await app.waitFor(".bar", 5);
    }

    // 1. The lead moves a bar a day later; Ada's window shows it with no click.
    const target = await until("a bar to pick", () => a.script(PICK));
    assert.ok(await b.script(BAR, [target.id]), "both windows show the same days and rows");
    await select(a, target.id);
    const moved = await moveLater(a, target.id);
    const wrote = Date.now();
    await until("the lead's move in Ada's window", async () => days((await b.script(BAR, [target.id]))?.iso ?? "x: 1 – 2")[0] === moved, 15000);
    console.log(`the move showed in the other window ${Date.now() - wrote} ms after it showed in the first`);
    await a.screenshot("live-1-lead-moved");
    await b.screenshot("live-1-ada-sees-it");

    // 2. The same bar in both: Ada holds it in a drag while the lead moves it again. Her window
    // keeps what she holds until she lets go; her move, from the version she held, is refused by
    // the table; her window then shows the lead's move and says so.
    const held = await b.script(BAR, [target.id]);
    await b.mouse(held.x, held.y, [
      { type: "pointerDown", button: 0 },
      { type: "pointerMove", duration: 200, origin: "viewport", x: Math.round(held.x + 90), y: Math.round(held.y) },
    ]);
    const theirs = await moveLater(a, target.id);
    await sleep(5000); // two and more of Ada's asks meanwhile
    assert.equal(days((await b.script(BAR, [target.id]))?.iso ?? "x: 1 – 2")[0], moved, "a held bar waits");
    await b.mouse(held.x + 90, held.y, [{ type: "pointerUp", button: 0 }]);
    await until("Ada's window shows the lead's move", async () => days((await b.script(BAR, [target.id]))?.iso ?? "x: 1 – 2")[0] === theirs, 15000);
    const said = await until("Ada is told", async () => {
      const text = await b.script(NOTICE);
      return /changed this|meantime/.test(text) ? text : null;
    });
    console.log(`Ada's window said: ${said}`);
    const stored = admin("assignments", "--team", alpha.id, "--from", "2000-01-01", "--to", "2100-01-01").find((x) => x.id === target.id);
    assert.equal(stored.startDate, theirs, "the lead's move is the one kept");
    await a.screenshot("live-2-lead-moved-again");
    await b.screenshot("live-2-ada-told");

    // 3. The lead deletes it; it goes from Ada's window too. The activity screen restores it, in both.
    await select(a, target.id);
    await a.press([KEY.Delete]);
    await until("gone in the lead's window", async () => (await a.script(BAR, [target.id])) === null);
    await until("gone in Ada's window", async () => (await b.script(BAR, [target.id])) === null, 15000);
    await a.click((await a.findAll('button[data-action="activity"]'))[0]);
    const [restore] = await a.waitFor('[data-action="activity-restore"]', 1, 15000);
    await a.screenshot("live-3-activity");
    await a.click(restore);
    await a.press([KEY.Escape]);
    await until("back in the lead's window", async () => (await a.script(BAR, [target.id])) !== null, 15000);
    await until("back in Ada's window", async () => (await b.script(BAR, [target.id])) !== null, 15000);
    await b.screenshot("live-3-ada-sees-it-back");

    // 4. The lead renames the team (members screen, "This team"): Ada's title follows.
    await a.click((await a.findAll('button[data-action="members"]'))[0]);
    const [name] = await a.waitFor("input[name=team-name]");
    await a.clear(name);
    await a.type(name, "Alpha Team");
    await a.click((await a.findAll('[data-action="team-settings-save"]'))[0]);
    await until("the lead's title", async () => (await a.texts("h1"))[0] === "Alpha Team");
    await until("Ada's title", async () => (await b.texts("h1"))[0] === "Alpha Team", 15000);
    await b.screenshot("live-4-ada-sees-the-new-name");
  } finally {
    await members?.stop();
    table.stop();
  }
});
