#!/usr/bin/env bash
# Architecture invariants that a command can check (ARCHITECTURE.md, "Invariants").
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
say() { printf '  %-64s %s\n' "$1" "$2"; }

# 1. The domain, store, auth, config, cache, files, application, admin, bench and test-server crates do not depend on Tauri (and the check can fail:
#    the app package does).
[ -n "$(cargo tree -q -p resource-planner -e normal -i tauri 2>/dev/null)" ] || { say "cargo tree cannot see tauri in the app" "FAIL"; fail=1; }
for crate in planner-domain planner-store planner-auth planner-config planner-cache planner-files planner-app planner-command planner-admin planner-bench planner-testdb; do
  if [ -n "$(cargo tree -q -p "$crate" -e normal,build -i tauri 2>/dev/null)" ]; then
    say "$crate depends on tauri" "FAIL"; fail=1
  else
    say "$crate does not depend on tauri" "ok"
  fi
done
# 2. The domain crate does no IO: no AWS SDK, no tokio.
for dep in aws-sdk-dynamodb tokio; do
  if [ -n "$(cargo tree -q -p planner-domain -e normal -i "$dep" 2>/dev/null)" ]; then
    say "planner-domain depends on $dep" "FAIL"; fail=1
  else
    say "planner-domain does not depend on $dep" "ok"
  fi
done
# 3. No Scan and no PartiQL (also a clippy lint, clippy.toml).
if grep -rnE '\.scan\(\)|execute_statement\(|batch_execute_statement\(|execute_transaction\(' src-tauri crates --include=*.rs; then
  say "Scan/PartiQL call found" "FAIL"; fail=1
else
  say "no Scan or PartiQL call" "ok"
fi
# 4. Only the store's keys module (and its own tests, keys_tests.rs) writes key prefixes.
hits=$(grep -rnE '"(TEAM|USER|RES|PRJ|ASN|ASL|OFF|OFL|OFP|CAL|HOL|PTAG|NAMED|GONE|MEMBER|SESSION|VERIFICATION|ACCOUNT|EMAIL|SIGNIN)#' src-tauri crates --include=*.rs \
  | grep -vE '^crates/planner-store/src/keys(_tests)?\.rs' | grep -v '/tests/' | grep -v '^crates/planner-bench/' || true)
if [ -n "$hits" ]; then
  echo "$hits"; say "key prefix written outside keys.rs" "FAIL"; fail=1
else
  say "key strings are built only in planner-store/src/keys.rs" "ok"
fi
# 5. The operator scope (any team, admin) is enabled only by the admin CLI (and the benchmark,
#    which makes its teams as IT does; neither is shipped in the app's package).
hits=$(grep -rn 'features *= *\[[^]]*"operator"' --include=Cargo.toml . | grep -v '^./crates/planner-admin/' | grep -v '^./crates/planner-bench/' | grep -v '^./crates/planner-store/Cargo.toml' || true)
if [ -n "$hits" ] || grep -rn 'operator_scope' src-tauri >/dev/null; then
  say "the operator scope is reachable outside the admin CLI" "FAIL"; fail=1
else
  say "the operator scope is enabled only by planner-admin and planner-bench" "ok"
fi
# 6. Only ui/src/ipc imports @tauri-apps/*.
hits=$(grep -rn "@tauri-apps/" ui/src | grep -v '^ui/src/ipc/' || true)
if [ -n "$hits" ]; then
  echo "$hits"; say "@tauri-apps imported outside ui/src/ipc" "FAIL"; fail=1
else
  say "only ui/src/ipc imports @tauri-apps/*" "ok"
fi
# 7. No Result<_, String> at the IPC edge.
if grep -rnE 'Result<[^>]*,\s*String>' src-tauri; then
  say "Result<_, String> in the Tauri shell" "FAIL"; fail=1
else
  say "IPC errors are typed" "ok"
fi
# 8. The webview: a strict CSP, no extra capability, no inline script (scripts/check-security.mjs).
if out=$(node scripts/check-security.mjs 2>&1); then
  say "$out" "ok"
else
  echo "$out"; say "webview security settings" "FAIL"; fail=1
fi
# 9. The project describes itself: nothing refers to the design notes kept beside the repository
#    (the data model is docs/data-model.md). Tracked files and new ones not ignored; the pattern
#    is built from pieces so that this file cannot match it.
up='\.\.'; dir='shared'; spec='SPEC'
outside="${up}/${dir}|${dir}/design|${spec}\.md"
hits=$(git ls-files -z --cached --others --exclude-standard -- . ':(exclude)Cargo.lock' \
  ':(exclude)scripts/check-invariants.sh' | xargs -0 grep -sHnE "$outside" -- || true)
if [ -n "$hits" ]; then
  echo "$hits"; say "a file refers to design notes outside the repository" "FAIL"; fail=1
else
  say "nothing refers to design notes outside the repository" "ok"
fi
# 10. Errors are types inside Rust: no decision on an error-code string (codes are read only at
#     the IPC edge, and by tests that read the IPC's JSON).
hits=$(grep -rnE '\.code(\(\))?\s*(==|!=)\s*"|"[a-z_]+"\s*(==|!=)\s*[a-z_.]*code\b|matches!\([^,]*\.code(\(\))?\s*,\s*"' \
  src-tauri/src crates/*/src --include=*.rs || true)
if [ -n "$hits" ]; then
  echo "$hits"; say "an error-code string is compared in Rust" "FAIL"; fail=1
else
  say "no error-code string is compared in Rust" "ok"
fi
# 11. Only planner-app's places.rs names local files (the workspace, the audit log, the copies).
hits=$(grep -rnE '"(workspace\.db|audit\.log|last-team\.txt|profile\.bin)"|join\("(offline|tables|backups|logs|prefs)"\)' \
  src-tauri/src crates/planner-app/src --include=*.rs | grep -v '^crates/planner-app/src/places.rs' || true)
if [ -n "$hits" ]; then
  echo "$hits"; say "a local file name built outside planner-app/src/places.rs" "FAIL"; fail=1
else
  say "local file names are built only in planner-app/src/places.rs" "ok"
fi
# 12. The shell reaches the store only through the application: planner-store is no dependency of
#     the app package (its command tests may seed a table with it) and no shell source names it.
direct=$(cargo tree -q -p resource-planner -e normal --depth 1 2>/dev/null)
if ! grep -q 'planner-app' <<<"$direct"; then
  say "cargo tree cannot see planner-app in the app package" "FAIL"; fail=1
elif grep -q 'planner-store' <<<"$direct" || grep -rn 'planner_store' src-tauri/src; then
  say "the shell depends on planner-store" "FAIL"; fail=1
else
  say "the shell reaches the store only through planner-app" "ok"
fi
# 13. No issue numbers in code or comments: history belongs in git and BENCHMARKS.md. Sources,
#     scripts and build files (Markdown, generated bindings and lock files aside); the pattern is
#     built from pieces so that this file cannot match it.
issue='[Ii]ssues? #?[0-9]+'; numbered='#[0-9]+\.[0-9]+'
hits=$(git ls-files -z --cached --others --exclude-standard -- . ':(exclude)*.md' ':(exclude)ui/src/ipc/bindings' \
  ':(exclude)*.lock' ':(exclude)ui/package-lock.json' ':(exclude)docs' ':(exclude)*.png' \
  | xargs -0 grep -sHnE "$issue|$numbered" -- || true)
if [ -n "$hits" ]; then
  echo "$hits"; say "an issue number in code or comments" "FAIL"; fail=1
else
  say "no issue numbers in code or comments" "ok"
fi
# 14. No import circle between the modules of any Rust crate (a parent and its own child aside).
if out=$(python3 scripts/check-rust-cycles.py); then
  say "no import circle between Rust modules" "ok"
else
  echo "$out"; say "an import circle between Rust modules" "FAIL"; fail=1
fi
# 15. What the Rust side answers is kept in $state.raw: a deep $state proxies each object of an
#     answer (scripts/check-raw-state.mjs says why and where).
if out=$(node scripts/check-raw-state.mjs); then
  say "IPC answers are kept in \$state.raw, not proxied" "ok"
else
  echo "$out"; say "an IPC answer in a deep \$state" "FAIL"; fail=1
fi
exit $fail
