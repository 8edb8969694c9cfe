# Thesis Fig. 5.8 / seed 002 Fig. 6, UN with MIN (docs/validation.md): accepted load at offered load
# 1.0 against the memory per input port, per mechanism; results.csv is written by assemble.sh, which
# runs this script in this directory. Columns: 1 mechanism, 2 memory per local port, 3 per global
# port, 4 accepted load, 5 ratio to the baseline with the same memory; 4 rows per mechanism.
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 900,600 enhanced font 'sans,11'
} else {
  set terminal png size 900,600
}
set datafile separator ','
set grid
set key bottom right
set xlabel 'memory per input port, local (global = 4x) (phits)'
set xtics (64, 128, 192, 256)
set xrange [48:272]
array names[5] = ['Base 2/1', 'DAMQ75 2/1', 'FlexVC 2/1', 'FlexVC 4/2', 'FlexVC 8/4']
set output 'throughput.png'
set title 'Thesis Fig. 5.8 (UN, MIN) on h4, constant memory per port (2,000 + 1,000 cycles, 1 seed)' noenhanced
set ylabel 'accepted load at offered 1.0 (phits/(node*cycle))'
plot for [i=1:5] 'results.csv' skip 1 every ::(4*(i-1))::(4*i-1) using 2:4 with linespoints lw 2 lc i title names[i] noenhanced
set key top right
set output 'relative.png'
set title 'Thesis Fig. 5.8 (UN, MIN) on h4: relative to the baseline with the same memory' noenhanced
set ylabel 'accepted load / baseline'
plot for [i=1:5] 'results.csv' skip 1 every ::(4*(i-1))::(4*i-1) using 2:5 with linespoints lw 2 lc i title names[i] noenhanced
set output
