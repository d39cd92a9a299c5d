#!/usr/bin/env bash
# install: make install honours PREFIX and DESTDIR; uninstall removes it all.
. "$(dirname "$0")/../lib.sh"
dest="$TMP/dest"
make -s -C "$TOP" ${SANITIZE:+SANITIZE=$SANITIZE} install PREFIX=/opt/vms DESTDIR="$dest" >/dev/null
is "$?" 0 "install-1.1 make install"
for f in bin/vmscope-collect bin/vmscope share/man/man1/vmscope-collect.1 share/man/man1/vmscope.1; do
	check "install-1.2 installs $f" test -f "$dest/opt/vms/$f"
done
"$dest/opt/vms/bin/vmscope-collect" -q -n 1 -o "$TMP/i.db" && pass "install-1.3 the installed collector runs" ||
	fail "install-1.3 the installed collector runs"
make -s -C "$TOP" ${SANITIZE:+SANITIZE=$SANITIZE} uninstall PREFIX=/opt/vms DESTDIR="$dest" >/dev/null
is "$(find "$dest" -type f | wc -l)" 0 "install-1.4 make uninstall removes every file"
done_testing
