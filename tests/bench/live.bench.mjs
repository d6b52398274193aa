// The live view's latency (BENCHMARKS.md). Not a test: it prints figures and asserts only that
// every edit arrived. Run by `./dev bench-live` inside the end-to-end harness.
//
// Two app processes, each its own member with its own session bus and keyring
// (tests/e2e/second-app.mjs), on one team table (dynoxide's server on loopback) behind the
// launch benchmark's proxy, which delays each direction by RP_BENCH_LATENCY_MS (default 50: a
// 100 ms round trip). The lead moves one bar a day (Alt+→, then back with Alt+←, alternately)
// RP_BENCH_EDITS times (default 60; the figure is 200); the other app's window is watched (its DOM read every
// ~20 ms through WebDriver) until the bar shows the new days. Someone is active in that window
// (a key pressed there before each edit), as the target is "while active". Timed from the key
// press in the first window, and from the first window showing it (its optimistic paint), to
// the second showing it; whole milliseconds; a WebDriver round trip (~10–30 ms) is the grain.
import { writeFileSync } from "node:fs";
import { test } from "node:test";
import { BAR, days, PICK, select } from "../e2e/bars.mjs";
import { twoMembers } from "../e2e/second-app.mjs";
import { REGION, startCutProxy, startTeamTable, TABLE } from "../e2e/team-table.mjs";
import { KEY, sleep, until } from "../e2e/webdriver.mjs";

const EDITS = Number(process.env.RP_BENCH_EDITS ?? 60);
const LATENCY = Number(process.env.RP_BENCH_LATENCY_MS ?? 50);
/** The window's ask period while someone is active (ui/src/timeline/model/live.ts `ACTIVE_MS`). */
const ACTIVE_PERIOD_MS = 2000;

const first = async (app, id) => {
  const bar = await app.script(BAR, [id]);
  return bar ? days(bar.iso)[0] : null;
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

test(`the live view: ${EDITS} edits in one app, timed to the other app's screen`, async () => {
  const table = await startTeamTable("rp-bench-live-");
  const proxy = await startCutProxy(table.endpoint, { latencyMs: LATENCY });
  let members = null;
  try {
    // Both apps reach the table through the proxy (the second copies these settings).
    writeFileSync(table.config, `mode = "dynamodb"\n[dynamodb]\ntable = "${TABLE}"\nendpoint = "${proxy.endpoint}"\nregion = "${REGION}"\n`);
    members = await twoMembers(table, "Bench");
    const { a, b } = members;
    for (const app of [a, b]) await app.waitFor(".bar", 5, 60000);
    const target = await until("a bar to pick", () => a.script(PICK));
    await until("the bar in both windows", () => b.script(BAR, [target.id]));
    await select(a, target.id);

    const fromKey = [];
    const fromFirst = [];
    for (let i = 0; i < EDITS; i++) {
      await b.press([KEY.Shift]); // someone is active in the second window
      const was = await first(a, target.id);
      const pressed = Date.now();
      await a.press([KEY.Alt, i % 2 ? KEY.ArrowLeft : KEY.ArrowRight]);
      await until("the move in the first window", async () => (await first(a, target.id)) !== was, 5000);
      const shownHere = Date.now();
      const now = await first(a, target.id);
      for (;;) {
        if ((await first(b, target.id)) === now) break;
        if (Date.now() - pressed > 30000) throw new Error(`edit ${i} did not reach the second window in 30 s`);
        await sleep(20);
      }
      const there = Date.now();
      fromKey.push(there - pressed);
      fromFirst.push(there - shownHere);
      // A pause between edits, different each time, so they do not keep step with the asks.
      await sleep(300 + ((i * 397) % 1700));
    }
    const line = (name, xs) =>
      `${name}: p50 ${quantile(xs, 0.5)} ms, p95 ${quantile(xs, 0.95)} ms, max ${Math.max(...xs)} ms; later than 3 s: ${xs.filter((x) => x > 3000).length} of ${xs.length}`;
    console.log(`round trip to the table: ${2 * LATENCY} ms; ${EDITS} edits`);
    console.log(line("key press in one window → on the other's screen", fromKey));
    console.log(line("on the first window's screen → on the other's", fromFirst));
    // The floor of the median: the ask's period halved (an edit lands, on average, half a period
    // before the next ask; 2 s while active, ui/src/timeline/model/live.ts) and two round trips (the
    // edit's write, the ask's Query); everything else (the record's check, the screen) is ours.
    const floor = ACTIVE_PERIOD_MS / 2 + 2 * 2 * LATENCY;
    const p50 = quantile(fromKey, 0.5);
    console.log(`floor of the median (period ${ACTIVE_PERIOD_MS} ms / 2 + two round trips): ${floor} ms; p50 ÷ floor: ${(p50 / floor).toFixed(2)}`);
  } finally {
    await members?.stop();
    proxy.stop();
    table.stop();
  }
});
