#!/usr/bin/env bash
# collect-memcg: --cgroup on a real memory cgroup (v1 here; v2 where the
# unified hierarchy has the memory controller).  Needs root.
. "$(dirname "$0")/../lib.sh"

if ! need_root; then
	skip "memcg-1 cgroup v1" "needs root to create a memory cgroup"
	done_testing; exit 0
fi

v1=/sys/fs/cgroup/memory
if [ -f "$v1/memory.stat" ] && [ -f "$v1/memory.limit_in_bytes" ]; then
	name="vmscope-test-$$"
	cg="$v1/$name"
	mkdir "$cg"
	on_exit "rmdir '$cg'"
	echo 33 > "$cg/memory.swappiness"
	echo $((256 << 20)) > "$cg/memory.limit_in_bytes"
	db="$TMP/memcg.db"
	# the command joins the cgroup, then fills 48 MiB of page cache
	"$COLLECT" -q -i 0.05 --cgroup "$name" -o "$db" -- sh -c \
		"echo \$\$ > '$cg/cgroup.procs' && sleep 0.2 &&
		 dd if=/dev/zero of='$TMP/fill' bs=1M count=48 status=none && sleep 0.2"
	is "$?" 0 "memcg-1.1 a run recorded for a v1 memory cgroup"
	is "$(q "$db" 'SELECT cgroup, cgroup_swappiness FROM run_facts')" "$name|33" \
		"memcg-1.2 the cgroup and its swappiness are recorded"
	is "$(q "$db" "SELECT value FROM counter_values WHERE source = 'memcg' AND name = 'limit_in_bytes' AND seq = 0")" \
		$((256 << 20)) "memcg-1.3 the limit is sampled"
	grow=$(q "$db" "SELECT max(value) - min(value) FROM counter_values WHERE source = 'memcg' AND name = 'usage_in_bytes'")
	check "memcg-1.4 usage grows by the 48 MiB written ($grow bytes)" test "${grow:-0}" -ge $((40 << 20))
	cache=$(q "$db" "SELECT max(value) - min(value) FROM counter_values WHERE source = 'memcg' AND name = 'cache'")
	check "memcg-1.5 memory.stat 'cache' follows ($cache bytes)" test "${cache:-0}" -ge $((40 << 20))
	is "$(q "$db" "SELECT kind FROM counter_name WHERE source = 'memcg' AND name = 'pgpgin'")" counter \
		"memcg-1.6 memcg event counters are counters"
	rm -f "$TMP/fill"

	# --folios: the LRU folio census of the last sample, node and cgroup
	fdb="$TMP/folios.db"
	"$COLLECT" -q -i 0.05 --folios --cgroup "$name" -o "$fdb" -- sh -c \
		"echo \$\$ > '$cg/cgroup.procs' && sleep 0.1 &&
		 dd if=/dev/zero of='$TMP/fill' bs=1M count=48 status=none && sleep 0.1"
	is "$?" 0 "memcg-3.1 a run recorded with --folios"
	last=$(q "$fdb" "SELECT max(seq) FROM samples")
	is "$(q "$fdb" "SELECT DISTINCT seq FROM counter_values WHERE source = 'folios' AND value > 0")" "$last" \
		"memcg-3.2 the census is in the last sample (seq $last) only"
	pages() {   # the scope's file pages in the census
		q "$fdb" "SELECT coalesce(sum(value * (1 << CAST(substr(name, instr(name, 'order_') + 6) AS INTEGER))), 0)
			FROM counter_values WHERE source = 'folios' AND name LIKE '$1.%file.order_%'"
	}
	cgp=$(pages cgroup); nodep=$(pages node)
	check "memcg-3.3 the cgroup's file folios hold the 48 MiB written ($cgp pages)" \
		test "${cgp:-0}" -ge $(((40 << 20) / 4096))
	check "memcg-3.4 the node holds at least the cgroup's ($nodep >= $cgp pages)" \
		test "${nodep:-0}" -ge "${cgp:-1}"
	is "$(q "$fdb" "SELECT sources LIKE '%folios%' FROM run_facts")" 1 \
		"memcg-3.5 the run's sources name the census"
	"$VMSCOPE" attribute "$fdb" > "$TMP/fa.txt" 2>&1
	check "memcg-3.6 attribute reads the census: $(grep -o 'passes take whole folios[^;]*' "$TMP/fa.txt")" \
		grep -q 'inactive file folios of [0-9.]* pages (node), [0-9.]* pages (cgroup)' "$TMP/fa.txt"
	rm -f "$TMP/fill"
else
	skip "memcg-1 cgroup v1" "no v1 memory controller at $v1"
fi

v2=""
for d in /sys/fs/cgroup /sys/fs/cgroup/unified; do
	grep -qw memory "$d/cgroup.controllers" 2>/dev/null && v2=$d
done
if [ -z "$v2" ]; then
	skip "memcg-2 cgroup v2" "the memory controller is not on the unified hierarchy here"
else
	name="vmscope-test2-$$"
	echo +memory > "$v2/cgroup.subtree_control" 2>/dev/null
	mkdir "$v2/$name"
	on_exit "rmdir '$v2/$name'"
	"$COLLECT" -q -i 0.05 -n 3 --cgroup "$v2/$name" -o "$TMP/v2.db"
	is "$?" 0 "memcg-2.1 a run recorded for a v2 memory cgroup"
	is "$(q "$TMP/v2.db" "SELECT count(*) > 0 FROM counter_values WHERE source = 'memcg' AND name = 'current'")" 1 \
		"memcg-2.2 memory.current is sampled"
fi
done_testing
