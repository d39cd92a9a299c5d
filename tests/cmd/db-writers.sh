#!/usr/bin/env bash
# db-writers: writers refuse what they must not append to, untouched, and
# share a database without failing (issue 14).
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1

# must CMD...: a setup step; its failure is a failed check, never ignored
must() { "$@" || fail "setup: $*" "exit status $?"; }
# one_line FILE: the output is exactly one line starting "vmscope"
one_line() { [ "$(wc -l < "$1")" -eq 1 ] && grep -q '^vmscope' "$1"; }
# refused NAME DB MESSAGE CMD...: exit 1, one line with MESSAGE, file as it was
refused() {
	local name=$1 db=$2 msg=$3 sum; shift 3
	sum=$(md5sum < "$db")
	rc=$(run_rc out "$@")
	is "$rc" 1 "$name is refused"
	if one_line out && grep -qF -- "$msg" out; then pass "$name says so in one line"
	else fail "$name says so in one line" "$(head -3 out)"; fi
	is "$(md5sum < "$db")" "$sum" "$name leaves the file as it was"
}
csv() { printf 't,pgfault,nr_free_pages\n0,0,10\n1,5,9\n' > in.csv; }
csv

must "$COLLECT" -q -n 3 -i 0.01 -o base.db

# 1. a trigger would run on our inserts: every writer refuses it
cp base.db trig.db
must sqlite3 trig.db "CREATE TRIGGER wipe AFTER INSERT ON sample BEGIN DELETE FROM sample WHERE id < new.id; END"
refused "db-w-1.1 collector: a trigger" trig.db "holds trigger 'wipe' that vmscope did not create" \
	"$COLLECT" -q -n 1 -o trig.db
refused "db-w-1.2 import: a trigger" trig.db "holds trigger 'wipe'" "$VMSCOPE" import in.csv -o trig.db
refused "db-w-1.3 readers: a trigger" trig.db "holds trigger 'wipe'" "$VMSCOPE" runs trig.db
cp base.db idx.db
must sqlite3 idx.db "CREATE INDEX extra ON sample(t_us)"
refused "db-w-1.4 an index of someone else's" idx.db "holds index 'extra'" "$COLLECT" -q -n 1 -o idx.db

# 2. damage found before the first write
must "$COLLECT" -q -n 30 -i 0.01 --zoneinfo -o big.db
size=$(stat -c %s big.db)
cp big.db cut.db; truncate -s $((size - 100)) cut.db
refused "db-w-2.1 a file cut inside its last page" cut.db "database disk image is malformed" \
	"$COLLECT" -q -n 1 -o cut.db
# a flipped byte in the sample table's root page: SQLite opens the file,
# quick_check does not pass it
cp big.db flip.db
root=$(q flip.db "SELECT rootpage FROM sqlite_schema WHERE name = 'sample'")
page=$(q flip.db "PRAGMA page_size")
printf '\xff\xff' | dd of=flip.db bs=1 seek=$(((root - 1) * page + 3)) conv=notrunc status=none
refused "db-w-2.2 a flipped cell count" flip.db "database disk image is malformed" \
	"$COLLECT" -q -n 1 -o flip.db
refused "db-w-2.3 import on a damaged file" flip.db "malformed" "$VMSCOPE" import in.csv -o flip.db
# a row that breaks a CHECK constraint where an append never looks: only
# quick_check finds it (the schema text is edited around the update)
cp big.db check.db
sql=$(q check.db "SELECT sql FROM sqlite_schema WHERE name = 'counter_kind'")
must sqlite3 check.db "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql =
	'CREATE TABLE counter_kind (source TEXT, pattern TEXT, kind TEXT, rank INTEGER)'
	WHERE name = 'counter_kind'"
must sqlite3 check.db "UPDATE counter_kind SET kind = 'bogus' WHERE rowid = 1"
must sqlite3 check.db "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = '${sql//\'/\'\'}' WHERE name = 'counter_kind'"
refused "db-w-2.7 a broken CHECK constraint" check.db "quick_check: CHECK constraint failed" \
	"$COLLECT" -q -n 1 -o check.db
cp base.db ids.db
must sqlite3 ids.db "UPDATE counter_name SET id = 100000000 WHERE id = (SELECT max(id) FROM counter_name)"
refused "db-w-2.4 a counter id far above the names" ids.db "counter ids" "$COLLECT" -q -n 1 -o ids.db
cp base.db neg.db
must sqlite3 neg.db "UPDATE counter_name SET id = -1 WHERE id = 1"
refused "db-w-2.5 a negative counter id" neg.db "counter ids" "$COLLECT" -q -n 1 -o neg.db
for v in -1 -2147483648 5 2147483647; do   # 5: one past DB_SCHEMA_VERSION
	cp base.db uv.db
	must sqlite3 uv.db "PRAGMA user_version = $v"
	refused "db-w-2.6 user_version $v" uv.db "schema version $v" "$COLLECT" -q -n 1 -o uv.db
done

# 3. mark decides before it writes anything: no migration, no WAL switch
cp base.db old.db
must sqlite3 old.db "PRAGMA journal_mode = DELETE; PRAGMA user_version = 1; UPDATE run SET ended_wall_us = NULL" > /dev/null
refused "db-w-3.1 mark on an old schema" old.db "old schema" "$VMSCOPE" mark old.db hello
is "$(q old.db 'PRAGMA journal_mode'),$(q old.db 'PRAGMA user_version')" "delete,1" \
	"db-w-3.2 mark left the journal mode and the version alone"
cp base.db mtrig.db
must sqlite3 mtrig.db "PRAGMA journal_mode = DELETE; UPDATE run SET ended_wall_us = NULL; CREATE TRIGGER t AFTER INSERT ON marker BEGIN DELETE FROM marker; END" > /dev/null
refused "db-w-3.3 mark on a trigger" mtrig.db "holds trigger 't'" "$VMSCOPE" mark mtrig.db hello
is "$(q mtrig.db 'PRAGMA journal_mode')" delete "db-w-3.4 and left its journal mode"

# 4. run ids: a deleted last run's samples stay its own; ids stop below 2^31
cp base.db del.db
must "$COLLECT" -q -n 4 -i 0.01 -o del.db
must sqlite3 del.db "DELETE FROM tag WHERE run_id = 2; DELETE FROM run WHERE id = 2"
must "$COLLECT" -q -n 2 -i 0.01 -o del.db
is "$(q del.db 'SELECT max(id) FROM run')" 3 "db-w-4.1 after deleting the last run the next run is 3, not 2"
is "$(q del.db 'SELECT run_id, count(*) FROM sample_seq GROUP BY run_id' | tr '\n' ' ')" "1|3 2|4 3|2 " \
	"db-w-4.2 the orphaned samples are not mixed into the new run"
rc=$(run_rc out "$VMSCOPE" show del.db 3)
is "$rc" 0 "db-w-4.3 the new run reads back"
cp base.db hi.db
must sqlite3 hi.db "INSERT INTO run (id) VALUES (2147483646)"
must "$COLLECT" -q -n 2 -i 0.01 -o hi.db
is "$(q hi.db 'SELECT run_id, count(*) FROM sample_seq WHERE run_id > 1')" "2147483647|2" \
	"db-w-4.4 the last run id below 2^31 keys its samples right"
refused "db-w-4.5 no run id left" hi.db "no run ids left" "$COLLECT" -q -n 1 -o hi.db
cp base.db huge.db
must sqlite3 huge.db "INSERT INTO run (id) VALUES (4294967296)"
refused "db-w-4.6 a run id at 2^32" huge.db "no run ids left" "$COLLECT" -q -n 1 -o huge.db

# 5. two collectors starting on one new database both record
bad=0
for i in $(seq 40); do
	rm -f pair.db pair.db-*
	"$COLLECT" -q -n 2 -i 0.01 -o pair.db 2> e1 & p1=$!
	"$COLLECT" -q -n 2 -i 0.01 -o pair.db 2> e2 & p2=$!
	wait $p1; r1=$?; wait $p2; r2=$?
	[ "$r1$r2" = 00 ] && [ "$(q pair.db 'SELECT count(*) FROM run')" = 2 ] || {
		bad=$((bad + 1)); cat e1 e2 | head -2 | sed 's/^/# /'; }
done
is "$bad" 0 "db-w-5.1 two collectors on one new database: 40 of 40 pairs both record"

# the same, made certain: a reader holds the file for 2 s while the
# collector wants to switch it to WAL, which SQLite answers at once
# (a vmscope database left in rollback mode, e.g. by the sqlite3 shell)
rm -f pair.db pair.db-*
cp base.db pair.db
must sqlite3 pair.db "PRAGMA journal_mode = DELETE" > /dev/null
printf 'BEGIN;\nSELECT count(*) FROM run;\n.shell sleep 2\nCOMMIT;\n' | sqlite3 pair.db > /dev/null &
rpid=$!
sleep 0.5
rc=$(run_rc out "$COLLECT" -q -n 2 -i 0.01 -o pair.db)
wait $rpid
is "$rc" 0 "db-w-5.2 a collector waits for a reader to let it switch to WAL"
is "$(q pair.db 'PRAGMA journal_mode'),$(q pair.db 'SELECT count(*) FROM run')" "wal,2" \
	"db-w-5.3 in WAL mode, its run stored"

# 6. another process holding the write lock for 7 s does not end a recording
rm -f lock.db lock.db-*
must "$COLLECT" -q -n 1 -o lock.db
"$COLLECT" -q -n 30 -i 0.3 --commit-interval 0.01 -o lock.db 2> lockerr &
pid=$!
on_exit "kill -9 $pid"
sleep 1
printf 'BEGIN IMMEDIATE;\n.shell sleep 7\nCOMMIT;\n' | sqlite3 lock.db
wait $pid
is "$?" 0 "db-w-6.1 the collector outlives a 7 s write lock"
check "db-w-6.2 and said it was waiting" grep -q "is locked by another process; waiting" lockerr
is "$(q lock.db 'SELECT samples, end_reason FROM run_facts WHERE run_id = 2')" "30|count" \
	"db-w-6.3 and recorded every sample"
# 7. what makes a file ours, empty, or refused (db_check(), mutants db-*)
# an SQLite file with no table yet is empty only if nothing marks it as
# another program's: its own user_version or application_id
must sqlite3 uv7.db "PRAGMA user_version = 7"
refused "db-w-7.1 an empty file with a user_version of its own" uv7.db "not a vmscope database" \
	"$COLLECT" -q -n 1 -o uv7.db
must sqlite3 app.db "PRAGMA application_id = 1234"
refused "db-w-7.2 an empty file with another program's application_id" app.db \
	"not a vmscope database (application_id 1234)" "$COLLECT" -q -n 1 -o app.db
cp base.db uv0.db
must sqlite3 uv0.db "PRAGMA user_version = 0"
refused "db-w-7.3 our file at user_version 0" uv0.db "schema version 0 was never written" \
	"$COLLECT" -q -n 1 -o uv0.db
# counter ids start at 1 (the collector's arrays): 0 is damage too
cp base.db id0.db
must sqlite3 id0.db "UPDATE counter_name SET id = 0 WHERE id = 1"
refused "db-w-7.4 a counter id 0" id0.db "counter ids 0.." "$COLLECT" -q -n 1 -o id0.db
# a schema whose SQL differs from schema.sql in comments and blanks only
# (older versions' comments) is ours: written to and read
cp base.db comm.db
must sqlite3 comm.db "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql =
	replace(sql, 'marker (', 'marker (  -- a comment of an older schema.sql' || char(10) || '   ') WHERE name = 'marker'"
check "db-w-7.5 the copy's marker table has a comment" grep -q 'a comment of an older' comm.db
rc=$(run_rc out "$COLLECT" -q -n 1 -o comm.db)
is "$rc|$(q comm.db 'SELECT count(*) FROM run')" "0|2" "db-w-7.6 comments and blanks in the schema's SQL: a run is appended"
rc=$(run_rc out "$VMSCOPE" runs comm.db)
is "$rc" 0 "db-w-7.7 and it reads"
# the checks run in the write transaction: a writer that holds the lock
# while the collector opens and commits damage (a counter id far above
# the names) is waited for, and what it committed is refused
cp base.db late.db
printf 'BEGIN IMMEDIATE;\nUPDATE counter_name SET id = 100000000 WHERE id = (SELECT max(id) FROM counter_name);\n.shell sleep 2\nCOMMIT;\n' |
	sqlite3 late.db &
lpid=$!
sleep 0.5
rc=$(run_rc out "$COLLECT" -q -n 1 -o late.db)
wait $lpid
is "$rc|$(grep -c 'counter ids' out)|$(q late.db 'SELECT count(*) FROM run')" "1|1|1" \
	"db-w-7.8 damage committed by a writer the open waited for is refused, no run begun"
done_testing
