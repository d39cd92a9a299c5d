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
done_testing
