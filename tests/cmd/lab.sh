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
cd "$TMP" || exit 1
sweep=(bench swappiness --swappiness 0,100 --trials 1 --write 128M --hog-fraction 0.8)

# --- 1: one kernel, MGLRU off, KVM where it works -------------------------
"$VMSCOPE" lab --kernel "$K" --timeout 600 -o lab.db -- "${sweep[@]}" \
	--tag "note=it's \"quoted\" \$(x)" > out1 2> err1
is "$?" 0 "lab-1.1 a sweep inside a $rel guest succeeds"
check "lab-1.2 says which accelerator it used" grep -Eq "booting under (kvm|tcg)$" err1
check "lab-1.3 a progress line per kernel and trial" \
	grep -q "^lab: \[1/1\] $rel, lru_gen off: vmscope: trial 2 of 2 (swappiness 100, trial 1)" err1
is "$(q lab.db 'SELECT count(*) FROM run')" 2 "lab-1.4 the database came back with both runs"
is "$(q lab.db "SELECT DISTINCT kernel_release FROM run_facts")" "$rel" \
	"lab-1.5 recorded by the guest's kernel"
is "$(q lab.db "SELECT count(*) FROM run_tags WHERE (key = 'lru_gen' AND value = 'off')
	OR (key = 'lab_kernel' AND value = '$rel (lru_gen off)') OR (key = 'lab_memory' AND value = '512M')
	OR (key = 'lab_accel' AND value IN ('kvm', 'tcg')) OR (key = 'kernel' AND value = '$rel')")" 10 \
	"lab-1.6 every run tagged with the kernel, the LRU mode and the lab settings"
is "$(q lab.db "SELECT DISTINCT value FROM run_tags WHERE key = 'note'")" "it's \"quoted\" \$(x)" \
	"lab-1.7 a tag with quotes reaches the guest and comes back as given"
is "$(q lab.db "SELECT count(*) FROM results WHERE name = 'io_mbps' AND value > 0")" 2 \
	"lab-1.8 each trial stored its throughput"
traced=$(q lab.db "SELECT sum(delta) FROM counter_values WHERE source = 'trace' AND name LIKE '%priority%'")
check "lab-1.9 reclaim priorities traced inside the guest ($traced passes)" test "${traced:-0}" -gt 0
setup "$VMSCOPE" attribute lab.db > attr1
check "lab-1.10 attribute checks its estimate against the traced priorities" \
	grep -q "traced priority (vmscan tracepoints)" attr1
check "lab-1.11 the console log is kept" grep -q "Linux version $rel" "lab.db.logs/$rel-lru_gen-off.log"
check "lab-1.12 the work directory is removed" test -z "$(ls /var/tmp | grep '^vmscope-lab\.')"

# --- 2: MGLRU on, into the same database: the earlier runs are kept -------
setup "$VMSCOPE" export lab.db 1 --csv --long > before.csv
"$VMSCOPE" lab --accel tcg --timeout 600 --lru-gen on --kernel "$K" -o lab.db -- "${sweep[@]}" > out2 2> err2
is "$?" 0 "lab-2.1 the same sweep with MGLRU on"
is "$(q lab.db "SELECT count(*) FROM run_tags WHERE key = 'lru_gen' AND value = 'on'")" 2 \
	"lab-2.2 two more runs, tagged lru_gen=on"
check "lab-2.3 the guest's facts show MGLRU enabled" \
	test "$(q lab.db 'SELECT lru_gen FROM run_facts WHERE run_id = 3')" != \
	     "$(q lab.db 'SELECT lru_gen FROM run_facts WHERE run_id = 1')"
setup "$VMSCOPE" export lab.db 1 --csv --long > after.csv
check "lab-2.4 run 1 is unchanged, sample for sample" cmp -s before.csv after.csv
check "lab-2.5 attribute reports MGLRU runs as outside the classic model" \
	sh -c "'$VMSCOPE' attribute lab.db 3 | grep -q mglru"

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
is "$(md5sum < lab.db)" "$sum" "lab-3.6 the database is untouched"

# --- 4: a boot that times out ---------------------------------------------
"$VMSCOPE" lab --accel tcg --timeout 2 --kernel "$K" -o lab.db -- "${sweep[@]}" > out4 2> err4
is "$?" 1 "lab-4.1 a guest that runs past --timeout is stopped"
check "lab-4.2 and reported as timed out" grep -q "FAILED: timed out after 2 s" out4
is "$(md5sum < lab.db)" "$sum" "lab-4.3 the database is untouched"

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
check "lab-6.5 the work directory is removed" test -z "$(ls /var/tmp | grep '^vmscope-lab\.')"

# --- 7: the host's database changes while the guest runs ------------------
runs=$(q lab.db 'SELECT count(*) FROM run')
"$VMSCOPE" lab --accel tcg --timeout 600 --kernel "$K" -o lab.db -- "${sweep[@]}" > out8 2> err8 &
pid=$!
for _ in $(seq 100); do grep -q "vmscope: trial 1 of 2" err8 && break; sleep 0.2; done
setup "$COLLECT" -q -n 1 -o lab.db --tag note=meanwhile
wait "$pid"
is "$?" 1 "lab-7.1 a database changed during the boot is not overwritten"
check "lab-7.2 and says why" grep -q "lacks runs the host had: kept the host's" err8
is "$(q lab.db 'SELECT count(*) FROM run')" $((runs + 1)) "lab-7.3 the run recorded meanwhile is kept"
kept="lab.db.logs/$rel-lru_gen-off.db"
is "$(q "$kept" 'SELECT count(*) FROM run' 2>/dev/null)" $((runs + 2)) \
	"lab-7.4 the guest's runs are kept beside its console log"
check "lab-7.5 the summary names that file" grep -q "kept as '$kept'" out8
done_testing
