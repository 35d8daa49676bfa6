#!/usr/bin/env bash
# expect.sh EXIT STDOUT_REGEX STDERR_REGEX -- COMMAND ARGS...
# Runs COMMAND and checks its exit status and that stdout and stderr match the extended regular
# expressions, matched against the whole text: write [[:space:]] for a line break (an empty regex means "must be empty"; '.*' accepts anything).
set -u
want_exit=$1 out_re=$2 err_re=$3
shift 3
[ "$1" = "--" ] && shift
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
status=$?
fail=0
if [ "$status" != "$want_exit" ]; then
  echo "exit status $status, expected $want_exit"; fail=1
fi
check() { # name file regex
  if [ -z "$3" ]; then
    [ -s "$2" ] && { echo "$1 should be empty"; fail=1; }
  elif ! grep -Ezq -- "$3" "$2"; then
    echo "$1 does not match /$3/"; fail=1
  fi
}
check stdout "$out" "$out_re"
check stderr "$err" "$err_re"
if [ $fail != 0 ]; then
  echo "--- command: $*"; echo "--- stdout:"; head -c 2000 "$out"; echo "--- stderr:"; head -c 2000 "$err"
fi
exit $fail
