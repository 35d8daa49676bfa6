#!/usr/bin/env bash
# special_files.sh ARENA ARENA_MAP ARENA_BENCH MAP PNG REPLAY: what the manifest cannot hold,
# made at test time in a temporary folder:
# - every reader given a FIFO (which has no writer, so reading it would block forever) refuses
#   it at once with `PROGRAM: FILE: is a FIFO`: replays, maps, scenarios and their maps, circle
#   files;
# - a --map path longer than any fixed buffer loads the file it names, not the one its first
#   1023 bytes name;
# - an output that cannot be written (a name over the system's limit, a path over it) is refused
#   before the match runs, with the system's reason (a folder that takes no new files:
#   readonly_folder.sh);
# - names holding a newline or escape bytes are shown quoted, so every refusal stays one line.
set -u
arena=$1 arena_map=$2 arena_bench=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$4" "$dir/in.map" && cp "$5" "$dir/in.png" && cp "$6" "$dir/in.arp"
fail=0
. "$(dirname "$0")/expect_refusal.sh"

mkfifo "$dir/r.fifo"
f=$dir/r.fifo
expect "arena: $f: is a FIFO" "$arena" --replay "$f" --headless
expect "arena: $f: is a FIFO" "$arena" --headless --map "$f"
expect "arena-map: $f: is a FIFO" "$arena_map" info "$f"
expect "arena-map: $f: is a FIFO" "$arena_map" scen "$f"
expect "arena-bench: $f: is a FIFO" "$arena_bench" pairs "$f"
# A scenario naming a FIFO as its map.
printf 'version 1\n0\tr.fifo\t24\t16\t1\t1\t2\t2\t1.41421\n' >"$dir/s.scen"
expect "arena-map: $dir/s.scen: map $dir/r.fifo: is a FIFO" "$arena_map" scen "$dir/s.scen"

# A --map path of 1031 bytes names in.map.d/x.png; its first 1023 bytes name in.map, which a
# 1024-byte buffer used to load instead. "//" pads the folder's name so the cut falls there.
pad=$dir/
while [ $(((1017 - ${#pad}) % 2)) != 0 ]; do pad=$pad/; done
long=$pad$(printf './%.0s' $(seq $(((1017 - ${#pad}) / 2))))in.map.d/x.png
[ ${#long} = 1031 ] || { echo "long path is ${#long} bytes"; fail=1; }
mkdir "$dir/in.map.d" && cp "$dir/in.png" "$dir/in.map.d/x.png"
want=$("$arena" --headless --ticks 30 --map "$dir/in.map.d/x.png" | tail -1)
got=$("$arena" --headless --ticks 30 --map "$long" | tail -1)
[ -n "$want" ] && [ "$got" = "$want" ] || { echo "long --map path: '$got', want '$want'"; fail=1; }

# Outputs that cannot be written are found before the match (a long one: --ticks 100000000).
name=$(printf 'n%.0s' $(seq 256))
expect "arena: $dir/$name.arp: file name too long (260 bytes, at most 255)" \
  "$arena" --headless --ticks 100000000 --map "$dir/in.map" --record "$dir/$name.arp"
deep=$dir/$(printf './%.0s' $(seq 2100))x.arp
expect "arena: $deep: cannot use its directory: File name too long" \
  "$arena" --headless --ticks 100000000 --map "$dir/in.map" --record "$deep"
expect "arena-map: $dir/$name.png: file name too long (260 bytes, at most 255)" \
  "$arena_map" check "$dir/in.map" --png "$dir/$name.png"
# A --config path over the system's limit on paths is refused whole: it was cut to fit, and the
# first change of a setting wrote the file its cut named. (Were it not refused, the game would
# run on SDL's dummy driver, in a preference folder of its own.)
cfg=$deep.txt
expect "arena: $cfg: path too long (${#cfg} bytes, at most 4095)" \
  env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$dir/home" \
  "$arena" --map "$dir/in.map" --ticks 1 --config "$cfg"
# Names with a newline or escape bytes are quoted: one line, no raw control bytes.
nl=$'a\nb' esc=$'\e[31mred'
expect "arena: \"$dir/${nl/$'\n'/\\n}.png\": cannot open: No such file or directory" \
  "$arena" --headless --map "$dir/$nl.png"
expect "arena: \"$dir/\\x1b[31mred.arp\": cannot open: No such file or directory" \
  "$arena" --replay "$dir/$esc.arp" --headless
expect "arena-map: \"--\\x1b[31mred\": unknown option (try --help)" "$arena_map" check "$dir/in.map" "--$esc"
expect "arena-map: \"1\\n\": coordinate must be an integer" \
  "$arena_map" path "$dir/in.map" $'1\n' 1 2 2
expect "arena-bench: \"\\x1b[31mred\": unknown argument (try --help)" "$arena_bench" pairs "$dir/in.map" "$esc"
expect "arena: \"$dir/no\\ndir/x.arp\": its directory does not exist" \
  "$arena" --headless --map "$dir/in.map" --record "$dir/no"$'\n'"dir/x.arp"
exit $fail
