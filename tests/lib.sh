# tests/lib.sh - helpers for the command tests (sourced by tests/cmd/*.sh).
#
# Each check prints one TAP line, "ok - NAME" or "not ok - NAME" (with
# "# SKIP reason" for skips); tests/run.sh counts them.  Every script gets
# its own temporary directory, removed on exit whatever happens.

set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COLLECT="$TOP/build/vmscope-collect"
VMSCOPE="$TOP/build/vmscope"
FIXTURES="$TOP/tests/fixtures/vmstat"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/vmscope-test.XXXXXX")
CLEANUPS=()

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

pass() { echo "ok - $1"; }
fail() { echo "not ok - $1"; shift; for l in "$@"; do echo "#   $l"; done; }
skip() { echo "ok - $1 # SKIP $2"; }

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
