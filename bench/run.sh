#!/usr/bin/env bash
# bench/run.sh - `make bench`: the collector against a bare pread+parse floor.
#
# Everything is measured in this one run, on this machine:
#  - CPU per sample at 0.1 s and 1 s: floor and collector run side by side,
#    at the same time, for N samples; minus the CPU of a one-sample run
#    and divided by N-1, that is the cost of one more sample, free of
#    start-up (exec, schema creation, the first key frame).  Medians over
#    rounds.  At 1 s, also with --commit-interval 1 (one transaction per
#    sample; the default is 30 s, each sample going to the run's tail
#    file meanwhile), and procps `vmstat 1` and sysstat's sadc where installed.
#    At 1 s also in steady state: each program's CPU between two readings
#    of /proc/PID/schedstat, 3 s after the start and 2 s before the end,
#    per second (steady_cpu()), which needs no start-up subtracted.
#  - peak RSS of the collector (wait4's ru_maxrss).
#  - --stat-refresh (root): a 1 s collector with it beside the others, and
#    the fold's CPU on the other CPUs (kworkers' time over 5000 folds).
#  - the folio census (--folios), CPU of the one sample that takes it.
#  - bytes on disk per sample at 1 s, idle and (with stress-ng) under load:
#    the pages of the sample b-tree, from SQLite's dbstat, over the samples.
#  - lateness: p50/p99/max of (sample time - its tick) at 1 s and 0.1 s,
#    over the samples of all rounds, the floor loop's beside the
#    collector's; and under load: stress-ng --vm, and a CPU hog on every
#    CPU (stress-ng --cpu), where the collector's short scheduler slice
#    (collector/pace.c) shows against the loop's default one.
#  - instructions and system calls per sample (bench/count.sh: callgrind
#    and strace, which do not vary from run to run as CPU time does),
#    where valgrind and strace are installed.
#  - reading: counter_values rows per second through the sqlite3 shell.
#  - the analyzer: `vmscope import` of a one-million-sample CSV log (16
#    counters, all changing) and `vmscope compare` over it: wall time, CPU
#    and peak RSS (targets: under 10 s together, under 50 MB).
# Environment: BENCH_ROUNDS (default 3), BENCH_N1 (samples at 1 s, default
# 120, as issue 18 measured), BENCH_N01 (at 0.1 s, default 300), BENCH_LOAD_N (under load, 30),
# BENCH_CPU_N (at 0.1 s beside a CPU hog on every CPU, 200).
set -eu
cd "$(dirname "$0")/.."
N1=${BENCH_N1:-120}
N01=${BENCH_N01:-300}
ROUNDS=${BENCH_ROUNDS:-3}
NLOAD=${BENCH_LOAD_N:-30}
NCPU=${BENCH_CPU_N:-200}
OUT=$(mktemp -d /tmp/vmscope-bench.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
CPU=bench/cpu
FLOOR=bench/floor
COLLECT=build/vmscope-collect

field() { sed -n "s/.*$1=\([0-9]*\).*/\1/p" "$2"; }

echo "vmscope bench: $(uname -r), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "running $ROUNDS rounds: ${N01} samples at 0.1 s and ${N1} at 1 s, floor and collector side by side..."

# what people would use instead, where installed: procps vmstat (stores
# nothing) and sysstat's sadc (writes its binary file)
VMSTAT=$(command -v vmstat || true)
SADC=""
for p in /usr/lib/sysstat/sadc /usr/lib64/sa/sadc /usr/libexec/sysstat/sadc; do
	[ -x "$p" ] && SADC=$p && break
done

# --stat-refresh (root): a collector with it in every round, and the
# fold's cost on the other CPUs: the kworkers' CPU time (clock ticks,
# /proc/*/task/*/stat) over a burst of folds
REFRESH=""
[ -w /proc/sys/vm/stat_refresh ] && REFRESH=1
kworker_ticks() {
	cat /proc/[0-9]*/task/[0-9]*/stat 2>/dev/null |
		awk '$2 ~ /^\(kworker/ { s += $14 + $15 } END { print s + 0 }'
}
fold_us="n/a (needs root)"
if [ -n "$REFRESH" ]; then
	k0=$(kworker_ticks)
	for i in $(seq 5000); do echo 1 > /proc/sys/vm/stat_refresh; done
	fold_us=$(awk -v t=$(( $(kworker_ticks) - k0 )) -v hz="$(getconf CLK_TCK)" \
		'BEGIN { printf "%.0f", t * 1e6 / hz / 5000 }')
fi

# the one-sample runs measure start-up cost, 5 times for a median
for i in 1 2 3 4 5; do
	$CPU $FLOOR 0.1 1 >> "$OUT/f_once"
	rm -f "$OUT/once.db"*
	$CPU $COLLECT -q -i 0.1 -n 1 -o "$OUT/once.db" >> "$OUT/c_once"
	[ -n "$VMSTAT" ] && $CPU "$VMSTAT" -n 1 1 2>/dev/null | tail -1 >> "$OUT/v_once"
	[ -n "$SADC" ] && rm -f "$OUT/sa" && $CPU "$SADC" 1 1 "$OUT/sa" >> "$OUT/s_once"
done
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
# the folio census (--folios): once a run, in its last sample, so its cost
# is a one-sample run's with it less one's without (root: /proc/kpageflags)
census_ms="n/a (needs root)"
if [ -r /proc/kpageflags ]; then
	for i in 1 2 3; do
		rm -f "$OUT/census.db"*
		$CPU $COLLECT -q -i 0.1 -n 1 --folios -o "$OUT/census.db" >> "$OUT/census"
	done
	census_ms=$(( ($(field cpu_us "$OUT/census" | median) - $(field cpu_us "$OUT/c_once" | median)) / 1000 ))
fi
mem_gib=$(awk '/^MemTotal/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)
f_once=$(field cpu_us "$OUT/f_once" | median)
c_once=$(field cpu_us "$OUT/c_once" | median)
v_once=0; s_once=0
[ -n "$VMSTAT" ] && v_once=$(field cpu_us "$OUT/v_once" | median)
[ -n "$SADC" ] && s_once=$(field cpu_us "$OUT/s_once" | median)
per_sample() { echo $(( ($(field cpu_us "$1") - $2) / ($3 - 1) )); }

# lateness DB INTERVAL_US: how late each sample of DB was against its
# tick, a line each (microseconds, then the ticks skipped before it);
# the tick a sample was taken at is its index plus the ticks skipped so
# far, which the collector counts apart (sample.missed)
lateness() {
	sqlite3 "$1" "SELECT t_us - (id % 4294967296 + sum(missed) OVER (ORDER BY id)) * $2,
		missed FROM sample WHERE id % 4294967296 > 0" | tr '|' ' '
}
# "p50 p99 max" of a lateness file's first column, nearest-rank (the
# smallest value with at least that share of the values at or below it;
# under 100 values p99 is the maximum); "n/a" for an empty file
pctl() {
	sort -n "$1" | awk '
		function rank(p,  r) { r = int(NR * p); return r < NR * p ? r + 1 : r }
		{ a[NR] = $1 }
		END { if (NR) printf "%d %d %d", a[rank(0.50)], a[rank(0.99)], a[NR]; else print "n/a" }'
}

# schedstat PID: the nanoseconds PID has run (/proc/PID/schedstat)
schedstat() { awk '{ print $1 }' "/proc/$1/schedstat" 2>/dev/null || echo 0; }
# steady_cpu WRAPPER_PID...: for each program run by bench/cpu under
# WRAPPER_PID, its CPU per second from 3 s after the round starts to 2 s
# before its last sample at 1 s: the CPU per sample in steady state,
# with start-up and exit left out (what one more sample costs, without
# subtracting a start-up measured in another process, whose spread of
# several milliseconds is +-50 us a sample over 60 samples)
steady_cpu() {
	local pids=() before=() p t0 t1 i=0
	sleep 3
	for p in "$@"; do pids+=("$(pgrep -P "$p" | head -1)"); done
	t0=$(date +%s%N)
	for p in "${pids[@]}"; do before+=("$(schedstat "$p")"); done
	sleep $((N1 - 5))
	t1=$(date +%s%N)
	for p in "${pids[@]}"; do
		printf '%s ' $(( ($(schedstat "$p") - before[i]) * 1000000 / (t1 - t0) ))
		i=$((i + 1))
	done
	echo
}

# Each round runs them all at once (they sleep almost all the time), so
# floor and collector see the same machine; this VM's CPU accounting
# varies from run to run, hence several rounds and medians.  Each starts
# at its own phase of the second (ph MSEC: after that many ms, 3 digits):
# started together they would all wake at the same instants, every
# second and every 100 ms, and wait for each other on 2 CPUs (sadc runs
# 1.4 ms a tick), a lateness no single collector sees.  The 0.1 s pair
# at 0 and 50 ms (mod 100), the 1 s programs at 25 and 75 ms (mod 100),
# each in its own 100 ms of the second.
ph() { sleep "0.$1"; }
for r in $(seq "$ROUNDS"); do
	rm -f "$OUT"/c01.db* "$OUT"/c1.db* "$OUT/batch.db"* "$OUT/sr1.db"*
	$CPU $FLOOR 0.1 "$N01" "$OUT/fl01" > "$OUT/f01" &
	(ph 050; exec $CPU $COLLECT -q -i 0.1 -n "$N01" -o "$OUT/c01.db" > "$OUT/c01") &
	(ph 225; exec $CPU $FLOOR 1 "$N1" "$OUT/fl1" > "$OUT/f1") &
	w1=$!
	(ph 425; exec $CPU $COLLECT -q -i 1 -n "$N1" -o "$OUT/c1.db" > "$OUT/c1") &
	w2=$!
	(ph 625; exec $CPU $COLLECT -q -i 1 -n "$N1" --commit-interval 1 -o "$OUT/batch.db" > "$OUT/b1") &
	w3=$!
	if [ -n "$REFRESH" ]; then
		(ph 325; exec $CPU $COLLECT -q -i 1 -n "$N1" --stat-refresh -o "$OUT/sr1.db" > "$OUT/sr1") &
		w4=$!
	else
		echo "cpu_us=0" > "$OUT/sr1"; w4=""
	fi
	(ph 900; steady_cpu $w1 $w2 $w3 $w4 >> "$OUT/steady1") &
	if [ -n "$VMSTAT" ]; then ph 775; $CPU "$VMSTAT" -n 1 "$N1" > "$OUT/v1.out"; else echo "cpu_us=0" > "$OUT/v1.out"; fi &
	if [ -n "$SADC" ]; then ph 875; rm -f "$OUT/sa1"; $CPU "$SADC" 1 "$N1" "$OUT/sa1" > "$OUT/s1"; else echo "cpu_us=0" > "$OUT/s1"; fi &
	wait
	tail -1 "$OUT/v1.out" > "$OUT/v1"
	echo "$(per_sample "$OUT/f01" "$f_once" "$N01") $(per_sample "$OUT/c01" "$c_once" "$N01")" >> "$OUT/r01"
	echo "$(per_sample "$OUT/f1" "$f_once" "$N1") $(per_sample "$OUT/c1" "$c_once" "$N1") $(per_sample "$OUT/b1" "$c_once" "$N1") $(per_sample "$OUT/v1" "$v_once" "$N1") $(per_sample "$OUT/s1" "$s_once" "$N1") $(per_sample "$OUT/sr1" "$c_once" "$N1")" >> "$OUT/r1"
	lateness "$OUT/c01.db" 100000 >> "$OUT/late01"
	lateness "$OUT/c1.db" 1000000 >> "$OUT/late1"
	cat "$OUT/fl01" >> "$OUT/flate01"
	cat "$OUT/fl1" >> "$OUT/flate1"
	field maxrss_kb "$OUT/c01" >> "$OUT/rss"
	field maxrss_kb "$OUT/c1" >> "$OUT/rss"
	echo "  round $r: 0.1 s floor/collector $(tail -1 "$OUT/r01") us, 1 s floor/collector/commit-1s/vmstat/sadc/stat-refresh $(tail -1 "$OUT/r1") us, steady state floor/collector/commit-1s/stat-refresh $(tail -1 "$OUT/steady1")us"
done
col() { awk -v c="$2" '{print $c}' "$1" | median; }
f01=$(col "$OUT/r01" 1); c01=$(col "$OUT/r01" 2)
f1=$(col "$OUT/r1" 1); c1=$(col "$OUT/r1" 2); b1c=$(col "$OUT/r1" 3)
v1=$(col "$OUT/r1" 4); s1=$(col "$OUT/r1" 5); sr1=$(col "$OUT/r1" 6)
spread() { awk -v c="$2" '{print $c}' "$1" | sort -n | awk '{a[NR] = $1} END {printf "%s-%s", a[1], a[NR]}'; }
f01s=$(spread "$OUT/r01" 1); f1s=$(spread "$OUT/r1" 1)
sf1=$(col "$OUT/steady1" 1); sc1=$(col "$OUT/steady1" 2); sb1=$(col "$OUT/steady1" 3)
ssr1=$(col "$OUT/steady1" 4)
rss=$(sort -n "$OUT/rss" | tail -1)

# bytes a sample takes in the sample b-tree's leaves: what the file grows
# by per sample over a long run (appends fill each leaf before the next);
# the interior pages add under 1 % once there are more than a few leaves
# (the first sample, a key frame of every counter, is left out: it is
# paid once per run and shown below with the names)
bytes() {
	sqlite3 "$1" "SELECT ((SELECT sum(pgsize - unused) FROM dbstat
		WHERE name = 'sample' AND pagetype = 'leaf') -
		(SELECT length(absolutes) FROM sample WHERE id & 4294967295 = 0)) * 1.0 /
		((SELECT count(*) FROM sample) - 1)" | awk '{printf "%.0f", $1}'
}
b1=$(bytes "$OUT/c1.db")
file1=$(stat -c %s "$OUT/c1.db")
keyframe=$(sqlite3 "$OUT/c1.db" "SELECT length(absolutes) + (SELECT sum(length(name) + 8) FROM counter_name) FROM sample WHERE id = 1 << 32")

jit01=$(pctl "$OUT/late01"); jit1=$(pctl "$OUT/late1")
fjit01=$(pctl "$OUT/flate01"); fjit1=$(pctl "$OUT/flate1")
missed01=$(awk '{ s += $2 } END { print s + 0 }' "$OUT/late01")
missed1=$(awk '{ s += $2 } END { print s + 0 }' "$OUT/late1")

# under load: stress-ng's VM workers churn the counters
if command -v stress-ng >/dev/null; then
	stress-ng --vm 2 --vm-bytes 25% --timeout $((NLOAD + 5))s >/dev/null 2>&1 &
	spid=$!
	sleep 2
	$CPU $COLLECT -q -i 1 -n "$NLOAD" -o "$OUT/load.db" > "$OUT/cload"
	kill $spid 2>/dev/null || true
	wait $spid 2>/dev/null || true
	bload=$(bytes "$OUT/load.db")
	cload=$(per_sample "$OUT/cload" "$c_once" "$NLOAD")
	changed=$(sqlite3 "$OUT/load.db" "SELECT avg(json_array_length(deltas)) / 2 FROM sample WHERE id & 4294967295 > 0" | awk '{printf "%.0f", $1}')
	lateness "$OUT/load.db" 1000000 > "$OUT/lateload"
	jitload=$(pctl "$OUT/lateload")
	# a CPU hog on every CPU: the floor loop (the scheduler's default
	# slice) and the collector (the shortest, collector/pace.c) side by
	# side at 0.1 s
	stress-ng --cpu "$(nproc)" --timeout $((NCPU / 10 + 8))s >/dev/null 2>&1 &
	spid=$!
	sleep 2
	$FLOOR 0.1 "$NCPU" "$OUT/flatecpu" &
	$COLLECT -q -i 0.1 -n "$NCPU" -o "$OUT/cpu.db"
	wait $!
	kill $spid 2>/dev/null || true
	wait $spid 2>/dev/null || true
	lateness "$OUT/cpu.db" 100000 > "$OUT/latecpu"
	jitcpu=$(pctl "$OUT/latecpu"); fjitcpu=$(pctl "$OUT/flatecpu")
else
	bload="n/a (stress-ng not installed)"; cload="n/a"; changed="n/a"; jitload=""
fi
changed_idle=$(sqlite3 "$OUT/c1.db" "SELECT avg(json_array_length(deltas)) / 2 FROM sample WHERE id & 4294967295 > 0" | awk '{printf "%.0f", $1}')

# reading through the views
start=$(date +%s%N)
rows=$(sqlite3 "$OUT/c01.db" "SELECT count(*) FROM counter_values")
ms=$(( ($(date +%s%N) - start) / 1000000 ))

# the analyzer on a million samples
awk 'BEGIN { print "t,pgscan_kswapd,pgsteal_kswapd,pgscan_direct,pgsteal_direct,pswpin,pswpout,pgfault,pgmajfault,nr_free_pages,nr_file_pages,nr_anon_pages,nr_mapped,allocstall_normal,pageoutrun,pgrefill"
	srand(1)
	for (i = 0; i < 1000000; i++) {
		a += int(rand() * 100); b += int(rand() * 90); c += int(rand() * 5); d += int(rand() * 4)
		e += int(rand() * 3); f += int(rand() * 7); g += int(rand() * 1000); h += int(rand() * 2)
		printf "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n", i, a, b, c, d, e, f, g, h,
			100000 + int(rand() * 1000), 50000 + int(rand() * 500), 20000 + int(rand() * 100),
			3000 + int(rand() * 10), int(i / 1000), int(i / 10), a * 2 } }' > "$OUT/big.csv"
start=$(date +%s%N)
$CPU build/vmscope import "$OUT/big.csv" -o "$OUT/big.db" > "$OUT/imp" 2>/dev/null
imp_ms=$(( ($(date +%s%N) - start) / 1000000 ))
start=$(date +%s%N)
$CPU build/vmscope compare "$OUT/big.db" > "$OUT/cmp" 2>/dev/null
cmp_ms=$(( ($(date +%s%N) - start) / 1000000 ))
imp_rss=$(field maxrss_kb "$OUT/imp"); cmp_rss=$(field maxrss_kb "$OUT/cmp")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }
echo
printf '%-44s %10s %10s %8s  %s\n' "" floor collector ratio target
printf '%-44s %8s us %8s us %8s  %s\n' "CPU per sample at 0.1 s ($N01 samples)" "$f01" "$c01" "$(ratio "$c01" "$f01")" "<= 1.25x"
printf '%-44s %8s us %8s us %8s  %s\n' "CPU per sample at 1 s ($N1 samples)" "$f1" "$c1" "$(ratio "$c1" "$f1")" "<= 1.25x"
printf '%-44s %8s us %8s us %8s  %s\n' "  steady state (schedstat, 3 s to $((N1 - 2)) s)" "$sf1" "$sc1" "$(ratio "$sc1" "$sf1")" "<= 1.25x"
printf '%-44s %8s us %8s us %8s\n' "  same, --commit-interval 1" "$f1" "$b1c" "$(ratio "$b1c" "$f1")"
printf '%-44s %8s us %8s us %8s\n' "  same, steady state" "$sf1" "$sb1" "$(ratio "$sb1" "$sf1")"
if [ -n "$REFRESH" ]; then
	printf '%-44s %8s us %8s us %8s\n' "  same, --stat-refresh" "$f1" "$sr1" "$(ratio "$sr1" "$f1")"
	printf '%-44s %8s us %8s us %8s\n' "  same, steady state" "$sf1" "$ssr1" "$(ratio "$ssr1" "$sf1")"
fi
printf '%-44s %10s %8s us\n' "  the fold's kworker CPU, per sample" "" "$fold_us"
if [ -n "$VMSTAT" ]; then vr=$(ratio "$v1" "$f1"); else v1="n/a (vmstat not installed)"; vr=""; fi
if [ -n "$SADC" ]; then sr=$(ratio "$s1" "$f1"); else s1="n/a (sysstat not installed)"; sr=""; fi
printf '%-44s %8s us %8s us %8s\n' "  vmstat 1 (procps; stores nothing)" "$f1" "$v1" "$vr"
printf '%-44s %8s us %8s us %8s\n' "  sadc 1 (sysstat)" "$f1" "$s1" "$sr"
printf '%-44s %8s us %8s us\n' "floor's spread over rounds, 0.1 s / 1 s" "$f01s" "$f1s"
printf '%-44s %8s us %8s us %8s\n' "start-up CPU (one-sample run, median of 5)" "$f_once" "$c_once" ""
printf '%-44s %10s %7s KB %8s  %s\n' "peak RSS" "" "$rss" "" "< 3072 KB"
printf '%-44s %10s %7s ms\n' "folio census, once a run (--folios, $mem_gib GiB)" "" "$census_ms"
printf '%-44s %10s %8s B %8s  %s\n' "bytes per sample at 1 s, idle (~$changed_idle changed)" "" "$b1" "" "<= 100 B"
printf '%-44s %10s %8s B\n' "bytes per sample at 1 s, stress-ng --vm (~$changed changed)" "" "$bload"
printf '%-44s %10s %8s us\n' "CPU per sample at 1 s under load" "" "$cload"
printf '%-44s %10s %8s B\n' "whole file after $N1 samples at 1 s" "" "$file1"
printf '%-44s %10s %8s B\n' "  of which the first sample (key frame, names)" "" "$keyframe"
# late LABEL "FLOOR P50 P99 MAX" "COLLECTOR P50 P99 MAX" SAMPLES TARGET
late() {
	fmt() { echo "$1" | awk '{ if (NF == 3) printf "%5d / %5d / %5d", $1, $2, $3; else printf "%21s", $0 }'; }
	printf '%-44s %s  %s  %s\n' "$1" "$(fmt "$2")" "$(fmt "$3")" "$5"
	printf '%-44s %s\n' "  samples (collector, all rounds)" "$4"
}
echo
printf '%-44s %21s  %21s\n' "lateness, us: p50 / p99 / max" "floor loop" collector
late "  at 1 s" "$fjit1" "$jit1" "$(wc -l < "$OUT/late1"), $missed1 ticks missed" "p99 < 1000 us"
late "  at 0.1 s" "$fjit01" "$jit01" "$(wc -l < "$OUT/late01"), $missed01 ticks missed" ""
if [ -n "$jitload" ]; then
	late "  at 1 s under stress-ng --vm" "" "$jitload" "$(wc -l < "$OUT/lateload")" ""
	late "  at 0.1 s beside stress-ng --cpu $(nproc)" "$fjitcpu" "$jitcpu" "$(wc -l < "$OUT/latecpu")" ""
fi
echo
printf '%-44s %10s %10s\n' "counter_values rows read (sqlite3 shell)" "" "$(awk -v r="$rows" -v ms="$ms" 'BEGIN { printf "%d/s", r * 1000 / (ms ? ms : 1) }')"
printf '%-44s %10s %7s ms  %s\n' "import of 1,000,000 samples (16 counters)" "" "$imp_ms" "peak RSS $imp_rss KB"
printf '%-44s %10s %7s ms  %s\n' "compare over them" "" "$cmp_ms" "peak RSS $cmp_rss KB"
printf '%-44s %10s %7s ms  %s\n' "  together" "" "$((imp_ms + cmp_ms))" "target < 10000 ms, < 50 MB"
printf '%-44s %10s %8s B\n' "  database size per imported sample" "" "$(( $(stat -c %s "$OUT/big.db") / 1000000 ))"

echo
if command -v valgrind >/dev/null && command -v strace >/dev/null; then
	bench/count.sh
else
	echo "instructions and system calls per sample: not measured (valgrind and strace: scripts/deps.sh --bench)"
fi
