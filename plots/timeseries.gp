# vmscope: a run over time (rates per second, memory in MB).
# Rendered by `vmscope plot`; edit freely, then run: gnuplot timeseries.gp
@TERMINAL@
set termoption noenhanced
set grid
# the same left and right edge in every panel, so their time axes line
# up whatever the width of the legends (text charts keep the whole width)
if (GPVAL_TERM ne 'dumb') { set lmargin at screen 0.09; set rmargin at screen 0.70 }
set multiplot layout 3,1 title @TITLE@
@MARKERS@
set ylabel 'pages/s'
set title 'swap out, swap in'
plot @SWAP@
set title @SCANTITLE@
plot @SCAN@
set title 'free, page cache and anonymous memory'
set xlabel 'seconds since the start of the run'
set ylabel 'MB'
plot @MEMORY@
unset multiplot
