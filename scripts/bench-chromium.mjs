// Diagnostics of a bench page (ui/bench) in headless Chromium, for the questions WebKit's own
// tools do not answer here: where a fling's script time goes and what the page's JavaScript heap
// holds. Chromium is not the app's engine (WebKitGTK is): use these for where, not for how long;
// the figures to compare are the WebKit runs of scripts/bench-timeline.sh. Prints what it saw,
// asserts nothing. Needs Debian's chromium (apt-get install chromium) and ui's npm packages.
//   node scripts/bench-chromium.mjs profile  PAGES "QUERY" [OUT.cpuprofile]   the fling's CPU profile: self and inclusive time by function
//   node scripts/bench-chromium.mjs start    PAGES "QUERY" [OUT.cpuprofile]   the same from navigation to the first bars on screen
//   node scripts/bench-chromium.mjs heap     PAGES "QUERY"                    the heap used once loaded and after the fling (collected first)
//   node scripts/bench-chromium.mjs snapshot PAGES "QUERY"                    a heap snapshot after the fling, summed by kind and by plain objects' shape
// PAGES: built bench pages (cd ui && npx vite build -c vite.bench.config.ts --outDir DIR; add
// --minify false for readable names in a profile); QUERY: ours.html's query, e.g.
// "field&people=2500&labels&compact" (the field's scenario: its fling, then it waits for a drag
// that is not made here).
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { serve } from "./serve-pages.mjs";

const require = createRequire(new URL("../ui/package.json", import.meta.url));
const { chromium } = require("playwright-core");
const [mode, pages, query = "field&people=2500&labels", out] = process.argv.slice(2);
if (!["profile", "start", "heap", "snapshot"].includes(mode) || !pages) {
  console.error("usage: node scripts/bench-chromium.mjs profile|start|heap|snapshot PAGES [QUERY] [OUT]");
  process.exit(2);
}

const server = await serve(pages);
const url = `http://127.0.0.1:${server.address().port}/ours.html?${query}`;

// The flags this machine's closed network needs (no background connections).
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
const cdp = await page.context().newCDPSession(page);
const flung = () => page.waitForFunction(() => window.__field?.phase === "drag", null, { timeout: 300_000, polling: 20 });
const MiB = (bytes) => (bytes / 2 ** 20).toFixed(1);
const used = async () => {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  return (await cdp.send("Runtime.getHeapUsage")).usedSize;
};

const shown = () => page.waitForFunction(() => document.querySelectorAll(".viewport .bar").length > 0, null, { timeout: 300_000, polling: 50 });
/** A CPU profile (a sample every 200 µs) of what `during` waits for: saved to OUT if named, printed. */
async function profiled(what, during) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await during();
  const { profile } = await cdp.send("Profiler.stop");
  if (out) writeFileSync(out, JSON.stringify(profile));
  printProfile(profile, what);
}

if (mode === "start") {
  // From before the page is asked for to its first bars (polled every 50 ms: up to 50 ms more,
  // and the field's speed check, which runs right after its first paint, is in the profile too).
  await profiled("the start", async () => {
    await page.goto(url);
    await shown();
  });
} else {
  await page.goto(url);
  await shown();
}
if (mode === "profile") {
  // From just before the fling (the page waits 2 s after its first paint) to its end.
  await page.waitForTimeout(1200);
  await profiled("the fling", flung);
} else if (mode === "heap") {
  await page.waitForTimeout(1000);
  const loaded = await used();
  await flung();
  console.log(`${url}: heap used once loaded ${MiB(loaded)} MiB, after the fling ${MiB(await used())} MiB (each after two forced collections)`);
} else if (mode === "snapshot") {
  await flung();
  await cdp.send("HeapProfiler.enable");
  await cdp.send("HeapProfiler.collectGarbage");
  const chunks = [];
  cdp.on("HeapProfiler.addHeapSnapshotChunk", (e) => chunks.push(e.chunk));
  await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  printSnapshot(JSON.parse(chunks.join("")));
}
await page.evaluate(() => {
  window.__dragDone = true;
});
await browser.close();
server.close();

/** Self and inclusive time by function (name, file, line), the 30 largest of each. */
function printProfile(p, what) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    const n = byId.get(id);
    self.set(name(n), (self.get(name(n)) ?? 0) + dt);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const k = name(byId.get(x));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  });
  const top = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(9)} ms  ${k}`)
      .join("\n");
  console.log(`${url}: ${what}, ${(total / 1000).toFixed(0)} ms sampled\n-- self --\n${top(self)}\n-- inclusive --\n${top(inclusive)}`);
}

/** A heap snapshot's self sizes summed by node kind and name, and plain objects' by their first
 * six property names (what kind of object they are). */
function printSnapshot(snap) {
  const { node_fields: nf, node_types: nt, edge_fields: ef, edge_types: et } = snap.snapshot.meta;
  const [T, N, S, E] = ["type", "name", "self_size", "edge_count"].map((f) => nf.indexOf(f));
  const [ET, EN] = ["type", "name_or_index"].map((f) => ef.indexOf(f));
  const kinds = new Map();
  const shapes = new Map();
  const add = (m, k, size) => {
    const held = m.get(k) ?? [0, 0];
    held[0] += size;
    held[1]++;
    m.set(k, held);
  };
  let total = 0;
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += nf.length) {
    const type = nt[0][snap.nodes[i + T]];
    const nameOf = snap.strings[snap.nodes[i + N]];
    const size = snap.nodes[i + S];
    const edges = snap.nodes[i + E];
    total += size;
    add(kinds, ["object", "native", "closure"].includes(type) ? `${type} ${nameOf}`.slice(0, 90) : `(${type})`, size);
    if (type === "object" && nameOf === "Object") {
      const props = [];
      for (let k = 0; k < edges && props.length < 6; k++) {
        const at = (edge + k) * ef.length;
        if (et[0][snap.edges[at + ET]] === "property") props.push(snap.strings[snap.edges[at + EN]]);
      }
      add(shapes, `{${props.join(", ")}}`, size);
    }
    edge += edges;
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1][0] - a[1][0])
      .slice(0, n)
      .map(([k, [size, count]]) => `${MiB(size).padStart(7)} MiB ${String(count).padStart(8)}  ${k}`)
      .join("\n");
  console.log(`${url}: heap snapshot after the fling, ${MiB(total)} MiB\n-- by kind --\n${top(kinds, 25)}\n-- plain objects by shape --\n${top(shapes, 15)}`);
}
