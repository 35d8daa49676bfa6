#!/usr/bin/env bash
# oom_ulimit.sh ARENA ARENA_BENCH SANITIZED: runs out of memory for real under `ulimit -v`
# (issue 27): a match on a walled 4096x4096 map ends in one line and exit 2 (it aborted on a
# double free in the bots' navigation), and `arena-bench pairs` on 10,000 coincident circles
# counts their 49,995,000 pairs within the limit (it asserted in the broadphase, and took 1.7 GB
# without a limit). ASan reserves terabytes of address space, so under the sanitizer build
# `ulimit -v` cannot work: skipped there (exit 77); test_match_start_oom covers the paths.
set -u
arena=$1 bench=$2 sanitized=$3
[ "$sanitized" = ON ] && { echo "skipped: ulimit -v does not work under ASan"; exit 77; }
dir=$(mktemp -d) && trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY' || exit 1
import struct, sys, zlib
w = h = 4096
# A checkerboard of 8-cell blocks: its cover points alone need more than decoding the file.
rows = [bytes(0xff if (x // 8 + k) % 2 else 0 for x in range(w)) for k in range(2)]
raw = b''.join(b'\x00' + rows[(y // 8) % 2] for y in range(h))
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
with open(sys.argv[1] + '/W.png', 'wb') as f:
    f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
with open(sys.argv[1] + '/co.txt', 'w') as f:
    f.write('5 5 1\n' * 10000)
PY
fail=0
# 125 MB (below about 115 MB decoding the PNG already fails in SDL). A white map no longer
# serves: with search nodes in pages as searches touch them, the map held once, the cover
# search's own small flood and the field in 2 bytes a corner, its match needs less than its
# decoding; the checkerboard's runs out while its cover points are made.
err=$( (ulimit -v 125000; "$arena" --headless --map "$dir/W.png" --bots 1 --ticks 10) 2>&1 >/dev/null)
status=$?
if [ $status != 2 ] || [ "$(printf '%s\n' "$err" | wc -l)" != 1 ] || [[ "$err" != "arena: "*"out of memory"* ]]; then
  echo "headless match: exit $status, stderr: $err"; fail=1
fi
out=$( (ulimit -v 300000; "$bench" pairs "$dir/co.txt") 2>&1)
status=$?
want=$'pairs 49995000\nchecksum 166617503133345000'
if [ $status != 0 ] || [ "$out" != "$want" ]; then
  echo "pairs: exit $status, output: $out"; fail=1
fi
exit $fail
