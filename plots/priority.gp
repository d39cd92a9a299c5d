# vmscope: estimated reclaim priority of one run over time, next to its
# swap-out (12 is gentle, 0 desperate).  Rendered by `vmscope plot`; edit
# freely, then run: gnuplot priority.gp
@TERMINAL@
set termoption noenhanced
set grid
set multiplot layout 2,1 title @TITLE@
@MARKERS@
set title 'estimated priority (kswapd, direct reclaim) and the true priority where recorded'
set ylabel 'priority'
set yrange [-0.5:12.5]
plot @PRIORITY@
set title 'swap out'
set yrange [*:*]
set ylabel 'pages/s'
set xlabel 'seconds since the start of the run'
plot @SWAP@
unset multiplot
