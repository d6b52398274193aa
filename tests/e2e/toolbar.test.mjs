// The toolbar keeps one line (issue #16.9): at 1024 px, in Japanese, with a long notice, nothing
// wraps ("日本語" used to stack vertically); the notice is cut and says all of itself on hover.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickMenuItem, dialogGone, startApp, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const LONG = "長い名前のメンバー".repeat(10);

const toolbar = (app) =>
  app.script(`const t = document.querySelector(".toolbar"); const n = t.querySelector(".notice .text");
    return { height: t.getBoundingClientRect().height, width: t.getBoundingClientRect().width,
      cut: n ? n.scrollWidth > n.clientWidth : null, title: n?.title ?? null,
      buttons: [...t.querySelectorAll("button")].map((b) => b.getBoundingClientRect().height) };`);

test("the toolbar stays one line at 1024 px in Japanese with a long notice", async () => {
  const app = await startApp(APP);
  try {
    await app.waitFor(".bar", 10);
    await app.script(`document.querySelector(".frame").style.width = "1024px"; return null;`);
    await app.click((await app.findAll(".toolbar .lang"))[0]);
    await until("Japanese", async () => (await app.texts(".toolbar .lang"))[0] === "English");
    const before = await toolbar(app);
    assert.ok(before.width <= 1024, `the toolbar is ${before.width} px wide`);

    await app.click((await app.findAll('button[data-action="add-person"]'))[0]);
    await app.type((await app.waitFor("dialog[open] input[name=name]"))[0], LONG);
    await app.click((await app.findAll('dialog[open] button[type="submit"]'))[0]);
    await dialogGone(app);
    const row = await until("the long name's row", () =>
      app.script(`const n = [...document.querySelectorAll(".name")].find((e) => e.querySelector(".who").textContent.trim() === arguments[0]);
        if (!n) return null; const r = n.getBoundingClientRect(); return { x: r.left + 40, y: r.top + r.height / 2 };`, [LONG]),
    );
    await app.rightClick(row.x, row.y);
    await clickMenuItem(app, "メンバーを削除");
    await app.click((await app.waitFor("dialog[open] button.danger"))[0]);
    await dialogGone(app);
    const after = await until("the notice", async () => {
      const t = await toolbar(app);
      return t.title ? t : null;
    });
    await app.screenshot("toolbar-1024-ja-notice");
    assert.ok(after.title.includes(LONG), "the whole notice on hover");
    assert.equal(after.cut, true, "the notice is cut to the room left");
    assert.ok(Math.abs(after.height - before.height) <= 1, `one line: ${before.height} → ${after.height} px`);
    for (const h of after.buttons) assert.ok(h <= before.height, `a button ${h} px high: nothing stacked`);
  } finally {
    await app.close();
  }
});
