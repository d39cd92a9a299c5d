#!/usr/bin/env bash
# bench/db-scale.sh - `make bench`: the readers against many counter names.
#
# Issue 14: every reader was quadratic in the number of counter names
# (10,000 names: show 42 s, export 81 s; a new name every sample: show
# over 120 s).  Two databases are made with `vmscope import`, then every
# reading command is timed on each (wall seconds, one run each):
#  - wide: 10,000 names (BENCH_WIDE_NAMES) in every one of 30 samples;
#  - growing: one new name per sample, the earlier ones kept, over
#    BENCH_GROW_SAMPLES (default 400) samples: a new layout every sample.
# Target: each command under 5 s on either database.
set -eu
cd "$(dirname "$0")/.."
VMSCOPE=build/vmscope
NAMES=${BENCH_WIDE_NAMES:-10000}
GROW=${BENCH_GROW_SAMPLES:-400}
OUT=$(mktemp -d /tmp/vmscope-dbscale.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

awk -v n="$NAMES" 'BEGIN {
	printf "t"; for (i = 0; i < n; i++) printf ",c%05d", i; printf "\n"
	for (s = 0; s < 30; s++) {
		printf "%d", s; for (i = 0; i < n; i++) printf ",%d", s * i; printf "\n"
	}
}' > "$OUT/wide.csv"
awk -v n="$GROW" 'BEGIN {
	for (s = 0; s < n; s++) {
		printf "pgfault %d\n", s * 10
		for (k = 0; k <= s; k++) printf "name_%05d %d\n", k, s + k
		printf "\n"
	}
}' > "$OUT/grow.log"
"$VMSCOPE" import "$OUT/wide.csv" -o "$OUT/wide.db" --tag kernel=a 2>/dev/null
"$VMSCOPE" import "$OUT/grow.log" -o "$OUT/grow.db" --tag kernel=a 2>/dev/null

secs() {  # secs CMD...: wall seconds of one run, output discarded
	local t0 t1
	t0=$(date +%s.%N)
	"$@" > /dev/null
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}

echo "readers over many counter names (wall s; target < 5 s each)"
printf '  %-10s %12s %12s\n' command "wide $NAMES" "grow $GROW"
for c in runs show table compare attribute "export --csv"; do
	printf '  %-10s %12s %12s\n' "${c%% *}" \
		"$(secs "$VMSCOPE" $c "$OUT/wide.db")" "$(secs "$VMSCOPE" $c "$OUT/grow.db")"
done
