#!/usr/bin/env bash
# stdout_full.sh ARENA ARENA_MAP ARENA_BENCH MAP PNG REPLAY PAIRS: every program's output sent
# to /dev/full (a disk that is full) must fail with exactly `PROGRAM: stdout: No space left on
# device` and exit 2, not exit 0 with its output cut (issue 27). Short outputs fail at the last
# flush, long ones (arena-map sdf on a large map) part way through. Each command is first run
# into /dev/null, where it must succeed: the failure is the full device's alone.
set -u
arena=$1 map_tool=$2 bench=$3 map=$4 png=$5 replay=$6 pairs=$7
fail=0
check() { # PROGRAM-NAME COMMAND...
  local name=$1 err status
  shift
  if ! "$@" >/dev/null 2>&1; then
    echo "$*: fails into /dev/null"; fail=1; return
  fi
  err=$("$@" 2>&1 >/dev/full)
  status=$?
  if [ $status != 2 ] || [ "$err" != "$name: stdout: No space left on device" ]; then
    echo "$* >/dev/full: exit $status, stderr: $err"; fail=1
  fi
}
check arena "$arena" --replay "$replay" --headless --dump-tick 100
check arena "$arena" --headless --map "$png" --bots 1 --ticks 10
check arena-map "$map_tool" info "$map"
check arena-map "$map_tool" sdf "$map"
check arena-map "$map_tool" sdf "$png"
check arena-map "$map_tool" --help
check arena-bench "$bench" pairs "$pairs"
exit $fail
