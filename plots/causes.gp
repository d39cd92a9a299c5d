# vmscope: one run's swap-out per interval, stacked by the cause the
# reclaim model gives it (`vmscope attribute --intervals`), over its
# estimated and traced reclaim priority on the same time axis.
# Rendered by `vmscope plot`; edit freely, then run: gnuplot causes.gp
@TERMINAL@
set termoption noenhanced
set grid
# columns of causes.dat: 1 interval start, 2 end (s), then the pages each
# cause swapped out in the interval, then the priorities (see its header)
have_priority = @HAVEPRIO@
set xrange [@XMIN@:@XMAX@]
set style fill solid 0.85 noborder
set multiplot title @TITLE@
# both panels share the left and right edges, so their time axes line up
# (a text chart keeps the whole width, its key inside at the top left)
if (GPVAL_TERM eq 'dumb') {
	set key inside left top vertical Left reverse samplen 1
	set lmargin 9; set rmargin 2
} else {
	set key at screen 0.68, graph 1 left top vertical Left reverse samplen 2
	set lmargin at screen 0.08; set rmargin at screen 0.66
}
if (have_priority) {
	set tmargin at screen 0.90; set bmargin at screen 0.45
	set format x ''
	unset xlabel
} else {
	set tmargin at screen 0.90; set bmargin at screen 0.12
	set xlabel 'seconds since the start of the run'
}
# the run's markers, in both panels
@MARKERS@
set key title 'pages swapped out (share)' left
set title @CAUSETITLE@
set ylabel 'swap-out, pages/s'
set yrange [0:*]
set offsets 0, 0, graph 0.05, 0
# the top of each cause's box is the sum of it and the causes under it:
# drawn from the top of the stack down, each box covers the rest of the one
# above, so each colour shows that cause's share
plot @STACK@
if (have_priority) {
	set tmargin at screen 0.38; set bmargin at screen 0.10
	set format x '%g'
	set xlabel 'seconds since the start of the run'
	set key title ''
	set title @PRIOTITLE@
	set ylabel 'priority (0 = desperate)'
	# priority 0 at the top: deeper reclaim rises with the swap-out above
	set offsets 0, 0, 0, 0
	set yrange [12.5:-0.5]
	set ytics 0, 4, 12
	plot @PRIORITY@
}
unset multiplot
