# vmscope: swapped-out volume by cause (the reclaim model of
# `vmscope attribute`), stacked per group.  Rendered by `vmscope plot`;
# edit freely, then run: gnuplot attribution.gp
@TERMINAL@
set termoption noenhanced
set grid y
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set xtics rotate by -30
set ylabel 'MB swapped out'
set title @TITLE@
plot @BARS@
