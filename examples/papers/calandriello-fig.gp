# Figures 1-2 of Calandriello et al. (2020) from the .dat files of calandriello-regret-ratio.py:
#   gnuplot -e "dir='report/calandriello'; obj='abalone-like'" examples/papers/calandriello-fig.gp
# writes <dir>/<obj>-ratio.png (regret ratio against t), <obj>-time.png (algorithm time over the
# first 2 000 evaluations) and, when there is a trace, <obj>-trace.png (bbkb's batch size and
# dictionary size at each batch end, lowest seed).
set terminal pngcairo size 900,560 noenhanced
set key outside right
set grid
base = dir . '/' . obj
# The reference width family dashed, the theorem family solid: one colour per method, the
# same in both families.
dashes(s) = strstrt(s, '-reference') > 0 ? 2 : 1
family_at(s) = strstrt(s, '-reference') > 0 ? strstrt(s, '-reference') : strstrt(s, '-theorem')
method(s) = family_at(s) > 0 ? s[1:family_at(s) - 1] : s
METHODS = 'bbkb bbkb-local bkb gp-bucb gp-ucb eps-greedy batch-ts bbkb-unit-batch'
position(m, i) = i > words(METHODS) ? words(METHODS) + 1 : (word(METHODS, i) eq m ? i : position(m, i + 1))
colour(s) = position(method(s), 1)
names(f) = system("grep '^# ' " . f . " | cut -d' ' -f2 | cut -d: -f1")

set output base . '-ratio.png'
set title obj . ': regret ratio R_t / R_t(uniform), mean over seeds'
set xlabel 'evaluations t'
set ylabel 'R_t / R_t(unif)'
set logscale y
t = names(base . '-ratio.dat')
plot for [i=1:words(t)] base . '-ratio.dat' index i-1 using 1:2 with lines lw 2 lc colour(word(t, i)) \
     dt dashes(word(t, i)) title word(t, i)
unset logscale y

set output base . '-time.png'
set title obj . ': algorithm time (ask + tell, evaluations excluded), mean over seeds'
set ylabel 'seconds'
set logscale y
t = names(base . '-time.dat')
plot for [i=1:words(t)] base . '-time.dat' index i-1 using 1:2 with lines lw 2 lc colour(word(t, i)) \
     dt dashes(word(t, i)) title word(t, i)
unset logscale y

if (system('test -e ' . base . '-trace.dat && echo 1') eq '1') {
  set output base . '-trace.png'
  set title obj . ': batch size and dictionary size at each batch end (lowest seed)'
  set ylabel 'points'
  set logscale y
  t = names(base . '-trace.dat')
  plot for [i=1:words(t)] base . '-trace.dat' index i-1 using 1:2 with fsteps lw 2 \
         title word(t, i) . ' batch size', \
       for [i=1:words(t)] base . '-trace.dat' index i-1 using 1:3 with lines lw 2 dt 2 \
         title word(t, i) . ' dictionary'
}
