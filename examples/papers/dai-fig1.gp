# Dai et al. 2022, Figure 1d: median noiseless simple regret over seeds against iterations (one
# batch of B per iteration, as the paper plots), from the curves dai-fig1-regret.py writes. Variables (gnuplot -e): curves = the CSV,
# out = the PNG to write.
if (!exists("curves")) curves = "report/dai-fig1/curves.csv"
if (!exists("out")) out = "report/dai-fig1/dai-fig1.png"
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 1000,620 noenhanced font 'sans,11'
} else {
  set terminal png size 1000,620 noenhanced truecolor
}
set output out
set datafile separator ","
set title "Dai et al. Figure 1d: median simple regret over 10 GP samples (noiseless)"
set xlabel "iterations after 5 random points (B points each)"
set ylabel "simple regret (median; 1e-4 stands for 0)"
set key outside right
set grid
set logscale y
set yrange [1e-4:3]
columns = system("head -1 '" . curves . "' | tr ',' '\\n' | wc -l")
at_least(v) = v < 1e-4 ? 1e-4 : v
# Thirteen distinct colours: the defaults repeat after eight.
set linetype 9 lc rgb "#17becf"
set linetype 10 lc rgb "#8c564b"
set linetype 11 lc rgb "#7f7f7f"
set linetype 12 lc rgb "#bcbd22"
set linetype 13 lc rgb "#e377c2"
set linetype cycle 13
plot for [i=2:columns] curves using 1:(at_least(column(i))) with lines lt (i - 1) lw 2 title columnheader(i)
