// Launch benchmark (BENCHMARKS.md). Not a test: it prints figures and asserts only that each launch
// showed the timeline. Run by scripts/bench-launch.sh, inside the end-to-end harness
// (scripts/e2e.sh: Xvfb, tauri-driver, a Secret Service, the DynamoDB-protocol server).
//
// A team table (dynoxide's server on loopback, behind a proxy the bench can cut, which delays each
// direction by RP_BENCH_LATENCY_MS, default 50, as a real network would) holds the bench
// team of RP_BENCH_TEAM_FILE (500 people, 10,000 assignments around today; scripts/bench-launch.sh's
// RP_BENCH_PEOPLE another size) or, without it, the demo team. Beside each launch, the floor: the
// same build's empty window (`--empty-window`); as root, also a cold launch of each (the kernel's
// page cache emptied before it). The user signs in once; then the app is launched RP_BENCH_LAUNCHES times (default 5)
// in each of three ways, each a fresh process:
//   cached   the offline copy on disk, the table reachable: the copy shows, then fresh data;
//   no copy  the copy removed before each launch (the baseline: what a start costs without it);
//   offline  the copy on disk, the table cut: the copy is all there is.
// Timed from the app process's start (/proc: 10 ms ticks) and from the WebDriver request that
// launches it, to the document's marks set by Timeline.svelte two frames after it mounted
// (`shownAt`: the timeline is on screen and takes input) and after the first answer from the table
// was shown (`freshAt`). With RP_PROXY_LOG=<file>, each request the app makes is written down
// there (team-table.mjs), each launch marked: how a slow start divides into the network's time
// and the app's own.
import { execFileSync } from "node:child_process";
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REGION, signInWithLink, startCutProxy, startTeamTable, TABLE } from "../e2e/team-table.mjs";
import { startApp, until } from "../e2e/webdriver.mjs";

const APP = process.env.RP_APP_BINARY;
const LAUNCHES = Number(process.env.RP_BENCH_LAUNCHES ?? 5);
const TEAM_FILE = process.env.RP_BENCH_TEAM_FILE || null;
/** One way; 50 ms makes a 100 ms round trip, as from Europe to us-east-1. */
const LATENCY = Number(process.env.RP_BENCH_LATENCY_MS ?? 50);
/** The proxy's log of requests (team-table.mjs); each launch is marked in it, and the app's own
 * log is added at the end. */
const PROXY_LOG = process.env.RP_PROXY_LOG;

const say = (line = "") => console.log(line);

function appPid() {
  try {
    return Number(execFileSync("pgrep", ["-n", "-f", APP]).toString().trim());
  } catch {
    return null;
  }
}

const HZ = Number(execFileSync("getconf", ["CLK_TCK"]).toString());

/** When process `pid` started, in epoch milliseconds (10 ms resolution): its start in ticks
 * after boot, against the uptime read now (the boot time in /proc/stat has whole seconds only). */
function startedAt(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]); // starttime, field 22
  const now = Date.now();
  const uptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
  return now - (uptime - ticks / HZ) * 1000;
}

async function gone() {
  await until("the app to quit", () => appPid() === null, 15000);
}

const MARKS = `const d = document.documentElement.dataset;
  const at = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? performance.timeOrigin + m.startTime : null; };
  return { shown: Number(d.shownAt) || null, fresh: Number(d.freshAt) || null,
    page: performance.timeOrigin, main: at("rp-main"), session: at("rp-session"), data: at("rp-data"), timeline: at("rp-timeline"), frames: at("rp-first-frames"), mounted: at("rp-mounted"),
    bars: document.querySelectorAll(".canvas .bar").length, offline: !!document.querySelector(".offline") };`;

/** Empties the kernel's page cache (root only): the next launch reads the binary, WebKit and the
 * copy from disk, as the first start after a reboot does. False where it is not allowed. */
function dropCaches() {
  try {
    execFileSync("sh", ["-c", "sync && echo 3 > /proc/sys/vm/drop_caches"]);
    return true;
  } catch {
    return false;
  }
}

/** The floor: the same build's empty window (`--empty-window`: Tauri and the web view with an
 * empty page, nothing of the app), timed from its process start to its page's start
 * (`performance.timeOrigin`), which is the earliest any page of this build can be on screen. */
async function launchEmpty(cold) {
  if (cold) dropCaches();
  const app = await startApp(APP, { args: ["--empty-window"] });
  try {
    const pid = appPid();
    const page = await until("the empty page", () => app.script("return performance.timeOrigin;"), 30000);
    return pid ? page - startedAt(pid) : null;
  } finally {
    await app.close();
    await gone();
  }
}

/** One launch: times from the WebDriver request and from the process start. */
async function launch(wantFresh, cold = false) {
  if (cold) dropCaches();
  if (PROXY_LOG) appendFileSync(PROXY_LOG, `${Date.now()} launch ${wantFresh ? "online" : "offline"}${cold ? ", cold" : ""}\n`);
  const requested = Date.now();
  const app = await startApp(APP);
  try {
    const pid = appPid();
    const began = pid ? startedAt(pid) : requested;
    const marks = await until(
      "the timeline",
      async () => {
        const m = await app.script(MARKS);
        return m.shown && m.bars > 0 && (!wantFresh || m.fresh) && m;
      },
      60000,
    );
    const step = (a, b) => (a && b ? b - a : null);
    return {
      fromRequest: { shown: marks.shown - requested, fresh: marks.fresh ? marks.fresh - requested : null },
      fromStart: { shown: marks.shown - began, fresh: marks.fresh ? marks.fresh - began : null },
      // Where the time went: process → page load starts → our script runs → session known →
      // timeline data in → timeline component made → on screen.
      steps: [
        step(began, marks.page),
        step(marks.page, marks.main),
        step(marks.main, marks.session),
        step(marks.session, marks.data),
        step(marks.data, marks.timeline),
        step(marks.timeline, marks.shown),
      ],
      // The webview's first two frames after our script began, with nothing of ours on them yet.
      firstFrames: step(marks.main, marks.frames),
      mounted: step(marks.timeline, marks.mounted),
      bars: marks.bars,
    };
  } finally {
    await app.close();
    await gone();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => (x === null ? "—" : `${Math.round(x)}`);

test("launch to an interactive timeline: from the offline copy, without it, and offline", async () => {
  const table = await startTeamTable("rp-bench-launch-");
  const proxy = await startCutProxy(table.endpoint, { latencyMs: LATENCY });
  try {
    const { admin } = table;
    const team = admin("create-team", "--name", "Bench", "--admin-email", "lead@example.com");
    if (TEAM_FILE) admin("import", "--team", team.id, "--file", TEAM_FILE);
    else admin("seed-demo", "--team", team.id);
    const people = admin("people", "--team", team.id).length;
    writeFileSync(
      table.config,
      `mode = "dynamodb"\n[dynamodb]\ntable = "${TABLE}"\nendpoint = "${proxy.endpoint}"\nregion = "${REGION}"\n${table.mailSettings}`,
    );
    const app = await startApp(APP);
    try {
      await signInWithLink(app, table, "lead@example.com");
      await until("the first timeline", async () => (await app.script(MARKS)).fresh, 60000);
    } finally {
      await app.close();
      await gone();
    }
    const tables = join(process.env.XDG_DATA_HOME, "resource-planner", "tables");
    const copies = () => readdirSync(tables).map((d) => join(tables, d, "offline"));

    const cold = dropCaches();
    const runs = { cached: [], ...(cold ? { "cached, cold": [] } : {}), "no copy": [], offline: [] };
    const empty = { warm: [], cold: [] };
    for (let i = 0; i < LAUNCHES; i++) {
      // In turn, so that a slow moment of the machine falls on all alike.
      runs.cached.push(await launch(true));
      empty.warm.push(await launchEmpty(false));
      if (cold) {
        runs["cached, cold"].push(await launch(true, true));
        empty.cold.push(await launchEmpty(true));
      }
      for (const dir of copies()) rmSync(dir, { recursive: true, force: true });
      runs["no copy"].push(await launch(true));
      await proxy.cut();
      runs.offline.push(await launch(false));
      await proxy.restore();
    }

    say(
      `team: ${people} people, ${TEAM_FILE ? "the bench plan" : "the demo plan"}; the table ${LATENCY} ms away each way ` +
        `(${2 * LATENCY} ms round trip); ${LAUNCHES} launches each, in turn`,
    );
    say();
    say(
      "| launch | run | bars in view | from process start: shown / fresh ms | from WebDriver request: shown / fresh ms | steps ms: process → page → script → session → data → component → on screen |",
    );
    say("|---|---:|---:|---:|---:|---|");
    for (const [kind, list] of Object.entries(runs)) {
      list.forEach((r, i) => {
        say(
          `| ${kind} | ${i + 1} | ${r.bars} | ${ms(r.fromStart.shown)} / ${ms(r.fromStart.fresh)} | ${ms(r.fromRequest.shown)} / ${ms(r.fromRequest.fresh)} | ${r.steps.map(ms).join(" → ")} (first frames ${ms(r.firstFrames)}, mounted ${ms(r.mounted)}) |`,
        );
      });
    }
    say();
    say(`Median of ${LAUNCHES}:`);
    say();
    say("| launch | interactive timeline, ms from process start | fresh data, ms from process start | interactive, ms from WebDriver request |");
    say("|---|---:|---:|---:|");
    const med = {};
    for (const [kind, list] of Object.entries(runs)) {
      med[kind] = {
        shown: median(list.map((r) => r.fromStart.shown)),
        fresh: median(list.map((r) => r.fromStart.fresh)),
        request: median(list.map((r) => r.fromRequest.shown)),
      };
      say(`| ${kind} | ${ms(med[kind].shown)} | ${ms(med[kind].fresh)} | ${ms(med[kind].request)} |`);
    }
    say();
    const cached = med.cached.shown;
    const baseline = med["no copy"].shown;
    say(
      `From the copy: interactive in ${ms(cached)} ms (target < 1000 ms: ${cached < 1000 ? "met" : "missed"}); ` +
        `without it ${ms(baseline)} ms (${(baseline / cached).toFixed(1)}× the copy's); offline ${ms(med.offline.shown)} ms.`,
    );
    const floorWarm = median(empty.warm);
    say(
      `The floor, the same build's empty window, process start → its empty page (median of ${empty.warm.length}): warm ${ms(floorWarm)} ms ` +
        `(${empty.warm.map(ms).join(", ")}); the app from its copy ÷ the floor: ${(cached / floorWarm).toFixed(2)} warm`,
    );
    if (cold) {
      const floorCold = median(empty.cold);
      const cachedCold = med["cached, cold"].shown;
      say(
        `Cold (the page cache emptied before each launch): the app from its copy ${ms(cachedCold)} ms, the empty window ${ms(floorCold)} ms ` +
          `(${empty.cold.map(ms).join(", ")}); ÷ ${(cachedCold / floorCold).toFixed(2)}`,
      );
    } else say("Cold launches: not measured (the page cache cannot be emptied here: root only).");
    // What the app's log says of its starts (how long opening took, from the copy or not).
    const logs = join(process.env.XDG_DATA_HOME, "resource-planner", "logs");
    const opened = readdirSync(logs)
      .flatMap((f) => readFileSync(join(logs, f), "utf8").split("\n"))
      .filter((l) => / opened |window shown /.test(l))
      .map((l) => l.replace(/^\S+ \S+ /, ""));
    if (PROXY_LOG) for (const f of readdirSync(logs)) appendFileSync(PROXY_LOG, readFileSync(join(logs, f), "utf8"));
    say();
    say(`The app's log, how each start opened: ${opened.join("; ")}`);
  } finally {
    proxy.stop();
    table.stop();
  }
});
