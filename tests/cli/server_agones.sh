#!/usr/bin/env bash
# server_agones.sh ARENA_SERVER AGONES_SDK_PY
# arena-server --agones against a stand-in for Agones' SDK gateway (agones_sdk.py) on 127.0.0.1:
# the calls come in order: /ready first (the first answered 503, so it is tried again), /health
# at least once while the 5 s match runs, /shutdown last, once the replay is in --record's folder;
# each a POST of `{}` as JSON. The server exits 0 after one match and logs the calls' results.
# Bounded: 60 s.
set -u
server=$1 gateway=$2
dir=$(mktemp -d /tmp/arena-agones-XXXXXX)
mkdir "$dir/record"
# Only what still runs is killed (jobs -p): a pid already waited for may be another test's now.
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$dir"' EXIT
fail() { echo "$*"; echo "--- calls"; cat "$dir/calls.txt"; echo "--- stderr"; cat "$dir/err.txt"; exit 1; }
timeout 70 python3 "$gateway" "$dir/port" "$dir/calls.txt" "$dir/record" &
gpid=$!
for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.1; done
[ -s "$dir/port" ] || fail "the gateway never listened"
AGONES_SDK_HTTP_PORT=$(cat "$dir/port") timeout 60 "$server" --listen 127.0.0.1:0 --agones \
  --bots 6 --ticks 300 --record "$dir/record" >"$dir/out.txt" 2>"$dir/err.txt"
status=$?
[ $status = 0 ] || fail "arena-server exited $status"
wait $gpid
cat "$dir/calls.txt"
grep -qx 'ticks: 300' "$dir/out.txt" || fail "one match of 300 ticks was not played"
[ "$(grep -c '^winner: ' "$dir/out.txt")" = 1 ] || fail "--agones played more than one match"
# Every call: a POST of {} as JSON.
[ -z "$(grep -v ' {} type=application/json replay=' "$dir/calls.txt")" ] || fail "a call without {}"
paths=$(cut -d' ' -f1 "$dir/calls.txt" | uniq -c | awk '{print $2 ($1 > 1 ? "*" : "")}' | tr '\n' ' ')
[[ $paths =~ ^/ready\*\ /health\*?\ /shutdown\ $ ]] ||
  fail "calls out of order: $paths (wanted /ready twice, /health, /shutdown)"
grep -q '^/shutdown .* replay=yes$' "$dir/calls.txt" || fail "/shutdown came before the replay was written"
grep -q '^/health .* replay=no$' "$dir/calls.txt" || fail "no /health while the match ran"
grep -qx 'arena-server: event=agones call=ready error="answered HTTP 503"' "$dir/err.txt" &&
  grep -qx 'arena-server: event=agones call=ready status=200' "$dir/err.txt" &&
  grep -qx 'arena-server: event=agones call=shutdown status=200' "$dir/err.txt" ||
  fail "the calls' results are not logged"
