#!/usr/bin/env bash
# generator_matches.sh MAKE_BAD_MAPS SOURCE_DIR
# Runs the fixture generator into a temporary folder and checks that every file it writes is
# committed, byte for byte, under SOURCE_DIR (tests/bad/maps).
set -u
gen=$1 src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$gen" "$dir" || { echo "make_bad_maps failed"; exit 1; }
fail=0 count=0
while IFS= read -r f; do
  count=$((count + 1))
  if ! cmp -s "$dir/$f" "$src/$f"; then
    echo "differs from the generator's output (or missing): $f"; fail=1
  fi
done < <(cd "$dir" && find . -type f | sed 's|^\./||' | sort)
[ "$count" -gt 50 ] || { echo "the generator wrote only $count files"; fail=1; }
exit $fail
