#!/usr/bin/env bash
# size.sh BIN_DIR: the page's download, raw and gzip-compressed as the server sends it; fails
# when the compressed total reaches 8 MiB.
set -euo pipefail
dir=$1
limit=$((8 * 1024 * 1024))
total=0
for f in arena.wasm arena.js arena.data index.html page.js; do
  raw=$(stat -c %s "$dir/$f")
  gz=$(gzip -9 -c "$dir/$f" | wc -c)
  total=$((total + gz))
  printf '  %-11s %9d bytes %9d gzip\n' "$f" "$raw" "$gz"
done
printf '  %-11s %15s %9d gzip (limit %d)\n' total "" "$total" "$limit"
[ "$total" -lt "$limit" ]
