#!/usr/bin/env bash
# help: -h for every program and subcommand; the man pages cover every flag.
. "$(dirname "$0")/../lib.sh"

rc=$(run_rc "$TMP/out" "$COLLECT" -h)
is "$rc" 0 "help-1.1 vmscope-collect -h exits 0"
sed 's/\\-/-/g' "$TOP/docs/vmscope-collect.1" > "$TMP/man"
for flag in -i -n -d -o --label --tag --meminfo --zoneinfo --cgroup --psi --trace-priority --lru-gen --folios --commit-interval --root; do
	check "help-1.2 -h lists $flag" grep -q -- "$flag" "$TMP/out"
	check "help-1.3 the man page documents $flag" grep -q -- "^\.[BIR]\+ .*$flag" "$TMP/man"
done
setup "$COLLECT" --version > "$TMP/version"
check "help-1.4 --version" grep -q '^vmscope-collect [0-9]' "$TMP/version"

setup "$VMSCOPE" --list-cmds > "$TMP/cmds"
# an empty list would make the loop below vanish: that is a failure
check "help-2.0 vmscope --list-cmds lists commands ($(wc -l < "$TMP/cmds"))" test -s "$TMP/cmds"
for cmd in $(cat "$TMP/cmds"); do
	rc=$(run_rc "$TMP/out" "$VMSCOPE" "$cmd" -h)
	is "$rc" 0 "help-2 vmscope $cmd -h exits 0"
	check "help-2 vmscope $cmd -h prints its usage" grep -q "^usage: vmscope $cmd" "$TMP/out"
	check "help-2 the man page has a section for $cmd" grep -q "^\\.SS $cmd" "$TOP/docs/vmscope.1"
done
rc=$(run_rc "$TMP/out" "$VMSCOPE")
is "$rc" 2 "help-3.1 vmscope without a command is misuse"
rc=$(run_rc "$TMP/out" "$VMSCOPE" frobnicate)
is "$rc" 2 "help-3.2 an unknown command is misuse"
check "help-3.3 and is named" grep -q "unknown command 'frobnicate'" "$TMP/out"
done_testing
