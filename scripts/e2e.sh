#!/usr/bin/env bash
# End-to-end tests of the built app: Xvfb, tauri-driver + WebKitWebDriver, node's test runner.
# Expects the UI built and the system packages installed (./dev test does both).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
# shellcheck source=scripts/harness.sh
. scripts/harness.sh

harness_tauri_driver
harness_work
# The app with the built UI embedded (as a release does), not the dev-server one. Another build in
# the same target dir (cargo test, a plain cargo build) puts its dev-server variant in the same
# place at any time, so the tests run private copies, and the copy must hold the built UI (the
# dev-server variant embeds no assets).
cargo build -q --workspace --all-targets --locked --features resource-planner/custom-protocol
cp "$target/debug/rp-admin" "$work/rp-admin"
# A DynamoDB-protocol server for the sign-in tests (crates/planner-testdb: dynoxide's HTTP server,
# the same engine the app embeds, behind a real HTTP endpoint), from the same build.
cp "$target/debug/rp-test-dynamodb" "$work/rp-test-dynamodb"
dynoxide="$work/rp-test-dynamodb"
# RP_E2E_APP: an app built elsewhere (the installed package, scripts/package-test.sh).
for attempt in 1 2 3 4 5; do
  [ -n "${RP_E2E_APP:-}" ] && break
  cargo build -q --workspace --all-targets --locked --features resource-planner/custom-protocol
  cp "$target/debug/resource-planner" "$work/resource-planner"
  grep -q "assets/index-" "$work/resource-planner" && break
  [ "$attempt" = 5 ] && { echo "e2e: the app built with its UI was replaced by another build each time" >&2; exit 1; }
  echo "e2e: another build replaced the app meanwhile; building again"
done
app="${RP_E2E_APP:-$work/resource-planner}"
admin="$work/rp-admin"
shots="${RP_E2E_SHOTS:-$PWD/artifacts/e2e}"
mkdir -p "$shots"

harness_xvfb
# moto and the fixture's Python (the sign-in-by-AWS-identity test), in ./dev test's tools venv,
# named before HOME moves.
export RP_TOOLS_VENV="${RP_TOOLS_VENV:-$HOME/.cache/resource-planner/venv}"
# The app's data and settings go to a throw-away home, never a real user's.
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config" XDG_CACHE_HOME="$work/home/cache"
# The machine-wide settings file of this run (a debug build reads RP_MACHINE_CONFIG instead of
# /etc/resource-planner/config.toml; a release build never does): where IT's mail server and
# pepper go, since a shared table takes them from nowhere else. A release app (RP_E2E_APP) reads
# only the OS's file: a benchmark of one, as root on a machine of its own, sets RP_MACHINE_CONFIG
# to /etc/resource-planner/config.toml (scripts/bench-launch.sh does; the tests remove it after).
export RP_MACHINE_CONFIG="${RP_MACHINE_CONFIG:-$work/machine/config.toml}"
mkdir -p "$work/machine"
mkdir -p "$HOME"
# Local endpoints need some AWS credentials; these are fixed, fake, and never reach AWS.
export AWS_ACCESS_KEY_ID=e2e AWS_SECRET_ACCESS_KEY=e2e AWS_EC2_METADATA_DISABLED=true
# A private session bus with a Secret Service (gnome-keyring), so that the app keeps its session
# token in a real keyring that is not the user's.
export XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
eval "$(dbus-launch --sh-syntax)"
pids+=("$DBUS_SESSION_BUS_PID")
eval "$(printf 'throwaway' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
harness_start_driver
RP_WEBDRIVER_URL="http://127.0.0.1:$port" RP_APP_BINARY="$app" RP_ADMIN_BINARY="$admin" RP_DYNOXIDE_BINARY="$dynoxide" RP_E2E_SHOTS="$shots" \
  node --test --test-concurrency=1 "${@:-tests/e2e/}" || { cat "$work/driver.log" | tail -20; exit 1; }
echo "screenshots: $shots"
