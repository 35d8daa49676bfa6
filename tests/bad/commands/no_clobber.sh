#!/usr/bin/env bash
# no_clobber.sh ARENA ARENA_MAP MAP PNG REPLAY: every command that writes a file, pointed at one
# of its inputs or at a directory, is refused (exit 2) and leaves the inputs byte for byte as they
# were, with no partial or temporary output beside them; and writes that succeed never touch a
# user's file named like a temporary one.
set -u
arena=$1 arena_map=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$3" "$dir/in.map" && cp "$4" "$dir/in.png" && cp "$5" "$dir/in.arp" && mkdir "$dir/out"
for f in in.map in.png in.arp; do cp "$dir/$f" "$dir/$f.orig"; done
fail=0
refused() { # runs a command that must be refused
  "$@" >/dev/null 2>"$dir/err"
  local s=$?
  if [ $s != 2 ]; then echo "exit $s, expected 2: $*"; cat "$dir/err"; fail=1; fi
}
refused "$arena" --headless --ticks 5 --map "$dir/in.map" --record "$dir/in.map"
refused "$arena" --headless --ticks 5 --map "$dir/in.png" --record "$dir/in.png"
refused "$arena" --replay "$dir/in.arp" --headless --record "$dir/in.arp"
refused "$arena" --headless --ticks 5 --map "$dir/in.map" --record "$dir/out"
refused "$arena" --map "$dir/in.png" --screenshot "$dir/in.png" --ticks 1
refused "$arena" --replay "$dir/in.arp" --screenshot "$dir/in.arp" --ticks 1
refused "$arena" --map "$dir/in.png" --screenshot "$dir/out" --ticks 1
refused "$arena_map" check "$dir/in.map" --png "$dir/in.map"
refused "$arena_map" check "$dir/in.map" --png "$dir/out"
# A hard link to the input is the same file.
ln "$dir/in.map" "$dir/link.map"
refused "$arena" --headless --ticks 5 --map "$dir/in.map" --record "$dir/link.map"
rm "$dir/link.map"
# Writes that succeed leave a user's files that look like temporary names alone.
for t in out.arp.tmp out.png.tmp out.arp.tmp-1 check.png.tmp; do echo "mine: $t" >"$dir/$t"; done
"$arena" --headless --ticks 5 --map "$dir/in.map" --record "$dir/out.arp" >/dev/null || fail=1
"$arena" --map "$dir/in.png" --screenshot "$dir/out.png" --ticks 1 >/dev/null 2>&1 || fail=1
"$arena_map" check "$dir/in.map" --png "$dir/check.png" >/dev/null || [ $? = 1 ] || fail=1
for t in out.arp.tmp out.png.tmp out.arp.tmp-1 check.png.tmp; do
  [ "$(cat "$dir/$t")" = "mine: $t" ] || { echo "$t was overwritten"; fail=1; }
  rm "$dir/$t"
done
for f in out.arp out.png check.png; do
  [ -s "$dir/$f" ] || { echo "$f was not written"; fail=1; }
  rm -f "$dir/$f"
done
for f in in.map in.png in.arp; do
  cmp -s "$dir/$f" "$dir/$f.orig" || { echo "$f was changed"; fail=1; }
done
left=$(cd "$dir" && ls -A | grep -v -x -e in.map -e in.png -e in.arp -e in.map.orig -e in.png.orig -e in.arp.orig -e out -e err)
[ -z "$left" ] || { echo "left behind: $left"; fail=1; }
[ -z "$(ls -A "$dir/out")" ] || { echo "wrote into out/: $(ls -A "$dir/out")"; fail=1; }
exit $fail
