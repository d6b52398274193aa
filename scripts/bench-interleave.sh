#!/usr/bin/env bash
# Interleaved runs of the timeline rendering bench's "ours" page (BENCHMARKS.md, the timeline's
# interleaved runs; RP_BENCH_PAGE another of its pages, e.g. "ours?capacity"): two builds of the
# bench pages, one run each in turn (A then B, then B then A, and so on), PAIRS times, in one app,
# one Xvfb and one tauri-driver for all, so that the machine's drift falls on both alike. Prints
# each run's table row and its late fling frames; asserts nothing.
#   [RP_BENCH_APP=APP] scripts/bench-interleave.sh A_PAGES B_PAGES [PAIRS]
# A_PAGES, B_PAGES: folders of built bench pages (in a worktree of a commit:
# `cd ui && vite build -c vite.bench.config.ts`, then its ui/dist-bench); APP: the app binary that
# hosts the pages (default: the release build in the target directory). Not an argument: the
# harness waits until no process has the app's path in its command line, this script's included.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
a="$(realpath "$1")" b="$(realpath "$2")" pairs="${3:-5}"
target="${CARGO_TARGET_DIR:-target}"
app="${RP_BENCH_APP:-$target/release/resource-planner}"
[ -x "$app" ] || { echo "no app at $app: build the release (./dev package) or name one" >&2; exit 1; }
app="$(realpath "$app")"
# shellcheck source=scripts/harness.sh
. scripts/harness.sh
harness_tauri_driver
harness_work
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config" XDG_CACHE_HOME="$work/home/cache"
mkdir -p "$HOME"
harness_xvfb
harness_start_driver
for i in $(seq 1 "$pairs"); do
  # A before B in odd pairs, B before A in even ones: runs in one app drift (its web process grows
  # run after run), and that must not fall on one side only.
  order="old new"; [ $((i % 2)) = 0 ] && order="new old"
  for side in $order; do
    pages="$a"; [ "$side" = new ] && pages="$b"
    echo "=== pair $i: $side ($pages)"
    RP_WEBDRIVER_URL="http://127.0.0.1:$port" RP_DRIVER_PID="$driver" RP_XVFB_PID="$xvfb" RP_APP_BINARY="$app" \
      RP_BENCH_PAGES="$pages" RP_E2E_SHOTS="$work/shots-$side" RP_BENCH_ONLY="${RP_BENCH_PAGE:-ours}" RP_BENCH_RUNS=1 RP_BENCH_SKIP_MEMORY=1 RP_BENCH_SKIP_REPORT=1 \
      node scripts/bench-timeline.mjs 2>&1 | tee -a "$work/runs.log" | grep -E '^\| 1 \| ours|late (fling|drag) frames' || tail -12 "$work/runs.log"
  done
done
