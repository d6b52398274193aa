// The window comes back as the user left it: resized and moved (kept in the config folder half a
// second later, even if the app is then ended without quitting), the app started again, the
// window has that size and place; without what was kept, it opens at its first size again.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { appGone, startApp, until, WINDOW_STATE } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;

const size = (app) => app.script("return { width: window.outerWidth, height: window.outerHeight, x: window.screenX, y: window.screenY };");

test("the window's size and place are remembered between starts", async () => {
  let app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    const first = await size(app);
    assert.deepEqual([first.width, first.height], [1280, 800], "the first start's size");
    await app.rect({ x: 40, y: 30, width: 1000, height: 680 });
    await until("the new size", async () => (await size(app)).width === 1000);
    // Kept half a second after the move ends, before any quit (the session's end kills the app).
    const kept = await until(
      `kept in ${WINDOW_STATE}`,
      () => (existsSync(WINDOW_STATE) ? JSON.parse(readFileSync(WINDOW_STATE, "utf8")).main : null),
    );
    assert.deepEqual([kept.width, kept.height, kept.x, kept.y], [1000, 680, 40, 30], JSON.stringify(kept));
  } finally {
    await app.close();
  }
  await appGone(APP);

  app = await startApp(APP, { keepPrefs: true });
  try {
    await app.waitFor(".bar", 10);
    const again = await until("the window as it was left", async () => {
      const s = await size(app);
      return s.width === 1000 && s.height === 680 ? s : null;
    });
    assert.deepEqual([again.x, again.y], [40, 30], "and where it was");
    await app.screenshot("window-state-1-restored");
  } finally {
    await app.close();
  }
  await appGone(APP);
  // The next start without it (as every other test's): the first size.
  app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    assert.deepEqual([(await size(app)).width, (await size(app)).height], [1280, 800]);
  } finally {
    await app.close();
  }
});
