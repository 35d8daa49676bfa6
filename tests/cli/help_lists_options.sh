#!/usr/bin/env bash
# help_lists_options.sh ARENA ARENA_MAP ARENA_BENCH SOURCE_DIR ARENA_SERVER ARENA_LOBBY
# Every option a program's parser knows (the "--name" literals of its sources) is in its --help,
# which is the README's command-line block (game/cmake/about.cmake): an option added to a parser
# without a line in the README fails here. --help, -h and --version are listed too.
set -u
src=$4
fail=0
check() { # PROGRAM SOURCES...
  local program=$1 help option
  shift
  help=$("$program" --help) || { echo "$program --help failed"; fail=1; return; }
  for option in $(grep -ho '"--[a-z][a-z-]*"' "$@" | tr -d '"' | sort -u) --help -h --version; do
    grep -qE -- "(^|[^a-z-])$option([^a-z-]|$)" <<<"$help" ||
      { echo "$(basename "$program") --help does not name $option"; fail=1; }
  done
}
check "$1" "$src/game/app/run/options.c"
check "$2" "$src"/engine/tools/arena_map/*.c
check "$3" "$src"/game/bench/*.c
check "$5" "$src"/game/server/*.c
check "$6" "$src"/game/lobby/lobby_options.c # (lobby_match.c holds the servers' options)
exit $fail
