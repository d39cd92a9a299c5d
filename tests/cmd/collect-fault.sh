#!/usr/bin/env bash
# collect-fault: kill -9, a full disk, bad databases, bad flags.  Each case
# checks the message, the exit code, and that stored data is intact.
. "$(dirname "$0")/../lib.sh"

integrity() { q "$1" 'PRAGMA integrity_check'; }
msg() { if grep -qF -- "$2" "$1"; then pass "$3"; else fail "$3" "output: $(head -3 "$1")"; fi; }
# start_run DB INTERVAL: record DB in the background ($pid) with the default
# commit interval, so each sample is only in the run's tail file, and
# return once that file exists (start-up is slow under the sanitizers);
# kill_run: kill -9 it and reap it
start_run() {
	"$COLLECT" -q -i "$2" -o "$1" &
	pid=$!
	on_exit "kill -9 $pid"
	for _ in $(seq 100); do [ -e "$1"-vmscope-tail.1 ] && break; sleep 0.1; done
}
kill_run() {
	kill -9 $pid
	wait $pid 2>/dev/null
}

# --- kill -9 in the middle of a run --------------------------------------
db="$TMP/kill.db"
"$COLLECT" -q -i 0.01 --commit-interval 0.1 --meminfo -o "$db" &
pid=$!
on_exit "kill -9 $pid"
sleep 1.5
kill -9 $pid
wait $pid 2>/dev/null
is "$(integrity "$db")" ok "fault-1.1 after kill -9 the database passes integrity_check"
n=$(q "$db" 'SELECT samples FROM run_facts')
check "fault-1.2 after kill -9 the committed samples are there ($n)" test "$n" -ge 80
is "$(q "$db" 'SELECT ended_at IS NULL, end_reason IS NULL FROM run_facts')" "1|1" \
	"fault-1.3 the killed run shows as not ended"
is "$(q "$db" "SELECT count(*) = $n FROM counter_values WHERE name = 'pgfault'")" 1 \
	"fault-1.4 every committed sample reads through the views"
"$COLLECT" -q -i 0.01 -n 3 -o "$db"
# (and folds the killed run's tail: samples taken after the last commit)
is "$(q "$db" "SELECT group_concat(samples >= $n) || ',' || group_concat(samples) FROM run_facts WHERE run_id = 1")|$(q "$db" 'SELECT samples FROM run_facts WHERE run_id = 2')" \
	"1,$(q "$db" 'SELECT samples FROM run_facts WHERE run_id = 1')|3" "fault-1.5 a new run appends after a crash"

# --- kill -9 at random points: nothing lost beyond the last second (issue 18)
# Each queued sample is in the run's tail file (collector/tail.h) before
# the next tick; the next collector on the database folds it in.  The
# killed run must then hold every sample up to a second before the kill,
# numbered without a gap, and the database pass integrity_check before
# and after the fold.  bench/kill9.sh does the same 100 times.
lost=0
for k in 1 2 3 4 5 6 7 8 9 10; do
	db="$TMP/k9-$k.db"
	"$COLLECT" -q -i 0.05 --meminfo -o "$db" &
	pid=$!
	on_exit "kill -9 $pid"
	sleep "$((RANDOM % 2 + 1)).$((RANDOM % 10))"
	kill -9 $pid
	kill_us=$(( $(date +%s%N) / 1000 ))
	wait $pid 2>/dev/null
	ok1=$(integrity "$db")
	rc=$(run_rc "$TMP/out" "$COLLECT" -q -n 1 -i 0.05 -o "$db")
	got=$(q "$db" 'SELECT count(*), max(seq) + 1 FROM sample_seq WHERE run_id = 1')
	n=${got%%|*}
	# how long before the kill the newest stored sample was taken
	age=$(q "$db" "SELECT $kill_us - started_wall_us - (SELECT max(t_us) FROM sample WHERE id >> 32 = 1) FROM run WHERE id = 1")
	if [ "$ok1" != ok ] || [ "$rc" != 0 ] || [ "$(integrity "$db")" != ok ] ||
	   [ "$got" != "$n|$n" ] || [ "${age:-9999999}" -gt 1000000 ] || ls "$db"-vmscope-tail.* >/dev/null 2>&1; then
		lost=$((lost + 1))
		echo "# kill -9: integrity '$ok1', fold exit $rc, samples|next seq '$got', newest sample $age us before the kill"
	fi
done
is "$lost" 0 "fault-1.6 ten kill -9 at random points: integrity_check, no gap, nothing lost beyond the last second, tail folded"

# a crash in the middle of a fold: after the commit, before the tail is
# removed.  Folding the same tail again adds nothing and damages nothing.
db="$TMP/refold.db"
start_run "$db" 0.05
sleep 1
kill_run
cp "$db"-vmscope-tail.1 "$TMP/tail.copy"
check "fault-1.7 the killed run left its tail (its samples are not committed)" \
	test -s "$TMP/tail.copy"
"$COLLECT" -q -n 1 -o "$db"
n=$(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 1')
cp "$TMP/tail.copy" "$db"-vmscope-tail.1
rc=$(run_rc "$TMP/out" "$COLLECT" -q -n 1 -o "$db")
is "$rc" 0 "fault-1.8 a tail folded twice (a crash before its removal) is folded again"
is "$(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 1')|$(integrity "$db")" "$n|ok" \
	"fault-1.9 without a duplicate or damage ($n samples)"
check "fault-1.10 and the tail is gone" test ! -e "$db"-vmscope-tail.1

# every vmscope command that reads a database folds a killed run's tail
# first (tail_recover()), so `vmscope show` right after a kill -9 sees
# the samples the commit interval (30 s by default) had not yet stored;
# a live run's tail is left to its collector
db="$TMP/reader.db"
start_run "$db" 0.05
sleep 1
setup "$VMSCOPE" runs "$db"
check "fault-1.11 a reader leaves a live run's tail alone" test -s "$db"-vmscope-tail.1
setup "$COLLECT" -q -n 1 -o "$db"
check "fault-1.12 and so does a second collector on the database" test -s "$db"-vmscope-tail.1
kill_run
stored=$(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 1')
rc=$(run_rc "$TMP/out" "$VMSCOPE" runs "$db")
got=$(q "$db" 'SELECT count(*) || "|" || (max(seq) + 1) FROM sample_seq WHERE run_id = 1')
n=${got%%|*}
is "$rc|$got" "0|$n|$n" "fault-1.13 after kill -9, vmscope runs folds the tail: samples numbered without a gap"
check "fault-1.14 more than the $stored committed before the kill ($n)" test "$n" -gt "$stored"
is "$(awk '$1 == 1 { print $NF }' "$TMP/out")|$(integrity "$db")" "$n|ok" \
	"fault-1.15 and lists them all, the database intact"
check "fault-1.16 the tail is gone" test ! -e "$db"-vmscope-tail.1
# on read-only storage the reader reads what is committed and says what
# it cannot show
if need_root && mkdir -p "$TMP/ro" && mount -t tmpfs -o size=4m tmpfs "$TMP/ro" 2>/dev/null; then
	on_exit "umount -l '$TMP/ro'"
	db="$TMP/ro/ro.db"
	start_run "$db" 0.05
	sleep 0.5
	kill_run
	# (sqlite3 reads the WAL into the main file before the remount)
	sqlite3 "$db" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
	committed=$(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 1')
	mount -o remount,ro "$TMP/ro"
	rc=$(run_rc "$TMP/out" "$VMSCOPE" runs "$db")
	is "$rc|$(awk '$1 == 1 { print $NF }' "$TMP/out")" "0|$committed" \
		"fault-1.17 on read-only storage a reader still lists the killed run, its $committed committed samples"
	msg "$TMP/out" "warning: 1 killed run's samples in '$db-vmscope-tail.*' are not shown: cannot write '$db': Read-only file system" \
		"fault-1.18 and says its tail's samples are not shown, and why"
	check "fault-1.19 the tail is kept" test -s "$db"-vmscope-tail.1
else
	skip "fault-1.17 read-only storage" "needs root to mount a tmpfs read-only"
fi
# a writer that holds the database (an import, say) makes a reader wait
# a second at most, then read without folding
db="$TMP/locked.db"
start_run "$db" 0.05
sleep 0.5
kill_run
sqlite3 "$db" 'BEGIN IMMEDIATE' '.shell sleep 4' 'COMMIT' &
lockpid=$!
sleep 0.5
start=$(date +%s%N)
rc=$(run_rc "$TMP/out" "$VMSCOPE" runs "$db")
ms=$(( ($(date +%s%N) - start) / 1000000 ))
wait $lockpid
is "$rc" 0 "fault-1.20 a reader of a database a writer holds still reads it"
check "fault-1.21 without waiting for the writer (${ms} ms)" test "$ms" -lt 3000
msg "$TMP/out" "are not shown: cannot write '$db': database is locked" "fault-1.22 and says the killed run's samples are not shown, and why"
check "fault-1.23 the tail is kept for later" test -s "$db"-vmscope-tail.1

# --- a full disk ------------------------------------------------------------
if ! need_root; then
	skip "fault-2 full disk" "needs root to mount a small tmpfs"
else
	mnt="$TMP/small"
	mkdir -p "$mnt"
	if mount -t tmpfs -o size=400k tmpfs "$mnt" 2>/dev/null; then
		on_exit "umount -l '$mnt'"
		db="$mnt/full.db"
		setup "$COLLECT" -q -i 0.01 -n 20 -o "$db"
		before=$(q "$db" "SELECT group_concat(u64) FROM counter_values WHERE run_id = 1")
		rc=$(run_rc "$TMP/out" "$COLLECT" -i 0.01 --commit-interval 0.05 --meminfo --zoneinfo -o "$db")
		is "$rc" 1 "fault-2.1 a full disk ends the run with exit 1"
		# the disk fills under the tail's write or under SQLite's commit
		if grep -qE "database or disk is full|No space left on device" "$TMP/out"; then
			pass "fault-2.2 and says the disk is full"
		else
			fail "fault-2.2 and says the disk is full" "output: $(head -3 "$TMP/out")"
		fi
		is "$(integrity "$db")" ok "fault-2.3 the database passes integrity_check"
		is "$(q "$db" "SELECT group_concat(u64) FROM counter_values WHERE run_id = 1")" "$before" \
			"fault-2.4 the earlier run is unchanged"
		n2=$(q "$db" 'SELECT samples FROM run_facts WHERE run_id = 2')
		check "fault-2.5 the full run keeps what it committed ($n2 samples)" test "${n2:-0}" -gt 0
		# a fold into a full disk: the tail of a killed run stays until
		# there is room, then is folded whole
		rm -f "$db"*
		start_run "$db" 0.02
		sleep 1
		kill_run
		tails=$(ls "$db"-vmscope-tail.* | wc -l)
		want=$(stat -c %s "$db"-vmscope-tail.1)
		head -c 100M /dev/zero > "$mnt/filler" 2>/dev/null
		rc=$(run_rc "$TMP/out" "$COLLECT" -n 1 -o "$db")
		is "$rc|$tails" "1|1" "fault-2.6 a fold into a full disk fails with exit 1"
		msg "$TMP/out" "database or disk is full" "fault-2.7 and says the disk is full"
		is "$(stat -c %s "$db"-vmscope-tail.1)|$(integrity "$db")" "$want|ok" \
			"fault-2.8 the tail is kept whole and the database intact"
		rc=$(run_rc "$TMP/out" "$VMSCOPE" show "$db" 1)
		is "$rc" 0 "fault-2.11 a reader on the full disk still shows the killed run"
		msg "$TMP/out" "1 killed run's samples in '$db-vmscope-tail.*' are not shown: cannot write '$db': database or disk is full" \
			"fault-2.12 and says its tail's samples are not shown, and why"
		is "$(stat -c %s "$db"-vmscope-tail.1)|$(integrity "$db")" "$want|ok" \
			"fault-2.13 the tail still whole and the database intact"
		rm -f "$mnt/filler"
		rc=$(run_rc "$TMP/out" "$COLLECT" -q -n 1 -o "$db")
		is "$rc" 0 "fault-2.9 with room again the next run folds it"
		check "fault-2.10 and the killed run has its samples ($(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 1'))" \
			test "$(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 1')" -ge 20
		# a commit that fails mid-run (the disk fills under it) loses
		# nothing it held: its samples stay in the run's tail (store.h),
		# and with room again the next open folds them in, numbered on
		# without a gap after the ones committed before the failure
		rm -f "$db"*
		setup "$COLLECT" -q -i 0.01 -n 20 -o "$db"
		rc=$(run_rc "$TMP/out" "$COLLECT" -q -i 0.01 --commit-interval 0.05 --meminfo --zoneinfo -o "$db")
		n2=$(q "$db" 'SELECT count(*) FROM sample WHERE id >> 32 = 2')
		is "$rc|$(grep -c 'database or disk is full' "$TMP/out")|$(ls "$db"-vmscope-tail.* 2>/dev/null)" \
			"1|1|$db-vmscope-tail.2" "fault-2.14 a commit that fails on a full disk: exit 1, said, the run's tail kept"
		mount -o remount,size=4m "$mnt"
		rc=$(run_rc "$TMP/out" "$COLLECT" -q -n 1 -o "$db")
		got=$(q "$db" 'SELECT count(*) || "|" || (max(seq) + 1) FROM sample_seq WHERE run_id = 2')
		n=${got%%|*}
		is "$rc|$got|$(integrity "$db")" "0|$n|$n|ok" \
			"fault-2.15 with room again the next run folds the tail: no gap, the database intact"
		check "fault-2.16 ... more samples than the $n2 committed before the failure ($n)" test "$n" -gt "$n2"
	else
		skip "fault-2 full disk" "cannot mount tmpfs here"
	fi
fi

# --- databases that are not ours --------------------------------------------
# refused N DB MESSAGE WHAT: the collector refuses DB with MESSAGE, exit 1,
# and leaves the file byte for byte as it was
refused() {
	local sum rc
	sum=$(md5sum < "$2")
	rc=$(run_rc "$TMP/out" "$COLLECT" -n 1 -o "$2")
	is "$rc" 1 "fault-$1.1 $4 is refused"
	msg "$TMP/out" "$3" "fault-$1.2 with a clear message"
	is "$(md5sum < "$2")" "$sum" "fault-$1.3 and is left untouched"
}

head -c 8192 /dev/urandom > "$TMP/garbage.db"
refused 3 "$TMP/garbage.db" "cannot open '$TMP/garbage.db': file is not a database" "a garbage file"

sqlite3 "$TMP/foreign.db" 'CREATE TABLE customers (id INTEGER, name TEXT); INSERT INTO customers VALUES (1, "x")'
refused 4 "$TMP/foreign.db" "not a vmscope database" "another program's SQLite database"

setup "$COLLECT" -q -n 2 -i 0.01 -o "$TMP/newer.db"
sqlite3 "$TMP/newer.db" 'PRAGMA user_version = 99'
refused 5 "$TMP/newer.db" "schema version 99 is newer than this vmscope reads (4)" "a newer schema"

# a version-1 database (before the trace source) is migrated on write
setup "$COLLECT" -q -n 2 -i 0.01 -o "$TMP/v1.db"
sqlite3 "$TMP/v1.db" "DELETE FROM counter_kind WHERE source = 'trace'; PRAGMA user_version = 1"
before=$(sqlite3 "$TMP/v1.db" 'SELECT count(*), sum(value) FROM counter_values WHERE run_id = 1')
rc=$(run_rc "$TMP/out" "$VMSCOPE" runs "$TMP/v1.db")
is "$rc" 0 "fault-5.7 the analyzer reads a version-1 database as it is"
is "$(sqlite3 "$TMP/v1.db" 'PRAGMA user_version')" 1 "fault-5.8 and leaves it at version 1"
setup "$COLLECT" -q -n 2 -i 0.01 -o "$TMP/v1.db"
is "$(sqlite3 "$TMP/v1.db" 'PRAGMA user_version')" 4 "fault-5.4 a version-1 database is migrated to 4 on write"
is "$(sqlite3 "$TMP/v1.db" "SELECT kind FROM counter_kind WHERE source = 'trace'")" counter \
	"fault-5.5 the migration adds the trace source's kind"
is "$(sqlite3 "$TMP/v1.db" 'SELECT count(*), sum(value) FROM counter_values WHERE run_id = 1')" "$before" \
	"fault-5.6 the run recorded before the migration is unchanged"

# a version-2 database: the counter_values view before issue 11's reset
# fix, as version 2 made it (schema/counter_values-v2.sql)
setup "$COLLECT" -q -n 2 -i 0.01 -o "$TMP/v2.db"
setup "$COLLECT" -q -n 1 -i 0.01 -o "$TMP/v3.db"
{ echo "DROP VIEW counter_values;"; cat "$TOP/schema/counter_values-v2.sql"
  echo "PRAGMA user_version = 2;"; } | sqlite3 "$TMP/v2.db"
sum=$(md5sum < "$TMP/v2.db")
rc=$(run_rc "$TMP/out" "$VMSCOPE" show "$TMP/v2.db")
is "$rc|$(md5sum < "$TMP/v2.db")" "0|$sum" "fault-5.9 a version-2 database, its older view included, reads unchanged"
setup "$COLLECT" -q -n 1 -i 0.01 -o "$TMP/v2.db"
is "$(sqlite3 "$TMP/v2.db" 'PRAGMA user_version')" 4 "fault-5.10 and is migrated to 4 on write"
view() { sqlite3 "$1" "SELECT sql FROM sqlite_schema WHERE name = 'counter_values'" | md5sum; }
is "$(view "$TMP/v2.db")" "$(view "$TMP/v3.db")" "fault-5.11 with the view as this version makes it"
is "$(sqlite3 "$TMP/v2.db" 'SELECT count(DISTINCT run_id) FROM counter_values')" 2 \
	"fault-5.12 both runs read through it"

# a version-3 database (before cgroup v2's memory.events) gains their kinds
setup "$COLLECT" -q -n 2 -i 0.01 -o "$TMP/v3m.db"
events="'low', 'high', 'max', 'oom', 'oom_kill', 'oom_group_kill', 'sock_throttled', 'numa_*', 'swp*_zero'"
sqlite3 "$TMP/v3m.db" "DELETE FROM counter_kind WHERE source = 'memcg' AND pattern IN ($events); PRAGMA user_version = 3"
before=$(sqlite3 "$TMP/v3m.db" 'SELECT count(*), sum(value) FROM counter_values WHERE run_id = 1')
setup "$COLLECT" -q -n 1 -i 0.01 -o "$TMP/v3m.db"
is "$(sqlite3 "$TMP/v3m.db" 'PRAGMA user_version')" 4 "fault-5.13 a version-3 database is migrated to 4 on write"
is "$(sqlite3 "$TMP/v3m.db" "SELECT group_concat(pattern || '=' || kind, ' ') FROM (SELECT pattern, kind FROM counter_kind WHERE source = 'memcg' AND pattern IN ($events) ORDER BY pattern)")" \
	"high=counter low=counter max=counter numa_*=counter oom=counter oom_group_kill=counter oom_kill=counter sock_throttled=counter swp*_zero=counter" \
	"fault-5.14 the migration adds the kinds of memory.events and v2's memory.stat counts"
kinds="SELECT count(*) || ': ' || group_concat(source || ':' || pattern || ':' || kind || ':' || rank, ' ')
	FROM (SELECT * FROM counter_kind ORDER BY source, rank, pattern)"
setup "$COLLECT" -q -n 1 -i 0.01 -o "$TMP/fresh.db"
is "$(sqlite3 "$TMP/v3m.db" "$kinds")" "$(sqlite3 "$TMP/fresh.db" "$kinds")" \
	"fault-5.14b and leaves counter_kind as a new database has it"
is "$(sqlite3 "$TMP/v3m.db" 'SELECT count(*), sum(value) FROM counter_values WHERE run_id = 1')" "$before" \
	"fault-5.15 the run recorded before the migration is unchanged"

setup "$COLLECT" -q -n 50 -i 0.01 --zoneinfo -o "$TMP/trunc.db"
truncate -s $(($(stat -c %s "$TMP/trunc.db") / 2)) "$TMP/trunc.db"
refused 6 "$TMP/trunc.db" "database disk image is malformed" "a truncated database"

rc=$(run_rc "$TMP/out" "$COLLECT" -n 1 -o "$TMP/no/such/dir/x.db")
is "$rc" 1 "fault-7.1 an unwritable path"
msg "$TMP/out" "cannot open '$TMP/no/such/dir/x.db': unable to open database file" "fault-7.2 says so"

# --- misuse: exit 2 with usage -----------------------------------------------
for args in "-i 0" "-i 0.001" "-i abc" "-n 0" "-n x" "-d -1" "--tag novalue" "--tag =v" \
	"--tag a=1 --tag a=2" "--commit-interval 0" "--bogus"; do
	# shellcheck disable=SC2086
	rc=$(run_rc "$TMP/out" "$COLLECT" $args -o "$TMP/misuse.db")
	is "$rc" 2 "fault-8 '$args' is misuse (exit 2)"
done
check "fault-8.1 misuse prints usage" grep -q "^usage: vmscope-collect" "$TMP/out"
check "fault-8.2 misuse writes no database" test ! -e "$TMP/misuse.db"
rc=$(run_rc "$TMP/out" "$COLLECT" --cgroup no-such-group -n 1 -o "$TMP/cg.db")
is "$rc" 1 "fault-9.1 a missing cgroup is an error"
msg "$TMP/out" "cannot find memory cgroup 'no-such-group'" "fault-9.2 and says which"
# --- a killed run's tail that cannot be read --------------------------------
# the open folds every orphaned tail before it writes: one it cannot read
# is an error there (as a fold into a full disk, fault-2.6), exit 1, the
# database untouched and no run begun
setup "$COLLECT" -q -n 2 -i 0.01 -o "$TMP/badtail.db"
mkdir "$TMP/badtail.db-vmscope-tail.9"
sum=$(md5sum < "$TMP/badtail.db")
rc=$(run_rc "$TMP/out" "$COLLECT" -q -n 1 -o "$TMP/badtail.db")
is "$rc|$(md5sum < "$TMP/badtail.db")" "1|$sum" "fault-10.1 a tail that cannot be read (a directory): exit 1, the database untouched"
msg "$TMP/out" "cannot read '$TMP/badtail.db-vmscope-tail.9': Is a directory" "fault-10.2 and says which tail, and why"
# --- a new counter name the database refuses mid-run -----------------------
# interning a layout's names fails (another process added a trigger after
# the open checked the schema): the collector stops with an error, and
# the run still records how it ended, as a run that failed, not as one
# killed (the interning's transaction rolled back, not left to swallow
# the end's update)
mkdir -p "$TMP/intern/proc"
printf 'pgfault 1\nnr_free_pages 7\n' > "$TMP/intern/proc/vmstat"
"$COLLECT" -q --root "$TMP/intern" -i 0.05 -o "$TMP/intern.db" > "$TMP/intern.out" 2>&1 &
pid=$!
on_exit "kill $pid 2> /dev/null"
# the run's row is written once the open has checked the schema
until_run() { for _ in $(seq 100); do [ "$(q "$1" 'SELECT count(*) FROM run' 2> /dev/null)" = 1 ] && break; sleep 0.05; done; }
until_run "$TMP/intern.db"
setup sqlite3 -cmd ".timeout 5000" "$TMP/intern.db" "CREATE TRIGGER nonew BEFORE INSERT ON counter_name BEGIN SELECT RAISE(ABORT, 'no new names'); END"
printf 'pgfault 2\nnr_free_pages 7\nnew_one 5\n' > "$TMP/intern/proc/vmstat"
for _ in $(seq 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.05; done
kill "$pid" 2> /dev/null
wait "$pid"
rc=$?
is "$rc" 1 "fault-11.1 a name the database refuses mid-run: exit 1"
msg "$TMP/intern.out" "cannot write '$TMP/intern.db': no new names" "fault-11.2 and says why"
is "$(q "$TMP/intern.db" "SELECT end_reason || '|' || (ended_wall_us > 0) FROM run")" "error|1" \
	"fault-11.3 the run ends as one that failed (end_reason error, its end time), not as one killed"
# --- the run's end refused --------------------------------------------------
# the last write of a run, its end, fails (a trigger added after the
# open): exit 1 and said, and every sample committed before it is kept,
# no tail left behind
"$COLLECT" -q -i 0.05 -o "$TMP/noend.db" > "$TMP/noend.out" 2>&1 &
pid=$!
on_exit "kill $pid 2> /dev/null"
until_run "$TMP/noend.db"
setup sqlite3 -cmd ".timeout 5000" "$TMP/noend.db" "CREATE TRIGGER noend BEFORE UPDATE OF end_reason ON run BEGIN SELECT RAISE(ABORT, 'no ends'); END"
sleep 0.3
kill -INT "$pid"
wait "$pid"
rc=$?
is "$rc" 1 "fault-12.1 the run's end refused: exit 1"
msg "$TMP/noend.out" "cannot write '$TMP/noend.db': no ends" "fault-12.2 and says why"
n=$(q "$TMP/noend.db" 'SELECT count(*) FROM sample')
check "fault-12.3 the samples taken before are kept ($n), no tail left" \
	test "$n" -ge 4 -a -z "$(ls "$TMP"/noend.db-vmscope-tail.* 2> /dev/null)"
done_testing
