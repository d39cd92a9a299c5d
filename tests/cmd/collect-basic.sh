#!/usr/bin/env bash
# collect-basic: a short run of this machine, its facts, tags and views.
. "$(dirname "$0")/../lib.sh"
db="$TMP/basic.db"
label='it'"'"'s a "label"; DROP TABLE run; --'

rc=$(run_rc "$TMP/out" "$COLLECT" -i 0.05 -n 5 -o "$db" --label "$label" \
	--tag kernel="$(uname -r)" --tag swappiness=60 --tag 'odd key=a=b')
is "$rc" 0 "collect-1.1 five samples exit 0"
grep -q "run 1: 5 samples in '$db'" "$TMP/out" && pass "collect-1.2 says where the run went" ||
	fail "collect-1.2 says where the run went" "$(cat "$TMP/out")"
is "$(q "$db" 'SELECT samples, interval_s, end_reason FROM run_facts')" "5|0.05|count" \
	"collect-1.3 run_facts counts samples"
is "$(q "$db" 'SELECT label FROM run_facts')" "$label" "collect-1.4 a hostile label is stored as text"
is "$(q "$db" "SELECT value FROM run_tags WHERE key = 'odd key'")" "a=b" "collect-1.5 tag value keeps its '='"
is "$(q "$db" "SELECT value FROM run_tags WHERE key = 'kernel'")" "$(uname -r)" "collect-1.6 kernel tag"
is "$(q "$db" 'SELECT kernel_release, kernel_version FROM run_facts')" "$(uname -r)|$(uname -v)" \
	"collect-1.7 kernel release and version"
is "$(q "$db" 'SELECT boot_id FROM run_facts')" "$(cat /proc/sys/kernel/random/boot_id)" "collect-1.8 boot id"
is "$(q "$db" 'SELECT swappiness, page_size, cpus FROM run_facts')" \
	"$(cat /proc/sys/vm/swappiness)|$(getconf PAGESIZE)|$(getconf _NPROCESSORS_ONLN)" \
	"collect-1.9 swappiness, page size, CPUs"
is "$(q "$db" 'SELECT mem_total_kb FROM run_facts')" "$(awk '/^MemTotal/ {print $2}' /proc/meminfo)" \
	"collect-1.10 MemTotal"
want_lru=$(cat /sys/kernel/mm/lru_gen/enabled 2>/dev/null || echo none)
is "$(q "$db" 'SELECT lru_gen FROM run_facts')" "$want_lru" "collect-1.11 MGLRU state"
is "$(q "$db" "SELECT min_pages || ' ' || low_pages || ' ' || high_pages FROM watermark WHERE node = 0 AND zone = 'DMA'")" \
	"$(awk '/zone +DMA$/ {z=1} z && $1=="min" {m=$2} z && $1=="low" {l=$2} z && $1=="high" {print m, l, $2; exit}' /proc/zoneinfo)" \
	"collect-1.12 DMA watermarks from zoneinfo"
is "$(q "$db" "SELECT json_valid(cmdline), json_extract(cmdline, '\$[8]') FROM run_facts")" \
	"1|$label" "collect-1.13 command line is a JSON array"

# every vmstat name of this kernel is stored, and values are readable
names_kernel=$(awk '{print $1}' /proc/vmstat | sort -u | wc -l)
is "$(q "$db" "SELECT count(DISTINCT name) FROM counter_values WHERE source = 'vmstat' AND seq = 0")" \
	"$names_kernel" "collect-1.14 every /proc/vmstat counter is stored"
is "$(q "$db" "SELECT count(*) FROM counter_values WHERE seq = 0 AND delta IS NOT NULL")" 0 \
	"collect-1.15 first sample has no deltas"
is "$(q "$db" "SELECT count(*) FROM counter_values WHERE seq > 0 AND delta IS NULL")" 0 \
	"collect-1.16 later samples all have deltas"
# deltas add up to the change in value
is "$(q "$db" "SELECT sum(delta) = max(value) - min(value) FROM counter_values WHERE name = 'pgfault' AND source = 'vmstat'")" \
	1 "collect-1.17 deltas sum to the change of a counter"
is "$(q "$db" "SELECT count(*) FROM samples WHERE t < 0 OR missed < 0")" 0 "collect-1.18 sample times"
is "$(q "$db" "SELECT round(max(t), 1) FROM samples")" 0.2 "collect-1.19 five samples at 0.05 s span 0.2 s"

# a second run appends
setup "$COLLECT" -q -i 0.05 -n 2 -o "$db"
is "$(q "$db" 'SELECT group_concat(run_id || ":" || samples) FROM run_facts')" "1:5,2:2" \
	"collect-1.20 a second run is appended"

# optional sources
setup "$COLLECT" -q -i 0.05 -n 3 -o "$TMP/all.db" --meminfo --zoneinfo --psi
is "$(q "$TMP/all.db" "SELECT group_concat(DISTINCT source) FROM (SELECT source FROM counter_name ORDER BY source)")" \
	"meminfo,psi,vmstat,zoneinfo" "collect-1.21 --meminfo --zoneinfo --psi add their sources"
is "$(q "$TMP/all.db" "SELECT value FROM counter_values WHERE source = 'meminfo' AND name = 'MemTotal' AND seq = 0")" \
	"$(awk '/^MemTotal/ {print $2}' /proc/meminfo)" "collect-1.22 meminfo values in kB"
is "$(q "$TMP/all.db" "SELECT value FROM counter_values WHERE source = 'zoneinfo' AND name = 'node0.DMA.min' AND seq = 0")" \
	"$(q "$db" "SELECT min_pages FROM watermark WHERE run_id = 1 AND zone = 'DMA'")" "collect-1.23 zoneinfo fields by node and zone"
is "$(q "$TMP/all.db" "SELECT count(*) FROM counter_values WHERE source = 'psi' AND seq = 0")" 8 "collect-1.24 PSI fields"
is "$(q "$TMP/all.db" "SELECT sources FROM run_facts")" "vmstat,meminfo,zoneinfo,psi" "collect-1.25 sources recorded"

# -d stops on time: 0.3 s at 0.1 s is 4 samples (0, 0.1, 0.2, 0.3)
setup "$COLLECT" -q -i 0.1 -d 0.3 -o "$TMP/d.db"
is "$(q "$TMP/d.db" 'SELECT samples, end_reason FROM run_facts')" "4|duration" "collect-1.26 -d stops after the duration"
done_testing
