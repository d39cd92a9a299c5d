#!/usr/bin/env bash
# collect-lossless: what the database returns equals the raw snapshots.
#
# The collector reads a captured tree (--root) whose proc/vmstat the test
# rewrites between ticks, so every sample's raw text is known exactly.
# The series holds what real kernels print and a collector must survive:
# a gauge at 2^64-1, values above 2^32, a name that vanishes and comes
# back, a name that appears mid-run, a key printed twice, and counters
# that go backwards (resets).
. "$(dirname "$0")/../lib.sh"
root="$TMP/root"
mkdir -p "$root/proc"
base="$FIXTURES/6.19.13-200.fc43_pd-andronix.vmstat"
db="$TMP/lossless.db"

set_value() { awk -v n="$2" -v v="$3" '$1 == n && !done {$2 = v; done = 1} {print}' "$1"; }
cp "$base" "$TMP/snap0"
set_value "$TMP/snap0" pgfault 123456789 | set_value /dev/stdin nr_free_pages 18446744073709551615 |
	set_value /dev/stdin pgmajfault 4294967301 > "$TMP/snap1"
grep -v '^pswpin ' "$TMP/snap1" | awk '{print} $1 == "pgfault" {print "pgfault 1"}' > "$TMP/snap2"
echo "new_counter 77" >> "$TMP/snap2"
set_value "$TMP/snap1" pgfault 1000 > "$TMP/snap3"; echo "new_counter 78" >> "$TMP/snap3"
set_value "$TMP/snap3" nr_free_pages 5 | set_value /dev/stdin pgmajfault 18446744073709551614 > "$TMP/snap4"
set_value "$TMP/snap4" pgmajfault 3 > "$TMP/snap5"

cp "$TMP/snap0" "$root/proc/vmstat"
"$COLLECT" -q --root "$root" -i 0.4 --commit-interval 0.01 -n 6 -o "$db" &
pid=$!
on_exit "kill $pid"
synced=1
for k in 1 2 3 4 5; do
	for _ in $(seq 250); do
		n=$(q "$db" "SELECT count(*) FROM sample" 2>/dev/null)
		[ "${n:-0}" -ge "$k" ] && break
		sleep 0.02
	done
	[ "${n:-0}" -eq "$k" ] || synced=0
	cat "$TMP/snap$k" > "$root/proc/vmstat"
done
wait $pid
is "$?" 0 "lossless-1.1 the collector reads a captured tree"
is "$synced" 1 "lossless-1.2 each snapshot was written between two ticks"

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
