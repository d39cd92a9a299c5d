#!/usr/bin/env bash
# harness: tests/run.sh counts only the checks the tests emit, and a test
# that ran no check, died half-way or planned otherwise is a failure.
# Each case runs run.sh on a small fake test and reads its verdict.
. "$(dirname "$0")/../lib.sh"
# a broken run.sh that ran every test for a named one would recurse
[ -n "${VMSCOPE_IN_HARNESS_TEST:-}" ] && skip_all "already inside the harness self-test"
export VMSCOPE_IN_HARNESS_TEST=1

# fake NAME BODY: a command test that sources lib.sh, then runs BODY
fake() {
	printf '. "%s/tests/lib.sh"\n%s\n' "$TOP" "$2" > "$TMP/$1.sh"
}

# verdict NAME: run run.sh on the fake; sets vrc (its exit) and vlast
# (its closing line); the whole output is in $TMP/NAME.out
verdict() {
	"$TOP/tests/run.sh" "$TMP/$1.sh" > "$TMP/$1.out" 2>&1
	vrc=$?
	vlast=$(tail -n 1 "$TMP/$1.out")
}

fake good 'pass one; pass two; skip three "no frobnicator"; done_testing'
verdict good
is "$vrc" 0 "harness-1.1 a test with a plan that matches passes"
is "$vlast" "2 passed, 0 failed, 1 skipped" "harness-1.2 the closing line counts passes and skips"
check "harness-1.3 a skip is printed with its reason" grep -q "skipped: three # SKIP no frobnicator" "$TMP/good.out"

fake stray 'echo "ok - printed by a program"; echo "ok 7 - on stderr" >&2; pass real; done_testing'
verdict stray
is "$vlast" "1 passed, 0 failed, 0 skipped" "harness-2.1 a program's stray 'ok' line is not a pass"
is "$vrc" 0 "harness-2.2 and does not break the plan"

fake strayonly 'echo "ok 1 - printed by a program"; done_testing'
verdict strayonly
is "$vrc" 1 "harness-2.3 a test whose only 'ok' is a program's fails"
check "harness-2.4 as one that ran no check" grep -q "ran no check" "$TMP/strayonly.out"

fake noplan 'pass one'
verdict noplan
is "$vrc" 1 "harness-3.1 a test without a plan fails"
is "$vlast" "1 passed, 1 failed, 0 skipped" "harness-3.2 and counts as one failure"
check "harness-3.3 saying so" grep -q "harness: no plan" "$TMP/noplan.out"

fake mismatch 'pass one; echo "1..3" >&9'
verdict mismatch
is "$vrc" 1 "harness-4.1 a plan larger than the checks run fails"
check "harness-4.2 naming both numbers" grep -q "planned 3 checks, ran 1" "$TMP/mismatch.out"

fake twoplans 'pass one; done_testing; done_testing'
verdict twoplans
is "$vrc" 1 "harness-4.3 two plans fail"

fake died 'pass one; exit 3; pass two; done_testing'
verdict died
is "$vrc" 1 "harness-5.1 a test that died half-way fails"
check "harness-5.2 with its exit status" grep -q "FAIL .*died.sh (exit 3)" "$TMP/died.out"

fake diedafter 'pass one; done_testing; exit 1'
verdict diedafter
is "$vrc" 1 "harness-5.3 a non-zero exit after a complete plan fails"

fake zero 'done_testing'
verdict zero
is "$vrc" 1 "harness-6.1 a test that ran no check fails"
is "$vlast" "0 passed, 1 failed, 0 skipped" "harness-6.2 and is counted as a failure"

fake skipall 'skip_all "no swap on this machine"; pass never'
verdict skipall
is "$vrc" 0 "harness-7.1 a test that skips everything with a reason passes"
is "$vlast" "0 passed, 0 failed, 1 skipped" "harness-7.2 counted as skipped"
check "harness-7.3 its reason is printed" grep -q "skipped: no swap on this machine" "$TMP/skipall.out"

fake failing 'pass one; fail two "got: 1" "want: 2"; done_testing'
verdict failing
is "$vrc" 1 "harness-8.1 a failed check fails the run"
is "$vlast" "1 passed, 1 failed, 0 skipped" "harness-8.2 counted once"
check "harness-8.3 with its diagnostics" grep -q "#   want: 2" "$TMP/failing.out"
fake multiline 'is "$(printf "a\nb")" "$(printf "a\nc")" "two lines"; done_testing'
verdict multiline
check "harness-8.4 a diagnostic of several lines stays TAP" grep -q "^    #   b$" "$TMP/multiline.out"
! grep -q "not a TAP line" "$TMP/multiline.out" && pass "harness-8.5 and is no protocol error" ||
	fail "harness-8.5 and is no protocol error"

fake setupfail 'pass one; setup sh -c "echo boom-on-stderr >&2; exit 4"; pass never; done_testing'
verdict setupfail
is "$vrc" 1 "harness-9.1 a setup command that exits non-zero fails the test"
check "harness-9.2 showing its stderr" grep -q "boom-on-stderr" "$TMP/setupfail.out"
check "harness-9.3 and its exit status" grep -q "setup: sh -c .* (exit 4)" "$TMP/setupfail.out"
! grep -q "ok - never" "$TMP/setupfail.out" && pass "harness-9.4 the checks after it do not run" ||
	fail "harness-9.4 the checks after it do not run"

# a failed check after it, so run.sh prints the test's output
fake setupok 'x=$(setup sh -c "echo out; echo err-kept >&2"); is "$x" out "stdout"; fail "show output"; done_testing'
verdict setupok
is "$vlast" "1 passed, 1 failed, 0 skipped" "harness-9.5 a setup command that succeeds passes its stdout on"
check "harness-9.6 and keeps its stderr" grep -q "| err-kept" "$TMP/setupok.out"

# the unit tests' TAP producer, compiled on its own
if cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -I"$TOP/tests/unit" -o "$TMP/unit-stray" -x c - "$TOP/tests/unit/tap.c" <<'EOF'
#include <stdio.h>
#include "tap.h"
int main(int argc, char **argv)
{
	printf("ok 1 - printed by the code under test\n");
	fflush(stdout);
	tap_ok(1, "real");
	tap_ok(argc == 1, "argc");
	if (argc > 1 && argv[1][0] == 'd')
		return 0;   /* died before tap_done */
	if (argc > 1 && argv[1][0] == 's')
		return tap_skip_all("no kernel");
	return tap_done();
}
EOF
then
	printf '#!/bin/sh\nexec "%s" "$@"\n' "$TMP/unit-stray" > "$TMP/unit"
	chmod +x "$TMP/unit"
	"$TOP/tests/run.sh" "$TMP/unit" > "$TMP/unit.out" 2>&1
	is "$?:$(tail -n 1 "$TMP/unit.out")" "0:2 passed, 0 failed, 0 skipped" \
		"harness-10.1 tap.c: the code under test's 'ok' line is not counted"
	printf '#!/bin/sh\nexec "%s" die\n' "$TMP/unit-stray" > "$TMP/unit"
	"$TOP/tests/run.sh" "$TMP/unit" > "$TMP/unit.out" 2>&1
	is "$?" 1 "harness-10.2 tap.c: a unit test that ends without tap_done fails"
	printf '#!/bin/sh\nexec "%s" skip\n' "$TMP/unit-stray" > "$TMP/unit"
	"$TOP/tests/run.sh" "$TMP/unit" > "$TMP/unit.out" 2>&1
	is "$?" 1 "harness-10.3 tap.c: checks before tap_skip_all break its 1..0 plan"
	"$TMP/unit-stray" > "$TMP/unit.hand" 2>&1
	check "harness-10.4 tap.c run by hand prints its TAP on stdout" grep -q "^ok 2 - argc" "$TMP/unit.hand"
else
	fail "harness-10 cannot compile tests/unit/tap.c"
fi

# a test killed half-way runs none of its own cleanup: what it made in
# its temporary directory is removed by run.sh all the same
printf 'd=$(mktemp -d)\ntouch "$d/left"\necho "$d" > "%s/killed.dir"\nkill -9 $$\n' "$TMP" > "$TMP/killed.sh"
verdict killed
is "$vrc:$(grep -c '^/' "$TMP/killed.dir")" "1:1" "harness-13.1 a test killed by SIGKILL fails (it said where its files were)"
check "harness-13.2 and its temporary files are gone" test ! -e "$(cat "$TMP/killed.dir")"

"$TOP/tests/run.sh" "$TMP/good.sh" "$TMP/failing.sh" > "$TMP/two.out" 2>&1
is "$(tail -n 1 "$TMP/two.out")" "3 passed, 1 failed, 1 skipped" "harness-11.1 run.sh SCRIPT... runs exactly those"
"$TOP/tests/run.sh" "$TMP/nonesuch.sh" > "$TMP/none.out" 2>&1
is "$?" 1 "harness-11.2 a named test that does not exist fails"
(cd "$TMP" && "$TOP/tests/run.sh" good.sh) > "$TMP/rel.out" 2>&1
is "$?:$(tail -n 1 "$TMP/rel.out")" "0:2 passed, 0 failed, 1 skipped" "harness-11.3 a relative path is taken from the caller's directory"
# Mutants name code by its text: a refactor that changes that text leaves
# the mutant malformed, and only the CI's mutate-smoke would notice.
"$TOP/scripts/mutate.sh" --list > "$TMP/mutants.out" 2> "$TMP/mutants.err"
is "$?:$(cat "$TMP/mutants.err")" "0:" "harness-12.1 every mutant in tests/mutants names code that occurs exactly once"
printf 'tests/lib.sh\tno such text in lib.sh\tx\tstale\n' > "$TMP/stale.txt"
"$TOP/scripts/mutate.sh" --list "$TMP/stale.txt" > /dev/null 2> "$TMP/stale.err"
is "$?:$(grep -c 'stale: FROM occurs 0 times' "$TMP/stale.err")" "1:1" \
	"harness-12.2 a mutant whose text is gone is reported malformed, exit 1"
done_testing
