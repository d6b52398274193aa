#!/usr/bin/env bash
# Builds the Linux packages (.deb and .rpm) from a release build: `./dev package`.
# They land in $CARGO_TARGET_DIR/release/bundle/{deb,rpm}/; the sizes are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
# The UI first (the Tauri CLI would run beforeBuildCommand from ui/, where its path is wrong;
# RP_UI_BUILT=1: ui/dist is built already, as ./dev test has it while other builds read it),
# then the Tauri CLI (ui/node_modules): the release build with the UI embedded, and the bundlers;
# tauri.conf.json at the root says what goes in.
[ -n "${RP_UI_BUILT:-}" ] || npm --prefix ui run build
ui/node_modules/.bin/tauri build --bundles deb,rpm --ci --config '{"build":{"beforeBuildCommand":""}}'
# Tauri's deb bundler compresses with gzip; Debian's own packages (dpkg-deb's default) use xz,
# which takes the package from 7.9 to 5.5 MiB (BENCHMARKS.md, "Linux package sizes"). The same
# files, owners and modes, packed again.
for f in "$target"/release/bundle/deb/*.deb; do
  repack="$(mktemp -d)"
  dpkg-deb -R "$f" "$repack/root"
  dpkg-deb -Zxz -z9 --root-owner-group --build "$repack/root" "$f" >/dev/null
  rm -rf "$repack"
done
for f in "$target"/release/bundle/deb/*.deb "$target"/release/bundle/rpm/*.rpm; do
  printf 'package: %s  %s bytes (%s MiB)\n' "$(basename "$f")" "$(stat -c %s "$f")" \
    "$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.1f", b / 1048576 }')"
done
