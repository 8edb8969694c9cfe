set terminal pngcairo size 1100,450
set output 'fig5.png'
set multiplot layout 1,2 title 'Seed 004 Fig. 5 (netcosim): average and maximum latency, ' . \
    '8x8 DOR mesh'
set xlabel 'offered load (phits/(node*cycle))'
set ylabel 'latency (cycles)'
set logscale y
set key top left
set grid
set title 'hot region'
plot 'fig5.dat' index 0 using 1:2 with linespoints lc 1 pt 7 title 'rr avg', '' index 0 using 1:3 with linespoints lc 1 dt 2 pt 6 title 'rr max', 'fig5.dat' index 1 using 1:2 with linespoints lc 2 pt 7 title 'age avg', '' index 1 using 1:3 with linespoints lc 2 dt 2 pt 6 title 'age max', 'fig5.dat' index 2 using 1:2 with linespoints lc 3 pt 7 title 'sat l8k8 avg', '' index 2 using 1:3 with linespoints lc 3 dt 2 pt 6 title 'sat l8k8 max'
set title 'perfect shuffle'
plot 'fig5.dat' index 3 using 1:2 with linespoints lc 1 pt 7 title 'rr avg', '' index 3 using 1:3 with linespoints lc 1 dt 2 pt 6 title 'rr max', 'fig5.dat' index 4 using 1:2 with linespoints lc 2 pt 7 title 'age avg', '' index 4 using 1:3 with linespoints lc 2 dt 2 pt 6 title 'age max', 'fig5.dat' index 5 using 1:2 with linespoints lc 3 pt 7 title 'sat l8k8 avg', '' index 5 using 1:3 with linespoints lc 3 dt 2 pt 6 title 'sat l8k8 max'
unset multiplot
set output
