#!/usr/bin/env bash
# collect-trace: --trace-priority on this machine's real vmscan tracepoints,
# with reclaim forced by a small memory cgroup.  Needs root and tracefs.
. "$(dirname "$0")/../lib.sh"

# a tree without tracefs: a clear error, no run left behind
mkdir -p "$TMP/root/proc" "$TMP/root/sys/kernel"
cp "$FIXTURES/6.12-el10_jamescun-procfs.vmstat" "$TMP/root/proc/vmstat"
rc=$(run_rc "$TMP/out" "$COLLECT" -n 1 --trace-priority --root "$TMP/root" -o "$TMP/none.db")
is "$rc" 1 "trace-1.1 a kernel without tracefs is refused"
check "trace-1.2 with a message naming tracefs" grep -q "no tracefs" "$TMP/out"
is "$(q "$TMP/none.db" 'SELECT count(*) FROM run' 2>/dev/null || echo 0)" 0 \
	"trace-1.3 and no run is recorded"

cg_base=/sys/fs/cgroup/memory
if ! need_root; then
	skip "trace-2 real tracepoints" "needs root (tracefs, memory cgroup)"
	done_testing; exit 0
elif [ ! -f "$cg_base/memory.limit_in_bytes" ]; then
	skip "trace-2 real tracepoints" "no cgroup-v1 memory controller to force reclaim with"
	done_testing; exit 0
fi
tracefs=/sys/kernel/tracing
mounted_here=0
if [ ! -d "$tracefs/events" ]; then
	mount -t tracefs nodev "$tracefs" 2>/dev/null && mounted_here=1
fi
if [ ! -d "$tracefs/events/vmscan/mm_vmscan_lru_shrink_inactive" ]; then
	skip "trace-2 real tracepoints" "this kernel has no vmscan tracepoints in $tracefs"
	done_testing; exit 0
fi
[ "$mounted_here" = 1 ] && on_exit "umount '$tracefs'"
if [ "$(stat -f -c %T "$TMP")" = tmpfs ]; then
	skip "trace-2 real tracepoints" "$TMP is tmpfs, whose page cache cannot be dropped for the group to read anew"
	done_testing; exit 0
fi

cg="$cg_base/vmscope-trace-$$"
mkdir "$cg"
on_exit "rmdir '$cg'"
echo $((32 << 20)) > "$cg/memory.limit_in_bytes"
db="$TMP/trace.db"
# 160 MiB of page cache read through a 32 MiB group: limit reclaim, many
# passes.  Read, not written: a group's dirty pages are not throttled on
# cgroup v1 (the dirty limits are global), and when the disk is busy its
# limit reclaim finds nothing clean and OOM-kills the writer (seen in CI
# beside the fuzzing run).  The file is written outside the group,
# synced, and dropped from the cache, so that the group reads it anew.
setup dd if=/dev/zero of="$TMP/fill" bs=1M count=160 conv=fdatasync status=none
setup dd of="$TMP/fill" oflag=nocache conv=notrunc,fdatasync count=0 status=none
rc=$(run_rc "$TMP/collect.out" "$COLLECT" -q -i 0.1 --trace-priority --cgroup "$(basename "$cg")" -o "$db" -- sh -c \
	"echo \$\$ > '$cg/cgroup.procs' && dd if='$TMP/fill' of=/dev/null bs=1M status=none")
is "$rc" 0 "trace-2.1 a run recorded with --trace-priority"
[ "$rc" = 0 ] || sed 's/^/#   /' "$TMP/collect.out" >&9
rm -f "$TMP/fill"
is "$(q "$db" 'SELECT sources FROM run_facts')" "vmstat,memcg,trace" \
	"trace-2.2 the run lists the trace source"
# the cgroup's own (39 names) where the kernel tells memcg reclaim apart
memcg_events=0
[ -d "$tracefs/events/vmscan/mm_vmscan_memcg_reclaim_begin" ] && memcg_events=1
names=$((97 + 39 * memcg_events))
# kswapd's walks by order 0..10, where the kernel traces them
wake="$tracefs/events/vmscan/mm_vmscan_kswapd_wake"
[ -d "$wake" ] && names=$((names + 11))
# the root statistics flushes (6.10+): a count and the last one's time
flush="$tracefs/events/cgroup/cgroup_rstat_locked"
[ -d "$flush" ] && names=$((names + 2))
# the allocator's fallbacks, all and those that boost a watermark
extfrag="$tracefs/events/kmem/mm_page_alloc_extfrag"
[ -d "$extfrag" ] && names=$((names + 2))
is "$(q "$db" "SELECT count(DISTINCT name) FROM counter_values WHERE source = 'trace'")" "$names" \
	"trace-2.3 13 levels of passes and of anon and file pages scanned, for kswapd, for the rest and for memcg reclaim, lost_events, 18 MGLRU type counts, 11 kswapd wake orders, 2 flush counts and 2 fallback counts (issues 12, 13)"
scanned=$(q "$db" "SELECT sum(delta) FROM counter_values WHERE source = 'trace' AND name LIKE 'direct_scan_file_%'")
check "trace-2.9 the limit reclaim's file pages scanned were traced ($scanned)" test "${scanned:-0}" -gt 0
passes=$(q "$db" "SELECT sum(delta) FROM counter_values WHERE source = 'trace' AND name LIKE 'direct_priority_%'")
steals=$(q "$db" "SELECT sum(delta) FROM counter_values WHERE source = 'memcg' AND name = 'pgpgout'")
check "trace-2.4 the group's limit reclaim was traced ($passes passes, $steals pages out)" \
	test "${passes:-0}" -gt 10 -a "${steals:-0}" -gt 0
if [ "$memcg_events" = 1 ]; then
	cgpasses=$(q "$db" "SELECT sum(delta) FROM counter_values WHERE source = 'trace' AND name LIKE 'cgroup_priority_%'")
	# dd is the only task in the group, and the host has no global reclaim
	is "${cgpasses:-0}" "${passes:-0}" "trace-2.10 the group's passes are its limit reclaim's: cgroup_priority_* ($cgpasses) as many as direct_priority_*"
else
	skip "trace-2.10 the group's passes are its limit reclaim's" "no mm_vmscan_memcg_reclaim_begin on this kernel"
fi
kswapd=$(q "$db" "SELECT coalesce(sum(delta), 0) FROM counter_values WHERE source = 'trace' AND name LIKE 'kswapd_priority_%'")
is "$kswapd" 0 "trace-2.5 none of it is counted as kswapd's (the host has 24 GB free)"
is "$(q "$db" "SELECT kind FROM counter_name WHERE source = 'trace' AND name = 'direct_priority_12'")" counter \
	"trace-2.6 trace names are counters"
check "trace-2.7 the instance is removed at the end" \
	test -z "$(ls "$tracefs/instances" | grep "^vmscope-")"
# the periodic memcg statistics flush (flush_memcg_stats_dwork(), every
# FLUSH_TIME = 2 s): in 6 s at least two, their times inside the run and
# about 2 s apart
if [ -d "$flush" ]; then
	"$COLLECT" -q -i 0.25 -d 6 --trace-priority -o "$TMP/flush.db"
	is "$?" 0 "trace-3.1 a 6 s run with --trace-priority"
	n=$(q "$TMP/flush.db" "SELECT max(value) FROM counter_values WHERE name = 'memcg_flushes'")
	check "trace-3.2 at least 2 root statistics flushes in 6 s ($n)" test "${n:-0}" -ge 2
	times=$(q "$TMP/flush.db" "SELECT group_concat(value, ' ') FROM (SELECT DISTINCT value FROM counter_values WHERE name = 'memcg_flush_t_us' AND value > 0 ORDER BY value)")
	check "trace-3.3 each flush inside the run, the next 1.5 to 4.5 s after the one before ($times us)" \
		awk -v t="$times" 'BEGIN { n = split(t, v, " "); if (n < 2) exit 1
			for (i = 1; i <= n; i++) if (v[i] <= 0 || v[i] > 6.5e6) exit 1
			for (i = 2; i <= n; i++) if (v[i] - v[i-1] < 1.5e6 || v[i] - v[i-1] > 4.5e6) exit 1 }'
else
	skip "trace-3 root statistics flushes" "this kernel has no cgroup_rstat_locked event (6.10+)"
fi
setup "$VMSCOPE" show "$db" > "$TMP/show" 2>&1
deepest=$(awk '$1 == "trace_direct_priority" { print $3 }' "$TMP/show")
want=$(q "$db" "SELECT min(CAST(substr(name, 17) AS INTEGER)) FROM counter_values WHERE source = 'trace' AND name LIKE 'direct_priority_%' AND delta > 0")
is "${deepest:-none}" "${want:-none}" "trace-2.8 show gives the deepest level whose count moved"
done_testing
