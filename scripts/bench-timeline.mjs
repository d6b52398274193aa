// The timeline rendering benchmark's driver (scripts/bench-timeline.sh starts Xvfb and
// tauri-driver and seeds the workspace first). It opens the app through WebDriver, navigates its
// webview to each bench page (ui/bench, served here on loopback), reads `window.__bench`, and
// prints the figures; then it measures the whole app's memory on the seeded workspace.
// A benchmark, not a test: it prints what it measured and asserts nothing.
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { cpus } from "node:os";
import { sleep, startApp, until } from "../tests/e2e/webdriver.mjs";
import { serve } from "./serve-pages.mjs";

const APP = process.env.RP_APP_BINARY;
const DRIVER = process.env.RP_WEBDRIVER_URL;
const DRIVER_PID = Number(process.env.RP_DRIVER_PID);
const XVFB_PID = Number(process.env.RP_XVFB_PID);
const PAGES_DIR = process.env.RP_BENCH_PAGES ?? "ui/dist-bench";
const RUNS = Number(process.env.RP_BENCH_RUNS ?? 3);
// RP_BENCH_ONLY=ours,static measures only those pages (while working on one; the figures in
// BENCHMARKS.md are from all four). A page may carry a query: "ours?v=x" opens ours.html?v=x.
const ONLY = process.env.RP_BENCH_ONLY?.split(",").map((p) => p.trim());

/** WebDriver "Navigate To" (tests/e2e/webdriver.mjs has no navigation; the tests need none). */
async function navigate(session, url) {
  const res = await fetch(`${DRIVER}/session/${session.id}/url`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  if (!res.ok) throw new Error(`navigate to ${url}: ${JSON.stringify((await res.json()).value)}`);
}

/** CPU time (clock ticks) of the whole machine, and of the processes that are this benchmark. */
function cpuTicks() {
  const [, ...f] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const busy = f.slice(0, 8).reduce((a, b) => a + b, 0) - f[3] - f[4]; // less idle and iowait
  let ours = 0;
  for (const pid of [...subtree(DRIVER_PID), XVFB_PID, process.pid]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [utime, stime] = stat.slice(stat.lastIndexOf(")") + 2).split(" ").slice(11, 13).map(Number);
      ours += utime + stime;
    } catch {} // gone meanwhile
  }
  return { busy, ours, at: performance.now() };
}

/** Share of the machine's CPUs used by other processes (not this benchmark's) between a and b. */
function othersShare(a, b) {
  const ticks = b.busy - a.busy - (b.ours - a.ours);
  return ticks / (((b.at - a.at) / 1000) * 100 * cpus().length); // USER_HZ is 100 on Linux
}

/** One page in a fresh app process: start, let the app's own page load, navigate, wait for results. */
async function measurePage(base, page, shot) {
  const app = await startApp(APP);
  try {
    await app.waitFor(".viewport, .failure", 1, 120_000); // the app's start-up is over
    await navigate(app, `${base}/${page.replace(/^(\w+)/, "$1.html")}`);
    const before = cpuTicks();
    for (const until = Date.now() + 600_000; Date.now() < until; ) {
      const result = await app.script("return window.__bench ?? null;");
      if (result?.error) throw new Error(`${page}: ${result.error}`);
      if (result) {
        result.others = othersShare(before, cpuTicks());
        if (shot) await app.screenshot(`${page}-after-scroll`);
        return result;
      }
      await sleep(500);
    }
    throw new Error(`${page}: no result after 10 minutes`);
  } finally {
    await app.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const pct = (x) => `${(x * 100).toFixed(1)} %`;

async function rendering() {
  const server = await serve(PAGES_DIR);
  const base = `http://127.0.0.1:${server.address().port}`;
  const runs = Object.fromEntries((ONLY ?? ["ours", "vis", "static", "blit"]).map((p) => [p, []]));
  console.log(`\n${RUNS} runs of each page, in turn, each in a fresh app process:\n`);
  console.log("| run | page | first paint ms (from navigation / from mount) | frame ms p50 / p95 / max | frame p95 → / ← / ↓ | frames > 1 refresh | busy ms p50 / p95 / max | script ms p50 / p95 | idle frame ms p50 / p95 (settled after s) | moved px (→, ←, ↓) | viewport | bars / DOM nodes at first paint | speed check ms | other processes' CPU |");
  console.log("|---|---|---|---|---|---:|---|---|---|---|---|---|---:|---:|");
  for (let i = 1; i <= RUNS; i++) {
    for (const page of Object.keys(runs)) {
      const r = await measurePage(base, page, i === 1);
      runs[page].push(r);
      const m = r.moved;
      console.log(
        `| ${i} | ${page} | ${fmt(r.firstPaint)} / ${fmt(r.mountToPaint)} | ${r.frame.p50} / ${r.frame.p95} / ${r.frame.max} | ${r.phases.right.p95} / ${r.phases.left.p95} / ${r.phases.down.p95} | ${pct(r.late)} | ${r.busy.p50} / ${r.busy.p95} / ${r.busy.max} | ${fmt(r.script.p50)} / ${fmt(r.script.p95)} | ${r.idle.p50} / ${r.idle.p95} (${(r.settleMs / 1000).toFixed(1)}) | ${Math.round(m.right)}, ${Math.round(m.left)}, ${Math.round(m.down)} | ${r.viewport.width}×${r.viewport.height} | ${r.barsInDom} / ${r.domNodes} | ${r.speedCheck} | ${Math.round(r.others * 100)} % |`,
      );
    }
  }
  server.close();

  // What may explain the worst frames: when they came, and (ours) the windows loaded meanwhile.
  console.log("\nSlowest frames of each run (ms @ s from navigation start), and the windows ours loaded while scrolling:\n");
  const secs = (ms) => (ms / 1000).toFixed(1);
  for (const [page, list] of Object.entries(runs)) {
    list.forEach((r, i) => {
      const slow = r.slowest.map((f) => `${f.frame} @${secs(f.at)}`).join(", ");
      const events = r.events.map((e) => `${e.what} @${secs(e.at)}`).join(", ");
      console.log(`- ${page} run ${i + 1}: ${slow}${events ? `; ${events}` : ""}`);
    });
  }

  // Medians over the runs, and vis-timeline's figure over ours (> 1: ours is faster). The static
  // page (plain divs, no timeline code) is what a timeline drawn as DOM boxes could at best do
  // here; the blit page (one canvas copy a frame) is the floor: the least any page can do.
  const rows = [
    ["first paint from navigation start, ms", (r) => r.firstPaint],
    ["first paint from mount, ms", (r) => r.mountToPaint],
    ["frame p50, ms", (r) => r.frame.p50],
    ["frame p95, ms", (r) => r.frame.p95],
    ["idle frame p95, ms (the page before scrolling)", (r) => r.idle.p95],
    ["frame max, ms", (r) => r.frame.max],
    ["frames longer than a refresh, %", (r) => r.late * 100],
    ["busy p50, ms", (r) => r.busy.p50],
    ["busy p95, ms", (r) => r.busy.p95],
    ["busy max, ms", (r) => r.busy.max],
    ["script p50, ms", (r) => r.script.p50],
    ["script p95, ms", (r) => r.script.p95],
    ["speed check, ms (same work on every page)", (r) => r.speedCheck],
  ];
  // A column for each page run (ours?capacity and the like beside ours), then vis-timeline's
  // figure over each of ours.
  const NAMES = { ours: "ours", vis: "vis-timeline", static: "static divs", blit: "floor: one canvas copy a frame" };
  const pages = Object.keys(runs);
  const mine = pages.filter((p) => p.startsWith("ours"));
  const hasVis = pages.includes("vis");
  console.log(`\nMedian of ${RUNS} runs:\n`);
  console.log(
    `| measure | ${pages.map((p) => NAMES[p] ?? p).join(" | ")} |${hasVis ? mine.map((p) => ` vis-timeline ÷ ${p} |`).join("") : ""}`,
  );
  console.log(`|---|${pages.map(() => "---:|").join("")}${hasVis ? mine.map(() => "---:|").join("") : ""}`);
  for (const [name, get] of rows) {
    const of = Object.fromEntries(pages.map((p) => [p, median(runs[p].map(get))]));
    const ratios = hasVis ? mine.map((p) => ` ${of[p] > 0 ? `${(of.vis / of[p]).toFixed(1)}×` : "–"} |`).join("") : "";
    console.log(`| ${name} | ${pages.map((p) => fmt(of[p])).join(" | ")} |${ratios}`);
  }
  const ofOurs = (get) => median((runs.ours ?? []).map(get));
  const p95 = ofOurs((r) => r.frame.p95);
  const floor = median((runs.blit ?? []).map((r) => r.frame.p95));
  console.log(
    `\nOurs: frame p95 ${fmt(p95)} ms (target ≤ 16 ms: ${p95 <= 16 ? "met" : "missed"}). A 60 Hz refresh is ` +
      `16.7 ms and frame times here are whole milliseconds, so frames on time read 16 or 17: ours idle ` +
      `read p95 ${fmt(ofOurs((r) => r.idle.p95))} ms before scrolling; the floor page read ${fmt(floor)} ms scrolling.`,
  );
}

/** The processes under `root` (itself included), from /proc's parent links. */
function subtree(root) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/PID/stat, after the parenthesised command name (which may hold spaces).
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {} // gone meanwhile
  }
  const out = [];
  const walk = (pid) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** RSS and PSS in kB of one process (smaps_rollup), and its name. */
function memoryOf(pid) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0);
  const name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  return { pid, name, rss: kb("Rss"), pss: kb("Pss") };
}

async function memory() {
  const app = await startApp(APP);
  try {
    await app.waitFor(".bar", 50, 180_000);
    const people = (await app.texts(".corner span"))[0];
    // The full scroll: down through every row to the last, 1,500 px a step, four weeks right
    // (the next weeks' bookings read), and back to the top.
    const height = await app.script(`return document.querySelector(".viewport").scrollHeight;`);
    for (let y = 0; y < height; y += 1500) {
      await app.script(`document.querySelector(".viewport").scrollTop = ${y}; return null;`);
      await sleep(60);
    }
    for (const [dx, dy] of [[560, 0], [0, -height]]) {
      await app.script(`const v = document.querySelector(".viewport"); v.scrollLeft += ${dx}; v.scrollTop += ${dy}; return null;`);
      await sleep(1000);
    }
    await sleep(3000);
    const bars = (await app.findAll(".bar")).length;
    await app.screenshot("app-memory-run");
    totals.app.push(printMemory(`Whole app on the seeded workspace (${people}; ${bars} bars in the DOM after the full scroll)`));
  } finally {
    await app.close();
  }
}

/** Whether process `pid` runs our binary (false once it is gone). */
function isApp(pid) {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === realpathSync(APP);
  } catch {
    return false;
  }
}

/** The processes of our binary's run under this run's tauri-driver (WebKitWebDriver starts it;
 * WebKit's processes are its descendants), printed; their summed PSS in MiB. */
function printMemory(title) {
  const appPid = subtree(DRIVER_PID).find(isApp);
  if (!appPid) throw new Error(`no process of ${realpathSync(APP)} under tauri-driver (${DRIVER_PID})`);
  const procs = subtree(appPid).map(memoryOf);
  console.log(`\n${title}:\n`);
  console.log("| process | pid | RSS MiB | PSS MiB |");
  console.log("|---|---:|---:|---:|");
  const mib = (kb) => (kb / 1024).toFixed(1);
  for (const p of procs) console.log(`| ${p.name} | ${p.pid} | ${mib(p.rss)} | ${mib(p.pss)} |`);
  const sum = (k) => procs.reduce((a, p) => a + p[k], 0);
  console.log(`| **total** | | **${mib(sum("rss"))}** | **${mib(sum("pss"))}** |`);
  if (process.env.RP_BENCH_MAPPINGS) for (const p of procs) printMappings(p);
  return sum("pss") / 1024;
}

/** Where one process's PSS lies (RP_BENCH_MAPPINGS=1): its mappings summed by kind (/proc/PID/smaps;
 * an anonymous mapping is the heaps: glibc's arenas, WebKit's bmalloc/libpas and JavaScriptCore's),
 * the kinds over 1 MiB, largest first; then the anonymous mappings summed by their size, the
 * twelve largest sums (what kind of allocation holds the memory: thousands of 16 KiB mappings
 * are not what a few canvases of several MiB are). */
function printMappings(proc) {
  let smaps;
  try {
    smaps = readFileSync(`/proc/${proc.pid}/smaps`, "utf8");
  } catch {
    return; // gone meanwhile
  }
  const kinds = new Map();
  const bySize = new Map();
  let kind = "";
  let size = 0;
  for (const line of smaps.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const path = head[3];
      size = Math.round((Number.parseInt(head[2], 16) - Number.parseInt(head[1], 16)) / 1024);
      kind = !path
        ? "anonymous (heaps)"
        : path.startsWith("/memfd:") || path.startsWith("/dev/shm")
          ? `shared memory (${path.replace(/ \(deleted\)$/, "").replace(/[0-9]+/g, "#")})`
          : path.startsWith("[")
            ? path
            : /\.so/.test(path)
              ? "libraries"
              : `file ${path.split("/").pop()}`;
      continue;
    }
    const pss = /^Pss:\s+(\d+) kB/.exec(line);
    if (pss) kinds.set(kind, (kinds.get(kind) ?? 0) + Number(pss[1]));
    if (pss && kind === "anonymous (heaps)") {
      const held = bySize.get(size) ?? [0, 0];
      held[0] += Number(pss[1]);
      held[1]++;
      bySize.set(size, held);
    }
  }
  const rows = [...kinds].filter(([, kb]) => kb >= 1024).sort((a, b) => b[1] - a[1]);
  console.log(`\n${proc.name} (${proc.pid}), PSS by mapping: ${rows.map(([k, kb]) => `${k} ${(kb / 1024).toFixed(1)}`).join(" · ")}`);
  const sizes = [...bySize].sort((a, b) => b[1][0] - a[1][0]).slice(0, 12);
  console.log(`  anonymous mappings by size (KiB × how many: PSS MiB): ${sizes.map(([kib, [kb, n]]) => `${kib} × ${n}: ${(kb / 1024).toFixed(1)}`).join(" · ")}`);
}

/** The floor: the same build's empty window (`--empty-window`: Tauri and the web view with an
 * empty page, nothing of the app), given the same settling time as the app after its scroll. */
async function emptyWindow() {
  const app = await startApp(APP, { args: ["--empty-window"] });
  try {
    await sleep(5000);
    totals.floor.push(printMemory("An empty Tauri window of the same build (the floor)"));
  } finally {
    await app.close();
  }
}

/** Each run's summed PSS (MiB): the app's, the floor's. */
const totals = { app: [], floor: [] };

/**
 * The utilisation report of the seeded workspace's people (with what capacity adds: make-export.ts)
 * over the next four weeks and over the next 13 weeks (the name column's period, which the report
 * opens with), from the toolbar's click to its lines and chart on screen: timed in the page (the
 * click, then each animation frame until every person has a line and the chart's canvas is drawn),
 * so the driver's polling adds nothing. The first opening loads Chart.js; then five more for each
 * period.
 */
async function reportShown() {
  const app = await startApp(APP);
  try {
    await app.waitFor(".bar", 50, 180_000);
    const people = Number(/\d+/.exec((await app.texts(".corner span"))[0] ?? "")?.[0]);
    console.log(`\nThe utilisation report of ${people} people, from the click to its lines and chart on screen (the app's Rust side reads and computes it; the window shows it):\n`);
    let opened = 0;
    for (const [period, words] of [
      ["next4Weeks", "the next four weeks"],
      ["next13Weeks", "the next 13 weeks"],
    ]) {
      // The name column's period, which the report opens with (its days then load: waited for).
      await app.script(`
        const s = document.querySelector("select.period");
        s.value = "${period}";
        s.dispatchEvent(new Event("change", { bubbles: true }));
        return null;`);
      await sleep(3000);
      const times = [];
      for (let i = 0; i < 6; i++) {
        await app.script(`
          window.__shown = null;
          const t0 = performance.now();
          document.querySelector('button[data-action="report"]').click();
          const check = () => {
            const lines = document.querySelectorAll("dialog[open] tr.line").length;
            const chart = document.querySelector("dialog[open] .chart canvas");
            if (lines === ${people} && chart && chart.width > 0) requestAnimationFrame(() => (window.__shown = performance.now() - t0));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
          return null;`);
        times.push(await until("the report shown", () => app.script("return window.__shown;"), 60_000));
        if (i === 0) await app.screenshot(`report-500-people-${period}`);
        await app.script(`document.querySelector("dialog[open]").close(); return null;`);
        await sleep(500);
      }
      const [first, ...rest] = opened++ === 0 ? times : [null, ...times];
      const sorted = [...rest].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      const head = first === null ? "" : `first opening (Chart.js loaded): ${first.toFixed(0)} ms; `;
      console.log(`- ${words}: ${head}the next ${rest.length}: median ${median.toFixed(0)} ms (${sorted.map((t) => t.toFixed(0)).join(", ")})`);
    }
  } finally {
    await app.close();
  }
}

/**
 * The field's scenario (ui/bench/field.ts) on every page, at each size of RP_BENCH_FIELD (people,
 * 20 bookings each, e.g. "2500,10000"): runs interleaved (each run opens every page in turn, each
 * in a fresh app process), the drag done here through WebDriver when the page asks for it. A page
 * that has not finished within RP_BENCH_FIELD_LIMIT_S (default 300) seconds is ended, said so, and
 * not opened again at that size (each try would cost the limit again).
 */
async function field() {
  const server = await serve(PAGES_DIR);
  const base = `http://127.0.0.1:${server.address().port}`;
  const pages = ONLY ?? ["ours", "vis", "ec", "daypilot", "blit"];
  const limitMs = Number(process.env.RP_BENCH_FIELD_LIMIT_S ?? 300) * 1000;
  const NAMES = { ours: "ours", vis: "vis-timeline 8.5.4", ec: "EventCalendar 5.15.0", daypilot: "DayPilot Lite 5.10.1", blit: "floor: one canvas copy a frame" };
  for (const people of process.env.RP_BENCH_FIELD.split(",").map(Number)) {
    console.log(`\n### ${people.toLocaleString("en")} people × ${(people * 20).toLocaleString("en")} bookings: ${RUNS} runs, interleaved, each page in a fresh app process\n`);
    console.log("| run | page | first paint ms (nav / mount) | fling frame p50 / p95 / max | fling busy p95 | fling late | fling px asked → moved (x; y) | drag frame p95 | drag busy p95 | drag late | drag: before → after (rows) | zoom ms | zoom late | bars / DOM nodes | speed check | others' CPU |");
    console.log("|---|---|---|---|---:|---:|---|---:|---:|---:|---|---:|---:|---|---:|---:|");
    const runs = Object.fromEntries(pages.map((p) => [p, []]));
    const given = new Set(); // pages that did not finish: not opened again at this size
    for (let i = 1; i <= RUNS; i++) {
      for (const page of pages) {
        if (given.has(page)) continue;
        const r = await measureField(base, page, people, limitMs, i === 1);
        if (r.timedOut) given.add(page);
        runs[page].push(r);
        if (r.timedOut || r.failed) {
          console.log(`| ${i} | ${page} | ${r.timedOut ? `not done within ${limitMs / 1000} s (${r.timedOut})` : `failed: ${r.failed}`} |`);
          continue;
        }
        const d = r.drag.skipped ? null : r.drag;
        const z = r.zoom.skipped ? null : r.zoom;
        console.log(
          `| ${i} | ${page} | ${r.firstPaint} / ${r.mountToPaint} | ${r.fling.frame.p50} / ${r.fling.frame.p95} / ${r.fling.frame.max} | ${r.fling.busy.p95} | ${pct(r.fling.late)} | ${r.fling.asked.x} → ${r.fling.moved.x}; ${r.fling.asked.y} → ${r.fling.moved.y} | ${d ? d.frame.p95 : "–"} | ${d ? d.busy.p95 : "–"} | ${d ? pct(d.late) : "–"} | ${d ? `${d.before} → ${d.after} (${d.rows})` : r.drag.skipped} | ${z ? z.ms : "–"} | ${z ? pct(z.late) : "–"} | ${r.barsInDom} / ${r.domNodes} | ${r.speedCheck} | ${Math.round(r.others * 100)} % |`,
        );
        // Which fling frames were late (0–119 down through the rows, 120–239 across the days).
        if (r.fling.lateAt?.length) console.log(`(${page}, run ${i}: late fling frames ${r.fling.lateAt.map(([f, ms]) => `#${f} ${ms} ms`).join(", ")})`);
        // And the drag's (from the press to the driver's last move and release, d.frames of them).
        if (d?.lateAt?.length) console.log(`(${page}, run ${i}: late drag frames ${d.lateAt.map(([f, ms]) => `#${f} ${ms} ms`).join(", ")} of ${d.frames})`);
      }
    }
    const lateMs = Object.values(runs).flat().find((r) => r.lateMs)?.lateMs;
    const rows = [
      ["first paint from navigation, ms", (r) => r.firstPaint],
      ["fling: frames late (> " + lateMs + " ms), %", (r) => r.fling.late * 100],
      ["fling: frame p95, ms", (r) => r.fling.frame.p95],
      ["fling: busy p95, ms", (r) => r.fling.busy.p95],
      ["drag: frames late, %", (r) => (r.drag.skipped ? undefined : r.drag.late * 100)],
      ["drag: frame p95, ms", (r) => (r.drag.skipped ? undefined : r.drag.frame.p95)],
      ["drag: busy p95, ms", (r) => (r.drag.skipped ? undefined : r.drag.busy.p95)],
      ["month zoom: call → painted, ms", (r) => (r.zoom.skipped ? undefined : r.zoom.ms)],
      ["month zoom: frames late, %", (r) => (r.zoom.skipped ? undefined : r.zoom.late * 100)],
    ];
    const cell = (page, get) => {
      const xs = runs[page].filter((r) => !r.timedOut && !r.failed).map(get).filter((x) => x !== undefined);
      if (xs.length === 0) return null;
      return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length };
    };
    const show = (c) => (c ? `${fmt(c.median)} (${fmt(c.min)}–${fmt(c.max)}, ${c.n})` : "–");
    // Ours is the first page of ours (a variant, "ours+labels", when only variants run); every other
    // page but the floor is set beside it, variants of ours too ("ours+grouped ÷ ours+labels").
    const mine = pages.find((p) => p.startsWith("ours")) ?? "ours";
    const peers = pages.filter((p) => p !== mine && p !== "blit");
    console.log(`\nMedians (min–max, runs that finished) at ${people.toLocaleString("en")} people; a frame is late past one 60 Hz refresh + 1.5 ms = ${lateMs} ms; ratios are the peer's or floor's median ÷ ours (> 1: ours better):\n`);
    console.log(`| measure | ${pages.map((p) => NAMES[p] ?? p).join(" | ")} | ${peers.map((p) => `${NAMES[p] ?? p} ÷ ${mine}`).join(" | ")} | ${mine} ÷ floor |`);
    console.log(`|---|${pages.map(() => "---:|").join("")}${peers.map(() => "---:|").join("")}---:|`);
    for (const [name, get] of rows) {
      const of = Object.fromEntries(pages.map((p) => [p, cell(p, get)]));
      const ours = of[mine]?.median;
      const ratio = (x, y) => (x === undefined || y === undefined ? "–" : y === 0 ? (x === 0 ? "1.0×" : "∞") : `${(x / y).toFixed(2)}×`);
      console.log(
        `| ${name} | ${pages.map((p) => show(of[p])).join(" | ")} | ${peers.map((p) => ratio(of[p]?.median, ours)).join(" | ")} | ${ratio(ours, of.blit?.median)} |`,
      );
    }
    for (const page of pages) {
      const unfinished = runs[page].filter((r) => r.timedOut || r.failed).length;
      if (unfinished) console.log(`- ${NAMES[page] ?? page}: ${unfinished} run(s) did not finish (see the runs above)${given.has(page) ? "; a page not done within the limit was not opened again at this size" : ""}`);
    }
  }
  server.close();
}

/** One page's field scenario in a fresh app process (see field()). */
async function measureField(base, page, people, limitMs, shot) {
  const app = await startApp(APP);
  try {
    await app.waitFor(".viewport, .failure", 1, 120_000);
    const before = cpuTicks();
    const started = Date.now();
    // A page that builds for minutes keeps "Navigate To" waiting (until the driver's page-load
    // limit): not awaited here, so the limit below is the one that counts.
    // "ours+grouped": ours.html with `&grouped` (a variant of the page: ours.ts, fake-ipc.ts).
    const [file, ...variant] = page.split("+");
    navigate(app, `${base}/${file}.html?field&people=${people}${variant.map((v) => `&${v}`).join("")}`).catch(() => {});
    let dragged = false;
    let last = "navigating";
    while (Date.now() - started < limitMs) {
      await sleep(500);
      let f;
      try {
        f = await app.script("return window.__field ?? null;");
      } catch (e) {
        last = `page busy (${String(e.message).slice(0, 80)})`;
        continue; // the page's script runs long: the driver's script limit passed
      }
      if (f?.error) return { page, failed: f.error.split("\n")[0] };
      if (f?.phase === "drag" && !dragged) {
        dragged = true;
        const t = f.target;
        if (t.selectFirst) {
          await app.mouse(t.x, t.y, [{ type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }]);
          await sleep(300);
        }
        const moved = await app.drag(t.x, t.y, t.dx, t.dy, 20).then(() => null, (e) => e.message);
        await app.script("window.__dragDone = true; return null;");
        if (moved) return { page, failed: `the drag: ${moved}` };
        last = "dragged";
      }
      if (f?.phase === "done") {
        const r = f.result;
        r.others = othersShare(before, cpuTicks());
        // A page run with `+timing` (ours.ts): each scroll event's script and its canvases' part.
        const timing = await app.script("return window.__timing ?? null;").catch(() => null);
        if (timing) console.log(`(${page}: ${timingLine(timing)})`);
        if (shot) await app.screenshot(`field-${people}-${page}`);
        return r;
      }
      if (!f) last = "no paint yet";
    }
    return { page, timedOut: last };
  } finally {
    // A page stuck in its script can keep the session from closing, and its web process from
    // quitting: the app and every process under it are killed then.
    await Promise.race([app.close().catch(() => {}), sleep(30_000)]);
    // Anywhere: once its session is gone the driver has let go of it (it is init's child then).
    const left = () => readdirSync("/proc").filter((n) => /^\d+$/.test(n)).map(Number).filter(isApp);
    for (const end = Date.now() + 15_000; left().length && Date.now() < end; ) await sleep(500);
    if (left().length) {
      console.log(`(${page}: the app had not quit 15 s after its session closed; killed with its web processes)`);
      for (const pid of left()) {
        for (const p of subtree(pid)) {
          try {
            process.kill(p, "SIGKILL");
          } catch {} // gone meanwhile
        }
      }
    }
  }
}

if (!APP || !DRIVER || !DRIVER_PID || !XVFB_PID) {
  throw new Error("RP_APP_BINARY, RP_WEBDRIVER_URL, RP_DRIVER_PID and RP_XVFB_PID must be set");
}
if (process.env.RP_BENCH_FIELD) {
  await field();
  process.exit(0);
}
if (process.env.RP_BENCH_SKIP_RENDERING !== "1") await rendering();
if (process.env.RP_BENCH_SKIP_MEMORY !== "1") {
  // Interleaved: the app, then the floor, run after run.
  for (let run = 0; run < Number(process.env.RP_BENCH_MEMORY_RUNS ?? 1); run++) {
    await memory();
    await emptyWindow();
  }
  const list = (xs) => xs.map((x) => x.toFixed(1)).join(", ");
  console.log(`\nPSS, whole process tree (MiB): the app ${list(totals.app)} (median ${median(totals.app).toFixed(1)}); the empty window ${list(totals.floor)} (median ${median(totals.floor).toFixed(1)}); the app ÷ the floor ${(median(totals.app) / median(totals.floor)).toFixed(2)}`);
}
if (process.env.RP_BENCH_SKIP_REPORT !== "1") await reportShown();

/** `window.__timing`'s scroll events as p50 / p95 of their script and of its canvas painting, each
 * canvas's p50 / p95, and the first four events one by one. */
function timingLine({ scroll, canvas, first: parts = [], each = {}, drops = [], moves = [] }) {
  const q = (xs, p) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1) : "–";
  };
  const rest = scroll.map((s, i) => s - (canvas[i] ?? 0));
  const first = (xs) => xs.slice(0, 4).map((x) => x.toFixed(1)).join(", ");
  return `${scroll.length} scroll events; script ms p50 / p95 ${q(scroll, 0.5)} / ${q(scroll, 0.95)}, of it canvases ${q(canvas, 0.5)} / ${q(canvas, 0.95)}, the rest ${q(rest, 0.5)} / ${q(rest, 0.95)}; the first four events' script ${first(scroll)}, canvases ${first(canvas)} (${parts.join("; ")}); each canvas p50 / p95: ${Object.entries(each).map(([k, xs]) => `${k.replace("paint", "")} ${q(xs, 0.5)} / ${q(xs, 0.95)}`).join(", ")}${drops.length ? `; the drops: ${drops.join("; ")}` : ""}${moves.length ? `; the pointer moves' script ms: ${moves.map((x) => x.toFixed(0)).join(" ")}` : ""}`;
}
