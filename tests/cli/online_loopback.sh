#!/usr/bin/env bash
# online_loopback.sh ARENA_SERVER ARENA
# One online match over real sockets on 127.0.0.1: arena-server --once on a port the system
# picks, two headless clients flown by pilots (arena --connect ... --headless --pilot), to the
# end set by --ticks. Each client exits 0 after printing the server's final hash and its own
# `stats: online` line; the server's replay names both players and plays back `replay ok`.
# Bounded: everything is killed after 90 s.
set -u
server=$1 arena=$2
dir=$(mktemp -d /tmp/arena-online-XXXXXX)
# Only what still runs is killed (jobs -p): a pid already waited for may be another test's now.
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$dir"' EXIT
timeout 90 "$server" --listen 127.0.0.1:0 --once --bots 12 --players 4 --ticks 1200 --seed 7 \
  --record "$dir" >"$dir/server.txt" 2>"$dir/server.err" &
spid=$!
url=
for _ in $(seq 100); do
  url=$(sed -n 's/^listening //p' "$dir/server.txt")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "the server never listened"; cat "$dir/server.err"; exit 1; }
timeout 80 "$arena" --connect "$url" --headless --pilot novice --name Ann >"$dir/ann.txt" 2>&1 &
apid=$!
timeout 80 "$arena" --connect "$url" --headless --pilot bot --name Ben >"$dir/ben.txt" 2>&1 &
bpid=$!
wait $apid; astatus=$?
wait $bpid; bstatus=$?
wait $spid; sstatus=$?
cat "$dir/server.txt" "$dir/ann.txt" "$dir/ben.txt"
[ $sstatus = 0 ] || { echo "arena-server exited $sstatus"; cat "$dir/server.err"; exit 1; }
[ $astatus = 0 ] && [ $bstatus = 0 ] || { echo "a client exited $astatus / $bstatus"; exit 1; }
hash=$(sed -n 's/^hash: //p' "$dir/server.txt")
for c in ann ben; do
  grep -qx "hash: $hash" "$dir/$c.txt" || { echo "$c: not the server's hash $hash"; exit 1; }
  grep -qE '^stats: online agent [0-9]+ snapshots [1-9][0-9]* ' "$dir/$c.txt" ||
    { echo "$c: no stats line"; exit 1; }
  grep -qE 'replay_bytes [1-9][0-9]*$' "$dir/$c.txt" || { echo "$c: no replay came"; exit 1; }
done
grep -qE '^arena-server: event=join slot=[0-3] agent=[0-9]+ name="Ann" addr=127\.0\.0\.1$' "$dir/server.err" &&
  grep -qE '^arena-server: event=join slot=[0-3] agent=[0-9]+ name="Ben" addr=127\.0\.0\.1$' "$dir/server.err" ||
  { echo "a join is missing"; cat "$dir/server.err"; exit 1; }
replay=$(sed -n 's/^replay: //p' "$dir/server.txt")
out=$("$arena" --headless --replay "$replay")
echo "$out"
grep -qx "hash: $hash" <<<"$out" && grep -qx 'replay ok' <<<"$out" || { echo "replay does not verify"; exit 1; }
