#!/usr/bin/env bash
# quiet.sh MODE ARENA ARENA_MAP SOURCE_DIR
# Decoders never speak: loading any map prints only our own output.
#   headless:   every form in formats/ and every shipped map loads in `arena --headless --map`
#               and `arena-map info` (exit 0) with nothing on stderr. (The files of README are
#               run the same way by the bad.maps.arena.* and bad.maps.info.* tests.)
#   hot_reload: a live `arena --headless --realtime` match per file kind gets every form and
#               every file of README saved over its map in turn; each prints exactly its line,
#               `map reloaded: ...` or `map reload failed: FILE: README's reason (keeping previous
#               map)`, and stderr stays empty.
set -u
mode=$1 arena=$2 arena_map=$3 src=$4
suite=$src/tests/bad/maps
dir=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
fail=0
bad() { echo "FAILED: $*"; fail=1; }

# FILE EXIT REASON lines: README's, then every form (exit 0).
list() {
  grep -v '^#' "$suite/README" | sed -E 's/^([^:]+): ([0-9]+): (.*)$/\1\t\2\t\3/'
  grep -v '^#' "$suite/formats/README" | sed -E 's/^([^:]+): .*$/formats\/\1\t0\t/'
}

if [ "$mode" = headless ]; then
  count=0
  for f in "$suite"/formats/* "$src"/assets/maps/*.png; do
    [ "$(basename "$f")" = README ] && continue
    count=$((count + 1))
    "$arena" --headless --ticks 10 --map "$f" >"$dir/out" 2>"$dir/err"
    status=$?
    [ "$status" = 0 ] || bad "arena --map $f: exit $status"
    [ -s "$dir/err" ] && bad "arena --map $f wrote to stderr: $(head -c 300 "$dir/err")"
    "$arena_map" info "$f" >"$dir/out" 2>"$dir/err"
    status=$?
    [ "$status" = 0 ] || bad "arena-map info $f: exit $status"
    [ -s "$dir/err" ] && bad "arena-map info $f wrote to stderr: $(head -c 300 "$dir/err")"
  done
  [ "$count" -ge 73 ] || bad "only $count files (69 forms and 4 maps expected)"
  exit $fail
fi

# Waits until the match's stdout has more than $1 lines (at most 5 s); prints the last.
next_line() {
  for _ in $(seq 250); do
    if [ "$(wc -l <"$dir/out")" -gt "$1" ]; then tail -n 1 "$dir/out"; return 0; fi
    sleep 0.02
  done
  return 1
}

fed=0
for start in formats/grey8.png formats/bmp24.bmp formats/gif.gif formats/jpeg-grey.jpg \
    formats/movingai.map; do
  ext=${start##*.}
  live=$dir/live.$ext
  cp "$suite/$start" "$live"
  "$arena" --headless --realtime --ticks 1000000 --bots 2 --map "$live" >"$dir/out" 2>"$dir/err" &
  pid=$!
  # The watcher is running once a save of the start file is reloaded (a slow start, as under
  # sanitizers, could otherwise take the first fixture for the file it started from).
  for _ in $(seq 20); do
    cp "$suite/$start" "$dir/tmp" && mv "$dir/tmp" "$live"
    sleep 0.5
    [ -s "$dir/out" ] && break
  done
  sleep 0.5 # a last reload in flight
  lines=$(wc -l <"$dir/out")
  [ "$lines" -gt 0 ] || bad "the live match on $start never reloaded its own map"
  while IFS=$'\t' read -r file code reason; do
    [ "${file##*.}" = "$ext" ] && [ "$file" != directory.png ] || continue
    cp "$suite/$file" "$dir/tmp" && mv "$dir/tmp" "$live"
    if ! line=$(next_line "$lines"); then
      bad "$file: no reload line"
      continue
    fi
    lines=$((lines + 1))
    fed=$((fed + 1))
    if [ "$code" = 0 ]; then
      [[ "$line" == "map reloaded: $live ("* ]] || bad "$file: '$line'"
    else
      [ "$line" = "map reload failed: $live: $reason (keeping previous map)" ] ||
        bad "$file: '$line' (README: $reason)"
    fi
  done < <(list)
  kill "$pid"
  wait "$pid" 2>/dev/null
  pid=
  [ -s "$dir/err" ] && bad "live match on $start wrote to stderr: $(head -c 500 "$dir/err")"
done
echo "$fed files saved over live maps"
want=$(($(list | grep -vc '^directory.png')))
[ "$fed" = "$want" ] || bad "fed $fed files, expected $want"
exit $fail
