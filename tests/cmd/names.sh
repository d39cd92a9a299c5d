#!/usr/bin/env bash
# names: the collector knows no counter names; a new kernel needs no new
# collector.  No name printed by any captured kernel appears in its C code.
. "$(dirname "$0")/../lib.sh"
awk '{print $1}' "$FIXTURES"/*.vmstat | grep -E '^[a-z][a-z0-9_]+$' | sort -u > "$TMP/names"
check "names-1.1 the fixtures name many counters ($(wc -l < "$TMP/names"))" test "$(wc -l < "$TMP/names")" -gt 200
found=$(grep -ohwFf "$TMP/names" "$TOP"/collector/*.c | sort -u | tr '\n' ' ')
is "$found" "" "names-1.2 no /proc/vmstat counter name in collector/*.c"
done_testing
