set terminal pngcairo size 900,550
set output 'table2.png'
set title "Seed 004 Table 2: min node throughput, 8x8 DOR mesh, age\nbars: netcosim (50,000 + 400,000 cycles), points: seed"
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.6 noborder
set ylabel 'min node throughput (phits/cycle)'
set yrange [0:0.45]
set key top right
set grid ytics
plot 'table2.dat' using 2:xtic(1) title 'gen\_qinf', '' using 4 title 'gen\_q24', \
     '' using 6 title 'inj\_time', \
     '' using ($0-0.25):3 with points pt 7 ps 1.5 lc rgb 'black' title 'seed', \
     '' using ($0):5 with points pt 7 ps 1.5 lc rgb 'black' notitle, \
     '' using ($0+0.25):7 with points pt 7 ps 1.5 lc rgb 'black' notitle
set output
