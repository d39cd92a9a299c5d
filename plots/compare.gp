# vmscope: canonical metrics as grouped bars, each group's mean over its
# trials as a per cent of the first (or the largest) group's.  Rendered by `vmscope plot`;
# edit freely, then run: gnuplot compare.gp
@TERMINAL@
# bars need fewer rows than the time series' three panels: keep a mail short
if (GPVAL_TERM eq 'dumb') { set terminal dumb size 76,30 }
set termoption noenhanced
set grid y
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
@LEGEND@
set ylabel @YLABEL@
set title @TITLE@
plot @BARS@
