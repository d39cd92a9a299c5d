#!/usr/bin/env bash
# lab: vmscope lab boots a real Debian kernel under QEMU, runs a short
# swappiness sweep inside, and brings the database back; MGLRU on and off;
# failures inside and outside the guest are reported and lose nothing.
. "$(dirname "$0")/../lib.sh"

if [ -n "${SANITIZE:-}" ]; then
	skip "lab" "sanitizer builds are dynamic; the lab boots the static programs"
	done_testing; exit 0
fi
if ! command -v qemu-system-x86_64 >/dev/null || [ ! -x /bin/busybox ]; then
	skip "lab" "needs qemu-system-x86 and busybox-static (scripts/deps.sh --lab)"
	done_testing; exit 0
fi
K=$("$TOP/tests/lab-kernel.sh")
if [ -z "$K" ]; then
	skip "lab" "no Debian kernel image could be downloaded (apt-get download)"
	done_testing; exit 0
fi
rel=$(basename "$K")
rel=${rel#vmlinuz-}
# issue 16: Debian's 6.12 line, whose modules are .ko.xz
K12=$("$TOP/tests/lab-kernel.sh" 6.12)
if [ -n "$K12" ]; then
	rel12=$(basename "$K12")
	rel12=${rel12#vmlinuz-}
	kernels=(--kernel "$K" --kernel "$K12")
	rels=("$rel" "$rel12")
else
	skip "lab-0.1" "no Debian 6.12 kernel could be downloaded: the matrix is 6.1 only"
	kernels=(--kernel "$K")
	rels=("$rel")
fi
nk=${#rels[@]}
cd "$TMP" || exit 1
sweep=(bench swappiness --swappiness 0,200 --trials 1 --write 96M)

# --- 1: the kernel matrix in one command: kernels x MGLRU off and on ------
# two boots at a time (--jobs 2; section 11 boots the first kernel's two
# one at a time and compares), with the default hog in the default 512M
# guest (issue 16: defaults that work)
start=$(date +%s)
"$VMSCOPE" lab "${kernels[@]}" --lru-gen both --timeout 900 --jobs 2 -o lab.db -- "${sweep[@]}" \
	--tag "note=it's \"quoted\" \$(x)" > out1 2> err1
is "$?" 0 "lab-1.1 a sweep inside $nk kernels x MGLRU off and on succeeds ($(( $(date +%s) - start )) s)"
check "lab-1.2 says which accelerator it used" grep -Eq "booting under (kvm|tcg)$" err1
n=$((nk * 2))
check "lab-1.17 says how many at a time and what the machine would hold" \
	grep -Eq "^lab: $n boots, up to 2 at a time \(--jobs 2; the machine's default would be [0-9]+: [0-9]+ CPUs? / 2 per guest = [0-9]+; [0-9]+ MB available / \(512 MB \+ [0-9]+ MB for QEMU\) per guest = [0-9]+\)$" out1
check "lab-1.18 the second boot began while the first ran" \
	grep -q "^lab: boot 2 of $n (vmlinuz-$rel, lru_gen on), 2 running, 0 done, " err1
check "lab-8.1 the default hog survives the default 512M guest at swappiness 0 and 200: no trial failed" \
	sh -c "test -s out1 && ! grep -q FAILED out1"
check "lab-1.3 a progress line per boot and trial" \
	grep -q "^lab: \[$n/$n\] ${rels[nk - 1]}, lru_gen on: vmscope: trial 2 of 2 (swappiness 200, trial 1)" err1
# (a basic regular expression: the release's '+' is a character)
check "lab-1.3b boot i of n with the time left" \
	grep -q "^lab: boot $n of $n (vmlinuz-${rels[nk - 1]}, lru_gen on)\(, [0-9][0-9]* running, [0-9][0-9]* done\)\{0,1\}, [0-9][0-9]* s elapsed, about [0-9][0-9]* s left$" err1
is "$(q lab.db 'SELECT count(*) FROM run')" $((n * 2)) "lab-1.4 the database came back with every boot's runs"
is "$(q lab.db "SELECT group_concat(k, ' ') FROM (SELECT DISTINCT kernel_release AS k FROM run_facts ORDER BY k)")" \
	"$(printf '%s\n' "${rels[@]}" | sort | paste -sd' ')" "lab-1.5 recorded by the guests' kernels"
for r in "${rels[@]}"; do
	for mode in off on; do
		is "$(q lab.db "SELECT count(*) FROM run_tags WHERE run_id IN (SELECT run_id FROM run_tags
			WHERE key = 'lab_kernel' AND value = '$r (lru_gen $mode)') AND ((key = 'lru_gen' AND value = '$mode')
			OR (key = 'lab_kernel' AND value = '$r (lru_gen $mode)') OR (key = 'lab_memory' AND value = '512M')
			OR (key = 'lab_accel' AND value IN ('kvm', 'tcg')) OR (key = 'kernel' AND value = '$r'))")" \
			"$(q lab.db "SELECT 5 * count(*) FROM run_tags WHERE key = 'lab_kernel' AND value = '$r (lru_gen $mode)'")" \
			"lab-1.6 $r, lru_gen $mode: every run tagged with the kernel, the LRU mode and the lab settings"
		is "$(q lab.db "SELECT count(*) FROM run_tags WHERE key = 'lab_kernel' AND value = '$r (lru_gen $mode)'")" 2 \
			"lab-1.6b $r, lru_gen $mode: both trials came back"
		traced=$(q lab.db "SELECT count(*) || ' ' || coalesce(sum(v.delta), 0) FROM counter_values v
			JOIN run_tags t ON t.run_id = v.run_id AND t.key = 'lab_kernel' AND t.value = '$r (lru_gen $mode)'
			WHERE v.source = 'trace' AND v.name LIKE '%priority%'")
		if [ "$mode" = on ] && [ "${r#6.1.}" != "$r" ]; then
			# 6.1's MGLRU reclaim (evict_folios) does not fire
			# mm_vmscan_lru_shrink_inactive, 6.12's does: the series is
			# recorded, with no passes in it
			check "lab-1.9 $r, lru_gen $mode: the priority series came back (${traced#* } passes)" \
				test "${traced%% *}" -gt 0
		else
			check "lab-1.9 $r, lru_gen $mode: reclaim priorities traced (${traced#* } passes)" \
				test "${traced#* }" -gt 0
		fi
		# kswapd() traces mm_vmscan_kswapd_wake just before each
		# balance_pgdat(), which counts pageoutrun once at entry (v6.1,
		# v6.12 mm/vmscan.c): the walks by order add up to pageoutrun
		walks=$(q lab.db "SELECT coalesce(sum(CASE WHEN v.source = 'trace' THEN v.delta END), 0) || ' ' ||
			coalesce(sum(CASE WHEN v.source = 'vmstat' THEN v.delta END), 0) FROM counter_values v
			JOIN run_tags t ON t.run_id = v.run_id AND t.key = 'lab_kernel' AND t.value = '$r (lru_gen $mode)'
			WHERE v.name LIKE 'kswapd_wake_order_%' OR v.name = 'pageoutrun'")
		check "lab-1.9b $r, lru_gen $mode: kswapd's walks traced by order ($walks) match pageoutrun within 2" \
			test "${walks#* }" -gt 0 -a "$(( ${walks% *} - ${walks#* } ))" -le 2 \
			-a "$(( ${walks#* } - ${walks% *} ))" -le 2
		check "lab-1.11 $r, lru_gen $mode: the console log is kept" \
			grep -q "Linux version $r" "lab.db.logs/$r-lru_gen-$mode.log"
	done
	check "lab-2.3 $r: the guest's facts show MGLRU enabled only when asked" \
		test "$(q lab.db "SELECT count(DISTINCT f.lru_gen) FROM run_facts f JOIN run_tags t ON t.run_id = f.run_id
			AND t.key = 'kernel' AND t.value = '$r'")" = 2
done
is "$(q lab.db "SELECT DISTINCT value FROM run_tags WHERE key = 'note'")" "it's \"quoted\" \$(x)" \
	"lab-1.7 a tag with quotes reaches the guest and comes back as given"
is "$(q lab.db "SELECT count(*) FROM results WHERE name = 'io_mbps' AND value > 0")" $((n * 2)) \
	"lab-1.8 each trial stored its throughput"
is "$(q lab.db "SELECT count(*) FROM results WHERE name = 'hog_mb' AND value > 0 AND value < 0.9 * 512")" $((n * 2)) \
	"lab-1.8b each trial's hog was sized from what the guest had free"
"$VMSCOPE" attribute lab.db 1 > attr1
check "lab-1.10 attribute checks its estimate against the traced priorities" \
	grep -q "traced pages per level (vmscan tracepoints)" attr1
# /var/tmp is shared with other labs on the machine: judge only when none
# runs.  A lab of this test runs here (its working directory is this
# one's): not another, though it may still be exiting (lab-11.14)
labs_here() { for p in $(pgrep -f '[v]mscope lab ' | grep -vx "$$"); do
	[ "$(readlink "/proc/$p/cwd")" = "$PWD" ] && echo "$p"; done; }
others() { for p in $(pgrep -f '[v]mscope lab ' | grep -vx "$$"); do
	[ "$(readlink "/proc/$p/cwd")" = "$PWD" ] || return 0; done; return 1; }
if others; then
	skip "lab-1.12" "another vmscope lab is running: its work directories are in /var/tmp too"
else
	check "lab-1.12 the work directory is removed" test -z "$(ls /var/tmp | grep '^vmscope-lab\.')"
fi
for report in "table --by lab_kernel --rows swappiness" "compare --by lab_kernel" "attribute --by lab_kernel"; do
	check "lab-1.13 the matrix report ends with '$report'" grep -q "^== vmscope $report lab.db$" out1
done
check "lab-1.16 a bench --write given is left as it is" sh -c "! grep -q 'no bench --write' out1"
awk '/^== vmscope table/ { on = 1; next } /^== / { on = 0 } on' out1 > table1
for r in "${rels[@]}"; do
	for mode in off on; do
		check "lab-1.14 the side-by-side table has $r (lru_gen $mode)" \
			grep -qF "$r (lru_gen $mode)" table1
	done
done
if command -v gnuplot > /dev/null; then
	check "lab-1.15 the charts are drawn into lab.db.plots/" test -n "$(ls lab.db.plots 2>/dev/null)"
else
	skip "lab-1.15" "gnuplot is not installed: no charts"
fi
"$VMSCOPE" attribute lab.db 3 > attr3
check "lab-2.5 attribute reports MGLRU runs as outside the classic model" grep -q mglru attr3
"$VMSCOPE" export lab.db 1 --csv --long > before.csv
is "$?" 0 "lab-2.6 run 1 exported, to compare after later labs"

# --- 3: failures: not a kernel; a benchmark that fails inside the guest ----
sum=$(md5sum < lab.db)
"$VMSCOPE" lab --accel tcg --timeout 600 --kernel /etc/hostname --kernel "$K" -o lab.db -- \
	bench swappiness --swappiness 300 > out3 2> err3
is "$?" 1 "lab-3.1 a lab with failed boots exits 1"
check "lab-3.2 a file that is not a kernel is reported" grep -q "is not an x86 bzImage" err3
check "lab-3.3 and the next kernel still boots" grep -q "^lab: \[2/2\] $rel, lru_gen off: booting" err3
check "lab-3.4 the guest's failure is reported with its console log" \
	grep -q "^  | vmscope: bad swappiness '300'" err3
check "lab-3.5 the summary lists both failures" test "$(grep -c 'FAILED' out3)" = 2
check "lab-3.7 with no bench --write the lab sizes it from the guest's memory and says so" \
	grep -q "^lab: no bench --write: each of the 2 writers writes 256M (the guest's 512M in all)$" out3
is "$(md5sum < lab.db)" "$sum" "lab-3.6 the database is untouched"

# --- 4: a boot that times out ---------------------------------------------
"$VMSCOPE" lab --accel tcg --timeout 2 --kernel "$K" -o lab.db -- "${sweep[@]}" > out4 2> err4
is "$?" 1 "lab-4.1 a guest that runs past --timeout is stopped"
check "lab-4.2 and reported as timed out" grep -q "FAILED: timed out after 2 s" out4
is "$(md5sum < lab.db)" "$sum" "lab-4.3 the database is untouched"
# the end of its console log, each line a line of its own: the serial
# console's CR dropped, a line cut short by the stop ended
check "lab-4.4 the console's last lines are quoted without CR, each ended" \
	sh -c "grep -q '^  | ' err4 && ! grep -q \"\$(printf '\r')\" err4 && [ -z \"\$(tail -c1 err4)\" ]"

# --- 5: refused before any boot --------------------------------------------
sqlite3 foreign.db 'CREATE TABLE customers (id INTEGER)'
rc=$(run_rc out5 "$VMSCOPE" lab --accel tcg --kernel "$K" -o foreign.db -- "${sweep[@]}")
is "$rc" 1 "lab-5.1 a database of another program is refused"
check "lab-5.2 before anything is booted" sh -c "grep -q 'not a vmscope database' out5 && ! grep -q booting out5"
rc=$(run_rc out6 "$VMSCOPE" lab --kernel "$K" -o x.db -- swappiness)
is "$rc" 2 "lab-5.3 the benchmark must follow '--' as 'bench ...'"

# --- 6: Ctrl-C in the middle of a boot -------------------------------------
"$VMSCOPE" lab --accel tcg --timeout 600 --kernel "$K" -o lab.db -- "${sweep[@]}" > out7 2> err7 &
pid=$!
for _ in $(seq 100); do grep -q "vmscope: trial 1 of 2" err7 && break; sleep 0.2; done
kill -INT "$pid"
wait "$pid"
is "$?" 130 "lab-6.1 an interrupted lab exits 130"
check "lab-6.2 and says the boot was interrupted" grep -q "FAILED: interrupted" out7
is "$(md5sum < lab.db)" "$sum" "lab-6.3 the database is untouched"
check "lab-6.4 no QEMU is left running" sh -c "! pgrep -f '[q]emu-system-x86_64.*$K' >/dev/null"
if others; then
	skip "lab-6.5" "another vmscope lab is running: its work directories are in /var/tmp too"
else
	check "lab-6.5 the work directory is removed" test -z "$(ls /var/tmp | grep '^vmscope-lab\.')"
fi

# --- 7: the host's database changes while the guest runs ------------------
runs=$(q lab.db 'SELECT count(*) FROM run')
"$VMSCOPE" lab --accel tcg --timeout 600 --kernel "$K" -o lab.db -- "${sweep[@]}" > out8 2> err8 &
pid=$!
for _ in $(seq 100); do grep -q "vmscope: trial 1 of 2" err8 && break; sleep 0.2; done
setup "$COLLECT" -q -n 1 -o lab.db --tag note=meanwhile
wait "$pid"
is "$?" 1 "lab-7.1 a database changed during the boot is not overwritten"
check "lab-7.2 and says why" grep -q "lacks or changes runs the host had: kept the host's" err8
is "$(q lab.db 'SELECT count(*) FROM run')" $((runs + 1)) "lab-7.3 the run recorded meanwhile is kept"
kept="lab.db.logs/$rel-lru_gen-off.db"
is "$(q "$kept" 'SELECT count(*) FROM run' 2>/dev/null)" $((runs + 2)) \
	"lab-7.4 the guest's runs are kept beside its console log"
check "lab-7.5 the summary names that file" grep -q "kept as '$kept'" out8

# --- 8: the labs after section 1 left its runs as they were ------------
"$VMSCOPE" export lab.db 1 --csv --long > after.csv
check "lab-8.3 run 1 is unchanged by later labs, sample for sample" cmp -s before.csv after.csv

# --- 9: kernels by name --------------------------------------------------
mkdir -p xdg/vmscope
ln -s "$(dirname "$(dirname "$K")")" "xdg/vmscope/linux-image-$rel"
rc=$(XDG_CACHE_HOME=$PWD/xdg run_rc out10 "$VMSCOPE" lab --kernel "debian:$rel" --timeout 1 \
	--accel tcg -o name.db -- "${sweep[@]}")
is "$rc" 1 "lab-9.1 a kernel by name from the cache (the boot is cut by --timeout 1)"
check "lab-9.2 found in the cache, not fetched" \
	sh -c "grep -q \"^lab: debian:$rel is '$PWD/xdg/vmscope/linux-image-$rel/boot/vmlinuz-$rel'\" out10 &&
	       ! grep -q fetching out10"
rc=$(XDG_CACHE_HOME=$PWD/xdg run_rc out11 "$VMSCOPE" lab --kernel debian:6.1.0-1-cloud-amd64 -o name.db -- "${sweep[@]}")
is "$rc" 1 "lab-9.3 a kernel name that does not exist is an error"
if command -v apt-cache > /dev/null; then
	check "lab-9.4 that says so and lists what exists" \
		sh -c "grep -q \"no Debian kernel 'debian:6.1.0-1-cloud-amd64'\" out11 &&
		       grep -q 'kernels that exist: .*debian:6.1-cloud (' out11"
else
	skip "lab-9.4" "no apt-cache on this machine"
fi

# --- 10: an OOM kill in a trial is its result, and the lab lists it -------
# a hog of 1.15 x what the guest has free (below RAM + swap, so malloc
# succeeds under heuristic overcommit) with 32M of swap cannot fit
"$VMSCOPE" lab --kernel "$K" --swap 32M -o oom.db -- bench swappiness --swappiness 100 \
	--trials 1 --write 32M --hog-fraction 1.15 > out12 2> err12
is "$?" 0 "lab-10.1 a guest whose trial is OOM-killed still succeeds"
check "lab-10.2 the lab lists the OOM-killed trial with its victim" \
	grep -q "^  $rel (lru_gen off), swappiness 100, trial 1: 1 OOM kill(s), victim hog$" out12
is "$(q oom.db "SELECT r.value || ' ' || t.value FROM results r JOIN run_tags t ON t.run_id = r.run_id
	AND t.key = 'oom' WHERE r.name = 'oom_kills'")" "1.0 hog" "lab-10.3 stored as the trial's result and tag"

# --- 11: --jobs: boots at once, kept as a serial lab keeps them -----------
# Section 1's first kernel again, MGLRU off and on, now one at a time: its
# runs must be those section 1 stored two boots at a time (lab.db's runs 1
# to 4, untouched since, lab-8.3): ids, tags, order.  There the second
# guest started from an empty database, so its runs, counter names and
# layouts were renumbered when they were merged after the first's.
start=$(date +%s)
"$VMSCOPE" lab --kernel "$K" --lru-gen both --timeout 900 --jobs 1 -o serial.db -- "${sweep[@]}" \
	--tag "note=it's \"quoted\" \$(x)" > outj1 2> errj1
is "$?" 0 "lab-11.1 section 1's boots of $rel one at a time ($(( $(date +%s) - start )) s)"
# each run: id, kernel, MGLRU mode and its tags (not the oom tag: an OOM
# kill is the guest's luck, not the lab's bookkeeping)
shape="SELECT r.id || ' ' || r.kernel_release || ' ' || coalesce(r.lru_gen, '-') || ' ' ||
	(SELECT group_concat(key || '=' || value, ';') FROM (SELECT key, value FROM tag t
	 WHERE t.run_id = r.id AND key <> 'oom' ORDER BY key)) FROM run r WHERE r.id <= 4 ORDER BY r.id"
is "$(q lab.db "$shape")" "$(q serial.db "$shape")" \
	"lab-11.4 two at a time, the same runs with the same ids, tags and order as one at a time"
is "$(q serial.db 'SELECT count(*) FROM run')" 4 "lab-11.5 and no others"
# counter ids inside layouts were rewritten: each run's first layout read
# back as names (a boot's MemTotal can differ by a page from another's)
names="SELECT l.run_id || ' ' || group_concat(n.source || ':' || n.name, ',') FROM layout l,
	json_each(l.name_ids) j JOIN counter_name n ON n.id = j.value WHERE l.run_id <= 4 AND
	l.id IN (SELECT min(id) FROM layout GROUP BY run_id) GROUP BY l.id ORDER BY l.run_id"
is "$(q lab.db "$names" | md5sum)" "$(q serial.db "$names" | md5sum)" \
	"lab-11.6 each run's counters read back by name, as one at a time"
# ^C with two guests up and, between them, a boot that fails at once: it
# is reported only after the boot before it (boot order, not the order
# they end in); every guest is stopped, nothing kept, nothing left running
sum=$(md5sum < serial.db)
"$VMSCOPE" lab --accel tcg --timeout 600 --kernel "$K" --kernel /etc/hostname --kernel "${K12:-$K}" \
	--jobs 3 -o serial.db -- "${sweep[@]}" > outj2 2> errj2 &
pid=$!
for _ in $(seq 150); do [ "$(grep -c 'booting under' errj2)" = 2 ] && break; sleep 0.2; done
sleep 1
kill -INT "$pid"
wait "$pid"
is "$?" 130 "lab-11.7 ^C to a lab running two guests exits 130"
check "lab-11.8 and both boots say they were interrupted" \
	test "$(grep -c 'FAILED: interrupted' outj2)" = 2
is "$(grep -E '^lab: \[[0-9]/3\] .*: (FAILED: |done in )' errj2 | cut -c7 | paste -sd' ')" "1 2 3" \
	"lab-11.9 the boots are reported in boot order, the one that failed at once second"
is "$(md5sum < serial.db)" "$sum" "lab-11.10 the database is untouched"
ours() { for p in $(pgrep -f '[q]emu-system-x86_64'); do
	[ "$(readlink "/proc/$p/cwd")" = "$PWD" ] && echo "$p"; done; }
check "lab-11.11 no QEMU of this lab is left running" test -z "$(ours)"
# a lab killed outright (SIGKILL: no handler runs) takes its guests along
"$VMSCOPE" lab --accel tcg --timeout 600 --kernel "$K" --lru-gen both --jobs 2 -o serial.db \
	-- "${sweep[@]}" > outj3 2> errj3 &
pid=$!
for _ in $(seq 150); do [ "$(grep -c 'booting under' errj3)" = 2 ] && break; sleep 0.2; done
sleep 1
kill -KILL "$pid"
wait "$pid"
for _ in $(seq 50); do [ -z "$(ours)" ] && break; sleep 0.2; done
check "lab-11.12 a lab killed with SIGKILL leaves no QEMU running" test -z "$(ours)"
is "$(md5sum < serial.db)" "$sum" "lab-11.13 and the database is untouched"
# its boots' processes clean up as they exit, after the lab's SIGKILL
for _ in $(seq 50); do [ -z "$(labs_here)" ] && break; sleep 0.2; done
if others; then
	skip "lab-11.14" "another vmscope lab is running: its work directories are in /var/tmp too"
else
	check "lab-11.14 its boots removed their work directories" \
		test -z "$(ls /var/tmp | grep '^vmscope-lab\.')"
fi

# --- 12: --cgroup v2: the sweep in a v2 memory cgroup of the guest -------
# Debian's 6.12 has no v1 memory controller (CONFIG_MEMCG_V1 off): v2 is
# how its cgroup limit reclaim is recorded at all.  The guest mounts the
# unified hierarchy bare (no systemd): bench enables the controller.
KV2=${K12:-$K}
relv2=${rel12:-$rel}
"$VMSCOPE" lab --kernel "$KV2" --cgroup v2 -o v2.db -- bench swappiness --swappiness 100 \
	--trials 1 --write 96M --memory 160M > outv2 2> errv2
is "$?" 0 "lab-12.1 a sweep in a v2 memory cgroup of a $relv2 guest succeeds"
is "$(q v2.db "SELECT cgroup LIKE '/sys/fs/cgroup/vmscope-bench-%', cgroup_swappiness IS NULL, swappiness
	FROM run_facts")" "1|1|100" \
	"lab-12.2 the run names the v2 cgroup, which has no swappiness of its own: the global one is swept"
is "$(q v2.db "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key, value FROM run_tags
	WHERE key IN ('lab_cgroup', 'memcg') ORDER BY key)")" "lab_cgroup=v2 memcg=yes" \
	"lab-12.3 tagged with the lab's cgroup and bench's memcg"
is "$(q v2.db "SELECT value FROM counter_values WHERE source = 'memcg' AND name = 'memory.max' AND seq = 0")" \
	$((160 << 20)) "lab-12.4 memory.max, the limit, is sampled"
limit_walks=$(q v2.db "SELECT n.kind || ' ' || sum(v.delta) FROM counter_values v JOIN counter_name n
	ON n.source = v.source AND n.name = v.name WHERE v.source = 'memcg' AND v.name = 'max'")
is "$(grep -Ecx 'counter [1-9][0-9]*' <<< "$limit_walks")" 1 \
	"lab-12.5 memory.events' max, a counter, counts the limit reclaim calls ($limit_walks)"
cg_passes=$(q v2.db "SELECT coalesce(sum(delta), 0) FROM counter_values WHERE source = 'trace'
	AND name LIKE 'cgroup_priority_%'")
check "lab-12.6 the cgroup's limit reclaim is traced apart ($cg_passes passes)" test "${cg_passes:-0}" -gt 0
"$VMSCOPE" attribute v2.db > attrv2 2>&1
check "lab-12.7 attribute replays the cgroup's own lists" grep -q "model split-lru (memory cgroup)" attrv2
check "lab-12.8 finds memory.events to count its walks from (no 'no failcnt' note)" \
	sh -c "grep -q 'priority, cgroup limit reclaim (scan-weighted): estimated' attrv2 &&
	       ! grep -q 'no failcnt' attrv2 && ! grep -q \"lists were not recorded\" attrv2"
check "lab-12.9 no memcg_limit cause" sh -c "! grep -q memcg_limit attrv2"
if [ -n "$K12" ]; then
	rc=$(run_rc outv1 "$VMSCOPE" lab --kernel "$K12" --cgroup v1 --timeout 600 -o v1.db -- "${sweep[@]}")
	is "$rc" 1 "lab-12.10 --cgroup v1 on $rel12 fails"
	check "lab-12.11 and says the kernel has no v1 memory controller" \
		grep -q "cannot mount the v1 memory controller on /sys/fs/cgroup/memory (6.12+ kernels have it only with CONFIG_MEMCG_V1)" outv1
else
	skip "lab-12.10" "no Debian 6.12 kernel: no kernel without a v1 memory controller to boot"
	skip "lab-12.11" "no Debian 6.12 kernel: no kernel without a v1 memory controller to boot"
fi
rc=$(run_rc outv3 "$VMSCOPE" lab --kernel "$K" --cgroup v3 -o v1.db -- "${sweep[@]}")
is "$rc|$(grep -c "bad --cgroup 'v3': v1, v2 or none" outv3)" "2|1" "lab-12.12 --cgroup takes v1, v2 or none"
rc=$(run_rc outv4 "$VMSCOPE" lab --kernel "$K" --cgroup v2 -o v1.db -- "${sweep[@]}" --whole-machine)
is "$rc|$(grep -c "drop bench's --whole-machine" outv4)" "2|1" "lab-12.13 and is not bench's --whole-machine"
done_testing
