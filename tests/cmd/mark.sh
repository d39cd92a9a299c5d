#!/usr/bin/env bash
# mark: markers added from another shell while the collector records.
. "$(dirname "$0")/../lib.sh"
db="$TMP/mark.db"
text=$'dd "started"\n; DROP TABLE marker; -- \\ $(reboot)'

rc=$(run_rc "$TMP/out" "$VMSCOPE" mark "$TMP/none.db" hello)
is "$rc" 1 "mark-1.1 a missing database is an error"
check "mark-1.2 and is not created" test ! -e "$TMP/none.db"
setup "$COLLECT" -q -n 1 -o "$db"
rc=$(run_rc "$TMP/out" "$VMSCOPE" mark "$db" hello)
is "$rc" 1 "mark-1.3 no run being recorded is an error"
check "mark-1.4 and says so" grep -q "no run is being recorded" "$TMP/out"

"$COLLECT" -q -i 0.05 -o "$db" &
pid=$!
on_exit "kill -9 $pid"
sleep 0.5
rc=$(run_rc "$TMP/out" "$VMSCOPE" mark "$db" "$text")
is "$rc" 0 "mark-2.1 a marker while recording"
sleep 0.3
setup "$VMSCOPE" mark --run 2 "$db" second
rc=$(run_rc "$TMP/out" "$VMSCOPE" mark --run 1 "$db" late)
is "$rc" 1 "mark-2.2 an ended run is refused"
kill -INT $pid
wait $pid
is "$(q "$db" "SELECT text FROM markers WHERE run_id = 2 ORDER BY t LIMIT 1")" "$text" \
	"mark-2.3 marker text is stored exactly"
t1=$(q "$db" "SELECT t FROM markers WHERE run_id = 2 ORDER BY t LIMIT 1")
t2=$(q "$db" "SELECT t FROM markers WHERE run_id = 2 ORDER BY t DESC LIMIT 1")
end=$(q "$db" "SELECT max(t) FROM samples WHERE run_id = 2")
check "mark-2.4 marker times lie inside the run ($t1 < $t2 < $end)" \
	awk -v a="$t1" -v b="$t2" -v e="$end" 'BEGIN { exit !(a > 0.3 && a < b && b < e && b - a > 0.2) }'
is "$(q "$db" "SELECT count(*) FROM marker")" 2 "mark-2.5 exactly the two markers"
rc=$(run_rc "$TMP/out" "$VMSCOPE" mark "$db")
is "$rc" 2 "mark-3.1 missing text is misuse"
done_testing
