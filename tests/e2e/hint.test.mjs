// The first start's hint (issue #16.8): how to book and the keys, on the timeline until the first
// booking or until dismissed, and remembered dismissed across a restart of the window.
import assert from "node:assert/strict";
import { test } from "node:test";
import { until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const SEEN = "resource-planner.first-hint-done";

test("a first start shows how to book until the hint is dismissed, and then no more", async () => {
  await withTimeline(APP, async (app) => {
    // As on a first start (other tests here have made bookings already).
    await app.script(`localStorage.removeItem(arguments[0]); location.reload(); return null;`, [SEEN]);
    await until("the hint", async () => /drag across the days/.test((await app.texts(".hint"))[0] ?? ""));
    assert.equal((await app.findAll(".hint.empty")).length, 0, "the demo team is not empty");
    await app.screenshot("hint-1-first-start");
    await app.click((await app.findAll(".hint .dismiss"))[0]);
    await until("the hint to go", async () => (await app.findAll(".hint")).length === 0);
    await app.script(`location.reload(); return null;`);
    await app.waitFor(".bar", 10);
    assert.equal((await app.findAll(".hint")).length, 0, "dismissed stays dismissed");
  });
});
