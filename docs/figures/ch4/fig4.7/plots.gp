# Thesis Fig. 4.7 on h8 (docs/validation.md): latency and accepted load at offered load 0.35 against
# the fraction of ADV+1 traffic (the rest uniform); results.csv is written by assemble.sh, which
# runs this script in this directory. Columns: 1 adv_fraction, 2 curve, 4 accepted_load,
# 6 latency_avg; 6 rows (fractions 0, 0.2, ..., 1) per mechanism.
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 900,600 enhanced font 'sans,11'
} else {
  set terminal png size 900,600
}
set datafile separator ','
set grid
set key top left
set xlabel 'fraction of ADV+1 traffic (the rest uniform), total offered load 0.35'
set xrange [-0.02:1.02]
names = 'MIN VAL PB OLM Base Filtered Hybrid ECtN'
set output 'latency.png'
set title 'Thesis Fig. 4.7 on h8 (configs/thesis-ch4-h8.ini, 2,000 + 1,000 cycles, 1 seed): latency' noenhanced
set ylabel 'latency (cycles); MIN above 500 is off the plot'
set yrange [0:500]
plot for [i=1:8] 'results.csv' skip 1 every ::(6*(i-1))::(6*i-1) using 1:6 with linespoints lw 2 lc i title word(names, i) noenhanced
set output 'throughput.png'
set title 'Thesis Fig. 4.7 on h8: accepted load (offered 0.35)' noenhanced
set ylabel 'accepted load (phits/(node*cycle))'
set yrange [0:0.4]
plot for [i=1:8] 'results.csv' skip 1 every ::(6*(i-1))::(6*i-1) using 1:4 with linespoints lw 2 lc i title word(names, i) noenhanced
set output
