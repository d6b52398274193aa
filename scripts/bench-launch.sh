#!/usr/bin/env bash
# The launch benchmark (BENCHMARKS.md): the app started again and again on a team table, to an
# interactive timeline from its offline copy, without the copy, and offline. Prints figures; asserts
# nothing but that each launch showed the timeline.
#   scripts/bench-launch.sh            the release build (the figures in BENCHMARKS.md)
#   scripts/bench-launch.sh --debug    the debug build (quicker to build)
# RP_BENCH_LAUNCHES (default 5), RP_BENCH_LATENCY_MS (default 50, one way) and RP_BENCH_PEOPLE (the
# bench team's people, default 500, 20 assignments each) tune it; RP_BENCH_SKIP_DEMO=1 skips the
# demo team. It runs in
# the end-to-end harness (scripts/e2e.sh: Xvfb, tauri-driver, a Secret Service, dynoxide's server);
# expects the UI's npm packages and the system packages of ./dev test (./dev bench-launch sees to
# both).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
# shellcheck source=scripts/harness.sh
. scripts/harness.sh
harness_profile "$@"

echo "== the app ($profile, UI embedded as in a release)"
cargo build -q $cargo_profile --workspace --bins --locked --features resource-planner/custom-protocol
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A release build reads its mail server and pepper only from the OS's machine-wide file
# (planner-config's `machine_file`; a debug build reads RP_MACHINE_CONFIG): for the sign-in the
# bench does first, it writes its settings there for the run, as root, and removes them after.
if [ "$profile" = release ]; then
  machine=/etc/resource-planner/config.toml
  if [ "$(id -u)" != 0 ]; then
    echo "bench-launch: a release build reads its mail server only from $machine: run it as root, or with --debug" >&2
    exit 1
  fi
  if [ -e "$machine" ]; then
    echo "bench-launch: $machine exists (an installed app's settings?); it is not overwritten: move it away for the run" >&2
    exit 1
  fi
  export RP_MACHINE_CONFIG="$machine"
  trap 'rm -rf "$work"; rm -f "$machine"; rmdir "$(dirname "$machine")" 2>/dev/null || true' EXIT
fi
# A private copy: another build in the same target directory may replace the binary meanwhile.
cp "$target/$profile/resource-planner" "$work/resource-planner"
people="${RP_BENCH_PEOPLE:-500}"
echo "== the bench team: $people people, 40 projects, $((people * 20)) assignments around today"
(cd ui && RP_BENCH_PEOPLE="$people" node_modules/.bin/vite-node -c vite.bench.config.ts bench/make-export.ts) >"$work/team.json"

echo "== machine"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null || echo '?'), Xvfb (no GPU); app: $profile build"
if [ "${RP_BENCH_SKIP_DEMO:-}" != 1 ]; then
  echo "== the demo team (12 people)"
  RP_E2E_APP="$work/resource-planner" RP_BENCH_TEAM_FILE="" RP_E2E_SHOTS="$work/shots" \
    scripts/e2e.sh tests/bench/launch.bench.mjs
fi
echo "== the bench team ($people people, $((people * 20)) assignments)"
RP_E2E_APP="$work/resource-planner" RP_BENCH_TEAM_FILE="$work/team.json" RP_E2E_SHOTS="$work/shots" \
  scripts/e2e.sh tests/bench/launch.bench.mjs
