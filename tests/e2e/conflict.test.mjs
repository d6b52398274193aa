// A conflict with a teammate's edit, end to end, on a team table that a second writer changes
// behind the app's back: rp-admin, as another member's app would, makes the selected bar one day
// longer (export, edit, import: the same item, its end changed) while the user holds it in a drag.
// (Held: since the live view, a change to a bar that is not held shows within seconds, and a move
// after that is no conflict. A held bar's changes wait until it is let go.) The app's move of the
// bar as it was when grabbed is refused by the table's condition; the timeline shows the teammate's
// version, the same bar stays selected, and the toolbar says so in the longest Japanese message it
// has, whole, while the toolbar stays one line at 1024 px.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { days, nextDay } from "./bars.mjs";
import { signInWithLink, startTeamTable } from "./team-table.mjs";
import { assertOneLineAndNoticeShown, japaneseAt1024, sleep, startApp, teamTimeline, toolbarAndNotice, until } from "./webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const CONFLICT_JA = "他の人が先に変更していました。タイムラインを最新の計画に更新しました（相手の変更は上書きしていません）。";

/** A bar well inside the pane: its id, its days (`data-iso`) and a point on it. */
const PICK = `
  const view = document.querySelector(".viewport").getBoundingClientRect();
  const bars = [...document.querySelectorAll(".bar[data-bar]")]
    .map((b) => ({ id: b.dataset.bar, iso: b.dataset.iso, r: b.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 40 && r.left > view.left + 40 && r.right < view.right - 80 && r.top > view.top + 60 && r.bottom < view.bottom - 40)
    .sort((a, b) => a.r.top - b.r.top);
  const b = bars[Math.floor(bars.length / 2)];
  return b ? { id: b.id, iso: b.iso, x: b.r.left + 12, y: b.r.top + b.r.height / 2 } : null;`;
const BAR = `const b = document.querySelector('.bar[data-bar="' + arguments[0] + '"]'); return b ? b.dataset.iso : null;`;
const SELECTED = `return document.querySelector(".bar.selected")?.dataset.bar ?? null;`;
/** A day on the pane at the first start's zoom (week), in pixels. */
const DAY_PX = 20;

test("a teammate changed the bar first: the move is refused, their version shows, the toolbar keeps one line", async () => {
  const table = await startTeamTable("rp-conflict-");
  const work = mkdtempSync(join(tmpdir(), "rp-conflict-file-"));
  try {
    const { admin } = table;
    const alpha = admin("create-team", "--name", "Alpha", "--admin-email", "lead@example.com");
    admin("seed-demo", "--team", alpha.id);
    const app = await startApp(APP);
    try {
      await signInWithLink(app, table, "lead@example.com");
      await teamTimeline(app, "Alpha", 20000);
      await app.waitFor(".bar", 5);
      await japaneseAt1024(app);
      const before = await toolbarAndNotice(app);
      assert.ok(before.width <= 1024, `the toolbar is ${before.width} px wide`);

      const target = await until("a bar to pick", () => app.script(PICK));
      await app.mouse(target.x, target.y, [
        { type: "pointerDown", button: 0 },
        { type: "pointerUp", button: 0 },
      ]);
      await until("the bar to be selected", async () => (await app.script(SELECTED)) === target.id);
      const [first, last] = days(target.iso);

      // Grabbed and held a day later (the drag is let go below, after the teammate's change).
      const dayPx = DAY_PX;
      await app.mouse(target.x + 10, target.y, [
        { type: "pointerDown", button: 0 },
        { type: "pointerMove", duration: 200, origin: "viewport", x: Math.round(target.x + 10 + dayPx), y: Math.round(target.y) },
      ]);
      // The teammate: the same assignment, one day longer, written to the table.
      const plan = admin("export", "--team", alpha.id);
      const theirs = plan.assignments.find((a) => a.id === target.id);
      assert.ok(theirs, "the selected bar is in the team's export");
      theirs.endDateExclusive = nextDay(theirs.endDateExclusive);
      const file = join(work, "theirs.json");
      writeFileSync(file, JSON.stringify(plan));
      admin("import", "--team", alpha.id, "--file", file);
      await sleep(5000); // the live view asks twice and more meanwhile
      assert.equal(await app.script(BAR, [target.id]), target.iso, "a held bar waits: the app still shows what it read");

      // Ours: dragged a day later, from the version the app held when the bar was grabbed.
      await app.mouse(target.x + 10 + dayPx, target.y, [{ type: "pointerUp", button: 0 }]);
      const after = await until("the conflict's message", async () => {
        const t = await toolbarAndNotice(app);
        return t.notice?.text === CONFLICT_JA ? t : null;
      });
      await until("their version on the timeline", async () => {
        const iso = await app.script(BAR, [target.id]);
        return iso && days(iso)[0] === first && days(iso)[1] === nextDay(last);
      });
      assert.equal(await app.script(SELECTED), target.id, "the same bar stays selected after the reload");
      const stored = admin("assignments", "--team", alpha.id, "--from", first, "--to", nextDay(nextDay(last))).find((a) => a.id === target.id);
      assert.equal(stored.startDate, first, "the move did not overwrite their edit");
      assert.equal(stored.endDateExclusive, theirs.endDateExclusive);
      await app.screenshot("conflict-1024-ja");
      assertOneLineAndNoticeShown(assert, before, after, CONFLICT_JA);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    table.stop();
  }
});
