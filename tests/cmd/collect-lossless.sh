#!/usr/bin/env bash
# collect-lossless: what the database returns equals the raw snapshots
# (the series of series_db in tests/lib.sh).
. "$(dirname "$0")/../lib.sh"
db="$TMP/lossless.db"
series_db "$db"
is "$series_rc" 0 "lossless-1.1 the collector reads a captured tree"
is "$series_synced" 1 "lossless-1.2 each snapshot was written between two ticks"

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
done_testing
