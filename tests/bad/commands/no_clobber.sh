#!/usr/bin/env bash
# no_clobber.sh ARENA ARENA_MAP MAP PNG REPLAY: every command that writes a file, pointed at one
# of its inputs, a directory, a FIFO or a device, is refused (exit 2) and leaves them as they
# were (byte for byte, or still a FIFO or a device), with no partial or temporary output beside
# them; a path too long for any fixed buffer is written where it says, never onto the input its
# cut would name; a write that fails (a file size limit) keeps the older file and says why; and
# writes that succeed never touch a user's file named like a temporary one.
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
refused "$arena" --replay "$dir/in.arp" --frames "$dir/in.arp"
# A hard link to the input is the same file.
ln "$dir/in.map" "$dir/link.map"
refused "$arena" --headless --ticks 5 --map "$dir/in.map" --record "$dir/link.map"
rm "$dir/link.map"
# The windowed game's settings file (--config) is written at the first change of a setting:
# never one of its inputs, under any name. (On SDL's dummy driver, in a preference folder of
# its own: were it not refused, the game would run.)
ln "$dir/in.png" "$dir/link.png"
ln -s in.arp "$dir/symlink.arp"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME=$dir/home
refused "$arena" --map "$dir/in.png" --config "$dir/in.png" --ticks 1
refused "$arena" --map "$dir/in.png" --config "$dir/link.png" --ticks 1
refused "$arena" --replay "$dir/in.arp" --config "$dir/symlink.arp" --ticks 1
unset SDL_VIDEODRIVER SDL_AUDIODRIVER XDG_DATA_HOME
rm -rf "$dir/link.png" "$dir/symlink.arp" "$dir/home"
# The issue's reproduction: a --record path of 1027 bytes whose first 1023 name the input map
# (a 1024-byte buffer used to cut it there, and the map became a replay). "//" pads the folder's
# name so the cut falls exactly on in.png.
pad=$dir/
while [ $(((1017 - ${#pad}) % 2)) != 0 ]; do pad=$pad/; done
long=$pad$(printf './%.0s' $(seq $(((1017 - ${#pad}) / 2))))in.png
[ ${#long} = 1023 ] || { echo "long path is ${#long} bytes"; fail=1; }
"$arena" --headless --map "$dir/in.png" --autopilot --ticks 5 --record "$long.rpl" >/dev/null ||
  { echo "recording to a 1027-byte path failed"; fail=1; }
[ -s "$dir/in.png.rpl" ] || { echo "the long --record path was not written"; fail=1; }
"$arena" --replay "$long.rpl" --headless | grep -qx 'replay ok' || { echo "long path: no replay ok"; fail=1; }
rm -f "$dir/in.png.rpl"
# FIFOs and devices are never replaced (a device node is made only where the test may: as root;
# otherwise /dev/null, which then cannot be replaced anyway).
mkfifo "$dir/out.fifo"
dev=/dev/null
if [ "$(id -u)" = 0 ]; then
  dev=$dir/null
  mknod "$dev" c 1 3 2>/dev/null || dev=
fi
for target in "$dir/out.fifo" $dev; do
  refused "$arena" --headless --ticks 5 --map "$dir/in.map" --record "$target"
  refused "$arena" --map "$dir/in.png" --screenshot "$target" --ticks 1
  refused "$arena_map" check "$dir/in.map" --png "$target"
  refused "$arena" --replay "$dir/in.arp" --frames "$target"
done
[ -p "$dir/out.fifo" ] || { echo "the FIFO was replaced"; fail=1; }
rm "$dir/out.fifo"
if [ -n "$dev" ]; then
  [ -c "$dev" ] || { echo "$dev is no longer a device"; fail=1; }
  [ "$dev" = /dev/null ] || rm "$dev"
fi
[ -c /dev/null ] || { echo "/dev/null is no longer a device"; fail=1; }
# A write that fails (here at a 1 kB file size limit) keeps the older file, leaves no temporary
# file and says why.
for f in old.arp old.png check.png; do echo "older $f" >"$dir/$f"; done
write_fails() { # the command must exit 2 with `PROGRAM: FILE: cannot write: File too large`
  local file=$1
  shift
  (trap '' XFSZ && ulimit -f 1 && exec "$@") >/dev/null 2>"$dir/err"
  local s=$?
  if [ $s != 2 ] || ! grep -qx ".*: $file: cannot write: File too large" "$dir/err"; then
    echo "exit $s, expected 2 and 'cannot write: File too large': $*"; cat "$dir/err"; fail=1
  fi
  [ "$(cat "$file")" = "older ${file##*/}" ] || { echo "$file was changed"; fail=1; }
  rm -f "$file"
}
write_fails "$dir/old.arp" "$arena" --headless --ticks 5 --map "$dir/in.png" --record "$dir/old.arp"
write_fails "$dir/old.png" "$arena" --map "$dir/in.png" --screenshot "$dir/old.png" --ticks 1
write_fails "$dir/check.png" "$arena_map" check "$dir/in.png" --png "$dir/check.png"
# --frames writes into an empty folder of its own: a write that fails stops the export with one
# line naming the frame and the frames written before it, and leaves no partial frame.
frames_fail() { # FOLDER REASON COMMAND...
  local d=$1 reason=$2
  shift 2
  "$@" >"$dir/out.txt" 2>"$dir/err"
  local s=$?
  [ $s = 2 ] && grep -qx "arena: $d/frame_000000.png: $reason; 0 frames were written before it" "$dir/err" &&
    [ ! -s "$dir/out.txt" ] ||
    { echo "exit $s, expected 2 and '$reason' on frame 0: $*"; cat "$dir/err"; fail=1; }
  [ -z "$(ls -A "$d")" ] || { echo "left in $d: $(ls -A "$d")"; fail=1; }
  rm -f "$dir/out.txt"
}
mkdir "$dir/frames"
frames_fail "$dir/frames" "cannot write: File too large" bash -c 'trap "" XFSZ && ulimit -f 1 && exec "$@"' \
  _ "$arena" --replay "$dir/in.arp" --frames "$dir/frames" --from 5 --to 6
rmdir "$dir/frames"
# A full disk, for real where the system lets the test mount a one-page tmpfs of its own (a
# private mount namespace, `unshare -rm`): the older file fills it, every write must fail with
# `cannot write: No space left on device`, keep the older file and leave nothing else.
if unshare -rm true 2>/dev/null; then
  mkdir "$dir/full"
  disk_full() { # FILE COMMAND...: FILE is the output's name inside the full folder
    local name=$1
    shift
    unshare -rm bash -c '
      d=$1 name=$2 err=$3; shift 3
      mount -t tmpfs -o size=4k tmpfs "$d" || { echo "cannot mount"; exit 1; }
      echo older >"$d/$name"
      "$@" >/dev/null 2>"$err"
      s=$?
      [ $s = 2 ] && grep -qx ".*: $d/$name: cannot write: No space left on device" "$err" ||
        { echo "exit $s, expected 2 and No space left on device: $*"; cat "$err"; exit 1; }
      [ "$(cat "$d/$name")" = older ] || { echo "$name was changed"; exit 1; }
      [ "$(ls -A "$d")" = "$name" ] || { echo "left on the full disk: $(ls -A "$d")"; exit 1; }' \
      _ "$dir/full" "$name" "$dir/err" "$@" || fail=1
  }
  disk_full out.arp "$arena" --headless --ticks 5 --map "$dir/in.png" --record "$dir/full/out.arp"
  disk_full out.png "$arena" --map "$dir/in.png" --screenshot "$dir/full/out.png" --ticks 1
  disk_full check.png "$arena_map" check "$dir/in.png" --png "$dir/full/check.png"
  # Frames on a full disk (the folder is the tmpfs itself, empty as --frames wants it).
  export -f frames_fail
  unshare -rm bash -c 'dir=$1 fail=0; shift; mount -t tmpfs -o size=4k tmpfs "$dir/full" &&
    frames_fail "$dir/full" "cannot write: No space left on device" "$@"; exit $fail' \
    _ "$dir" "$arena" --replay "$dir/in.arp" --frames "$dir/full" --from 5 --to 6 || fail=1
  rmdir "$dir/full"
fi
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
