#!/usr/bin/env bash
# A bench script of ui/bench run in the JavaScriptCore shell: the engine of the app's web view
# (WebKitGTK's JavaScriptCore, the same version in Debian's libjavascriptcoregtk-4.0-bin as the
# app's 4.1 library), without a window, so that the model's code is timed where it runs. Prints
# what the script prints; asserts nothing (BENCHMARKS.md).
#   scripts/bench-jsc.sh ui/bench/start-cost.ts [PEOPLE]
#   RP_BENCH_GROUPING=project scripts/bench-jsc.sh ui/bench/edit-cost.ts 2500   (the rows grouped so)
# Needs `jsc` (apt-get install libjavascriptcoregtk-4.0-bin) and ui's npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
entry="$(realpath "$1")" people="${2:-2500}"
command -v jsc >/dev/null || { echo "no jsc: apt-get install libjavascriptcoregtk-4.0-bin" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
(cd ui && RP_JSC_ENTRY="$entry" RP_JSC_OUT="$out" node_modules/.bin/vite build -c vite.jsc.config.ts)
# What the shell lacks of a page's globals, as the bench scripts use them.
cat > "$out/run.mjs" <<JS
globalThis.console = { log: (...a) => print(a.join(" ")), warn: (...a) => print(a.join(" ")), error: (...a) => print(a.join(" ")) };
globalThis.queueMicrotask ??= (f) => Promise.resolve().then(f);
globalThis.performance = { now: () => preciseTime() * 1000 };
globalThis.process = { env: { RP_BENCH_PEOPLE: "$people", RP_BENCH_GROUPING: "${RP_BENCH_GROUPING:-none}" } };
await import("./bench.js");
JS
jsc -m "$out/run.mjs"
echo "(JavaScriptCore $(dpkg-query -W -f='${Version}' libjavascriptcoregtk-4.0-bin 2>/dev/null || echo '?'), jsc shell)"
