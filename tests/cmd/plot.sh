#!/usr/bin/env bash
# plot: every chart in every format, from runs recorded here and a sweep
# imported with hostile labels; gnuplot must show them as text, run none.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1
if ! command -v gnuplot > /dev/null; then
	skip "plot" "gnuplot is not installed (apt-get install gnuplot-nox)"
	done_testing; exit 0
fi

# runs recorded on this machine (two swappiness tags, two markers 0.01 s
# apart each), and an imported sweep with hostile labels
for sw in 0 60; do
	"$COLLECT" -q -i 0.1 --meminfo -o rec.db --tag kernel="$(uname -r)" --tag swappiness=$sw -- sh -c \
		"sleep 0.4; '$VMSCOPE' mark rec.db 'hog started'; '$VMSCOPE' mark rec.db 'dd started';
		 dd if=/dev/zero of=f bs=1M count=64 status=none; sleep 0.4; rm -f f"
	is "$?" 0 "plot-0.$sw recorded a run with swappiness tag $sw"
done
evil=$'it\'s "x" \\ \n; system("touch pwned"); set output "/tmp/pwned-$$" @'
for sw in 0 60 100; do for t in 1 2; do
	printf 't,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,nr_file_pages,nr_free_pages,nr_anon_pages,nr_inactive_anon,nr_inactive_file,nr_active_anon,nr_active_file,nr_mapped\n' > in.csv
	for i in 0 1 2 3 4; do
		echo "$i,$((i * 1000)),$((i * 900)),$((i * 10)),$((i * sw * 3)),$((50000 + i)),100000,30000,10000,10000,5000,5000,2000" >> in.csv
	done
	setup "$VMSCOPE" import in.csv -o sweep.db --tag kernel="$evil" --tag swappiness=$sw --tag trial=$t
done; done
sqlite3 sweep.db "INSERT INTO result (run_id, name, value) SELECT id, 'io_mbps', 100 + id FROM run"
sqlite3 sweep.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (6, 2000000, 0, '$(printf '%s' "$evil" | sed "s/'/''/g")')"

magic() {  # magic FILE: what kind of file it is, by its first bytes
	case "$(head -c 5 "$1" | od -An -c | tr -d ' ')" in
	211PNG*) echo png ;;
	%PDF-*) echo pdf ;;
	*) grep -q '<svg' "$1" && echo svg || echo other ;;
	esac
}
# compare needs two groups: --by swappiness; the other charts by kernel
for db in rec sweep; do for fmt in png svg pdf; do
	rc=$(run_rc out.$fmt "$VMSCOPE" plot $db.db --out "$db-$fmt" --format "$fmt" \
		--chart timeseries,swappiness,attribution,priority)
	is "$rc" 0 "plot-1.$fmt every chart of $db.db as $fmt"
	rc=$(run_rc out.$fmt "$VMSCOPE" plot $db.db --out "$db-$fmt" --format "$fmt" \
		--chart compare --by swappiness)
	is "$rc" 0 "plot-1.$fmt every chart of $db.db as $fmt"
	for chart in timeseries swappiness attribution priority compare; do
		ok=1
		for f in "$db-$fmt/$chart.dat" "$db-$fmt/$chart.gp"; do [ -s "$f" ] || ok=0; done
		[ "$(magic "$db-$fmt/$chart.$fmt")" = "$fmt" ] || ok=0
		check "plot-1.$fmt $db $chart: .dat, .gp and a valid $fmt" test "$ok" = 1
	done
done; done
mkdir -p png && cp sweep-png/* png/
check "plot-2.1 hostile labels ran nothing" test ! -e pwned -a ! -e "/tmp/pwned-$$"
check "plot-2.2 no line of a script starts with a label's command" \
	test -z "$(grep -h -e '^ *system' -e '^ *set output "/tmp' png/*.gp)"
check "plot-2.3 and shows as text in the legend" grep -qF "kernel it''s \"x\" \\  ; system(\"touch pwned\")" png/swappiness.gp

# the text chart: 76 columns (a mail body), the title and the series; the
# chart on stdout, the status line on stderr, never inside the chart
"$VMSCOPE" plot rec.db --out dumb --format dumb --chart timeseries > dumb.out 2> dumb.err
is "$?" 0 "plot-3.1 a text chart"
check "plot-3.2 printed to the terminal too, titled with run, kernel and swappiness" \
	grep -q "vmscope: over time -- run 2; kernel $(uname -r); swappiness 60" dumb.out
check "plot-3.3 with the series named" grep -q "swap out" dumb/timeseries.txt
check "plot-3.4 and the marker" grep -q "dd started" dumb/timeseries.gp
is "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' dumb/timeseries.txt)" 76 \
	"plot-3.5 it fits 76 columns"
check "plot-3.7 the status line goes to stderr" grep -q "^vmscope: wrote dumb/timeseries.txt" dumb.err
check "plot-3.8 and not into the chart on stdout" test -z "$(grep 'vmscope: wrote' dumb.out)"
# markers 0.01 s apart: one label, or labels on different rows, never two
# labels at the same height that overlap
awk -F' at ' '/^set label/ { split($2, a, ", graph "); print a[1], a[2] }' dumb/timeseries.gp > labels
check "plot-3.9 close markers are merged or stacked, never overlapping" \
	awk 'NR > 1 && $2 == y && $1 - x < 0.05 { bad = 1 } { x = $1; y = $2 } END { exit bad }' labels
check "plot-3.10 both marker texts are there" \
	grep -q "hog started.*dd started\|dd started.*hog started" <(tr '\n' ' ' < dumb/timeseries.gp)

# a 10 s run: markers 0.3 s apart (text overlaps: stacked on two rows) and
# 1 ms apart (the same spot: merged into one label)
printf 't,pswpout,nr_free_pages\n' > marks.csv
for i in 0 1 2 3 4 5 6 7 8 9 10; do echo "$i,$((i * 10)),1000" >> marks.csv; done
"$VMSCOPE" import marks.csv -o marks.db --tag kernel=6.1.0 2> marks.err
is "$?" 0 "plot-3.18 imported a 10 s run"
q marks.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 2000000, 0, 'hog started'),
	(1, 2300000, 0, 'writers started'), (1, 6000000, 0, 'dd one'), (1, 6001000, 0, 'dd two')"
"$VMSCOPE" plot marks.db --out marks --format dumb --chart timeseries > /dev/null 2>&1
is "$(grep -c "^set label 'hog started' at 2.1[0-9]*, graph 0.93 left" marks/timeseries.gp)$(grep -c "^set label 'writers started' at 2.4[0-9]*, graph 0.84 left" marks/timeseries.gp)" 11 \
	"plot-3.19 markers whose texts would overlap are stacked on rows below each other"
check "plot-3.20 markers at the same spot are merged into one label" grep -q "^set label 'dd one / dd two' at" marks/timeseries.gp

# compare as text: bars numbered, the metrics named apart under the chart
"$VMSCOPE" plot rec.db --out dumb --format dumb --chart compare --by swappiness > cmp.out 2>&1
is "$?" 0 "plot-3.11 compare as text"
check "plot-3.12 at most six metrics, each named in its own legend entry" \
	grep -q " 1 = [a-z_]*,  2 = " dumb/compare.txt
check "plot-3.17 the x axis is numbered, names do not run together" \
	grep -qE "^ +1 +2( +3)?" dumb/compare.txt
check "plot-3.13 no label wider than the chart" \
	test "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' dumb/compare.txt)" -le 76
# one group: nothing to compare, so no chart and a reason
rc=$(run_rc one.out "$VMSCOPE" plot rec.db --out onegroup --chart compare)
is "$rc" 0 "plot-3.14 a chart with nothing to show is no error"
check "plot-3.15 it is not drawn" test ! -e onegroup/compare.png
check "plot-3.16 and says why" grep -q "compare: not drawn: one group only" one.out

# --out into a folder whose parents do not exist
rc=$(run_rc deep.out "$VMSCOPE" plot rec.db --out deep/er/dir --chart timeseries)
is "$rc" 0 "plot-6.1 --out a/b/c creates the parents"
check "plot-6.2 and the chart is there" test "$(magic deep/er/dir/timeseries.png)" = png

# a memory-cgroup run scans in pgscan_anon/pgscan_file only: the scan panel
# plots those instead of flat zeros
printf 't,pgscan_kswapd,pgscan_direct,pgscan_anon,pgscan_file,pswpout,nr_free_pages\n0,0,0,0,0,0,1000\n1,0,0,500,4000,100,900\n2,0,0,900,9000,300,800\n' > memcg.csv
"$VMSCOPE" import memcg.csv -o memcg.db --tag kernel=6.1.0 --tag swappiness=60
is "$?" 0 "plot-7.0 imported a memory-cgroup-like run"
"$VMSCOPE" plot memcg.db --out memcg --chart timeseries 2> memcg.err
is "$?" 0 "plot-7.1 its time series"
check "plot-7.2 the scan panel plots pgscan_anon and pgscan_file" \
	grep -q "anon scanned (pgscan_anon)" memcg/timeseries.gp
check "plot-7.3 and says so in its title" grep -q "memory cgroup reclaim" memcg/timeseries.gp
# the same counters with kswapd scanning: the kswapd/direct panel stays
printf 't,pgscan_kswapd,pgscan_direct,pgscan_anon,pgscan_file,pswpout,nr_free_pages\n0,0,0,0,0,0,1000\n1,4500,0,500,4000,100,900\n' > host.csv
"$VMSCOPE" import host.csv -o host.db --tag kernel=6.1.0
"$VMSCOPE" plot host.db --out host --chart timeseries 2> host.err
check "plot-7.4 a run with kswapd scanning keeps the kswapd/direct panel" \
	grep -q "kswapd scanned" host/timeseries.gp
# a run with none of the counters: the time series is not drawn
printf 't,pgfault\n0,1\n1,2\n' > bare.csv
"$VMSCOPE" import bare.csv -o bare.db --tag kernel=6.1.0
rc=$(run_rc bare.out "$VMSCOPE" plot bare.db --out bare --chart timeseries)
is "$rc" 0 "plot-7.5 nothing to show is no error"
check "plot-7.6 and the chart is not drawn, with a reason" \
	test ! -e bare/timeseries.png -a -n "$(grep 'timeseries: not drawn' bare.out)"
"$VMSCOPE" plot sweep.db --out dumb --format dumb --chart attribution > attr.txt 2>&1
check "plot-3.6 attribution as text" grep -q "swap-out by cause" attr.txt

# --- the causes chart (issue 17): a split-LRU run built like
# attribute.sh's lag.csv (one kswapd walk a second at 2, 6 and 7 s, 7 anon
# pages each, one swapped; a file activation shown in (3, 4]), traced
# pages at level 12 for those walks, and at 9 s, the lists down to 1000
# inactive anon and 1000 inactive file pages, a direct walk of 2994 pages:
# file at levels 9..1 (994), then priority 0, SCAN_EQUAL (split-2.4)
{
	h="t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pgscan_direct,pgsteal_direct,allocstall_normal,pswpout,pgscan_anon,pgscan_file,nr_inactive_anon,nr_active_anon,nr_inactive_file,nr_active_file,nr_free_pages,workingset_activate_file"
	for k in 0 1 2 3 4 5 6 7 8 9 10 11 12; do h="$h,trace.kswapd_scan_file_$k"; done
	echo "$h"
	walks=0 act=0 d=0 da=0 df=0 out=0 tr=0 lists=105984,1000,400000,100000
	for t in 0 1 2 3 4 5 6 7 8 9; do
		case $t in 2 | 6 | 7) walks=$((walks + 1)) out=$((out + 1)) tr=$((tr + 67)) ;; esac
		[ "$t" = 8 ] && lists=1000,0,1000,0
		[ "$t" = 9 ] && d=1 out=$((out + 100)) da=1000 df=1994
		[ "$t" = 4 ] && act=1
		echo "$t,$((74 * walks)),$((60 * walks)),$walks,$((da + df)),$((da / 8)),$d,$out,$((7 * walks + da)),$((67 * walks + df)),$lists,100000,$act,0,0,0,0,0,0,0,0,0,0,0,0,$tr"
	done
} > cause.csv
setup "$VMSCOPE" import cause.csv -o cause.db --tag kernel=6.1.0 --tag swappiness=60
rc=$(run_rc cause.out "$VMSCOPE" plot cause.db --out cause --chart causes)
is "$rc" 0 "plot-8.1 the causes chart of a split-LRU run"
check "plot-8.2 a PNG with its script and data" \
	test "$(magic cause/causes.png)" = png -a -s cause/causes.gp -a -s cause/causes.dat
# the independent reading: `attribute --intervals` of the same db; per
# interval with swap-out its pages and its dominant cause, against the
# sum of the chart's cause columns and the largest of them
setup "$VMSCOPE" attribute cause.db --intervals --format csv > cause-int.csv
setup "$VMSCOPE" attribute cause.db --format csv > cause-run.csv
tr -d '"' < cause-int.csv | awk -F, '$3 == "all" && $8 > 0 { printf "%s:%s:%s ", $2, $8, $7 }' > want.iv
# causes.dat: "# t_start t_end <cause>... est_<reclaimer>... traced_<reclaimer>... traced"
dat_iv() {  # the intervals with swap-out: t_end:pages:largest cause
	awk '/^#/ { for (i = 2; i <= NF; i++) col[$i] = i - 1; ncause = col["unexplained"]; next }
		{ sum = 0; best = ""; for (c = 3; c <= ncause; c++) { sum += $c
			if (best == "" || $c > $(col[best])) for (n in col) if (col[n] == c) best = n }
		  if (sum > 0) printf "%.1f:%.0f:%s ", $2, sum, best }' "$1"
}
is "$(dat_iv cause/causes.dat)" "$(cat want.iv)" \
	"plot-8.3 per interval: the chart's stack is attribute --intervals' swap-out, topped by its dominant cause"
check "plot-8.4 (and the run has three causes: near_oom, file_refaults, unexplained)" \
	grep -q "9.0:100:near_oom.*6.0:1:file_refaults\|6.0:1:file_refaults.*9.0:100:near_oom" want.iv
# over the run, each cause's share of the chart's pages is attribute's
tr -d '"' < cause-run.csv | awk -F, 'NR > 1 { printf "%s:%s ", $3, $5 }' > want.share
share_of() {
	awk 'FNR == NR { m = split($0, a, " "); for (i = 1; i <= m; i++) { split(a[i], b, ":"); cl[++n] = b[1] }; next }
		/^#/ { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
		{ for (k = 1; k <= n; k++) { p[k] += $(col[cl[k]]); tot += $(col[cl[k]]) } }
		END { for (k = 1; k <= n; k++) printf "%s:%.4f ", cl[k], p[k] / tot }' want.share "$1"
}
is "$(share_of cause/causes.dat)" "$(cat want.share)" \
	"plot-8.5 each cause's share of the chart's swap-out is attribute's for the run (unexplained apart)"
# the priority panel: kswapd's and direct's estimate and kswapd's traced
# priority in the intervals attribute --intervals shows them
tr -d '"' < cause-int.csv | awk -F, '$3 == "kswapd" || $3 == "direct" { printf "%s:%s:%s:%s ", $2, $3, $4, $5 }' > want.prio
awk '/^#/ { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
	function f(v) { return v == "NaN" ? "" : sprintf("%.1f", v) }
	{ split("kswapd direct", w, " "); for (k = 1; k <= 2; k++) if ($(col["est_" w[k]]) != "NaN")
		printf "%.1f:%s:%s:%s ", $2, w[k], f($(col["est_" w[k]])), w[k] == "kswapd" ? f($(col["traced_kswapd"])) : "" }' \
	cause/causes.dat > got.prio
is "$(cat got.prio)" "$(cat want.prio)" \
	"plot-8.6 the priorities drawn are attribute --intervals' p_est and p_true"
check "plot-8.7 (kswapd's traced priority is there to draw)" grep -q ":kswapd:12.0:12.0" want.prio
# the stack in the script: drawn from the top down, each cause's box up to
# the sum of it and the causes under it, in the model's order
grep -o "using [^ ]* with boxes [^']*'[^']*' title '[a-z_]*" cause/causes.gp |
	awk -v hdr="$(head -1 cause/causes.dat)" 'BEGIN { n = split(hdr, h, " "); for (i = 2; i <= n; i++) name[i - 1] = h[i] }
	{ t = $NF; gsub("\047", "", t); s = t "="; u = $2; while (match(u, /\$[0-9]+/)) {
		c = substr(u, RSTART + 1, RLENGTH - 1) + 0; if (c > 2) s = s name[c] "+"; u = substr(u, RSTART + RLENGTH) }
	  printf "%s ", s }' > stack.txt
is "$(cat stack.txt)" "unexplained=near_oom+file_refaults+unexplained+ file_refaults=near_oom+file_refaults+ near_oom=near_oom+ " \
	"plot-8.8 stacked top down: unexplained on top of file_refaults on top of near_oom"
check "plot-8.19 the legend says each cause's pages and share (attribute: near_oom 100, 0.9709)" \
	grep -q "title 'near_oom: 100 (97%)'" cause/causes.gp
check "plot-8.9 a colour per cause" test "$(grep -o "with boxes lc rgb '#[0-9a-f]*'" cause/causes.gp | sort -u | wc -l)" = 3
check "plot-8.10 both panels on the run's time axis, 0 to 9 s" grep -q '^set xrange \[0:9\]$' cause/causes.gp
check "plot-8.11 the priority panel runs 0..12, labelled" \
	grep -q "set yrange \[12.5:-0.5\]" cause/causes.gp -a "$(grep -c "priority (0 = desperate)" cause/causes.gp)" = 1
check "plot-8.12 and is drawn" grep -q "^have_priority = 1$" cause/causes.gp
# the image is not blank: gnuplot reads the PNG back, pixel by pixel;
# near_oom's 100 pages/s box is a large red area
gnuplot -e "set table 'px.txt'; plot 'cause/causes.png' binary filetype=png with rgbimage"
red=$(awk 'NF == 7 && $3 > 200 && $4 < 140 && $5 < 140 { n++ } END { print n + 0 }' px.txt)
check "plot-8.13 the PNG shows near_oom's box ($red red pixels)" test "$red" -gt 5000
for fmt in svg pdf; do
	rc=$(run_rc cause.$fmt.out "$VMSCOPE" plot cause.db --out cause --chart causes --format $fmt)
	check "plot-8.14 the causes chart as $fmt" test "$rc" = 0 -a "$(magic cause/causes.$fmt)" = $fmt
done
"$VMSCOPE" plot cause.db --out cause --chart causes --format dumb > cause.txt
is "$?" 0 "plot-8.15 the causes chart as text"
check "plot-8.16 with the causes in its legend" grep -q 'near_oom' cause.txt
check "plot-8.17 and near_oom's box" test "$(grep -c '\$' cause.txt)" -gt 10
is "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' cause/causes.txt)" 76 \
	"plot-8.18 it fits 76 columns"

# a 2.6.16 run (the classic model; swap at swappiness 0 only where the
# priority reached 0) with zoneinfo's prev_priority as the truth, built
# like attribute.sh's truth.csv
awk 'BEGIN { L = 1500000; split("12 3 0 0 5 0 4", p, " ")
	print "t,pgscan_kswapd_normal,kswapd_steal,pgsteal_normal,pageoutrun,pswpout,nr_mapped,nr_inactive,meminfo.MemTotal,zoneinfo.node0.DMA.prev_priority,zoneinfo.node0.Normal.prev_priority"
	for (i = 1; i <= 7; i++) {
		if (i > 1) { sc = 50 * 2 * int(L / 2 ^ p[i]); s += sc; st += int(0.9 * sc); r += 50; if (p[i] == 0) o += int(0.1 * sc) }
		print i "," s + 0 "," st + 0 "," st + 0 "," r + 0 "," o + 0 ",6537871,1500000,30408704,12," p[i] } }' > classic.csv
setup "$VMSCOPE" import classic.csv -o classic.db --tag kernel=2.6.16 --tag swappiness=0
rc=$(run_rc classic.out "$VMSCOPE" plot classic.db --out classic --chart causes)
is "$rc" 0 "plot-8.40 the causes chart of a classic (2.6) run"
setup "$VMSCOPE" attribute classic.db --intervals --format csv > classic-int.csv
tr -d '"' < classic-int.csv | awk -F, '$3 == "all" && $8 > 0 { printf "%s:%s:%s ", $2, $8, $7 }' > want.iv
is "$(dat_iv classic/causes.dat)" "$(cat want.iv)" \
	"plot-8.41 per interval: the stack is attribute --intervals' swap-out and cause"
tr -d '"' < classic-int.csv | awk -F, '$3 == "all" { printf "%s:%s:%s ", $2, $4, $5 }' > want.prio
awk '/^#/ { for (i = 2; i <= NF; i++) col[$i] = i - 1; next }
	{ printf "%.1f:%.1f:%.1f ", $2, $(col["est_kswapd"]), $(col["traced"]) }' classic/causes.dat > got.prio
is "$(cat got.prio)" "$(cat want.prio)" \
	"plot-8.42 the estimated and the zoneinfo priority drawn are attribute --intervals' p_est and p_true"
check "plot-8.43 the truth is named in the legend" grep -q "title 'prev_priority (zoneinfo)'" classic/causes.gp

# no estimate (a run with swap-out only): no priority panel in either
# chart, a title that says so, the run's own time axis (was -10..10 and
# "no data" in the priority chart)
"$VMSCOPE" plot marks.db --out noprio --chart priority,causes > noprio.out 2>&1
is "$?" 0 "plot-8.20 a run without a priority estimate"
for chart in priority causes; do
	check "plot-8.21 $chart: no priority panel" grep -q "^have_priority = 0$" noprio/$chart.gp
	check "plot-8.22 $chart: the title says why" grep -q "no priority estimated or traced in this run" noprio/$chart.gp
	check "plot-8.23 $chart: no 'no data' line" test -z "$(grep -i 'no data' noprio/$chart.gp)"
done
check "plot-8.24 priority: the run's time axis, not gnuplot's -10..10" grep -q '^set xrange \[1:10\]$' noprio/priority.gp
gnuplot -e "set table 'px.txt'; plot 'noprio/priority.png' binary filetype=png with rgbimage"
check "plot-8.25 priority: the swap-out line is drawn" \
	test "$(awk 'NF == 7 && $3 > 100 && $4 < 60 && $5 > 100 { n++ } END { print n + 0 }' px.txt)" -gt 300
# the markers in both panels; a text that would pass the run's end (10 s,
# 64 columns: 0.156 s a character) ends one character left of its line
cp marks.db marks2.db
q marks2.db "INSERT INTO marker (run_id, t_us, wall_us, text) VALUES (1, 9500000, 0, 'writers done')"
"$VMSCOPE" plot marks2.db --out marks2 --chart causes,timeseries > marks2.out 2>&1
is "$?" 0 "plot-8.31 the charts of a run with a marker at its end"
for chart in causes timeseries; do
	check "plot-8.32 $chart: the marker near the end is drawn left of its line" \
		grep -q "^set label 'writers done' at 9.34[0-9]*, graph 0.[0-9]* right front" marks2/$chart.gp
	check "plot-8.33 $chart: the others right of theirs" \
		grep -q "^set label 'hog started' at 2.15[0-9]*, graph 0.93 left front" marks2/$chart.gp
done
# no swap-out: nothing to stack, not drawn
rc=$(run_rc noswap.out "$VMSCOPE" plot bare.db --out noswap --chart causes)
is "$rc" 0 "plot-8.26 a run without swap-out is no error"
check "plot-8.27 and the causes chart is not drawn, with a reason" \
	test ! -e noswap/causes.png -a -n "$(grep 'causes: not drawn: run 1 swapped nothing out' noswap.out)"
# hostile tags reach the script as quoted text
setup "$VMSCOPE" import cause.csv -o evil.db --tag kernel="$evil" --tag swappiness="$evil"
rc=$(run_rc evil.out "$VMSCOPE" plot evil.db --out evil --chart causes,priority)
is "$rc" 0 "plot-8.28 the causes chart of a run with hostile tags"
# (the tag holds "$$" as such: $'...' expands no variables)
check "plot-8.29 ran nothing" test ! -e pwned -a ! -e '/tmp/pwned-$$' -a ! -e evil/pwned
check "plot-8.30 and shows them as text in the title" \
	grep -qF "title 'vmscope: swap-out by cause -- run 1; kernel it''s \"x\" \\  ; system(\"touch pwned\"); set output \"/tmp/pwned-\$\$\" @; swappiness it''s" evil/causes.gp

# the script redraws the chart by hand
rm -f png/compare.png
(cd png && gnuplot compare.gp)
check "plot-4.1 'gnuplot compare.gp' in the folder redraws it" test "$(magic png/compare.png)" = png

# without gnuplot: a clear error naming the script
rc=$(run_rc nognu.out env PATH=/nonexistent "$VMSCOPE" plot rec.db --out nognu --chart compare --by swappiness)
is "$rc" 1 "plot-5.1 no gnuplot is an error"
check "plot-5.2 that names the script to run by hand" \
	grep -q "cannot run gnuplot: No such file or directory; install gnuplot-nox, then run: cd 'nognu' && gnuplot compare.gp" nognu.out
# gnuplot that fails: the same, with the script named
mkdir -p fakebin
printf '#!/bin/sh\necho "line 3: broken" >&2\nexit 1\n' > fakebin/gnuplot
chmod +x fakebin/gnuplot
rc=$(run_rc fail.out env PATH="$TMP/fakebin:$PATH" "$VMSCOPE" plot rec.db --out failed --chart compare --by swappiness)
is "$rc" 1 "plot-5.4 a failing gnuplot is an error"
check "plot-5.5 that names the script to run by hand" \
	grep -q "gnuplot failed on 'failed/compare.gp'; run it by hand to see why: cd 'failed' && gnuplot compare.gp" fail.out
check "plot-5.6 and leaves the script and data for that" test -s failed/compare.gp -a -s failed/compare.dat
rc=$(run_rc bad.out "$VMSCOPE" plot rec.db --out x --chart nosuch)
is "$rc" 2 "plot-5.3 an unknown chart is misuse"
done_testing
