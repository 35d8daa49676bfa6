#!/usr/bin/env bash
# server_alone.sh ARENA_SERVER ARENA
# arena-server on a loopback port picked by the system, nobody joining: it prints where it
# listens, plays its --ticks, writes the replay into --record's folder, prints the summary, and
# the replay plays back `replay ok` with the same hash. Bounded: the server gets 60 s.
set -u
server=$1 arena=$2
dir=$(mktemp -d /tmp/arena-server-XXXXXX)
trap 'rm -rf "$dir"' EXIT
timeout 60 "$server" --listen 127.0.0.1:0 --ticks 90 --once --bots 12 --seed 4 --record "$dir" \
  >"$dir/out.txt" 2>"$dir/err.txt"
status=$?
cat "$dir/out.txt"
[ $status = 0 ] || { echo "arena-server exited $status"; cat "$dir/err.txt"; exit 1; }
# stderr has the match's start and end as log lines, and nothing else.
[ "$(sed -E 's/(seed|hash)=[0-9a-f]+/\1=X/' "$dir/err.txt")" = 'arena-server: event=match_start seed=X map="arena" agents=12 slots=12 join_window_s=30
arena-server: event=match_end tick=90 winner=-1 hash=X' ] || { echo "arena-server's stderr:"; cat "$dir/err.txt"; exit 1; }
grep -qE '^listening ws://127\.0\.0\.1:[0-9]+$' "$dir/out.txt" || { echo "no listening line"; exit 1; }
grep -qx 'ticks: 90' "$dir/out.txt" || { echo "no ticks: 90"; exit 1; }
hash=$(sed -n 's/^hash: //p' "$dir/out.txt")
replay=$(sed -n 's/^replay: //p' "$dir/out.txt")
[ -n "$hash" ] && [ -f "$replay" ] || { echo "no hash or replay"; exit 1; }
out=$("$arena" --headless --replay "$replay")
echo "$out"
grep -qx "hash: $hash" <<<"$out" && grep -qx 'replay ok' <<<"$out" || { echo "replay does not verify"; exit 1; }
