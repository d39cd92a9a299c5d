#!/usr/bin/env bash
# scripts/mutate.sh - mutation testing: break the code on purpose, one
# mutant at a time, and see whether the tests notice.
#
#   scripts/mutate.sh [--smoke] [--list] [MUTANT-FILE...]
#
# Mutants are data (tests/mutants/*.txt by default): one a line, four
# TAB-separated fields FILE, FROM, TO, NAME; FROM is a literal string that
# occurs exactly once in FILE (relative to the top), replaced by TO.
# Lines starting with # are comments.
#
# DESIGN: the working tree is never touched.  The tree (with its objects,
# so builds are incremental) is copied once to a scratch directory; there
# each mutant is applied, the programs and unit tests rebuilt, and the
# tests that guard FILE run (see tests_for: its unit tests first, then
# command tests) until one fails: the mutant is "killed".  Then FILE is
# put back.  A mutant that does not build is "stillborn" (a bad mutant,
# not a test result); one whose test hangs past MUTATE_TIMEOUT (120)
# seconds is killed.  The first time a test kills a mutant it is also run
# on the unmutated copy: a test that fails there is left out (and said),
# so it cannot kill mutants for nothing.
#
# --smoke (CI): only mutants of files with unit tests, at most
# MUTATE_SMOKE_MAX (10) spread evenly over the list.
#
# Exit status (also of --list): 1 if a mutant survived that
# tests/mutants/known-survivors
# does not list (by NAME), or a mutant is malformed; 0 otherwise.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
smoke=0 list=0
files=()
for a in "$@"; do
	case $a in
	--smoke) smoke=1 ;;
	--list) list=1 ;;
	-h | --help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) files+=("$a") ;;
	esac
done
[ ${#files[@]} -eq 0 ] && files=(tests/mutants/*.txt)
TIMEOUT=${MUTATE_TIMEOUT:-120}
SMOKE_MAX=${MUTATE_SMOKE_MAX:-10}

# ---- reading the mutants --------------------------------------------------

M_FILE=() M_FROM=() M_TO=() M_NAME=()
bad=0
# occurrences FILE FROM: how often FROM (one line, literal) occurs in
# FILE, not overlapping (grep: bash's ${s#*"$2"} over a whole file took
# a minute for the 370 mutants)
occurrences() {
	grep -oF -e "$2" -- "$1" | wc -l
}
for mf in "${files[@]}"; do
	[ -f "$mf" ] || continue
	ln=0
	while IFS= read -r line || [ -n "$line" ]; do
		ln=$((ln + 1))
		case $line in '#'* | '') continue ;; esac
		IFS=$'\t' read -r f from to name extra <<< "$line"
		if [ -z "${name:-}" ] || [ -n "${extra:-}" ] || [ -z "$from" ]; then
			echo "mutate: $mf:$ln: want FILE<TAB>FROM<TAB>TO<TAB>NAME" >&2
			bad=$((bad + 1)); continue
		fi
		if [ ! -f "$f" ]; then
			echo "mutate: $mf:$ln: $name: no file '$f'" >&2
			bad=$((bad + 1)); continue
		fi
		n=$(occurrences "$f" "$from")
		if [ "$n" -ne 1 ]; then
			echo "mutate: $mf:$ln: $name: FROM occurs $n times in $f, not once" >&2
			bad=$((bad + 1)); continue
		fi
		M_FILE+=("$f") M_FROM+=("$from") M_TO+=("$to") M_NAME+=("$name")
	done < "$mf"
done

# ---- which tests guard a file ---------------------------------------------

# unit tests whose Makefile rule links FILE's object, from make's own
# database (prerequisites expanded: $(MODEL_OBJS) names model/*.o)
UNIT_RULES=$(make -qp 2>/dev/null | grep -E '^tests/unit/t-[a-z_-]+: ')
# (a header: those that link any object of its folder, which include it)
unit_tests_for() {
	local obj=${1%.c}.o
	case $1 in
	*.h) awk -v d="${1%/*}/" '{ t = $1; sub(/:$/, "", t)
		for (i = 2; i <= NF; i++) if (index($i, d) == 1 && $i ~ /\.o$/) { print t; break } }' \
		<<< "$UNIT_RULES" | sort -u ;;
	*) awk -v o="$obj" '{ t = $1; sub(/:$/, "", t) }
		index(" " $0 " ", " " o " ") { print t }' <<< "$UNIT_RULES" | sort -u ;;
	esac
}

# command tests for FILE.  The slow ones (bench: minutes, global state;
# lab: QEMU guests) only for their own sources, or with MUTATE_SLOW=1.
cmd_tests_for() {
	local f=$1 base
	case $f in
	# the database's own code: also the tests of what a database may
	# hold (triggers, damage, run ids, locks), which only db-*.sh try
	collector/db.c | collector/store.c | collector/tail.c)
		ls tests/cmd/collect-*.sh tests/cmd/db-*.sh; echo tests/cmd/import.sh tests/cmd/export.sh ;;
	collector/*) ls tests/cmd/collect-*.sh; echo tests/cmd/import.sh tests/cmd/export.sh ;;
	analyzer/cmd/*)
		# a subcommand's own parts are <command>_<part>.c; report draws
		# its charts with plot's (plot_charts(): --of-largest is report's)
		base=$(basename "$f" .c)
		base=${base%%_*}
		[ "$base" = plot ] && echo tests/cmd/report.sh
		grep -l "\"\$VMSCOPE\" $base\b\|run_rc [^ ]* \"\$VMSCOPE\" $base\b" tests/cmd/*.sh ;;
	analyzer/* | schema/*)
		grep -l '"$VMSCOPE"' tests/cmd/*.sh ;;
	lab/*) echo tests/cmd/lab.sh ;;
	bench/*) echo tests/cmd/bench.sh ;;
	*) ls tests/cmd/*.sh ;;
	esac | tr ' ' '\n' | sort -u | while read -r t; do
		case $t in
		tests/cmd/bench.sh) [[ $f == analyzer/cmd/bench.c || $f == bench/* || ${MUTATE_SLOW:-0} = 1 ]] && echo "$t" ;;
		tests/cmd/lab.sh) [[ $f == lab/* || $f == analyzer/cmd/lab.c || ${MUTATE_SLOW:-0} = 1 ]] && echo "$t" ;;
		tests/cmd/harness.sh | tests/cmd/help.sh | tests/cmd/install.sh | tests/cmd/names.sh) ;;
		*) [ -f "$t" ] && echo "$t" ;;
		esac
	done
}

tests_for() { unit_tests_for "$1"; cmd_tests_for "$1"; }

if [ "$list" = 1 ]; then
	for i in "${!M_NAME[@]}"; do
		echo "${M_NAME[$i]} (${M_FILE[$i]}): $(tests_for "${M_FILE[$i]}" | tr '\n' ' ')"
	done
	[ "$bad" -eq 0 ]
	exit
fi

known=""
[ -f "$top/tests/mutants/known-survivors" ] && known=$(sed 's/#.*//' "$top/tests/mutants/known-survivors")

# smoke: files with unit tests, at most SMOKE_MAX mutants spread evenly;
# not the known survivors: their outcome is known, and a survivor runs
# every test that guards its file (three of them took CI's smoke from
# 101 s to 323 s)
sel=()
for i in "${!M_NAME[@]}"; do
	if [ "$smoke" = 0 ] || { [ -n "$(unit_tests_for "${M_FILE[$i]}")" ] &&
		! grep -qx "[[:space:]]*${M_NAME[$i]}[[:space:]]*" <<< "$known"; }; then
		sel+=("$i")
	fi
done
if [ "$smoke" = 1 ] && [ ${#sel[@]} -gt "$SMOKE_MAX" ]; then
	picked=()
	for ((k = 0; k < SMOKE_MAX; k++)); do
		picked+=("${sel[$((k * ${#sel[@]} / SMOKE_MAX))]}")
	done
	sel=("${picked[@]}")
fi
if [ ${#sel[@]} -eq 0 ]; then
	echo "mutate: no mutants in ${files[*]}" >&2
	exit 1
fi

# ---- the scratch copy -----------------------------------------------------

scratch=$(mktemp -d "${TMPDIR:-/tmp}/vmscope-mutate.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
# the tree as it is (objects included, so builds are incremental), less
# what no test needs: the history, the kernel cache, fuzzing state
tar -C "$top" --exclude=./.git --exclude=./tests/.cache --exclude=./build/fuzz \
	--exclude=./tests/fuzz/corpus --exclude=./tests/fuzz/crashes -cf - . | tar -C "$scratch" -xf -
[ -e "$top/tests/.cache" ] && ln -s "$(readlink -f "$top/tests/.cache")" "$scratch/tests/.cache"
cd "$scratch" || exit 1
UNITS=$(awk '/^UNIT_TESTS *=/,!/\\$/' Makefile | tr -d '\\' | sed 's/^UNIT_TESTS *=//')
# programs the command tests run (collect-basic runs tests/tools/mlock-pages)
TOOLS=$(awk '/^TEST_TOOLS *=/,!/\\$/' Makefile | tr -d '\\' | sed 's/^TEST_TOOLS *=//')
build() {
	# shellcheck disable=SC2086
	make -s -j2 ${SANITIZE:+SANITIZE=$SANITIZE} all $UNITS $TOOLS bench/hog > "$scratch/.build.log" 2>&1
}
if ! build; then
	echo "mutate: the unmutated tree does not build:" >&2
	cat "$scratch/.build.log" >&2
	exit 1
fi
# make sees every later change: the copy kept the tree's timestamps
sleep 1

# run_test T: 0 if the test passes
run_test() {
	timeout -k 10 "$TIMEOUT" tests/run.sh "$1" > "$scratch/.test.log" 2>&1
}

# ok_test[T]: 1 if T passes on the unmutated tree, 0 if not; checked the
# first time T kills a mutant (a test that fails anyway kills nothing)
declare -A ok_test

# apply I / restore I: the mutant in, or the file back as it was
apply() {
	printf '%s' "${orig/"${M_FROM[$1]}"/"${M_TO[$1]}"}" > "${M_FILE[$1]}"
}
restore() { printf '%s' "$orig" > "${M_FILE[$1]}"; }

# baseline I T: is T green unmutated?  Leaves mutant I applied and built.
baseline() {
	restore "$1"
	if build && run_test "$2"; then
		ok_test[$2]=1
	else
		ok_test[$2]=0
		echo "mutate: $2 fails on the unmutated tree; left out:" >&2
		grep -E '^FAIL|not ok|harness:' "$scratch/.test.log" | head -n 5 | sed 's/^/    /' >&2
	fi
	apply "$1"
	build
}

killed=0 survived=0 stillborn=0 new_survivors=0
printf '%-36s %-28s %s\n' mutant file result
for i in "${sel[@]}"; do
	f=${M_FILE[$i]} name=${M_NAME[$i]}
	orig=$(cat "$f"; echo x)   # the x keeps trailing newlines
	orig=${orig%x}
	apply "$i"
	result="" by=""
	if ! build; then
		result=stillborn
		stillborn=$((stillborn + 1))
	else
		for t in $(tests_for "$f"); do
			[ "${ok_test[$t]:-1}" = 1 ] || continue
			run_test "$t" && continue
			rc=$?
			why=$(grep -m1 -E 'not ok|harness:' "$scratch/.test.log" | sed 's/^ *//')
			[ "$rc" = 124 ] && why="timeout after ${TIMEOUT}s"
			[ -z "${ok_test[$t]+x}" ] && baseline "$i" "$t"
			[ "${ok_test[$t]}" = 1 ] || continue
			# a test that is flaky under load must not kill: once more
			if [ "$rc" != 124 ] && run_test "$t"; then
				echo "mutate: $name: $t failed once, then passed (flaky?): $why" >&2
				continue
			fi
			result=killed by="$t ($why)"
			break
		done
		if [ -n "$result" ]; then
			killed=$((killed + 1))
		else
			result=SURVIVED
			survived=$((survived + 1))
			if ! grep -qx "[[:space:]]*$name[[:space:]]*" <<< "$known"; then
				new_survivors=$((new_survivors + 1))
			else
				result="SURVIVED (known)"
			fi
		fi
	fi
	restore "$i"
	printf '%-36s %-28s %s\n' "$name" "$f" "$result${by:+ by $by}"
done
build || { echo "mutate: the tree does not build once restored" >&2; exit 1; }
total=$((killed + survived))
score=0
[ "$total" -gt 0 ] && score=$((100 * killed / total))
echo "mutation score: $killed of $total killed ($score%), $survived survived" \
	"($new_survivors not in known-survivors), $stillborn stillborn, $bad malformed"
[ "$new_survivors" -eq 0 ] && [ "$bad" -eq 0 ]
