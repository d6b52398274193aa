#!/usr/bin/env bash
# Every icon of the app from the one source image, icons/source.png (1024×1024): the Tauri CLI's
# standard set (Windows .ico, macOS .icns, Store logos, 32/128/256 px) and the sizes the Linux
# desktop looks for (hicolor 16–512 px). Run after changing the source; commit the results.
set -euo pipefail
cd "$(dirname "$0")/.."
tauri=ui/node_modules/.bin/tauri
"$tauri" icon icons/source.png -o icons
"$tauri" icon icons/source.png -o icons -p 16 -p 24 -p 48 -p 64 -p 256
# The Android and iOS sets are not for this desktop app.
rm -rf icons/android icons/ios
