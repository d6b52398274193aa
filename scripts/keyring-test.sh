#!/usr/bin/env bash
# The keyring test against a real Secret Service: gnome-keyring on a private D-Bus session with a
# throw-away home and runtime directory, so nothing touches a real user's keyring.
# Needs: dbus, gnome-keyring, libsecret-tools (./dev test installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
# Cargo and rustup stay where they are; only the keyring's home is new.
export CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}" RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/resource-planner/target}"
# --workspace and the suite's features: what the whole suite's build resolved (`./dev test`), so
# the binary is the one that build made; `-p planner-auth` alone resolves others and rebuilt ~100
# dependencies on a cold machine (10 minutes).
features=(--features resource-planner/custom-protocol)
cargo test -q --workspace --locked --test keyring --no-run "${features[@]}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config" XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- bash -c '
  set -euo pipefail
  eval "$(printf "throwaway" | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  cargo test -q --workspace --locked --test keyring --features resource-planner/custom-protocol -- --ignored
'
