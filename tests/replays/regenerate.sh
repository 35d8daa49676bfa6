#!/usr/bin/env bash
# Records the golden replays again (after a deliberate change to the rules of the sim) and
# writes their final hashes to golden.txt. Usage: tests/replays/regenerate.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
arena=${1:-$here/../../build}/bin/arena
: > "$here/golden.txt.new"
while read -r name map seed bots; do
  case "$name" in ''|'#'*) continue ;; esac
  out=$("$arena" --headless --autopilot --map "$map" --seed "$seed" --bots "$bots" --record "$here/$name.arp")
  hash=$(printf '%s\n' "$out" | sed -n 's/^hash: //p')
  printf '%s %s\n' "$name" "$hash" >> "$here/golden.txt.new"
done < "$here/matches.txt"
mv "$here/golden.txt.new" "$here/golden.txt"
cat "$here/golden.txt"
# The state dumps every build must print alike (golden_dumps.txt): the header, then NAME TICK SHA.
{
  grep '^#' "$here/golden_dumps.txt"
  grep -v '^#' "$here/golden_dumps.txt" | while read -r name tick _; do
    sum=$("$arena" --replay "$here/$name.arp" --headless --dump-tick "$tick" | sha256sum | cut -d' ' -f1)
    printf '%s %s %s\n' "$name" "$tick" "$sum"
  done
} > "$here/golden_dumps.txt.new"
mv "$here/golden_dumps.txt.new" "$here/golden_dumps.txt"
