#!/usr/bin/env bash
# tests/fuzz/run.sh [-s SECONDS] [TARGET...] - run the libFuzzer targets.
#
# Each target (all by default) runs SECONDS (default 3) from its seeds in
# tests/fuzz/corpus/TARGET plus what earlier runs found (kept outside the
# tree, in build/fuzz/corpus/TARGET).  A crash leaves its input in
# tests/fuzz/crashes/TARGET/ (reproduce: build/fuzz/fuzz-TARGET FILE).
# The inputs already in tests/fuzz/crashes/TARGET/ are replayed first:
# one that still crashes counts as a crash ("still crash: FILE").
# Prints executions and crashes per target and the totals; exits 1 if any
# target crashed or did not run.  Runs in libFuzzer's fork mode, which
# goes on after a crash; FUZZ_FORK=0 runs in one process (faster, but
# stops at the first crash).  Build first: make -f tests/fuzz/Makefile.
set -u
cd "$(dirname "$0")/../.."
secs=3
if [ "${1:-}" = -s ]; then secs=$2; shift 2; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(vmstat meminfo zoneinfo psi memcg trace frame_enc frame_dec transfer kmod import dbfile folios model)
total=0 crashed=0 bad=0
printf '%-10s %12s %10s %8s  %s\n' target executions exec/s crashes note
for t in "${targets[@]}"; do
	bin=build/fuzz/fuzz-$t
	work=build/fuzz/corpus/$t crashes=tests/fuzz/crashes/$t log=build/fuzz/$t.log
	if [ ! -x "$bin" ] || [ ! -d "tests/fuzz/corpus/$t" ]; then
		printf '%-10s %12s %10s %8s  %s\n' "$t" - - - "no such target (build it: make -f tests/fuzz/Makefile)"
		bad=$((bad + 1))
		continue
	fi
	mkdir -p "$work" "$crashes"
	# the reproducers kept from earlier runs must not crash any more
	still=""
	for f in "$crashes"/*; do
		[ -f "$f" ] || continue
		timeout 60 "$bin" "$f" > "$log" 2>&1 || still="$still $(basename "$f")"
	done
	before=$(find "$crashes" -type f | wc -l)
	# -fork=1 with -ignore_crashes: a crash is kept and fuzzing goes on,
	# so one shallow bug does not stop the run.  -close_fd_mask=3: the
	# messages of the code under test are not wanted; libFuzzer and the
	# sanitizers keep a copy of stderr for their reports.
	# FUZZ_FORK=0: one process, faster, but it stops at the first crash
	if [ "${FUZZ_FORK:-1}" = 0 ]; then
		"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 -close_fd_mask=3 \
			-print_final_stats=1 -artifact_prefix="$crashes/" "$work" "tests/fuzz/corpus/$t" > "$log" 2>&1
		rc=$?
		last=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
		execs=$last
	else
		"$bin" -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
			-max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 -close_fd_mask=3 \
			-artifact_prefix="$crashes/" "$work" "tests/fuzz/corpus/$t" > "$log" 2>&1
		rc=$?
		# the fork loop's status lines: "#EXECS: cov: ... oom/timeout/crash: A/B/C"
		last=$(grep -E '^#[0-9]+: ' "$log" | tail -n 1)
		execs=${last%%:*}; execs=${execs#\#}
	fi
	rate=$(( ${execs:-0} / secs ))
	new=$(( $(find "$crashes" -type f | wc -l) - before ))
	# a crashed process leaves its input file in /dev/shm (name.PID)
	for f in /dev/shm/vmscope-fuzz-*; do
		[ -e "$f" ] && ! kill -0 "${f##*.}" 2>/dev/null && rm -f "$f"
	done
	note=""
	if [ "$new" -gt 0 ] || [ -z "$last" ]; then
		crashed=$((crashed + 1))
		[ -z "$last" ] && note="did not run (exit $rc; see $log) "
		kinds=$(grep -ohE 'ERROR: [A-Za-z]+Sanitizer: [a-z-]+|[a-z/_]+\.c:[0-9]+:[0-9]+: runtime error: [a-z ]+' "$log" |
			sort | uniq -c | sort -rn | head -n 3 | sed 's/^ *\([0-9]*\) /\1x /' | tr '\n' ';')
		# where: the first frame in our code, from the newest reproducer
		file=$(ls -t "$crashes" | head -n 1)
		[ -n "$file" ] && kinds="$kinds at $(UBSAN_OPTIONS=print_stacktrace=1 "$bin" "$crashes/$file" 2>&1 |
			grep -m1 -oE ' in [a-z_0-9]+ /[^ ]*(collector|analyzer|lab|model|tests/fuzz)/[^ ]*' | sed 's| /.*/\([a-z]*/[^/]*\)$| \1|')"
		note="$note$kinds; inputs in $crashes/"
	fi
	if [ -n "$still" ]; then
		[ "$new" -gt 0 ] || [ -z "$last" ] || crashed=$((crashed + 1))
		note="${note:+$note; }still crash:$still"
	fi
	printf '%-10s %12s %10s %8s  %s\n' "$t" "${execs:-0}" "${rate:-0}" "$new" "$note"
	total=$((total + ${execs:-0}))
done
echo "fuzz: ${#targets[@]} targets, $total executions, $crashed crashed, ${secs}s each"
[ "$crashed" -eq 0 ] && [ "$bad" -eq 0 ]
