#!/usr/bin/env bash
# export and runs: the analyzer's decoder against the views, CSV quoting,
# and clear errors.
. "$(dirname "$0")/../lib.sh"
db="$TMP/series.db"
series_db "$db"
# timed: checks of one given snapshot hold only if the collector saw every
# rewrite of the series (a loaded machine can make it miss one)
timed() {
	if [ "$series_synced" = 1 ]; then "$@"; else
		skip "${*: -1}" "the collector missed a rewrite of the series (a loaded machine)"; fi
}
"$COLLECT" -q -i 0.05 -n 4 --meminfo -o "$db" --label 'a,"b"|c' --tag kernel=x --tag trial=1

# --long decodes exactly what the counter_values view shows (all 10
# columns: values, deltas, resets, kinds, u64; vanished and new names),
# for every run; the "#..." records before the header carry the facts
strip() { tr -d '"' | awk -F, 'BEGIN { OFS = "," } { $3 = ""; print }' | sort; }
data() { grep -v '^"#' "$1"; }
"$VMSCOPE" export "$db" --csv --long > "$TMP/long.csv"
is "$?" 0 "export-1.1 --long exits 0"
is "$(data "$TMP/long.csv" | head -1)" '"run_id","seq","t","source","name","value","delta","reset","kind","u64"' \
	"export-1.2 --long header: the view's 10 columns"
got=$(data "$TMP/long.csv" | tail -n +2 | strip)
want=$(sqlite3 -csv "$db" "SELECT run_id, seq, 0, source, name, value, delta, reset, kind, u64 FROM counter_values" | strip)
if [ "$got" == "$want" ]; then pass "export-1.3 --long equals the counter_values view"; else
	fail "export-1.3 --long equals the counter_values view" "$(diff <(echo "$want") <(echo "$got") | head -4 | tr '\n' ' ')"; fi
timed is "$(grep -c '"vmstat","pgmajfault","3","","1","counter","3"$' "$TMP/long.csv")" 1 "export-1.4 a reset has an empty delta and reset 1"
is "$(grep -c '"vmstat","nr_free_pages","-1",.*"18446744073709551615"$' "$TMP/long.csv")" \
	"$(q "$db" "SELECT count(*) FROM counter_values WHERE name = 'nr_free_pages' AND u64 = '18446744073709551615'")" "export-1.5 u64 holds 2^64-1 as the kernel printed it"
is "$(data "$TMP/long.csv" | awk -F, 'NR > 1 && $3 !~ /^"[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]"$/' | wc -l)" 0 "export-1.6 every t has six decimals"
is "$(grep '^"#fact","2","label",' "$TMP/long.csv")" '"#fact","2","label","a,""b""|c"' "export-1.7 facts come first, quoted"
is "$(grep -c '^"#tag","2",' "$TMP/long.csv")" 2 "export-1.8 and the tags"

"$VMSCOPE" export "$db" 1 --csv > "$TMP/wide.csv"
is "$?" 0 "export-2.1 --wide (the default) exits 0"
is "$(data "$TMP/wide.csv" | wc -l)" 7 "export-2.2 a header and one row per sample"
data "$TMP/wide.csv" > "$TMP/wide-data.csv"
col=$(head -1 "$TMP/wide-data.csv" | tr ',' '\n' | grep -n '^"nr_free_pages"$' | cut -d: -f1)
timed is "$(sed -n 3p "$TMP/wide-data.csv" | cut -d, -f"${col:-1}")" '"-1"' "export-2.3 2^64-1 exports as the view shows it (-1)"
col=$(head -1 "$TMP/wide-data.csv" | tr ',' '\n' | grep -n '^"pswpin"$' | cut -d: -f1)
timed is "$(sed -n 4p "$TMP/wide-data.csv" | cut -d, -f"${col:-1}")" '""' "export-2.4 an absent counter is an empty cell"
"$VMSCOPE" export "$db" 2 --csv > "$TMP/wide2.csv"
check "export-2.5 other sources are prefixed" grep -q '"meminfo.MemTotal"' "$TMP/wide2.csv"

# a negative t (an old import's) prints with one sign, as import reads it
sqlite3 "$db" "UPDATE sample SET t_us = -1500000 WHERE id = (2 << 32)"
"$VMSCOPE" export "$db" 2 --csv > "$TMP/neg.csv"
is "$?" 0 "export-2.6 a negative time exports"
check "export-2.7 as -1.500000, not -1.-500000" grep -q '^"2","0","-1.500000",' "$TMP/neg.csv"

"$VMSCOPE" runs --format csv "$db" > "$TMP/runs.csv"
check "runs-1.1 CSV keeps a label with quotes, comma and bar as one field" \
	grep -q '^"2","a,""b""|c","kernel=x,trial=1",' "$TMP/runs.csv"
setup "$VMSCOPE" runs --format markdown "$db" > "$TMP/runs.md"
check "runs-1.2 markdown escapes '|' in a label" grep -q 'a,"b"\\|c' "$TMP/runs.md"
is "$("$VMSCOPE" runs "$db" | awk 'NR == 3 {print $1, $NF}')" "2 4" "runs-1.3 text: id and sample count"
n=$("$VMSCOPE" runs "$db" "$db" | wc -l)
is "$n" 5 "runs-1.4 several databases: a db column and every run"

rc=$(run_rc "$TMP/out" "$VMSCOPE" export "$db" 9 --csv)
is "$rc" 1 "export-3.1 a missing run is an error"
check "export-3.2 and says which" grep -q "cannot export run 9: no such run" "$TMP/out"
rc=$(run_rc "$TMP/out" "$VMSCOPE" export "$db")
is "$rc" 2 "export-3.3 export without --csv is misuse"
head -c 4096 /dev/urandom > "$TMP/garbage.db"
rc=$(run_rc "$TMP/out" "$VMSCOPE" runs "$TMP/garbage.db")
is "$rc" 1 "runs-2.1 a garbage file is an error"
check "runs-2.2 that says so" grep -q "file is not a database" "$TMP/out"
rc=$(run_rc "$TMP/out" "$VMSCOPE" runs "$TMP/none.db")
is "$rc" 1 "runs-2.3 a missing file is an error"
check "runs-2.4 and is not created" test ! -e "$TMP/none.db"
rc=$(run_rc "$TMP/out" "$VMSCOPE" runs --format xml "$db")
is "$rc" 2 "runs-2.5 an unknown format is misuse"
done_testing
