#!/usr/bin/env bash
# tests/run.sh - run every unit test and command test, count the results.
#
# Prints each failure in full and ends with "N passed, N failed, N skipped".
# Exits non-zero when a check failed or a test script died.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0 skipped=0 died=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_one() {
	local name=$1; shift
	"$@" >"$log" 2>&1
	local rc=$? p f s
	p=$(grep -c '^ok ' "$log")
	s=$(grep -c '^ok .*# SKIP' "$log")
	f=$(grep -c '^not ok ' "$log")
	passed=$((passed + p - s)); skipped=$((skipped + s)); failed=$((failed + f))
	if [ "$f" -gt 0 ] || { [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; }; then
		echo "FAIL $name (exit $rc)"
		grep -v '^ok ' "$log" | sed 's/^/    /'
		[ "$f" -eq 0 ] && died=$((died + 1))
	else
		printf '%-32s %3d passed' "$name" $((p - s))
		[ "$s" -gt 0 ] && printf ', %d skipped' "$s"
		echo
		grep '# SKIP' "$log" | sed 's/^ok[^-]*- /    skipped: /'
	fi
}

for t in tests/unit/t-*; do
	[ -x "$t" ] && [ "${t%.[cod]}" = "$t" ] && run_one "$t" "$t"
done
for t in tests/cmd/*.sh; do
	run_one "$t" bash "$t"
done
failed=$((failed + died))
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
