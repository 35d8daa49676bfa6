#!/bin/bash
# The engine keeps no hidden mutable state (engine/README.md): the only writable data in its
# libraries are the allocation hooks with their byte counters (base.c) and ae_output's write and link
# hooks for tests (output.c). Lists every object's symbols in .data, .bss and the thread-local sections
# (read-only data after relocation, .data.rel.ro, is not writable) and fails on any other.
# Usage: writable_data.sh OBJDUMP LIBRARY...
set -u
objdump=$1
shift
allowed='^(s_alloc|s_free|s_user|s_live_bytes|s_peak_bytes|t_alloc|write_hook|link_hook)$'
found=$("$objdump" -t "$@" |
    awk '$0 ~ / O / { for (i = 1; i <= NF; i++) if ($i ~ /^\./) { print $i, $NF; break } }' |
    grep -E '^\.(data|bss|tdata|tbss)(\.[^r][^ ]*)? ' | grep -Ev '^\.data\.rel\.ro' |
    awk '{ print $2 }' | sort -u)
bad=$(printf '%s\n' "$found" | grep -Ev "$allowed" | grep -v '^$')
if [ -n "$bad" ]; then
    echo "writable data outside the allocation and write hooks:" $bad
    exit 1
fi
echo "writable data: $(echo $found)"
