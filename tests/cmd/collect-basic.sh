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
	"$(awk '/zone +DMA$/ {z=1} z && $1=="boost" {b=$2} z && $1=="min" {m=$2} z && $1=="low" {l=$2} z && $1=="high" {print m-b, l-b, $2-b; exit}' /proc/zoneinfo)" \
	"collect-1.12 DMA watermarks from zoneinfo (less the boost they hold)"
# the zones the kernel's watermark sums count: those with managed pages
# (an empty Movable zone has watermarks in zoneinfo, high 32 on 6.18)
is "$(q "$db" "SELECT node || ' ' || zone FROM watermark" | sort | tr '\n' ';')" \
	"$(awk '/^Node/ {n=$2; sub(",", "", n); z=$4} $1=="managed" && $2 > 0 {print n, z}' /proc/zoneinfo | sort | tr '\n' ';')" \
	"collect-1.12b watermarks of the zones with managed pages only"
# zoneinfo's min, low and high hold the zone's watermark boost (v5.0+:
# wmark_pages() = _watermark[] + watermark_boost); a run that starts
# with a pageblock's boost on DMA records the zone's own watermarks
mkdir -p "$TMP/boosted/proc"
ln -s "$FIXTURES/5.10.0-10-amd64_debian-computer-scurity.vmstat" "$TMP/boosted/proc/vmstat"
awk '/^Node/ {z = $4} z == "DMA" && $1 == "pages" {print; print "        boost    512"; next}
	z == "DMA" && ($1 == "min" || $1 == "low" || $1 == "high") {printf "        %-8s %d\n", $1, $2 + 512; next}
	{print}' "$FIXTURES/5.10.0-10-amd64_debian-computer-scurity.zoneinfo" > "$TMP/boosted/proc/zoneinfo"
"$COLLECT" -q --root "$TMP/boosted" -n 1 -o "$TMP/boosted.db" || fail "collect from the boosted tree"
is "$(q "$TMP/boosted.db" "SELECT zone || ' ' || min_pages || ' ' || low_pages || ' ' || high_pages FROM watermark ORDER BY zone" | tr '\n' ';')" \
	"DMA 89 111 133;DMA32 11174 13967 16760;" \
	"collect-1.12c a zone boosted by 512 pages at the start: its own watermarks, the other's as printed"
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
# Issue 11: this was a tautology of the view.  A counter moved by a known
# amount: each write of 2 to drop_caches counts one drop_slab event (6.x
# fs/drop_caches.c, drop_caches_sysctl_handler()).  The stored numbers are
# decoded from the raw sample rows (the first sample's absolute plus the
# deltas), not through the views, and compared with the kernel's before
# and after the run.
if ! need_root; then
	skip "collect-1.17 deltas add up to a known change" "needs root to write drop_caches"
else
	slab() { awk '$1 == "drop_slab" {print $2}' /proc/vmstat; }
	before=$(slab)
	rc=$(run_rc "$TMP/out" "$COLLECT" -q -i 0.05 -o "$TMP/pf.db" -- \
		sh -c 'sleep 0.1; echo 2 > /proc/sys/vm/drop_caches; sleep 0.1; echo 2 > /proc/sys/vm/drop_caches; sleep 0.1')
	is "$rc" 0 "collect-1.17.0 a run around two writes to drop_caches"
	after=$(slab)
	raw() { q "$TMP/pf.db" "SELECT coalesce(sum(json_extract(s.$1, '\$[' || (j.key + 1) || ']')), 0)
		FROM sample s, json_each(s.$1) j, counter_name n
		WHERE n.name = 'drop_slab' AND n.source = 'vmstat' AND j.key % 2 = 0 AND j.value = n.id"; }
	first=$(raw absolutes)
	sum=$(raw deltas)
	if [ "$after" != $((before + 2)) ]; then
		skip "collect-1.17 deltas add up to a known change" "another process wrote drop_caches ($before -> $after)"
	else
		is "$first $((first + sum))" "$before $after" "collect-1.17 stored drop_slab: first value and first + deltas as the kernel's"
		is "$(q "$TMP/pf.db" "SELECT sum(delta), max(value) FROM counter_values WHERE name = 'drop_slab'")" \
			"2|$after" "collect-1.17.1 the view: deltas 2, last value $after"
	fi
fi
is "$(q "$db" "SELECT count(*) FROM samples WHERE t < 0 OR missed < 0")" 0 "collect-1.18 sample times"
# a tick the collector was too late for is skipped and counted in missed
# (under AddressSanitizer on a loaded CI machine the span was 0.3 s once)
is "$(q "$db" "SELECT abs(max(t) - 0.05 * (count(*) - 1 + sum(missed))) < 0.03 FROM samples")" 1 \
	"collect-1.19 five samples at 0.05 s span 0.2 s and the ticks missed ($(q "$db" "SELECT max(t), sum(missed) FROM samples"))"

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
# zone fields that do not move (sizes, watermarks), against awk's reading
zone_field() { awk -v z="$1" -v f="$2" '/^Node/ {cur = $2 $4} cur == "0," z && $1 == f {print $2; exit}' /proc/zoneinfo; }
for zf in DMA.min DMA.spanned DMA.present DMA32.high; do
	is "$(q "$TMP/all.db" "SELECT value FROM counter_values WHERE source = 'zoneinfo' AND name = 'node0.$zf' AND seq = 0")" \
		"$(zone_field "${zf%%.*}" "${zf#*.}")" "collect-1.23 zoneinfo node0.$zf as /proc/zoneinfo says"
done
is "$(q "$TMP/all.db" "SELECT count(*) FROM counter_values WHERE source = 'psi' AND seq = 0")" 8 "collect-1.24 PSI fields"
is "$(q "$TMP/all.db" "SELECT sources FROM run_facts")" "vmstat,meminfo,zoneinfo,psi" "collect-1.25 sources recorded"

# -d stops on time: 0.3 s at 0.1 s is 4 samples (0, 0.1, 0.2, 0.3)
setup "$COLLECT" -q -i 0.1 -d 0.3 -o "$TMP/d.db"
is "$(q "$TMP/d.db" 'SELECT samples, end_reason FROM run_facts')" "4|duration" "collect-1.26 -d stops after the duration"

# Issue 11: a real multi-page seq_file.  /proc/slabinfo ("name active ..."
# lines, which the flat parser reads as name and first number) is ~25 KiB,
# handed out a page per read; every cache must be stored, not the first
# page's ~36.
if ! need_root; then
	skip "collect-1.27 a multi-page seq_file" "needs root to read /proc/slabinfo"
else
	mkdir -p "$TMP/slab/proc"
	ln -s /proc/slabinfo "$TMP/slab/proc/vmstat"
	rc=$(run_rc "$TMP/out" "$COLLECT" -q --root "$TMP/slab" -n 1 -o "$TMP/slab.db")
	is "$rc" 0 "collect-1.27 a --root tree whose vmstat is /proc/slabinfo"
	is "$(q "$TMP/slab.db" "SELECT count(DISTINCT name) FROM counter_values")" \
		"$(awk 'NR > 2 {print $1}' /proc/slabinfo | sort -u | wc -l)" \
		"collect-1.28 every slab cache of /proc/slabinfo is stored"
fi

# Issue 18: readers see what is committed while the run records, samples
# at most one commit interval old (plus start-up), through the sqlite3
# shell and vmscope show, and the queued ones are not lost on SIGINT.
"$COLLECT" -q -i 0.1 --commit-interval 1 -o "$TMP/live.db" &
pid=$!
on_exit "kill -9 $pid"
start=$(date +%s%N)
sleep 2.6
newest=$(q "$TMP/live.db" "SELECT max(t) FROM samples")
seen=$(q "$TMP/live.db" "SELECT count(*) FROM samples")
ms=$(( ($(date +%s%N) - start) / 1000000 ))
check "collect-2.1 while recording, the newest sample a reader sees ($newest s) is at most 1 s (the commit interval) + 0.5 s start-up older than now ($ms ms)" \
	awk -v t="$newest" -v ms="$ms" 'BEGIN { exit !(t != "" && t >= ms / 1000 - 1.5) }'
rc=$(run_rc "$TMP/out" "$VMSCOPE" show "$TMP/live.db")
is "$rc" 0 "collect-2.2 vmscope show reads the run being recorded"
kill -INT $pid
wait $pid
is "$?" 0 "collect-2.3 SIGINT ends it"
got=$(q "$TMP/live.db" "SELECT count(*), max(seq) + 1, count(*) > $seen FROM samples")
check "collect-2.4 and every sample is stored, without a gap, more than the $seen committed at the check ($got)" \
	test "${got%|*}" = "${got%%|*}|${got%%|*}" -a "${got##*|}" = 1
check "collect-2.5 the run's tail file is removed at a clean end" test ! -e "$TMP/live.db-vmscope-tail.1"
# --folios: the census in the last sample that -n or -d allow (root reads
# /proc/kpageflags); one that cannot be read costs the census, not the run
census_seqs() { q "$1" "SELECT group_concat(DISTINCT seq) FROM counter_values WHERE source = 'folios' AND value > 0"; }
if ! need_root; then
	skip "collect-3.1 the census of a -n or -d run" "needs root to read /proc/kpageflags"
else
	"$COLLECT" -q -i 0.05 -n 2 --folios -o "$TMP/n2.db"
	is "$(census_seqs "$TMP/n2.db")" 1 "collect-3.1 -n 2: the census is in the second sample, the last"
	"$COLLECT" -q -i 0.05 -d 0.2 --folios -o "$TMP/d.db"
	last=$(q "$TMP/d.db" "SELECT max(seq) FROM samples")
	is "$(census_seqs "$TMP/d.db")" "$last" "collect-3.2 -d 0.2: the census is in the last sample ($last)"
fi
mkdir -p "$TMP/noflags/proc/kpageflags"     # a directory: open works, pread fails
ln -s /proc/vmstat "$TMP/noflags/proc/vmstat"
rc=$(run_rc "$TMP/out" "$COLLECT" -q --root "$TMP/noflags" -i 0.05 -n 2 --folios -o "$TMP/nf.db")
is "$rc" 0 "collect-3.3 a census that cannot be read ends the run as usual"
check "collect-3.4 with a warning" grep -q "warning: no folio census: cannot read /proc/kpageflags" "$TMP/out"
is "$(q "$TMP/nf.db" "SELECT count(*), sum(source = 'folios') FROM (SELECT DISTINCT seq, source FROM counter_values)")" "2|0" \
	"collect-3.5 both samples are stored, without a census"
# --stat-refresh: three locked pages stay in their CPU's vmstat diff (the
# fold threshold is tens of pages) until vmstat_update() folds them, about
# once a second (mlock-pages spins: an idle CPU folds at once).  Folded
# before each sample, nr_mlock shows the mlock() in the first sample
# taken after it returned, or the second (the call may straddle a fold),
# and the munlock() likewise; mlock-pages prints when each returned
# (CLOCK_MONOTONIC, as the run's started_mono_ns)
mlock_steps() { q "$1" "SELECT group_concat(t10 || ':' || step, ' ') FROM (SELECT seq, CAST(t * 10 AS INT) AS t10,
	value - lag(value) OVER (ORDER BY seq) AS step FROM counter_values
	WHERE source = 'vmstat' AND name = 'nr_mlock') WHERE step != 0 ORDER BY seq"; }
# samples_until DB NS STEP: which sample after the moment NS shows the
# step STEP of nr_mlock (1: the first taken after it); empty if none does
samples_until() { q "$1" "WITH s AS (SELECT seq, t, value - lag(value) OVER (ORDER BY seq) AS step
	FROM counter_values WHERE source = 'vmstat' AND name = 'nr_mlock')
	SELECT (SELECT count(*) FROM s AS b WHERE b.seq <= s.seq AND
		b.t * 1e9 >= $2 - (SELECT started_mono_ns FROM run)) FROM s WHERE step = $3"; }
if ! need_root; then
	skip "collect-4.1 --stat-refresh shows a few locked pages at once" "needs root to write /proc/sys/vm/stat_refresh"
else
	rc=$(run_rc "$TMP/out" "$COLLECT" -q -i 0.05 --stat-refresh -o "$TMP/sr.db" -- \
		"$TOP/tests/tools/mlock-pages" 3 0.5)
	is "$rc" 0 "collect-4.0 a run around three locked pages"
	is "$(q "$TMP/sr.db" 'SELECT sources FROM run')" "vmstat,stat_refresh" "collect-4.0.1 the run lists stat_refresh"
	steps=$(mlock_steps "$TMP/sr.db")
	locked=$(samples_until "$TMP/sr.db" "$(awk '$1 == "locked" { print $2 }' "$TMP/out")" 3)
	unlocked=$(samples_until "$TMP/sr.db" "$(awk '$1 == "unlocked" { print $2 }' "$TMP/out")" -3)
	# another process's mlock() shows as a step of its own: one of +3 and
	# one of -3 are this run's, anything more or else is not
	if [ -n "$steps" ] && { echo "$steps" | tr ' ' '\n' | grep -qv '^[0-9]*:-\?3$' ||
		[ "$(echo "$steps" | wc -w)" -ne 2 ]; }; then
		skip "collect-4.1 --stat-refresh shows a few locked pages at once" "another process locked memory meanwhile ($steps)"
	else
		case "$locked $unlocked" in
		[12]" "[12]) pass "collect-4.1 --stat-refresh shows a few locked pages at once (samples $locked and $unlocked after the calls; $steps)" ;;
		*) fail "collect-4.1 --stat-refresh shows a few locked pages at once" \
			"nr_mlock steps $steps; the lock in sample '$locked' after it, the unlock in '$unlocked'" ;;
		esac
	fi
fi
# a fold that fails mid-run (/dev/full: ENOSPC) costs the samples their
# fold, not the run: one warning, every sample stored
mkdir -p "$TMP/fullfold/proc/sys/vm"
ln -s /proc/vmstat "$TMP/fullfold/proc/vmstat"
ln -s /dev/full "$TMP/fullfold/proc/sys/vm/stat_refresh"
rc=$(run_rc "$TMP/out" "$COLLECT" -q --root "$TMP/fullfold" -i 0.05 -n 3 --stat-refresh -o "$TMP/ff.db")
is "$rc $(grep -c 'warning: --stat-refresh: writing /proc/sys/vm/stat_refresh failed' "$TMP/out")" "0 1" \
	"collect-4.4 a fold that fails: one warning, the run goes on"
is "$(q "$TMP/ff.db" "SELECT count(*) FROM samples")" 3 "collect-4.5 ... and keeps its samples"
rc=$(run_rc "$TMP/out" "$COLLECT" -q --root "$TMP/noflags" -i 0.05 -n 2 --stat-refresh -o "$TMP/nsr.db")
is "$rc" 1 "collect-4.2 --stat-refresh where stat_refresh cannot be written: an error"
check "collect-4.3 that says which file" grep -q "cannot open $TMP/noflags/proc/sys/vm/stat_refresh" "$TMP/out"
# --- what store.c writes, checked against its source (mutants store-*) ---
# the second run's end is written to its own row only: the first run
# (collect-1.20) ended before the second started
is "$(q "$db" 'SELECT r1.ended_wall_us <= r2.started_wall_us, r1.end_reason FROM run r1, run r2 WHERE r1.id = 1 AND r2.id = 2')" \
	"1|count" "collect-5.1 the first run keeps its own end when a second run ends"
# a fact that is 0 is stored as 0, not as "not recorded" (NULL)
is "$(q "$db" 'SELECT coalesce(swap_total_kb, "NULL") FROM run WHERE id = 1')" \
	"$(awk '/^SwapTotal:/ {print $2}' /proc/meminfo)" "collect-5.2 SwapTotal as /proc/meminfo says, 0 included"
# a counter name's kind comes from its own source's patterns: /proc/meminfo
# holds sizes, gauges all (schema.sql), though vmstat's catch-all is 'counter'
is "$(q "$TMP/all.db" "SELECT group_concat(DISTINCT kind) FROM counter_name WHERE source = 'meminfo'")" gauge \
	"collect-5.3 meminfo's names are gauges"
# a source with no pattern at all (the folio census) is a gauge
if ! need_root; then
	skip "collect-5.4 the census's names are gauges" "needs root to read /proc/kpageflags"
else
	is "$(q "$TMP/n2.db" "SELECT count(*) > 0, group_concat(DISTINCT kind) FROM counter_name WHERE source = 'folios'")" "1|gauge" \
		"collect-5.4 the census's names (no kind pattern) are gauges"
fi
# the command line is a JSON array whatever its words hold: a label with
# a backslash, a quote, ESC, a tab and a newline comes back byte for byte
odd=$'C:\\tmp\\x "q" \e[1m\tend\nline2'
setup "$COLLECT" -q -n 1 -o "$TMP/json.db" --label "$odd"
is "$(q "$TMP/json.db" "SELECT json_valid(cmdline), hex(json_extract(cmdline, '\$[7]')) FROM run")" \
	"1|$(printf '%s' "$odd" | od -An -tx1 | tr -d ' \n' | tr a-f A-F)" \
	"collect-5.5 a label with a backslash, quote and control characters is one JSON string in the command line"
done_testing
