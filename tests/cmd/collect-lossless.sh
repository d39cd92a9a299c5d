#!/usr/bin/env bash
# collect-lossless: what the database returns equals the raw snapshots
# (the series of series_db in tests/lib.sh).
. "$(dirname "$0")/../lib.sh"
db="$TMP/lossless.db"
series_db "$db"
is "$series_rc" 0 "lossless-1.1 the collector reads a captured tree"
is "$series_synced" 1 "lossless-1.2 each snapshot was written between two ticks (at -i $series_interval)"

for k in 0 1 2 3 4 5; do
	want=$(awk '!seen[$1]++ {print $1 "|" $2}' "$TMP/snap$k" | sort)
	got=$(q "$db" "SELECT name || '|' || u64 FROM counter_values WHERE seq = $k ORDER BY name" | sort)
	if [ "$got" == "$want" ]; then
		pass "lossless-2.$k sample $k equals its raw snapshot"
	else
		fail "lossless-2.$k sample $k equals its raw snapshot" \
			"$(diff <(echo "$want") <(echo "$got") | head -5 | tr '\n' ' ')"
	fi
done

d() { q "$db" "SELECT coalesce(delta, 'NULL') || ',' || reset FROM counter_values WHERE seq = $1 AND name = '$2'"; }
is "$(d 1 nr_free_pages)" "$(( $(awk '$1=="nr_free_pages"{print $2}' "$TMP/snap0") * -1 - 1 )),0" \
	"lossless-3.1 a gauge going 'negative' has a signed delta"
is "$(d 2 pswpin)" "" "lossless-3.2 a vanished name has no row"
is "$(d 2 new_counter)" "NULL,0" "lossless-3.3 a new name has no delta at first"
is "$(d 3 new_counter)" "1,0" "lossless-3.4 then deltas"
is "$(d 3 pswpin)" "NULL,0" "lossless-3.5 a name that comes back starts afresh"
is "$(d 2 pgfault)" "0,0" "lossless-3.6 a key printed twice keeps the first"
is "$(d 3 pgfault)" "NULL,1" "lossless-3.7 a counter that goes backwards is a reset, not a negative delta"
is "$(d 4 nr_free_pages)" "6,0" "lossless-3.8 a gauge back from 2^64-1 has delta 6"
is "$(d 5 pgmajfault)" "NULL,1" "lossless-3.9 a reset from above 2^63"
is "$(d 1 pgmajfault)" "$(( 4294967301 - $(awk '$1=="pgmajfault"{print $2}' "$TMP/snap0") )),0" \
	"lossless-3.10 deltas above 2^32"

# Issue 11: a counter that steps back by more than a signed 64-bit delta
# holds (2^63 + 1 -> 2^62) is stored as an absolute, and still flagged as
# a reset; a step forward across 2^63 of the same size is not a reset.
root="$TMP/big"
mkdir -p "$root/proc"
printf 'pgmajfault 9223372036854775809\npgfault 4611686018427387904\nnr_free_pages 9223372036854775809\n' > "$root/proc/vmstat"
"$COLLECT" -q --root "$root" -i 0.4 --commit-interval 0.01 -n 2 -o "$TMP/big.db" &
pid=$!
on_exit "kill $pid"
for _ in $(seq 250); do
	n=$(q "$TMP/big.db" "SELECT count(*) FROM sample" 2>/dev/null)
	[ "${n:-0}" -ge 1 ] && break
	sleep 0.02
done
printf 'pgmajfault 4611686018427387904\npgfault 9223372036854775809\nnr_free_pages 4611686018427387904\n' > "$root/proc/vmstat"
wait $pid
is "$?" 0 "lossless-4.0 a run across the 2^63 boundary"
is "$n" 1 "lossless-4.0.1 the file was rewritten between the two samples"
d4() { q "$TMP/big.db" "SELECT u64 || ',' || coalesce(delta, 'NULL') || ',' || reset FROM counter_values WHERE seq = 1 AND name = '$1'"; }
is "$(d4 pgmajfault)" "4611686018427387904,NULL,1" "lossless-4.1 a counter back from 2^63+1 to 2^62 is a reset"
is "$(d4 pgfault)" "9223372036854775809,NULL,0" "lossless-4.2 a counter forward from 2^62 to 2^63+1 is not a reset"
is "$(d4 nr_free_pages)" "4611686018427387904,NULL,0" "lossless-4.3 a gauge back from 2^63+1 is not a reset"
# a key frame bigger than the whole tail (64 KiB: 10,000 names of 12
# digits) is committed at once, not appended to the tail (store_queue());
# every sample still equals its snapshot
mkdir -p "$TMP/huge/proc"
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "c%05d %d\n", i, 100000000000 + 7 * i }' > "$TMP/huge/proc/vmstat"
rc=$(run_rc "$TMP/out" "$COLLECT" -q --root "$TMP/huge" -i 0.05 -n 3 -o "$TMP/huge.db")
is "$rc" 0 "lossless-5.1 a run whose key frame does not fit in the tail"
want=$(awk '{print $1 "|" $2}' "$TMP/huge/proc/vmstat" | sort)
for k in 0 2; do
	is "$(q "$TMP/huge.db" "SELECT name || '|' || u64 FROM counter_values WHERE seq = $k" | sort | md5sum)" \
		"$(echo "$want" | md5sum)" "lossless-5.2.$k sample $k of 10,000 names equals the file"
done
# a name in two sources is two counters, each with its own value, in
# every run of the database (counter_name is keyed by source and name, and
# shared by the runs; memory.stat and /proc/vmstat share pgfault): here
# /proc/meminfo and /proc/vmstat, in a first run and in a second, which
# finds both names stored
mkdir -p "$TMP/two/proc"
printf 'pgfault 100\nnr_free_pages 7\n' > "$TMP/two/proc/vmstat"
printf 'MemTotal:    1000 kB\npgfault:       55 kB\n' > "$TMP/two/proc/meminfo"
want="MemTotal=1000 pgfault=55 nr_free_pages=7 pgfault=100"
for r in 1 2; do
	setup "$COLLECT" -q --root "$TMP/two" --meminfo -i 0.05 -n 2 -o "$TMP/two.db"
	for k in 0 1; do
		is "$(q "$TMP/two.db" "SELECT group_concat(name || '=' || u64, ' ') FROM (SELECT * FROM counter_values WHERE run_id = $r AND seq = $k ORDER BY source, name)")" \
			"$want" "lossless-6.$r.$k pgfault in /proc/meminfo and in /proc/vmstat: two counters, each its own value (run $r, sample $k)"
	done
done
# a snapshot with no counter at all (an empty file: a --root tree caught
# between truncate and write) is a sample with no counter, as in import
# (import-9.5): its layout has no name to intern, so nothing to commit
mkdir -p "$TMP/empty/proc"
: > "$TMP/empty/proc/vmstat"
rc=$(run_rc "$TMP/out" "$COLLECT" -q --root "$TMP/empty" -i 0.05 -n 2 -o "$TMP/empty.db")
is "$rc|$(q "$TMP/empty.db" "SELECT count(*) || '|' || group_concat(DISTINCT l.name_ids) FROM sample s JOIN layout l ON l.id = s.layout_id")" \
	"0|2|[]" "lossless-7.1 an empty vmstat: two samples of an empty layout"
done_testing
