set terminal pngcairo size 1600,750
set output 'fig4.png'
set multiplot layout 2,4 title 'Seed 004 Fig. 4 (netcosim): min/avg node throughput against ' .     'average throughput, 5 patterns at load 1.0'
set xlabel 'average throughput (phits/(node*cycle))'
set ylabel 'min/avg'
set xrange [0:1]
set yrange [0:1.05]
set key bottom right
set grid
set title 'mesh dor'
plot 'fig4.dat' index 0 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 1 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 2 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 3 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'mesh adaptive'
plot 'fig4.dat' index 4 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 5 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 6 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 7 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'torus dateline'
plot 'fig4.dat' index 8 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 9 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 10 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 11 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'torus bubble'
plot 'fig4.dat' index 12 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 13 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 14 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 15 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'torus adaptive'
plot 'fig4.dat' index 16 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 17 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 18 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 19 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'fattree updown'
plot 'fig4.dat' index 20 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 21 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 22 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 23 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'fattree source'
plot 'fig4.dat' index 24 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 25 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 26 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 27 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
set title 'fattree adaptive'
plot 'fig4.dat' index 28 using 4:5 with points pt 6 ps 1.6 title 'rr', 'fig4.dat' index 29 using 4:5 with points pt 7 ps 1.6 title 'age', 'fig4.dat' index 30 using 4:5 with points pt 5 ps 1.6 title 'sat lk', 'fig4.dat' index 31 using 4:5 with points pt 9 ps 1.6 title 'sat l2k'
unset multiplot
set output
