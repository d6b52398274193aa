#!/usr/bin/env bash
# ./dev bench-remote [--debug] [rp-bench's arguments]: the data layer's benchmark on a
# DynamoDB-protocol server over HTTP behind a 100 ms round trip (tests/bench/remote.mjs;
# RP_BENCH_LATENCY_MS sets each way's delay). A release build unless --debug (the figures are
# request counts and read units, which the build does not change; the times printed do).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
profile=release
if [ "${1:-}" = "--debug" ]; then
  profile=debug
  shift
fi
flag=()
[ "$profile" = release ] && flag=(--release)
cargo build -q --locked "${flag[@]}" -p planner-bench -p planner-testdb
node tests/bench/remote.mjs "$target/$profile/rp-test-dynamodb" "$target/$profile/rp-bench" "$@"
