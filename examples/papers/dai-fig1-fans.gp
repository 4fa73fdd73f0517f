# Dai et al. 2022, Figure 1a-c: 100 acquisition functions (trained Thompson draws) of the deep
# ensemble, STO-BNTS and STO-BNTS-Linear on one training set, from the CSVs dai-fig1-fans.cpp
# writes. Variables (gnuplot -e): dir = the folder of those CSVs, out = the PNG to write.
if (!exists("dir")) dir = "report/dai-fig1-fans"
if (!exists("out")) out = dir . "/dai-fig1-fans.png"
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1500,480 noenhanced font 'sans,11'
} else {
  set terminal png size 1500,480 noenhanced truecolor
}
set output out
set datafile separator ","
set multiplot layout 1,3 title "Dai et al. Figure 1a-c: 100 draws each, L = 8, m = 64, erf (y: standardized -f)"
set xlabel "x"
set xrange [0:1]
set yrange [-4:4]
set grid
unset key
set object 1 rect from 0.2, graph 0 to 0.4, graph 1 fc rgb "#eeeeee" fs solid noborder behind
methods = "deep-ensemble sto-bnts sto-bnts-linear"
titles = "(a) deep ensemble|(b) STO-BNTS|(c) STO-BNTS-Linear"
do for [m=1:3] {
  method = word(methods, m)
  set title system("echo '" . titles . "' | cut -d'|' -f" . m)
  plot for [k=2:101] dir . "/fans-" . method . ".csv" using 1:k with lines lc rgb "#4a7fb8" lw 0.6, \
       dir . "/data.csv" using 1:2 with points pt 3 ps 2 lc rgb "red"
}
unset multiplot
