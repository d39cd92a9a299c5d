# vmscope: the 2004 swappiness sweep as a picture; mean over trials with
# min-max error bars.  Rendered by `vmscope plot`; edit freely, then run:
# gnuplot swappiness.gp
@TERMINAL@
set termoption noenhanced
set grid
set xlabel @XLABEL@
# a text chart draws the key below, over the x label: move the label up
# out of its way (the error-bar samples of the key are three rows high)
if (GPVAL_TERM eq 'dumb') { set xlabel offset 0,-1; set bmargin 7 }
# room at both ends, so the first and last error bars show whole
set offsets graph 0.04, graph 0.04, 0, 0
set multiplot layout 3,1 title @TITLE@
set title 'swap used'
set ylabel 'MB'
plot @SWAP@
set title 'total write throughput'
set ylabel 'MB/s'
plot @IO@
set title 'page cache'
set ylabel 'MB'
plot @CACHE@
unset multiplot
