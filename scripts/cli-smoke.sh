#!/usr/bin/env bash
# The admin CLI end to end on a throw-away local workspace: demo, lists, export, import, reindex.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rp() { "${CARGO_TARGET_DIR:-target}/debug/rp-admin" --local "$dir/ws.db" "$@"; }
# --all-targets: the test build's feature resolution (dev-dependencies' features unified, as
# `./dev test`'s `cargo test` had them), so the binaries come from what it compiled; `--bins`
# alone resolves tauri and the keyring's crates without them and builds those again.
cargo build -q --workspace --all-targets --locked --features resource-planner/custom-protocol
rp demo > "$dir/demo.txt"
grep -q "山田 太郎" "$dir/demo.txt"
people=$(rp --json people | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
[ "$people" = 12 ] || { echo "expected 12 people, got $people"; exit 1; }
rp export --out "$dir/team.json" >/dev/null
team=$(rp --json teams | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["team"])')
rp create-team --name "Copy" --admin-email it@example.com --json > "$dir/team2.json"
copy=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$dir/team2.json")
rp import --team "$copy" --file "$dir/team.json" --json >/dev/null
rp export --team "$copy" --out "$dir/copy.json" >/dev/null
python3 - "$dir/team.json" "$dir/copy.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for k in ("resources", "projects", "assignments"):
    assert a[k] == b[k], k
print(f"export → import → export: {len(a['assignments'])} assignments identical")
PY
# A file that is no team export, and one whose assignment names a person it lacks: each said as
# what it is (not "the configuration is not usable"), nothing written.
echo '{"format":"something else"}' > "$dir/other.json"
python3 - "$dir/team.json" "$dir/dangling.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t["resources"] = t["resources"][1:]
json.dump(t, open(sys.argv[2], "w"))
PY
for bad in other dangling; do
  if rp import --team "$copy" --file "$dir/$bad.json" 2> "$dir/$bad.err"; then echo "$bad.json was imported"; exit 1; fi
  grep -q "^error: the team export cannot be imported, and nothing was written: " "$dir/$bad.err" \
    || { echo "importing $bad.json said:"; cat "$dir/$bad.err"; exit 1; }
done
# The person entries of time off written again (a team from before them is given them so): one
# for each of the team's time off.
entries=$(rp --json reindex --team "$team" | python3 -c 'import json,sys; print(json.load(sys.stdin)["entriesWritten"])')
off=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["timeOff"]))' "$dir/team.json")
[ "$entries" = "$off" ] && [ "$off" -gt 0 ] || { echo "reindex wrote $entries entries for $off time off"; exit 1; }
rp add-member --team "$copy" --email viewer@example.com --role viewer >/dev/null
rp --json members --team "$copy" | python3 -c 'import json,sys; m=json.load(sys.stdin); assert sorted(x["role"] for x in m)==["admin","viewer"], m'
rp remove-member --team "$copy" --email viewer@example.com >/dev/null
rp --json members --team "$copy" | python3 -c 'import json,sys; m=json.load(sys.stdin); assert [x["role"] for x in m]==["admin"], m'
if rp --json remove-member --team "$copy" --email it@example.com 2> "$dir/last.json"; then echo "the last admin was removed"; exit 1; fi
grep -q '"code":"last_admin"' "$dir/last.json"
if rp --json add-member --team "$copy" --email bad --role viewer 2> "$dir/err.json"; then echo "a bad email was accepted"; exit 1; fi
grep -q '"code":"invalid_email"' "$dir/err.json"
rp --json assignments --team "$team" --from 2000-01-01 --to 2100-01-01 >/dev/null
# The activity log: the member changes above are in it, oldest first, admin actions included; a day
# in the future has none; a bad day is a sentence.
rp activity --team "$copy" --since 2000-01-01 > "$dir/activity.txt"
grep -q "member created" "$dir/activity.txt" && grep -q "member deleted" "$dir/activity.txt" \
  || { echo "the activity log lacks the member changes:"; cat "$dir/activity.txt"; exit 1; }
n=$(rp --json activity --team "$copy" --since 2999-01-01 | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
[ "$n" = 0 ] || { echo "expected no activity after 2999-01-01, got $n"; exit 1; }
if rp activity --team "$copy" --since yesterday 2> "$dir/since.err"; then echo "a bad --since was accepted"; exit 1; fi
# A reader that stops reading (here one that reads nothing) ends the output quietly: no panic.
set +o pipefail
rp assignments --team "$team" --from 2000-01-01 --to 2100-01-01 2> "$dir/pipe.err" | true
status=${PIPESTATUS[0]}
set -o pipefail
[ "$status" = 0 ] && ! [ -s "$dir/pipe.err" ] || { echo "a closed pipe: exit $status, $(cat "$dir/pipe.err")"; exit 1; }
echo "cli smoke: ok (team $team, copy $copy)"
