# Sourced by the scripts beside it, which set `dir` (their temporary folder) and `fail`.
# expect LINE COMMAND...: exit 2, nothing on stdout, exactly LINE on stderr, within 20 seconds
# (a reader blocked on a FIFO, or a check made only after a long match, runs out of time).
expect() {
  local want=$1
  shift
  timeout 20 "$@" >"$dir/out" 2>"$dir/err"
  local s=$?
  if [ $s != 2 ] || [ -s "$dir/out" ] || [ "$(cat "$dir/err")" != "$want" ] ||
    [ "$(wc -l <"$dir/err")" != 1 ]; then
    echo "--- $*"
    echo "exit $s (want 2), stdout $(wc -c <"$dir/out") bytes, stderr:"
    cat "$dir/err"
    echo "--- wanted: $want"
    fail=1
  fi
}
