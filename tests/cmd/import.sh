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
"$VMSCOPE" import "$TMP/mmtests.log" "$TMP/epoch.log" -o "$db" 2>"$TMP/err" || cat "$TMP/err"
"$VMSCOPE" import - -o "$db" < "$TMP/date.log" 2>"$TMP/err" || cat "$TMP/err"
is "$(q "$db" "SELECT group_concat(t) FROM samples WHERE run_id IN (2, 3, 4)")" "0.0,2.5,0.0,3.0,0.0,4.0" \
	"import-2.1 time lines: time:, bare epoch, date(1), and stdin"
is "$(q "$db" "SELECT started_at FROM run_facts WHERE run_id = 2")" "2023-11-14T22:13:20.250Z" \
	"import-2.2 the first time line is the run's start"
is "$(sample_of 2 1)" "$(raw "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt")" "import-2.3 values after a time line"

# a single snapshot file
"$VMSCOPE" import "$FIXTURES/5.6_below.vmstat" -o "$db" 2>"$TMP/err" || cat "$TMP/err"
is "$(sample_of 5 0)" "$(raw "$FIXTURES/5.6_below.vmstat")" "import-3.1 a single snapshot, exactly"

# CSV: time column, counters, an empty cell is an absent counter
printf 't,pgfault,pswpout,meminfo.MemFree\n0,100,5,2000\n1.5,150,,1900\n3,175,9,\n' > "$TMP/in.csv"
"$VMSCOPE" import "$TMP/in.csv" -o "$db" 2>"$TMP/err" || cat "$TMP/err"
is "$(q "$db" "SELECT group_concat(x, ' ') FROM (SELECT source || ':' || name || '=' || value || '/' || coalesce(delta, '-') AS x FROM counter_values WHERE run_id = 6 ORDER BY seq, source, name)")" \
	"meminfo:MemFree=2000/- vmstat:pgfault=100/- vmstat:pswpout=5/- meminfo:MemFree=1900/-100 vmstat:pgfault=150/50 vmstat:pgfault=175/25 vmstat:pswpout=9/-" \
	"import-4.1 CSV values, sources, absent cells"
is "$(q "$db" "SELECT group_concat(t) FROM samples WHERE run_id = 6")" "0.0,1.5,3.0" "import-4.2 CSV times"

# round trip: export then import gives the same values (hostile series)
series_db "$TMP/series.db"
"$VMSCOPE" export "$TMP/series.db" 1 --csv > "$TMP/a.csv"
"$VMSCOPE" import "$TMP/a.csv" -o "$TMP/rt.db" 2>"$TMP/err" || cat "$TMP/err"
"$VMSCOPE" export "$TMP/rt.db" 1 --csv > "$TMP/b.csv"
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
bad 3 "$TMP/bad.csv" "bad.csv:3: CSV: column 2: 'x' is not a whole number"
printf '\n\n' > "$TMP/empty.log"
bad 4 "$TMP/empty.log" "no samples"
bad 5 "$TMP/missing.log" "cannot open '$TMP/missing.log'"
# a time so far out that the run's span in ns would not fit 64 bits
printf 't,pgfault\n0,1\n9300000000,2\n' > "$TMP/far.csv"
bad 7 "$TMP/far.csv" "far.csv:3: CSV: time 9300000000.000000 s is past the year 2255: not a time"
is "$(q "$db" 'PRAGMA integrity_check')" ok "import-6.6 the database is intact"
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/loop.log")
is "$rc" 2 "import-7.1 without -o is misuse"

# ---- 8: silent misreads (issue 15) -----------------------------------------
# imp DB FILE [ARGS...]: import, failing the script's check if it does not exit 0
imp() {
	local d=$1 f=$2; shift 2
	"$VMSCOPE" import "$f" -o "$d" "$@" > "$TMP/imp.out" 2>&1
	local rc=$?
	[ $rc = 0 ] || { echo "# import $f: exit $rc"; sed 's/^/#   /' "$TMP/imp.out"; }
	return $rc
}
db8="$TMP/misread.db"
last() { q "$db8" "SELECT max(run_id) FROM run_facts"; }
vals() { q "$db8" "SELECT source || ':' || name || '|' || u64 FROM counter_values WHERE run_id = $1 AND seq = $2" | sort; }

# /proc/meminfo is the meminfo source, "Name: N kB" -> Name = N (kB)
printf 'MemTotal:       16318508 kB\nMemFree:         1873968 kB\nHugePages_Total:       0\nActive(anon):     412344 kB\n' > "$TMP/meminfo.txt"
imp "$db8" "$TMP/meminfo.txt"
is "$(vals "$(last)" 0)" "$(awk '{sub(":", "", $1); print "meminfo:" $1 "|" $2}' "$TMP/meminfo.txt" | sort)" \
	"import-8.1 /proc/meminfo: meminfo counters, kB values, no ':' in names"
# a node's meminfo: "Node 0 MemTotal: N kB" -> meminfo node0.MemTotal
printf 'Node 0 MemTotal:       8155620 kB\nNode 0 MemFree:         921092 kB\nNode 1 MemTotal:       8162888 kB\nNode 1 MemFree:          952876 kB\n' > "$TMP/node.txt"
imp "$db8" "$TMP/node.txt"
is "$(vals "$(last)" 0)" "$(awk '{sub(":", "", $3); print "meminfo:node" $2 "." $3 "|" $4}' "$TMP/node.txt" | sort)" \
	"import-8.2 per-node meminfo: node0.MemTotal, not 'Node' = 0"
# date(1) in day-month order is a time line, not a counter "Fri"
{ echo "Fri  3 Jul 10:00:00 BST 2020"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "Fri  3 Jul 10:00:10 BST 2020"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/dm.log"
imp "$db8" "$TMP/dm.log"
is "$(q "$db8" "SELECT group_concat(t) || '/' || (SELECT count(*) FROM counter_values WHERE run_id = $(last) AND name = 'Fri') FROM samples WHERE run_id = $(last)")" \
	"0.0,10.0/0" "import-8.3 day-month date lines are times (0, 10 s), no counter 'Fri'"
# a key printed twice in a timed snapshot: one sample, the first value kept
{ echo "time: 1467000000"; awk '{print} $1 == "pgscan_kswapd_normal" {print "pgscan_kswapd_normal 1"}' "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "time: 1467000010"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/dupkey.log"
imp "$db8" "$TMP/dupkey.log"
is "$(q "$db8" "SELECT group_concat(t) FROM samples WHERE run_id = $(last)")" "0.0,10.0" \
	"import-8.4 a duplicated key does not split the snapshot (times 0, 10)"
is "$(vals "$(last)" 0)" "$(awk '!seen[$1]++ {print "vmstat:" $1 "|" $2}' "$SERIES/1_too_many_isolated_vmstat_before_frag.txt" | sort)" \
	"import-8.5 and keeps the first value"
# page size: said aloud; --page-size, a page_size tag, a ppc64 kernel tag
imp "$db8" "$TMP/dupkey.log"
check "import-8.6 the assumed page size is printed" grep -q "page size 4096, assumed" "$TMP/imp.out"
imp "$db8" "$TMP/dupkey.log" --page-size 65536
is "$(q "$db8" "SELECT page_size FROM run_facts WHERE run_id = $(last)")" 65536 "import-8.7 --page-size is the run's page size"
imp "$db8" "$TMP/dupkey.log" --tag kernel=4.12.14-ppc64le
is "$(q "$db8" "SELECT page_size FROM run_facts WHERE run_id = $(last)")" 65536 "import-8.8 a ppc64 kernel tag means 64 KiB pages"
check "import-8.9 and says why" grep -q "page size 65536, the kernel tag (ppc64" "$TMP/imp.out"
imp "$db8" "$TMP/dupkey.log" --tag page_size=16384
is "$(q "$db8" "SELECT page_size FROM run_facts WHERE run_id = $(last)")" 16384 "import-8.10 a page_size tag"
# `cat /proc/vmstat; date` loops: the first snapshot gets its date
{ cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"; echo "Tue Nov 14 22:13:20 UTC 2023"
  cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; echo "Tue Nov 14 22:13:30 UTC 2023"
  cat "$SERIES/3_too_many_isolated_vmstat_during_compaction.txt"; echo "Tue Nov 14 22:13:50 UTC 2023"; } > "$TMP/after.log"
imp "$db8" "$TMP/after.log"
is "$(q "$db8" "SELECT group_concat(t) FROM samples WHERE run_id = $(last)")" "0.0,10.0,30.0" \
	"import-8.11 times after their snapshots: 0, 10, 30"
is "$(q "$db8" "SELECT started_at || ' ' || ended_at || ' ' || interval_s FROM run_facts WHERE run_id = $(last)")" \
	"2023-11-14T22:13:20.000Z 2023-11-14T22:13:50.000Z 15.0" \
	"import-8.12 start, end and interval (mean spacing) derived from the samples"
# times going backwards are refused, with the line
{ echo "time: 1700000010"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "time: 1700000005"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/back.log"
before8=$(q "$db8" "SELECT count(*) FROM run")
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/back.log" -o "$db8")
is "$rc" 1 "import-8.13 a time going backwards is refused"
n=$(grep -n "^time: 1700000005" "$TMP/back.log" | cut -d: -f1)
check "import-8.14 naming the snapshot's end" grep -q "back.log:$((n + $(wc -l < "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"))): time goes backwards" "$TMP/out"
is "$(q "$db8" "SELECT count(*) FROM run")" "$before8" "import-8.15 leaving no run"
# a counter going backwards is counted; most counters at once is a reboot
{ echo "time: 1700000000"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"
  echo "time: 1700000010"; awk '$1 == "pgfault" {$2 = 1} {print}' "$SERIES/3_too_many_isolated_vmstat_during_compaction.txt"; } > "$TMP/oneback.log"
imp "$db8" "$TMP/oneback.log"
check "import-8.16 one counter going back is counted aloud" grep -q "counters went backwards 1 times" "$TMP/imp.out"
is "$(q "$db8" "SELECT reset FROM counter_values WHERE run_id = $(last) AND seq = 1 AND name = 'pgfault'")" 1 \
	"import-8.17 and kept, flagged by the view"
{ echo "time: 1700000000"; cat "$SERIES/3_too_many_isolated_vmstat_during_compaction.txt"
  echo "time: 1700000010"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "time: 1700000020"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/reboot.log"
first=$(( $(last) + 1 ))
imp "$db8" "$TMP/reboot.log"
is "$(q "$db8" "SELECT group_concat(samples) FROM run_facts WHERE run_id >= $first")" "1,2" \
	"import-8.18 a reboot (most counters back) splits the run: 1 + 2 samples"
is "$(q "$db8" "SELECT started_at FROM run_facts WHERE run_id = $first + 1")" "2023-11-14T22:13:30.000Z" \
	"import-8.19 the second run starts at the reboot's snapshot"
{ echo "boot_id: 1111"; echo "time: 1700000000"; cat "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
  echo "boot_id: 2222"; echo "time: 1700000010"; cat "$SERIES/2_too_many_isolated_vmstat_before_compaction.txt"; } > "$TMP/bootid.log"
first=$(( $(last) + 1 ))
imp "$db8" "$TMP/bootid.log"
is "$(q "$db8" "SELECT group_concat(samples || ':' || boot_id) FROM run_facts WHERE run_id >= $first")" "1:1111,1:2222" \
	"import-8.20 a boot_id change splits the run too"
# one snapshot: since-boot totals, said and tagged
imp "$db8" "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
check "import-8.21 a single snapshot says its values are since-boot totals" grep -q "totals since boot" "$TMP/imp.out"
is "$(q "$db8" "SELECT value FROM run_tags WHERE run_id = $(last) AND key = 'reading'")" "since-boot totals" \
	"import-8.22 and carries a tag the readers show"
"$VMSCOPE" show "$db8" "$(last)" > "$TMP/show1" 2>&1 || cat "$TMP/show1"
is "$(awk '$1 == "major_faults" {print $3}' "$TMP/show1")" "$(awk '$1 == "pgmajfault" {print $2}' "$SERIES/1_too_many_isolated_vmstat_before_frag.txt")" \
	"import-8.23 show reads one snapshot's counters as since-boot totals, not 0"
check "import-8.24 and says so" grep -q "one snapshot: event counters are totals since boot" "$TMP/show1"
imp "$TMP/one.db" "$SERIES/1_too_many_isolated_vmstat_before_frag.txt"
"$VMSCOPE" compare "$TMP/one.db" > "$TMP/cmp1" 2>&1 || cat "$TMP/cmp1"
check "import-8.25 compare says so too" grep -q "event counters are totals since boot" "$TMP/cmp1"

# ---- 9: round trips: export (long and wide) -> import rebuilds the runs ----
# a run with a marker, tags, a label with quotes, and the hostile series
"$COLLECT" -q -i 0.05 -n 4 --meminfo -o "$TMP/series.db" --label 'a,"b"|c' --tag kernel=x --tag trial=1 ||
	echo "# collector failed"
q "$TMP/series.db" "INSERT INTO marker VALUES (2, 50000, 1700000000050000, 'mark, \"one\"')"
# every table of a database but the shared name dictionary, as text
dump() { sqlite3 "$1" ".dump run tag marker watermark layout sample result"; }
for fmt in long wide; do
	"$VMSCOPE" export "$TMP/series.db" --csv --$fmt > "$TMP/$fmt.csv" || echo "# export failed"
	rm -f "$TMP/$fmt.db"
	imp "$TMP/$fmt.db" "$TMP/$fmt.csv"
	if [ "$(dump "$TMP/series.db")" == "$(dump "$TMP/$fmt.db")" ]; then
		pass "import-9.1.$fmt --$fmt export imports back to the same database (facts, tags, markers, samples)"
	else
		fail "import-9.1.$fmt --$fmt export imports back to the same database" \
			"$(diff <(dump "$TMP/series.db") <(dump "$TMP/$fmt.db") | head -4 | cut -c1-160)"
	fi
done
"$VMSCOPE" export "$TMP/long.db" --csv --long > "$TMP/long2.csv"
check "import-9.2 and exports again byte for byte" cmp -s "$TMP/long.csv" "$TMP/long2.csv"
imp "$TMP/label.db" "$TMP/wide.csv" --label mine
is "$(q "$TMP/label.db" "SELECT group_concat(label) FROM run_facts")" "mine,mine" "import-9.3 --label still wins over the export's"

# a sample with no counter at all (a collector that read an empty file)
printf '"#fact","1","label","empty"\nrun_id,seq,t,pgfault\n1,0,0,1\n1,1,1.5,\n1,2,2,3\n' > "$TMP/empty.csv"
rm -f "$TMP/e1.db"; imp "$TMP/e1.db" "$TMP/empty.csv"
is "$(q "$TMP/e1.db" "SELECT group_concat(t || ':' || (SELECT count(*) FROM counter_values c WHERE c.run_id = s.run_id AND c.seq = s.seq)) FROM samples s")" \
	"0.0:1,1.5:0,2.0:1" "import-9.5 an export's row of empty cells is a sample with no counter"
# round_trip DB ID WHAT: DB exported --long, then --wide, imports back the same
round_trip() {
	local fmt
	for fmt in long wide; do
		"$VMSCOPE" export "$1" --csv --$fmt > "$TMP/rt.csv" || echo "# export failed"
		rm -f "$TMP/rt2.db"; imp "$TMP/rt2.db" "$TMP/rt.csv"
		is "$(dump "$TMP/rt2.db")" "$(dump "$1")" "$2.$fmt $3 a --$fmt round trip"
	done
}
round_trip "$TMP/e1.db" import-9.6 "and survives"

# a folio census (vmscope-collect --folios) in the last sample
printf 'seq,t,source,name,value\n0,0,vmstat,pgfault,1\n1,1,vmstat,pgfault,2\n1,1,folios,cgroup.inactive_file.order_8,23\n1,1,folios,node.inactive_file.order_0,900\n' > "$TMP/fol.csv"
rm -f "$TMP/fol.db"; imp "$TMP/fol.db" "$TMP/fol.csv"
is "$(q "$TMP/fol.db" "SELECT group_concat(seq || ':' || source || ':' || name || '=' || value, ' ') FROM (SELECT * FROM counter_values WHERE source = 'folios' ORDER BY name)")" \
	"1:folios:cgroup.inactive_file.order_8=23 1:folios:node.inactive_file.order_0=900" "import-9.7 the source folios is imported as such"
round_trip "$TMP/fol.db" import-9.8 "a census survives"

# counter names that look like other columns survive the wide format
printf 'seq,t,source,name,value\n0,0,vmstat,t,1\n0,0,vmstat,seq,2\n0,0,vmstat,run_id,3\n0,0,vmstat,meminfo.X,4\n0,0,vmstat,pgfault,6\n' > "$TMP/names.csv"
imp "$TMP/names.db" "$TMP/names.csv"
"$VMSCOPE" export "$TMP/names.db" --csv > "$TMP/names-w.csv" || echo "# export failed"
imp "$TMP/names-rt.db" "$TMP/names-w.csv"
is "$(q "$TMP/names-rt.db" "SELECT group_concat(source || ':' || name || '=' || value, ' ') FROM (SELECT * FROM counter_values ORDER BY name)")" \
	"vmstat:meminfo.X=4 vmstat:pgfault=6 vmstat:run_id=3 vmstat:seq=2 vmstat:t=1" \
	"import-9.4 vmstat names t, seq, run_id, meminfo.X survive export and import"

# ---- 10: what fuzzing found ----------------------------------------------
printf 'pgfault 1\rpgmajfault 2\rpswpin 3\r' > "$TMP/cr.log"
imp "$db8" "$TMP/cr.log"
is "$(vals "$(last)" 0 | tr '\n' ' ')" "vmstat:pgfault|1 vmstat:pgmajfault|2 vmstat:pswpin|3 " "import-10.1 CR-only line endings: every counter"
before=$(q "$db8" "SELECT count(*) FROM run")
sum=$(md5sum < "$db8")
bad10() {
	local n=$1 want=$2 rc
	rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/f$n" -o "$db8")
	is "$rc" 1 "import-10.$n refused"
	check "import-10.$n says '$want'" grep -qF -- "$want" "$TMP/out"
}
printf 't,pg\0fault\n0,1\n1,2\n' > "$TMP/f2"; bad10 2 "f2:1: CSV: a NUL byte in the line"
printf 't,pgfault,pgfault\n0,1,2\n' > "$TMP/f3"; bad10 3 "f3:1: CSV: column 'pgfault' appears twice"
printf 'pgfault 1\n\0pgmajfault 2\n' > "$TMP/f4"; bad10 4 "f4:2: a NUL byte in the line"
printf 'time: -5\npgfault 1\n' > "$TMP/f5"; bad10 5 "f5:1: bad time line"
printf 'MemTotal: 5 MB\n' > "$TMP/f6"; bad10 6 "f6:1: expected 'name value'"
printf 'pgfault 12 extra\n' > "$TMP/f7"; bad10 7 "f7:1: expected 'name value'"
printf 'Linux 5.14.0 (host) \t07/03/2020 \t_x86_64_\t(8 CPU)\n' > "$TMP/f8"; bad10 8 "f8:1: looks like sar text"
printf '{"pgfault": [1, 2]}\n' > "$TMP/f9"; bad10 9 "f9:1: JSON: neither sysstat's sadf -j output"
printf 'pgfault 1\npgfault 2\n' | gzip | head -c 20 > "$TMP/f11"; bad10 11 "cannot read"
is "$(md5sum < "$db8")" "$sum" "import-10.12 refusals leave the database byte-identical"

# 100,000 names in one snapshot: linear, not quadratic (was 13 s)
awk 'BEGIN { for (i = 0; i < 100000; i++) print "c" i, i }' > "$TMP/wide.log"
# CPU time (user + system), not wall time: the machine is shared
TIMEFORMAT='%3U %3S'
{ time imp "$TMP/many.db" "$TMP/wide.log"; } 2> "$TMP/time"
ms=$(awk '{ printf "%d", ($1 + $2) * 1000 }' "$TMP/time")
is "$(q "$TMP/many.db" "SELECT count(*) FROM counter_name")" 100000 "import-10.13 a snapshot of 100,000 names"
# the sanitizers slow the import about fivefold; quadratic took 51 s bare
budget=5000; [ -n "${SANITIZE:-}" ] && budget=25000
check "import-10.14 imported in under $((budget / 1000)) s of CPU (took $ms ms)" test "$ms" -lt "$budget"

# ---- 11: compressed logs, told by their magic bytes ------------------------
db11="$TMP/z.db"
want11=$(awk '!/^time:/ && !seen[$1]++ {print "vmstat:" $1 "|" $2}' "$SERIES/1_too_many_isolated_vmstat_before_frag.txt" | sort)
zvals() { q "$db11" "SELECT source || ':' || name || '|' || u64 FROM counter_values WHERE run_id = (SELECT max(run_id) FROM run_facts) AND seq = $1" | sort; }
for z in gzip xz zstd; do
	if ! command -v $z > /dev/null; then skip "import-11.$z" "no $z program to compress the input"; continue; fi
	$z -c < "$TMP/mmtests.log" > "$TMP/mm.log.$z" || echo "# $z failed"
	imp "$db11" "$TMP/mm.log.$z"
	is "$(zvals 0)" "$want11" "import-11.$z $z input: the values of the plain file"
	is "$(q "$db11" "SELECT group_concat(t) FROM samples WHERE run_id = (SELECT max(run_id) FROM run_facts)")" "0.0,2.5" \
		"import-11.$z.2 and its times"
done
# concatenated gzip members (gzip -c >> log) and a compressed stdin
{ gzip -c < "$TMP/mmtests.log"; printf 'time: 1700000005\n' | gzip -c; gzip -c < "$SERIES/3_too_many_isolated_vmstat_during_compaction.txt"; } > "$TMP/multi.gz"
"$VMSCOPE" import - -o "$db11" < "$TMP/multi.gz" > "$TMP/out" 2>&1 || cat "$TMP/out"
is "$(q "$db11" "SELECT group_concat(t) FROM samples WHERE run_id = (SELECT max(run_id) FROM run_facts)")" "0.0,2.5,4.75" \
	"import-11.4 gzip members one after another, on stdin"
head -c 300 "$TMP/mm.log.xz" > "$TMP/cut.xz"
sum=$(md5sum < "$db11")
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/cut.xz" -o "$db11")
is "$rc" 1 "import-11.5 a truncated xz file is refused"
is "$(md5sum < "$db11")" "$sum" "import-11.6 leaving the database byte-identical"

# ---- 12: mmtests' tests-timestamp (sysstate blocks) and markers ----------
F1="$SERIES/1_too_many_isolated_vmstat_before_frag.txt" F2="$SERIES/3_too_many_isolated_vmstat_during_compaction.txt"
{ echo "start :: 1600000000"; echo "test begin :: stream 1600000001"
  echo "file start :: /proc/vmstat"; cat "$F1"
  echo "file start :: /proc/zoneinfo"; printf 'Node 0, zone      DMA\n  pages free     3977\n        min      5\n'
  echo "file start :: /proc/meminfo"; cat "$TMP/meminfo.txt"
  echo "file end :: /proc/vmstat"; cat "$F2"
  echo "file end :: /proc/zoneinfo"; printf 'Node 0, zone      DMA\n  pages free     3970\n'
  echo "file end :: /proc/meminfo"; awk '{$2 = $2 + 1; print}' "$TMP/meminfo.txt"
  echo "test end :: stream 1600000031"; echo "time :: stream 20.10 user 3.01 system 30.02 elapsed"
  echo "finish :: 1600000032"; } > "$TMP/tests-timestamp"
imp "$db11" "$TMP/tests-timestamp" --markers "$TMP/tests-timestamp"
r12=$(q "$db11" "SELECT max(run_id) FROM run_facts")
is "$(q "$db11" "SELECT group_concat(t) FROM samples WHERE run_id = $r12")" "0.0,30.0" \
	"import-12.1 before and after blocks are two samples, at test begin and test end"
is "$(zvals 0 | grep ^vmstat)" "$(awk '!seen[$1]++ {print "vmstat:" $1 "|" $2}' "$F1" | sort)" "import-12.2 the before block's vmstat"
is "$(zvals 1 | grep ^vmstat)" "$(awk '!seen[$1]++ {print "vmstat:" $1 "|" $2}' "$F2" | sort)" "import-12.3 the after block's vmstat"
is "$(zvals 1 | grep ^meminfo)" "$(awk '{sub(":", "", $1); print "meminfo:" $1 "|" $2 + 1}' "$TMP/meminfo.txt" | sort)" \
	"import-12.4 and its meminfo; zoneinfo blocks are skipped"
is "$(q "$db11" "SELECT group_concat(t || ' ' || text, '; ') FROM markers WHERE run_id = $r12")" "0.0 begin stream; 30.0 end stream" \
	"import-12.5 --markers: test begin/end lines become markers"
printf '1600000011 stream: warmup done\n1600000021 stream: measuring\n1500000000 long before\n' > "$TMP/activity"
"$VMSCOPE" import --markers "$TMP/activity" -o "$db11" > "$TMP/out" 2>&1
is "$?" 0 "import-12.6 --markers alone marks the last run"
is "$(q "$db11" "SELECT group_concat(t || ' ' || text, '; ') FROM markers WHERE run_id = $r12 AND t > 0 AND t < 30")" \
	"10.0 stream: warmup done; 20.0 stream: measuring" "import-12.7 tests-activity lines, at their times"
check "import-12.8 a marker outside the run is counted, not placed" grep -q "2 markers added, 1 outside" "$TMP/out"

# ---- 13: node_exporter text (a real fixture, 64 KiB pages) ---------------
NE="$TOP/tests/fixtures/import/node_exporter-64k-page.prom"
imp "$db11" "$NE" --page-size 65536
is "$(zvals 0)" "$(awk '/^node_vmstat_/ {sub("node_vmstat_", "", $1); printf "vmstat:%s|%.0f\n", $1, $2}' "$NE" | sort)" \
	"import-13.1 node_vmstat_* floats are whole counters; other metrics skipped"
printf '# HELP node_vmstat_pgfault x\nnode_vmstat_pgfault 1.5\n' > "$TMP/frac.prom"
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/frac.prom" -o "$db11")
is "$rc" 1 "import-13.2 a fraction is refused"
check "import-13.3 naming the format and line" grep -q "frac.prom:2: node_exporter text: '1.5' is not a whole number" "$TMP/out"

# ---- 15: sysstat: sa files through sadf -j, and sadf -j JSON ---------------
# The expected values are read from the JSON by sqlite3's own JSON
# functions, never through vmscope: sar's rates are hundredths per second
# (two decimals), so counter = (sum over the run's records of
# round(rate * 100) * interval + 50) / 100, a run ending at each restart.
SARMAP="pgpgin:paging.pgpgin pgpgout:paging.pgpgout pgfault:paging.fault pgmajfault:paging.majflt
pgfree:paging.pgfree pgscan_kswapd:paging.pgscank pgscan_direct:paging.pgscand
pswpin:\"swap-pages\".pswpin pswpout:\"swap-pages\".pswpout"
GAUGEMAP="MemFree:memfree MemAvailable:avail Buffers:buffers Cached:cached Committed_AS:commit Dirty:dirty SwapFree:swpfree"
# sar_expect JSON STEAL: "run|seq|source:name|value" for every record
sar_expect() {
	local json=$1 steal=$2 m name key sql=""
	for m in $SARMAP "$steal:paging.pgsteal"; do
		name=${m%%:*} key=${m#*:}
		sql="$sql UNION ALL SELECT seg, rk, 'vmstat:$name', (sum(CAST(round(json_extract(v, '\$.$key') * 100) AS INTEGER) * itv)
			OVER (PARTITION BY seg ORDER BY rk) + 50) / 100 FROM rec"
	done
	for m in $GAUGEMAP; do
		name=${m%%:*} key=${m#*:}
		sql="$sql UNION ALL SELECT seg, rk, 'meminfo:$name', json_extract(v, '\$.memory.$key') FROM rec"
	done
	q :memory: "WITH doc(j) AS (SELECT CAST(readfile('$json') AS TEXT)),
		rs(t) AS (SELECT json_extract(r.value, '\$.boot.date') || ' ' || json_extract(r.value, '\$.boot.time')
			FROM doc, json_each(j, '\$.sysstat.hosts[0].restarts') r),
		rec(rk, v, itv, seg) AS (SELECT CAST(s.key AS INTEGER) + 1, s.value, json_extract(s.value, '\$.timestamp.interval'),
			(SELECT count(*) FROM rs WHERE rs.t < json_extract(s.value, '\$.timestamp.date') || ' ' || json_extract(s.value, '\$.timestamp.time'))
			FROM doc, json_each(j, '\$.sysstat.hosts[0].statistics') s)
		SELECT seg || '|' || rank || '|' || n || '|' || val FROM (SELECT 0 AS seg, 0 AS rk, '' AS n, 0 AS val WHERE 0 $sql)
		JOIN (SELECT seg AS s2, rk AS r2, rank() OVER (PARTITION BY seg ORDER BY rk) AS rank FROM rec) ON s2 = seg AND r2 = rk" | sort
}
# sar_got DB FIRSTRUN: the same from the database (seq 0 is the zero reading)
sar_got() {
	q "$1" "SELECT (run_id - $2) || '|' || seq || '|' || source || ':' || name || '|' || u64 FROM counter_values
		WHERE run_id >= $2 AND seq > 0 AND name NOT IN ('Active', 'Inactive', 'AnonPages', 'Slab', 'KernelStack',
		'PageTables', 'VmallocUsed', 'SwapCached', 'SwapTotal')" | sort
}
db15="$TMP/sar.db"
SADF_JSON="$TOP/tests/fixtures/import/sadf-j-6.18.json"
imp "$db15" "$SADF_JSON"; cp "$TMP/imp.out" "$TMP/sar1.out"
want=$(sar_expect "$SADF_JSON" sar_pgsteal)
is "$(sar_got "$db15" 1)" "$want" "import-15.1 sadf -j JSON (carried): every counter and gauge of every record, value for value"
check "import-15.1.1 the reading has values (not an empty comparison)" test "$(echo "$want" | grep -c .)" -ge 40
is "$(q "$db15" "SELECT group_concat(run_id || ':' || samples || ':' || host || ':' || cpus || ':' || kernel_release || ':' || page_size, ' ') FROM run_facts")" \
	"1:2:vm:2:6.18.44-fc-v782:4096 2:3:vm:2:6.18.44-fc-v782:4096" \
	"import-15.2 a restart splits the run; host, cpus, kernel and page size from the file"
is "$(q "$db15" "SELECT group_concat(started_at || '+' || t, ' ') FROM samples JOIN run_facts USING (run_id) WHERE run_id = 2")" \
	"2026-11-30T18:17:17.000Z+0.0 2026-11-30T18:17:17.000Z+1.0 2026-11-30T18:17:17.000Z+2.0" \
	"import-15.3 times from the records, the zero reading one interval before the first"
is "$(q "$db15" "SELECT group_concat(u64) FROM counter_values WHERE run_id = 2 AND seq = 0 AND name = 'pswpout'")" 0 \
	"import-15.4 the first reading is zero"
check "import-15.5 says the counters are rebuilt from sar's rates" grep -q "rebuilt from sar's per-second rates as the running sum of rate x interval" "$TMP/sar1.out"
check "import-15.6 says where the page size came from" grep -q "page size 4096, the file's machine (x86" "$TMP/sar1.out"
is "$(q "$db15" "SELECT group_concat(u64) FROM (SELECT u64 FROM counter_values WHERE name = 'SwapTotal' AND seq > 0 ORDER BY run_id, seq)")" \
	"$(q :memory: "SELECT group_concat(json_extract(value, '\$.memory.swpused') + json_extract(value, '\$.memory.swpfree')) FROM json_each(CAST(readfile('$SADF_JSON') AS TEXT), '\$.sysstat.hosts[0].statistics')")" \
	"import-15.7 SwapTotal = swpused + swpfree"
# before 5.8 sar's pgsteal is every page reclaimed once: stored as pgsteal
sed 's/"release": "6.18.44-fc-v782"/"release": "5.4.0-150-generic"/' "$SADF_JSON" > "$TMP/sadf54.json"
imp "$db15" "$TMP/sadf54.json"
is "$(q "$db15" "SELECT group_concat(run_id || ':' || seq || ':' || u64) FROM counter_values WHERE name = 'pgsteal' AND seq > 0")" \
	"$(sar_expect "$TMP/sadf54.json" pgsteal | awk -F'|' '$3 == "vmstat:pgsteal" { printf "%s%d:%d:%d", s, $1 + 3, $2, $4; s = "," }')" \
	"import-15.8 a 5.4 kernel's sar pgsteal is the pgsteal counter (sar_pgsteal from 5.8)"
# fractional rates over long intervals: hundredths times seconds, rounded once
sed -e '0,/"interval": 1/s//"interval": 600/' -e '0,/"pgpgin": 8.00/s//"pgpgin": 0.29/' \
	-e 's/"pgpgin": 4.00/"pgpgin": 1.55/; s/"pgpgin": 32.00/"pgpgin": 0.35/; s/"fault": 336.00/"fault": 2.49/' \
	-e 's/"interval": 1}/"interval": 7}/' "$SADF_JSON" > "$TMP/frac.json"
sed -i '0,/"interval": 7}/s//"interval": 3}/' "$TMP/frac.json"
check "import-15.1.2 the fractional variant was made" test "$(grep -c '"interval": [367]' "$TMP/frac.json")" = 3
first=$(( $(q "$db15" "SELECT max(id) FROM run") + 1 ))
imp "$db15" "$TMP/frac.json"
is "$(sar_got "$db15" $first)" "$(sar_expect "$TMP/frac.json" sar_pgsteal)" "import-15.1.3 fractional rates over 600, 3 and 7 s intervals, value for value"
is "$(q "$db15" "SELECT group_concat(u64) FROM counter_values WHERE run_id >= $first AND name = 'pgpgin'")" "0,174,0,5,7" \
	"import-15.1.4 pgpgin: 0.29/s x 600 s = 174 (0.29 * 100 is 28.999... in binary); 1.55/s x 3 s = 4.65 -> 5; + 0.35/s x 7 s = 7.1 -> 7"
# local times (sadf -t): read as UTC, and said so
sed 's/"utc": 1/"utc": 0/' "$SADF_JSON" > "$TMP/local.json"
imp "$db15" "$TMP/local.json"
check "import-15.1.5 times not marked UTC are read as UTC, and it says so" grep -q "times are local to the recording machine, read as UTC" "$TMP/imp.out"
# refusals: one line naming the file, exit 1, the database byte-identical
sum=$(md5sum < "$db15")
bad15() {
	local n=$1 f=$2 want=$3 rc
	shift 3
	rc=$(run_rc "$TMP/out" "$@" "$VMSCOPE" import "$f" -o "$db15")
	# one error line (a run opened before the bad record said its page size)
	is "$rc:$(grep -v ': page size ' "$TMP/out" | grep -c .)" "1:1" "import-15.$n refused in one line"
	check "import-15.$n says '$want'" grep -qF -- "$want" "$TMP/out"
}
head -c 900 "$SADF_JSON" > "$TMP/cut.json"
bad15 9 "$TMP/cut.json" "cut.json: sysstat (sadf -j): not valid JSON"
sed '0,/"pgscank": [0-9.]*/s//"pgscank": "x"/' "$SADF_JSON" > "$TMP/str.json"
bad15 10 "$TMP/str.json" "str.json: sysstat (sadf -j): statistics record 1: 'paging.pgscank' is not a number"
sed '0,/"interval": 1/s//"interval": 0/' "$SADF_JSON" > "$TMP/itv.json"
bad15 11 "$TMP/itv.json" "itv.json: sysstat (sadf -j): statistics record 1: timestamp interval"
sed '0,/"memfree": [0-9]*/s//"memfree": 1.5/' "$SADF_JSON" > "$TMP/kbfrac.json"
bad15 13 "$TMP/kbfrac.json" "kbfrac.json: sysstat (sadf -j): statistics record 1: 'memory.memfree' is not a number sar prints"
printf '{"sysstat": {"hosts": [{"nodename": "a", "statistics": []}]}}\n' > "$TMP/none.json"
bad15 12 "$TMP/none.json" "none.json: sysstat (sadf -j): no statistics records"
# a real sa file, made here
if ! command -v sadf > /dev/null || [ ! -x /usr/lib/sysstat/sadc ]; then
	skip "import-15.20" "sysstat is not installed (no sadf or /usr/lib/sysstat/sadc)"
else
	setup /usr/lib/sysstat/sadc 1 3 "$TMP/sa"
	setup sadf -j "$TMP/sa" -- -B -W -r ALL -S > "$TMP/sa.json"
	first=$(( $(q "$db15" "SELECT max(id) FROM run") + 1 ))
	imp "$db15" "$TMP/sa"
	want=$(sar_expect "$TMP/sa.json" sar_pgsteal)
	is "$(sar_got "$db15" $first)" "$want" "import-15.20 an sa file made by sadc here: every value as sadf -j gives it"
	check "import-15.20.1 the reading has values" test "$(echo "$want" | grep -c .)" -ge 30
	is "$(q "$db15" "SELECT samples FROM run_facts WHERE run_id = $first")" 3 "import-15.21 two records and the zero reading"
	sum=$(md5sum < "$db15")
	head -c 1000 "$TMP/sa" > "$TMP/sa-cut"
	bad15 22 "$TMP/sa-cut" "sa-cut: sadf -j failed (exit 2): End of system activity file unexpected"
	printf '\x96\xd5 not an sa file\n' > "$TMP/sa-bad"
	bad15 23 "$TMP/sa-bad" "sa-bad: sadf -j failed"
	bad15 24 "$TMP/sa" "sa: a sysstat data file: sadf is not installed; install sysstat" env PATH=/nonexistent
	gzip -c "$TMP/sa" > "$TMP/sa.gz"
	bad15 25 "$TMP/sa.gz" "sa.gz: a gzip-compressed sysstat data file"
fi
is "$(md5sum < "$db15")" "$sum" "import-15.26 refusals leave the database byte-identical"

# ---- 16: real public files: LKP's proc-vmstat.json, sysstat's own sadf -j --
# (tests/fixtures/import/SOURCES.md).  Expected values are read from the
# files by sqlite3's JSON functions, never through vmscope.
LKPJ="$TOP/tests/fixtures/import/lkp-proc-vmstat-4.15-rc1.json.gz"
gzip -dc "$LKPJ" > "$TMP/lkp.json" || fail "import-16.0 gunzip the carried LKP file" "gzip -dc failed"
# lkp_expect JSON: "seq|name|value" of every array element but the times
lkp_expect() {
	q :memory: "WITH doc(j) AS (SELECT CAST(readfile('$1') AS TEXT))
		SELECT a.key || '|' || substr(o.key, 13) || '|' || a.value FROM doc, json_each(j) o, json_each(o.value) a
		WHERE o.key <> 'proc-vmstat.time'" | sort
}
lkp_times() {
	q :memory: "WITH doc(j) AS (SELECT CAST(readfile('$1') AS TEXT))
		SELECT group_concat(printf('%.3f', a.value - json_extract(j, '\$.\"proc-vmstat.time\"[0]')))
		FROM doc, json_each(j, '\$.\"proc-vmstat.time\"') a"
}
db16="$TMP/lkp.db"
imp "$db16" "$LKPJ"
want=$(lkp_expect "$TMP/lkp.json")
is "$(q "$db16" "SELECT seq || '|' || name || '|' || u64 FROM counter_values WHERE run_id = 1 AND source = 'vmstat'" | sort)" \
	"$want" "import-16.1 LKP proc-vmstat.json (real, gzip): every counter of every sample, value for value"
check "import-16.1.1 the reading has 49 x 76 values" test "$(echo "$want" | grep -c .)" = 3724
is "$(q "$db16" "SELECT group_concat(printf('%.3f', t)) FROM samples WHERE run_id = 1")" "$(lkp_times "$TMP/lkp.json")" \
	"import-16.2 its 49 times, to the millisecond (including the 6.8 s gap after sample 39)"
is "$(q "$db16" "SELECT started_at || ' ' || ended_at || ' ' || samples FROM run_facts WHERE run_id = 1")" \
	"$(q :memory: "WITH doc(j) AS (SELECT CAST(readfile('$TMP/lkp.json') AS TEXT)) SELECT
		strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(j, '\$.\"proc-vmstat.time\"[0]'), 'unixepoch') || ' ' ||
		strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(j, '\$.\"proc-vmstat.time\"[#-1]'), 'unixepoch') || ' ' ||
		json_array_length(j, '\$.\"proc-vmstat.time\"') FROM doc")" \
	"import-16.3 start and end from the first and last times, 49 samples"
check "import-16.4 says what LKP left out" grep -q "LKP proc-vmstat.json: 49 samples of 76 counters.*left out by lkp-tests' dump-stat" "$TMP/imp.out"
# refusals, each naming the LKP file it recognised and the line
sum=$(md5sum < "$db16")
bad16() {
	local n=$1 f=$2 want=$3 rc
	rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$f" -o "$db16")
	is "$rc:$(grep -v ': page size ' "$TMP/out" | grep -c .)" "1:1" "import-16.$n refused in one line"
	check "import-16.$n says '$want'" grep -qF -- "$want" "$TMP/out"
}
# stats.json: one number per key, as create_stats writes it (here last
# minus first for every key), made from the real file
q :memory: "WITH doc(j) AS (SELECT CAST(readfile('$TMP/lkp.json') AS TEXT))
	SELECT '{' || char(10) || group_concat('  \"' || o.key || '\": ' ||
		(json_extract(o.value, '\$[#-1]') - json_extract(o.value, '\$[0]')), ',' || char(10)) || char(10) || '}'
	FROM doc, json_each(j) o WHERE o.key <> 'proc-vmstat.time'" > "$TMP/stats.json"
bad16 5 "$TMP/stats.json" "stats.json:2: LKP stats.json: 'proc-vmstat.nr_free_pages' is one number for the whole test"
printf '{"proc-vmstat.pgscan_kswapd": [13318340, 12915000],\n "stats_source": ["a", "b"]}\n' > "$TMP/matrix.json"
bad16 6 "$TMP/matrix.json" "matrix.json:1: LKP matrix.json: 'proc-vmstat.pgscan_kswapd' has no proc-vmstat.time beside it"
printf '{\n"meminfo.time": [1511920922, 1511920923],\n"meminfo.MemFree": [3, 4]}\n' > "$TMP/meminfo.json"
bad16 7 "$TMP/meminfo.json" "meminfo.json:2: LKP JSON: the samples of LKP's 'meminfo' monitor"
# the real file with one thing broken; the line named is the key's, found by grep
key_line() { grep -n "\"proc-vmstat.$1\"" "$TMP/lkp.json" | cut -d: -f1; }
l=$(key_line pgfree)
sed "$((l + 1))d" "$TMP/lkp.json" > "$TMP/short.json"
bad16 8 "$TMP/short.json" "short.json:$l: LKP proc-vmstat.json: 'proc-vmstat.pgfree' has 48 samples, proc-vmstat.time has 49"
sed "$((l + 1))s/[0-9][0-9]*/1.5/" "$TMP/lkp.json" > "$TMP/frac.json"
bad16 9 "$TMP/frac.json" "frac.json:$l: LKP proc-vmstat.json: sample 1 of 'proc-vmstat.pgfree' is not a whole number"
sed "$((l + 2))s/[0-9][0-9]*/-&/" "$TMP/lkp.json" > "$TMP/neg.json"
bad16 10 "$TMP/neg.json" "neg.json:$l: LKP proc-vmstat.json: sample 2 of 'proc-vmstat.pgfree' is not a whole number"
sed "$((l + 2))s/[0-9][0-9]*/18446744073709551615/" "$TMP/lkp.json" > "$TMP/big.json"
bad16 11 "$TMP/big.json" "big.json:$l: LKP proc-vmstat.json: sample 2 of 'proc-vmstat.pgfree' is not a whole number from 0 to 2^63-1"
l=$(key_line time)
sed "$((l + 3))s/[0-9.][0-9.]*/1511920900/" "$TMP/lkp.json" > "$TMP/back.json"
bad16 12 "$TMP/back.json" "back.json:$l: LKP proc-vmstat.json: sample 3: time goes backwards"
sed "s/\"proc-vmstat.pgfree\"/\"meminfo.pgfree\"/" "$TMP/lkp.json" > "$TMP/other.json"
bad16 13 "$TMP/other.json" "other.json:$(grep -n '"meminfo.pgfree"' "$TMP/other.json" | cut -d: -f1): LKP proc-vmstat.json: 'meminfo.pgfree' is not a proc-vmstat key"
head -c 20000 "$TMP/lkp.json" > "$TMP/cut.json"
bad16 14 "$TMP/cut.json" "cut.json: LKP JSON: not valid JSON"
printf '{"x": 1}\n' > "$TMP/x.json"
bad16 15 "$TMP/x.json" "x.json:1: JSON: neither sysstat's sadf -j output"
printf '{"proc-vmstat.time": [1511920922, 1511920923],\n"proc-vmstat.pgfree": [1, 2],\n"proc-vmstat.pgfree": [1, 2]}\n' > "$TMP/dup.json"
bad16 17 "$TMP/dup.json" "dup.json:2: LKP proc-vmstat.json: 'proc-vmstat.pgfree' appears twice"
printf '{"proc-vmstat.time": [1511920922, 1511920923],\n"proc-vmstat.pgfree": 2}\n' > "$TMP/scalar.json"
bad16 18 "$TMP/scalar.json" "scalar.json:2: LKP proc-vmstat.json: 'proc-vmstat.pgfree' is not an array of samples"
# a real `vmstat 1` log (procps vmstat(8), a linux-mm mail of 2011), plain and gzipped
VM8="$TOP/tests/fixtures/import/vmstat8-2011-linux-mm.txt"
bad16 19 "$VM8" "vmstat8-2011-linux-mm.txt:1: looks like vmstat(8) output (rates, not /proc/vmstat counters)"
gzip -c "$VM8" > "$TMP/vmstat.log.gz"
bad16 19.1 "$TMP/vmstat.log.gz" "vmstat.log.gz:1: looks like vmstat(8) output"
# a real bzip2'd vmstat(8) log (linux-kernel, 2001) is refused naming
# bzip2 (it was "a NUL byte in the line"); decompressed, as vmstat(8) output
VM8BZ="$TOP/tests/fixtures/import/vmstat8-2001-lkml.log.bz2"
bad16 19.2 "$VM8BZ" "vmstat8-2001-lkml.log.bz2:1: bzip2-compressed: not read (gzip, xz and zstd are); decompress it first"
if command -v bzip2 > /dev/null; then
	bzip2 -dc "$VM8BZ" > "$TMP/vm2001.log"
	bad16 19.3 "$TMP/vm2001.log" "vm2001.log:1: looks like vmstat(8) output"
else
	skip "import-16.19.3" "bzip2 is not installed"
fi
# lz4 is named too (bzip2 again, made here)
for z in bzip2 lz4; do
	if command -v $z > /dev/null; then
		$z -c "$VM8" > "$TMP/vm8.$z"
		bad16 19.$z "$TMP/vm8.$z" "vm8.$z:1: $z-compressed: not read (gzip, xz and zstd are); decompress it first"
	else
		skip "import-16.19.$z" "$z is not installed"
	fi
done
# PCP: pmrep -o csv's layout (written here after pmrep(1); no public file
# was found): rates by default, so refused, not read as counters
printf 'Time,"mem.vmstat.pgpgin","mem.vmstat.pgfault"\n1529496001,,\n1529496002,12.000,345.000\n' > "$TMP/pmrep.csv"
bad16 19.4 "$TMP/pmrep.csv" "pmrep.csv:1: PCP pmrep CSV: column 'mem.vmstat.pgpgin' is a PCP metric"
is "$(md5sum < "$db16")" "$sum" "import-16.16 refusals leave the database byte-identical"

# sysstat's own expected sadf -j output (newer sysstat: "tz": "UTC", no
# "utc"), two restarts between records 4 and 5: one new run
SYSJ="$TOP/tests/fixtures/import/sysstat-expected.sadf-j.excerpt.json"
first=$(( $(q "$db15" "SELECT coalesce(max(id), 0) FROM run") + 1 ))
imp "$db15" "$SYSJ"
# the restarts counted before each record, ranked densely: a run per gap
is "$(sar_got "$db15" $first)" "$(sar_expect "$SYSJ" pgsteal | awk -F'|' 'BEGIN { OFS = "|" } !($1 in r) { r[$1] = n++ } { $1 = r[$1]; print }')" \
	"import-16.20 sysstat's expected.sadf-j (real, \"tz\": \"UTC\"): every counter and gauge of every record"
is "$(grep -c "times are local" "$TMP/imp.out")" 0 "import-16.20.1 \"tz\": \"UTC\" is UTC: no local-time note"
is "$(q "$db15" "SELECT group_concat(u64) FROM counter_values WHERE run_id = $first AND name = 'pgscan_kswapd'")" "0,0,0,10,99" \
	"import-16.21 pgscan_kswapd: 0.26/s x 39 s = 10.14 -> 10, + 4.02/s x 22 s = 98.58 -> 99"
is "$(q "$db15" "SELECT group_concat(samples) FROM run_facts WHERE run_id >= $first")" "5,2" "import-16.22 4 records + the zero reading; after the restarts 1 + 1"
sed 's/"tz": "UTC", "interval"/"tz": "CET", "interval"/' "$SYSJ" > "$TMP/cet.json"
imp "$db15" "$TMP/cet.json"
check "import-16.23 a tz other than UTC (sadf -t): local times, said so" grep -q "times are local to the recording machine, read as UTC" "$TMP/imp.out"
sum=$(md5sum < "$db15")
sed '0,/"tz": "UTC", "interval"/s//"interval"/' "$SYSJ" > "$TMP/notz.json"
bad15 27 "$TMP/notz.json" "notz.json: sysstat (sadf -j): statistics record 1: timestamp has neither utc 0 or 1 nor a tz"
is "$(md5sum < "$db15")" "$sum" "import-16.24 the database byte-identical"

# ---- 14: property: random valid logs round-trip, random invalid ones do no harm
# gen SEED: a random log of 1-5 timed snapshots: gauges (nr_*) with values
# up to 2^64-1, event counters that only grow, a key printed twice now
# and then, times at irregular steps with two decimals
gen() {
	awk -v seed="$1" 'function big(   n, s, i) {
		n = int(rand() * 21)
		if (n == 0) return "18446744073709551615"
		if (n == 20) { s = "1" int(rand() * 8); n = 18 } else s = int(rand() * 9) + 1
		for (i = 1; i < n; i++) s = s int(rand() * 10)
		return s
	}
	BEGIN {
		srand(seed); nsnap = 1 + int(rand() * 5); ng = 1 + int(rand() * 6); nc = 1 + int(rand() * 6)
		t = 1600000000 + int(rand() * 1000000)
		for (c = 0; c < nc; c++) ev[c] = int(rand() * 1000000)
		for (k = 0; k < nsnap; k++) {
			t += int(rand() * 100000) / 100; printf "time: %.2f\n", t
			for (g = 0; g < ng; g++) { v = big(); print "nr_g" g, v; if (rand() < 0.1) print "nr_g" g, big() }
			for (c = 0; c < nc; c++) { ev[c] += int(rand() * 5000); print "ev" c, ev[c] }
		}
	}'
}
# the reading the database must hold, by awk: "seq|t|name|value", first value of a key
expect() {
	awk '/^time: / { if (n++ == 0) t0 = $2; k = n - 1; t = $2 - t0; delete seen; next }
	     !seen[$1]++ { printf "%d|%.2f|%s|%s\n", k, t, $1, $2 }' "$1" | sort
}
got() { q "$1" "SELECT seq || '|' || printf('%.2f', t) || '|' || name || '|' || u64 FROM counter_values WHERE run_id = $2" | sort; }
seed0=${PROP_SEED:-$RANDOM}
echo "# property seed $seed0 (PROP_SEED=$seed0 reruns these cases)"
okv=0 okrt=0 n=20
for ((i = 0; i < n; i++)); do
	s=$((seed0 + i)); f="$TMP/p$i.log"; gen $s > "$f"
	case $((s % 4)) in 1) gzip "$f"; f="$f.gz";; 2) xz "$f"; f="$f.xz";; 3) zstd -q --rm "$f"; f="$f.zst";; esac
	rm -f "$TMP/p.db" "$TMP/p2.db"
	imp "$TMP/p.db" "$f" || continue
	[ "$(got "$TMP/p.db" 1)" == "$(gen $s > "$TMP/plain"; expect "$TMP/plain")" ] && okv=$((okv + 1)) ||
		echo "# seed $s: values differ"
	"$VMSCOPE" export "$TMP/p.db" --csv --long > "$TMP/p1.csv" || continue
	imp "$TMP/p2.db" "$TMP/p1.csv" || continue
	"$VMSCOPE" export "$TMP/p2.db" --csv --long > "$TMP/p2.csv" || continue
	"$VMSCOPE" export "$TMP/p.db" --csv --wide > "$TMP/w1.csv" || continue
	rm -f "$TMP/p3.db"; imp "$TMP/p3.db" "$TMP/w1.csv" || continue
	"$VMSCOPE" export "$TMP/p3.db" --csv --wide > "$TMP/w2.csv" || continue
	cmp -s "$TMP/p1.csv" "$TMP/p2.csv" && cmp -s "$TMP/w1.csv" "$TMP/w2.csv" && okrt=$((okrt + 1)) ||
		echo "# seed $s: export differs after a round trip"
done
is "$okv" "$n" "import-14.1 $n random valid logs (compressed or not) import value for value"
is "$okrt" "$n" "import-14.2 and export (long and wide), import and export back identically"
# invalid: a valid log with one line broken at random
okbad=0
rm -f "$TMP/pb.db"; imp "$TMP/pb.db" "$TMP/plain"
sum=$(md5sum < "$TMP/pb.db")
for ((i = 0; i < n; i++)); do
	s=$((seed0 + 100 + i)); gen $s > "$TMP/b.log"
	lines=$(wc -l < "$TMP/b.log"); l=$((2 + s % (lines - 1)))
	case $((s % 6)) in
	0) sed -i "${l}s/\$/ x/" "$TMP/b.log";;                  # a third field
	1) sed -i "${l}s/ [0-9.]*\$/ -1/" "$TMP/b.log";;        # a negative value / time
	2) sed -i "${l}s/^/\\x00/" "$TMP/b.log";;               # a NUL
	3) sed -i "${l}s/ / 1/; ${l}s/\$/a/" "$TMP/b.log";;     # not a number
	4) echo "time: 1000" >> "$TMP/b.log"; echo "x 1" >> "$TMP/b.log";;  # time backwards
	5) gzip "$TMP/b.log"; head -c $(( $(wc -c < "$TMP/b.log.gz") - 9 )) "$TMP/b.log.gz" > "$TMP/b.log"; rm "$TMP/b.log.gz";;
	esac
	rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/b.log" -o "$TMP/pb.db")
	if [ "$rc" = 1 ] && [ "$(md5sum < "$TMP/pb.db")" == "$sum" ]; then okbad=$((okbad + 1)); else
		echo "# seed $s (case $((s % 6)), line $l): exit $rc"; sed 's/^/#   /' "$TMP/out" | head -3; fi
done
is "$okbad" "$n" "import-14.3 $n random broken logs are refused (exit 1), the database byte-identical"
# ---- 17: what the store keeps (mutants store-*) -----------------------------
# a run of more than 2^16 samples: each keeps its own seq (sample.id =
# run << 32 | seq) and its value
awk 'BEGIN { print "t,pgfault"; for (i = 0; i < 70000; i++) print i "," 3 * i }' > "$TMP/long-run.csv"
rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/long-run.csv" -o "$TMP/long-run.db")
is "$rc|$(q "$TMP/long-run.db" 'SELECT count(*), count(DISTINCT seq), max(seq) FROM sample_seq')" "0|70000|70000|69999" \
	"import-17.1 70,000 samples: 70,000 seqs, 0 to 69999"
is "$(q "$TMP/long-run.db" "SELECT seq || ':' || u64 FROM counter_values WHERE name = 'pgfault' AND seq IN (65535, 65536, 69999) ORDER BY seq" | tr '\n' ' ')" \
	"65535:$((3 * 65535)) 65536:$((3 * 65536)) 69999:$((3 * 69999)) " "import-17.2 the values past seq 2^16 are the file's"
# an import whose commit fails (the disk fills under it) is an error, and
# the database is as it was.  The room left is the WAL index's 32 KiB
# (made at open) and one page: not enough for the commit's WAL frames.
if ! need_root; then
	skip "import-17.3 a commit on a full disk" "needs root to mount a small tmpfs"
elif mkdir -p "$TMP/small" && mount -t tmpfs -o size=400k tmpfs "$TMP/small" 2>/dev/null; then
	on_exit "umount -l '$TMP/small'"
	fdb="$TMP/small/full.db"
	printf 't,pgfault,nr_free_pages\n0,0,10\n1,5,9\n' > "$TMP/full.csv"
	imp "$fdb" "$TMP/full.csv" || fail "import-17.3 setup: the first import"
	q "$fdb" 'PRAGMA wal_checkpoint(TRUNCATE)' > /dev/null
	sum=$(md5sum < "$fdb")
	avail=$(df -k --output=avail "$TMP/small" | tail -n 1)
	head -c $(( (avail - 36) * 1024 )) /dev/zero > "$TMP/small/filler"
	rc=$(run_rc "$TMP/out" "$VMSCOPE" import "$TMP/full.csv" -o "$fdb")
	is "$rc|$(grep -c "cannot write '$fdb': database or disk is full" "$TMP/out")" "1|1" \
		"import-17.3 an import whose commit fails on a full disk exits 1 and says so"
	rm -f "$TMP/small/filler"
	is "$(md5sum < "$fdb")|$(q "$fdb" 'SELECT count(*) FROM run')" "$sum|1" \
		"import-17.4 the database as it was: no run added"
else
	skip "import-17.3 a commit on a full disk" "cannot mount tmpfs here"
fi
done_testing
