set terminal pngcairo size 1100,450
set output 'fig8.png'
set multiplot layout 1,2 title 'Seed 004 Fig. 8 (netcosim): throughput against traffic to ' .     'node 0, 8x8 mesh, load 1.0'
set xlabel 'traffic to the hot node (%)'
set ylabel 'phits/(node*cycle)'
set yrange [0:*]
set key top right
set grid
set title 'mesh dor'
plot 'fig8.dat' index 0 using (100*$1):2 with linespoints lc 1 pt 7 title 'rr avg', '' index 0 using (100*$1):3 with linespoints lc 1 dt 2 pt 6 title 'rr min', 'fig8.dat' index 1 using (100*$1):2 with linespoints lc 2 pt 7 title 'age avg', '' index 1 using (100*$1):3 with linespoints lc 2 dt 2 pt 6 title 'age min', 'fig8.dat' index 2 using (100*$1):2 with linespoints lc 3 pt 7 title 'sat l8k8 avg', '' index 2 using (100*$1):3 with linespoints lc 3 dt 2 pt 6 title 'sat l8k8 min'
set title 'mesh adaptive'
plot 'fig8.dat' index 3 using (100*$1):2 with linespoints lc 1 pt 7 title 'rr avg', '' index 3 using (100*$1):3 with linespoints lc 1 dt 2 pt 6 title 'rr min', 'fig8.dat' index 4 using (100*$1):2 with linespoints lc 2 pt 7 title 'age avg', '' index 4 using (100*$1):3 with linespoints lc 2 dt 2 pt 6 title 'age min', 'fig8.dat' index 5 using (100*$1):2 with linespoints lc 3 pt 7 title 'sat l8k8 avg', '' index 5 using (100*$1):3 with linespoints lc 3 dt 2 pt 6 title 'sat l8k8 min'
unset multiplot
set output
