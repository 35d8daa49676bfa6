#!/usr/bin/env bash
# readonly_folder.sh ARENA ARENA_MAP MAP PNG: an output in a folder that takes no new files is
# refused before any work (a 100,000,000-tick match would not end within the time limit) with
# the system's reason, and nothing is left there. Root may write anywhere: as root the commands
# run through tests/support/unprivileged.sh's prefix, and the test is skipped, saying why, where
# there is none.
set -u
arena=$1 arena_map=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$3" "$dir/in.map" && cp "$4" "$dir/in.png"
chmod 711 "$dir" # for nobody, the fallback
fail=0
. "$here/expect_refusal.sh"
. "$here/../../support/unprivileged.sh"
unprivileged_as "$arena" "$arena_map" "$dir/in.map" || { echo "skipped: $why"; exit 77; }
mkdir "$dir/ro" && chmod 555 "$dir/ro"
expect "arena: $dir/ro/x.arp: cannot create a file in its directory: Permission denied" \
  "${as[@]}" "$arena" --headless --ticks 100000000 --map "$dir/in.map" --record "$dir/ro/x.arp"
expect "arena: $dir/ro/x.png: cannot create a file in its directory: Permission denied" \
  "${as[@]}" "$arena" --map "$dir/in.png" --screenshot "$dir/ro/x.png" --ticks 100000000
expect "arena-map: $dir/ro/x.png: cannot create a file in its directory: Permission denied" \
  "${as[@]}" "$arena_map" check "$dir/in.map" --png "$dir/ro/x.png"
[ -z "$(ls -A "$dir/ro")" ] || { echo "left in the read-only folder: $(ls -A "$dir/ro")"; fail=1; }
exit $fail
