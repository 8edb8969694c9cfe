#!/bin/sh
# Thesis Fig. 5.8 and 5.15 panels / seed 002 Fig. 6 and 11 (docs/validation.md, "Thesis Chapter 5
# figures"): turns a sweep of configs/thesis-ch5-h8-memory.ini or -memory-val.ini (curves named
# 'mechanism Cl/Cg', any number of mechanisms, the first one the baseline) written to SRC into
# DIR/results.csv, one row per mechanism and port memory: the memory per local and global port,
# the maximum accepted load over the sweep's offered loads (the figure's "maximum throughput"),
# the offered load where it is reached, the accepted load at the highest offered load, and the
# maximum's ratio to the baseline's with the same memory; and draws DIR/throughput.png (absolute)
# and DIR/relative.png.
# Usage: docs/figures/ch5/memory-assemble.sh SRC DIR 'TITLE'   (run from anywhere)
set -eu
src=$1
dir=$2
title=$3
mkdir -p "$dir"
out=$dir/results.csv
awk -F, 'NR == 1 { next }
  { n = split($1, w, " "); mem = w[n]; mech = w[1]; for (i = 2; i < n; i++) mech = mech " " w[i];
    split(mem, m, "/"); c = m[1]; cg[c] = m[2];
    if (!((mech, c) in best) || $3 > best[mech, c]) { best[mech, c] = $3; at[mech, c] = $2 }
    if (!((mech, c) in hi) || $2 > hi[mech, c]) { hi[mech, c] = $2; last[mech, c] = $3 }
    if (!(mech in seen)) { seen[mech] = 1; order[++k] = mech } }
  END { print "mechanism,memory_local,memory_global,max_accepted_load,at_offered_load,accepted_at_highest_offered,relative_to_baseline";
    split("64 128 192 256", caps, " ");
    for (i = 1; i <= k; i++) for (j = 1; j <= 4; j++) { c = caps[j];
      printf "%s,%s,%s,%s,%s,%s,%.4f\n", order[i], c, cg[c], best[order[i], c], at[order[i], c],
        last[order[i], c], best[order[i], c] / best[order[1], c] } }' \
  "$src/results.csv" > "$out"
names=$(awk -F, 'NR > 1 && !($1 in s) { s[$1] = 1; printf "%s\047%s\047", (n++ ? ", " : ""), $1 }' "$out")
count=$(awk -F, 'NR > 1 && !($1 in s) { s[$1] = 1; n++ } END { print n }' "$out")
cd "$dir" && gnuplot <<GP
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
array names[$count] = [$names]
set output 'throughput.png'
set title '$title' noenhanced
set ylabel 'maximum accepted load (phits/(node*cycle))'
plot for [i=1:$count] 'results.csv' skip 1 every ::(4*(i-1))::(4*i-1) using 2:4 with linespoints lw 2 lc i title names[i] noenhanced
set key top right
set output 'relative.png'
set title "$title\\nrelative to the baseline with the same memory" noenhanced
set ylabel 'maximum accepted load / baseline'
plot for [i=1:$count] 'results.csv' skip 1 every ::(4*(i-1))::(4*i-1) using 2:7 with linespoints lw 2 lc i title names[i] noenhanced
set output
GP
