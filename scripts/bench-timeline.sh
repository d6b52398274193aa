#!/usr/bin/env bash
# The timeline rendering benchmark (BENCHMARKS.md): our Timeline.svelte and vis-timeline drawing the
# same 500 people × 10,000 assignments in the app's own webview (WebKitGTK, through tauri-driver +
# WebKitWebDriver under Xvfb), then the whole app's memory on a local workspace holding that plan.
# Prints figures; asserts nothing.
#   scripts/bench-timeline.sh            the app built with --release (the figures in BENCHMARKS.md)
#   scripts/bench-timeline.sh --debug    the debug build (quicker to build; the Rust side is slower)
# RP_BENCH_RUNS (default 3) sets the runs of each page, RP_BENCH_ONLY (e.g. "ours,static") the
# pages, RP_BENCH_APP an app binary built before (instead of building one); for the memory run,
# RP_BENCH_PEOPLE the workspace's people (default 500, 20 assignments each), RP_BENCH_MEMORY_RUNS
# its runs (default 1), RP_BENCH_SKIP_RENDERING=1 the memory run alone, RP_BENCH_MAPPINGS=1 each process's PSS by kind of mapping. RP_BENCH_FIELD=2500,10000 runs
# the field's scenario instead (ui/bench/field.ts: first paint, fling scroll, drag, month zoom; ours,
# vis-timeline, EventCalendar, DayPilot Lite and the floor page at each size; RP_BENCH_RUNS runs,
# RP_BENCH_FIELD_LIMIT_S the seconds a page may take). Expects the UI's npm packages installed
# and the system packages of ./dev test (./dev bench-ui sees to both).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
# shellcheck source=scripts/harness.sh
. scripts/harness.sh
harness_profile "$@"
harness_tauri_driver

echo "== bench pages: type check (fake IPC against src/ipc) and build to ui/dist-bench"
(cd ui && node_modules/.bin/svelte-check --tsconfig ./bench/tsconfig.json --fail-on-warnings --output machine | tail -1 \
  && node_modules/.bin/vite build -c vite.bench.config.ts)

echo "== the app ($profile, UI embedded as in a release) and rp-admin (to seed the workspace)"
if [ -n "${RP_BENCH_APP:-}" ]; then
  app="$(realpath "$RP_BENCH_APP")" # a build made before (while working on the bench pages)
  echo "app: $app, as built before"
else
  cargo build -q $cargo_profile --workspace --bins --locked --features resource-planner/custom-protocol
  app="$(cd "$target" && pwd)/$profile/resource-planner"
fi
cargo build -q --workspace --all-targets --locked --features resource-planner/custom-protocol
admin="$(cd "$target" && pwd)/debug/rp-admin"

harness_work

# A throw-away home: the app's local workspace is $XDG_DATA_HOME/resource-planner/workspace.db.
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config" XDG_CACHE_HOME="$work/home/cache"
mkdir -p "$HOME"
people="${RP_BENCH_PEOPLE:-500}"
echo "== seeding the local workspace: $people people, 40 projects, $((people * 20)) assignments around today"
(cd ui && RP_BENCH_PEOPLE="$people" node_modules/.bin/vite-node -c vite.bench.config.ts bench/make-export.ts) >"$work/team.json"
"$admin" import --file "$work/team.json" 2>"$work/import.log" || { cat "$work/import.log"; exit 1; }

harness_xvfb
harness_start_driver

echo "== machine"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo '?'), X server: Xvfb $display 1280x800x24 (no GPU: software rendering)"
echo "app: $profile build; bench pages: ui/dist-bench (vite build), served on 127.0.0.1"

RP_WEBDRIVER_URL="http://127.0.0.1:$port" RP_DRIVER_PID="$driver" RP_XVFB_PID="$xvfb" RP_APP_BINARY="$app" \
  RP_BENCH_PAGES="${RP_BENCH_PAGES:-ui/dist-bench}" RP_E2E_SHOTS="${RP_BENCH_SHOTS:-$PWD/artifacts/bench-ui}" \
  node scripts/bench-timeline.mjs || { tail -20 "$work/driver.log"; exit 1; }
echo
echo "screenshots: ${RP_BENCH_SHOTS:-$PWD/artifacts/bench-ui}"
