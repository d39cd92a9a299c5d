#!/usr/bin/env bash
# import: logs made without vmscope become runs; bad input is refused
# whole, with the file and line.
. "$(dirname "$0")/../lib.sh"
SERIES="$TOP/tests/fixtures/series/2.6.32-vendor_linux-mm-shahzad"
db="$TMP/import.db"
runs() { q "$db" "SELECT count(*) FROM run_facts"; }
# values of a run's sample as "name|u64" lines, and of a raw snapshot
sample_of() { q "$db" "SELECT name || '|' || u64 FROM counter_values WHERE run_id = $1 AND seq = $2" | sort; }
raw() { awk '!seen[$1]++ {print $1 "|" $2}' "$1" | sort; }

# an untimed `cat /proc/vmstat` loop: a name coming again starts a sample
cat "$SERIES"/*.txt > "$TMP/loop.log"
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/loop.log" -o "$db" --tag kernel=2.6.32-vendor -i 5)
is "$rc" 0 "import-1.1 an untimed snapshot loop"
is "$(q "$db" 'SELECT samples, label, kernel_release FROM run_facts WHERE run_id = 1')" \
	"3|loop.log|2.6.32-vendor" "import-1.2 three samples, labelled by file, kernel from the tag"
k=0
for f in "$SERIES"/*.txt; do
	is "$(sample_of 1 $k)" "$(raw "$f")" "import-1.3.$k sample $k equals its snapshot"
	k=$((k + 1))
done
is "$(q "$db" 'SELECT group_concat(t) FROM samples WHERE run_id = 1')" "0.0,5.0,10.0" "import-1.4 -i spaces untimed samples"

# time lines: mmtests/LKP "time:", a bare epoch, date(1)
{ echo "time: 1700000000.25"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "time: 1700000002.75"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/mmtests.log"
{ echo "1700000000"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "1700000003"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/epoch.log"
{ echo "Tue Nov 14 22:13:20 UTC 2023"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "Tue Nov 14 22:13:24 UTC 2023"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/date.log"
setup "$VMSCOPE" import "$TMP/mmtests.log" "$TMP/epoch.log" -o "$db"
setup "$VMSCOPE" import - -o "$db" < "$TMP/date.log"
is "$(q "$db" "SELECT group_concat(t) FROM samples WHERE run_id IN (2, 3, 4)")" "0.0,2.5,0.0,3.0,0.0,4.0" \
	"import-2.1 time lines: time:, bare epoch, date(1), and stdin"
is "$(q "$db" "SELECT started_at FROM run_facts WHERE run_id = 2")" "2023-11-14T22:13:20.250Z" \
	"import-2.2 the first time line is the run's start"
is "$(sample_of 2 1)" "$(raw "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt")" "import-2.3 values after a time line"

# a single snapshot file
setup "$VMSCOPE" import "$FIXTURES/5.6_below.vmstat" -o "$db"
is "$(sample_of 5 0)" "$(raw "$FIXTURES/5.6_below.vmstat")" "import-3.1 a single snapshot, exactly"

# CSV: time column, counters, an empty cell is an absent counter
printf 't,pgfault,pswpout,meminfo.MemFree\n0,100,5,2000\n1.5,150,,1900\n3,175,9,\n' > "$TMP/in.csv"
setup "$VMSCOPE" import "$TMP/in.csv" -o "$db"
is "$(q "$db" "SELECT group_concat(x, ' ') FROM (SELECT source || ':' || name || '=' || value || '/' || coalesce(delta, '-') AS x FROM counter_values WHERE run_id = 6 ORDER BY seq, source, name)")" \
	"meminfo:MemFree=2000/- vmstat:pgfault=100/- vmstat:pswpout=5/- meminfo:MemFree=1900/-100 vmstat:pgfault=150/50 vmstat:pgfault=175/25 vmstat:pswpout=9/-" \
	"import-4.1 CSV values, sources, absent cells"
is "$(q "$db" "SELECT group_concat(t) FROM samples WHERE run_id = 6")" "0.0,1.5,3.0" "import-4.2 CSV times"

# round trip: export then import gives the same values (hostile series)
series_db "$TMP/series.db"
setup "$VMSCOPE" export "$TMP/series.db" 1 --csv > "$TMP/a.csv"
setup "$VMSCOPE" import "$TMP/a.csv" -o "$TMP/rt.db"
setup "$VMSCOPE" export "$TMP/rt.db" 1 --csv > "$TMP/b.csv"
if cmp -s "$TMP/a.csv" "$TMP/b.csv"; then pass "import-5.1 export -> import -> export is identical"; else
	fail "import-5.1 export -> import -> export is identical" "$(diff "$TMP/a.csv" "$TMP/b.csv" | head -3 | cut -c1-200)"; fi
setup "$VMSCOPE" export "$TMP/series.db" --csv --long | cut -d, -f4- > "$TMP/la.csv"
setup "$VMSCOPE" export "$TMP/rt.db" --csv --long | cut -d, -f4- > "$TMP/lb.csv"
check "import-5.2 and so are the long exports (values, deltas, resets)" cmp -s "$TMP/la.csv" "$TMP/lb.csv"

# bad input: the file and line, exit 1, nothing half-imported
before=$(runs)
bad() {
	local n=$1 file=$2 want=$3 rc
	rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$file" -o "$db")
	is "$rc" 1 "import-6.$n refused: $(basename "$file")"
	check "import-6.$n says '$want'" grep -qF -- "$want" "$TMP/out"
	is "$(runs)" "$before" "import-6.$n leaves no run behind"
}
{ cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"; echo "pgfault abc"; } > "$TMP/nonnumeric.log"
bad 1 "$TMP/nonnumeric.log" "nonnumeric.log:69: expected 'name value'"
{ cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"; printf 'pswpout'; } > "$TMP/truncated.log"
bad 2 "$TMP/truncated.log" "truncated.log:69: expected 'name value'"
printf 't,pgfault\n0,1\n1,x\n' > "$TMP/bad.csv"
bad 3 "$TMP/bad.csv" "bad.csv:3: not a whole number"
printf '\n\n' > "$TMP/empty.log"
bad 4 "$TMP/empty.log" "no samples"
bad 5 "$TMP/missing.log" "cannot open '$TMP/missing.log'"
is "$(q "$db" 'PRAGMA integrity_check')" ok "import-6.6 the database is intact"
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/loop.log")
is "$rc" 2 "import-7.1 without -o is misuse"
done_testing
