# vmscope: a run over time (rates per second, memory in MB).
# Rendered by `vmscope plot`; edit freely, then run: gnuplot timeseries.gp
@TERMINAL@
set termoption noenhanced
set grid
set multiplot layout 3,1 title @TITLE@
@MARKERS@
set ylabel 'pages/s'
set title 'swap out, swap in'
plot @SWAP@
set title 'scanned and reclaimed by kswapd and direct reclaim'
plot @SCAN@
set title 'free, page cache and anonymous memory'
set xlabel 'seconds since the start of the run'
set ylabel 'MB'
plot @MEMORY@
unset multiplot
