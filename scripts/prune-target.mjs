// Keeps the warm Cargo target directory from filling the disk: every rebuilt test binary stays
// behind in target/*/deps (about half a gigabyte each with debug info). Removes all but the
// newest executable of each name, and the incremental caches when they grow past 8 GiB.
// Usage: node scripts/prune-target.mjs [target-dir]
import fs from "node:fs";
import path from "node:path";

const target = process.argv[2] ?? process.env.CARGO_TARGET_DIR ?? "target";
let freed = 0;
for (const profile of ["debug", "release"]) {
  const deps = path.join(target, profile, "deps");
  if (!fs.existsSync(deps)) continue;
  const newest = new Map();
  for (const name of fs.readdirSync(deps)) {
    const file = path.join(deps, name);
    if (name.includes(".")) continue;
    const stat = fs.statSync(file);
    if (!stat.isFile() || (stat.mode & 0o111) === 0) continue;
    const stem = name.replace(/-[0-9a-f]{16}$/, "");
    const kept = newest.get(stem);
    const [older, newer] = !kept || kept.stat.mtimeMs < stat.mtimeMs ? [kept, { file, stat }] : [{ file, stat }, kept];
    newest.set(stem, newer);
    if (older) {
      fs.rmSync(older.file);
      freed += older.stat.size;
    }
  }
  const incremental = path.join(target, profile, "incremental");
  if (fs.existsSync(incremental) && size(incremental) > 8 * 2 ** 30) {
    freed += size(incremental);
    fs.rmSync(incremental, { recursive: true });
  }
}
console.log(`prune-target: ${(freed / 2 ** 30).toFixed(1)} GiB freed in ${target}`);

function size(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? size(p) : fs.statSync(p).size;
  }
  return total;
}
