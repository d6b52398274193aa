// What the Rust side answers is kept in `$state.raw`, never in a deep `$state`: a deep `$state`
// wraps each object of an answer in a proxy the first time it is read (a proxy, a Map of signals
// and nine closures per object: the 50,000 bookings of a 2,500-person window became 55,000
// proxies, 190 MB of the web process, and every read of a booking's field a tracked signal read).
// This check fails on a `$state(` or `$state<…>(` declaration whose type names anything imported
// from the IPC module (ui/src/ipc). Prints each hit; exits 1 on any.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("../ui/src", import.meta.url).pathname;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.svelte(\.ts)?$/.test(name) && !/\.test\./.test(name)) yield path;
  }
}

/** The names a file imports from the IPC module, and its namespace imports of it (`api.X`). */
function ipcNames(text) {
  const names = new Set();
  const spaces = new Set();
  const re = /import\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+(\w+))\s+from\s+["']([^"']+)["']/g;
  for (const m of text.matchAll(re)) {
    if (!/(^|\/)ipc(\/|$)|\/ipc\/bindings\//.test(m[4])) continue;
    if (m[3]) spaces.add(m[3]);
    else
      for (const part of m[2].slice(1, -1).split(",")) {
        const name = part.replace(/^\s*type\s+/, "").split(/\s+as\s+/).pop()?.trim();
        if (name) names.add(name);
      }
  }
  return { names, spaces };
}

let hits = 0;
for (const path of files(root)) {
  const text = readFileSync(path, "utf8");
  const { names, spaces } = ipcNames(text);
  if (!names.size && !spaces.size) continue;
  // `x: T = $state(…)`, `x = $state<T>(…)` (declarations and class fields); not $state.raw.
  const decl = /(\w+)\s*(?::\s*([^=;]+?))?\s*=\s*\$state(?:<([^>]*(?:<[^>]*>[^>]*)*)>)?\(/g;
  for (const m of text.matchAll(decl)) {
    const type = `${m[2] ?? ""} ${m[3] ?? ""}`;
    const words = type.match(/[\w.]+/g) ?? [];
    const ipc = words.find((w) => names.has(w) || spaces.has(w.split(".")[0]));
    if (!ipc) continue;
    const line = text.slice(0, m.index).split("\n").length;
    console.log(`${relative(process.cwd(), path)}:${line}: '${m[1]}' holds ${ipc} (an IPC answer) in a deep $state: use $state.raw`);
    hits++;
  }
}
process.exit(hits ? 1 : 0);
