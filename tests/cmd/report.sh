#!/usr/bin/env bash
# report: the comparison to mail.  From runs recorded here and from a sweep
# imported from fixtures: report.txt fits a mail (76 columns, printable
# ASCII), report.md links only files that exist, report.html is one file
# a browser renders, and a hostile tag value is inert text in all three.
. "$(dirname "$0")/../lib.sh"
cd "$TMP" || exit 1
[ -n "${KEEP:-}" ] && trap - EXIT
SERIES="$TOP/tests/fixtures/series/2.6.32-vendor_linux-mm-shahzad"
if ! command -v gnuplot > /dev/null; then
	skip "report" "gnuplot is not installed (apt-get install gnuplot-nox)"
	done_testing; exit 0
fi

# longest line and any byte that is not printable ASCII (newline aside)
width() { awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$1"; }
controls() { LC_ALL=C grep -c '[^ -~]' "$1"; }
# targets of Markdown links and images that are not files beside it
missing_links() {
	grep -o '](\([^)]*\))' "$1/report.md" | sed 's/^](//; s/)$//' |
		while read -r f; do [ -e "$1/$f" ] || echo "$f"; done
}

# --- runs recorded on this machine: two swappiness tags, one trial each
for sw in 0 60; do
	"$COLLECT" -q -i 0.1 --meminfo -o rec.db --tag kernel="$(uname -r)" --tag swappiness=$sw -- sh -c \
		"'$VMSCOPE' mark rec.db 'writers started'; dd if=/dev/zero of=f bs=1M count=32 status=none; sleep 0.3; rm -f f"
	is "$?" 0 "report-0.$sw recorded a run with swappiness $sw"
done
rc=$(run_rc rec.out "$VMSCOPE" report rec.db --by swappiness -o rec --format txt,md,html)
is "$rc" 0 "report-1.1 a report of two runs recorded here"
for f in txt md html; do
	check "report-1.2 report.$f written" test -s rec/report.$f
done
is "$(width rec/report.txt)" "$(( $(width rec/report.txt) <= 76 ? $(width rec/report.txt) : 76 ))" \
	"report-1.3 no line of report.txt over 76 columns"
is "$(controls rec/report.txt)" 0 "report-1.4 report.txt holds printable ASCII only"
check "report-1.5 it says what was compared" grep -q "swappiness = 0: 1 trial (run 1 of rec.db" rec/report.txt
check "report-1.19 facts equal in every run are listed once" \
	grep -q "The same in every run: kernel_release $(uname -r);.* page_size [0-9]*; cpus [0-9]*;" <(tr '\n' ' ' < rec/report.txt)
check "report-1.6 one trial a side is 'n too small', no p-value" grep -q "n<3: n too small" rec/report.txt
check "report-1.7 the metrics in ncompare columns" \
	grep -q "^      base +-%sd    %change       new +-%sd   p(Holm)  metric$" rec/report.txt
check "report-1.8 the attribution per group" grep -q "^swappiness 60 (1 run, model " rec/report.txt
# the report's command lines with their continuation lines joined: where
# a line wraps depends on the length of the collector's path
unwrapped() { tr '\n' '\r' < "$1" | sed 's/ \\\r    / /g' | tr '\r' '\n'; }
check "report-1.9 the collector's command line" grep -q "vmscope-collect -q -i 0.1 --meminfo -o rec.db" <(unwrapped rec/report.txt)
check "report-1.10 and the report's own" grep -q "^vmscope report --by swappiness -o rec --format txt,md,html rec.db" rec/report.txt
# (which metrics change between two host runs is up to the host: the
# charts of known data are checked on the imported sweep below)
check "report-1.11 a charts section" grep -q "^Charts$" rec/report.txt
is "$(missing_links rec)" "" "report-1.12 report.md links only files that exist"
check "report-1.14 the status lines went to stderr" grep -q "^vmscope: wrote rec/report.txt" rec.out
# the same charts in both: each PNG linked from report.md is an SVG inlined
# in report.html, which refers to no file
is "$(grep -c '<svg' rec/report.html)" "$(grep -c '^!\[' rec/report.md)" \
	"report-1.15 report.html inlines as SVG every chart report.md links"
check "report-1.16 and there are charts" test "$(grep -c '<svg' rec/report.html)" -ge 2
# a database whose file name holds an escape sequence and a newline: the
# name is shown, cleaned, in every paragraph that names it
cp rec.db $'rec\e[7m\nSubject: x.db'
rc=$(run_rc odd.out "$VMSCOPE" report $'rec\e[7m\nSubject: x.db' --by swappiness -o odd --format txt,md,html)
is "$rc" 0 "report-1.17 a report from a database with a hostile file name"
# (gnuplot's SVG indents with tabs: count the other control characters)
is "$(controls odd/report.txt)$(controls odd/report.md)$(tr -d '\t' < odd/report.html | LC_ALL=C grep -c '[^ -~]')" 000 \
	"report-1.18 its name arrives without control characters in all three"

# --- a sweep imported from fixture snapshots: swappiness 0, 60, 100, three
# trials each; swap-out grows with swappiness (none at 0), trial by trial
# a little different, so the spread is known
for sw in 0 60 100; do for t in 1 2 3; do
	k=0
	for f in "$SERIES"/*.txt; do
		awk -v add=$((k * sw * (50 + t))) '$1 == "pswpout" { $2 += add } { print }' "$f"
		k=$((k + 1))
	done > loop.log
	"$VMSCOPE" import loop.log -o sweep.db -i 5 --tag kernel=2.6.32-vendor \
		--tag swappiness=$sw --tag trial=$t 2> import.err
	is "$?" 0 "report-2.0 imported swappiness $sw trial $t"
done; done
q sweep.db "INSERT INTO result (run_id, name, value) SELECT id, 'io_mbps', 100 + id FROM run"
rc=$(run_rc sweep.out "$VMSCOPE" report sweep.db --by swappiness --baseline 0 -o sweep --format txt,md,html)
is "$rc" 0 "report-2.1 a report of the imported sweep"
check "report-2.2 the 2004 table for a sweep" grep -q "Total I/O   Avg Swap" sweep/report.txt
check "report-2.3 with a line per swappiness value" grep -q "^ 100   10[0-9].[0-9][0-9] MB/s" sweep/report.txt
# swap_out from 0 (all three trials) to 6000+ pages: a p-value all the same,
# significant after Holm's correction
check "report-2.4 0 -> N swapped is 'from 0' and significant" \
	grep -qE "^ +0 +from 0 +[0-9.]+K? +\+- *[0-9]+% +[0-9.e-]+\* +swap_out$" sweep/report.txt
check "report-2.16 the compare chart shows swap_out, a change from 0" grep -q "^swap_out " sweep/charts/compare.dat
check "report-2.17 the text chart of what changed most, in the mail" grep -qE "^ *1 = swap_out(,|$)" sweep/report.txt
check "report-2.18 report.md shows it as a PNG" grep -q '^!\[.*\](charts/compare.png)' sweep/report.md
# swap_out against 0, 0, 0 is 6120, 6240, 6360 (2 x 60 x (50 + t)): Welch's
# t = 6240 / sqrt(120^2 / 3), df = 2, where the two-sided p-value has the
# closed form 1 - t / sqrt(t^2 + 2); every other metric is equal in all
# runs (p = 1), so Holm multiplies this smallest p by the family's size
m=$(tr '\n' ' ' < sweep/report.txt | grep -o "against swappiness 60 (3 trials); Holm's family: [0-9]*" | grep -o '[0-9]*$')
want=$(awk -v m="$m" 'BEGIN { t = 6240 / sqrt(120 * 120 / 3); printf "%.2g", m * (1 - t / sqrt(t * t + 2)) }')
check "report-2.19 swap_out's p(Holm) is its Welch p times the family size ($m x p = $want)" \
	grep -qE "^ +0 +from 0 +6240 +\+- +2% +$want\* +swap_out$" sweep/report.txt
check "report-2.5 the correction is stated" grep -q "Holm's step-down" sweep/report.txt
check "report-2.6 unchanged metrics follow in one compact block" \
	grep -q "^Changed by less than 10% and not significant: kswapd_scanned," sweep/report.txt
is "$(width sweep/report.txt)" "$(( $(width sweep/report.txt) <= 76 ? $(width sweep/report.txt) : 76 ))" \
	"report-2.7 no line of report.txt over 76 columns"
is "$(controls sweep/report.txt)" 0 "report-2.8 printable ASCII only"
is "$(missing_links sweep)" "" "report-2.9 report.md links only files that exist"
check "report-2.10 an imported run's command line, as vmscope import" \
	grep -q "^vmscope import -o sweep.db -i 5 --tag kernel=2.6.32-vendor --tag \\\\$" sweep/report.txt
# every group that swapped has its unexplained share, also where it is 0%
is "$(grep -c '^  unexplained ' sweep/report.txt)" "$(grep -c '^  swapped out [1-9]' sweep/report.txt)" \
	"report-2.14 the attribution has an unexplained share for every group that swapped"
check "report-2.15 the size of Holm's family is stated" \
	grep -q "Holm's family: [0-9]* metrics" <(tr '\n' ' ' < sweep/report.txt)
# a real 6.1 run whose attribution leaves nothing unexplained (lab12 run
# 4, tests/fixtures/lab): its group shows the unexplained share all the
# same, at 0% (the sweep above explains none of its synthetic swap-out)
zcat "$TOP/tests/fixtures/lab/lab12-run4-6.1-swappiness60.csv.gz" > lab12.csv
"$VMSCOPE" import lab12.csv -o lab12.db --tag kernel=6.1.0 --tag swappiness=60 2> /dev/null ||
	fail "import lab12.csv"
rc=$(run_rc lab12.out "$VMSCOPE" report lab12.db --by swappiness -o lab12 --format txt)
is "$rc" 0 "report-2.20 a report of one real 6.1 run"
check "report-2.21 ... whose group that swapped with nothing unexplained shows the unexplained share, 0%" \
	grep -qE '^  unexplained +0 pages +0\.0%$' lab12/report.txt
# a block's line longer than the width (its attribution's "assumed:")
# breaks between words, its continuation indented under it
check "report-2.22 ... and a preformatted line longer than the width breaks between words" \
	grep -qF "assumed: passes take whole folios (census): inactive file folios of 1.0 pages (node); anon and file costs at the start charged since boot (no run before it on this boot)" \
	<(tr '\n' ' ' < lab12/report.txt | tr -s ' ')
is "$(width lab12/report.txt)" "$(( $(width lab12/report.txt) <= 76 ? $(width lab12/report.txt) : 76 ))" \
	"report-2.23 ... no line of it over 76 columns"
check "report-2.24 ... the pieces of a broken line indented two under it, none ending in a blank" \
	awk '/ $/ { bad = 1 } /^  assumed:/ { a = 1; next } a && /^    [^ ]/ { c++; next } { a = 0 } END { exit bad || c < 1 }' lab12/report.txt
rc=$(run_rc nobase.out "$VMSCOPE" report sweep.db --by swappiness --baseline 7 -o nobase)
is "$rc" 1 "report-2.11 an unknown baseline is an error"
check "report-2.12 that names it" grep -q "^vmscope: no run has swappiness = '7' for the baseline$" nobase.out
rc=$(run_rc noby.out "$VMSCOPE" report sweep.db)
is "$rc" 2 "report-2.13 no --by is misuse"

# --- a hostile tag value: quotes, a newline that would start a mail header,
# an escape sequence, markup and script
evil=$'it\'s "x" \e[31mRED\e[0m\nSubject: pwned <script>document.body.innerHTML="PWNED"</script> <img src=x onerror=alert(1)> [l](javascript:x) `c` *b*'
for patch in base "$evil"; do for t in 1 2 3; do
	cat "$SERIES"/*.txt > loop.log
	"$VMSCOPE" import loop.log -o evil.db -i 5 --tag kernel=2.6.32-vendor --tag patch="$patch" 2> import.err
	is "$?" 0 "report-3.0 imported a run with patch tag $t"
done; done
rc=$(run_rc evil.out "$VMSCOPE" report evil.db --by patch --baseline base -o evil --format txt,md,html)
is "$rc" 0 "report-3.1 a report with a hostile tag value"
is "$(controls evil/report.txt)" 0 "report-3.2 txt: the escape and newline are gone"
check "report-3.3 txt: no line starts a mail header" test -z "$(grep '^Subject:' evil/report.txt)"
check "report-3.4 txt: the value is there as text (lines joined: a long one breaks between words)" \
	grep -qF '?[31mRED?[0m?Subject: pwned <script>' <(tr '\n' ' ' < evil/report.txt | tr -s ' ')
# a tag value with runs of blanks: its group's line in the attribution
# block breaks inside one, and no piece of it ends in a blank
pad=$(printf 'wide%40sgap%40send' '' '')
for patch in base "$pad"; do
	"$VMSCOPE" import loop.log -o pad.db -i 5 --tag kernel=2.6.32-vendor --tag patch="$patch" 2> import.err ||
		fail "import loop.log (patch $patch)"
done
rc=$(run_rc pad.out "$VMSCOPE" report pad.db --by patch --baseline base -o pad --format txt)
is "$rc" 0 "report-3.15 a report with a tag value holding runs of blanks"
check "report-3.16 ... whose long lines break with no piece ending in a blank" \
	test "$(grep -c ' $' pad/report.txt)" = 0
check "report-3.17 ... and the break fell inside the value's blanks (its line is there, broken)" \
	grep -qx '^patch wide *gap' pad/report.txt
is "$(width evil/report.txt)" "$(( $(width evil/report.txt) <= 76 ? $(width evil/report.txt) : 76 ))" \
	"report-3.5 txt: still 76 columns"
# a command line pastes back into a shell as the words it ran, also
# where a word is longer than a line: a tag value holding a sentence
# with quotes in it, and a bare one with no blank to break at
long="it's the patched kernel's second 'trial', 'rerun' after a collector's 'fix', with swap on a file"
bare=build-$(seq -s . 1 40)
paste_args=(import -o paste.db -i 5 --tag kernel=2.6.32-vendor --tag note="$long" --tag build="$bare" loop.log)
"$VMSCOPE" "${paste_args[@]}" 2> import.err || fail "import loop.log (note: a sentence)"
"$VMSCOPE" import loop.log -o paste.db -i 5 --tag kernel=2.6.32-vendor --tag note=base --tag build=1 2> import.err ||
	fail "import loop.log (note base)"
rc=$(run_rc paste.out "$VMSCOPE" report paste.db --by note --baseline base -o paste --format txt)
is "$rc" 0 "report-3.18 a report of runs with tag values longer than a line"
# run 1's command as the report prints it, printf standing in for vmscope
sed -n '/^# run 1 of /,/^#/{ /^#/d; s/^vmscope /printf "%s\\n" /; p; }' paste/report.txt > paste.sh
check "report-3.19 ... whose command line, run by a shell, gives back the words it ran" \
	cmp -s <(printf '%s\n' "${paste_args[@]}") <(sh paste.sh)
is "$(width paste/report.txt)" "$(( $(width paste/report.txt) <= 76 ? $(width paste/report.txt) : 76 ))" \
	"report-3.20 ... in lines of 76 columns at most"
check "report-3.21 ... the sentence cut between words (a piece ends in a blank, then its quote)" \
	grep -q "^    'note=it.* '\\\\$" paste.sh
# outside code blocks (4 spaces: literal) and our own image lines, every
# Markdown character of the value comes escaped
check "report-3.6 md: no unescaped markup outside code blocks" test -z "$(grep -v -e '^    ' -e '^!\[' evil/report.md |
	grep -E '(^|[^\\])[]<>[`*_]')"
check "report-3.7 md: the value as escaped text" \
	grep -qF 'pwned \<script\>document\.body\.innerHTML\=\"PWNED\"\<\/script\>' evil/report.md
is "$(controls evil/report.md)" 0 "report-3.8 md: printable ASCII only"
check "report-3.9 html: no script or img element at all" test -z "$(grep -i -e '<script' -e '<img' evil/report.html)"
check "report-3.10 html: the value as entities" grep -qF '&lt;script&gt;document.body.innerHTML=&quot;PWNED&quot;&lt;/script&gt;' evil/report.html
check "report-3.12 txt: the command line quotes the value for a shell" \
	grep -q "^    'patch=it'\\\\''s \"x\" ?\\[31mRED?\\[0m?Subject: pwned" evil/report.txt
check "report-3.11 html: self-contained, no reference to another file" \
	test -z "$(grep -oE '(src|href)="[^#"][^"]*"' evil/report.html)"
# the baseline as the report shows the value (each control byte a '?'),
# copied from it: tag values are cleaned before they are matched
shown=$(printf '%s' "$evil" | LC_ALL=C tr '\000-\037\177-\377' '?')
rc=$(run_rc shown.out "$VMSCOPE" report evil.db --by patch --baseline "$shown" -o shown --format txt)
is "$rc" 0 "report-3.13 --baseline takes a value as the report shows it"
check "report-3.14 ... and compares the other group against it" \
	grep -qF '*b* (base, 3 trials) against patch base (3 trials)' <(tr '\n' ' ' < shown/report.txt)

# --- a group holding runs of two models: never summed (as attribute --by)
printf 't,pgscan_kswapd,pgsteal_kswapd,pswpout,pageoutrun,nr_mapped,nr_free_pages\n0,0,0,0,0,1000,500\n10,500,400,30,5,1000,400\n' > mix.csv
for kg in 2.6.9:x 6.1.0:x 6.1.0:y; do
	setup "$VMSCOPE" import mix.csv -o mix.db --tag kernel="${kg%:*}" --tag grp="${kg#*:}"
done
setup "$VMSCOPE" report mix.db --by grp -o mixrep --format txt > /dev/null
check "report-5.1 a group of a 2.6 and a 6.1 run: one block per model" \
	grep -q '^grp x (1 run, model classic):$' mixrep/report.txt
check "report-5.2 its split-LRU run apart, with its own 30 pages" \
	grep -A1 -q '^grp x (1 run, model split-lru):$' mixrep/report.txt
is "$(grep -A1 '^grp x (1 run, model split-lru):$' mixrep/report.txt | tail -1)" \
	"  swapped out 30 pages (0.1 MB) in 1 of 1 intervals" "report-5.3 not the two runs' 60 pages"

# --- the HTML in a real browser: it renders, and the script stays text
chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ]; then
	skip "report-4 html in headless chromium" "chromium is not installed (apt-get install chromium)"
	done_testing; exit 0
fi
shot() {  # shot HTML PNG: a screenshot of a file, 1000x1600
	local ud
	ud=$(mktemp -d)
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$ud" --window-size=1000,1600 --screenshot="$2" "file://$1" > /dev/null 2>&1
	rm -rf "$ud"
}
echo '<!DOCTYPE html><html><body></body></html>' > blank.html
shot "$TMP/blank.html" blank.png
shot "$TMP/evil/report.html" evil.png
if [ ! -s blank.png ]; then
	skip "report-4 html in headless chromium" "chromium made no screenshot here (as root it needs --no-sandbox; see $chrome)"
	done_testing; exit 0
fi
check "report-4.1 chromium renders report.html to a screenshot" test -s evil.png
# a blank page compresses to almost nothing; text and charts do not
blank=$(stat -c %s blank.png) full=$(stat -c %s evil.png)
check "report-4.2 the screenshot is not blank ($full bytes, a blank page $blank)" test "$full" -gt $((blank * 10))
ud=$(mktemp -d)
timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--user-data-dir="$ud" --dump-dom "file://$TMP/evil/report.html" > dom.html 2> /dev/null
rm -rf "$ud"
check "report-4.3 the page's DOM keeps the report (the script did not run)" \
	grep -q "What was compared" dom.html
check "report-4.4 and holds the hostile value as text" grep -qF '&lt;script&gt;document.body.innerHTML="PWNED"' dom.html
done_testing
