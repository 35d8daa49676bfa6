#!/usr/bin/env bash
# check_settings.sh ARENA DIR NAME WARNING
# One case of the README beside this script, through the real game: the windowed game (SDL's
# dummy video driver, no audio) runs 5 ticks of its title screen with `--config FILE` and
# must exit 0 with nothing on stdout and exactly `arena: FILE: WARNING` on stderr (nothing for
# WARNING -), leave the file as it was (kind, size, time and bytes), add or remove nothing beside
# it, and neither read nor write the per-user settings file (a damaged one waits there: read, it
# would add a line). Names starting with @ are made here (see the README).
set -u
arena=$1 dir=$2 name=$3 warning=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir "$tmp/case" "$tmp/work" # the cases made here, and this script's own files
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$tmp/data
mine=$tmp/data/arena/arena/settings.txt
mkdir -p "$(dirname "$mine")" && chmod -R 777 "$tmp/data" && printf 'bots = 0\n' >"$mine"
as=()

# Comment lines of 100 bytes after `bots = 42`, to exactly $1 bytes.
fill() {
  local size=$1 line
  line=$(printf '#%.0s' $(seq 99))
  printf 'bots = 42\n'
  local left=$((size - 10))
  while [ $left -ge 100 ]; do printf '%s\n' "$line"; left=$((left - 100)); done
  [ $left -gt 0 ] && { printf '%s' "${line:0:$((left - 1))}"; printf '\n'; }
}

case $name in
@missing) f=$tmp/case/missing.txt ;;
@directory) f=$tmp/case/directory.txt && mkdir "$f" ;;
@fifo) f=$tmp/case/fifo.txt && mkfifo "$f" ;;
@device) f=/dev/null ;;
@largest) f=$tmp/case/largest.txt && fill 65536 >"$f" ;;
@huge) f=$tmp/case/huge.txt && fill 65537 >"$f" ;;
@unreadable)
  f=$tmp/case/unreadable.txt
  printf 'bots = 3\n' >"$f" && chmod 000 "$f"
  # Root reads anything: as root the game runs without that power (tests/support/unprivileged.sh),
  # and must still reach itself and its assets wherever the clone is.
  . "$here/../../support/unprivileged.sh"
  unprivileged_as "$arena" "$here/../../../assets" || { echo "skipped: $why"; exit 77; }
  chmod 711 "$tmp" "$tmp/case" # for nobody, the fallback
  ;;
@*) echo "unknown test-time case $name"; exit 1 ;;
*) f=$dir/$name ;;
esac
[ -d "$(dirname "$f")" ] || { echo "no folder for $f"; exit 1; }
state() { [ -e "$1" ] || [ -L "$1" ] && stat -c '%F %s %Y.%y' "$1" || echo none; }
before=$(state "$f") listing=$(ls -A "$(dirname "$f")")
copy=$tmp/work/copy
[ -f "$f" ] && [ -r "$f" ] && [ "$name" != @unreadable ] && cp "$f" "$copy"

out=$tmp/work/out err=$tmp/work/err
"${as[@]}" timeout 120 "$arena" --config "$f" --ticks 5 >"$out" 2>"$err"
status=$?
fail=0
[ $status = 0 ] || { echo "exit status $status, expected 0"; fail=1; }
[ -s "$out" ] && { echo "stdout should be empty:"; head -c 2000 "$out"; fail=1; }
if [ "$warning" = - ]; then
  [ -s "$err" ] && { echo "stderr should be empty"; fail=1; }
else
  printf 'arena: %s: %s\n' "$f" "$warning" >"$tmp/work/want"
  cmp -s "$err" "$tmp/work/want" || { echo "stderr is not exactly the one warning line"; fail=1; }
fi
[ "$(state "$f")" = "$before" ] || { echo "the file changed: $before -> $(state "$f")"; fail=1; }
[ -f "$copy" ] && ! cmp -s "$copy" "$f" && { echo "the file's bytes changed"; fail=1; }
[ "$(ls -A "$(dirname "$f")")" = "$listing" ] || { echo "files appeared or vanished beside it"; fail=1; }
[ "$(cat "$mine")" = "bots = 0" ] && [ "$(ls -a "$(dirname "$mine")" | grep -c settings)" = 1 ] ||
  { echo "the per-user settings file was touched:"; ls -la "$(dirname "$mine")"; fail=1; }
if [ $fail != 0 ]; then
  echo "--- case $name: $arena --config $f --ticks 5"
  echo "--- stderr:"; head -c 2000 "$err"
  echo "--- wanted:"; [ "$warning" = - ] && echo "(nothing)" || cat "$tmp/work/want"
fi
exit $fail
