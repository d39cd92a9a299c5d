#!/usr/bin/env bash
# bench/kill9.sh - kill -9 the collector at random points, N times (issue 18).
#
# Each round records at -i 0.05 (default commit interval, so most samples
# are only in the run's tail file when the kill comes), kills it after a
# random 0.2-3 s, checks PRAGMA integrity_check on the database as the
# kill left it, lets the next collector (odd rounds) or a reader, `vmscope
# runs` (even rounds), fold the tail, and checks again:
# the killed run's samples must be numbered without a gap, its newest one
# taken at most a second before the kill, and no tail may be left.
# usage: bench/kill9.sh [N]   (default 100; tests/cmd/collect-fault.sh
# runs 10 of the same)
set -u
cd "$(dirname "$0")/.."
N=${1:-100}
COLLECT=build/vmscope-collect
OUT=$(mktemp -d /tmp/vmscope-kill9.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
q() { sqlite3 -batch -noheader "$1" "$2"; }
bad=0 total=0 worst=0
for k in $(seq "$N"); do
	db="$OUT/k$k.db"
	"$COLLECT" -q -i 0.05 --meminfo -o "$db" &
	pid=$!
	sleep "$((RANDOM % 3)).$((RANDOM % 10))$((RANDOM % 10))"
	sleep 0.2
	# (the braces take bash's "Killed" notice too, printed as it reaps)
	{
		kill -9 $pid
		kill_us=$(( $(date +%s%N) / 1000 ))
		wait $pid
	} 2>/dev/null
	ok1=$(q "$db" 'PRAGMA integrity_check')
	# (a kill before the run's row was stored leaves nothing for a
	# reader to read: the collector folds that round)
	if [ $((k % 2)) = 1 ] || [ "$(q "$db" 'SELECT count(*) FROM run' 2>/dev/null)" != 1 ]; then
		"$COLLECT" -q -n 1 -i 0.05 -o "$db"
	else
		build/vmscope runs "$db" > /dev/null
	fi
	rc=$?
	got=$(q "$db" 'SELECT count(*) || "|" || (max(seq) + 1) FROM sample_seq WHERE run_id = 1')
	n=${got%%|*}
	# how long before the kill the newest stored sample was taken (a
	# kill during start-up, before the first sample, has none: 0)
	age=$(q "$db" "SELECT coalesce($kill_us - started_wall_us - (SELECT max(t_us) FROM sample WHERE id >> 32 = 1), 0) FROM run WHERE id = 1")
	age=${age:-0}
	[ "$age" -gt "$worst" ] && worst=$age
	total=$((total + n))
	if [ "$ok1" != ok ] || [ "$rc" != 0 ] || [ "$(q "$db" 'PRAGMA integrity_check')" != ok ] ||
	   [ "$got" != "$n|$n" ] || [ "$age" -gt 1000000 ] || ls "$db"-vmscope-tail.* >/dev/null 2>&1; then
		bad=$((bad + 1))
		echo "round $k: integrity '$ok1', fold exit $rc, samples|next seq '$got', newest sample $age us before the kill"
	fi
	rm -f "$db"*
done
echo "kill -9 at random points: $N rounds, $bad failed, $total samples kept," \
	"newest sample at most $worst us before the kill"
[ "$bad" = 0 ]
