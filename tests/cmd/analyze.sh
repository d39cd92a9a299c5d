#!/usr/bin/env bash
# analyze: compare, table and show on runs whose numbers are known.
#
# Runs are imported from CSV written here, so every figure below is
# worked out by hand from the data (comments show how).
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1

# must CMD...: a setup step; its failure is a failed check, never ignored
must() { "$@" || fail "setup: $*" "exit status $?"; }

# kernel a: trials 1..3 scan 1010/1020/1030 pages, reclaim 501/502/503;
# kernel b: 2010/2020/2030 and 1001/1002/1003; kernel c: two trials only.
# Nothing is scanned by direct reclaim; refill is not in the logs.
mk() {  # mk KERNEL TRIAL BASE
	printf 't,pgscan_kswapd,pgsteal_kswapd,pgscan_direct,pgsteal_direct,pswpout,nr_free_pages,pageoutrun\n' > in.csv
	printf '0,0,0,0,0,0,500,0\n10,%d,%d,0,0,%d,400,5\n' $(($3 + $2 * 10)) $(($3 / 2 + $2)) $(($2 * 3)) >> in.csv
	must "$VMSCOPE" import in.csv -o "k$1.db" --tag kernel="kern-$1" --tag trial="$2"
}
for t in 1 2 3; do mk a $t 1000; mk b $t 2000; done
for t in 1 2; do mk c $t 9000; done

"$VMSCOPE" compare ka.db kb.db kc.db > cmp.txt
is "$?" 0 "compare-1.1 three kernels"
row() { grep "^$1 " cmp.txt | sed 's/  */ /g'; }
# a: mean 1020, sd 10 (1.0%); b: 2020, sd 10 (0.5%), +98.0%, t = -122, p < 1e-6
is "$(row kswapd_scanned)" "kswapd_scanned 1020 ±1.0% 2020 ±0.5% +98.0%* 9015 ±0.1% +783.8%" \
	"compare-1.2 mean, spread, change; '*' only with 3 trials each side"
# swap_out: a and b both 3, 6, 9 (mean 6, sd 3: 50%): p = 1, no '*';
# c: 3, 6 (mean 4.5, sd 2.12: 47%), -25.0%
is "$(row swap_out)" "swap_out 6 ±50% 6 ±50% +0.0% 4.5 ±47% -25.0%" \
	"compare-1.8 equal means: no '*' in the text form"
is "$(row refill)" "refill n/a n/a n/a" "compare-1.3 counters the kernel lacks are n/a, never 0"
is "$(row direct_efficiency)" "direct_efficiency - - -" "compare-1.4 nothing scanned: no efficiency, never 100%"
# efficiency a: 501/1010, 502/1020, 503/1030 = 49.60, 49.22, 48.83 %: mean 49.2
is "$(row kswapd_efficiency | cut -d' ' -f1-3)" "kswapd_efficiency 49.2 ±0.8%" "compare-1.5 kswapd efficiency"
# velocity: 1020 pages over 10 s
is "$(row scan_velocity | cut -d' ' -f1-2)" "scan_velocity 102" "compare-1.6 scan velocity in pages/s"
is "$(awk '{ if (length($0) > m) m = length($0) } END { print m <= 80 }' cmp.txt)" 1 \
	"compare-1.7 three columns fit in 80"
must "$VMSCOPE" compare ka.db kb.db --format csv > cmp.csv
# t = -1000 / sqrt(100/3 + 100/3) = -122.47, df = 4 (equal variances);
# two-sided p from the df = 4 closed form of Student's t CDF,
# 1 - x (3 - x^2) / 2 with x = t / sqrt(t^2 + 4) (Abramowitz & Stegun
# 26.7.3): 2.665e-08 (issue 11: an empty p-value passed here before)
check "compare-2.1 CSV: p-value and significance" \
	grep -q '^"kswapd_scanned","pages","kern-b","3","2020","10","2010","2030","98.04","2.665e-08","yes"$' cmp.csv
check "compare-2.2 CSV: equal means are not significant" \
	grep -q '^"kswapd_runs","runs","kern-b","3","5","0","5","5","0.00","1","no"$' cmp.csv
must "$VMSCOPE" compare ka.db --by trial > trials.txt
is "$(head -1 trials.txt | sed 's/  */ /g')" "metric 1 2 3" "compare-3.1 --by another tag"

# the 2004 table: swap from meminfo, page cache from nr_file_pages, I/O from a result
for sw in 0 60; do for t in 1 2 3; do
	printf 't,nr_file_pages,meminfo.SwapTotal,meminfo.SwapFree\n0,1000,1048576,1048576\n5,%d,1048576,%d\n' \
		$((51200 * (sw / 60 + 1))) $((1048576 - sw * 1024 * t)) > in.csv
	must "$VMSCOPE" import in.csv -o sweep.db --tag kernel=6.18 --tag swappiness=$sw --tag trial=$t
done; done
must sqlite3 sweep.db "INSERT INTO result (run_id, name, value, unit) SELECT id, 'io_mbps', 270 + id, 'MB/s' FROM run"
must "$VMSCOPE" table sweep.db --by kernel --rows swappiness > table.txt
# swappiness 60: swap 60/120/180 MB, cache 102400 pages = 400 MB, I/O 274..276
cat > want.txt <<'TXT'
kernel 6.18:
        Total I/O   Avg Swap   min    max     pg cache    min    max
       ----------- --------- ------- ------  --------- ------- -------
   0   272.00 MB/s      0 MB (     0,     0)    200 MB (   200,   200)
  60   275.00 MB/s    120 MB (    60,   180)    400 MB (   400,   400)

TXT
if diff want.txt table.txt > /dev/null; then pass "table-1.1 the 2004 layout, hand-checked"; else
	fail "table-1.1 the 2004 layout, hand-checked" "$(diff want.txt table.txt | tr '\n' '|')"; fi
must "$VMSCOPE" table sweep.db --by kernel --rows swappiness --format csv > table.csv
check "table-1.2 CSV: one row per cell with min and max" \
	grep -q '^"6.18","60","3","275.00","274.00","276.00","120.00","60.00","180.00","400.00","400.00","400.00","0"$' table.csv
# an OOM-killed trial (bench's result oom_kills, no I/O measured) is shown
# as such, not as a "-" (issue 16)
cp sweep.db oomt.db
sqlite3 oomt.db "INSERT INTO result (run_id, name, value, unit) SELECT run_id, 'oom_kills', 1, 'kills'
	FROM tag WHERE key = 'swappiness' AND value = '0';
	DELETE FROM result WHERE name = 'io_mbps' AND run_id IN
	(SELECT run_id FROM tag WHERE key = 'swappiness' AND value = '0')" || fail "setting up oomt.db"
must "$VMSCOPE" table oomt.db --by kernel --rows swappiness > oomt.txt
check "table-1.3 an OOM-killed row says OOM where its I/O would be, and in how many trials" \
	grep -Eq '^   0 +OOM +0 MB .*OOM-killed in 3 of 3 trials$' oomt.txt
check "table-1.4 a row without OOM kills says nothing of them" grep -Eq '^  60 +275.00 MB/s [^O]*$' oomt.txt
# more metrics as columns: pswpout is not in these logs (n/a: "-"),
# nr_file_pages averaged over the two samples: (1000 + 102400) / 2
must "$VMSCOPE" table sweep.db --metrics swap_out,file_pages > table2.txt
is "$(grep '^  60' table2.txt | awk '{print $(NF - 1), $NF}')" "- 51700" "table-2.1 --metrics adds columns"
rc=$(run_rc out "$VMSCOPE" table sweep.db --metrics no_such)
is "$rc" 2 "table-2.2 an unknown metric is misuse"

# show: phases between markers add up to the run
printf 't,pgscan_kswapd,pgfault\n0,0,0\n1,10,100\n2,30,100\n3,60,150\n4,100,150\n' > in.csv
must "$VMSCOPE" import in.csv -o show.db
must sqlite3 show.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 2000000, 0, 'dd \"started\"')"
"$VMSCOPE" show show.db > show.txt
is "$?" 0 "show-1.1 show a run"
check "show-1.2 markers are listed" grep -q '^marker       2.000 s  dd "started"$' show.txt
# kswapd_scanned: 100 in all, 30 up to t = 2, 70 after; pgfault 150 = 100 + 50
is "$(grep '^kswapd_scanned' show.txt | sed 's/  */ /g')" "kswapd_scanned pages 100 30 70" \
	"show-1.3 per phase: start..marker and marker..end add up"
is "$(grep '^minor_faults' show.txt | sed 's/  */ /g')" "minor_faults faults n/a n/a n/a" \
	"show-1.4 pgfault without pgmajfault: minor faults are n/a"
rc=$(run_rc out "$VMSCOPE" show show.db 7)
is "$rc" 1 "show-2.1 a missing run is an error"
check "show-2.2 that names it" grep -q "cannot show run 7: no such run" out
for f in csv markdown; do   # issue 11: only the text form checked the run
	rc=$(run_rc out "$VMSCOPE" show --format $f show.db 7)
	is "$rc" 1 "show-2.3 --format $f: a missing run is an error"
	is "$(wc -l < out)" 1 "show-2.4 --format $f: one line, no table"
done

# table rows: numbers ascending, a run without the tag ("-") last
# (issue 11: qsort with a comparator that called "-" equal to everything)
for sw in 100 none 0 lab 60; do
	printf 't,nr_file_pages\n0,1000\n5,2000\n' > in.csv
	if [ $sw = none ]; then must "$VMSCOPE" import in.csv -o order.db --tag kernel=k
	else must "$VMSCOPE" import in.csv -o order.db --tag kernel=k --tag swappiness=$sw; fi
done
must "$VMSCOPE" table order.db > order.txt
is "$(awk 'NR > 3 && NF { printf "%s ", $1 }' order.txt)" "0 60 100 lab - " \
	"table-3.1 numbers in order, then words, a run without the tag last"

# compare against a baseline of 0 (0 -> 5020 pages swapped is the main use)
zr() {  # zr KERNEL TRIAL PSWPOUT
	printf 't,pswpout\n0,0\n10,%d\n' "$3" > in.csv
	must "$VMSCOPE" import in.csv -o "z$1.db" --tag kernel="$1" --tag trial="$2"
}
zr base 1 0; zr base 2 0; zr base 3 0; zr new 1 5020; zr new 2 5010; zr new 3 5030
must "$VMSCOPE" compare zbase.db znew.db > z.txt
is "$(grep '^swap_out ' z.txt | sed 's/  */ /g')" "swap_out 0 5020 ±0.2% from 0*" \
	"compare-4.1 a baseline of 0 everywhere: no percentage, still significant"
must "$VMSCOPE" compare zbase.db znew.db --format csv > z.csv
# baseline constant: t = -5020 / sqrt(100/3), df = n - 1 = 2, p = 1 - |t| /
# sqrt(2 + t^2) (the df = 2 closed form) = 1.323e-06
check "compare-4.2 CSV: no change_pct against 0, the p-value of Welch's test" \
	grep -q '^"swap_out","pages","new","3","5020","10","5010","5030","","1.323e-06","yes"$' z.csv

# huge rates against tiny ones: the text cell stays inside its buffer
# (issue 11: ASan heap-buffer-overflow in the text-cell builder)
hr() {  # hr KERNEL T PAGES
	printf 't,pgscan_kswapd,pgsteal_kswapd,pgscan_direct,pgsteal_direct\n0,0,0,0,0\n%s,%s,1,0,0\n' "$2" "$3" > in.csv
	must "$VMSCOPE" import in.csv -o "h$1.db" --tag kernel="$1"
}
for t in 1 2 3; do hr slow 100000000 1; hr fast 0.000001 9223372036854775807; done
rc=$(run_rc h.txt "$VMSCOPE" compare hslow.db hfast.db)
is "$rc" 0 "compare-5.1 rates of 1e-8 and 9.2e24 pages/s side by side"
is "$(grep '^scan_velocity ' h.txt | sed 's/  */ /g')" \
	"scan_velocity 0.0 ±0.0% 9223372036854776.0G ±0.0% +9.2e+34%*" \
	"compare-5.2 a huge change in exponent form, the star kept"

# every reading command refuses what is not a vmscope database, untouched
must sqlite3 foreign.db 'CREATE TABLE t (x); INSERT INTO t VALUES (1)'
sum=$(md5sum < foreign.db)
for cmd in runs compare table show; do
	rc=$(run_rc out "$VMSCOPE" $cmd foreign.db)
	is "$rc" 1 "foreign-1 $cmd refuses a foreign database"
	check "foreign-1 $cmd says why" grep -q "not a vmscope database" out
done
is "$(md5sum < foreign.db)" "$sum" "foreign-2 and leaves it untouched"

# show, a run with direct reclaim (direct.db), three samples 5 s apart:
# scanned 100 + 0 by t = 5, then 200 + 100 by t = 10 (kswapd + direct);
# nr_file_pages 1000, 1200, 1504; a marker "writers" at t = 5
printf 't,pgscan_kswapd,pgsteal_kswapd,pgscan_direct,pgsteal_direct,nr_file_pages\n0,0,0,0,0,1000\n5,100,50,0,0,1200\n10,300,150,100,25,1504\n' > in.csv
must "$VMSCOPE" import in.csv -o direct.db
must sqlite3 direct.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 5000000, 0, 'writers')"
must "$VMSCOPE" show direct.db > direct.txt
metric_of() { grep "^$1 " "$2" | sed 's/  */ /g'; }   # metric_of NAME FILE
# scanned 400 in 10 s: 40/s; up to the marker 100 in 5 s: 20/s; after it
# 300 in the 5 s from the marker's sample: 60/s
is "$(metric_of scan_velocity direct.txt)" "scan_velocity pages/s 40 20 60" \
	"show-3.1 scan velocity: kswapd and direct scans per second, per phase from its marker"
# direct 100 of 400 scanned: 25%; 0 of 100 before the marker; 100 of 300 after
is "$(metric_of direct_scan_pct direct.txt)" "direct_scan_pct % 25 0 33.3" \
	"show-3.2 direct scans as a share of all scans"
# mean of 1000, 1200, 1504 = 3704 / 3 = 1234.67 (no decimals from 1000 on);
# before the marker (1000 + 1200) / 2 = 1100; after it 1504 alone
is "$(metric_of file_pages direct.txt)" "file_pages pages 1235 1100 1504" \
	"show-3.3 a gauge is the mean over the samples in each phase"
# kswapd freed 150 of 300 (50%), direct 25 of 100 (25%)
is "$(metric_of kswapd_efficiency direct.txt | cut -d' ' -f1-3) $(metric_of direct_efficiency direct.txt | cut -d' ' -f1-3)" \
	"kswapd_efficiency % 50 direct_efficiency % 25" "show-3.4 efficiencies of each reclaimer"
# show.db has pgscan_kswapd but no pgsteal_kswapd: no efficiency, not 0%
is "$(metric_of kswapd_efficiency show.txt)" "kswapd_efficiency % n/a n/a n/a" \
	"show-3.5 an efficiency whose reclaimed count the kernel lacks is n/a"
is "$(metric_of metric show.txt)" 'metric unit run start dd "started"' \
	"show-3.6 a column per phase, named by its marker"
# facts: only those the run has (an import records no host, kernel, cgroup)
is "$(awk '/^$/ { exit } NF < 2' direct.txt)" "" "show-3.7 a fact the run lacks is left out, never printed empty"
must "$VMSCOPE" show --format csv direct.db > direct.csv
# the metrics alone: a header, then a row per metric of metrics.def and
# the four derived ones (efficiencies, velocity, direct share)
is "$(head -1 direct.csv)" '"metric","unit","run","start","writers"' "show-4.1 CSV: the header first, no facts or markers"
is "$(wc -l < direct.csv)" "$((1 + $(grep -c '^METRIC(' "$TOP/schema/metrics.def") + 4))" "show-4.2 CSV: a row per metric"
must "$VMSCOPE" show --format markdown direct.db > direct.md
check "show-4.3 markdown: number columns right-aligned (':'), names and units left" \
	grep -Eq '^\| -+ \| -+ \| -+: \| -+: \| -+: \|$' <(sed -n 2p direct.md)
# without markers the run's column is the last: right-aligned, every line
# of the metrics table as long as the header
must "$VMSCOPE" show sweep.db 1 > one.txt
is "$(awk '/^metric/ { on = 1 } on && NF { print length($0) }' one.txt | sort -u | wc -l)" 1 \
	"show-4.4 text: numbers right-aligned in the last column"

# two markers, not in the order of their text, and two results
cp show.db show2.db
must sqlite3 show2.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 3000000, 0, 'aa: page cache full');
	INSERT INTO result (run_id, t_us, name, value, unit) VALUES (1, 1000000, 'write_mbps', 274.8, 'MB/s'), (1, 3000000, 'read_mbps', 80.25, 'MB/s')"
must "$VMSCOPE" show show2.db > show2.txt
is "$(grep '^marker' show2.txt | sed 's/  */ /g' | tr '\n' '|')" 'marker 2.000 s dd "started"|marker 3.000 s aa: page cache full|' \
	"show-5.1 markers in time order"
# pgscan_kswapd 0, 10, 30, 60, 100 at t = 0..4: 30 to t = 2, 30 to 3, 40 after;
# a phase's name is its marker's first 14 characters
is "$(metric_of kswapd_scanned show2.txt)" "kswapd_scanned pages 100 30 30 40" "show-5.2 phases in time order"
is "$(metric_of metric show2.txt)" 'metric unit run start dd "started" aa: page cache' "show-5.3 phase names cut at 14 characters"
is "$(grep '^result' show2.txt | sed 's/  */ /g' | tr '\n' '|')" \
	'result 1.000 s write_mbps = 274.8 MB/s|result 3.000 s read_mbps = 80.25 MB/s|' "show-5.4 results in time order, values as stored"
# order.db holds the 5 runs imported above: without RUN, the newest
is "$("$VMSCOPE" show order.db | awk '$1 == "run_id" { print $2 }')" 5 "show-5.5 without RUN, the newest run"
rc=$(run_rc out "$VMSCOPE" show show.db 1x)
is "$rc" 2 "show-5.6 a run id with trailing junk is misuse"

# one `cat /proc/vmstat` (a fixture, 5.4): counters are totals since boot,
# and with no time between samples there is no rate
f="$FIXTURES/5.4_proot-distro.vmstat"
must "$VMSCOPE" import "$f" -o snap.db
must "$VMSCOPE" show snap.db > snap.txt
is "$(metric_of kswapd_scanned snap.txt)" \
	"kswapd_scanned pages $(awk '$1 == "pgscan_kswapd" { printf("%.1fM", $2 / 1e6) }' "$f")" \
	"show-6.1 one snapshot: a counter is its total since boot"
is "$(metric_of scan_velocity snap.txt)" "scan_velocity pages/s -" "show-6.2 one snapshot: no scan velocity"
# 10000000 and 20000000000 pages: M from 1e7 on, G from 1e10 on
printf 't,pgscan_kswapd,pgscan_direct\n0,0,0\n10,10000000,20000000000\n' > in.csv
must "$VMSCOPE" import in.csv -o big.db
must "$VMSCOPE" show big.db > big.txt
is "$(metric_of kswapd_scanned big.txt) $(metric_of direct_scanned big.txt)" \
	"kswapd_scanned pages 10.0M direct_scanned pages 20.0G" "show-6.3 large counts: M from 1e7, G from 1e10"
# traced priorities: level 12 moves in every interval, 10 in (1, 2], 8 in
# (2, 3]: the deepest is 8, 10 up to the marker at 2 s, 8 after it
printf 't,pgscan_kswapd,trace.kswapd_priority_12,trace.kswapd_priority_10,trace.kswapd_priority_8\n0,0,0,0,0\n1,10,5,0,0\n2,20,9,3,0\n3,30,12,3,2\n4,40,15,3,2\n' > in.csv
must "$VMSCOPE" import in.csv -o prio.db
must sqlite3 prio.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 2000000, 0, 'm')"
must "$VMSCOPE" show prio.db > prio.txt
is "$(metric_of trace_kswapd_priority prio.txt)" "trace_kswapd_priority level 8 10 8" \
	"show-6.4 the deepest priority: the lowest level that moved"

# table: blocks by kernel, rows by swappiness, each run in its cell.
# k1 (4 KiB pages): swappiness 10 with 2560 and 5120 file pages (10 and
# 20 MB: mean 15), 100 with 7680 (30 MB); k2 (64 KiB pages), imported
# after: 100 with 480 (480 * 65536 / 2^20 = 30 MB), 10 with 320 (20 MB)
gr() {  # gr KERNEL SWAPPINESS PAGES PAGE_SIZE
	printf 't,nr_file_pages\n0,%d\n5,%d\n' "$3" "$3" > in.csv
	must "$VMSCOPE" import in.csv -o grp.db --page-size "$4" --tag kernel="$1" --tag swappiness="$2"
}
gr k1 10 2560 4096; gr k1 100 7680 4096; gr k1 10 5120 4096; gr k2 100 480 65536; gr k2 10 320 65536
must "$VMSCOPE" table grp.db --format csv > grp.csv
cat > want.csv <<'CSV'
"by","rows","trials","io_mbps","io_min","io_max","swap_mb","swap_min","swap_max","cache_mb","cache_min","cache_max","oom_trials"
"k1","10","2","","","","","","","15.00","10.00","20.00","0"
"k1","100","1","","","","","","","30.00","30.00","30.00","0"
"k2","10","1","","","","","","","20.00","20.00","20.00","0"
"k2","100","1","","","","","","","30.00","30.00","30.00","0"
CSV
if diff want.csv grp.csv > /dev/null; then pass "table-4.1 10 and 100 apart, each block's own runs, pages of each run's size"; else
	fail "table-4.1 10 and 100 apart, each block's own runs, pages of each run's size" "$(diff want.csv grp.csv | tr '\n' '|')"; fi
# --by kernel: a run without a kernel tag is grouped by its recorded
# kernel release; a kernel tag wins over the release
printf 't,nr_file_pages\n0,256\n5,256\n' > in.csv
must "$VMSCOPE" import in.csv -o rel.db --tag swappiness=60
must "$VMSCOPE" import in.csv -o rel.db --tag swappiness=60 --tag kernel=tagged
must sqlite3 rel.db "UPDATE run SET kernel_release = '5.10.0-rel'"
must "$VMSCOPE" table rel.db > rel.txt
is "$(grep '^kernel ' rel.txt | tr '\n' '|')" "kernel 5.10.0-rel:|kernel tagged:|" \
	"table-4.2 the kernel release where no tag names the kernel, the tag where one does"
# markdown: a cell with no figure says "-" (kern-a is the baseline: no
# change, p-value or verdict; its scans are those of compare-2.1)
must "$VMSCOPE" compare ka.db kb.db --format markdown > cmp.md
is "$(grep '| kern-a |' cmp.md | grep '^| kswapd_scanned ' | sed 's/  */ /g')" \
	"| kswapd_scanned | pages | kern-a | 3 | 1020 | 10 | 1010 | 1030 | - | - | - |" \
	"compare-6.1 markdown: an empty cell is a '-'"
# a table's columns are as wide as their text in characters, not bytes:
# "café" is 4 columns of 5 bytes, a markdown '|' 2 with its backslash.
# chars FILE: the lengths in characters of the metrics table's lines
chars() { awk '/^metric|^\| metric/ { on = 1 } on && NF' "$1" | while IFS= read -r l; do LC_ALL=C.utf8 bash -c 'echo ${#1}' _ "$l"; done | sort -u; }
cp show.db cafe.db
must sqlite3 cafe.db "UPDATE marker SET text = 'café||bar'"
must "$VMSCOPE" show cafe.db > cafe.txt
is "$(chars cafe.txt | wc -l)" 1 "show-7.1 text: every line of the table as wide, with a 'café' column"
must "$VMSCOPE" show --format markdown cafe.db > cafe.md
is "$(chars cafe.md | wc -l)" 1 "show-7.2 markdown: every line as wide, a '|' escaped in a column's name"
# cuts between characters, never inside a UTF-8 one: a phase's name is
# its marker's first 14 characters (an a and 13 e-acutes of 14), a row of
# the 2004 table its value's first 15, right-aligned in 4 columns
cp show.db utf.db
must sqlite3 utf.db "UPDATE marker SET text = 'aéééééééééééééé'"
must "$VMSCOPE" show --format csv utf.db > utf.csv
is "$(head -1 utf.csv)" '"metric","unit","run","start","aééééééééééééé"' "show-7.3 a phase name cut at 14 characters, not bytes"
printf 't,nr_file_pages\n0,256\n5,256\n' > in.csv
for sw in éééééééééééééééé é; do must "$VMSCOPE" import in.csv -o utf.db --tag kernel=k --tag swappiness=$sw; done
must "$VMSCOPE" table utf.db > utf.txt
check "table-4.3 the 2004 table is UTF-8 with a long tag value" iconv -f UTF-8 -t UTF-8 -o /dev/null utf.txt
is "$(grep -c '^ééééééééééééééé   [ -]' utf.txt) $(grep -c '^   é   [ -]' utf.txt)" "1 1" \
	"table-4.4 a row's label: 15 characters at most, right-aligned in 4 columns"
# 17 markers: show's metrics have a phase for each of the first 15, and
# it says that the two past them begin none
cp show.db many.db
for i in $(seq 1 16); do
	must sqlite3 many.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, $((2000000 + i * 10000)), 0, 'm$i')"
done
rc=$(run_rc many.err "$VMSCOPE" show many.db)
is "$rc" 0 "show-8.1 a run with 17 markers is shown"
check "show-8.2 ... saying that the 2 past the first 15 begin no phase" \
	grep -q '^vmscope: warning: run 1: 2 markers past the first 15 begin no phase of the metrics; the last phase runs to the end$' many.err
done_testing
