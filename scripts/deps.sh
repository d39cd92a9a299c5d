#!/usr/bin/env bash
# scripts/deps.sh - install the Debian packages vmscope builds and tests with.
#
# Installs only what is missing, so a second run is quiet.  sysstat is a
# test dependency: tests/cmd/import.sh makes an sa file with sadc and
# imports it through sadf.  --bench adds what `make bench` needs: the
# load generator stress-ng, valgrind and strace for its instruction and
# system-call counts (bench also measures sadc beside the collector).  QEMU and a
# static busybox are for `vmscope lab` (its guests' initramfs); liblzma
# and libzstd (static libraries in the -dev packages) decompress its
# kernels' modules.  Needs root (or sudo).
set -eu
pkgs="gcc make libc6-dev libsqlite3-dev zlib1g-dev liblzma-dev libzstd-dev libcsv-dev sqlite3 gnuplot-nox
	clang libclang-rt-dev qemu-system-x86 busybox-static chromium sysstat"
[ "${1:-}" = "--bench" ] && pkgs="$pkgs stress-ng valgrind strace"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
echo "installing:$missing"
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
	$missing >/dev/null
