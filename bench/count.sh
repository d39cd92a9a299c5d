#!/usr/bin/env bash
# bench/count.sh - instructions and system calls per sample, floor and
# collector (issue 18).
#
# CPU time per sample on this VM varies by a third from run to run; the
# count of user-space instructions (callgrind) and of system calls
# (strace -c) does not.  Each program runs twice, for 1 and for N+1
# samples; the difference over N is the cost of one more sample,
# start-up excluded (as in bench/run.sh).  Both run at -i 0.2 (slow
# enough that no tick is missed under valgrind on a quiet machine; where
# one is, the commit ratio is off and a warning says so), the collector with a commit every 30 samples, the ratio of its
# defaults (-i 1, a commit every 30 s), so each sample carries its share
# of a commit.
# What the kernel does inside a call (generating /proc/vmstat's text, a
# commit's writes) is counted by neither: bench/run.sh's CPU times have it.
# usage: bench/count.sh [COLLECTOR[@SAMPLES_PER_COMMIT]...]
# (default build/vmscope-collect@30; more binaries, e.g. an older build
# whose default committed every sample at -i 1, are measured the same
# way: old/vmscope-collect@1; binaries, not wrappers: valgrind does not
# follow a script's exec).  Environment: COUNT_N (default 60).
set -eu
shopt -s inherit_errexit     # a failed run inside $( ) stops the script
cd "$(dirname "$0")/.."
N=${COUNT_N:-60}
OUT=$(mktemp -d /tmp/vmscope-count.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
for tool in valgrind strace; do
	command -v $tool >/dev/null ||
		{ echo "bench/count.sh: $tool is not installed (scripts/deps.sh --bench)" >&2; exit 1; }
done

# user-space instructions of one run of "$@" (callgrind's summary line)
instructions() {
	rm -f "$OUT"/cg.out "$OUT"/*.db*
	valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.out" "$@" \
		>/dev/null 2>"$OUT/err" || { cat "$OUT/err" >&2; return 1; }
	warn_missed_ticks valgrind
	sed -n 's/^summary: \([0-9]*\).*/\1/p' "$OUT/cg.out"
}

# system calls of one run of "$@" (strace -c's total line: % time,
# seconds, usecs/call, calls, [errors,] "total")
syscalls() {
	rm -f "$OUT"/*.db*
	strace -f -c -o "$OUT/st" "$@" >/dev/null 2>"$OUT/err" ||
		{ cat "$OUT/err" >&2; return 1; }
	warn_missed_ticks strace
	awk '$NF == "total" { print $4 + 0 }' "$OUT/st"
}

# warn if the collector's run in $OUT/c.db missed ticks (its commits,
# which are timed, then fall more often than every 30 samples)
warn_missed_ticks() {
	[ ! -e "$OUT/c.db" ] && return 0
	local m
	m=$(sqlite3 "$OUT/c.db" 'SELECT coalesce(sum(missed), 0) FROM sample')
	[ "$m" = 0 ] || echo "bench/count.sh: warning: $m ticks missed under $1 (a loaded machine): more commits than one in 30 samples" >&2
}

# COUNTER CMD...: the counter's cost of one more sample of CMD, whose last
# argument, the sample count, is added here
per_sample() {
	local counter=$1 one many
	shift
	one=$($counter "$@" 1)
	many=$($counter "$@" $((N + 1)))
	awk -v a="$many" -v b="$one" -v n="$N" 'BEGIN { printf "%.1f", (a - b) / n }'
}

row() {
	local what=$1 ins sys
	shift
	ins=$(per_sample instructions "$@")
	sys=$(per_sample syscalls "$@")
	printf '%-52s %10.0f %8s  %s\n' "$what" "$ins" "$sys" \
		"$(awk -v a="$ins" -v b="$floor" 'BEGIN { if (b > 0) printf "%.2fx", a / b }')"
}

echo "per sample, $N samples at 0.2 s, start-up excluded:"
printf '%-52s %10s %8s  %s\n' "" instructions syscalls "vs floor"
floor=$(per_sample instructions bench/floor 0.2)
row "floor (bench/floor: pread + parse)" bench/floor 0.2
for arg in "${@:-build/vmscope-collect@30}"; do
	collect=${arg%@*}
	per=30
	[ "$collect" != "$arg" ] && per=${arg##*@}
	ci=$(awk -v p="$per" 'BEGIN { print p * 0.2 }')
	row "$collect, a commit every $per" "$collect" -q -i 0.2 \
		--commit-interval "$ci" -o "$OUT/c.db" -n
done
