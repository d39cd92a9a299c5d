#!/usr/bin/env bash
# plot: every chart in every format, from runs recorded here and a sweep
# imported with hostile labels; gnuplot must show them as text, run none.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1
if ! command -v gnuplot > /dev/null; then
	skip "plot" "gnuplot is not installed (apt-get install gnuplot-nox)"
	done_testing; exit 0
fi

# runs recorded on this machine (two swappiness tags, a marker each), and
# an imported sweep with hostile labels
for sw in 0 60; do
	setup "$COLLECT" -q -i 0.1 --meminfo -o rec.db --tag kernel="$(uname -r)" --tag swappiness=$sw -- sh -c \
		"sleep 0.4; '$VMSCOPE' mark rec.db 'dd started'; dd if=/dev/zero of=f bs=1M count=64 status=none; sleep 0.4; rm -f f"
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
for db in rec sweep; do for fmt in png svg pdf; do
	rc=$(run_rc out.$fmt "$VMSCOPE" plot $db.db --out "$db-$fmt" --format "$fmt")
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

# the text chart: 80 columns, the title and the series
rc=$(run_rc dumb.out "$VMSCOPE" plot rec.db --out dumb --format dumb --chart timeseries)
is "$rc" 0 "plot-3.1 a text chart"
check "plot-3.2 printed to the terminal too" grep -q "vmscope: run 2 (kernel $(uname -r), swappiness 60)" dumb.out
check "plot-3.3 with the series named" grep -q "swap out" dumb/timeseries.txt
check "plot-3.4 and the marker" grep -q "dd started" dumb/timeseries.gp
is "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' dumb/timeseries.txt)" 80 \
	"plot-3.5 it fits 80 columns"
setup "$VMSCOPE" plot sweep.db --out dumb --format dumb --chart attribution > attr.txt 2>&1
check "plot-3.6 attribution as text" grep -q "swap-out by cause" attr.txt

# the script redraws the chart by hand
rm -f png/compare.png
(cd png && gnuplot compare.gp) 2>/dev/null
check "plot-4.1 'gnuplot compare.gp' in the folder redraws it" test "$(magic png/compare.png)" = png

# without gnuplot: a clear error naming the script
rc=$(run_rc nognu.out env PATH=/nonexistent "$VMSCOPE" plot rec.db --out nognu --chart compare)
is "$rc" 1 "plot-5.1 no gnuplot is an error"
check "plot-5.2 that names the script to run by hand" \
	grep -q "cannot run gnuplot: No such file or directory; install gnuplot-nox, then run: cd 'nognu' && gnuplot compare.gp" nognu.out
# gnuplot that fails: the same, with the script named
mkdir -p fakebin
printf '#!/bin/sh\necho "line 3: broken" >&2\nexit 1\n' > fakebin/gnuplot
chmod +x fakebin/gnuplot
rc=$(run_rc fail.out env PATH="$TMP/fakebin:$PATH" "$VMSCOPE" plot rec.db --out failed --chart compare)
is "$rc" 1 "plot-5.4 a failing gnuplot is an error"
check "plot-5.5 that names the script to run by hand" \
	grep -q "gnuplot failed on 'failed/compare.gp'; run it by hand to see why: cd 'failed' && gnuplot compare.gp" fail.out
check "plot-5.6 and leaves the script and data for that" test -s failed/compare.gp -a -s failed/compare.dat
rc=$(run_rc bad.out "$VMSCOPE" plot rec.db --out x --chart nosuch)
is "$rc" 2 "plot-5.3 an unknown chart is misuse"
done_testing
