#!/usr/bin/env bash
# scripts/demo.sh - README's first command: set up, build, record, show.
#
# Installs the build dependencies, builds, then records this machine for a
# few seconds while a small workload writes 256 MiB through the page cache,
# with a marker, and reads the run back through the database's views.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
make -s
db=${1:-vmscope-demo.db}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo
echo "recording this machine into $db (about 6 s)..."
build/vmscope-collect -q -i 0.5 -o "$db" --meminfo --psi --label demo \
	--tag kernel="$(uname -r)" --tag swappiness="$(cat /proc/sys/vm/swappiness)" -- \
	sh -c "sleep 2; '$PWD/build/vmscope' mark '$db' 'writer started';
	       dd if=/dev/zero of='$work/data' bs=1M count=256 conv=fsync status=none; sleep 2"
run=$(sqlite3 "$db" "SELECT max(run_id) FROM run_facts")
echo
echo "== the run (view run_facts)"
sqlite3 -header -column "$db" "SELECT run_id, label, kernel_release, samples, interval_s,
	exit_status, round(elapsed_s, 2) AS elapsed_s FROM run_facts WHERE run_id = $run"
echo
echo "== markers"
sqlite3 -header -column "$db" "SELECT round(t, 3) AS t, text FROM markers WHERE run_id = $run"
echo
echo "== page cache and writeback per sample (view counter_values)"
sqlite3 -header -column "$db" "SELECT round(t, 1) AS t,
	max(CASE WHEN name = 'nr_file_pages' THEN value END) AS file_pages,
	max(CASE WHEN name = 'nr_dirty' THEN value END) AS dirty,
	max(CASE WHEN name = 'pgpgout' THEN delta END) AS pgpgout_kb,
	max(CASE WHEN name = 'pswpout' THEN delta END) AS pswpout
	FROM counter_values WHERE run_id = $run AND source = 'vmstat' GROUP BY seq ORDER BY seq"
echo
echo "database: $(realpath "$db")"
echo "try:      sqlite3 $db \"SELECT * FROM counter_values WHERE name = 'pgfault' LIMIT 5\""
