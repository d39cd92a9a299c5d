#!/usr/bin/env bash
# db-readers: reading needs no write access, output errors are errors,
# and nothing from a database reaches the terminal as a control (issue 14).
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1

must() { "$@" || fail "setup: $*" "exit status $?"; }
one_line() { [ "$(wc -l < "$1")" -eq 1 ] && grep -q '^vmscope' "$1"; }
READERS="runs show table compare attribute"

must "$COLLECT" -q -n 4 -i 0.01 --tag kernel=k1 --tag swappiness=60 -o base.db

# 1. read-only: another user's file in a directory they cannot write, a
# WAL database whose -shm cannot be made; the file never changes
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; }
if ! need_root || ! command -v setpriv > /dev/null || ! as_nobody true; then
	skip "db-r-1 readers as another user" "needs root and setpriv"
else
	chmod 711 "$TMP"
	mkdir ro && cp base.db ro/ && chmod 755 ro && chmod 644 ro/base.db
	check "db-r-1.0 the copy is a WAL database" test "$(q ro/base.db 'PRAGMA journal_mode')" = wal
	rm -f ro/base.db-shm ro/base.db-wal
	sum=$(md5sum < ro/base.db)
	for c in $READERS; do
		want=$("$VMSCOPE" $c base.db 2>&1)
		rc=$(run_rc out as_nobody "$VMSCOPE" $c ro/base.db)
		is "$rc" 0 "db-r-1.1 $c: root's file in root's directory, as nobody"
		is "$(cat out)" "$want" "db-r-1.2 $c: the same output as the owner's"
	done
	# a directory nobody owns but made read-only, and a read-only file
	mkdir ro2 && cp base.db ro2/ && chown -R nobody ro2 && chmod 444 ro2/base.db && chmod 555 ro2
	rc=$(run_rc out as_nobody "$VMSCOPE" show ro2/base.db)
	is "$rc" 0 "db-r-1.3 show in a read-only directory"
	check "db-r-1.4 no side file was made" test ! -e ro2/base.db-shm -a ! -e ro2/base.db-wal
	is "$(md5sum < ro/base.db),$(md5sum < ro2/base.db)" "$sum,$sum" "db-r-1.5 the files are unchanged"
	chmod 755 ro2
fi
# root reading its own file: the main file is not written either
sum=$(md5sum < base.db)
for c in $READERS; do must "$VMSCOPE" $c base.db > /dev/null; done
is "$(md5sum < base.db)" "$sum" "db-r-1.6 analysis never writes the database"

# 2. a full stdout is an error, in one line
for c in $READERS; do
	"$VMSCOPE" $c base.db > /dev/full 2> err
	is "$?" 1 "db-r-2.1 $c > /dev/full exits 1"
	if one_line err && grep -q "cannot write" err; then pass "db-r-2.2 $c says so in one line"
	else fail "db-r-2.2 $c says so in one line" "$(head -3 err)"; fi
done

# 3. terminal controls from the database are filtered everywhere: ESC
# (C0), DEL, C1 as UTF-8 (U+009B, CSI) and a raw 0x9b; UTF-8 text stays
printf 't,pgfault,pgscan_kswapd,pgsteal_kswapd\n0,0,0,0\n1,5,10,5\n' > in.csv
evil=$'\e]0;owned\a\e[31mred\x7f\xc2\x9b2J\x9bé'
for t in 1 2 3; do
	must "$VMSCOPE" import in.csv -o evil.db --label "$evil" --tag kernel="$evil" \
		--tag swappiness="$evil" --tag trial=$t 2> /dev/null
done
must sqlite3 evil.db "INSERT INTO result (run_id, name, value, unit) VALUES (1, CAST(x'1b5b324a6e616d65c29b' AS TEXT), 1, CAST(x'7f9b756e6974' AS TEXT));
	INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 500000, 0, CAST(x'1b5d323b7469746c6507c2856d61726b' AS TEXT))"
controls() {  # controls FILE: 0 when FILE holds a terminal control
	LC_ALL=C grep -qP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|(?<![\xc0-\xff])[\x80-\xbf](?![\x80-\xbf])' "$1" ||
		! iconv -f UTF-8 -t UTF-8 "$1" > /dev/null 2>&1
}
for c in "runs" "show" "show --format markdown" "table" "compare" "attribute --by kernel" "table --by swappiness --rows kernel"; do
	rc=$(run_rc out "$VMSCOPE" $c evil.db)
	is "$rc" 0 "db-r-3.1 $c on hostile text"
	if controls out; then fail "db-r-3.2 $c prints no terminal control" "$(LC_ALL=C cat -v out | grep -m2 '\^\[\|M-')"
	else pass "db-r-3.2 $c prints no terminal control"; fi
done
rc=$(run_rc out "$VMSCOPE" show evil.db 1)
check "db-r-3.3 UTF-8 text is kept (é)" grep -q "é" out
check "db-r-3.4 a result name and unit, cleaned" grep -q '^result .*?\[2Jname? = 1 ??unit$' out
check "db-r-3.5 marker text, cleaned" grep -q '?\]2;title??mark$' out
# a surrogate spelled in UTF-8 (ED A0 80) is not UTF-8 (RFC 3629): a '?'
# a byte; a newline in a marker's text reads as a blank, one line still
must sqlite3 evil.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 600000, 0, CAST(x'73eda080' AS TEXT) || char(10) || 'x')"
rc=$(run_rc out "$VMSCOPE" show evil.db 1)
check "db-r-4.1 a surrogate's bytes each a '?', a newline a blank" grep -q '^marker  *0\.600 s  s??? x$' out
done_testing
