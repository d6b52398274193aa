// The toolbar keeps one line: at 1024 px, in Japanese, with a long notice, nothing wraps ("日本語"
// used to stack vertically); the notice is not squeezed into it (at 1024 px in Japanese no room is
// left there: it was cut to nothing) but shown whole over the timeline.
import assert from "node:assert/strict";
import { test } from "node:test";
import { addPerson, assertOneLineAndNoticeShown, clickMenuItem, dialogGone, japaneseAt1024, toolbarAndNotice, until, withTimeline } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const LONG = "長い名前のメンバー".repeat(10);

test("the toolbar stays one line at 1024 px in Japanese with a long notice", async () => {
  await withTimeline(APP, async (app) => {
    await japaneseAt1024(app);
    const before = await toolbarAndNotice(app);
    assert.ok(before.width <= 1024, `the toolbar is ${before.width} px wide`);

    await addPerson(app, LONG);
    await dialogGone(app);
    const row = await until("the long name's row", () =>
      // Scrolled to first: the rows the run's earlier tests added may put it below the window.
      app.script(`const n = [...document.querySelectorAll(".name")].find((e) => e.querySelector(".who").textContent.trim() === arguments[0]);
        if (!n) return null; n.scrollIntoView({ block: "center" }); const r = n.getBoundingClientRect();
        return r.bottom <= innerHeight ? { x: r.left + 40, y: r.top + r.height / 2 } : null;`, [LONG]),
    );
    await app.rightClick(row.x, row.y);
    await clickMenuItem(app, "メンバーを削除");
    await app.click((await app.waitFor("dialog[open] button.danger"))[0]);
    await dialogGone(app);
    const after = await until("the notice", async () => {
      const t = await toolbarAndNotice(app);
      return t.notice?.text.includes(LONG) ? t : null;
    });
    await app.screenshot("toolbar-1024-ja-notice");
    assertOneLineAndNoticeShown(assert, before, after, after.notice.text);
    assert.match(after.notice.text, /削除/, "the notice says what happened");
  });
});
