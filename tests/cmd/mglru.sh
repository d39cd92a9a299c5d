#!/usr/bin/env bash
# mglru: the --lru-gen source (on a captured tree and on this machine's
# debugfs) and `attribute` on MGLRU runs: the causes per isolate_folios()
# branch, the evicted type against the kernel's, --intervals columns and
# --what-if.  Issue 13.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1
LG="$TOP/tests/fixtures/lru_gen/v6.1-full.txt"

# --- 1: the source on a captured tree (the fixture's README has the sums) --
mkdir -p root/proc root/sys/kernel/debug root/sys/kernel/mm/lru_gen
cp "$FIXTURES/6.12-el10_jamescun-procfs.vmstat" root/proc/vmstat
cp "$LG" root/sys/kernel/debug/lru_gen_full
echo 0x0007 > root/sys/kernel/mm/lru_gen/enabled
echo 1000 > root/sys/kernel/mm/lru_gen/min_ttl_ms
"$COLLECT" -q -n 2 -i 0.05 --lru-gen --root "$TMP/root" -o lg.db
is "$?" 0 "mglru-1.1 collect --lru-gen on a captured tree"
lg() { q lg.db "SELECT value FROM counter_values WHERE source = 'lru_gen' AND name = '$1' AND seq = 1"; }
is "$(lg max_seq),$(lg min_seq_anon),$(lg min_seq_file)" "10,6,6" "mglru-1.2 seq sums"
is "$(lg oldest_anon),$(lg anon_older_pages)" "5000,7350" "mglru-1.3 oldest anon pages, pages where anon is older"
is "$(lg enabled),$(lg min_ttl_ms)" "7,1000" "mglru-1.4 enabled and min_ttl_ms from sysfs"
check "mglru-1.5 the run lists the source" grep -q lru_gen <(q lg.db 'SELECT sources FROM run')

# --- 2: this machine: debugfs mounted for the run and left as it was ------
if ! need_root; then
	skip "mglru-2 real debugfs" "needs root to mount debugfs"
else
	before=$(grep -c ' /sys/kernel/debug ' /proc/mounts)
	rc=$(run_rc out "$COLLECT" -q -n 2 -i 0.05 --lru-gen -o real.db)
	if [ -e /sys/kernel/mm/lru_gen/enabled ]; then
		is "$rc" 0 "mglru-2.1 MGLRU kernel: --lru-gen records"
		check "mglru-2.2 lruvecs counted" test "$(q real.db "SELECT count(*) FROM counter_values WHERE source = 'lru_gen' AND name = 'lruvecs' AND value > 0")" -gt 0
	else
		is "$rc" 1 "mglru-2.1 no MGLRU in this kernel: --lru-gen is refused"
		check "mglru-2.2 with a message naming the file or debugfs" grep -Eq "lru_gen_full|debugfs" out
	fi
	is "$(grep -c ' /sys/kernel/debug ' /proc/mounts)" "$before" "mglru-2.3 debugfs mount state as it was"
fi

# --- 3: attribute on imported MGLRU runs (6.1 isolate_folios() order) ------
# Each interval kswapd evicts 1000 pages; the lru_gen gauges say which
# branch decides; pgscan_anon/file are the kernel's own per-type counts.
header="t,pgscan_kswapd,pgsteal_kswapd,pgscan_anon,pgscan_file,pgsteal_anon,pgsteal_file,pswpout,workingset_refault_anon,workingset_refault_file,lru_gen.lruvecs,lru_gen.max_seq,lru_gen.min_seq_anon,lru_gen.min_seq_file,lru_gen.pages_anon,lru_gen.pages_file,lru_gen.anon_older_lruvecs,lru_gen.anon_older_pages,lru_gen.ctrl_refaulted_anon,lru_gen.ctrl_refaulted_file,lru_gen.ctrl_total_anon,lru_gen.ctrl_total_file"
# mk SWAPPINESS "ANON_SHARE_PER_INTERVAL..." "OLDER_PAGES_PER_SAMPLE..."
# (older pages of 70000; 4 generations of each type, no refaults)
mk() {
	awk -v h="$header" -v shares="$2" -v older="$3" 'BEGIN {
		print h; n = split(shares, s, " "); split(older, o, " ")
		for (i = 0; i <= n; i++) {
			if (i) { a += 1000 * s[i]; f += 1000 * (1 - s[i]); k += 1000 }
			print i "," k + 0 "," k + 0 "," a + 0 "," f + 0 "," a + 0 "," f + 0 "," a + 0 ",0,0,1," 10 + i "," 7 + i "," 7 + i ",50000,20000," (o[i + 1] > 0) "," o[i + 1] ",0,0,100,100"
		} }' > "sw$1.csv"
	"$VMSCOPE" import "sw$1.csv" -o mg.db --tag kernel=6.1.0-57-cloud-amd64 --tag lru_gen=0x0007 \
		--tag swappiness="$1" > /dev/null
	is "$?" 0 "mglru-3.0 import a swappiness $1 MGLRU run"
}
mk 200 "1 1 1" "0 0 0 0"                # run 1: anon first
mk 60 "1 1 0 0" "70000 70000 0 0 0"      # run 2: anon older, then the controller's file
mk 0 "0 0.5" "70000 70000 70000"         # run 3: swappiness 0 and anon swapped: unexplained
"$VMSCOPE" attribute mg.db --format csv | tr -d '"' > mg.csv
is "$?" 0 "mglru-3.1 attribute --format csv"
share() { grep "^$1,mglru,$2," mg.csv | cut -d, -f4-5; }
is "$(share 1 swappiness_200)" "3000,1.0000" "mglru-3.2 swappiness 200: anon first (branch 4) explains it all"
is "$(share 2 anon_older)" "2000,1.0000" "mglru-3.3 swappiness 60: anon's older generation (branch 2)"
is "$(share 3 unexplained)" "500,1.0000" "mglru-3.4 swappiness 0 swap-out: unexplained, never folded"
"$VMSCOPE" attribute mg.db 2 > r2.txt
check "mglru-3.5 the evicted type agrees on 4 of 4 intervals" \
	grep -q 'model agrees with the kernel.s on 4 of 4 intervals with eviction (100.0%)' r2.txt
check "mglru-3.6 aging reported: 4 generations" grep -q 'aging: 4 generations created' r2.txt
"$VMSCOPE" attribute mg.db 2 --intervals --format csv | tr -d '"' > i2.csv
check "mglru-3.7 --intervals csv columns" \
	grep -qx 'run_id,t,reclaimer,p_est,p_true,p_deep,cause,pages_out,anon_scanned,anon_scanned_pred,swappiness,anon_share,borderline,anon_scanned_whatif,mapped_pct,efficiency,distress_needed,p_need,build_up,anon_scanned_true,boosted_scan,p_deep_true,boosts_raised_true' i2.csv
check "mglru-3.8 interval 1: anon older, 1000 anon predicted" grep -qx '2,1.0,kswapd,,,,anon_older,1000,1000,1000,60,,,,,,,,,,,,' i2.csv
check "mglru-3.9 interval 3: the controller's file, nothing predicted" grep -qx '2,3.0,kswapd,,,,,0,0,0,60,,,,,,,,,,,,' i2.csv
"$VMSCOPE" attribute mg.db 2 --what-if swappiness=0 > w0.txt
check "mglru-4.1 --what-if swappiness=0: nothing swapped" grep -q 'replayed at swappiness 0: swap-out 0 pages predicted' w0.txt
"$VMSCOPE" attribute mg.db 1 --what-if swappiness=100 > w1.txt
check "mglru-4.2 --what-if swappiness=100 names the branch it cannot predict" \
	grep -q 'replayed at swappiness 100: cannot predict: branch .*refault_ctrl' w1.txt
rc=$(run_rc w2.txt "$VMSCOPE" attribute mg.db --what-if swappiness=300)
is "$rc" 2 "mglru-4.3 --what-if out of range is misuse"
"$VMSCOPE" attribute mg.db --by swappiness > by.txt
check "mglru-4.4 --by swappiness groups MGLRU runs" grep -q '^swappiness 200 (1 run): model mglru' by.txt
# --- 5: one lruvec with its oldest generations sampled (v6.1) --------------
# Interval 1 is quiet (the gauges at an interval's start are the sample
# before).  Interval 2: file's oldest generation holds 100 pages of the 1000 evicted;
# isolate_folios() takes them, try_to_inc_min_seq() keeps min_seq[file]
# at anon's, file yields nothing and anon gives the other 900
# (file_exhausted).  400 pages are written then, 300 in interval 3 with
# nothing evicted (the batch's late writes: 900 - 400 covers them) and 300
# in interval 4, beyond the 200 left: unexplained.
{
	echo "${header},lru_gen.oldest_anon,lru_gen.oldest_file"
	echo "0,0,0,0,0,0,0,0,0,0,1,10,7,7,50000,20000,0,0,0,0,100,100,5000,100"
	echo "1,0,0,0,0,0,0,0,0,0,1,10,7,7,50000,20000,0,0,0,0,100,100,5000,100"
	echo "2,1000,1000,900,100,900,100,400,0,0,1,11,8,8,49100,20000,0,0,0,0,100,100,4000,5000"
	echo "3,1000,1000,900,100,900,100,700,0,0,1,11,8,8,49100,20000,0,0,0,0,100,100,4000,5000"
	echo "4,1000,1000,900,100,900,100,1000,0,0,1,11,8,8,49100,20000,0,0,0,0,100,100,4000,5000"
} > drain.csv
# attributed N WHAT CSV DB OUT: import CSV as a 6.1 MGLRU run at
# swappiness 60 into DB (check mglru-N.0), its attribute CSV into OUT
# (mglru-N.1)
attributed() {
	"$VMSCOPE" import "$3" -o "$4" --tag kernel=6.1.0-57-cloud-amd64 --tag lru_gen=0x0007 \
		--tag swappiness=60 > /dev/null
	is "$?" 0 "mglru-$1.0 import a run with $2"
	"$VMSCOPE" attribute "$4" --format csv | tr -d '"' > "$5"
	is "${PIPESTATUS[0]}" 0 "mglru-$1.1 attribute --format csv"
}
attributed 5 "the oldest generations" drain.csv dr.db dr.csv
dshare() { grep "^1,mglru,$1," dr.csv | cut -d, -f4-5; }
is "$(dshare file_exhausted)" "700,0.7000" "mglru-5.2 file's oldest generation drained: anon, and its late writes"
is "$(dshare unexplained)" "300,0.3000" "mglru-5.3 writes beyond the predicted anon stay unexplained"
"$VMSCOPE" attribute dr.db --intervals --format csv | tr -d '"' > di.csv
check "mglru-5.4 interval 2: 900 anon predicted of 1000 evicted" \
	grep -qx '1,2.0,kswapd,,,,file_exhausted,400,900,900,60,,,,,,,,,,,,' di.csv
# --- 6: late writes add up until reclaim goes quiet --------------------------
# Until sample 2 file's oldest generation is empty (min_seq 7/7): the
# batches of intervals 2 and 3 are anon (file_exhausted), 100 each, with
# nothing written.  From sample 3 file's has 5000 pages: the controller's
# file, no anon.  Interval 4 writes 150 with nothing evicted (the 200
# predicted cover it); interval 5 is quiet; interval 6 writes 40:
# unexplained.
{
	echo "${header},lru_gen.oldest_anon,lru_gen.oldest_file"
	for row in 0,0,0,0,0 1,0,0,0,0 2,100,100,0,0 3,200,200,0,5000 4,200,200,150,5000 \
		5,200,200,150,5000 6,200,200,190,5000; do
		IFS=, read -r t k a o f <<< "$row"
		echo "$t,$k,$k,$a,0,$a,0,$o,0,0,1,10,7,7,50000,20000,0,0,0,0,100,100,5000,$f"
	done
} > late.csv
attributed 6 "late writes" late.csv late.db late.txt
lshare() { grep "^1,mglru,$1," late.txt | cut -d, -f4-5; }
is "$(lshare file_exhausted)" "150,0.7895" "mglru-6.2 writes covered by two intervals' predicted anon"
is "$(lshare unexplained)" "40,0.2105" "mglru-6.3 after a quiet interval nothing is in flight"
done_testing
