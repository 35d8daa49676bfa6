#!/usr/bin/env bash
# balance_sane.sh ARENA_BENCH: a short `arena-bench balance --csv` run prints every balance figure
# with a value in its figure's range and a verdict. The targets themselves are the table's
# business (a full run has 60 seeds); this checks that the table is produced and sane.
set -euo pipefail
csv=$("$1" balance --seeds 1 --csv)
printf '%s\n' "$csv" | awk -F, '
  NR == 1 { if ($0 != "figure,lobby,value,target,verdict") { print "bad header: " $0; bad = 1 }; next }
  {
    rows++
    if (NF != 5) { print "bad row: " $0; bad = 1; next }
    v = $3 + 0
    if ($3 !~ /^-?[0-9]+\.[0-9]+$/) { print "not a number: " $0; bad = 1 }
    if ($1 ~ /share|rate|ahead|circle/ && (v < -1 || v > 1)) { print "share out of range: " $0; bad = 1 }
    if ($1 ~ /survival|level s/ && v < 0) { print "negative time: " $0; bad = 1 }
    if ($1 ~ /placement/ && (v < 1 || v > 30)) { print "placement out of range: " $0; bad = 1 }
    if ($5 != "ok" && $5 != "not ok" && $5 != "-" && $5 != "n/a") { print "bad verdict: " $0; bad = 1 }
    if ($5 == "ok" || $5 == "not ok") targets++
  }
  END {
    if (rows != 38 || targets != 33) { print "rows " rows " targets " targets ", expected 38 and 33"; bad = 1 }
    exit bad
  }'
