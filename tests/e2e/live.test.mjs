// A live team, end to end: two apps, each its own member, on one team table (a DynamoDB-protocol
// server on loopback). An edit in one shows in the other with no click; the same bar moved in both
// — one held in a drag while the other moves it — ends with the first move kept and the second app
// showing it and saying so; a bar deleted in one is restored from the activity screen and comes
// back in both; two deleted at once are said once in the other window, are one entry of the
// activity screen and come back by one Restore all; the team renamed in one is renamed in the
// other. Screenshots of both windows at each step.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BAR, days, moveLater, NOTICE, PICK, select, TWO } from "./bars.mjs";
import { twoMembers } from "./second-app.mjs";
import { startTeamTable } from "./team-table.mjs";
import { KEY, sleep, teamTimeline, until } from "./webdriver.mjs";

test("two members on one table: edits show live in the other app; the same bar moved in both; restore", async () => {
  const table = await startTeamTable("rp-live-");
  let members = null;
  try {
    members = await twoMembers(table, "Alpha");
    const { admin } = table;
    const { team: alpha, a, b } = members;
    for (const app of [a, b]) {
      await teamTimeline(app, "Alpha", 30000);
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

    // 5. The lead deletes two bookings at once (chosen by a click and a Ctrl-click): both go from
    // Ada's window, which says it as one change with its count; the lead's activity screen shows
    // one entry for both, and Restore all brings both back, in both windows.
    const [one, two] = await until("two bars in different rows", () => a.script(TWO));
    await a.mouse(one.x, one.y, [
      { type: "pointerDown", button: 0 },
      { type: "pointerUp", button: 0 },
    ]);
    await a.mouseWith(KEY.Control, two.x, two.y, [
      { type: "pointerDown", button: 0 },
      { type: "pointerUp", button: 0 },
    ]);
    await until("two chosen", async () => (await a.script(`return Number(document.querySelector(".selection").dataset.selected);`)) === 2);
    await a.press([KEY.Delete]);
    for (const [app, who] of [[a, "the lead's"], [b, "Ada's"]])
      await until(`both gone in ${who} window`, async () => !(await app.script(BAR, [one.id])) && !(await app.script(BAR, [two.id])), 15000);
    const batchSaid = await until("Ada is told of the batch", async () => {
      const text = await b.script(NOTICE);
      return /edited 2 bookings at once/.test(text) && text;
    });
    console.log(`Ada's window said: ${batchSaid}`);
    await b.screenshot("live-5-ada-told-of-the-batch");
    await a.click((await a.findAll('button[data-action="activity"]'))[0]);
    const entry = await until("one entry for both", async () => {
      const e = await a.script(`const li = document.querySelector("li.entry"); return li ? { batch: li.dataset.batch ?? null, text: li.querySelector(".what").textContent.trim() } : null;`);
      return e?.batch === "2" && e;
    }, 15000);
    assert.match(entry.text, /^You deleted 2 bookings at once \(/);
    await a.screenshot("live-5-activity-batch");
    await a.click((await a.findAll('li.entry [data-action="activity-restore"]'))[0]);
    await until("the entry restored", async () => (await a.texts("li.entry .badge"))[0] === "Restored", 15000);
    await a.press([KEY.Escape]);
    for (const [app, who] of [[a, "the lead's"], [b, "Ada's"]])
      await until(`both back in ${who} window`, async () => Boolean((await app.script(BAR, [one.id])) && (await app.script(BAR, [two.id]))), 15000);

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
