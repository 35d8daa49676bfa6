#!/bin/bash
# No hidden mutable state: lists every object's symbols in .data, .bss and the thread-local
# sections of the given libraries (read-only data after relocation, .data.rel.ro, is not writable)
# as OBJECT:SYMBOL (a function's static is SYMBOL.N) and fails on any that ALLOWED (an extended
# regular expression over OBJECT:SYMBOL; empty: none allowed) does not match. The sanitizers'
# own markers (__odr_asan.NAME: one byte per global, which AddressSanitizer writes to catch
# one-definition-rule clashes) are the instrumentation's, not the code's, and are passed over.
# Usage: writable_data.sh OBJDUMP ALLOWED LIBRARY...
set -u
objdump=$1
allowed=${2:-'^$'}
shift 2
found=$("$objdump" -t "$@" |
    awk '/file format/ { obj = $1; sub(/:$/, "", obj) }
         $0 ~ / O / { for (i = 1; i <= NF; i++) if ($i ~ /^\./) { print $i, obj ":" $NF; break } }' |
    grep -E '^\.(data|bss|tdata|tbss)(\.[^r][^ ]*)? ' | grep -Ev '^\.data\.rel\.ro' |
    awk '{ print $2 }' | grep -Ev ':__odr_asan\.' | sort -u)
bad=$(printf '%s\n' "$found" | grep -Ev "$allowed" | grep -v '^$')
if [ -n "$bad" ]; then
    echo "writable data not on the allow-list:" $bad
    exit 1
fi
echo "writable data: $(echo $found)"
