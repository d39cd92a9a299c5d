# tests/lib.sh - helpers for the command tests (sourced by tests/cmd/*.sh).
#
# Each check prints one TAP line, "ok - NAME" or "not ok - NAME" (with
# "# SKIP reason" for skips), and the script's last line, done_testing,
# prints the plan "1..N" (N: the checks run).  tests/run.sh compares the
# plan with the lines it counted, so a script that dies half-way, or runs
# no check at all, is a failure, not a quiet "0 passed".  Every script gets
# its own temporary directory, removed on exit whatever happens.
#
# DESIGN: the TAP lines go to their own file descriptor, $VMSCOPE_TAP_FD,
# which tests/run.sh opens on a file of its own; stdout and stderr (the
# programs under test, their ASan reports) go to a separate log.  A program
# that happens to print "ok ..." therefore can never be counted as a pass.
# Run by hand (bash tests/cmd/foo.sh), the TAP lines go to stdout.

set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COLLECT="$TOP/build/vmscope-collect"
VMSCOPE="$TOP/build/vmscope"
FIXTURES="$TOP/tests/fixtures/vmstat"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vmscope-test.XXXXXX")
CLEANUPS=()
if [ -n "${VMSCOPE_TAP_FD:-}" ] && { true >&"$VMSCOPE_TAP_FD"; } 2>/dev/null; then
	exec 9>&"$VMSCOPE_TAP_FD"
else
	exec 9>&1
fi
# the programs under test must not find it
unset VMSCOPE_TAP_FD
# One line per check, appended from any subshell, so the plan counts
# checks run inside ( ... ) or a pipeline too.
TAP_COUNT="$TMP/.tap-count"
: > "$TAP_COUNT"

cleanup() {
	local i
	for ((i = ${#CLEANUPS[@]} - 1; i >= 0; i--)); do
		eval "${CLEANUPS[$i]}" >/dev/null 2>&1 || true
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# on_exit CMD: run CMD at exit, last registered first
on_exit() { CLEANUPS+=("$1"); }

tap() { echo "$1" >&9; echo >> "$TAP_COUNT"; }
pass() { tap "ok - $1"; }
# fail NAME [DIAGNOSTIC...]: each diagnostic line is printed as "#   ..."
fail() {
	local l
	tap "not ok - $1"
	shift
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/#   /' >&9; done
}
# skip NAME REASON: a check that cannot run here, and why
skip() { tap "ok - $1 # SKIP $2"; }
# note TEXT: a diagnostic line beside the TAP lines
note() { echo "# $*" >&9; }

# done_testing: the plan; every script's last line
done_testing() { echo "1..$(wc -l < "$TAP_COUNT")" >&9; }

# skip_all REASON: the whole script cannot run here; ends the script
skip_all() { echo "1..0 # SKIP $1" >&9; exit 0; }

# setup CMD...: run a step the checks depend on; if it exits non-zero the
# script fails there, loudly, with the command's output (an ASan report
# included).  Output is kept in $TMP/setup.out, stdout is passed through.
setup() {
	local rc err
	err=$(mktemp "$TMP/setup.XXXXXX")
	"$@" 2> "$err"
	rc=$?
	cat "$err" >&2
	if [ "$rc" -ne 0 ]; then
		fail "setup: $* (exit $rc)"
		sed 's/^/#   /' "$err" >&9
		# in a subshell the not-ok line alone fails the script
		[ "$BASHPID" = "$$" ] && done_testing
		exit 1
	fi
	rm -f "$err"
}

# is GOT WANT NAME
is() {
	if [ "$1" == "$2" ]; then pass "$3"; else fail "$3" "got:  $1" "want: $2"; fi
}

# check NAME CMD...: passes when CMD exits 0
check() {
	local name=$1; shift
	if "$@"; then pass "$name"; else fail "$name" "command failed: $*"; fi
}

# q DB SQL: one query through the plain sqlite3 shell
q() { sqlite3 -batch -noheader "$1" "$2"; }

# run_cmd OUTFILE CMD...: run, keep stdout+stderr, echo the exit code
run_rc() {
	local out=$1; shift
	"$@" >"$out" 2>&1
	echo $?
}

need_root() { [ "$(id -u)" = 0 ]; }

# series_db DB: record six hand-made snapshots of /proc/vmstat into DB.
#
# The collector reads a captured tree (--root) whose proc/vmstat is
# rewritten between ticks, so every sample's raw text is known exactly
# ($TMP/snap0 .. snap5).  The series holds what real kernels print and a
# collector must survive: a gauge at 2^64-1, values above 2^32, a name
# that vanishes and comes back, a name that appears mid-run, a key printed
# twice, and counters that go backwards (resets).  Sets series_rc (the
# collector's exit status) and series_synced (1 if every rewrite fell
# between two ticks).  That takes timing only: where a loaded machine
# kept the rewrite from landing between two ticks, the series is
# recorded again, into a new DB, at longer intervals (0.4, 1, 2.5 s);
# series_interval says which one the DB holds.
series_db() {
	for series_interval in 0.4 1 2.5; do
		rm -f "$1" "$1-wal" "$1-shm" "$1-journal"
		series_record "$1" "$series_interval"
		[ "$series_synced" = 1 ] && return
	done
}
series_record() {  # series_record DB INTERVAL
	local db=$1 root="$TMP/root" base="$FIXTURES/6.19.13-200.fc43_pd-andronix.vmstat" k n pid
	mkdir -p "$root/proc"
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
	"$COLLECT" -q --root "$root" -i "$2" --commit-interval 0.01 -n 6 -o "$db" &
	pid=$!
	on_exit "kill $pid 2>/dev/null"
	series_synced=1
	for k in 1 2 3 4 5; do
		for _ in $(seq 600); do
			n=$(q "$db" "SELECT count(*) FROM sample" 2>/dev/null)
			[ "${n:-0}" -ge "$k" ] && break
			sleep 0.02
		done
		[ "${n:-0}" -eq "$k" ] || series_synced=0
		cat "$TMP/snap$k" > "$root/proc/vmstat"
	done
	wait $pid
	series_rc=$?
	unset 'CLEANUPS[${#CLEANUPS[@]}-1]'     # its kill: it has exited
}
