# vmscope: estimated reclaim priority of one run over time, next to its
# swap-out (12 is gentle, 0 desperate).  Rendered by `vmscope plot`; edit
# freely, then run: gnuplot priority.gp
@TERMINAL@
set termoption noenhanced
set grid
# a panel with no point in this run is left out (the title says so)
have_priority = @HAVEPRIO@
have_swap = @HAVESWAP@
# one time axis for both panels: the run's, with the same left and right
# edges (text charts keep the whole width)
set xrange [@XMIN@:@XMAX@]
# the key right of the plot, beside its panel
if (GPVAL_TERM ne 'dumb') { set lmargin at screen 0.09; set rmargin at screen 0.62;
	set key at screen 0.64, graph 1 left top Left reverse samplen 2 }
set multiplot layout (have_priority + have_swap),1 title @TITLE@
@MARKERS@
if (have_priority) {
	set title 'estimated priority (kswapd, direct reclaim) and the true priority where recorded'
	set ylabel 'priority (12 gentle, 0 desperate)'
	set yrange [-0.5:12.5]
	set ytics 0, 2, 12
	if (!have_swap) { set xlabel 'seconds since the start of the run' }
	plot @PRIORITY@
}
if (have_swap) {
	set title 'swap out'
	# from 0, with room above the highest rate so a flat line shows
	set yrange [0:*]
	set offsets 0, 0, graph 0.05, 0
	set ytics autofreq
	set ylabel 'pages/s'
	set xlabel 'seconds since the start of the run'
	plot @SWAP@
}
unset multiplot
