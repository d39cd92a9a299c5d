#!/usr/bin/env bash
# attribute: the reclaim model on a simulated 2.6.9 and on real swap-out
# in a memory cgroup of this machine.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1

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
	setup "$VMSCOPE" import sim.csv -o sim.db --tag kernel=2.6.9-rc1-mm3 --tag swappiness="$sw" \
		--tag kswapd="$KSWAPD"
}
KSWAPD=buildup; sim 0 0 0 0 1 1 0 0 1       # priority builds up to 0
KSWAPD=restart; sim 0 12 11 10 11 12 10 11 12   # restarts after 32 pages
KSWAPD=buildup; sim 60 0 1 2 3 4 5 6 7
"$VMSCOPE" attribute sim.db --format csv > sim.out
is "$?" 0 "attribute-1.1 attribute simulated 2.6.9 runs"
share() { grep "^\"$1\",\"classic\",\"$2\"," sim.out | cut -d, -f4- | tr -d '"'; }
# run 1: swap only at p = 0 (intervals 1, 2, 3, 6, 7): 5 * 0.1 * 100 * 1.5M
is "$(share 1 priority_buildup)" "75000000,1.0000" "attribute-1.2 swappiness 0, deep priority, easy reclaim: priority build-up"
is "$(share 2 unexplained)" "0,0.0000" "attribute-1.3 a restarting kswapd swaps nothing at swappiness 0"
is "$(share 3 mapped_ratio | cut -d, -f2)" "1.0000" "attribute-1.4 swappiness 60 + 43: the mapped ratio alone opens the gate"
check "attribute-1.5 unexplained is always a row" test "$(grep -c unexplained sim.out)" -eq 3
setup "$VMSCOPE" attribute sim.db 1 --intervals --format csv | tr -d '"' > int.txt
# interval 1: p = 0 recovered; E = 0.9; p_need = floor(log2(2 L E / 32)) = 12 (clamped)
check "attribute-1.6 --intervals shows the recovered priority" \
	grep -q '^1,1.0,15000000,86.0,0,0.9,0.0,-,12.0,12.0,-,priority_buildup$' int.txt

# ground truth: a 2.6.16-like run that recorded zoneinfo's prev_priority
# (the DMA zone idles at 12, Normal follows the simulated priority)
awk 'BEGIN { L = 1500000; split("12 3 4 3 5 2 4", p, " ")
	print "t,pgscan_kswapd_normal,kswapd_steal,pgsteal_normal,pageoutrun,pswpout,nr_mapped,nr_inactive,meminfo.MemTotal,zoneinfo.node0.DMA.prev_priority,zoneinfo.node0.Normal.prev_priority"
	for (i = 1; i <= 7; i++) {
		if (i > 1) { sc = 50 * 2 * int(L / 2 ^ p[i]); s += sc; st += int(0.9 * sc); r += 50 }
		print i "," s + 0 "," st + 0 "," st + 0 "," r + 0 ",0,6537871,1500000,30408704,12," p[i] } }' > truth.csv
setup "$VMSCOPE" import truth.csv -o truth.db --tag kernel=2.6.16
setup "$VMSCOPE" attribute truth.db > truth.out
check "attribute-1.8 the estimate next to zoneinfo's prev_priority, with the agreement" \
	grep -q '^  priority: estimated 3.5, prev_priority (zoneinfo) 3.5 on average; within one level in 6 of 6 intervals$' truth.out
# ground truth from the vmscan tracepoints (--trace-priority) on a split-LRU
# kernel: per interval kswapd makes 5 gentle passes at 12 and 50 at the
# simulated priority; the deepest level that moved is the truth
awk 'BEGIN { L = 1500000; split("12 3 4 3 5 2 4", p, " ")
	h = "t,pgscan_kswapd,pgsteal_kswapd,pageoutrun,pswpout,nr_mapped,nr_anon_pages,nr_inactive_anon,nr_inactive_file,meminfo.MemTotal"
	for (k = 0; k <= 12; k++) h = h ",trace.kswapd_priority_" k
	print h
	for (i = 1; i <= 7; i++) {
		if (i > 1) { sc = 50 * 2 * int(L / 2 ^ p[i]); s += sc; st += int(0.9 * sc); r += 50
			n[p[i]] += 50; n[12] += 5 }
		line = i "," s + 0 "," st + 0 "," r + 0 ",0,100000,100000,750000,750000,30408704"
		for (k = 0; k <= 12; k++) line = line "," n[k] + 0
		print line } }' > traced.csv
setup "$VMSCOPE" import traced.csv -o traced.db --tag kernel=6.1.0
setup "$VMSCOPE" attribute traced.db > traced.out
check "attribute-1.9 the estimate next to the traced priority, with the agreement" \
	grep -q '^  priority: estimated 3.5, traced priority (vmscan tracepoints) 3.5 on average; within one level in 6 of 6 intervals$' traced.out
setup "$VMSCOPE" attribute traced.db --intervals --format csv | tr -d '"' > traced-int.txt
check "attribute-1.10 --intervals shows the traced priority as p_true" \
	grep -q '^1,2.0,0,.*,3.0,[a-z_]*$' traced-int.txt
setup "$VMSCOPE" attribute sim.db --by swappiness > by.txt
check "attribute-1.7 --by adds the runs of a tag value up" \
	grep -q '^swappiness 0 (2 runs): model classic, kernel 2.6.9 (from facts), swappiness 0$' by.txt

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
		# a hog touches 120 of the 128 MiB, then writers stream 2.4 GB
		setup "$COLLECT" -q -i 0.25 --cgroup "$cg" -o real.db -- sh -c "
			echo \$\$ > '$cg/cgroup.procs'
			'$TOP/bench/hog' 120 > /dev/null & hog=\$!
			sleep 1
			for i in 1 2 3 4 5 6; do
				dd if=/dev/zero of='$TMP/stream' bs=1M count=400 status=none
			done
			kill \$hog; rm -f '$TMP/stream'"
		out=$(q real.db "SELECT sum(delta) FROM counter_values WHERE source = 'vmstat' AND name = 'pswpout'")
		check "attribute-2.1 the workload swapped out ($out pages)" test "${out:-0}" -gt 0
		setup "$VMSCOPE" attribute real.db --format csv > real.out
		unexplained=$(grep '"unexplained"' real.out | cut -d, -f5 | tr -d '"')
		check "attribute-2.2 under 10% unexplained ($unexplained)" \
			awk -v u="$unexplained" 'BEGIN { exit !(u < 0.10) }'
		is "$(grep '"memcg_limit"' real.out | cut -d, -f4 | tr -d '"')" "$out" \
			"attribute-2.3 all of it memcg limit reclaim, as the counters show"
		# the signature: per-type scans count cgroup reclaim, kswapd/direct do not
		check "attribute-2.4 pgscan_anon + pgscan_file > pgscan_kswapd + pgscan_direct" test \
			"$(q real.db "SELECT sum(delta) FROM counter_values WHERE source = 'vmstat' AND name IN ('pgscan_anon', 'pgscan_file')")" -gt \
			"$(q real.db "SELECT coalesce(sum(delta), 0) FROM counter_values WHERE source = 'vmstat' AND name IN ('pgscan_kswapd', 'pgscan_direct')")"
	fi
fi
done_testing
