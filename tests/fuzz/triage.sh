#!/usr/bin/env bash
# tests/fuzz/triage.sh TARGET... - sort a target's crash inputs by bug.
#
# Runs every input in tests/fuzz/crashes/TARGET/ through
# build/fuzz/fuzz-TARGET and groups them by what broke and where (the
# sanitizer's error and the first frame in collector/, analyzer/, lab/,
# model/ or tests/fuzz/, where a target's own checks trap).
# Prints one line per bug with the smallest input; with --prune, keeps
# only that input per bug.
set -u
cd "$(dirname "$0")/../.."
prune=0
[ "${1:-}" = --prune ] && { prune=1; shift; }
for t in "$@"; do
	dir=tests/fuzz/crashes/$t
	declare -A best=() size=() count=()
	for f in "$dir"/*; do
		[ -f "$f" ] || continue
		out=$(UBSAN_OPTIONS=print_stacktrace=1 timeout 20 "build/fuzz/fuzz-$t" "$f" 2>&1)
		# a value in the message ("1e+300 is outside the range ...") is
		# not part of the bug; a target's own check names itself
		# ("fuzz_model: p_est outside 0..12") before it traps
		what=$(grep -m1 -oE "ERROR: [A-Za-z]+Sanitizer: [a-z-]+|runtime error: [^']+|deadly signal" <<< "$out" |
			sed -E 's/^runtime error: [-+.0-9a-z]+ is outside/runtime error: N is outside/')
		check=$(grep -m1 -oE '^fuzz_[a-z_]+: .*' <<< "$out")
		[ -n "$check" ] && what="$what ($check)"
		where=$(grep -m1 -oE ' in [a-z_0-9]+ /[^ ]*(collector|analyzer|lab|model|tests/fuzz)/[^ ]*' <<< "$out" |
			sed 's| in \([^ ]*\) /.*/\([a-z]*/[^/:]*:[0-9]*\).*| \1 \2|')
		[ -z "$what" ] && what="no longer crashes"
		key="$what at${where:- ?}"
		n=$(stat -c %s "$f")
		count[$key]=$(( ${count[$key]:-0} + 1 ))
		if [ -z "${best[$key]:-}" ] || [ "$n" -lt "${size[$key]}" ]; then
			best[$key]=$f size[$key]=$n
		fi
	done
	for key in "${!best[@]}"; do
		echo "$t: $key: ${count[$key]} inputs, smallest ${best[$key]} (${size[$key]} bytes)"
	done
	if [ "$prune" = 1 ]; then
		for f in "$dir"/*; do
			keep=0
			for key in "${!best[@]}"; do [ "${best[$key]}" = "$f" ] && keep=1; done
			[ "$keep" = 1 ] || rm -f "$f"
		done
	fi
	unset best size count
done
