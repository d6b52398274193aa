// Offline mode end to end, on a team table reached through a loopback proxy the test cuts and
// restores (tests/e2e/team-table.mjs). Signed in online, the timeline loads; the proxy is cut: the
// banner says "Offline — data as of …", the same bars stay, editing is off, and days never loaded
// say so. The app is quit and started again with no connection: the cached timeline shows at once.
// The connection comes back: the banner goes by itself and an edit works (read back with rp-admin,
// so the table is checked, not the screen).
import assert from "node:assert/strict";
import { test } from "node:test";
import { signInWithLink, startCutProxy, startTeamTable, TABLE, REGION } from "./team-table.mjs";
import { appGone, sleep, startApp, teamTimeline, until } from "./webdriver.mjs";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const APP = process.env.RP_APP_BINARY;

/** The bars in view, as people read them (project and days), with their row's person. */
const BARS = `return [...document.querySelectorAll(".canvas .bar:not(.ghost)")].map((b) => b.dataset.iso).sort();`;
const BANNER = `const b = document.querySelector(".offline"); return b && { state: b.dataset.offline, text: b.textContent.replace(/\\s+/g, " ").trim() };`;

test("the last timeline stays readable offline, survives a restart, and the app recovers by itself", async () => {
  const table = await startTeamTable("rp-offline-");
  const proxy = await startCutProxy(table.endpoint);
  try {
    const { admin } = table;
    const alpha = admin("create-team", "--name", "Alpha", "--admin-email", "lead@example.com");
    admin("seed-demo", "--team", alpha.id);
    // The app reaches the table only through the proxy.
    writeFileSync(
      table.config,
      `mode = "dynamodb"\n[dynamodb]\ntable = "${TABLE}"\nendpoint = "${proxy.endpoint}"\nregion = "${REGION}"\n`,
    );

    let app = await startApp(APP);
    let online;
    try {
      await signInWithLink(app, table, "lead@example.com");
      await teamTimeline(app, "Alpha", 20000);
      online = await until("bars", async () => {
        const bars = await app.script(BARS);
        return bars.length > 5 && bars;
      });
      assert.equal(await app.script(BANNER), null, "no banner online");
      assert.equal((await app.findAll('button[data-action="add-person"]')).length, 1);
      await app.screenshot("100-online");

      // Cut: within seconds (the connection check runs every 10 s) the banner says so.
      await proxy.cut();
      const cutAt = Date.now();
      const banner = await until("the offline banner", () => app.script(BANNER).then((b) => b?.state === "offline" && b), 40000).catch((e) => {
        const dir = join(process.env.XDG_DATA_HOME, "resource-planner", "logs");
        for (const f of readdirSync(dir)) console.log(readFileSync(join(dir, f), "utf8"));
        throw e;
      });
      console.log(`offline noticed ${((Date.now() - cutAt) / 1000).toFixed(1)} s after the cut`);
      // The time as the region writes it: 15:57, or 03:57 PM in the US.
      assert.match(banner.text, /^Offline — data as of \d\d:\d\d( [AP]M)?\./, banner.text);
      assert.match(banner.text, /Editing is off/);
      assert.deepEqual(await app.script(BARS), online, "the same bars");
      assert.equal((await app.findAll('button[data-action="add-person"]')).length, 0, "editing is off");
      assert.equal(await app.script('return document.querySelector("button[data-action=undo]").disabled'), true);
      assert.equal((await app.findAll('button[data-action="reconnect"]')).length, 1, "Try again is offered");
      await sleep(300);
      await app.screenshot("101-offline");

      // Far ahead, never loaded: said so in place.
      await app.set('input.date', "2027-09-06");
      await until("a 'not loaded' stretch", async () => (await app.findAll(".missing")).length > 0, 15000);
      const said = await app.texts(".missing span");
      assert.ok(said.includes("Not loaded before the connection was lost"), said.join(" | "));
      await sleep(300);
      await app.screenshot("102-offline-not-loaded");
    } finally {
      await app.close();
    }
    await appGone(APP);

    // A start with no connection: the cached timeline, at once.
    const started = Date.now();
    app = await startApp(APP);
    try {
      await until("Alpha's cached timeline", async () => (await app.texts("h1"))[0] === "Alpha", 20000);
      const bars = await until("cached bars", async () => {
        const b = await app.script(BARS);
        return b.length > 0 && b;
      });
      console.log(`cached timeline shown ${Date.now() - started} ms after the start request`);
      assert.deepEqual(bars, online, "the cached timeline shows the same bars");
      assert.ok(await app.script(BANNER), "a banner says it is the copy");
      await until("the offline banner", () => app.script(BANNER).then((b) => b?.state === "offline"), 30000);
      await sleep(300);
      await app.screenshot("103-offline-start");

      // The connection comes back: the banner goes by itself, and edits work again.
      await proxy.restore();
      const restoredAt = Date.now();
      await until("the banner to go", async () => (await app.script(BANNER)) === null, 60000);
      console.log(`back online ${((Date.now() - restoredAt) / 1000).toFixed(1)} s after the connection returned`);
      await app.click((await app.waitFor('button[data-action="add-person"]'))[0]);
      await app.type((await app.waitFor("dialog[open] input[name=name]"))[0], "Back Online");
      await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
      await until("the new person in the table", () =>
        admin("people", "--team", alpha.id).some((p) => p.name === "Back Online"),
      );
      await sleep(300);
      await app.screenshot("104-back-online");
    } finally {
      await app.close();
    }
  } finally {
    proxy.stop();
    table.stop();
  }
});
