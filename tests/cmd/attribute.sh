#!/usr/bin/env bash
# attribute: the reclaim model on a simulated 2.6.9 and on real swap-out
# in a memory cgroup of this machine.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1

# intervals_of NAME KERNEL SWAPPINESS AWK: NAME.csv imported as NAME.db with
# those tags, its --intervals rows (quotes dropped) through the awk
# program (fields split at commas) into NAME.out
intervals_of() {
	"$VMSCOPE" import "$1.csv" -o "$1.db" --tag kernel="$2" --tag swappiness="$3" ||
		fail "import $1.csv"
	"$VMSCOPE" attribute "$1.db" --intervals --format csv | tr -d '"' | awk -F, "$4" > "$1.out"
}

# col NAME FILE: the number of column NAME in the CSV FILE's header (a
# failed check where there is none, and a column past the last)
col() {
	local c

	c=$(head -1 "$2" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1)
	[ -n "$c" ] || { fail "column $1 in $2"; c=9999; }
	echo "$c"
}
# traced DB SUMS [WHERE]: per sample of run 1, comma-separated, its time
# as --intervals prints it (%.1f, by awk's printf as by vmscope's) and
# SUMS, sqlite's over the sample's counters (WHERE: which ones; NULL as
# an empty field)
traced() {
	sqlite3 -separator , "$1" "SELECT t, $2 FROM counter_values WHERE run_id = 1 ${3:+AND $3} GROUP BY seq" |
		awk -F, -v OFS=, '{ $1 = sprintf("%.1f", $1); print }'
}
# agreement FILE WHO PRED TRUE: "near n pred true": the rows of WHO that
# scanned anon (TRUE > 0), those whose PRED is within 10%, and the sums
agreement() {
	awk -F, -v w="$2" -v p="$(col "$3" "$1")" -v t="$(col "$4" "$1")" '
		$3 == w && $t > 0 { n++; d = $p - $t; if (d < 0) d = -d; near += d <= 0.1 * $t
			sp += $p; st += $t }
		END { printf "%d %d %.0f %.0f\n", near, n, sp, st }' "$1"
}
# anon_line SUMMARY WHO NEAR N PRED TRUE: SUMMARY has WHO's anon line with
# NEAR of N intervals and the sums within a page a row of PRED and TRUE
# (the rows' rounding)
anon_line() {
	awk -v w="$2" -v near="$3" -v n="$4" -v p="$5" -v t="$6" '
		index($0, "  anon scanned, " w ": predicted ") == 1 {
			split(substr($0, length("  anon scanned, " w ": predicted ") + 1), f, "[ ,;]+")
			dp = f[1] - p; dt = f[5] - t
			ok = dp <= n && dp >= -n && dt <= n && dt >= -n &&
			     index($0, "within 10% in " near " of " n " intervals") > 0 }
		END { exit !ok }' "$1"
}
# deep_line SUMMARY WHAT ROWS WHO...: SUMMARY's "deepest level, WHAT"
# line as the rows of the reclaimers WHO (of the CSV ROWS) give it: per
# interval the deepest of their p_deep where all are estimable, against
# their p_deep_true (the deepest traced of them), averages and count
deep_line() {
	local sum=$1 what=$2 rows=$3
	shift 3
	awk -F, -v what="$what" -v who=" $* " -v e="$(col p_deep "$rows")" -v t="$(col p_deep_true "$rows")" '
		index(who, " " $3 " ") {
			k = $1 "," $2
			if ($e == "n/e") bad[k] = 1
			else if (!(k in est) || $e < est[k]) est[k] = $e
			if ($t != "" && (!(k in tr) || $t < tr[k])) tr[k] = $t }
		END { for (k in est) if (!(k in bad) && k in tr) {
				n++; se += est[k]; st += tr[k]; d = est[k] - tr[k]; ok += d <= 1 && d >= -1 }
			if (n) printf "  deepest level, %s: estimated %.1f, traced (vmscan tracepoints) %.1f on average; within one level in %d of %d intervals\n",
				what, se / n, st / n, ok, n }' "$rows" > "$rows.deep"
	[ -s "$rows.deep" ] && grep -qF "$(cat "$rows.deep")" "$sum"
}

# --- the 2004 scenario, simulated: 86 % of 29 GB mapped -----------------
# Each interval kswapd makes 50 passes at priority p over an inactive list
# of L = 1.5M pages: it scans 50 * 2 * (L >> p) pages and reclaims 90 %.
# Swap happens only where mapped/2 + (100 >> p) + swappiness >= 100.
sim() {  # sim SWAPPINESS PRIORITY...
	local sw=$1; shift
	awk -v sw="$sw" -v ps="$*" 'BEGIN {
		L = 1500000; n = split(ps, p, " ")
		print "t,pgscan_kswapd_normal,kswapd_steal,pgsteal_normal,pageoutrun,pswpout,nr_mapped,nr_inactive,meminfo.MemTotal"
		print "0,0,0,0,0,0,6537871,1500000,30408704"
		for (i = 1; i <= n; i++) {
			sc = 50 * 2 * int(L / 2 ^ p[i]); s += sc; st += int(0.9 * sc); r += 50
			if (43 + int(100 / 2 ^ p[i]) + sw >= 100) o += int(0.1 * sc)
			print i "," s "," st "," st "," r "," o ",6537871,1500000,30408704"
		} }' > sim.csv
	"$VMSCOPE" import sim.csv -o sim.db --tag kernel=2.6.9-rc1-mm3 --tag swappiness="$sw" \
		--tag kswapd="$KSWAPD" || fail "import sim.csv"
}
KSWAPD=buildup; sim 0 0 0 0 1 1 0 0 1       # priority builds up to 0
KSWAPD=restart; sim 0 12 11 10 11 12 10 11 12   # restarts after 32 pages
KSWAPD=buildup; sim 60 0 1 2 3 4 5 6 7
"$VMSCOPE" attribute sim.db --format csv > sim.out
is "$?" 0 "attribute-1.1 attribute simulated 2.6.9 runs"
share() { grep "^\"$1\",\"classic\",\"$2\"," sim.out | cut -d, -f4,5 | tr -d '"'; }
# run 1: swap only at p = 0 (intervals 1, 2, 3, 6, 7): 5 * 0.1 * 100 * 1.5M
is "$(share 1 priority_buildup)" "75000000,1.0000" "attribute-1.2 swappiness 0, deep priority, easy reclaim: priority build-up"
is "$(share 2 unexplained)" "0,0.0000" "attribute-1.3 a restarting kswapd swaps nothing at swappiness 0"
is "$(share 3 mapped_ratio | cut -d, -f2)" "1.0000" "attribute-1.4 swappiness 60 + 43: the mapped ratio alone opens the gate"
check "attribute-1.5 unexplained is always a row" test "$(grep -c unexplained sim.out)" -eq 3
"$VMSCOPE" attribute sim.db 1 --intervals --format csv | tr -d '"' > int.txt
# interval 1: p = 0 recovered, 15M pages out, class priority build-up
check "attribute-1.6 --intervals shows the recovered priority" \
	grep -q '^1,1.0,all,0.0,,,priority_buildup,15000000,,,0,,,,[0-9.]*,[0-9.]*,[-0-9.]*,[0-9.]*,[-0-9.]*,,,,$' int.txt

# ground truth: a 2.6.16-like run that recorded zoneinfo's prev_priority
# (the DMA zone idles at 12, Normal follows the simulated priority)
awk 'BEGIN { L = 1500000; split("12 3 4 3 5 2 4", p, " ")
	print "t,pgscan_kswapd_normal,kswapd_steal,pgsteal_normal,pageoutrun,pswpout,nr_mapped,nr_inactive,meminfo.MemTotal,zoneinfo.node0.DMA.prev_priority,zoneinfo.node0.Normal.prev_priority"
	for (i = 1; i <= 7; i++) {
		if (i > 1) { sc = 50 * 2 * int(L / 2 ^ p[i]); s += sc; st += int(0.9 * sc); r += 50 }
		print i "," s + 0 "," st + 0 "," st + 0 "," r + 0 ",0,6537871,1500000,30408704,12," p[i] } }' > truth.csv
"$VMSCOPE" import truth.csv -o truth.db --tag kernel=2.6.16 || fail "import truth.csv"
"$VMSCOPE" attribute truth.db > truth.out
check "attribute-1.8 the estimate next to zoneinfo's prev_priority, with the agreement" \
	grep -q '^  priority: estimated 3.5, prev_priority (zoneinfo) 3.5 on average; within one level in 6 of 6 intervals$' truth.out
# the 2.6 reading per interval: 6537871 of 30408704 / 4 pages mapped is
# 86.0%; 90% of the scanned pages stolen; the swap_tendency gate needs
# 100 - swappiness 60 - 86.0 / 2 = -3.0 of distress (open without it)
"$VMSCOPE" attribute truth.db --intervals --format csv | tr -d '"' > truth-int.out
is "$(awk -F, '$2 == "2.0" { print $15 "," $16 "," $17 }' truth-int.out)" "86.0,0.900,-3.0" \
	"attribute-1.18 --intervals, classic: mapped_pct, efficiency and the distress the gate still needs"
check "attribute-1.19 --intervals, classic: p_need and build_up per interval" \
	awk -F, 'NR > 1 && ($18 == "" || $19 == "") { exit 1 }' truth-int.out
# the same walks at 3 and 4 against a zoneinfo that says 5 and 6: the
# estimate 3 is two levels off 5 (not within one), 4 is two off 6
awk 'BEGIN { L = 1500000; split("12 3 4", p, " "); split("12 5 6", z, " ")
	print "t,pgscan_kswapd_normal,kswapd_steal,pgsteal_normal,pageoutrun,pswpout,nr_mapped,nr_inactive,meminfo.MemTotal,zoneinfo.node0.Normal.prev_priority"
	for (i = 1; i <= 3; i++) {
		if (i > 1) { sc = 50 * 2 * int(L / 2 ^ p[i]); s += sc; st += int(0.9 * sc); r += 50 }
		print i "," s + 0 "," st + 0 "," st + 0 "," r + 0 ",0,6537871,1500000,30408704," z[i] } }' > off.csv
"$VMSCOPE" import off.csv -o off.db --tag kernel=2.6.16 || fail "import off.csv"
"$VMSCOPE" attribute off.db > off.out
check "attribute-1.16 two levels off is not within one level (0 of 2)" \
	grep -q 'within one level in 0 of 2 intervals$' off.out
# ground truth from the vmscan tracepoints (--trace-priority) on a split-LRU
# kernel, built from v6.1's arithmetic: per interval 50 kswapd walks over
# an inactive file list of F pages with no refaults and no swap-worthy
# anon (cache_trim_mode: SCAN_FILE at every level), each walk from 12 down
# to the interval's level p scanning F >> q at every level q
# (get_scan_count(): scan = size >> priority); the tracepoint counts the
# pages per level.  The scan-weighted truth is sum(q x pages) / pages.
awk 'BEGIN { F = 750000; split("12 3 4 3 5 2 4", p, " ")
	h = "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,meminfo.MemTotal"
	for (k = 0; k <= 12; k++) h = h ",trace.kswapd_scan_file_" k
	print h
	for (i = 1; i <= 7; i++) {
		if (i > 1) for (q = 12; q >= p[i]; q--) {
			v = 50 * int(F / 2 ^ q); s += v; n[q] += v; r += (q == 12) * 50 }
		line = i "," s + 0 "," int(0.9 * s) "," r + 0 ",0,0," s + 0 ",100000,100000," F ",100000,50000,30408704"
		for (k = 0; k <= 12; k++) line = line "," n[k] + 0
		print line } }' > traced.csv
"$VMSCOPE" import traced.csv -o traced.db --tag kernel=6.1.0 || fail "import traced.csv"
"$VMSCOPE" attribute traced.db > traced.out
check "attribute-1.9 the scan-weighted kswapd estimate within one level of the traced truth in every interval" \
	grep -q '^  priority, kswapd (scan-weighted): estimated .*; within one level in 6 of 6 intervals (100%)$' traced.out
"$VMSCOPE" attribute traced.db --intervals --format csv | tr -d '"' > traced-int.txt
# interval 1 (t = 2) ended at p = 3: truth = sum_{q=3..12} q (F>>q) / sum (F>>q)
want=$(awk 'BEGIN { F = 750000; for (q = 3; q <= 12; q++) { v = int(F / 2 ^ q); a += q * v; b += v }
	printf "%.1f", a / b }')
check "attribute-1.10 --intervals shows the traced scan-weighted priority as p_true ($want)" \
	grep -q "^1,2.0,kswapd,[0-9.]*,$want,n/e," traced-int.txt
# the agreement tolerance is one level: the same walks (12 down to 3,
# scan-weighted about 3.5) against a truth at level 4, then at level 5
awk 'BEGIN { F = 750000
	h = "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages"
	for (k = 0; k <= 12; k++) h = h ",trace.kswapd_scan_file_" k
	print h
	for (i = 1; i <= 3; i++) {
		if (i > 1) { for (q = 12; q >= 3; q--) { v = 50 * int(F / 2 ^ q); s += v }
			n[2 + i] = s - old; old = s; r += 50 }
		line = i "," s + 0 "," int(0.9 * s) "," r + 0 ",0,0," s + 0 ",100000,100000," F ",100000,50000"
		for (k = 0; k <= 12; k++) line = line "," n[k] + 0
		print line } }' > tol.csv
"$VMSCOPE" import tol.csv -o tol.db --tag kernel=6.1.0 || fail "import tol.csv"
"$VMSCOPE" attribute tol.db > tol.out
check "attribute-1.11 within one level: truth 4 agrees, truth 5 does not (1 of 2)" \
	grep -q '^  priority, kswapd (scan-weighted): .* within one level in 1 of 2 intervals' tol.out
# the swap-out whose anon scanning the walk cannot produce is unexplained:
# one walk over 103.5k inactive anon and 3000 inactive file pages at
# swappiness 60 after 100 pages written (anon cost 100): level 12 is
# SCAN_FRACT with ap = 60 * 301 / 201 = 89, fp = 140 * 301 / 101 = 417,
# anon 25 * 89 / 506 = 4 pages; the levels below trim file.
for meas in 400 4; do
	printf '%s\n' "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
		"0,0,0,0,0,0,0,105984,1000,3000,1000,100000" \
		"1,5000,4000,1,100,$meas,$((5000 - meas)),105984,1000,3000,1000,100000" > vol.csv
	"$VMSCOPE" import vol.csv -o "vol-$meas.db" --tag kernel=6.1.0 || fail "import vol.csv"
	"$VMSCOPE" attribute "vol-$meas.db" --format csv | tr -d '"' > "vol-$meas.out"
done
is "$(grep ',unexplained,' vol-400.out | cut -d, -f4,5)" "99,0.9900" \
	"attribute-1.12 4 anon pages predicted, 400 scanned: 99% of the swap-out unexplained"
is "$(grep ',small_inactive_file,' vol-4.out | cut -d, -f4,5)" "100,1.0000" \
	"attribute-1.13 4 predicted, 4 scanned: all of it small_inactive_file"
"$VMSCOPE" attribute vol-4.db --intervals --format csv | tr -d '"' > vol-int.out
check "attribute-1.14 --intervals: the anon-scan prediction beside pgscan_anon" \
	grep -q '^1,1.0,all,,,,small_inactive_file,100,4,4,60,' vol-int.out
"$VMSCOPE" attribute vol-4.db --what-if swappiness=200 --format csv | tr -d '"' > wi.out
# at 200 with the same costs: ap = 200 * 301 / 201 = 299, fp = 0: 25 anon
check "attribute-1.15 --what-if swappiness=200 predicts 25 anon pages" \
	grep -q '^1,60,200,25,' wi.out
# and writes each at most once: 100 pages out for 4 anon scanned is the
# sample boundary, not 25 writes a page
check "attribute-1.25 --what-if swap-out: the run's swap-out per anon page scanned, at most one: 25" \
	grep -q '^1,60,200,25,25,' wi.out
# Activations between two runs on one boot (bench's trials one after
# another): no walk saw them unless reclaim ran in between
# (prepare_scan_count() compares with the snapshot of the last walk's
# end), so the first walks of the next run may have; vol-400's interval
# (400 anon scanned where a trim walk scans 4) is then a refault walk.
# snap ACT KSWAPD ANON OUT [OTHER]: one /proc/vmstat snapshot of vol.csv's
# lists, a kswapd walk every 5000 pages scanned, OTHER file pages scanned
# by neither kswapd nor direct reclaim (a cgroup's limit reclaim)
snap() {
	printf '%s\n' "pgscan_kswapd $2" "pgsteal_kswapd $(($2 * 4 / 5))" "pgscan_direct 0" \
		"pageoutrun $((($2 + 4999) / 5000))" "pswpout $4" "pgscan_anon $3" \
		"pgscan_file $(($2 - $3 + ${5:-0}))" \
		"nr_inactive_anon 105984" "nr_active_anon 1000" "nr_inactive_file 3000" \
		"nr_active_file 1000" "nr_free_pages 100000" "workingset_activate_file $1"
}
# between BOOT2 KSWAPD2 DB: run 1 on boot b1 trims 5000 pages and ends at
# 10 activations; run 2 on BOOT2 starts at 12, KSWAPD2 pages scanned
# later (0: no reclaim between), and scans vol-400's interval
between() {
	{ echo "boot_id: b1"; echo "time: 1000"; snap 0 0 0 0
	  echo "time: 1001"; snap 10 5000 0 0; } > run1.log
	{ echo "boot_id: $1"; echo "time: 2000"; snap 12 $((5000 + $2)) 0 0
	  echo "time: 2001"; snap 12 $((10000 + $2)) 400 100; } > run2.log
	"$VMSCOPE" import run1.log -o "$3" --tag kernel=6.1.0 --tag swappiness=60 &&
		"$VMSCOPE" import run2.log -o "$3" --tag kernel=6.1.0 --tag swappiness=60 ||
		fail "import run1.log and run2.log into $3"
	"$VMSCOPE" attribute "$3" 2 --format csv | tr -d '"' > "$3.out"
}
between b1 0 carried.db
is "$(grep ',unexplained,' carried.db.out | cut -d, -f4)" "0" \
	"attribute-1.57 2 activations between two runs of one boot, no reclaim between: the next run's first walk saw one, nothing unexplained"
check "attribute-1.58 ... and its swap-out is file_refaults" grep -q '^2,split-lru,file_refaults,100,0.99' carried.db.out
# a walk between the runs snapshots the refaults when it ends
# (snapshot_refaults()); the counters do not tell whether the
# activations came before that end or after it
between b1 100 reclaimed.db
is "$(grep ',unexplained,' reclaimed.db.out | cut -d, -f4)" "0" \
	"attribute-1.59 kswapd scanned between the runs too: its walk may have ended before the activations, still carried"
# none between the runs: nothing carried
{ echo "boot_id: b1"; echo "time: 2000"; snap 10 5000 0 0
  echo "time: 2001"; snap 10 10000 400 100; } > run2.log
rm -f none.db
"$VMSCOPE" import run1.log -o none.db --tag kernel=6.1.0 --tag swappiness=60 &&
	"$VMSCOPE" import run2.log -o none.db --tag kernel=6.1.0 --tag swappiness=60 ||
	fail "import run1.log and run2.log into none.db"
is "$("$VMSCOPE" attribute none.db 2 --format csv | tr -d '"' | grep ',unexplained,' | cut -d, -f4)" "99" \
	"attribute-1.104 no activation between the runs: none carried, 99% unexplained"
between b2 0 reboot.db
is "$(grep ',unexplained,' reboot.db.out | cut -d, -f4)" "99" \
	"attribute-1.60 another boot between the runs: 99% unexplained"
# the carried activations reach the interval after the first with
# reclaim where a walk of that first one may still be under way: one
# kswapd walk there (1.60.1), not two (the first ended and took a new
# snapshot, 1.60.2)
carried_next() {  # carried_next FIRST_SCAN DB: first interval trims FIRST_SCAN pages
	{ echo "boot_id: b1"; echo "time: 2000"; snap 12 5000 0 0
	  echo "time: 2001"; snap 12 $((5000 + $1)) 0 0
	  echo "time: 2002"; snap 12 $((10000 + $1)) 400 100; } > run2.log
	rm -f "$2"
	"$VMSCOPE" import run1.log -o "$2" --tag kernel=6.1.0 --tag swappiness=60 &&
		"$VMSCOPE" import run2.log -o "$2" --tag kernel=6.1.0 --tag swappiness=60 ||
		fail "import run1.log and run2.log into $2"
	"$VMSCOPE" attribute "$2" 2 --format csv | tr -d '"' | grep ',unexplained,' | cut -d, -f4
}
is "$(carried_next 4000 next1.db)" "0" \
	"attribute-1.60.1 one kswapd walk in the first interval with reclaim: the next interval's walk saw the carried activations"
is "$(carried_next 9000 next2.db)" "99" \
	"attribute-1.60.2 two walks there (the first ended, its snapshot taken): not the next interval's, 99% unexplained"
# where other reclaim (a cgroup's, which compares its own lruvec's
# snapshot) scanned first, in two intervals (the carried activations
# reach the interval after the first with reclaim too), the carried
# activations wait for kswapd's walk
{ echo "boot_id: b1"; echo "time: 2000"; snap 12 5000 0 0
  echo "time: 2001"; snap 12 5000 0 0 300
  echo "time: 2002"; snap 12 5000 0 0 600
  echo "time: 2003"; snap 12 10000 400 100 600; } > run2.log
rm -f other.db
"$VMSCOPE" import run1.log -o other.db --tag kernel=6.1.0 --tag swappiness=60 &&
	"$VMSCOPE" import run2.log -o other.db --tag kernel=6.1.0 --tag swappiness=60 ||
	fail "import run1.log and run2.log into other.db"
"$VMSCOPE" attribute other.db 2 --format csv | tr -d '"' > other.out
is "$(grep ',unexplained,' other.out | cut -d, -f4)" "0" \
	"attribute-1.65 other reclaim scanning first: the carried activations still reach kswapd's walk"
# runs with no boot_id (imported CSVs) are no boot's: nothing carried
for f in run1 run2; do grep -v '^boot_id:' "$f.log" > "$f-noboot.log"; done
"$VMSCOPE" import run1-noboot.log -o noboot.db --tag kernel=6.1.0 --tag swappiness=60 &&
	"$VMSCOPE" import run2-noboot.log -o noboot.db --tag kernel=6.1.0 --tag swappiness=60 ||
	fail "import the logs without boot_id"
"$VMSCOPE" attribute noboot.db 2 --format csv | tr -d '"' > noboot.out
is "$(grep ',unexplained,' noboot.out | cut -d, -f4)" "99" \
	"attribute-1.64 two runs without a boot_id are not one boot's: 99% unexplained"
# The lruvec costs outlive a run: lru_note_cost() charges the root's
# anon_cost / file_cost (6.2+: 32 x pages written + pages rotated,
# pgscan_X - pgsteal_X) and only halves them past a quarter of the lists
# (110984 / 4 here).  Run 1 rotates 2000 file pages (scanned, none
# stolen); run 2 is one kswapd walk over vol.csv's lists with nothing
# written: level 12 is SCAN_FRACT on 105984 >> 12 = 25 anon pages.
# Carried (anon 0, file 2000): ap = 60 * 6001 / 2001 = 179,
# fp = 140 * 6001 / 4001 = 209, anon 25 * 179 / 388 = 11 pages.  From
# zero costs: ap = 60, fp = 140, anon 25 * 60 / 200 = 7.
# costsnap ROTATED ANON: a snapshot after ROTATED file pages rotated and
# ANON anon pages scanned
costsnap() {
	printf '%s\n' "pgscan_kswapd $(($1 + $2))" "pgsteal_kswapd 0" "pgscan_direct 0" \
		"pageoutrun $(($1 > 0 ? 1 : 0))" "pswpout 0" "nr_vmscan_write 0" \
		"pgscan_anon $2" "pgsteal_anon 0" "pgscan_file $1" "pgsteal_file 0" \
		"nr_inactive_anon 105984" "nr_active_anon 1000" "nr_inactive_file 3000" \
		"nr_active_file 1000" "nr_free_pages 100000"
}
# costrun DB KERNEL BOOT2 START1 END1 START2: run 1 on boot b1 from START1
# to END1 pages rotated, run 2 on BOOT2 from START2 with a walk after it
# (7 anon pages scanned, the walk from zero costs)
costrun() {
	{ echo "boot_id: b1"; echo "time: 1000"; costsnap "$4" 0
	  echo "time: 1001"; costsnap "$5" 0; } > cost1.log
	{ echo "boot_id: $3"; echo "time: 2000"; costsnap "$6" 0
	  echo "time: 2001"; costsnap "$(($6 + 5000))" 7; } > cost2.log
	rm -f "$1"
	"$VMSCOPE" import cost1.log -o "$1" --tag kernel="$2" --tag swappiness=60 &&
		"$VMSCOPE" import cost2.log -o "$1" --tag kernel="$2" --tag swappiness=60 ||
		fail "import cost1.log and cost2.log into $1"
	"$VMSCOPE" attribute "$1" 2 --intervals --format csv | tr -d '"' |
		awk -F, '$1 == 2 && $3 == "all" { print $10 }' > "$1.out"
	"$VMSCOPE" attribute "$1" 2 > "$1.txt"
}
costrun costs.db 6.2.0 b1 0 2000 2000
is "$(cat costs.db.out)" "11" \
	"attribute-1.92 the run before on the same boot rotated 2000 file pages: the next run's walk scans 11 anon pages at level 12, not 7"
check "attribute-1.93 ... and the output says the costs were charged over that run" \
	grep -q "anon and file costs at the start charged since boot, over the 1 run before it on this boot" costs.db.txt
# --what-if swappiness=100 from the same costs: ap = 100 * 6001 / 2001 =
# 299, fp = 100 * 6001 / 4001 = 149, anon 25 * 299 / 448 = 16 (12 from zero)
"$VMSCOPE" attribute costs.db 2 --what-if swappiness=100 --format csv | tr -d '"' > costs-wi.out
check "attribute-1.98 --what-if swappiness=100 starts from the carried costs too: 16 anon pages" \
	grep -q '^2,60,100,16,' costs-wi.out
# The costs halve as the kernel charges them, so an earlier run counts
# less than a later one: replayed sample by sample, not summed since
# boot.  Run 1 rotates 20000 anon pages, then 60000 file pages; each
# pass charges at most 32 (SWAP_CLUSTER_MAX pages scanned), and every
# charge that takes the sum past 27746 halves both, in integers
# (lru_note_cost()).  The reference below is that loop and
# get_scan_count()'s SCAN_FRACT at level 12 for run 2's walk (11 pages:
# anon 1250, file 23198; summed since boot the anon would keep a third).
want=$(awk 'BEGIN { q = int(110984 / 4)
	for (i = 0; i < 2500; i++) {
		if (i < 625) a += 32; else f += 32
		if (a + f > q) { a = int(a / 2); f = int(f / 2) }
	}
	t = a + f; ac = t + a; fc = t + f; tc = ac + fc
	ap = int(60 * (tc + 1) / (ac + 1)); fp = int(140 * (tc + 1) / (fc + 1))
	print int(25 * ap / (ap + fp)) }')
{ echo "boot_id: b1"; echo "time: 1000"; costsnap 0 0
  echo "time: 1001"; costsnap 0 20000
  echo "time: 1002"; costsnap 60000 20000; } > cost1.log
{ echo "boot_id: b1"; echo "time: 2000"; costsnap 60000 20000
  echo "time: 2001"; costsnap 65000 20007; } > cost2.log
rm -f costs-order.db
"$VMSCOPE" import cost1.log -o costs-order.db --tag kernel=6.2.0 --tag swappiness=60 &&
	"$VMSCOPE" import cost2.log -o costs-order.db --tag kernel=6.2.0 --tag swappiness=60 ||
	fail "import cost1.log and cost2.log into costs-order.db"
is "$("$VMSCOPE" attribute costs-order.db 2 --intervals --format csv | tr -d '"' |
	awk -F, '$1 == 2 && $3 == "all" { print $10 }')" "$want" \
	"attribute-1.99 the run before charged anon, then file past the halving: its anon cost halved with every halving after it ($want anon pages)"
# the whole database replayed in order: run 1's own replay keeps its
# end, which run 2 starts from
is "$("$VMSCOPE" attribute costs.db --intervals --format csv | tr -d '"' |
	awk -F, '$1 == 2 && $3 == "all" { print $10 }')" "11" \
	"attribute-1.106 both runs replayed in order: run 2 starts from the costs run 1's replay kept (11)"
costrun costs-gap.db 6.2.0 b1 0 0 2000
is "$(cat costs-gap.db.out)" "11" \
	"attribute-1.94 the 2000 rotations happened between the runs: charged all the same (11)"
costrun costs-boot.db 6.2.0 b1 2000 2000 2000
is "$(cat costs-boot.db.out)" "11" \
	"attribute-1.95 the rotations happened before the boot's first run: the counters since boot charge them (11)"
costrun costs-reboot.db 6.2.0 b2 0 2000 0
is "$(cat costs-reboot.db.out)" "7" \
	"attribute-1.96 another boot between the runs: its lruvecs are new, zero costs (7)"
costrun costs-61.db 6.1.0 b1 0 2000 2000
is "$(cat costs-61.db.out)" "7" \
	"attribute-1.97 6.1: lru_note_cost() takes no rotations (before 6.2), nothing carried (7)"
# 6.12+: walks decide cache trimming on the lists of the last memcg
# statistics flush.  The file list grows from 3 to 9000 pages at t = 2;
# flushes at 1.0 (3 pages) and 3.1 (9000), traced as
# trace.memcg_flush_t_us.  One kswapd walk of 225 pages an interval from
# 2.5 at swappiness 100, zero costs: on the 3-page view every level is
# SCAN_FRACT, half of each list's target, down to level 8: 11 + 23 + 47 +
# 95 + 34 x 191 / 208 = 207.2 anon (split-8.10's reference); after the
# second flush the walks trim the cache.  A pass keeps the targets it
# began with (get_scan_count() once per shrink_lruvec()), so each walk
# first finishes the pass the walk before stood in, which scans anon as
# begun: (3.0, 3.5] ends the pass the walk of (2.5, 3.0] stood in, begun
# on the 3-page view, then starts one on the 9000-page view after the
# flush.  Walks deciding on the old view until the flush scan a fifth of
# the interval, 45 pages; the rest of that pass scans anon after the
# flush too: more.  Without the flush times the prediction takes the
# last 2 s of samples as alike.
# the columns of the flush scenarios' logs
flush_header() {
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,trace.memcg_flush_t_us"
}
{ flush_header; awk 'BEGIN {
	for (i = 0; i <= 10; i++) {
		t = i / 2; f = t >= 2 ? 9000 : 3
		if (t >= 2.5) { s += 225; r += 200; w++ }
		fl = t >= 3.5 ? 3100000 : t >= 1 ? 1000000 : 0
		printf "%.1f,%d,%d,%d,0,0,%d,97935,1000,%d,50,100000,%d\n", t, s, r, w, s, f, fl } }'; } > flush.csv
cut -d, -f1-12 flush.csv > noflush.csv
for f in flush noflush; do
	intervals_of "$f" 6.12.0 100 '$3 == "all" { print $2, $10 }'
done
check "attribute-1.61 traced flushes: SCAN_FRACT on the 3-page view until the flush at 3.1 (207 anon predicted first, the next interval within 10%), the rest of a pass begun before it (over 45, under 207), then cache trim (0)" \
	awk '{ v[$1] = $2 } END { exit !(v["2.5"] == 207 && v["3.0"] >= 186 && v["3.0"] <= 228 &&
		v["3.5"] > 45 && v["3.5"] < 207 && v["4.0"] == 0 && v["4.5"] == 0 && v["5.0"] == 0) }' flush.out
check "attribute-1.62 untraced, the prediction still lets anon in a second after the flush (the window's samples)" \
	grep -q '^4.0 [1-9]' noflush.out
# the flush came between two samples, at 1.9 s: the file list held 3
# pages at 1.5 and 9000 at 2.0, so the flush held anything in between.
# The walk of (2.0, 2.5] scanned 207 anon of its 225 pages, as on the
# 3-page view (SCAN_FRACT down to level 8): the attribution takes the
# sample before, and no swapped page is left unexplained
{ flush_header; awk 'BEGIN {
	for (i = 0; i <= 6; i++) {
		t = i / 2; f = t >= 2 ? 9000 : 3
		if (t >= 2.5) { s = 225; a = 207; r = 200; w = 1; o = 100 }
		printf "%.1f,%d,%d,%d,%d,%d,%d,97935,1000,%d,50,100000,%d\n", t, s, r, w, o, a, s - a, f,
			(t >= 2 ? 1900000 : 0) } }'; } > bracket.csv
intervals_of bracket 6.12.0 100 '$3 == "all" && $8 > 0 { print $2, $7, $10 }'
is "$(cat bracket.out)" "2.5 small_inactive_file 0" \
	"attribute-1.69 a flush between two samples: the swap-out small_inactive_file, as on the sample before (the prediction's straight line, 7200 pages at 1.9 s, trims at every level: 0 anon)"
"$VMSCOPE" attribute bracket.db --format csv | tr -d '"' > bracket.text
is "$(awk -F, '$3 == "unexplained" { print $4 }' bracket.text)" 0 "attribute-1.70 ... none of it unexplained"
# the same flush, the walk scanning 7 anon pages: SCAN_FRACT at level 12
# only (97935 >> 12 = 23 at the anon share ap / (ap + fp) of 1/3 that
# the 100 pages written give, the anon_share column), then cache trim,
# as on a view that held 2048 to 4095 file pages (file >> 11 = 1:
# cache_trim_mode).  Neither sample's view scans that (the 3-page one
# more than 20 times as much, the 9000-page one none), nor the straight
# line's (none); the flush copied the lists somewhere between the two
# samples, and there a point scans it: small_inactive_file, none of the
# swap-out unexplained (the nearest of the three views explains none)
sed 's/^\(2\.5\|3\.0\),225,200,1,100,207,18,/\1,225,200,1,100,7,218,/' bracket.csv > between.csv
intervals_of between 6.12.0 100 '$3 == "all" && $8 > 0 { print $2, $7, $10 }'
"$VMSCOPE" attribute between.db --format csv | tr -d '"' > between.text
is "$(cat between.out; awk -F, '$3 == "unexplained" { print $4 }' between.text)" "2.5 small_inactive_file 0
0" "attribute-1.73 7 anon pages, between the two samples' views: small_inactive_file on a point between them, none unexplained"
# the flush's lists stand until the next flush: the walks of (2.5, 3.0]
# decide on the view (2.0, 2.5]'s anon placed, the 3-page one (SCAN_FRACT
# down to level 8, about 207 anon pages), which the prediction of the
# later interval takes from the earlier one's pgscan_anon; the first
# interval's prediction has the straight line's (trim, 0).  A flush at
# 3.1 (9000 pages) ends it: from (3.5, 4.0] on the walks decide on that
# view, which trims the cache (only a walk that ends there from the
# interval before scans anon)
{ flush_header; awk 'BEGIN {
	for (i = 0; i <= 8; i++) {
		t = i / 2; f = t >= 2 ? 9000 : 3
		if (t >= 2.5) { s += 225; a += 207; r += 200; w++; o += 100 }
		printf "%.1f,%d,%d,%d,%d,%d,%d,97935,1000,%d,50,100000,%d\n", t, s, r, w, o, a, s - a, f,
			(t >= 3.5 ? 3100000 : t >= 2 ? 1900000 : 0) } }'; } > kept.csv
intervals_of kept 6.12.0 100 '$3 == "all" && $2 >= 2.5 { print $2, $10 }'
is "$(awk '$1 == 2.5 { print $2 }' kept.out)" 0 \
	"attribute-1.76 a flush's first interval: the prediction's straight-line view trims (0 anon)"
check "attribute-1.77 its second interval: the prediction takes the view the first one's anon placed (207 within 10%)" \
	awk '$1 == 3.0 && $2 >= 186 && $2 <= 228 { f = 1 } END { exit !f }' kept.out
check "attribute-1.78 after the next flush the view is not kept (under half of 207)" \
	awk '$1 == 4.0 && $2 < 103 { f = 1 } END { exit !f }' kept.out
# without the flush times the attribution picks a view among the
# window's samples (the 3-page ones explain the 207 anon pages) and the
# prediction keeps it while that sample is in the window of a later
# interval (within 2 s before it: the flush that copied it may still be
# the last); from (3.5, 4.0] the 1.5 s sample is out, and the prediction
# takes the window's samples as alike again (a quarter of them 3-page)
cut -d, -f1-12 kept.csv > keptu.csv
intervals_of keptu 6.12.0 100 '$3 == "all" && $2 >= 2.5 { print $2, $10 }'
check "attribute-1.79 untraced: the later intervals are predicted on the sample the first one's anon picked (207 within 10%)" \
	awk '$1 == 3.0 && $2 >= 186 && $2 <= 228 { n++ } $1 == 3.5 && $2 >= 186 && $2 <= 228 { n++ } END { exit n != 2 }' keptu.out
check "attribute-1.80 ... not once that sample is 2 s before the interval (under half of 207)" \
	awk '$1 == 4.0 && $2 < 103 { f = 1 } END { exit !f }' keptu.out
# kswapd woken for the DMA zone passes over DMA32 pages (pgskip_dma32):
# they count in pgscan_kswapd and pgscan_file, not in any walk of the
# node.  Each interval 4000 pages are walks' and, in skip.csv, 6000 more
# are skipped while the DMA zone holds 3150 inactive file pages: 3150 >>
# 11 = 1, so the skipping walk's first target, and the skip, is at level
# 11 (t-skip has the page-by-page reference).  The replay reads the
# counters and the zone's lists by their recorded names.
skip_csv() {  # skip_csv SKIP_PER_INTERVAL
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,pgskip_dma32,zoneinfo.node0.DMA.nr_zone_inactive_anon,zoneinfo.node0.DMA.nr_zone_inactive_file"
	awk -v k="$1" 'BEGIN { for (i = 0; i <= 6; i++) {
		t = i / 2; if (i) { s += 4000 + k; r += 3600; w += 12; sk += k }
		printf "%.1f,%d,%d,%d,0,0,%d,100000,20000,9150,3000,1500,%d,3,3150\n", t, s, r, w, s, sk } }'
}
skip_csv 0 > noskip.csv
skip_csv 6000 > skip.csv
for f in noskip skip; do
	intervals_of "$f" 6.1.0 60 '$3 == "kswapd" && $2 == 2.0 { print $4 }'
done
check "attribute-1.81 6000 skipped pages beside 4000 walked: the interval's kswapd priority moves to (p * 4000 + 11 * 6000) / 10000 ($(cat noskip.out) -> $(cat skip.out))" \
	awk -v a="$(cat noskip.out)" -v b="$(cat skip.out)" 'BEGIN { e = (a * 4000 + 11 * 6000) / 10000; exit !(b - e < 0.06 && e - b < 0.06) }'
"$VMSCOPE" attribute skip.db > skip.text
check "attribute-1.82 the summary says how much kswapd passed over" \
	grep -q 'kswapd passed over 36000 pages of zones above its reclaim index (pgskip_\*, 60.0% of its scan)' skip.text
"$VMSCOPE" attribute noskip.db > noskip.text
check "attribute-1.83 ... and says nothing where it passed over none" \
	test "$(grep -c 'passed over' noskip.text)" -eq 0
# An activation at 0.5 s while no walk ran; kswapd's walk to 1.5 s scans
# 200 pages.  At swappiness 200 a walk that saw it scans anon alone
# (SCAN_FRACT, fp = 0: 100000 >> 12 = 24 at level 12, and on), one that
# did not trims the cache (40000 >> 12 = 9 file pages at 12).  The walk
# compares with the snapshot the last walk to end took, however long ago
# (snapshot_refaults()), so the first walk after the activation sees it.
{
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file"
	echo "0.0,0,0,0,0,0,0,100000,20000,40000,3000,1500,0"
	echo "0.5,0,0,0,0,0,0,100000,20000,40000,3000,1500,1"
	echo "1.0,0,0,0,0,0,0,100000,20000,40000,3000,1500,1"
	echo "1.5,200,200,1,0,200,0,99800,20000,40000,3000,1500,1"
} > quiet.csv
intervals_of quiet 6.1.0 200 '$3 == "all" && $2 == 1.5 { print $10 }'
check "attribute-1.124 an activation while no walk ran is the next walk's: 200 anon pages predicted at 1.5 s ($(cat quiet.out))" \
	test "$(cat quiet.out)" = 200
# kswapd_p NAME KERNEL [T]: NAME.csv imported as a run of KERNEL at
# swappiness 60, with a DMA32 zone's watermarks (min 678, low 848, high
# 1016); prints kswapd's priority per interval (at T only, if given)
kswapd_p() {
	"$VMSCOPE" import "$1.csv" -o "$1.db" --tag kernel="$2" --tag swappiness=60 2> /dev/null ||
		fail "import $1.csv"
	q "$1.db" "INSERT INTO watermark (run_id, node, zone, min_pages, low_pages, high_pages)
		VALUES (1, 0, 'DMA32', 678, 848, 1016)"
	"$VMSCOPE" attribute "$1.db" --intervals --format csv | tr -d '"' |
		awk -F, -v t="${3:-}" '$3 == "kswapd" && (t == "" || $2 == t) { print $4 }'
}
# The rate the walks reclaim at leaves out the pages passed over: a 6.12
# run's first interval walks 4000 pages (3600 reclaimed) beside 6000
# skipped or none; in the second, 4 walks reclaim 2000 of 2100 file
# pages, more than walks that reclaim the low watermark gap would: the
# rest is boosted reclaim at level 10, scanned at that rate.  At
# 3600 / 10000 it would be all of the interval's scan (10.0); at
# 3600 / 4000, as without the skip, part of it
rate_run() {  # rate_run NAME SKIP
	{ echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,pgskip_dma32,zoneinfo.node0.DMA.nr_zone_inactive_anon,zoneinfo.node0.DMA.nr_zone_inactive_file"
	  echo "0,0,0,0,0,0,0,0,100000,20000,9150,3000,1500,0,3,3150"
	  echo "0.5,$((4000 + $2)),3600,12,0,$((4000 + $2)),0,3600,100000,20000,9150,3000,1500,$2,3,3150"
	  echo "1.0,$((6100 + $2)),5600,16,0,$((6100 + $2)),0,5600,100000,20000,9150,3000,1500,$2,3,3150"
	} > "$1.csv"
	kswapd_p "$1" 6.12.0 1.0
}
p0=$(rate_run rate-noskip 0)
p1=$(rate_run rate-skip 6000)
check "attribute-1.84 pages skipped in an earlier interval leave the boosted share of a later one as it is ($p0 without, $p1 with; under 10)" \
	awk -v a="$p0" -v b="$p1" 'BEGIN { exit !(a == b && b < 10) }'
# kswapd ends its walk once reclaim has balanced the node: after two walks
# that reclaimed 3000 pages, a sample with the free pages above the
# high watermarks' sum (1016) finds no walk to finish, and the next
# interval's 12 walks of 20 pages each go from 12 to about 9.  Where the
# free pages rose by more than all reclaim freed (a task's exit at the
# sample), the walk may be under way: its level is finished first, as
# where the sample found the node short
fin_run() {  # fin_run NAME FREE_AT_THE_SAMPLE
	printf '%s\n' "t,pageoutrun,pgscan_kswapd,pgsteal_kswapd,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,compact_daemon_wake" \
		"0,100,0,0,0,0,100000,1000,6000,3000,1100,10" \
		"0.5,101,20,20,0,20,100000,1000,6000,3000,900,10" \
		"1.0,103,3020,3020,0,3020,100000,1000,6000,3000,$2,10" \
		"1.5,115,3260,3260,0,3260,100000,1000,6000,3000,1100,10" > "$1.csv"
	kswapd_p "$1" 6.1.0 1.5
}
short=$(fin_run fin-short 900)
bal=$(fin_run fin-balanced 3900)
exited=$(fin_run fin-exit 3950)
check "attribute-1.85 a sample that reclaim balanced (3900 free, 3000 more than at the start, 3020 reclaimed): no walk finished after it ($bal, at least half a level above $short, where the sample found the node short)" \
	awk -v b="$bal" -v s="$short" 'BEGIN { exit !(b >= s + 0.5 && b >= 8.5) }'
is "$exited" "$short" "attribute-1.86 ... 3950 free, more than reclaim freed: the walk is finished, as where the node was short"
"$VMSCOPE" attribute flush.db > flush.out
check "attribute-1.63 the assumed line counts the traced flushes" \
	grep -q 'memcg statistics of the last flush (2 traced, every 2.10 s)' flush.out
# add_run DB PAGES KERNEL: vol.csv's run with PAGES swapped out, imported
# into DB as a run of KERNEL at swappiness 200
add_run() {
	sed "s/^1,5000,4000,1,100,/1,5000,4000,1,$2,/" vol.csv > "vol-$2.csv"
	"$VMSCOPE" import "vol-$2.csv" -o "$1" --tag kernel="$3" --tag swappiness=200 ||
		fail "import vol-$2.csv into $1"
}
# the check beside the prediction: runs of the same kernel at 200 only
# (another kernel reclaims otherwise at the same swappiness)
cp vol-4.db wi-mix.db
add_run wi-mix.db 80 6.1.0
add_run wi-mix.db 300 6.12.0
"$VMSCOPE" attribute wi-mix.db 1 --what-if swappiness=200 --format csv | tr -d '"' > wi-mix.out
check "attribute-1.30 --what-if checks against the same kernel's runs only: 80 pages out, 1 run" \
	grep -q '^1,60,200,25,25,4,80,1,' wi-mix.out
# one run is no range: the tally counts the mean only
"$VMSCOPE" attribute wi-mix.db 1 --what-if swappiness=200 > wi-mix.txt
check "attribute-1.47 --what-if tally against one run: no range counted" \
	grep -qxF "run 1: swap-out predicted within 30% of the measured mean at 0 of 1 other swappiness values with runs measured" wi-mix.txt
# two runs at 200 of the same kernel, 80 and 120 pages out: the mean,
# and the range the runs themselves span beside it
cp wi-mix.db wi-two.db
add_run wi-two.db 120 6.1.0
"$VMSCOPE" attribute wi-two.db 1 --what-if swappiness=200 --format csv | tr -d '"' > wi-two.out
check "attribute-1.41 --what-if CSV: mean 100 of 2 runs, error -75%, the runs' least and most swap-out 80 and 120" \
	grep -qx '1,60,200,25,25,4,100,2,-0.7500,80,120' wi-two.out
"$VMSCOPE" attribute wi-two.db 1 --what-if swappiness=200 > wi-two.txt
check "attribute-1.42 --what-if text: 25 predicted is outside the runs' 80 to 120 and not within 30% of 100" \
	grep -qF "runs 80 to 120); prediction -75%, outside the runs' range" wi-two.txt
check "attribute-1.43 ... and the run's tally says so: 0 of 1" \
	grep -qxF "run 1: swap-out predicted within 30% of the measured mean at 0 of 1 other swappiness values with runs measured, inside the measured runs' range at 0 of 1 with two runs or more" wi-two.txt
# runs at 200 that swapped 22 and 40: 25 predicted is within 30% (19%) of 31
# and inside their range
cp vol-4.db wi-near.db
add_run wi-near.db 22 6.1.0
add_run wi-near.db 40 6.1.0
"$VMSCOPE" attribute wi-near.db 1 --what-if swappiness=60,200 > wi-near.txt
check "attribute-1.44 --what-if tally: 25 against runs of 22 and 40 (mean 31) counts, the run's own swappiness does not" \
	grep -qxF "run 1: swap-out predicted within 30% of the measured mean at 1 of 1 other swappiness values with runs measured, inside the measured runs' range at 1 of 1 with two runs or more" wi-near.txt
# a split-LRU group of runs at 60 and 200: its modifiers line says both,
# not the first run's value
"$VMSCOPE" attribute wi-two.db --by kernel > wi-by.txt
check "attribute-1.45 --by: a group's swappiness modifier is its runs' range (60 to 200)" \
	grep -q '^  modifiers: swappiness 60 to 200, anon share' wi-by.txt
# whatif_of NAME SWAPPINESS WHATIF: NAME.csv imported as a 6.1 run at
# SWAPPINESS, its --what-if swappiness=WHATIF CSV in NAME.out
whatif_of() {
	"$VMSCOPE" import "$1.csv" -o "$1.db" --tag kernel=6.1.0 --tag swappiness="$2" ||
		fail "import $1.csv"
	"$VMSCOPE" attribute "$1.db" --what-if swappiness="$3" --format csv | tr -d '"' > "$1.out"
}
# swap-out per anon page scanned is the whole run's: one kswapd walk an
# interval over 103.5k inactive anon and 3000 inactive file pages (level
# 12 SCAN_FRACT: anon 25 * fraction, file 0; level 11 down cache trim:
# file 1, 2, 5, ...), the first interval showing none of its anon
# scanned, the second 7 anon pages scanned and written, the third
# nothing.  Replayed at 60 with zero costs first: 25 * 60 / 200 = 7 anon,
# written at the run's 7 / 7; then anon cost 7 (6.1 get_scan_count():
# ap = 60 * 22 / 15 = 88, fp = 140 * 22 / 8 = 385): 25 * 88 / 473 = 4
# anon, the walk's other 3 pages file at 11 and 10.  11 anon, 11 written
# (the ratio of the run so far, 0 before its first anon scan, would leave
# the first walk unwritten and the costs at zero: 14 anon, 7 written).
printf '%s\n' "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
	"0,0,0,0,0,0,0,105984,1000,3000,1000,100000" \
	"1,7,7,1,0,0,7,105984,1000,3000,1000,100000" \
	"2,14,14,2,7,7,7,105984,1000,3000,1000,100000" \
	"3,14,14,2,7,7,7,105984,1000,3000,1000,100000" > ratio.csv
whatif_of ratio 60 60
check "attribute-1.32 --what-if writes at the whole run's swap-out per anon page scanned: 11 anon, 11 out" \
	grep -q '^1,60,60,11,11,7,7,1,' ratio.out
# a run that scanned no anon page cannot tell that ratio: no swap-out
sed 's/^\([23]\),14,14,2,7,7,7,/\1,14,14,2,0,0,14,/' ratio.csv > noanon.csv
"$VMSCOPE" import noanon.csv -o noanon.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import noanon.csv"
"$VMSCOPE" attribute noanon.db --what-if swappiness=200 > noanon.out
check "attribute-1.33 --what-if from a run without anon scanning predicts the anon scan, not the swap-out" \
	grep -q 'anon scanned [1-9][0-9]*, swap-out not predicted: the run scanned no anon page' noanon.out
# nor a run of a kernel without pgscan_anon (before 5.8): it says so
cut -d, -f1-5,8- ratio.csv > oldk.csv
"$VMSCOPE" import oldk.csv -o oldk.db --tag kernel=5.4.0 --tag swappiness=60 || fail "import oldk.csv"
"$VMSCOPE" attribute oldk.db --what-if swappiness=200 > oldk.out
check "attribute-1.35 --what-if without pgscan_anon: the swap-out not predicted, for want of the counter" \
	grep -q 'swap-out not predicted: pgscan_anon was not recorded' oldk.out
# The what-if's walks scan the pages the run's did, at the other
# swappiness, each pass by get_scan_count()'s arithmetic.  One kswapd
# walk at swappiness 200 over 103.5k inactive anon, 40000 inactive and
# 60000 active file pages: inactive_is_low(file) (ratio 1 under 1 GB)
# asks for file deactivation, so no cache trim; SCAN_FRACT with zero
# costs gives fp = (200 - 200) * 1 / 1 = 0: anon only, 25 + 51 + 103 =
# 179 pages at levels 12 to 10, of which 18 reclaimed; a later trim walk
# reclaims 100 of 100 file pages.  At 60: ap = 60, fp = 140; levels 12
# to 9 scan anon 25, 51, 103, 207 times 60 / 200 (7, 15, 30, 62) and
# file 9, 19, 39, 78 times 140 / 200 (6, 13, 27, 54): 98 pages down to
# level 10, then 81 of level 9's 116, of which 81 * 62 / 116 = 43.3
# anon: 95.3.  That pass keeps its targets (get_scan_count() once per
# shrink_lruvec()) and ends before the next walk, balance_pgdat()
# checking the balance between passes only: its other 35 pages, 18.7
# anon.  114 anon pages, written at the run's 18 / 179: 11 pages out.
printf '%s\n' "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgsteal_anon,pgscan_file,pgsteal_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
	"0,0,0,0,0,0,0,0,0,105984,1000,40000,60000,100000" \
	"1,179,18,1,18,179,18,0,0,105984,1000,40000,60000,100000" \
	"2,179,18,1,18,179,18,0,0,105984,1000,60000,40000,100000" \
	"3,279,118,2,18,179,18,100,100,105984,1000,60000,40000,100000" > need.csv
whatif_of need 200 60
check "attribute-1.71 --what-if: the walk scans the run's 179 pages at 60, 95 anon, then ends its level-9 pass, 19 more: 114, 11 out" \
	grep -q '^1,200,60,114,11,' need.out
# a kernel without pgscan_anon does not show that an interval scanned no
# anon page: its walks that saw a refault (one activation an interval,
# 400000 inactive file pages: cache trim otherwise) let anon in as ever
{ echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file"
  for t in 0 1 2 3 4; do
	echo "$t,$((74 * t)),$((60 * t)),$t,$((7 * t)),105984,1000,400000,100000,100000,$t"
  done; } > oldref.csv
"$VMSCOPE" import oldref.csv -o oldref.db --tag kernel=5.4.0 --tag swappiness=60 || fail "import oldref.csv"
"$VMSCOPE" attribute oldref.db --format csv | tr -d '"' > oldref.out
check "attribute-1.36 without pgscan_anon the refault walks still explain the swap-out: 28 pages file_refaults" \
	grep -q '^1,split-lru,file_refaults,28,1.0000,' oldref.out

# a file activation reaches walks up to 1 s before the interval that shows
# it (vmstat_update() folds per-CPU diffs every second) and up to 2 s after
# (the memcg stats flush, FLUSH_TIME): one walk a second scanning 7 anon
# pages (the level-12 SCAN_FRACT share of split-2.9) where plenty of
# inactive file would trim the cache; the activation shows in (3, 4]
# walk_csv "T..." OUT: samples at 0..7 s, one kswapd walk of 74 pages (7
# anon) in each interval ending at a time in T, each writing OUT pages;
# one file activation shown in (3, 4]
walk_csv() {
	local walks=0 act=0 t
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file"
	for t in 0 1 2 3 4 5 6 7; do
		case " $1 " in *" $t "*) walks=$((walks + 1)) ;; esac
		[ "$t" = 4 ] && act=1
		echo "$t,$((74 * walks)),$((60 * walks)),$walks,$(($2 * walks)),$((7 * walks)),$((67 * walks)),105984,1000,400000,100000,100000,$act"
	done
}
walk_csv "2 6 7" 1 > lag.csv
"$VMSCOPE" import lag.csv -o lag.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import lag.csv"
"$VMSCOPE" attribute lag.db --intervals --format csv | tr -d '"' | awk -F, '$3 == "all" && $8 > 0 { print $2 ":" $7 }' > lag.out
is "$(tr '\n' ' ' < lag.out)" "2.0:unexplained 6.0:file_refaults 7.0:unexplained " \
	"attribute-1.109 a walk within 2 s after the activation saw it; 1 s before the interval that shows it or 3 s after, not"
# samples folded before they were read (vmscope-collect --stat-refresh):
# an activation happened in the interval that shows it, so a walk the
# interval before did not see it; unfolded, the second before it may have
walk_csv "3" 1 > fold.csv
"$VMSCOPE" import fold.csv -o fold.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import fold.csv"
cp fold.db folded.db
q folded.db "UPDATE run SET sources = coalesce(sources, 'vmstat') || ',stat_refresh'"
for f in fold folded; do
	"$VMSCOPE" attribute "$f.db" --intervals --format csv | tr -d '"' |
		awk -F, '$3 == "all" && $8 > 0 { print $2 ":" $7 }' > "$f.out"
	"$VMSCOPE" attribute "$f.db" > "$f.text"
done
is "$(cat fold.out) $(cat folded.out)" "3.0:file_refaults 3.0:unexplained" \
	"attribute-1.66 a walk the interval before the activation shows: file_refaults where per-CPU counts may lag, unexplained in folded samples"
check "attribute-1.67 the assumed line says where activations may be a second older" \
	grep -q 'up to 1 s before the sample that shows it (per-CPU counts not folded' fold.text
is "$(grep -c "per-CPU counts not folded" folded.text)" 0 "attribute-1.68 ... and not for folded samples"
# activations shown once, walks in two intervals of their window that
# need more refault walks than the interval's own (none) give: 3 kswapd
# walks an interval, 7 anon pages each.  One walk of a reclaimer sees an
# activation, so the walks the first interval added take from the
# window what the second cannot take again: with 3 activations the
# second explains less than with 6 (enough for both)
twice_csv() {
	local w=0 t
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file"
	for t in 0 1 2 3 4 5 6 7; do
		case $t in 5|6) w=$((w + 3)) ;; esac
		echo "$t,$((74 * w)),$((60 * w)),$w,$((3 * w)),$((7 * w)),$((67 * w)),105984,1000,400000,100000,100000,$([ "$t" -ge 4 ] && echo "$1" || echo 0)"
	done
}
for act in 3 6; do
	twice_csv $act > twice.csv
	"$VMSCOPE" import twice.csv -o "twice-$act.db" --tag kernel=6.1.0 --tag swappiness=60 || fail "import twice.csv"
	"$VMSCOPE" attribute "twice-$act.db" --format csv | tr -d '"' |
		awk -F, '$3 == "unexplained" { print $4 }' > "twice-$act.out"
done
check "attribute-1.38 activations a walk took are not seen again: 3 activations for two intervals leave more unexplained ($(cat twice-3.out)) than 6 ($(cat twice-6.out))" \
	test "$(cat twice-3.out)" -gt "$(cat twice-6.out)"

# PGSCAN_* is counted when a batch is isolated, PSWPOUT when it is written:
# swap-out in the sample after its scan takes that interval's walk (3 s);
# after an interval without anon scanned, it stays unexplained (5 s)
{
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file"
	echo "0,0,0,0,0,0,0,105984,1000,400000,100000,100000,0"
	echo "1,0,0,0,0,0,0,105984,1000,400000,100000,100000,0"
	echo "2,74,60,1,0,7,67,105984,1000,400000,100000,100000,1"
	echo "3,74,60,1,5,7,67,105984,1000,400000,100000,100000,1"
	echo "4,74,60,1,5,7,67,105984,1000,400000,100000,100000,1"
	echo "5,74,60,1,9,7,67,105984,1000,400000,100000,100000,1"
} > late.csv
"$VMSCOPE" import late.csv -o late.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import late.csv"
"$VMSCOPE" attribute late.db --intervals --format csv | tr -d '"' |
	awk -F, '$3 == "all" && $8 > 0 { print $2 ":" $7 }' | tr '\n' ' ' > late.out
is "$(cat late.out)" "3.0:file_refaults 5.0:unexplained " \
	"attribute-1.21 swap-out in the sample after its scan takes that walk's cause; after no anon scanned, none"

# the walks of an interval are replayed as alike, but a few cgroup limit
# walks can go all the way down: with 400000 inactive file pages in the
# cgroup and no refaults no level but 0 lets anon in, so the 500 anon
# pages scanned say a walk reached priority 0 (SCAN_EQUAL).  With 3000
# against 1000 active level 12 is SCAN_FRACT (3000 >> 12 is 0), a few
# anon pages a walk, and 11..1 trim the cache: the rest is priority 0's
# too.  With 3000 against 100000 active (inactive_is_low: file
# deactivation) every level is SCAN_FRACT: the replayed walk scans the
# anon itself, nothing is deduced.  A walk that reaches 0 scanned every
# level's file target from 12 to 1 on its way, about the inactive file
# list: two walks (failcnt 2) scanned about twice that, one of them into
# 0 (the cgroup's lists in bytes)
for lists in 400000:1000 3000:1000 3000:100000; do
	inf=${lists%:*} af=${lists#*:}
	printf '%s\n' "t,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt" \
		"0,0,0,0,0,0,105984,1000,$inf,$af,100000,434110464,4096000,$((inf * 4096)),$((af * 4096)),0" \
		"1,500,$((2 * inf)),30,34,30,105984,1000,$inf,$af,100000,434110464,4096000,$((inf * 4096)),$((af * 4096)),2" > zero.csv
	"$VMSCOPE" import zero.csv -o "zero-$inf-$af.db" --tag kernel=6.1.0 --tag swappiness=60 --tag memcg=yes ||
		fail "import zero.csv"
	"$VMSCOPE" attribute "zero-$inf-$af.db" --format csv | tr -d '"' |
		awk -F, 'NR > 1 && $4 > 0 { print $3 ":" $4 ":" $8 }' | tr '\n' ' ' > "zero-$inf-$af.out"
done
is "$(cat zero-400000-1000.out)" "near_oom:30:30 " \
	"attribute-1.22 anon a cgroup scanned where only priority 0 lets it in: a walk reached 0, near_oom"
is "$(cat zero-3000-1000.out)" "near_oom:30:30 " \
	"attribute-1.23 and where level 12 lets a few in and the levels under it trim"
is "$(cat zero-3000-100000.out)" "active_file_heavy:30:30 " \
	"attribute-1.37 not where every level lets anon in: the walk's own, active_file_heavy"
# the walk that went down to 0 fails alike at another swappiness: --what-if
# replays it there, 500 anon pages at 100 and 200 (about, the model
# counting it from the anon), none at 0 (a cgroup at swappiness 0 scans
# file only, even at priority 0)
"$VMSCOPE" attribute zero-400000-1000.db --what-if swappiness=0,100,200 --format csv | tr -d '"' |
	awk -F, 'NR > 1 { printf "%s:%.0f ", $3, $4 / 10 }' > zero-wi.out
is "$(cat zero-wi.out)" "0:0 100:50 200:50 " \
	"attribute-1.75 --what-if replays a cgroup walk that went down to 0 at the other swappiness values: 500 anon pages, none at 0"
# a refault walk that dove: at swappiness 200 the walk that saw the
# cgroup's one file activation is SCAN_FRACT with fp = 0, anon only at
# every level; its writes free nothing at once, so it goes down until
# they do.  From 12 to 1 over 61891 inactive anon pages it scans
# 30945 + 15472 + ... + 15 = 61871 (each level's lru_size >> priority);
# the 35 other walks of the interval (memory.events' max 36) trim the
# cache.  A walk down to 0 would scan the file list whole there
# (SCAN_EQUAL) and more file than was scanned: such walks cannot hold
# the anon, a walk to 1 does
# memcg_run NAME HEADER ROW...: the rows imported as a 6.1 cgroup run at
# swappiness $memcg_swappiness (60 unless set) into NAME.db, its
# --intervals CSV in NAME.out
memcg_run() {
	local name=$1
	shift
	printf '%s\n' "$@" > "$name.csv"
	"$VMSCOPE" import "$name.csv" -o "$name.db" --tag kernel=6.1.0 \
		--tag swappiness="${memcg_swappiness:-60}" --tag memcg=yes || fail "import $name.csv"
	"$VMSCOPE" attribute "$name.db" --intervals --format csv | tr -d '"' > "$name.out"
}
ia=61891 inf=5811
memcg_swappiness=200 memcg_run dive "t,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.max,memcg.workingset_activate_file" \
	"0,0,0,0,0,0,$ia,1000,$inf,31,35000,$((ia * 4096)),4096000,$((inf * 4096)),126976,0,0" \
	"1,61871,1435,0,1435,448,$ia,1000,$inf,31,35000,$((ia * 4096)),4096000,$((inf * 4096)),126976,36,1"
"$VMSCOPE" attribute dive.db --format csv | tr -d '"' |
	awk -F, 'NR > 1 && $4 > 0 { print $3 ":" $4 }' | tr '\n' ' ' > dive-causes.out
is "$(cat dive-causes.out)" "file_refaults:448 " \
	"attribute-1.121 a cgroup's refault walk that went down to 1 over anon only explains the interval's swap-out"
is "$(awk -F, '$3 == "cgroup" { print $6 }' dive.out)" 1 \
	"attribute-1.122 ... and its deepest level is 1"
# --what-if replays that walk as known (down to 1, anon only at 200):
# at the run's own swappiness the anon it measured, at 0 none (a cgroup
# at swappiness 0 scans file only)
"$VMSCOPE" attribute dive.db --what-if swappiness=0,200 --format csv | tr -d '"' |
	awk -F, 'NR > 1 { printf "%s:%s ", $3, ($4 >= 61871 * 0.99 && $4 <= 61871 * 1.01) ? "measured" : $4 }' > dive-wi.out
is "$(cat dive-wi.out)" "0:0 200:measured " \
	"attribute-1.123 --what-if replays the refault walk down to 1: at its own swappiness the 61871 anon pages measured, at 0 none"
# the same walk, but the task that held the anon exited before the next
# sample: the cgroup's anon lists read 0 there.  Lists with no anon page
# are not the ones the walk saw; the first sample's still say that only
# priority 0 let anon in
memcg_run exited "t,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt" \
	"0,0,0,0,0,0,105984,1000,400000,1000,100000,434110464,4096000,1638400000,4096000,0" \
	"1,0,0,0,0,0,105984,1000,400000,1000,100000,434110464,4096000,1638400000,4096000,0" \
	"2,500,800000,30,34,30,105984,1000,400000,1000,100000,0,0,1638400000,4096000,1"
"$VMSCOPE" attribute exited.db --format csv | tr -d '"' |
	awk -F, 'NR > 1 && $4 > 0 { print $3 ":" $4 ":" $8 }' | tr '\n' ' ' > exited.out
is "$(cat exited.out)" "near_oom:30:30 " \
	"attribute-1.40 a cgroup whose anon lists read 0 at the next sample (its task exited): still near_oom"
# the tracepoints count a cgroup's limit reclaim as any task but kswapd
# ("direct"): where the cgroup was the only one of those that scanned,
# its row shows that truth (here every page scanned at level 5)
memcg_run cg-true "t,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt,trace.direct_scan_anon_5,trace.direct_scan_file_5" \
	"0,0,0,0,0,0,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,0,0,0" \
	"1,500,6000,30,34,30,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,1,500,6000"
check "attribute-1.46 --intervals: cgroup limit reclaim alone, its row shows the traced priority (5.0)" \
	grep -q '^1,1.0,cgroup,[0-9.]*,5.0,' cg-true.out
# where the collector told the cgroup's passes apart (trace:cgroup_*, a
# part of trace:direct_*): global direct reclaim at level 8 (1000 file
# pages, 2 stalls) beside the cgroup's limit reclaim at 5: each row its own
memcg_run cg-split "t,pgscan_direct,pgsteal_direct,allocstall_normal,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt,trace.direct_scan_anon_5,trace.direct_scan_file_5,trace.direct_scan_file_8,trace.direct_priority_5,trace.direct_priority_8,trace.cgroup_scan_anon_5,trace.cgroup_scan_file_5,trace.cgroup_priority_5" \
	"0,0,0,0,0,0,0,0,0,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,0,0,0,0,0,0,0,0,0" \
	"1,1000,900,2,500,7000,30,934,30,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,1,500,6000,1000,20,4,500,6000,20"
check "attribute-1.48 --intervals with the cgroup's passes recorded: its row shows them (5.0)" \
	grep -q '^1,1.0,cgroup,[0-9.]*,5.0,' cg-split.out
check "attribute-1.49 ... and global direct reclaim's row the rest (8.0)" \
	grep -q '^1,1.0,direct,[0-9.]*,8.0,' cg-split.out
"$VMSCOPE" attribute cg-split.db > cg-split.txt
check "attribute-1.50 the summary compares the cgroup's estimate with its own truth" \
	grep -q '^  priority, cgroup limit reclaim (scan-weighted): estimated [0-9.]*, traced pages per level (vmscan tracepoints) 5.0 on average; within one level in [01] of 1 intervals' cg-split.txt
check "attribute-1.51 ... and without traced wake orders, no kswapd walks line" \
	test -z "$(grep 'kswapd walks:' cg-split.txt)"
# and its anon pages: of the 700 the other tasks' passes scanned at level
# 5, 500 were the cgroup's: its row shows those, global direct's the rest;
# global direct reclaim went down to 3 (100 file pages), the cgroup to 5
memcg_run cg-anon "t,pgscan_direct,pgsteal_direct,allocstall_normal,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt,trace.direct_scan_anon_5,trace.direct_scan_file_5,trace.direct_scan_file_8,trace.direct_scan_file_3,trace.direct_priority_5,trace.direct_priority_8,trace.cgroup_scan_anon_5,trace.cgroup_scan_file_5,trace.cgroup_priority_5" \
	"0,0,0,0,0,0,0,0,0,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,0,0,0,0,0,0,0,0,0,0" \
	"1,1000,900,2,700,7000,30,934,30,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,1,700,6000,1000,100,20,4,500,6000,20"
is "$(awk -F, -v c="$(col anon_scanned_true cg-anon.out)" \
	'$2 == "1.0" { printf "%s=%s ", $3, $c }' cg-anon.out)" "all=700 direct=200 cgroup=500 " \
	"attribute-1.114 --intervals anon_scanned_true with the cgroup's passes recorded: 500 the cgroup's, 200 global direct reclaim's"
is "$(awk -F, -v d="$(col p_deep_true cg-anon.out)" '$2 == "1.0" && $3 != "all" { printf "%s=%s ", $3, $d }' cg-anon.out)" \
	"direct=3 cgroup=5 " "attribute-1.118 ... and p_deep_true: 3 global direct reclaim's, 5 the cgroup's"
"$VMSCOPE" attribute cg-anon.db > cg-anon.txt
check "attribute-1.119 ... and the summary's deepest level of the cgroup against its own, as its row gives it" \
	deep_line cg-anon.txt "cgroup limit reclaim" cg-anon.out cgroup
# without them, the other tasks' 700 pages are no one row's: the cgroup
# and global direct reclaim both scanned
memcg_run cg-anon-one "t,pgscan_direct,pgsteal_direct,allocstall_normal,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt,trace.direct_scan_anon_5,trace.direct_scan_file_5,trace.direct_scan_file_8,trace.direct_priority_5,trace.direct_priority_8" \
	"0,0,0,0,0,0,0,0,0,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,0,0,0,0,0,0" \
	"1,1000,900,2,700,7000,30,934,30,105984,1000,3000,100000,100000,434110464,4096000,12288000,409600000,1,700,6000,1000,20,4"
is "$(awk -F, -v c="$(col anon_scanned_true cg-anon-one.out)" -v d="$(col p_deep_true cg-anon-one.out)" \
	'$2 == "1.0" { printf "%s=%s/%s ", $3, $c, $d }' cg-anon-one.out)" "all=700/ direct=/ cgroup=/ " \
	"attribute-1.115 ... without them, on neither row where both scanned (nor their deepest level)"
# the deepest levels: global direct reclaim's own at 8, the cgroup's at 5;
# all tasks but kswapd went down to 5, against the rows' deepest estimate
is "$(awk -F, -v d="$(col p_deep_true cg-split.out)" '$2 == "1.0" && $3 != "all" { printf "%s=%s ", $3, $d }' cg-split.out)" \
	"direct=8 cgroup=5 " "attribute-1.116 --intervals p_deep_true with the cgroup's passes recorded: 8 global direct reclaim's, 5 the cgroup's"
check "attribute-1.117 ... and the summary's deepest level of direct + cgroup, the deepest of both rows, against 5" \
	deep_line cg-split.txt "direct + cgroup" cg-split.out direct cgroup khugepaged proactive
# A cgroup's limit walk decides on its lists as its statistics hold them
# (inactive_is_low(), cache_trim_mode: lruvec_page_state()).  From 6.12
# the walk's own flush is ratelimited (mem_cgroup_flush_stats_ratelimited()),
# and the sampler's read of memory.stat at each sample flushes them
# (memcg_stat_format() -> mem_cgroup_flush_stats()): the walks of an
# interval see the lists of its start.  One walk of 11 pages; the
# cgroup's active file list goes from 100000 pages to 1000 between the
# samples, its inactive one staying at 30000: low at the start (SCAN_FRACT:
# level 12 anon 105984 >> 12 = 25 * 60 / 200 = 7, file 7 * 140 / 200 = 4),
# not at the end (cache trim: file 7 at level 12, then 14 at 11, no
# anon).  6.12: the start's lists decide for the whole interval, 7 anon
# predicted; 6.1 flushes in the walk itself, and the lists changed at a
# moment the samples do not tell: half each, 3.5
for k in 6.1.0 6.12.0; do
	printf '%s\n' "t,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,memcg.inactive_anon,memcg.active_anon,memcg.inactive_file,memcg.active_file,memcg.failcnt" \
		"0,0,0,0,0,0,105984,1000,30000,100000,100000,434110464,4096000,122880000,409600000,0" \
		"1,0,0,0,0,0,105984,1000,30000,100000,100000,434110464,4096000,122880000,409600000,0" \
		"2,7,4,7,4,0,105984,1000,30000,100000,100000,434110464,4096000,122880000,4096000,1" > "cgview-$k.csv"
	"$VMSCOPE" import "cgview-$k.csv" -o "cgview-$k.db" --tag kernel="$k" --tag swappiness=60 \
		--tag memcg=yes || fail "import cgview-$k.csv"
	"$VMSCOPE" attribute "cgview-$k.db" --intervals --format csv | tr -d '"' |
		awk -F, -v k="$k" '$3 == "cgroup" { printf "%s:%s ", k, $10 }'
done > cgview.out
is "$(cat cgview.out)" "6.1.0:4 6.12.0:7 " \
	"attribute-1.74 6.12+: a cgroup's walks decide on its lists at the interval's start, which the sampler's read flushed (7 anon; 6.1: 3.5)"
# kswapd's walks as traced by wake order (trace:kswapd_wake_order_N),
# summed from their deltas beside pageoutrun's: 14 walks, 10 at order 0
printf '%s\n' "t,pageoutrun,pgscan_kswapd,pgsteal_kswapd,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,trace.kswapd_wake_order_0,trace.kswapd_wake_order_1,trace.kswapd_wake_order_9" \
	"0,100,0,0,0,0,105984,1000,3000,100000,100000,0,0,0" \
	"1,110,500,450,0,500,105984,1000,3000,100000,100000,7,2,1" \
	"2,114,700,650,0,700,105984,1000,3000,100000,100000,10,3,1" > wakes.csv
for k in 6.1.0 6.12.0; do
	"$VMSCOPE" import wakes.csv -o wakes.db --tag kernel=$k --tag swappiness=60 ||
		fail "import wakes.csv ($k)"
done
"$VMSCOPE" attribute wakes.db 1 > wakes.txt
check "attribute-1.52 the summary counts kswapd's walks by the order that woke it" \
	grep -qx '  kswapd walks: 14 traced (pageoutrun 14), by the order that woke kswapd: 0: 10 (71.4%), 1: 3 (21.4%), 9: 1 (7.1%)' wakes.txt
"$VMSCOPE" attribute wakes.db --by swappiness > wakes-by.txt
check "attribute-1.53 a group adds its runs' walks" \
	grep -qx '  kswapd walks: 28 traced (pageoutrun 28), by the order that woke kswapd: 0: 20 (71.4%), 1: 6 (21.4%), 9: 2 (7.1%)' wakes-by.txt
# boost_beyond(): 4 kswapd walks of a 6.1 run reclaim 2000 file pages
# (no anon, which boosted walks cannot scan), more than 4 walks that
# reclaim the low watermark gap (168 pages) would.  Where the
# run's kcompactd woke for none of its walks that is longer normal walks
# (about level 5); where it woke for half, in 0.5 s, boosted reclaim held
# at level 10 (balance_pgdat() wakes kcompactd after every boosted walk);
# the same wakes in 1 s are no more than kcompactd's 500 ms timeout
# counts for requests that woke nothing (order-1 walks' sleeps): normal
# walks; where the run did not record compact_daemon_wake, boosted as
# before.  kcompactd's timeout counts a wake only for a request kswapd's
# sleep after a walk left, so its two a second are a bound over the
# seconds kswapd ran, one more for the last request of each stretch of
# them: 3 wakes in 0.5 s are more than it counts there, however long
# the run idles after (IDLE seconds with no walk and no scan; the run's
# 3 wakes in 10.5 s would be no more than 21)
boost_run() {  # boost_run NAME [KCOMPACTD_WAKES [SECONDS [IDLE]]]
	local h="t,pageoutrun,pgscan_kswapd,pgsteal_kswapd,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages"
	local t1=${3:-0.5} r0="0,100,0,0,0,0,100000,1000,6000,3000,2000" r1 r2=
	r1="$t1,104,2000,2000,0,2000,100000,1000,6000,3000,2000"
	[ $# -gt 3 ] && r2="$(awk -v t="$t1" -v i="$4" 'BEGIN { print t + i }'),104,2000,2000,0,2000,100000,1000,6000,3000,2000"
	[ $# -gt 1 ] && { h="$h,compact_daemon_wake"; r0="$r0,10"; r1="$r1,$((10 + $2))"; r2="${r2:+$r2,$((10 + $2))}"; }
	printf '%s\n' "$h" "$r0" "$r1" ${r2:+"$r2"} > "$1.csv"
	kswapd_p "$1" 6.1.0 "$(awk -v t="$t1" 'BEGIN { printf "%.1f", t }')"
}
p=$(boost_run boost-none 0)
check "attribute-1.54 a run whose kcompactd never woke: long normal walks ($p, 5 to 6)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 5 && p < 6) }'
p=$(boost_run boost-half 3)
check "attribute-1.55 woken for 3 of its 4 walks in 0.5 s: boosted reclaim ($p, 8 to 10)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 8 && p <= 10) }'
p=$(boost_run boost-timeout 3 1)
check "attribute-1.55.1 the same 3 wakes over 1 s of kswapd's walking, which kcompactd's timeout alone counts: long normal walks ($p, 5 to 6)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 5 && p < 6) }'
p=$(boost_run boost-idle 3 0.5 10)
check "attribute-1.55.2 3 wakes in 0.5 s of walking, then 10 s with no walk: boosted reclaim all the same ($p, 8 to 10)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 8 && p <= 10) }'
# two intervals of walking one after another are one stretch: 4 wakes in
# their 1 s, more than the 2 a second and the 1 for the stretch's last
# request kcompactd's timeout counts there (as two stretches, 4 would be)
printf '%s\n' "t,pageoutrun,pgscan_kswapd,pgsteal_kswapd,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,compact_daemon_wake" \
	"0,100,0,0,0,0,100000,1000,6000,3000,2000,10" \
	"0.5,104,2000,2000,0,2000,100000,1000,6000,3000,2000,12" \
	"1,108,4000,4000,0,4000,100000,1000,6000,3000,2000,14" > boost-stretch.csv
p=$(kswapd_p boost-stretch 6.1.0 1.0)
check "attribute-1.55.3 4 wakes over two intervals of walking one after another (one stretch): boosted reclaim ($p, 8 to 10)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 8 && p <= 10) }'
# kswapd runs in an interval that began no walk but scanned (a walk going
# on): 3 wakes over the 0.5 s that began 4 walks and the 0.5 s after,
# which scanned on: no more than the timeout counts there, normal walks
printf '%s\n' "t,pageoutrun,pgscan_kswapd,pgsteal_kswapd,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,compact_daemon_wake" \
	"0,100,0,0,0,0,100000,1000,6000,3000,2000,10" \
	"0.5,104,2000,2000,0,2000,100000,1000,6000,3000,2000,12" \
	"1,104,2200,2200,0,2200,100000,1000,6000,3000,2000,13" > boost-goes-on.csv
p=$(kswapd_p boost-goes-on 6.1.0 0.5)
check "attribute-1.55.4 3 wakes over 0.5 s of walks begun and 0.5 s of one going on, which the timeout alone counts: long normal walks ($p, 5 to 6)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 5 && p < 6) }'
p=$(boost_run boost-unknown)
check "attribute-1.56 compact_daemon_wake not recorded: taken as boosted ($p, 8 to 10)" \
	awk -v p="$p" 'BEGIN { exit !(p >= 8 && p <= 10) }'

# the prediction cannot read pgscan_anon to place that one walk: each
# moment of the window it expects the walk in is as likely, and the walk
# that reads it is the one under way then.  Walks at 4, 5 and 6 s, one
# activation shown in (3, 4], nothing written (zero costs): one walk's 7
# anon pages in all.  From 6.12 a global walk reads the activation at the
# periodic memcg flush (the walk's own is ratelimited), up to 2 s later:
# a third in each interval.  Before 6.12 the walk flushes once 64 updates
# a CPU are pending, which a pass makes at once: the walk under way reads
# it at its next level, milliseconds later (SPLIT_NEXT_LEVEL_S, 10 ms),
# so in the interval that shows it; in the next only for an activation in
# its last 10 ms.  Unfolded, it came in (2, 4], where (2, 3] has no
# reclaim: 1 s of walking in (3, 4] against 10 ms in (4, 5], 7 * 1 / 1.01
# = 6.9 anon pages and 0.07.
# Every page scanned is reclaimed, so 6.12's costs (rotations: pgscan -
# pgsteal per type) stay zero as 6.1's do, and each walk scans alike
spread_run() {  # spread_run KERNEL: the prediction per interval, in all
	walk_csv "4 5 6" 0 | awk -F, -v OFS=, 'NR == 1 { print $0, "pgsteal_anon", "pgsteal_file"; next }
		{ $3 = $2; print $0, $6, $7 }' > spread.csv
	rm -f spread.db
	"$VMSCOPE" import spread.csv -o spread.db --tag kernel="$1" --tag swappiness=60 ||
		fail "import spread.csv"
	"$VMSCOPE" attribute spread.db --intervals --format csv | tr -d '"' |
		awk -F, '$3 == "all" { print $2 ":" $10 }' | tr '\n' ' '
	"$VMSCOPE" attribute spread.db | grep -o 'anon scanned: predicted [0-9]*'
}
is "$(spread_run 6.12.0)" "4.0:2 5.0:2 6.0:2 anon scanned: predicted 7" \
	"attribute-1.20 6.12: the anon prediction spreads the activation's one walk over the 2 s of the periodic flush"
is "$(spread_run 6.1.0)" "4.0:7 5.0:0 6.0:0 anon scanned: predicted 7" \
	"attribute-1.87 6.1: the walk under way reads the activation at its next level, 10 ms later: the interval that shows it"
# 6.12 with the flushes traced (trace.memcg_flush_t_us, the last flush
# at each sample) and samples folded (the activation happened in the
# interval that shows it, (3, 4]): a walk reads it at the first flush
# after it, the walk under way at its next level, 10 ms later, so in the
# interval that holds the flush; the next only for a flush in its last
# 10 ms.  Walks at 4 to 7 s, one each, 7 anon pages a walk.  A flush at
# 5.5: 0.5 s of walking after it in (5, 6], 10 ms in (6, 7]: 6.9 anon
# pages and 0.1, none before.  Flushes at 1.5 and 3.25 (a period of 1.75
# s): the activation came before the 3.25 one in a quarter of (3, 4], a
# quarter of the walk (1.75 anon pages), read in (3, 4] (0.75 s of it
# after the flush against 10 ms of (4, 5]: 1.73), the rest at the next
# flush, 5.0, on the sample: the walks after it, (5, 6] (5.25).
# Unfolded, the activation may be a second older, (2, 4]: the 3.25 flush
# takes 1.25 / 2 of it (4.38 anon pages, 4.32 in (3, 4]), the rest 2.63
flushed_run() {  # flushed_run T0 US0 US1 FOLDED: flush US0 before T0, US1 from it
	walk_csv "4 5 6 7" 0 | awk -F, -v OFS=, -v t0="$1" -v a="$2" -v b="$3" '
		NR == 1 { print $0, "pgsteal_anon", "pgsteal_file", "trace.memcg_flush_t_us"; next }
		{ $3 = $2; print $0, $6, $7, ($1 < t0 ? a : b) }' > flushed.csv
	rm -f flushed.db
	"$VMSCOPE" import flushed.csv -o flushed.db --tag kernel=6.12.0 --tag swappiness=60 ||
		fail "import flushed.csv"
	[ "$4" = folded ] &&
		q flushed.db "UPDATE run SET sources = coalesce(sources, 'vmstat') || ',stat_refresh'"
	"$VMSCOPE" attribute flushed.db --intervals --format csv | tr -d '"' |
		awk -F, '$3 == "all" { print $2 ":" $10 }' | tr '\n' ' '
}
is "$(flushed_run 6 1500000 5500000 folded)" "4.0:0 5.0:0 6.0:7 7.0:0 " \
	"attribute-1.88 6.12, flushes traced: the walk reads the activation at the first flush after it, in the interval that holds the flush"
is "$(flushed_run 4 1500000 3250000 folded)" "4.0:2 5.0:0 6.0:5 7.0:0 " \
	"attribute-1.89 a flush inside the activation's interval: after it in the share before the flush, the rest at the next flush"
is "$(flushed_run 4 1500000 3250000 unfolded)" "4.0:4 5.0:0 6.0:3 7.0:0 " \
	"attribute-1.90 ... unfolded, the activation up to a second older than the interval that shows it: more of it before the flush"
# ... as likely at each moment of it: the walk that sees it is the one
# running then, so the intervals share it as their reclaimer's time
# walking, its pages scanned.  Direct reclaim (no walk that goes on into
# the next interval): 3 walks scanning 222 pages in (3, 4], 1 walk scanning
# 222 in (4, 5], one activation shown in (4, 5], unfolded, so it came in
# (3, 5], a second of each interval's walking: half a refault walk
# expected in each (walks begun would say 3/4 and 1/4).  Zero costs, so
# SCAN_FRACT gives anon 60/200 of each list's target: level 12 anon
# 105984 >> 12 = 25 -> 7, file 400000 >> 12 = 97 -> 67; level 11 anon
# 51 -> 15, file 195 -> 136; cache trim scans file 97 at level 12.
#   (3, 4]: two trim walks and the refault one, alike, to the point
#   where 2 * 97 + 74 = 268 pages a level scan 222: 7 * 222 / 268 = 5.8
#   anon; half of it: 2.9
#   (4, 5]: the refault walk scans level 12 (74) and 148 of level 11's
#   151: 7 + 15 * 148 / 151 = 21.7 anon; half of it: 10.9
printf '%s\n' "t,pgscan_direct,pgsteal_direct,allocstall_normal,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file" \
	"3,0,0,0,0,0,105984,1000,400000,100000,100000,0" \
	"4,222,96,3,20,202,105984,1000,400000,100000,100000,0" \
	"5,444,128,4,40,404,105984,1000,400000,100000,100000,1" > busy.csv
"$VMSCOPE" import busy.csv -o busy.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import busy.csv"
"$VMSCOPE" attribute busy.db --intervals --format csv | tr -d '"' |
	awk -F, '$3 == "all" { print $2 ":" $10 }' | tr '\n' ' ' > busy.out
is "$(cat busy.out)" "4.0:3 5.0:11 " \
	"attribute-1.31 the prediction spreads an activation's walk by the reclaimers' pages scanned, not walks begun"
# kswapd and direct reclaim compare with one snapshot, the root lruvec's
# refaults[], which each of their walks overwrites when it ends
# (snapshot_refaults()): the activation's one walk is theirs to share, by
# pages scanned, not one walk each.  The same lists and scans, the
# second interval's walk kswapd's: half a refault walk in each interval,
# 2.9 and 10.9 anon pages as above (a walk each: 5.8 and 21.7).
sed -e '1s/$/,pgscan_kswapd,pageoutrun/' -e '2,3s/$/,0,0/' -e '4s/^5,444,128,4,/5,222,96,3,/' \
	-e '4s/$/,222,1/' busy.csv > shared.csv
"$VMSCOPE" import shared.csv -o shared.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import shared.csv"
"$VMSCOPE" attribute shared.db --intervals --format csv | tr -d '"' |
	awk -F, '$3 != "all" && $3 != "reclaimer" { print $2 ":" $3 ":" $10 }' | tr '\n' ' ' > shared.out
is "$(cat shared.out)" "4.0:direct:3 5.0:kswapd:11 " \
	"attribute-1.72 kswapd and direct reclaim share an activation's walk (one refault snapshot), by pages scanned"
# kswapd's reclaim beyond what its walks reclaim as normal ones, scanning
# no anon, is taken as boosted reclaim held at level 10 (balance_pgdat()),
# where no walk reclaimed more than the zones' largest watermark boost.
# Zones DMA (low 27, high 32) and DMA32 (low 820, high 984): boosts up to
# max(512, 48) + max(512, 1476) = 1988 pages; a normal walk woken at low
# reclaims the gap, 5 + 164 = 169 pages, 1.44 times (the level it ends
# in): 244.  A walk is boosted or normal, not both (balance_pgdat() takes
# nr_boost_reclaim at entry).  Two walks of 1700 pages over 40000
# inactive file pages, 3400: more than one boost and one normal walk hold
# (1988 + 244), so both are boosted: at 12 (9), 11 (19) and the rest at
# 10, 10.02 on average: 10.0.  Without the watermarks (the boost's size unknown) the same
# walks are normal ones, levels 12 to 6 (9, 19, 39, 78, 156, 312, 625
# pages) and 462 of level 5's 1250: 10901 / 1700 = 6.4.
printf '%s\n' "#watermark,0,0 DMA,22 27 32" "#watermark,0,0 DMA32,656 820 984" \
	"t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
	"0,0,0,0,0,0,0,105984,1000,40000,20000,5000" \
	"1,3400,3400,2,0,0,3400,105984,1000,40000,20000,5000" > boost.csv
grep -v '^#' boost.csv > noboost.csv
for f in boost noboost; do
	intervals_of "$f" 6.1.0 60 '$3 == "kswapd" { print $4 }'
done
is "$(cat boost.out) $(cat noboost.out)" "10.0 6.4" \
	"attribute-1.34 kswapd walks reclaiming a boost's worth beyond the low watermark gap: held at level 10; with the boost's size unknown, normal walks"
# Each walk that entered with a boost wakes kcompactd at its end
# (balance_pgdat()'s `out`), so an interval whose kcompactd woke once more
# than PAGEOUTRUN counted holds a boosted walk entered before it: two
# walks counted, three wakes, 4500 pages reclaimed, more than two boosts
# of 1988 can hold but not three: boosted, held at level 10, and the two
# walks counted are boosted ones too, as a boost and a normal walk hold
# less (1988 + 244): all 4500 pages at 10.02 on average, 10.0.  Two wakes: two
# normal walks of 2250 pages, 12 down to 5 (13651 / 2250 = 6.1).  The
# interval is 0.5 s long, where kcompactd's timeout alone counts 2 wakes
# at most (attribute-1.55)
for w in 3 2; do
	printf '%s\n' "#watermark,0,0 DMA,22 27 32" "#watermark,0,0 DMA32,656 820 984" \
		"t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,compact_daemon_wake" \
		"0,0,0,0,0,0,0,105984,1000,40000,20000,5000,0" \
		"0.5,4500,4500,2,0,0,4500,105984,1000,40000,20000,5000,$w" > wakes$w.csv
	intervals_of "wakes$w" 6.1.0 60 '$3 == "kswapd" { print $4 }'
done
is "$(cat wakes3.out) $(cat wakes2.out)" "10.0 6.1" \
	"attribute-1.120 two walks counted, three kcompactd wakes: a boosted walk entered before the interval, the reclaim beyond two boosts held at level 10; two wakes: normal walks"
# Reclaim that begins in an interval ran after the free pages fell to
# the low watermark (wakeup_kswapd()), on the lists as they stood then.
# DMA32 low 820, high 984.  Nothing reclaimed in (0, 1]; in (1, 2] a
# writer grows the inactive file list from 5000 to 400000 pages while the
# free pages fall from 20000 to 900: at the low watermark (820, reached
# at the end) the list is the end's.  One kswapd walk trims the cache
# (SCAN_FILE) until it has the 164 pages from low to high: 400000 >> 12
# = 97 at level 12, 195 at 11, where it meets them and ends the level:
# 292 pages, (12 * 97 + 11 * 195) / 292 = 11.33.  On the start's 5000
# pages the same walk would have gone down to level 5.  (Its 292 pages
# are more than a normal walk's 236, by less than a quarter of that: no
# boosted walk, all_walks_boosted())
{ printf '%s\n' "#watermark,0,0 DMA32,656 820 984" \
	"t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
	"0,0,0,0,0,0,0,50000,1000,5000,2000,40000" \
	"1,0,0,0,0,0,0,50000,1000,5000,2000,20000" \
	"2,292,292,1,0,0,292,50000,1000,400000,10000,900"; } > onset.csv
intervals_of onset 6.1.0 60 '$3 == "kswapd" { print $4 }'
check "attribute-1.91 reclaim's first interval: the walk on the lists where the free pages met the low watermark ($(cat onset.out), 10.33 to 12.33)" \
	awk '{ exit !($1 >= 10.33 && $1 <= 12.33) }' onset.out

# Before 6.12 a walk reads the file lists as they are at every level, and
# a re-read working set keeps them near a tie (inactive_is_low():
# inactive < active below 1 GB, which requests file deactivation: no
# cache trim).  Two kswapd walks of 5 pages in an interval whose inactive
# file list goes from 8427 to 8700 pages against 8281 and 8279 active,
# swappiness 60, 100 pages written (costs: ap = 89, fp = 417): neither
# sample is low, so a walk trims the cache, 8427 >> 12 = 2 pages at 12
# and 3 of 8700 >> 11 = 4 at 11, no anon; at the tie (8280 inactive) level
# 12 is SCAN_FRACT, 25 * 89 / 506 = 4 anon and 2 * 417 / 506 = 1 file
# page.  4 anon pages scanned: one walk of the two at the tie, the
# priority (5 x 12 + 2 x 12 + 3 x 11) / 10 = 11.7.  Lists 421 pages from
# a tie with 281 of swing: none; 9 anon pages: more than both walks at
# the tie scan (8), no share explains it.
# tielog NAME INACTIVE0 ANON [FILE STOLEN SWAPPINESS]
tielog() {
	local file=${4:-$((10 - $3))} stolen=${5:-8} swappiness=${6:-60}

	printf '%s\n' "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
		"0,0,0,0,0,0,0,105984,1000,$2,8281,100000" \
		"1,0,0,0,0,0,0,105984,1000,$2,8281,100000" \
		"2,$(($3 + file)),$stolen,2,100,$3,$file,105984,1000,8700,8279,100000" > "$1.csv"
	rm -f "$1.db"
	"$VMSCOPE" import "$1.csv" -o "$1.db" --tag kernel=6.1.0 --tag swappiness="$swappiness" ||
		fail "import $1.csv"
	"$VMSCOPE" attribute "$1.db" --format csv | tr -d '"' > "$1.out"
}
tielog tie 8427 4
check "attribute-1.100 6.1: the file lists tied between two samples: one walk of two at the tie explains the anon (active_file_heavy)" \
	grep -q '^1,split-lru,active_file_heavy,100,1.0000,' tie.out
is "$("$VMSCOPE" attribute tie.db --intervals --format csv | tr -d '"' | awk -F, '$2 == "2.0" && $3 == "kswapd" { print $4 }')" "11.7" \
	"attribute-1.101 ... the walk at the tie at 12, the other trimming at 12 and 11: priority 11.7"
tielog far 8981 4
check "attribute-1.102 no tie within the lists' swing: unexplained" \
	grep -q '^1,split-lru,unexplained,100,1.0000,' far.out
tielog over 8427 9
check "attribute-1.103 more anon than every walk at the tie scans: unexplained" \
	grep -q '^1,split-lru,unexplained,100,1.0000,' over.out
# A walk reads the lists anew at every level, after its own levels above
# took their pages off the inactive list (prepare_scan_count() per
# shrink_node(), v6.1), so a deep walk may meet the tie that neither
# sample shows.  The lists of 1.102 (8981 inactive file pages against
# 8281, then 8700 against 8279: 421 over the tie at the nearer sample,
# the end's, and 281 of swing), two walks scanning 832 file pages, and
# the anon that one SCAN_FRACT pass scans at one level:
# floor((105984 >> q) * 89 / 506), 582 at level 5, 291 at 6.  On the
# nearer sample's lists a walk down to 5 has trimmed 8700 >> 12 ..
# 8700 >> 6 = 2 + 4 + 8 + 16 + 33 + 67 + 135 = 265 pages: 281 + 265 =
# 546 reach the tie, explained.  Down to 6, 130: 411, ten pages short of
# it, unexplained.  At swappiness 200 (SCAN_FRACT scans anon alone) one
# pass scans 105984 >> 5 = 3312 anon pages at level 5, after the same
# trim: with 832 file pages scanned, explained; but no walk trims more
# than the interval scanned: with 100, 381, unexplained.  Anon that no
# one pass scans (60000: 52992 at level 1) takes no trim: unexplained.
tielog deep 8981 582 832 832
check "attribute-1.107 6.1: a walk whose own trim reaches the tie before level 5 explains its anon (active_file_heavy)" \
	grep -q '^1,split-lru,active_file_heavy,100,1.0000,' deep.out
tielog short 8981 291 832 832
check "attribute-1.108 ... one whose trim before level 6 ends 10 pages short of it: unexplained" \
	grep -q '^1,split-lru,unexplained,100,1.0000,' short.out
tielog plenty 8981 3312 832 832 200
check "attribute-1.111 ... at swappiness 200, 3312 anon pages at level 5: explained" \
	grep -q '^1,split-lru,active_file_heavy,100,1.0000,' plenty.out
tielog little 8981 3312 100 100 200
check "attribute-1.112 ... a trim no larger than the 100 file pages the interval scanned: unexplained" \
	grep -q '^1,split-lru,unexplained,100,1.0000,' little.out
tielog nopass 8981 60000 832 832 200
check "attribute-1.113 ... anon that no one pass scans: no trim taken, unexplained" \
	grep -q '^1,split-lru,unexplained,100,1.0000,' nopass.out

# kswapd walks of two lengths (balance_pgdat(), v6.1): 90 woken for
# order 3 on a fragmented node stop once they have reclaimed
# compact_gap(3) = 16 pages, after level 9 of 6000 inactive file pages
# (1 + 2 + 5 + 11 = 19); 10 woken at order 0 below min (direct reclaim
# ran) reclaim to the high watermarks, high - min = 10 + 328 = 338
# pages, after level 5 (... + 23 + 46 + 93 + 187 = 368).  The replay
# knows the watermarks from the run's table; without min it takes every
# walk alike, 54 pages each, and puts the priority near 8.5.
awk 'BEGIN { F = 6000
	for (q = 12; q >= 5; q--) { v = int(F / 2 ^ q); w = (q >= 9 ? 100 : 10) * v; a += q * w; s += w }
	printf "%d %.1f\n", s, a / s }' > walks2.want
read -r scan2 truth2 < walks2.want
printf '%s\n' "#watermark,0,0 DMA,22 27 32" "#watermark,0,0 DMA32,656 820 984" \
	"t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pgscan_direct,pgsteal_direct,allocstall_normal,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
	"0,0,0,0,0,0,0,0,0,0,105984,1000,6000,1000,5000" \
	"1,$scan2,$scan2,100,320,320,10,0,0,$((scan2 + 320)),105984,1000,6000,1000,5000" > walks2.csv
"$VMSCOPE" import walks2.csv -o walks2.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import walks2.csv"
"$VMSCOPE" attribute walks2.db --intervals --format csv | tr -d '"' |
	awk -F, '$3 == "kswapd" { print $4 }' > walks2.out
check "attribute-1.39 kswapd walks of two lengths (compaction gap, high - min): estimate $(cat walks2.out) within one level of $truth2" \
	awk -v e="$(cat walks2.out)" -v t="$truth2" 'BEGIN { d = e - t; exit !(e != "" && d <= 1 && d >= -1) }'

# --intervals --format csv streams its rows; with no reclaim, the header
printf 't,pgfault\n0,1\n1,2\n' > idle.csv
"$VMSCOPE" import idle.csv -o idle.db --tag kernel=6.1.0 || fail "import idle.csv"
"$VMSCOPE" attribute idle.db --intervals --format csv > idle.out
is "$?:$(wc -l < idle.out):$(head -c 8 idle.out)" '0:1:"run_id"' \
	"attribute-1.24 --intervals csv of a run without reclaim: the header alone"

# a kswapd walk across two intervals (PAGEOUTRUN counts its start): the
# second goes on at levels 9 and 8 of 40960 inactive file pages, 80 + 160
# pages: (9 x 80 + 8 x 160) / 240 = 8.3 (split-6.1); the first walk,
# levels 12-10: (12 x 10 + 11 x 20 + 10 x 40) / 70 = 10.6
printf '%s\n' "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages" \
	"0,0,0,0,0,105984,1000,40960,1000,100000" "1,70,70,1,70,105984,1000,40960,1000,100000" \
	"2,310,310,1,310,105984,1000,40960,1000,100000" > span.csv
"$VMSCOPE" import span.csv -o span.db --tag kernel=6.1.0 --tag swappiness=60 || fail "import span.csv"
"$VMSCOPE" attribute span.db --intervals --format csv | tr -d '"' | awk -F, '$3 == "kswapd" { print $2 ":" $4 }' > span.out
is "$(tr '\n' ' ' < span.out)" "1.0:10.6 2.0:8.3 " \
	"attribute-1.17 kswapd scanning with no new pageoutrun goes on from where its walk stood"

# 6.12+: prepare_scan_control() decides cache_trim_mode on the root
# memcg's statistics of the last periodic flush (every 2 s; the reclaim
# path no longer flushes them itself): a file list that has just grown
# from 3 to 8959 pages still reads small.  Inactive anon 97935, swappiness
# 200 (fp = 0: SCAN_FRACT scans anon only).  One kswapd walk of 390 pages,
# 356 of them anon, in (4, 5] and again in (6, 7].  In (4, 5] the flush
# can have held the lists of 2..5 s; with the 300 of 3 s, levels 12..9
# are SCAN_FRACT (300 >> 9 == 0): 23 + 47 + 95 + 191 = 356 anon, and
# level 8 trims the cache (8959 >> 8 = 34 file pages).  In (6, 7] every
# flush since 4 s held 8959 pages: cache_trim_mode at every level, no
# anon.  6.11 flushed before deciding (mem_cgroup_flush_stats()): no
# anon in either.
stale_csv() {
	local t inf walks=0
	echo "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages"
	for t in 0 1 2 3 4 5 6 7; do
		case $t in 0|1|2) inf=3 ;; 3) inf=300 ;; *) inf=8959 ;; esac
		case $t in 5|7) walks=$((walks + 1)) ;; esac
		echo "$t,$((390 * walks)),$((100 * walks)),$walks,$((50 * walks)),$((356 * walks)),$((34 * walks)),97935,1000,$inf,50,100000"
	done
}
stale_csv > stale.csv
for k in 6.12.0 6.11.0; do
	"$VMSCOPE" import stale.csv -o "stale-$k.db" --tag kernel=$k --tag swappiness=200 || fail "import stale.csv"
	"$VMSCOPE" attribute "stale-$k.db" --intervals --format csv | tr -d '"' |
		awk -F, '$3 == "all" && $8 > 0 { print $2 ":" $7 ":" $10 }' | tr '\n' ' ' > "stale-$k.out"
done
is "$(cut -d' ' -f1 stale-6.12.0.out | cut -d: -f1,2)" "5.0:small_inactive_file" \
	"attribute-1.26 6.12: a walk within 2 s of the file list's growth decides on the small size the flush held"
is "$(cut -d' ' -f2 stale-6.12.0.out | cut -d: -f1,2)" "7.0:unexplained" \
	"attribute-1.27 6.12: not once every flush in reach held the grown list"
is "$(tr ' ' '\n' < stale-6.11.0.out | cut -d: -f1,2 | tr '\n' ' ')" "5.0:unexplained 7.0:unexplained " \
	"attribute-1.28 6.11 flushed before deciding: the same walks cannot scan anon"
# the prediction may not read pgscan_anon: each view the flush can have
# held in (4, 5] alike, the lists of 2, 3, 4 and 5 s: 3 pages (SCAN_FRACT
# down to level 8: 356 + 34 anon), 300 (356), 8959 twice (none):
# (390 + 356) / 4 = 186.5, printed to the page (186 or 187)
check "attribute-1.29 6.12: the anon prediction averages the views the flush can have held" \
	awk -v p="$(cut -d' ' -f1 stale-6.12.0.out | cut -d: -f3)" 'BEGIN { exit !(p == 186 || p == 187) }'

"$VMSCOPE" attribute sim.db --by swappiness > by.txt
check "attribute-1.7 --by adds the runs of a tag value up" \
	grep -q '^swappiness 0 (2 runs): model classic, kernel 2.6.9 (from facts), swappiness 0$' by.txt
"$VMSCOPE" attribute sim.db --by kernel > bykernel.txt
check "attribute-1.7b a group of runs at several swappiness values says their range, not the first run's" \
	grep -q '^kernel 2.6.9-rc1-mm3 (3 runs): model classic, kernel 2.6.9 (from facts), swappiness 0 to 60$' bykernel.txt

# --- issue 11: --by never adds models together; RUN with --by; lru_gen tags;
# a read error is an error
"$VMSCOPE" import traced.csv -o mix.db --tag kernel=6.1.0 --tag swappiness=0 || fail "import mix"
"$VMSCOPE" attribute sim.db mix.db --by swappiness > mix.txt
is "$?" 0 "attribute-3.0 --by over two models runs"
check "attribute-3.1 --by: the classic runs of a value on their own line" \
	grep -q '^swappiness 0 (2 runs, classic): model classic,' mix.txt
check "attribute-3.2 --by: the split-LRU run of the same value on its own line" \
	grep -q '^swappiness 0 (1 run, split-lru): model split-lru,' mix.txt
"$VMSCOPE" attribute sim.db --by swappiness 3 > by3.txt
is "$?" 0 "attribute-3.3 --by with a RUN"
is "$(grep -c '^swappiness' by3.txt)" 1 "attribute-3.4 --by with RUN 3: only run 3's group"
check "attribute-3.5 --by with RUN 3: its group, one run" grep -q '^swappiness 60 (1 run): ' by3.txt
for v in on y 1 0x0007 off 0; do
	"$VMSCOPE" import traced.csv -o "lru-$v.db" --tag kernel=6.1.0 --tag lru_gen="$v" ||
		fail "import lru_gen=$v"
	"$VMSCOPE" attribute "lru-$v.db" > "lru-$v.txt"
	is "$?" 0 "attribute-3.6 lru_gen=$v attributes"
	case $v in off|0) want=split-lru ;; *) want=mglru ;; esac
	check "attribute-3.7 lru_gen=$v reads as model $want" grep -q "^run 1: model $want," "lru-$v.txt"
done
cp traced.db broken.db && sqlite3 broken.db "DROP TABLE watermark" || fail "break a database"
"$VMSCOPE" attribute broken.db > broken.out 2> broken.err
is "$?" 1 "attribute-3.8 a read error exits 1"
check "attribute-3.9 ... with one vmscope: message" grep -q '^vmscope: ' broken.err
is "$(wc -c < broken.out)" 0 "attribute-3.10 ... and prints no summary"
"$VMSCOPE" attribute sim.db 99 > none.out 2> none.err
is "$?" 1 "attribute-3.11 a RUN that does not exist exits 1"

# A real 6.1 run: lab12 run 4 (Debian 6.1.0-57 under QEMU, 512 MB,
# swappiness 60, --trace-priority; tests/fixtures/lab/SOURCES.md),
# imported alone (its costs charged since boot, no run before it).
# Its kswapd walks in four intervals scan anon after activations;
# where the short walks taken of either kind alike would scan nearer the
# anon measured but explain less than 70% of it, the attribution keeps
# the trim walks short first (sw_fit_short_spread()): no swapped page
# unexplained (without that bar, 277 of 752 were).
# fixture_attribution NAME FIXTURE [ATTRIBUTE-OPTION...]: a run kept under
# tests/fixtures imported alone as NAME.db, its attribution as CSV in
# NAME.out (quotes dropped)
fixture_attribution() {
	local name=$1 fixture=$2

	shift 2
	"$VMSCOPE" import "$TOP/tests/fixtures/$fixture" -o "$name.db" 2> "$name.err" ||
		fail "import $fixture"
	"$VMSCOPE" attribute "$name.db" "$@" --format csv | tr -d '"' > "$name.out"
}
fixture_attribution lab lab/lab12-run4-6.1-swappiness60.csv.gz
check "attribute-3.12 a real 6.1 lab run (752 pages swapped out): none unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' lab.out
check "attribute-3.13 ... all of them file_refaults" \
	grep -q '^1,split-lru,file_refaults,752,1.0000,' lab.out

# A real 6.12 lab run (swappiness 200) whose kswapd walk began its level-2
# pass over anon (24256 pages) on a flush that showed 3 inactive file
# pages, about 0.15 s before the next flush (2.54 s) showed 9.5k: the
# pass went on over anon past that flush and the sample after it, and
# its last 3640 pages came in the next interval (2.59 to 3.26 s, no new
# walk), with 5208 pages swapped out.  The walk is replayed in order
# across the flush (walk_in_order()): that interval's swap-out is
# small_inactive_file, kswapd's priority within half a level of the traced 2.0
# (replayed side by side, the newer view's cache trim took the pass: all
# 5208 pages unexplained, priority 1.0, where the traces put all of the
# interval's kswapd scan at level 2).
fixture_attribution lab612 lab/lab24-run16-6.12-swappiness200.csv.gz --intervals
check "attribute-3.14 a real 6.12 lab run: the 5208 pages swapped out after a flush inside kswapd's pass over anon are small_inactive_file" \
	grep -q '^1,3.3,all,,,,small_inactive_file,5208,' lab612.out
check "attribute-3.15 ... and kswapd's priority there is within half a level of the traced 2.0 (all of its scan at level 2)" \
	awk -F, '$1 == 1 && $2 == "3.3" && $3 == "kswapd" { found = 1; d = $4 - $5; ok = $5 == 2.0 && d < 0.5 && d > -0.5 } END { exit !(found && ok) }' lab612.out

# A real 6.12 lab run (swappiness 200) whose kswapd scanned anon at level
# 2 up to 3.68 s, then nothing for 0.21 s (3.68 to 3.89 s, no walk
# begun): shrink_node() throttles kswapd only after the level's pass, so
# that pass was over, and the walks begun in the interval after (to
# 4.02 s, one PAGEOUTRUN) went 12 to 7, the traces say, taking none of
# it.  Replayed as still standing in the pass, kswapd there read 2.2.
fixture_attribution idle612 lab/labA-run16-6.12-swappiness200.csv.gz --intervals
check "attribute-3.31 a kswapd that scanned nothing for an interval finishes no pass after it: within one level of the traced 8.0 at 4.02 s" \
	awk -F, '$1 == 1 && $2 == "4.0" && $3 == "kswapd" { found = 1; d = $4 - $5; ok = $5 == 8.0 && d <= 1 && d >= -1 } END { exit !(found && ok) }' idle612.out
# the fixture's premise, not the model's doing
is "$(q idle612.db "SELECT delta FROM counter_values WHERE source = 'vmstat' AND
	name = 'pgscan_kswapd' AND t > 3.85 AND t < 3.9")" 0 \
	"attribute-3.32 ... the fixture: kswapd scanned nothing in the interval to 3.89 s"

# A real 6.12 lab run (swappiness 100, a re-read file) whose root memory
# cgroup flushed its statistics at 12.64 s, between two samples: at 12.52
# s inactive file 7614 under active 8244 (inactive_is_low(): file
# deactivation, so SCAN_FRACT, anon scanned), at 12.76 s 9288 over 8133
# (cache trim, none).  The walks scanned 849 anon pages in the interval
# to 12.76 s (the flush inside it) and 1138 in the next (the flush
# before it), pgdeactivate moving all the while: the flush copied lists
# on the low side.  Both intervals' swap-out is active_file_heavy.  The
# straight line between the samples (8451 over 8188) scans none; the
# 12.52 s lists, 2307 pages: nearer by the ratio, not by the pages (1138
# off against 1169), and with the flush inside the interval the samples'
# own lists in its place (inside_ends()).  Without either, 1031 pages
# unexplained there.
fixture_attribution flush612 lab/labD-run14-6.12-swappiness100.csv.gz --intervals
check "attribute-3.33 a flush between two samples that showed file deactivation at the first: the next interval's 595 pages swapped out are active_file_heavy (pick_in_bracket() by the ratio)" \
	grep -q '^1,13.0,all,,,,active_file_heavy,595,' flush612.out
check "attribute-3.34 ... and the interval it falls in, 436 pages, too (its samples' lists in its place)" \
	grep -q '^1,12.8,all,,,,active_file_heavy,436,' flush612.out
# Another (swappiness 200, no re-read file; one flush between two
# samples before each of its swapping intervals): in the interval to
# 3.0 s the walks scan 820 anon pages on the earlier sample's lists, 115
# on the later's and 350 on the straight line, against 210 measured.  By
# the pages 115 is the nearest (95 off, against 140) and explains 55% of
# them; so in the interval to 3.8 s (184 against 521, 349 measured):
# 111 of the run's 1256 swapped pages unexplained.  By the ratio, none.
fixture_attribution ratio612 lab/labC-run15-6.12-swappiness200.csv.gz
check "attribute-3.35 views picked by the ratio of the anon they scan to the measured: none of a real 6.12 run's 1256 swapped pages unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' ratio612.out

# Two real 6.1 runs of one boot (swappiness 60, then 100), 2 file
# activations between them and none in the second until 4.0 s.  The
# second's first walk scanned 8 anon pages at level 12 by 3.0 s, then
# kswapd 243 at levels 11 to 8 and direct reclaim 176 at 12 to 9 by 3.26
# s, no anon below: the snapshot the first run's walks left, until a walk
# of this one ended (snapshot_refaults()).  Taken as carried into the
# first interval with reclaim only, the 165 pages swapped out to 3.26 s
# (14.1%) were unexplained.
"$VMSCOPE" import "$TOP/tests/fixtures/lab/labA-run20-6.1-swappiness60.csv.gz" \
	"$TOP/tests/fixtures/lab/labA-run21-6.1-swappiness100.csv.gz" -o carried61.db 2> carried61.err ||
	fail "import labA runs 20 and 21"
"$VMSCOPE" attribute carried61.db 2 --intervals --format csv | tr -d '"' > carried61.out
check "attribute-3.36 activations between two runs: the walks still under way after the next run's first interval with reclaim saw them too (165 pages swapped out to 3.26 s are file_refaults)" \
	grep -q '^2,3.3,all,,,,file_refaults,165,' carried61.out
# the fixture's premise, not the model's doing
is "$(q carried61.db "SELECT sum(delta) FROM counter_values WHERE run_id = 2 AND
	name = 'workingset_activate_file' AND t < 3.3")" 0 \
	"attribute-3.37 ... the fixture: no activation in the second run before 3.3 s"

# A real 6.1 run (a re-read file) whose kcompactd woke 24 times in 18.8 s:
# no more than its 500 ms timeout counts for order-1 requests that woke
# nothing (kcompactd(), mm/compaction.c), though 5.4% of kswapd's 442
# walks, over the 5% that let boosts be taken.  Its traces show no
# level-10 excess; taken as boosted from 9 s on, kswapd was within one
# level in 37 of 64 intervals, 17469 pages of its scan boosted.
fixture_attribution kcd61 lab/labB-run19-6.1-swappiness60.csv.gz
"$VMSCOPE" attribute kcd61.db > kcd61.sum
check "attribute-3.38 kcompactd woken no more often than its timeout counts: no boosted walks, kswapd within one level in at least 55 of 64 intervals" \
	awk '/priority, kswapd/ { found = 1; ok = $0 ~ /in (5[5-9]|6[0-4]) of 64 intervals/ } END { exit !(found && ok) }' kcd61.sum
check "attribute-3.39 ... only the boost a sample showed is taken as boosted (under 1% of kswapd's scan)" \
	grep -q 'kswapd: [0-9]* of its 179204 pages scanned (0\.[0-9]%) taken as watermark-boost' kcd61.sum
is "$(q kcd61.db "SELECT sum(delta) FROM counter_values WHERE name = 'compact_daemon_wake' AND t > 0.3")" 24 \
	"attribute-3.40 ... the fixture: 24 kcompactd wakes"

# A real 6.12 run (swappiness 60, a re-read file) whose root memory
# cgroup flushed at 9.67 s (inactive file 8690 over active 8243: cache
# trim) and twice in the interval to 11.76 s, the last at 11.72 s.  Its
# walks there scanned 1051 anon pages at levels 12 to 5: file
# deactivation, as the 11.51 s sample's lists (6020 under 8260) give.
# The later view as that sample's lists with the time's shares kept
# explains 157 of them (537 of the run's 8792 pages swapped out
# unexplained); the flush placed among the walks as place_flush() does,
# all of them.
fixture_attribution ends612 lab/labB-run28-6.12-swappiness60.csv.gz
check "attribute-3.41 a flush inside the interval held a sample's lists and its place among the walks is not known: none of a real 6.12 run's 8792 swapped pages unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' ends612.out
is "$(q ends612.db "SELECT delta FROM counter_values WHERE name = 'memcg_flushes' AND t > 11.7 AND t < 11.8")" 2 \
	"attribute-3.42 ... the fixture: two flushes in the interval to 11.76 s"

# A real 6.1 run (swappiness 100, a re-read file): two kswapd walks to
# 4.42 s beside 217 file activations, one replayed as a trim walk (floor
# level 2 on these lists), one as a refault walk (floor 5); the traces
# end at level 5, and the next three intervals begin no walk and scan at
# level 5 only (a walk that saw a refault repeating at its floor).  The
# last walk taken as the trim one, the walk going on read 3.0 there.
fixture_attribution lastref61 lab/labB-run22-6.1-swappiness100.csv.gz --intervals
check "attribute-3.43 the last of an interval's walks split evenly between trim and refault walks is the refault one: the walk going on after it within one level of the traced 5.0 at 4.55, 4.76 and 5.01 s" \
	awk -F, '$1 == 1 && $3 == "kswapd" && ($2 == "4.6" || $2 == "4.8" || $2 == "5.0") { n++; d = $4 - $5; ok += $5 == 5.0 && d <= 1 && d >= -1 } END { exit !(n == 3 && ok == 3) }' lastref61.out
is "$(q lastref61.db "SELECT group_concat(delta, ' ') FROM (SELECT delta FROM counter_values WHERE name = 'pageoutrun' AND t > 4.3 AND t < 5.1 ORDER BY t)")" \
	"2 0 0 0" "attribute-3.44 ... the fixture: two walks begun to 4.42 s, none in the three intervals after"

# A real 6.12 run (swappiness 60, a re-read file) whose root memory
# cgroup flushed at 12.17 s between samples with inactive file 1167 and
# 1146 pages over active, 925 apart; the intervals on either side moved
# the active list by 904 and 894 pages, and the samples before and after
# those showed inactive under active.  Its walks scanned anon 2:1 over
# file at every level for the 2 s until the next flush, no activation in
# sight: the flush copied the lists at a tie the samples did not catch,
# within the swing of the intervals around it.  Within the bracket's own
# swing only, 3007 of the run's 12677 pages out were unexplained (23.7%).
fixture_attribution swing612 lab/labH-run12-6.12-swappiness60.csv.gz
check "attribute-3.45 a flush between two samples may have copied a tie of the file lists within the swing of the intervals around it: under 1% of a real 6.12 run's swap-out unexplained" \
	awk -F, '$3 == "unexplained" { found = 1; ok = $5 < 0.01 } END { exit !(found && ok) }' swing612.out
is "$(q swing612.db "SELECT sum(delta) FROM counter_values WHERE name = 'workingset_activate_file' AND t > 12.3 AND t < 14.3")" 0 \
	"attribute-3.46 ... the fixture: no file activation in the 2 s after the flush"

# A real 6.12 run in a cgroup-v2 memory cgroup (labV2 run 13, swappiness
# 100): from 6 s on its limit walks reclaim file only, each 2, 4, 8 and 17
# pages at levels 12..9 (31, short of its 32) and one batch of 32 at 8,
# 63 pages, traced 8.8.  memory.events' max counts them once each; the
# pages reclaimed over 32 took twice as many, each ending at 9 (9.6).
fixture_attribution cgv2 lab/labV2-run13-6.12-swappiness100-cgroup-v2.csv.gz --intervals
awk -F, '$1 == 1 && $3 == "cgroup" && $2 >= 6.0 && $5 != "" { n++; d = $4 - $5; sum += d;
	bad += d > 0.3 || d < -0.3 } END { printf "%d %d %.2f\n", n, bad, n ? sum / n : 99 }' cgv2.out > cgv2.chk
check "attribute-3.47 cgroup v2: walks counted from memory.events end where traced: the file-only intervals after 6 s each within 0.3 of the traced level, $(cat cgv2.chk) (intervals, off, mean)" \
	awk '$1 >= 30 && $2 == 0 && $3 <= 0.1 && $3 >= -0.1 { ok = 1 } END { exit !ok }' cgv2.chk
is "$(q cgv2.db "SELECT sum(delta) FROM counter_values WHERE source = 'memcg' AND name = 'max' AND t >= 6.0")" 1187 \
	"attribute-3.48 ... the fixture: 1187 walks over the limit counted after 6 s"

# A real 6.1 run in a cgroup-v1 memory cgroup (labV1 run 6, the group's
# swappiness 100): memory.failcnt counts every failed charge, 53 for each
# limit walk here (its writers charge at the limit all the time).  Taken
# as the walks, each scanned a few pages at level 12 (estimated 11.9 for a
# traced 8.9); the pages reclaimed bound them tighter.
fixture_attribution cgv1 lab/labV1-run6-6.1-swappiness100-cgroup-v1.csv.gz --intervals
awk -F, '$1 == 1 && $3 == "cgroup" && $5 != "" { n++; d = $4 - $5; ok += d <= 1 && d >= -1 }
	END { print n + 0, ok + 0 }' cgv1.out > cgv1.chk
check "attribute-3.49 cgroup v1: walks not taken from failcnt where the pages reclaimed bound them tighter: the cgroup's priority within one level in $(cut -d' ' -f2 cgv1.chk) of $(cut -d' ' -f1 cgv1.chk) intervals (45 at least)" \
	awk '$1 >= 50 && $2 >= 45 { ok = 1 } END { exit !ok }' cgv1.chk
is "$(q cgv1.db "SELECT sum(CASE WHEN name = 'failcnt' THEN delta END) || ' ' ||
	sum(CASE WHEN name = 'cgroup_priority_12' THEN delta END) FROM counter_values")" "105617 2005" \
	"attribute-3.50 ... the fixture: 105617 failed charges, 2005 limit-walk passes at level 12"

# Where walks down to 0 cannot hold a cgroup interval's anon, the refault
# walk down to 1 (attribute-1.121) is taken only as a whole walk over
# anon only.  labV2 run 7 (6.1, swappiness 200) at 1.5 s scanned 30524
# anon pages, half of such a walk: its refault walk stopped at 2 (traced
# 3.8).  labV2 run 12 (6.12, swappiness 60) at 2.3 s: a walk down to 1
# there passes file too (SCAN_FRACT, fp > 0), which frees pages and ends
# it (traced 7.5, deepest 6).
fixture_attribution dive61 lab/labV2-run7-6.1-swappiness200-cgroup-v2.csv.gz --intervals
check "attribute-3.51 half a refault walk down to 1 is not taken as one: within one level of the traced 3.8 at 1.5 s" \
	awk -F, '$1 == 1 && $2 == "1.5" && $3 == "cgroup" { found = 1; d = $4 - $5; ok = $5 == 3.8 && d <= 1 && d >= -1 } END { exit !(found && ok) }' dive61.out
fixture_attribution dive612 lab/labV2-run12-6.12-swappiness60-cgroup-v2.csv.gz --intervals
check "attribute-3.52 nor one whose levels pass file: within one level of the traced 7.5 at 2.3 s" \
	awk -F, '$1 == 1 && $2 == "2.3" && $3 == "cgroup" { found = 1; d = $4 - $5; ok = $5 == 7.5 && d <= 1 && d >= -1 } END { exit !(found && ok) }' dive612.out

# A boost reclaimed beside a normal kswapd walk that scanned anon
# (split-15.15).  labW run 16 (6.12, swappiness 200) to 7.1 s: a walk
# under way since 6.5 s finished its level-5 pass over anon (1422 pages)
# and went on to 4 over file, and five walks began, boosted ones among
# them (428 passes at level 10, 7183 file pages): the anon was taken as
# ruling every boost out, and the whole scan replayed as normal walks,
# deep (4.9 for a traced 8.5).
fixture_attribution mixw lab/labW-run16-6.12-swappiness200.csv.gz --intervals
check "attribute-3.53 boosted walks beside kswapd's anon: within one level of the traced 8.5 at 7.1 s" \
	awk -F, '$1 == 1 && $2 == "7.1" && $3 == "kswapd" { found = 1; d = $4 - $5; ok = $5 == 8.5 && d <= 1 && d >= -1 } END { exit !(found && ok) }' mixw.out
# boosted walks scan file at levels 12 and 11 once, then at 10 over and over
q mixw.db "SELECT sum(CASE WHEN name IN ('kswapd_scan_file_10',
	'kswapd_scan_file_11', 'kswapd_scan_file_12') THEN delta END) || ' ' ||
	sum(CASE WHEN name LIKE 'kswapd_scan_anon_%' THEN delta END) FROM counter_values
	WHERE source = 'trace' AND t > 7.0 AND t < 7.2" > mixw.trace
awk -F, '$1 == 1 && $2 == "7.1" && $3 == "kswapd" { print $21 }' mixw.out > mixw.boosted
check "attribute-3.54 ... the boosted scan taken ($(cat mixw.boosted) pages) is at most the $(cut -d' ' -f1 mixw.trace) file pages the traces show kswapd scanning at levels 12-10, beside its anon" \
	awk -v b="$(cat mixw.boosted)" '$2 > 0 && b > 0 && b <= $1 { ok = 1 } END { exit !ok }' mixw.trace
# labS run 15 (6.12, swappiness 200, a re-read file): its intervals to
# 13.0 and 14.6 s held a normal walk's anon (1383 and 963 pages) beside
# level-10 loops; replayed as normal walks all, 915 pages of the run's
# swap-out (5.0%) were left unexplained.
fixture_attribution mixs lab/labS-run15-6.12-swappiness200.csv.gz
check "attribute-3.55 ... and a run whose boosts came beside its anon has none of its 18239 swapped pages unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' mixs.out
# At 13.0 s a new walk there scanned anon from level 12 to 7 beside the
# old walk's pass: that anon is not the pass's rest (sw_fit_pass_going_on()
# takes it so only where no walk began); taken so, the walk stood 2 to 3
# levels off its traces from 13.3 s to 13.6 s.
fixture_attribution mixs-iv lab/labS-run15-6.12-swappiness200.csv.gz --intervals
check "attribute-3.90 ... and kswapd within one level of the traced 5.3 at 13.3 s, after a new walk's anon beside a pass going on" \
	awk -F, '$1 == 1 && $2 == "13.3" && $3 == "kswapd" { found = 1; d = $4 - $5; ok = $5 == 5.3 && d <= 1 && d >= -1 } END { exit !(found && ok) }' mixs-iv.out

# kswapd's walks begun after its HZ/10 nap (split-23.1).  labAE run 1
# (6.1, swappiness 0, a 1 GB guest): khugepaged's min_free_kbytes for
# THP sets a low-to-high gap of 2815 pages, and kswapd walks twice an
# interval from where a nap's allocations (about 1500 pages) left the
# node, short of high (kswapd_high_wmark_hit_quickly): at 7.5 s two
# walks, 12 to 6 and 12 to 4, traced 5.4.  Sized by the gap they were
# replayed 1.1-1.7 levels too deep (4.2 there; 18 of 49 intervals
# within one level).
fixture_attribution nap lab/labAE-run1-6.1-swappiness0-1G.csv.gz --intervals
check "attribute-3.56 walks begun where kswapd's nap left the node, on a wide watermark gap: within one level of the traced 5.4 at 7.5 s" \
	awk -F, '$1 == 1 && $2 == "7.5" && $3 == "kswapd" { found = 1; d = $4 - $5; ok = $5 == 5.4 && d <= 1 && d >= -1 } END { exit !(found && ok) }' nap.out
"$VMSCOPE" attribute nap.db > nap.sum
check "attribute-3.57 ... and in two thirds of the run's kswapd intervals or more" \
	awk '/priority, kswapd/ { for (i = 1; i < NF - 2; i++) if ($i == "in" && $(i + 2) == "of") ok = $(i + 1) >= 2 * $(i + 3) / 3 } END { exit !ok }' nap.sum
# the nap came with its counter: a kernel without it is sized by the gap
# (the counter renamed here), one with its first name by the nap
nap_renamed() {
	zcat "$TOP/tests/fixtures/lab/labAE-run1-6.1-swappiness0-1G.csv.gz" |
		sed "/^\"run_id\"/s/\"kswapd_high_wmark_hit_quickly\"/\"$2\"/" > "$1.csv" &&
		"$VMSCOPE" import "$1.csv" -o "$1.db" 2> "$1.err" &&
		"$VMSCOPE" attribute "$1.db" --intervals --format csv | tr -d '"' > "$1.out" ||
		fail "import and attribute $1"
}
nap_renamed nonap renamed_counter
nap_renamed oldnap kswapd_slept_prematurely_slow
check "attribute-3.58 ... without the nap's counter the walks are sized by the gap: deeper at 7.5 s ($(awk -F, '$2 == "7.5" && $3 == "kswapd" { print $4 }' nonap.out) against $(awk -F, '$2 == "7.5" && $3 == "kswapd" { print $4 }' nap.out))" \
	awk -F, 'NR == FNR { if ($2 == "7.5" && $3 == "kswapd") with = $4; next } $2 == "7.5" && $3 == "kswapd" { ok = $4 < with - 0.5 } END { exit !ok }' nap.out nonap.out
check "attribute-3.59 ... and with its first name (kswapd_slept_prematurely_slow) by the nap, as with today's" \
	cmp -s nap.out oldnap.out
# what a task allocates and frees again takes nothing from the free pages:
# 20000 more pages of both pgalloc_dma32 and pgfree a sample
zcat "$TOP/tests/fixtures/lab/labAE-run1-6.1-swappiness0-1G.csv.gz" | awk -F, -v OFS=, '
	/^"run_id"/ { for (i = 1; i <= NF; i++) { a = $i == "\"pgalloc_dma32\"" ? i : a; f = $i == "\"pgfree\"" ? i : f }; print; next }
	/^"#/ || !a || !f { print; next }
	{ s = $2; gsub(/"/, "", s); gsub(/"/, "", $a); gsub(/"/, "", $f)
	  $a = "\"" ($a + 20000 * s) "\""; $f = "\"" ($f + 20000 * s) "\""; print }' > churn.csv
"$VMSCOPE" import churn.csv -o churn.db 2> churn.err &&
	"$VMSCOPE" attribute churn.db --intervals --format csv | tr -d '"' > churn.out ||
	fail "import and attribute churn.csv"
check "attribute-3.60 ... and pages allocated and freed again (20000 of each a sample) leave every interval as it was" \
	cmp -s nap.out churn.out

# kswapd's walks over THPs (split_fit.c: sw_fit_pass_largest(),
# sw_fit_anon_holds(); split_walk.c: likeliest_view()), on 1 GB and
# 768 MB guests.  Each row: the run's kswapd intervals at those times
# within one level of the traced priority.
# the fixture's --intervals rows (NAME.out) and its summary (NAME.sum)
fixture_rows_and_sum() {
	fixture_attribution "$1" "$2" --intervals
	"$VMSCOPE" attribute "$1.db" --format csv | tr -d '"' > "$1.sum"
}
# pred_and_traced OUT T WHO: run 1's anon_scanned_pred and
# anon_scanned_true at T on WHO's row of --intervals CSV OUT, "P M"
pred_and_traced() {
	awk -F, -v p="$(col anon_scanned_pred "$1")" -v m="$(col anon_scanned_true "$1")" -v t="$2" -v w="$3" \
		'$1 == 1 && $2 == t && $3 == w { printf "%s %s", $p, $m }' "$1"
}
# within_10 FILE: its one line "P M" has P within 10% of M, M > 0
within_10() {
	awk '{ d = $1 - $2; if (d < 0) d = -d; ok = $2 > 0 && d <= 0.1 * $2 } END { exit !(NR == 1 && ok) }' "$1"
}
# summary_anon TEXT: the summary's anon predicted and pgscan_anon, "P M"
summary_anon() {
	sed -n 's/^  anon scanned: predicted \([0-9]*\), pgscan_anon \([0-9]*\);.*/\1 \2/p' "$1"
}
kswapd_within_one() {
	awk -F, -v ts="$2" 'BEGIN { n = split(ts, want, " "); for (i = 1; i <= n; i++) todo[want[i]] = 1 }
		$1 == 1 && $3 == "kswapd" && ($2 in todo) { seen++; d = $4 - $5; bad += d > 1 || d < -1 }
		END { exit !(seen == n && !bad) }' "$1"
}
# labAE run 15 (6.12, swappiness 200, 1 GB): one kswapd walk begun at 4.3-4.6 s,
# its level-4 pass over THPs from 4.6 s to 6.8 s (traced 4.0 at 5.1,
# 5.8 and 6.4 s).  Its end at 4.6 s was taken from the last flushed view,
# a cache-trim walk at level 1, and the three intervals after replayed
# at 1.0 with 83.5% of the run's 23531 swapped pages unexplained.
fixture_rows_and_sum thp15 lab/labAE-run15-6.12-swappiness200-1G.csv.gz
check "attribute-3.61 a kswapd walk standing in a level-4 pass over THPs for 2 s: within one level of the traced 4.0 at 5.1, 5.8 and 6.4 s" \
	kswapd_within_one thp15.out "5.1 5.8 6.4"
check "attribute-3.62 ... and none of its 23531 swapped pages unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' thp15.sum
# labAE run 6 (6.1, swappiness 100, 1 GB): one walk from 4.5 s to 8.9 s,
# a level-4 pass over 193895 anon pages, THPs, at 5.0 s, then level 3 to
# the end; the pass at its expected size ended early and the walk went
# down to 1 in the replay (31.8% unexplained).
fixture_rows_and_sum thp6 lab/labAE-run6-6.1-swappiness100-1G.csv.gz
check "attribute-3.63 a 6.1 walk holding at level 3 after a pass over THPs: within one level of the traced 3.0 at 8.1 and 8.5 s" \
	kswapd_within_one thp6.out "8.1 8.5"
check "attribute-3.64 ... and under 1% of its 45572 swapped pages unexplained" \
	awk -F, '$1 == 1 && $3 == "unexplained" { found = 1; ok = $5 < 0.01 } END { exit !(found && ok) }' thp6.sum
# labAH run 15 (6.12, swappiness 200, 768 MB): kswapd at level 4 from
# 3.5 s to 6.0 s over 599048 anon pages, THPs, in 1648 batches, no new
# walk; replayed down to level 1 from 3.8 s (65.4% unexplained).
fixture_rows_and_sum hold15 lab/labAH-run15-6.12-swappiness200-768M.csv.gz
check "attribute-3.65 a walk going on at level 4 over THPs, freeing pages: within one level of the traced 4.0 at 4.9, 5.3 and 5.6 s" \
	kswapd_within_one hold15.out "4.9 5.3 5.6"
check "attribute-3.66 ... and none of its 29881 swapped pages unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' hold15.sum

# kswapd's walks ended by the first zone at its high watermark
# (split_kswapd.c kswapd_deficit(), analyzer/zone_frees.c): on 768 MB
# and 1 GB guests a walk begun where kswapd's nap left the node short of
# high ends once the DMA zone has gained its 44-page gap, at its share of
# the frees; a walk woken at low, as on 512 MB guests, reclaims the gap.
# FILE's kswapd intervals: N of them, MIN or more within one level of the
# traced priority
kswapd_within_at_least() {
	awk -F, -v min="$2" -v want="$3" '
		$3 == "kswapd" && $4 != "" && $5 != "" { n++; d = $4 - $5; ok += d <= 1 && d >= -1 }
		END { exit !(n == want && ok >= min) }' "$1"
}
# labAI run 1 (6.1, swappiness 0, 768 MB, --reread 32M): sized by the
# nap alone, 28 of its 73 intervals within one level, the run at 4.3
# against a traced 5.5.
fixture_rows_and_sum zone1 lab/labAI-run1-6.1-swappiness0-768M.csv.gz
check "attribute-3.67 walks ended by the DMA zone at its high watermark: kswapd within one level in 45 or more of the run's 73 intervals" \
	kswapd_within_at_least zone1.out 45 73
"$VMSCOPE" attribute zone1.db > zone1.txt 2>&1 || fail "attribute zone1.db"
check "attribute-3.68 ... and the run's scan-weighted estimate within half a level of the traced one" \
	awk '/priority, kswapd \(scan-weighted\)/ {
		found = match($0, /estimated [0-9.]+, traced [^)]*\) [0-9.]+ on average/)
		split(substr($0, RSTART, RLENGTH), w, " ")
		e = w[2] + 0; t = w[9] + 0 }
		END { d = e - t; exit !(found && d <= 0.5 && d >= -0.5) }' zone1.txt
# labAI run 4 (6.1, swappiness 60, 768 MB): 908 of its 22588 swapped pages
# (4.0%) unexplained when its walks were sized by the nap alone.
fixture_rows_and_sum zone4 lab/labAI-run4-6.1-swappiness60-768M.csv.gz
check "attribute-3.69 ... and none of the 22588 pages another run swapped unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' zone4.sum
# labAK run 7 (6.1, swappiness 200, 512 MB): walks woken at low, the DMA
# zone (a gap of 5 pages) drained by the allocations; sizing every walk
# by the zones' frees put 10 of its 30 intervals within one level.
fixture_rows_and_sum low7 lab/labAK-run7-6.1-swappiness200.csv.gz
check "attribute-3.70 walks woken at low reclaim the whole gap whatever the DMA zone's share of the frees: within one level in 27 or more of 30" \
	kswapd_within_at_least low7.out 27 30
# At swappiness 200 a walk that saw a refault takes anon only and dives,
# and it ends late: kswapd's walks and direct reclaim's read the same
# activation before either retakes the snapshot they compare it with, a
# walk of each, where below 200 one of them ends within a few levels and
# they share it (split_refault_walk_ends_late()).  Shared at 200 too,
# this run's anon was predicted 25% short (77895 of 104088), labBB run
# 8's 12% (93115 of 106011).
"$VMSCOPE" attribute low7.db > low7.text
summary_anon low7.text > low7.anon
"$VMSCOPE" attribute low7.db --what-if swappiness=200 |
	sed -n 's/.*replayed at swappiness 200: anon scanned \([0-9]*\),.*(recorded: \([0-9]*\),.*/\1 \2/p' > low7.wi
check "attribute-3.95 at swappiness 200 kswapd and direct reclaim each read an activation: the run's anon predicted within 10% ($(grep -o 'predicted [0-9]*, pgscan_anon [0-9]*' low7.text))" \
	within_10 low7.anon
check "attribute-3.96 ... and --what-if at 200 too (predicted, recorded: $(cat low7.wi))" \
	within_10 low7.wi
# labAK run 15 (6.12, swappiness 200, 512 MB): the zones' per-cpu lists
# gave back 2689 and 1128 pages to the free count in its first intervals of
# reclaim (zoneinfo's pagesets; split_kswapd.c pcp_share()); without
# them the walks were replayed at 9.8 and 8.6.
fixture_rows_and_sum pcp15 lab/labAK-run15-6.12-swappiness200.csv.gz
check "attribute-3.71 walks helped to high by the per-cpu lists' spill: within one level of the traced 11.3 and 10.0 at 2.8 and 3.0 s" \
	kswapd_within_one pcp15.out "2.8 3.0"
# labAI run 1 again: at the end samples of these intervals a lower zone
# stood above its high watermark and its lowmem reserve while the free
# pages' sum fell short of the high watermarks: pgdat_balanced() asks the
# zones, the walks had ended.  Read from the sum, a walk stood and the
# next interval finished its level, each a level or more too deep.
check "attribute-3.72 walks ended by a lower zone balanced though the free pages' sum is short: within one level at 11.5, 12.5, 14.5 and 16.3 s" \
	kswapd_within_one zone1.out "11.5 12.5 14.5 16.3"
# labAO run 11 (6.12, swappiness 60, 512 MB, its zones' protection
# recorded): at 10.53 s a boost of 1468 pages shown, the sum past the high
# watermarks and the boost, no zone balanced (DMA 441 free, high 32 +
# reserve 432): the boost dropped, normal walks traced at 6.8, where the
# sum's reading replayed a boosted walk at 10.0.
fixture_rows_and_sum boost11 lab/labAO-run11-6.12-swappiness60-tcg.csv.gz
check "attribute-3.73 a boost shown on a node no zone of which is balanced is dropped: within one level of the traced 6.8 at 10.8 s" \
	kswapd_within_one boost11.out "10.8"

# The boosts the allocator raised, traced (trace:extfrag_boosting: each
# fallback below a pageblock raised its zone's watermark_boost on
# 5.0-6.14), against the boost reclaim the replay took.  labBB run 16
# (6.12, swappiness 200, 512 MB, TCG): per sample, from the imported run
# by sqlite, the fallbacks, the zones' boosts, the walks begun
# (pageoutrun) and kswapd's scan.  A boosted walk reads the boosts when
# it begins (balance_pgdat()), so one is possible where a boost was
# raised in the interval, stood at its start sample, or a walk begun
# with one goes on (no walk begun since).
# boost_tally NAME: NAME.trace (the samples) and NAME.want (the summary's
# line as the samples and --intervals boosted_scan give it: a walk begun
# in an interval may have read a boost raised in it or standing at its
# start; where none began, the walk going on is the one before; the
# first interval's start is not known)
boost_tally() {
	traced "$1.db" "sum(CASE WHEN name = 'extfrag_boosting' THEN delta ELSE 0 END),
		sum(CASE WHEN name LIKE 'node%.boost' THEN value ELSE 0 END),
		sum(CASE WHEN name = 'pageoutrun' THEN delta ELSE 0 END),
		sum(CASE WHEN name = 'pgscan_kswapd' THEN delta ELSE 0 END)" > "$1.trace" ||
		fail "sum the traced fallbacks"
	awk -F, -v b="$(col boosted_scan "$1.out")" 'NR == FNR { if ($3 == "kswapd") took[$2] = $b; next }
		FNR > 1 { stood = $2 > 0 || boost > 0; possible = stood || carry
			carry = $4 != 0 ? stood : carry || boost > 0
			raised += $2
			if ($5 > 0) { n++; rn += $2 > 0; t = took[$1] + 0
				if (!(t > 0)) missed += $2 > 0; else if (possible) ok++; else { none++; np += t } } }
		{ boost = FNR == 1 ? 0 : $3 }
		END { printf "%d raised, in %d of the %d intervals with kswapd scanning; boost reclaim taken in %d with a boost raised, shown at the start or a walk under way that had one, in %d with none (%d pages), and none taken in %d with one raised\n",
			raised, rn, n, ok, none, np, missed }' "$1.out" "$1.trace" > "$1.want"
	"$VMSCOPE" attribute "$1.db" > "$1.sum"
}
fixture_attribution xfrag lab/labBB-run16-6.12-swappiness200-tcg.csv.gz --intervals
boost_tally xfrag
awk -F, -v c="$(col boosts_raised_true xfrag.out)" 'NR == FNR { r[$1] = $2; next }
	$3 == "kswapd" { n++; bad += $c != r[$2] } END { print n, bad }' xfrag.trace xfrag.out > xfrag-rows.chk
check "attribute-3.74 --intervals boosts_raised_true: on each kswapd row the fallbacks below a pageblock traced in its interval ($(cat xfrag-rows.chk): rows, mismatches)" \
	awk '$1 >= 50 && $2 == 0 { ok = 1 } END { exit !ok }' xfrag-rows.chk
check "attribute-3.75 the summary's boosts against the boost reclaim: $(cat xfrag.want)" \
	grep -qF "watermark boosts, traced (mm_page_alloc_extfrag, fragmenting): $(cat xfrag.want)" xfrag.sum
# the one taken with none: 9.5 s, 308 pages, no fallback since 9.0 s,
# no boost at 9.3 s and 9 walks begun there
check "attribute-3.76 ... boost reclaim with no boost possible is the interval to 9.5 s (308 pages)" \
	grep -q "in 1 with none (308 pages)" xfrag.sum
# labBB run 13 (6.12, swappiness 100): to 18.5 s no fallback and no
# boost at its start sample, two walks begun; the last of the four begun
# in the interval before came after 33 boosts were raised there, and may
# have been under way, boosted, when the interval began: the replay's
# 662 pages of boost reclaim there are not counted as impossible.
fixture_attribution xfrag13 lab/labBB-run13-6.12-swappiness100-tcg.csv.gz --intervals
boost_tally xfrag13
awk -F, -v b="$(col boosted_scan xfrag13.out)" '$2 == "18.5" && $3 == "kswapd" { print $b }' xfrag13.out > xfrag13.took
check "attribute-3.77 ... nor is boost reclaim ($(cat xfrag13.took) pages at 18.5 s) where a walk begun with a boost raised may still go on" \
	sh -c "test '$(cat xfrag13.took)' -gt 0 && grep -q 'in 0 with none (0 pages)' xfrag13.sum"
check "attribute-3.78 ... and that run's summary line: $(cat xfrag13.want)" \
	grep -qF "watermark boosts, traced (mm_page_alloc_extfrag, fragmenting): $(cat xfrag13.want)" xfrag13.sum
# --by sums the two runs' lines, number by number
"$VMSCOPE" attribute xfrag.db xfrag13.db --by kernel > xfrag-by.sum
grep -h "watermark boosts, traced" xfrag.sum xfrag13.sum xfrag-by.sum |
	awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^\(?[0-9]+$/) { v = $i; sub(/\(/, "", v); x[NR, ++n] = v } c = n }
	END { for (i = 1; i <= c; i++) if (x[1, i] + x[2, i] != x[3, i]) bad++; print c, bad + 0 }' > xfrag-by.chk
check "attribute-3.82 --by kernel sums the two runs' boosts and boost reclaim ($(cat xfrag-by.chk): numbers, mismatches)" \
	grep -qx '7 0' xfrag-by.chk
# The same run at 6.98 s: kswapd's level-2 pass over anon goes on from
# the sample before (24392 pages traced, 2696 of them after it), which
# the replay before had put 1183 anon pages from its end: the rest of
# the pass is the anon measured (sw_fit_pass_going_on()), and the
# interval's 1558 swapped pages are explained (866 were not).
"$VMSCOPE" attribute xfrag.db --format csv | tr -d '"' > xfrag-sum.out
check "attribute-3.89 ... and none of that run's 3113 swapped pages unexplained, a pass going on whose rest is the anon measured" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' xfrag-sum.out

# A pause inside a kswapd pass (kswapd_state(), pass_after_pause()).
# labBD run 3 (6.1, swappiness 60, 768 MB, TCG): one walk at level 2 from
# 30.6 s, its pass about 12000 pages at 500 to 1500 a quarter second; in
# the interval to 32.04 s kswapd scanned nothing and no walk began, and
# after it the traces show the level-2 pass going on (anon and file at
# 2).  Taken as the pass's end (the throttle after a whole pass), the
# walk went on at level 1 on lists where cache trimming scans no anon:
# 0 predicted against 542, 569, 531 and 535 measured at 32.3, 32.5, 33.0
# and 33.3 s, and 7792 of the run's 53534 swapped pages (14.6%; the
# fixture alone, without the runs before it on its boot) unexplained.
fixture_rows_and_sum pause3 lab/labBD-run3-6.1-swappiness60-768M-tcg.csv.gz
check "attribute-3.79 kswapd paused inside a pass, no walk begun after: under 1% of the run's 53534 swapped pages unexplained" \
	awk -F, '$3 == "unexplained" && $5 < 0.01 { ok = 1 } END { exit !ok }' pause3.sum
awk -F, -v p="$(col anon_scanned_pred pause3.out)" -v m="$(col anon_scanned pause3.out)" '
	$3 == "all" && ($2 == "32.3" || $2 == "32.5" || $2 == "33.0" || $2 == "33.3") {
		n++; d = $p - $m; if (d < 0) d = -d; ok += $m > 0 && d <= 0.1 * $m }
	END { print n, ok }' pause3.out > pause3.chk
check "attribute-3.80 ... the anon predicted after the pause within 10% of pgscan_anon at 32.3, 32.5, 33.0 and 33.3 s ($(cat pause3.chk): intervals, within)" \
	grep -qx '4 4' pause3.chk
# labBD run 11 (6.12, 768 MB, TCG): to 38.02 s kswapd scanned nothing
# and one walk was counted; to 38.26 s, no walk counted, that walk
# scanned 491 pages, traced at 6.9.  A walk begun in the pause is a new
# one from 12, not the walk before going on from its level 3
# (balance_pgdat() never raises the priority within a walk: that one
# scans at 3 and below, and was replayed at 3.0 and 3.4).
fixture_rows_and_sum pause11 lab/labBD-run11-6.12-swappiness100-768M-tcg.csv.gz
check "attribute-3.81 a walk counted in kswapd's pause begins at 12: at 38.3 s (traced 6.9) not replayed at level 4 or deeper" \
	awk -F, '$1 == 1 && $2 == "38.3" && $3 == "kswapd" { found = 1; ok = $5 == 6.9 && $4 > 4 } END { exit !(found && ok) }' pause11.out

# A direct walk that outlasts a sample (model/split_direct.c).  labBB run
# 8 (6.1, swappiness 200, 512 MB, TCG): two walks counted at 8.3 s, one of
# them after a file refault diving over anon (levels 12 to 4, reclaiming
# nothing); at 8.5 s no walk counted (allocstall) and 30751 anon pages
# traced at 6 to 2; at 9.0 s five new walks trim the cache at 12 to 8
# (267 file pages) while the one begun before scans 24066 anon pages at 3
# and 2.  Without the walk going on, the replay took 8.5 s as new walks
# (22424 anon pages) and 9.0 s as the five trim walks: no anon, priority
# 5.1 for a traced 2.3.
fixture_attribution dive8 lab/labBB-run8-6.1-swappiness200-tcg.csv.gz --intervals
"$VMSCOPE" attribute dive8.db > dive8.text
summary_anon dive8.text > dive8.anon
check "attribute-3.97 ... and labBB run 8's anon predicted within 10% ($(grep -o 'predicted [0-9]*, pgscan_anon [0-9]*' dive8.text))" \
	within_10 dive8.anon
awk -F, -v p="$(col anon_scanned_pred dive8.out)" -v m="$(col anon_scanned_true dive8.out)" '
	$3 == "direct" && ($2 == "8.5" || $2 == "9.0") {
		n++; d = $p - $m; if (d < 0) d = -d; ok += $m > 0 && d <= 0.1 * $m; printf "%s %s/%s ", $2, $p, $m }
	END { print n + 0, ok + 0 }' dive8.out > dive8.anon
check "attribute-3.83 a direct walk goes on across samples: its anon at 8.5 and 9.0 s within 10% of the traced ($(cat dive8.anon))" \
	grep -q ' 2 2$' dive8.anon
check "attribute-3.84 ... and direct reclaim's priority at 9.0 s within one level of the traced 2.3, beside five walks that trim the cache" \
	awk -F, '$1 == 1 && $2 == "9.0" && $3 == "direct" { found = 1; d = $4 - $5; ok = d <= 1 && d >= -1 } END { exit !(found && ok) }' dive8.out
# ... of either kind: labBB run 16 (6.12, swappiness 200), five walks at
# 6.0 s, none after a refault, one of them diving over anon on a small
# inactive file list (12 to 4, 19105 pages); at 6.4 s no walk counted and
# 33015 anon pages traced at 5 to 2.  Taken as new walks there, 21685;
# going on as the kind it was, whose deep levels trim the cache, 28585.
pred_and_traced xfrag.out 6.4 direct > dive16.anon
check "attribute-3.86 a walk that dove with no refault, on a small inactive file list, goes on too: anon at 6.4 s within 10% of the traced ($(cat dive16.anon))" \
	within_10 dive16.anon
# ... and only a walk that was not freeing: labB run 19 (6.1, swappiness
# 60), whose direct walks scan 1000 to 10000 anon pages an interval at
# levels 8 to 7 and free them, carried none (taken as going on, the next
# intervals' walks were left to them: 1.7 to 4.9 for a traced 7.5 to 8.2).
fixture_attribution free19 lab/labB-run19-6.1-swappiness60.csv.gz --intervals
check "attribute-3.85 direct walks that free their anon at levels 8 to 7 end: within one level of the traced at 3.8 to 4.8 s" \
	awk -F, '$1 == 1 && $3 == "direct" && ($2 == "3.8" || $2 == "4.0" || $2 == "4.3" || $2 == "4.5" || $2 == "4.8") {
		n++; d = $4 - $5; ok += d <= 1 && d >= -1 } END { exit !(n == 5 && ok == 5) }' free19.out
# The same run at 7.05 s: one activation of its own, three walks begun
# and 2103 of its 2136 pages kswapd scanned anon; the sample before showed
# 483.  Before 6.12 a walk reads an activation at its next level
# (mem_cgroup_flush_stats() past its threshold, milliseconds later:
# SPLIT_NEXT_LEVEL_S), so those that came after the last walk of 6.77 s
# took its refault snapshot are read by the walks after the sample.
# Read at once instead, in their own interval only, 1389 pages.
pred_and_traced free19.out 7.0 all > free19.anon
check "attribute-3.91 activations read at a walk's next level, past the sample: anon at 7.0 s within 10% of the traced ($(cat free19.anon))" \
	within_10 free19.anon

# labBA run 7 (6.1, swappiness 200) at 21.26 s: 92414 pages passed over
# (pgskip_dma32), which the traces put on the anon list at level 1: a
# walk woken for the DMA zone passing over the whole list for its first
# anon page.  A walk trimming the cache there passes over 6 x 13114 file
# pages at most (isolate_lru_folios() puts those it passed at the
# list's head, one call a batch), so the skip is anon, whatever share of
# the walks the prediction expects to have seen a refault (28%: 27052).
fixture_attribution dma7 lab/labBA-run7-6.1-swappiness200-tcg.csv.gz --intervals
pred_and_traced dma7.out 21.3 all > dma7.anon
check "attribute-3.92 a skip larger than a walk over file can pass is anon: predicted at 21.3 s within 10% of the traced ($(cat dma7.anon))" \
	within_10 dma7.anon
"$VMSCOPE" attribute dma7.db > dma7.sum
summary_anon dma7.sum > dma7.run
check "attribute-3.93 ... and the run's anon predicted within 10% of pgscan_anon ($(grep -o 'predicted [0-9]*, pgscan_anon [0-9]*' dma7.sum))" \
	within_10 dma7.run
# --what-if's walks reclaim what the run's did (model/whatif_balance.h):
# labBA runs 7 (swappiness 200) and 3 (60), one sweep, one boot.  Run 3
# scanned 10306 anon pages of a list of 100.4k, wrote 1248 by its first
# 4166 and none after (the memory hog's, on their first visit); run 7
# passed over the list, 80544 pages in 0.8 s writing none, and wrote
# 11775.  Replayed at 200, run 3's refault walks take anon only (fp = 0)
# and go on over the young pages until they write: within 30% of run 7's
# 11775 (the walks as they were: 2382).  Replayed at 60, run 7's walks
# free file pages where its own scanned anon that freed nothing: within
# 30% of run 3's 1248 (as they were, at run 7's ratio: 3597).
"$VMSCOPE" import "$TOP/tests/fixtures/lab/labBA-run7-6.1-swappiness200-tcg.csv.gz" -o pair.db 2> pair.err &&
	"$VMSCOPE" import "$TOP/tests/fixtures/lab/labBA-run3-6.1-swappiness60-tcg.csv.gz" -o pair.db 2>> pair.err ||
	fail "import labBA runs 7 and 3"
"$VMSCOPE" attribute pair.db --what-if swappiness=60,200 --format csv | tr -d '"' > pair.out
check "attribute-3.98 --what-if from 60 at 200: the walks go on over the young anon pages, swap-out within 30% of run 7's ($(grep '^2,60,200,' pair.out | cut -d, -f5,7))" \
	awk -F, '$1 == 2 && $3 == 200 && $7 == 11775 && $5 >= 0.7 * 11775 && $5 <= 1.3 * 11775 { ok = 1 } END { exit !ok }' pair.out
check "attribute-3.99 --what-if from 200 at 60: the walks end sooner, swap-out within 30% of run 3's ($(grep '^1,200,60,' pair.out | cut -d, -f5,7))" \
	awk -F, '$1 == 1 && $3 == 60 && $7 == 1248 && $5 >= 0.7 * 1248 && $5 <= 1.3 * 1248 { ok = 1 } END { exit !ok }' pair.out
"$VMSCOPE" attribute pair.db 2 --what-if swappiness=200 > pair.txt
check "attribute-3.100 ... and says how the walks reclaimed" \
	grep -qx '  its walks scan on over the young anon pages, which free nothing on their first visit, until they reclaim what the run.s did' pair.txt
# labRA runs 7 (200) and 3 (60), one boot, with --reread 32M: both passed
# over their lists, so both hold the hog's first pass and the run's
# ratio stands: from 200 at 60 the walks as they were (within 30% of
# run 3's 14029), not ended sooner (those read run 7's list before its
# writes: 1429).
"$VMSCOPE" import "$TOP/tests/fixtures/lab/labRA-run7-6.1-swappiness200-reread-tcg.csv.gz" -o reread.db 2> reread.err &&
	"$VMSCOPE" import "$TOP/tests/fixtures/lab/labRA-run3-6.1-swappiness60-reread-tcg.csv.gz" -o reread.db 2>> reread.err ||
	fail "import labRA runs 7 and 3"
"$VMSCOPE" attribute reread.db 1 --what-if swappiness=60 --format csv | tr -d '"' > reread.out
check "attribute-3.101 --what-if between two runs that both passed over their lists keeps the run's ratio: within 30% of run 3's ($(grep '^1,200,60,' reread.out | cut -d, -f5,7))" \
	awk -F, '$1 == 1 && $3 == 60 && $7 == 14029 && $5 >= 0.7 * 14029 && $5 <= 1.3 * 14029 { ok = 1 } END { exit !ok }' reread.out
# labBA run 12 (6.12, swappiness 60): no file refault in the run; the
# what-if's walks at 200 took anon only where the flushed view's
# inactive file list (512 pages) shifted by the level was 0, at levels
# 12 to 10, and trimmed the cache below; the sweep's runs at 200 scanned
# 564 and 1195 anon pages.  No dive over the young list (98.6k pages)
# where no walk's levels all let anon in (split_cause_every_level()): the
# walks as they were (883 anon), no how-line.
"$VMSCOPE" import "$TOP/tests/fixtures/lab/labBA-run12-6.12-swappiness60-tcg.csv.gz" -o norefault.db 2> norefault.err ||
	fail "import labBA run 12"
"$VMSCOPE" attribute norefault.db --what-if swappiness=200 > norefault.txt
check "attribute-3.102 --what-if whose walks took anon on a small inactive file list only: no dive over the young anon list ($(grep -o 'anon scanned [0-9]*' norefault.txt | head -1))" \
	awk '/replayed at swappiness 200: anon scanned/ { n = $11 + 0; seen = 1 } /its walks/ { how = 1 } END { exit !(seen && n < 5000 && !how) }' norefault.txt

# labBD run 5 (6.1, 768 MB, swappiness 100): an activation counted to
# 20.55 s, no reclaim in that interval nor the next, then kswapd's one
# walk to 21.01 s scanned 52398 anon pages from level 12 down to 4.  The
# walk compares the activations with the snapshot the last walk took at
# its end (snapshot_refaults()), however long ago: the first walk after
# the activation sees it.
fixture_attribution quiet5 lab/labBD-run5-6.1-swappiness100-768M-tcg.csv.gz --intervals
pred_and_traced quiet5.out 21.0 all > quiet5.anon
check "attribute-3.94 an activation while no walk ran is the next walk's: predicted anon at 21.0 s within 10% of the traced ($(cat quiet5.anon))" \
	within_10 quiet5.anon

# The anon pages each reclaimer scanned, as the tracepoints saw them (the
# <who>_scan_anon_<level> counters the collector keeps, of kind trace),
# beside the prediction's: summed here by sqlite from the imported run,
# per interval, and set against --intervals' anon_scanned_true column of
# the kswapd, direct and all rows.
traced lab612.db "sum(CASE WHEN name LIKE 'kswapd_scan_anon_%' THEN delta ELSE 0 END),
	sum(CASE WHEN name LIKE 'direct_scan_anon_%' THEN delta ELSE 0 END),
	sum(CASE WHEN name = 'pgscan_kswapd' THEN delta ELSE 0 END)" > lab612-traced.txt ||
	fail "sum the traced anon pages"
awk -F, -v c="$(col anon_scanned_true lab612.out)" 'NR == FNR { k[$1] = $2; d[$1] = $3; next }
	$3 == "kswapd" { n++; bad += $c != k[$2] }
	$3 == "direct" { n++; bad += $c != d[$2] }
	$3 == "all" && k[$2] + d[$2] > 0 { n++; bad += $c != k[$2] + d[$2] }
	END { print n, bad }' lab612-traced.txt lab612.out > lab612-anon.chk
check "attribute-3.18 --intervals anon_scanned_true: each reclaimer's anon pages as its tracepoints counted them, per interval" \
	awk '$1 >= 10 && $2 == 0 { ok = 1 } END { exit !ok }' lab612-anon.chk
"$VMSCOPE" attribute lab612.db > lab612.sum
"$VMSCOPE" attribute lab612.db --by kernel > lab612-by.sum
for who in kswapd direct; do
	set -- $(agreement lab612.out $who anon_scanned_pred anon_scanned_true)
	case $who in kswapd) line=kswapd n=3.19 ;; *) line="direct + cgroup" n=3.28 ;; esac
	check "attribute-$n ... and the summary sets $line's prediction against them: $3 of $4 pages, $1 of $2 intervals within 10%" \
		anon_line lab612.sum "$line" "$@"
	check "attribute-$n.1 ... the same summed over runs (--by kernel)" \
		anon_line lab612-by.sum "$line" "$@"
done
"$VMSCOPE" attribute vol-4.db > vol-4.sum
check "attribute-3.20 a run without tracepoints: no anon_scanned_true, no line per reclaimer" \
	sh -c 'grep -q "^  anon scanned: " vol-4.sum && ! grep -q "^  anon scanned, " vol-4.sum &&
		awk -F, -v t="$1" "NR > 1 && \$t != \"\" { bad = 1 } END { exit bad }" vol-int.out' \
	sh "$(col anon_scanned_true vol-int.out)"
# kswapd's scan taken as watermark-boost reclaim (the boosted_scan column,
# on kswapd's rows): no more than it scanned in the interval
# (pgscan_kswapd, summed here by sqlite); the summary gives their sum and
# its share of all kswapd scanned, per run and summed over runs
check "attribute-3.22 the pages of kswapd's scan taken as boosted reclaim, per interval: some, none beyond its scan" \
	awk -F, -v b="$(col boosted_scan lab612.out)" 'NR == FNR { k[$1] = $4; next }
		$3 == "kswapd" { n++; s += $b; bad += $b > k[$2] } END { exit !(n >= 10 && s > 0 && !bad) }' \
		lab612-traced.txt lab612.out
boosted=$(awk -F, -v b="$(col boosted_scan lab612.out)" '$3 == "kswapd" { s += $b } END { print s + 0 }' lab612.out)
kscan=$(awk -F, '{ s += $4 } END { print s }' lab612-traced.txt)
for f in lab612.sum lab612-by.sum; do
	case $f in lab612.sum) n=3.29 ;; *) n=3.29.1 ;; esac
	check "attribute-$n ... and in the summary ($f): about $boosted of $kscan pages, and their share" \
		awk -v b="$boosted" -v k="$kscan" '/^  kswapd: [0-9]+ of its [0-9]+ pages scanned \([0-9.]+%\) taken as watermark-boost reclaim/ {
			split(substr($0, 11), f, " "); d = f[1] - b; if (d < 0) d = -d
			ok = b > 0 && d <= 30 && f[4] == k && f[7] == sprintf("(%.1f%%)", 100 * f[1] / f[4]) }
			END { exit !ok }' $f
done
check "attribute-3.23 ... and none on other rows, nor a line where none was (vol-4: no boost recorded)" \
	sh -c '! grep -q "watermark-boost reclaim" vol-4.sum &&
		awk -F, -v b="$1" "NR > 1 && \$3 != \"kswapd\" && \$b != \"\" { bad = 1 } END { exit bad }" lab612.out' \
	sh "$(col boosted_scan lab612.out)"

# the deepest level each reclaimer scanned at as its tracepoints counted
# (p_deep_true): the lowest level with a page, found here by sqlite; and
# the summary's agreement of p_deep with it, counted here from the rows
traced lab612.db "min(CASE WHEN name LIKE 'kswapd_scan_%' THEN CAST(substr(name, 18) AS INTEGER) END),
	min(CASE WHEN name LIKE 'direct_scan_%' THEN CAST(substr(name, 18) AS INTEGER) END)" "delta > 0" > lab612-deep.txt ||
	fail "find the deepest levels traced"
check "attribute-3.24 --intervals p_deep_true: the deepest level each reclaimer's tracepoints saw it scan at" \
	awk -F, -v c="$(col p_deep_true lab612.out)" 'NR == FNR { k[$1] = $2; d[$1] = $3; next }
		$3 == "kswapd" { n++; bad += $c != k[$2] }
		$3 == "direct" { n++; bad += $c != d[$2] }
		END { exit !(n >= 20 && !bad) }' lab612-deep.txt lab612.out
check "attribute-3.25 ... and the summary's deepest level of direct reclaim against it, as the rows give it" \
	deep_line lab612.sum "direct + cgroup" lab612.out direct cgroup khugepaged proactive
check "attribute-3.25.1 ... the same summed over runs (--by kernel)" \
	deep_line lab612-by.sum "direct + cgroup" lab612.out direct cgroup khugepaged proactive

# A real 6.18 host run in a memory cgroup (swappiness 40): its limit
# walks that went down to 0 scanned the cgroup's anon there (SCAN_EQUAL;
# the traces: 27424 anon pages at level 0 at 2.0 s, and 2048 file), none
# unexplained.  The traces put 34416 of its 40070 pages swapped out at
# level 0 (each interval's swap-out shared as its anon scanned): its
# first interval's walks decided on the fresh group's lists of the run's
# first sample (SCAN_FRACT at every level: first_cg_lists()), and there,
# with nothing swapped out before, their level-0 passes went through the
# whole anon list (59394 pages at 0); 35806 near_oom (36803 before the
# first sample's lists were read, 27344 with level-0 passes of 32 pages
# over the interval's freed share).
fixture_attribution host host/host3-run11-6.18-memcg-swappiness40.csv.gz
check "attribute-3.16 a real 6.18 memory-cgroup run (40070 pages swapped out): none unexplained" \
	grep -q '^1,split-lru,unexplained,0,0.0000,' host.out
check "attribute-3.17 ... 35806 of them near_oom, all the cgroup's" \
	grep -q '^1,split-lru,near_oom,35806,0.8936,0,0,35806,' host.out
# where the collector told the cgroup's tasks apart, the cgroup row holds
# their traced anon (cgroup_scan_anon_<level>) and deepest level, per
# interval, and the summary sets its prediction and p_deep against them
"$VMSCOPE" attribute host.db --intervals --format csv | tr -d '"' > host-int.out
"$VMSCOPE" attribute host.db > host.sum
traced host.db "sum(CASE WHEN name LIKE 'cgroup_scan_anon_%' THEN delta ELSE 0 END),
	min(CASE WHEN name LIKE 'cgroup_scan_%' AND delta > 0 THEN CAST(substr(name, 18) AS INTEGER) END)" > host-traced.txt ||
	fail "sum the cgroup's traced anon pages"
check "attribute-3.21 ... and the cgroup limit reclaim's its own, apart from the other tasks'" \
	awk -F, -v c="$(col anon_scanned_true host-int.out)" 'NR == FNR { a[$1] = $2; next }
		$3 == "cgroup" { n++; bad += $c != a[$2]; s += $c }
		END { exit !(n >= 5 && !bad && s > 0) }' host-traced.txt host-int.out
set -- $(agreement host-int.out cgroup anon_scanned_pred anon_scanned_true)
check "attribute-3.30 ... the summary's cgroup line: $3 predicted of $4, $1 of $2 intervals within 10%" \
	anon_line host.sum "cgroup limit reclaim" "$@"
check "attribute-3.30.1 ... and the same on the line of all tasks but kswapd (the cgroup's were all of them)" \
	anon_line host.sum "direct + cgroup" "$@"
check "attribute-3.26 ... its deepest level traced on the cgroup row" \
	awk -F, -v c="$(col p_deep_true host-int.out)" 'NR == FNR { d[$1] = $3; next }
		$3 == "cgroup" { n++; bad += $c != d[$2] } END { exit !(n >= 5 && !bad) }' \
		host-traced.txt host-int.out
check "attribute-3.27 ... and p_deep against it in the summary, as the cgroup rows give it" \
	deep_line host.sum "cgroup limit reclaim" host-int.out cgroup
check "attribute-3.87 ... its cgroup priority within one level of the traced one in 9 of 11 intervals" \
	grep -q 'priority, cgroup limit reclaim .*within one level in 9 of 11 intervals' host.sum

# A real 6.18 host run in a 128 MB group (memory.swappiness 100) over
# 1 MiB file folios: of each interval's 200-500 limit walks most end at
# their first folio, level 12, and a few pass a run of dirty ones down to
# 3 or 0 (split_deep.c deep_file()), holding a third of the scan.  Taken
# as walks alike, each a little past 12, the cgroup read 10.0 to 11.4
# where the traces say 8.6 to 9.1, 4 of its 5 intervals within one level.
fixture_attribution host4 host/host4-run6-6.18-memcg-swappiness100.csv.gz
"$VMSCOPE" attribute host4.db > host4.sum
check "attribute-3.88 a real 6.18 cgroup run over 1 MiB folios: the cgroup's priority within one level of the traced one in 5 of 5 intervals" \
	grep -q 'priority, cgroup limit reclaim .*within one level in 5 of 5 intervals' host4.sum

# --- a real memory cgroup with swap ------------------------------------------
cg_base=/sys/fs/cgroup/memory
if ! need_root; then
	skip "attribute-2 real swap-out" "needs root (swap file, memory cgroup)"
elif [ ! -f "$cg_base/memory.limit_in_bytes" ]; then
	skip "attribute-2 real swap-out" "no cgroup v1 memory controller at $cg_base"
else
	swap="$TMP/swapfile"
	cg="$cg_base/vmscope-attr-$$"
	dd if=/dev/zero of="$swap" bs=1M count=256 status=none && chmod 600 "$swap" &&
		mkswap "$swap" >/dev/null 2>&1
	if ! swapon "$swap" 2>/dev/null; then
		skip "attribute-2 real swap-out" "swapon refused a swap file here"
	else
		on_exit "swapoff '$swap'"
		mkdir "$cg"
		on_exit "rmdir '$cg'"
		echo 128M > "$cg/memory.limit_in_bytes"
		echo 100 > "$cg/memory.swappiness"
		# a hog touches 120 of the 128 MiB, then writers stream 2.4 GB,
		# once the hog says it is done (not after a fixed second, which a
		# busy machine may need more than)
		setup "$COLLECT" -q -i 0.25 --cgroup "$cg" -o real.db -- sh -c "
			echo \$\$ > '$cg/cgroup.procs'
			'$TOP/bench/hog' 120 > '$TMP/hog.out' & hog=\$!
			until grep -q touched '$TMP/hog.out'; do
				kill -0 \$hog || exit 1
				sleep 0.1
			done
			for i in 1 2 3 4 5 6; do
				dd if=/dev/zero of='$TMP/stream' bs=1M count=400 status=none
			done
			kill \$hog; rm -f '$TMP/stream'"
		out=$(q real.db "SELECT sum(delta) FROM counter_values WHERE source = 'vmstat' AND name = 'pswpout'")
		check "attribute-2.1 the workload swapped out ($out pages)" test "${out:-0}" -gt 0
		"$VMSCOPE" attribute real.db --format csv > real.out
		is "$?" 0 "attribute-2.2 attribute the real cgroup run"
		check "attribute-2.3 a memory cgroup is a context, not a cause: no memcg_limit class" \
			test "$(grep -c '"memcg_limit"' real.out)" -eq 0
		# columns: run,model,class,pages_out,share,kswapd,direct,cgroup,...
		sums=$(tr -d '"' < real.out | awk -F, 'NR > 1 { p += $4; c += $8 } END { printf "%d %d", p + 0.5, c + 0.5 }')
		# (each class is printed rounded to a page: 6 classes, 6 pages)
		check "attribute-2.5 the classes add up to pswpout ($out), all of it in the cgroup context ($sums)" \
			awk -v s="$sums" -v o="$out" 'BEGIN { split(s, v, " ")
				exit !(v[1] - o <= 6 && o - v[1] <= 6 && v[2] - o <= 6 && o - v[2] <= 6) }'
		unexplained=$(grep '"unexplained"' real.out | cut -d, -f5 | tr -d '"')
		echo "# unexplained share of the real cgroup run: $unexplained (issue 12 goal: < 0.05)"
		# the signature: per-type scans count cgroup reclaim, kswapd/direct do not
		check "attribute-2.4 pgscan_anon + pgscan_file > pgscan_kswapd + pgscan_direct" test \
			"$(q real.db "SELECT sum(delta) FROM counter_values WHERE source = 'vmstat' AND name IN ('pgscan_anon', 'pgscan_file')")" -gt \
			"$(q real.db "SELECT coalesce(sum(delta), 0) FROM counter_values WHERE source = 'vmstat' AND name IN ('pgscan_kswapd', 'pgscan_direct')")"
	fi
fi
done_testing
