#!/usr/bin/env bash
# scripts/demo.sh - README's first command: set up, build, run, show.
#
# Installs the Debian packages, builds, then runs a short swappiness sweep
# in a small memory cgroup with a temporary swap file (about a minute),
# prints the 2004 table and the attribution, and draws the plots.  Where
# the machine cannot (not root, no memory cgroup), it says why and records
# this machine for a few seconds instead.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
make -s
db=${1:-vmscope-demo.db}
if [ "$(id -u)" = 0 ] && { [ -f /sys/fs/cgroup/memory/memory.limit_in_bytes ] ||
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; }; then
	echo "running a short swappiness sweep in a 128 MB memory cgroup into $db..."
	build/vmscope bench swappiness -o "$db" --memory 128M --swapfile 256M \
		--swappiness 0,60,100 --trials 2
	echo
	build/vmscope attribute "$db" --by swappiness
	build/vmscope plot "$db" --out vmscope-demo-plots 2>/dev/null
	echo
	echo "plots: $(realpath vmscope-demo-plots)/*.png (and .gp, .dat)"
	echo "database: $(realpath "$db")"
	exit 0
fi
echo "the sweep needs root and a memory cgroup: recording this machine for 6 s instead"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build/vmscope-collect -q -i 0.5 -o "$db" --meminfo --psi --label demo \
	--tag kernel="$(uname -r)" --tag swappiness="$(cat /proc/sys/vm/swappiness)" -- \
	sh -c "sleep 2; '$PWD/build/vmscope' mark '$db' 'writer started';
	       dd if=/dev/zero of='$work/data' bs=1M count=256 conv=fsync status=none; sleep 2"
build/vmscope show "$db"
echo
echo "database: $(realpath "$db")"
echo "try:      sqlite3 $db \"SELECT * FROM counter_values WHERE name = 'pgfault' LIMIT 5\""
