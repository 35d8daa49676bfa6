#!/usr/bin/env bash
# hot_reload_tiled.sh ARENA TILED_DIR
# Runs `arena --headless --realtime` on a Tiled map whose tileset is a .tsj beside it, then saves
# the map (its doors turned to walls), the tileset alone (broken, then fixed) and expects a reload,
# a refusal naming the JSON path, and a reload again; the recording across the swaps replays.
set -u
arena=$1 tiled=$2
dir=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
m=$dir/level.tmj
cp "$tiled/external.tmj" "$m" && cp "$tiled/kinds.tsj" "$dir/kinds.tsj"
"$arena" --headless --realtime --map "$m" --bots 4 --ticks 360 --record "$dir/r.arp" >"$dir/out" 2>&1 &
pid=$!
sleep 1
sed 's/"firstgid": 9/"firstgid": 9 /' "$tiled/external.tmj" >"$m"                 # the map saved
sleep 1
sed 's/"water"/"lava!"/' "$tiled/kinds.tsj" >"$dir/kinds.tsj"                     # the tileset, broken
sleep 1
sed 's/"door"/"wall"/' "$tiled/kinds.tsj" >"$dir/kinds.tsj"                       # ... fixed, no doors
wait "$pid"
status=$?
pid=
out=$(cat "$dir/out")
fail=0
expect() { # description, command
  if ! eval "$2"; then echo "FAILED: $1"; fail=1; fi
}
expect "arena exits 0 (got $status)" '[ "$status" = 0 ]'
expect "two reloads" '[ "$(grep -c "^map reloaded: .*level.tmj (40x32, bake [0-9]* ms)$" <<<"$out")" = 2 ]'
expect "the broken tileset is refused by its JSON path" 'grep -q "^map reload failed: .*level.tmj: tilesets\[0\] (\"kinds.tsj\"): tiles\[4\].properties\[0\].value: kind \"lava!\" is not free, wall, breakable, door or water (keeping previous map)$" <<<"$out"'
replay=$("$arena" --replay "$dir/r.arp" --headless 2>&1)
expect "the recording across the swaps replays identically" 'grep -q "^replay ok$" <<<"$replay"'
[ $fail = 0 ] || { echo "--- arena printed:"; echo "$out"; echo "--- replay:"; echo "$replay"; }
exit $fail
