#!/usr/bin/env bash
# The .deb as IT installs it: built (scripts/package-linux.sh), its metadata checked, installed
# with apt-get, the installed app started under Xvfb and its window checked (screenshot), then
# removed again. Needs root (or sudo) for apt-get. RP_PACKAGE_BUILT=1: the packages are built
# already (./dev test builds them while the other tests run) and are tested as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
[ -n "${RP_PACKAGE_BUILT:-}" ] || scripts/package-linux.sh
deb="$(ls -t "$target"/release/bundle/deb/*.deb | head -1)"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

echo "package metadata:"
dpkg-deb -f "$deb" Package Version Maintainer Section Description Depends | sed 's/^/  /'
for field in Package Version Maintainer Description; do
  [ -n "$(dpkg-deb -f "$deb" "$field")" ] || { echo "the .deb has no $field" >&2; exit 1; }
done
contents="$(dpkg-deb -c "$deb")"
paths=(usr/bin/resource-planner usr/share/applications/resource-planner.desktop usr/share/doc/resource-planner/copyright)
for size in 16 24 32 48 64 128 256 512; do paths+=("usr/share/icons/hicolor/${size}x${size}/apps/resource-planner.png"); done
for path in "${paths[@]}"; do
  grep -Eq " (\./)?$path\$" <<<"$contents" || { echo "the .deb lacks $path" >&2; exit 1; }
done
echo "binary, desktop entry, licence (copyright) and icons at 16–512 px: ok"
desktop="$(mktemp -d)"
dpkg-deb -x "$deb" "$desktop"
grep -q '^MimeType=.*x-scheme-handler/resource-planner' "$desktop/usr/share/applications/resource-planner.desktop" \
  || { echo "the desktop entry does not register resource-planner:// links" >&2; cat "$desktop/usr/share/applications/resource-planner.desktop" >&2; exit 1; }
grep -q '^License: MIT or Apache-2.0' "$desktop/usr/share/doc/resource-planner/copyright" \
  || { echo "the .deb's copyright file does not state the licence" >&2; exit 1; }
rm -rf "$desktop"
echo "desktop entry registers x-scheme-handler/resource-planner, copyright states the licence: ok"

# Installed as IT would; removed again whatever happens.
$sudo apt-get remove -y -qq resource-planner >/dev/null 2>&1 || true
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"
trap '$sudo apt-get remove -y -qq resource-planner >/dev/null 2>&1 || true' EXIT
test -x /usr/bin/resource-planner
RP_E2E_APP=/usr/bin/resource-planner scripts/e2e.sh tests/package/installed.test.mjs
$sudo apt-get remove -y -qq resource-planner
trap - EXIT
if [ -e /usr/bin/resource-planner ]; then echo "removing the package left /usr/bin/resource-planner" >&2; exit 1; fi
echo "package test: installed, started, removed"
