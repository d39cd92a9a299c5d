#!/usr/bin/env bash
# tests/run.sh - run the unit tests and command tests, count the results.
#
#   tests/run.sh              every test: tests/unit/t-*, tests/cmd/*.sh
#   tests/run.sh SCRIPT...    only those (a .sh is run with bash, anything
#                             else is executed)
#
# Prints each failure in full and ends with "N passed, N failed, N skipped".
# Exits non-zero when a check failed or a test script went wrong.
#
# DESIGN: a test writes its TAP lines to the file descriptor named by
# $VMSCOPE_TAP_FD (tests/lib.sh, tests/unit/tap.c), which is opened here on
# a file of its own; the programs under test write to stdout/stderr, a
# separate log.  Only the TAP file is counted, so a program printing
# "ok ..." is never a pass.  A script must end with a plan, "1..N", and N
# must equal the checks counted: a script that died half-way (no plan, or
# fewer lines than planned) or ran no check at all fails, unless it said
# why it skipped everything ("1..0 # SKIP reason").
set -u
# the scripts named, as absolute paths, before moving to the top
args=()
for t in "$@"; do
	case $t in /*) args+=("$t") ;; *) args+=("$PWD/$t") ;; esac
done
cd "$(dirname "$0")/.."
passed=0 failed=0 skipped=0
log=$(mktemp) tapf=$(mktemp) scratch=""
trap 'rm -f "$log" "$tapf"; [ -n "$scratch" ] && rm -rf "$scratch"' EXIT
TAP_FD=9

# tap_verdict: read $tapf and $rc; sets p f s plan_err skip_all
tap_verdict() {
	local line plans=0 plan=-1 count=0
	p=0 f=0 s=0 plan_err="" skip_all=""
	while IFS= read -r line; do
		case $line in
		"not ok"*) f=$((f + 1)); count=$((count + 1)) ;;
		"ok "*"# SKIP"* | "ok "*"# skip"*) s=$((s + 1)); count=$((count + 1)) ;;
		"ok "*) p=$((p + 1)); count=$((count + 1)) ;;
		"1..0 # SKIP"*) plans=$((plans + 1)); plan=0; skip_all=${line#1..0 # SKIP} ;;
		1..*) plans=$((plans + 1)); plan=${line#1..} ;;
		"#"* | "") ;;
		*) plan_err="not a TAP line: $line" ;;
		esac
	done < "$tapf"
	if [ -n "$plan_err" ]; then
		:
	elif [ "$plans" -eq 0 ]; then
		plan_err="no plan: the test ended before done_testing/tap_done ($count checks seen)"
	elif [ "$plans" -gt 1 ]; then
		plan_err="$plans plans printed"
	elif ! [[ $plan =~ ^[0-9]+$ ]]; then
		plan_err="bad plan '1..$plan'"
	elif [ "$plan" -ne "$count" ]; then
		plan_err="planned $plan checks, ran $count"
	elif [ "$plan" -eq 0 ] && [ -z "$skip_all" ]; then
		plan_err="ran no check, and gave no reason (1..0 # SKIP reason)"
	fi
}

run_one() {
	local name=$1 rc start=$SECONDS; shift
	# each test's temporary files under a directory of its own, removed
	# here: a test killed half-way (a mutant, a crash, a timeout) cannot
	# leave its files behind in /tmp
	scratch=$(mktemp -d "${TMPDIR:-/tmp}/vmscope-test.XXXXXX")
	# traversable by all, as /tmp is: tests run programs as nobody on
	# files of their own directories (db-readers.sh)
	chmod 711 "$scratch"
	TMPDIR=$scratch VMSCOPE_TAP_FD=$TAP_FD "$@" >"$log" 2>&1 9>"$tapf"
	rc=$?
	rm -rf "$scratch"
	scratch=""
	secs=$((SECONDS - start))
	tap_verdict
	passed=$((passed + p)); skipped=$((skipped + s)); failed=$((failed + f))
	if [ "$f" -gt 0 ] || [ -n "$plan_err" ] || [ "$rc" -ne 0 ]; then
		echo "FAIL $name (exit $rc)"
		[ -n "$plan_err" ] && echo "    harness: $plan_err"
		grep -v '^ok ' "$tapf" | sed 's/^/    /'
		[ -s "$log" ] && { echo "    output:"; sed 's/^/    | /' "$log"; }
		# a script that went wrong without a failed check is one failure
		[ "$f" -eq 0 ] && failed=$((failed + 1))
	elif [ -n "$skip_all" ]; then
		printf '%-32s skipped:%s\n' "$name" "$skip_all"
		skipped=$((skipped + 1))
	else
		printf '%-32s %3d passed' "$name" "$p"
		[ "$s" -gt 0 ] && printf ', %d skipped' "$s"
		# seconds, where CI's time goes (a file of 2 s or more)
		[ "$secs" -ge 2 ] && printf ' (%d s)' "$secs"
		echo
		grep -i '^ok .*# SKIP' "$tapf" | sed 's/^ok[^-]*- /    skipped: /'
	fi
}

run_path() {
	case $1 in
	*.sh) run_one "$1" bash "$1" ;;
	*) run_one "$1" "$1" ;;
	esac
}

if [ ${#args[@]} -gt 0 ]; then
	for t in "${args[@]}"; do
		if [ ! -f "$t" ]; then
			echo "FAIL $t (no such test)"
			failed=$((failed + 1))
			continue
		fi
		run_path "${t#"$PWD"/}"
	done
else
	for t in tests/unit/t-*; do
		[ -x "$t" ] && [ "${t%.[cod]}" = "$t" ] && run_path "$t"
	done
	for t in tests/cmd/*.sh; do
		run_path "$t"
	done
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
