// The app installed from the .deb (/usr/bin/resource-planner, scripts/package-test.sh) starts
// and shows its window on a first start: the local workspace with the demo plan.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sleep, startApp, until } from "../e2e/webdriver.mjs";

test("the installed app starts and shows its window", async () => {
  assert.equal(process.env.RP_APP_BINARY, "/usr/bin/resource-planner");
  const app = await startApp(process.env.RP_APP_BINARY);
  try {
    await app.waitFor(".name .who", 1, 30000);
    const title = await until("the team's name", async () => (await app.texts("h1"))[0]);
    assert.ok(title.length > 0);
    await sleep(500);
    await app.screenshot("95-installed-deb");
  } finally {
    await app.close();
  }
});
