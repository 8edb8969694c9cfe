#!/bin/sh
# Thesis Fig. 5.8 / seed 002 Fig. 6, UN (docs/validation.md, "Thesis Chapter 5 figures"): turns the
# one-load sweep of configs/thesis-ch5-h8-memory.ini (curves 'mechanism Cl/Cg') written to SRC
# into results.csv, one row per mechanism and port memory: the memory per local and global port,
# the accepted load at offered load 1.0 and its ratio to the baseline's with the same memory, and
# draws throughput.png (absolute) and relative.png with plots.gp.
# Usage: docs/figures/ch5/fig5.8/assemble.sh SRC   (run from anywhere)
set -eu
src=$1
dir=$(cd "$(dirname "$0")" && pwd)
out=$dir/results.csv
awk -F, 'NR == 1 { next }
  { n = split($1, w, " "); mem = w[n]; mech = w[1]; for (i = 2; i < n; i++) mech = mech " " w[i];
    split(mem, m, "/"); acc[mech, m[1]] = $3; cg[m[1]] = m[2];
    if (!(mech in seen)) { seen[mech] = 1; order[++k] = mech } }
  END { print "mechanism,memory_local,memory_global,accepted_load,relative_to_baseline";
    split("64 128 192 256", caps, " ");
    for (i = 1; i <= k; i++) for (j = 1; j <= 4; j++) { c = caps[j];
      printf "%s,%s,%s,%s,%.4f\n", order[i], c, cg[c], acc[order[i], c], acc[order[i], c] / acc[order[1], c] } }' \
  "$src/results.csv" > "$out"
cd "$dir" && gnuplot plots.gp
