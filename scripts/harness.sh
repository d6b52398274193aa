# Shared by the scripts that drive the built app (e2e.sh, bench-timeline.sh, bench-launch.sh):
# sourced, not run. Each function does one step of setting up the harness.

# `profile` (release, or debug with --debug) and the cargo flag that builds it.
harness_profile() {
  profile=release
  [ "${1:-}" = "--debug" ] && profile=debug
  cargo_profile=$([ "$profile" = release ] && echo --release || true)
}

# tauri-driver (the WebDriver server in front of WebKitWebDriver), installed once.
harness_tauri_driver() {
  if ! command -v tauri-driver >/dev/null 2>&1; then
    echo "installing tauri-driver (cargo install, once)"
    cargo install tauri-driver --locked --version "^2"
  fi
}

# `work`, a folder removed at exit, and `pids`, the processes killed then.
harness_work() {
  work=$(mktemp -d)
  pids=()
  trap harness_cleanup EXIT
}
harness_cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  # The webview may have started a document portal, which mounts its FUSE folder in the throw-away
  # home's cache (when there is no runtime folder): unmounted first, or the folder cannot go.
  local m
  while read -r m; do
    fusermount -u "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
  done < <(awk -v w="$work/" 'index($2, w) == 1 { print $2 }' /proc/mounts 2>/dev/null)
  rm -rf "$work"
}

# An X server for the app (`display`, `xvfb` its pid; DISPLAY exported): 1280×800, no GPU.
harness_xvfb() {
  display=":$((90 + RANDOM % 9))"
  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
  xvfb=$!
  pids+=("$xvfb")
  export DISPLAY="$display"
}

# tauri-driver on a free-looking port (`port`, `driver` its pid), answering before this returns.
harness_start_driver() {
  port=$((4400 + RANDOM % 90))
  tauri-driver --port "$port" --native-port $((port + 100)) --native-driver /usr/bin/WebKitWebDriver >"$work/driver.log" 2>&1 &
  driver=$!
  pids+=("$driver")
  for _ in $(seq 1 50); do
    curl -fsS "http://127.0.0.1:$port/status" >/dev/null 2>&1 && break
    sleep 0.2
  done
}
