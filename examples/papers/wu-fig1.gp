# Wu et al. 2023, Figure 1 (noiseless): the median final value of GIBO and of random search
# against the dimension, from the table `bopp report` writes for bench/wu-fig1 (see the
# commands at the top of wu-fig1.toml). Variables (gnuplot -e): table = the CSV table,
# out = the PNG to write.
if (!exists("table")) table = "report/wu-fig1/table.csv"
if (!exists("out")) out = "report/wu-fig1/wu-fig1.png"
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 900,560 noenhanced font 'sans,11'
} else {
  set terminal png size 900,560 noenhanced truecolor
}
set output out
set datafile separator ","
set title "Wu et al. Figure 1 (noiseless): median final value of 50 sample paths per dimension"
set xlabel "dimension d"
set ylabel "final value (minimized)"
set key bottom left
set grid
set logscale x
set xrange [0.8:65]
# The objective labels are gpsample-dim=<d>; columns: 5 algorithm, 8 mean, 9 se, 10 median.
dim(label) = real(label[strstrt(label, "dim=") + 4:])
only(name, column) = strcol(5) eq name ? column(column) : NaN

plot table skip 1 using (dim(strcol(1))):(only("gibo-bfgs", 10)) with points pt 7 ps 1.5 title "GIBO (BFGS variant), median", \
     table skip 1 using (dim(strcol(1))):(only("gibo-bfgs", 8)):(only("gibo-bfgs", 9)) with yerrorbars pt 6 title "GIBO, mean ± se", \
     table skip 1 using (dim(strcol(1))):(only("random", 10)) with points pt 5 ps 1.5 title "random search, median", \
     "-" using 1:2 with points pt 3 ps 2 title "paper: median -12.9 at d = 50", \
     -3.68 with lines dt 2 title "expected best of 5000 N(0,1) draws (-3.68)"
50,-12.9
e
