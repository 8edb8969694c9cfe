# Thesis Fig. 5.16 / seed 002 Fig. 9 (docs/validation.md): accepted load under request-reply UN at
# offered load 1.0 with MIN, per FlexVC VC set (x) and VC selection function (one line each);
# results.csv is written by assemble.sh, which runs this script in this directory. Columns: 1 VCs,
# 2 policy, 3 accepted load, 4 ratio to JSQ; rows by VC set, then jsq, highest, lowest, random.
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
  set terminal pngcairo size 900,600 enhanced font 'sans,11'
} else {
  set terminal png size 900,600
}
set datafile separator ','
set grid
set key bottom right
set xlabel 'FlexVC VCs (request + reply part)'
set xtics ('4/2 (2/1+2/1)' 0, '5/3 (3/2+2/1)' 1, '6/4 (4/3+2/1)' 2)
set xrange [-0.3:2.3]
names = 'jsq highest lowest random'
set output 'throughput.png'
set title 'Thesis Fig. 5.16 on h4: request-reply UN, MIN, offered 1.0 (2,000 + 1,000 cycles, 1 seed)' noenhanced
set ylabel 'accepted load (phits/(node*cycle))'
plot for [i=1:4] 'results.csv' skip 1 every 4::(i-1) using (int(($0))):3 with linespoints lw 2 lc i title word(names, i) noenhanced
set output
