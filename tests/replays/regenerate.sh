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
