#!/usr/bin/env bash
# dump_perturbed.sh ARENA PERTURBED REPLAY MAP
# The state dump shows where two builds part: PERTURBED is a build of the sim that moves agent 5
# by one unit as tick 300 ends (SIM_TEST_PERTURB_*). Against `arena --dump-tick` on the same
# replay its dump must be identical at tick 299, differ at 300 in agent 5's position and nothing
# else, and differ in more than that line later (the bots react, bullets fly elsewhere). A
# replay the perturbed build recorded diverges for arena at tick 300: a dump up to 299 is clean
# (exit 0), a later one is printed whole, then the divergence as `arena --replay` reports it
# (exit 3); --frames across tick 300 writes its frames, then says so too (exit 3).
set -u
arena=$1 perturbed=$2 replay=$3 map=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

for t in 299 300 900; do
  "$arena" --replay "$replay" --headless --dump-tick $t > "$dir/good.$t" 2> "$dir/err" ||
    bad "arena --dump-tick $t exited $? ($(cat "$dir/err"))"
  "$perturbed" dump "$replay" $t > "$dir/bad.$t" || bad "perturbed dump $t exited $?"
  [ -s "$dir/err" ] && bad "arena --dump-tick $t wrote to stderr: $(cat "$dir/err")"
  head -1 "$dir/good.$t" | grep -qx "tick $t over 0 winner -1" || bad "tick $t: first line $(head -1 "$dir/good.$t")"
done
cmp -s "$dir/good.299" "$dir/bad.299" || bad "tick 299: the dumps differ before the perturbation"

# Tick 300: the same number of lines, exactly one pair differing, agent 5's, in its position.
[ "$(wc -l < "$dir/good.300")" = "$(wc -l < "$dir/bad.300")" ] || bad "tick 300: line counts differ"
paste -d '\n' "$dir/good.300" "$dir/bad.300" | paste - - -d '\t' | awk -F '\t' '$1 != $2' > "$dir/pairs"
if [ "$(wc -l < "$dir/pairs")" != 1 ]; then
  bad "tick 300: $(wc -l < "$dir/pairs") lines differ, expected 1"; head -5 "$dir/pairs"
else
  IFS=$'\t' read -r good badline < "$dir/pairs"
  case "$good" in "agent 5 "*) ;; *) bad "tick 300: the line that differs is not agent 5's: $good" ;; esac
  # Field by field: only the x of pos (the word after "pos") differs, by one unit.
  read -ra g <<< "$good"; read -ra b <<< "$badline"
  [ ${#g[@]} = ${#b[@]} ] || bad "tick 300: agent 5's lines have different lengths"
  for i in "${!g[@]}"; do
    [ "${g[$i]}" = "${b[$i]}" ] && continue
    [ "${g[$((i - 1))]}" = pos ] || bad "tick 300: field ${g[$((i - 1))]} of agent 5 differs too"
    awk -v a="${g[$i]}" -v b="${b[$i]}" 'BEGIN { exit !(b - a == 1) }' ||
      bad "tick 300: agent 5 moved from ${g[$i]} to ${b[$i]}, not by one unit"
  done
fi

# Tick 900: the change has spread beyond agent 5's line.
others=$(diff "$dir/good.900" "$dir/bad.900" | grep '^[<>]' | grep -vc '^[<>] agent 5 ')
[ "$others" -gt 2 ] || bad "tick 900: only $others lines other than agent 5's differ"

# Stable: the same run twice gives the same bytes.
"$arena" --replay "$replay" --headless --dump-tick 900 > "$dir/again.900"
cmp -s "$dir/good.900" "$dir/again.900" || bad "two dumps of tick 900 differ"
# A replay of the perturbed build, played by arena.
"$perturbed" record "$map" 600 "$dir/perturbed.arp" || bad "perturbed record exited $?"
for t in 299 300 400; do
  "$arena" --replay "$dir/perturbed.arp" --headless --dump-tick $t > "$dir/rec.$t" 2> "$dir/err"
  status=$?
  [ -s "$dir/err" ] && bad "dump of the perturbed replay at $t wrote to stderr: $(cat "$dir/err")"
  head -1 "$dir/rec.$t" | grep -q "^tick $t over 0 " || bad "perturbed replay at $t: no dump first"
  last=$(tail -1 "$dir/rec.$t")
  if [ $t = 299 ]; then
    [ $status = 0 ] || bad "perturbed replay at 299: exit $status, expected 0"
    case "$last" in replay*) bad "perturbed replay at 299: $last" ;; esac
  else
    [ $status = 3 ] || bad "perturbed replay at $t: exit $status, expected 3"
    [ "$last" = "replay diverged at tick 300 (first differing field: agents)" ] ||
      bad "perturbed replay at $t: last line $last"
  fi
done
mkdir "$dir/frames"
"$arena" --replay "$dir/perturbed.arp" --frames "$dir/frames" --from 290 --to 310 --every 10 \
  > "$dir/frames.out" 2> "$dir/err"
status=$?
[ $status = 3 ] || bad "frames of the perturbed replay: exit $status, expected 3 ($(cat "$dir/err"))"
printf 'frames: 3 written to %s\nreplay diverged at tick 300 (first differing field: agents)\n' \
  "$dir/frames" | cmp -s - "$dir/frames.out" || bad "frames of the perturbed replay: $(cat "$dir/frames.out")"
[ "$(ls "$dir/frames" | wc -l)" = 3 ] || bad "frames of the perturbed replay: $(ls "$dir/frames")"

[ $fail = 0 ] && echo "ok: 299 identical, 300 agent 5's x only, 900: $others other lines differ"
exit $fail
