#!/usr/bin/env bash
# db-corpus: every command on damaged and hostile databases (issue 14).
#
# A small real recording (collector: samples, tags, a marker, a result)
# is turned into variants: schema edits, NULLs where the schema says NOT
# NULL, ids and times at their limits, user_version and application_id
# at their limits, triggers and views, truncations, and bit flips.  Every
# command runs on each under `timeout` (and ASan/UBSan in the sanitizer
# build): it must exit 0, or exit 1 with exactly one line on stderr;
# never crash, hang or print more.  The file must not change, whatever
# the command, unless a writer exited 0.  Variants that mean the same
# data (ANALYZE's statistics) must give the same output as the original.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1
# a sanitizer report must not pass for a one-line "exit 1"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"

must() { "$@" || fail "setup: $*" "exit status $?"; }
sq() { sqlite3 -batch "$@" > /dev/null; }

must "$COLLECT" -q -n 6 -i 0.01 --meminfo --tag kernel=k1 --tag swappiness=60 -o orig.db
must sq orig.db "UPDATE run SET ended_wall_us = NULL;
	INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 20000, 0, 'half');
	INSERT INTO result (run_id, t_us, name, value, unit) VALUES (1, 0, 'io_mbps', 12.5, 'MB/s')"
must sq orig.db "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE"
size=$(stat -c %s orig.db)
page=$(sqlite3 orig.db 'PRAGMA page_size')
mkdir v

# variant NAME SQL...: a copy of orig.db changed by SQL
variant() { local n=$1; shift; cp orig.db "v/$n.db"; must sq "v/$n.db" "$@"; }
# nullify NAME TABLE SET WHERE: a NULL where the schema says NOT NULL,
# made by editing the schema text around the update (writable_schema)
nullify() {
	local n=$1 t=$2 set=$3 where=$4 sql
	cp orig.db "v/$n.db"
	sql=$(sqlite3 "v/$n.db" "SELECT sql FROM sqlite_schema WHERE name = '$t'")
	must sq "v/$n.db" "PRAGMA writable_schema = ON;
		UPDATE sqlite_schema SET sql = replace(sql, 'NOT NULL', '') WHERE name = '$t'"
	must sq "v/$n.db" "UPDATE $t SET $set WHERE $where"
	must sq "v/$n.db" "PRAGMA writable_schema = ON;
		UPDATE sqlite_schema SET sql = '${sql//\'/\'\'}' WHERE name = '$t'"
}

# schema edits, triggers, views
variant trigger "CREATE TRIGGER t AFTER INSERT ON sample BEGIN DELETE FROM sample; END"
variant view-hang "DROP VIEW run_facts; CREATE VIEW run_facts AS WITH RECURSIVE c(x) AS
	(SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x AS run_id, x AS samples, x AS label,
	x AS kernel_release, x AS started_at FROM c"
variant view-dropped "DROP VIEW markers"
variant table-extra "CREATE TABLE notes (x)"
variant index-extra "CREATE INDEX i ON sample(t_us)"
variant column-added "ALTER TABLE run ADD COLUMN x"
variant table-dropped "DROP TABLE result"
variant analyze "ANALYZE"
# NULLs (bit flips in one page can make them)
nullify null-name counter_name "name = NULL" "id = 1"
nullify null-source counter_name "source = NULL" "id = 2"
nullify null-kind counter_name "kind = NULL" "id = 3"
nullify null-marker marker "text = NULL" "1"
# (tag.key is in a WITHOUT ROWID primary key: SQLite itself keeps it set)
nullify null-tag-value tag "value = NULL" "key = 'swappiness'"
nullify null-result result "name = NULL" "1"
nullify null-layout layout "name_ids = NULL" "1"
nullify null-t sample "t_us = NULL" "id = (SELECT max(id) FROM sample)"
# ids and values at their limits
for id in -1 100000000 9223372036854775807 -9223372036854775808; do
	variant "name-id$id" "UPDATE counter_name SET id = $id WHERE id = 1"
	variant "name-id-all$id" "UPDATE counter_name SET id = $id WHERE id = 1;
		UPDATE layout SET name_ids = replace(name_ids, '[1,', '[$id,');
		UPDATE sample SET absolutes = replace(absolutes, '[1,', '[$id,')"
done
for id in 0 2147483648 4294967296 9223372036854775807 -1; do
	variant "run-id$id" "UPDATE run SET id = $id; UPDATE tag SET run_id = $id;
		UPDATE marker SET run_id = $id; UPDATE result SET run_id = $id"
done
variant t-min "UPDATE sample SET t_us = -9223372036854775808 WHERE id = (SELECT max(id) FROM sample)"
variant t-max "UPDATE sample SET t_us = 9223372036854775807 WHERE id = (SELECT max(id) FROM sample)"
variant t-back "UPDATE sample SET t_us = 5 WHERE id = (SELECT max(id) FROM sample)"
variant marker-tmin "UPDATE marker SET t_us = -9223372036854775808"
variant layout-junk "UPDATE layout SET name_ids = '[1,2,'"
variant layout-object "UPDATE layout SET name_ids = '{\"a\": [1]}'"
variant deltas-junk "UPDATE sample SET deltas = '[1,99999999999999999999999]' WHERE deltas IS NOT NULL"
variant deltas-odd "UPDATE sample SET deltas = '[1]' WHERE deltas IS NOT NULL"
variant layout-other "UPDATE sample SET layout_id = 999999"
# header fields at their limits
for uv in -1 -2147483648 0 5 2147483647; do variant "user-version$uv" "PRAGMA user_version = $uv"; done
variant app-id "PRAGMA application_id = 1"
# truncations
for cut in 0 100 4096 $((size / 2)) $((size - page)) $((size - 100)); do
	cp orig.db "v/cut$cut.db"; truncate -s "$cut" "v/cut$cut.db"
done
# bit flips: one byte each, at offsets spread over the file (fixed seed;
# DB_CORPUS_FLIPS=N for more)
for off in $(awk -v n="${DB_CORPUS_FLIPS:-16}" -v s="$size" 'BEGIN { srand(14); for (i = 0; i < n; i++) print int(rand() * s) }') 18 19 28 56 60 100; do
	cp orig.db "v/flip$off.db"
	b=$(od -An -tu1 -j "$off" -N1 orig.db | tr -d ' ')
	printf "\\$(printf '%03o' $(( (b ^ 0x55) & 255 )))" |
		dd of="v/flip$off.db" bs=1 seek="$off" conv=notrunc status=none
done

printf 't,pgfault\n0,0\n1,5\n' > in.csv
mkdir plots
cmds=("runs" "show" "show --format csv" "table" "compare" "attribute"
      "attribute --by kernel" "export --csv" "export --csv --long")
writers=("mark" "import" "collect")
# run_one DB ARGS...: run one command; prints a problem, or nothing
run_one() {
	local db=$1 rc lines; shift
	timeout 30 "$@" > out 2> err
	rc=$?
	lines=$(wc -l < err)
	if [ "$rc" = 124 ]; then echo "$*: hangs (timeout)"
	elif [ "$rc" = 0 ]; then :
	elif [ "$rc" != 1 ]; then echo "$*: exit $rc: $(head -c 300 err | tr '\n' '|')"
	elif [ "$lines" != 1 ] || ! grep -q '^vmscope' err; then
		echo "$*: exit 1 with $lines lines: $(head -c 300 err | tr '\n' '|')"
	fi
	[ "$rc" = 0 ] && return 10
	return 0
}

for f in v/*.db; do
	name=$(basename "$f" .db)
	# DB_CORPUS_ONLY=REGEX: only the variants it matches (while debugging)
	[[ -n "${DB_CORPUS_ONLY:-}" && ! $name =~ $DB_CORPUS_ONLY ]] && continue
	problems=""
	for c in "${cmds[@]}"; do
		sum=$(md5sum < "$f")
		p=$(run_one "$f" "$VMSCOPE" $c "$f")
		[ "$(md5sum < "$f")" = "$sum" ] || p="$p $c: changed the file"
		[ -n "$p" ] && problems="$problems$p; "
	done
	for w in "${writers[@]}"; do
		cp "$f" w.db
		sum=$(md5sum < w.db)
		case $w in
		mark) p=$(run_one w.db "$VMSCOPE" mark w.db hello) ;;
		import) p=$(run_one w.db "$VMSCOPE" import in.csv -o w.db) ;;
		collect) p=$(run_one w.db "$COLLECT" -q -n 1 -o w.db) ;;
		esac
		wrc=$?
		# refused (exit 1): the file as it was
		[ "$wrc" != 10 ] && [ "$(md5sum < w.db)" != "$sum" ] && p="$p $w: refused but changed the file"
		[ -n "$p" ] && problems="$problems$p; "
		rm -f w.db w.db-*
	done
	if [ -z "$problems" ]; then pass "db-corpus $name: every command exits 0 or 1 in one line"
	else fail "db-corpus $name: every command exits 0 or 1 in one line" "$problems"; fi
done

# the same data, read the same way
for c in runs show compare; do
	"$VMSCOPE" $c orig.db > a.txt 2>&1
	"$VMSCOPE" $c v/analyze.db > b.txt 2>&1
	if cmp -s a.txt b.txt; then pass "db-corpus-2 $c: ANALYZE's statistics change no figure"
	else fail "db-corpus-2 $c: ANALYZE's statistics change no figure" "$(diff a.txt b.txt | head -3)"; fi
done
# what is refused says why
for v in trigger view-hang table-extra; do
	"$VMSCOPE" runs "v/$v.db" > /dev/null 2> err
	check "db-corpus-3 $v: refused by name" grep -q "that vmscope did not create" err
done
for v in show:null-name table:null-tag-value show:null-marker; do
	"$VMSCOPE" "${v%%:*}" "v/${v#*:}.db" > /dev/null 2> err
	v=${v#*:}
	check "db-corpus-3 $v: a NULL is damage" grep -q "the database is damaged (NULL in" err
done
done_testing
