#!/usr/bin/env bash
# server_log.sh ARENA_SERVER ARENA WS_GARBAGE_PY
# arena-server's log lines on stderr (README "Online play"), from a real match on 127.0.0.1 with
# --max-clients-per-address 2: Ann and Bob join (event=join); with both connected a third client
# from the same address is refused with 1013; Bob's process is killed (event=leave, 1006); a raw
# WebSocket client sends garbage (event=kick, 1008, and it reads close 1008); the match starts and
# ends (event=match_start, event=match_end with the hash the summary prints). stdout keeps its
# lines. Bounded: everything is killed after 60 s.
set -u
server=$1 arena=$2 garbage=$3
dir=$(mktemp -d /tmp/arena-log-XXXXXX)
# Only what still runs is killed (jobs -p): a pid already waited for may be another test's now.
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "$*"; echo "--- stdout"; cat "$dir/out.txt"; echo "--- stderr"; cat "$dir/err.txt"; exit 1; }
# Waits up to 20 s for a line matching the pattern on the server's stderr.
await() { for _ in $(seq 200); do grep -qE "$1" "$dir/err.txt" && return 0; sleep 0.1; done; fail "no line like: $1"; }
timeout 60 "$server" --listen 127.0.0.1:0 --once --bots 8 --players 4 --ticks 600 --seed 3 \
  --max-clients-per-address 2 --record "$dir" >"$dir/out.txt" 2>"$dir/err.txt" &
spid=$!
url=
for _ in $(seq 100); do
  url=$(sed -n 's/^listening //p' "$dir/out.txt")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || fail "the server never listened"
timeout 50 "$arena" --connect "$url" --headless --pilot bot --name Ann >"$dir/ann.txt" 2>&1 &
apid=$!
# No timeout in between: the kill must reach the client itself (the trap kills it at the latest).
"$arena" --connect "$url" --headless --pilot bot --name 'Bob "B"' >/dev/null 2>&1 &
bpid=$!
await '^arena-server: event=join slot=[0-3] agent=[0-9]+ name="Ann" addr=127\.0\.0\.1$'
await '^arena-server: event=join slot=[0-3] agent=[0-9]+ name="Bob \\"B\\"" addr=127\.0\.0\.1$'
# Two connections from 127.0.0.1 are open: the third is refused by the transport with 1013.
timeout 20 "$arena" --connect "$url" --headless --pilot bot --name Cy >"$dir/cy.txt" 2>&1
cy=$?
[ $cy = 2 ] || { cat "$dir/cy.txt"; fail "the third connection exited $cy, not 2"; }
grep -q 'too many connections from this address (1013)' "$dir/cy.txt" ||
  { cat "$dir/cy.txt"; fail "the third connection was not refused with 1013"; }
kill -KILL $bpid
wait $bpid 2>/dev/null
await '^arena-server: event=leave addr=127\.0\.0\.1 slot=[0-3] name="Bob \\"B\\"" code=1006 reason="[^"]+"$'
got=$(timeout 20 python3 "$garbage" "$url") || fail "ws_garbage.py failed: $got"
[ "$got" = "close 1008" ] || fail "the garbage client read '$got', not 'close 1008'"
await '^arena-server: event=kick addr=127\.0\.0\.1 slot=-1 name="" code=1008 reason="[^"]+"$'
wait $apid || fail "Ann's client exited $?"
wait $spid || fail "arena-server exited $?"
hash=$(sed -n 's/^hash: //p' "$dir/out.txt")
[ -n "$hash" ] || fail "no hash: line on stdout"
grep -qE '^arena-server: event=match_start seed=3 map="arena" agents=8 slots=4 join_window_s=30$' \
  "$dir/err.txt" || fail "no match_start line"
grep -qx "arena-server: event=match_end tick=600 winner=-\?[0-9]* hash=$hash" "$dir/err.txt" ||
  fail "no match_end line with the summary's hash $hash"
# Every line on stderr is a key=value event: nothing else came.
bad=$(grep -vE '^arena-server: event=[a-z_]+( [a-z_]+=("([^"\\]|\\.)*"|[^ "]*))*$' "$dir/err.txt")
[ -z "$bad" ] || fail "lines on stderr that are no events: $bad"
cat "$dir/err.txt"
