#!/bin/sh
# Thesis Fig. 5.16 / seed 002 Fig. 9 (docs/validation.md, "Thesis Chapter 5 figures"): turns the
# one-load sweep of configs/thesis-ch5-h8-vcsel.ini (curves 'VCs policy') written to SRC into
# results.csv, one row per FlexVC VC set and VC selection function: the accepted load at offered
# load 1.0 and its ratio to JSQ's with the same VCs, and draws throughput.png with plots.gp.
# Usage: docs/figures/ch5/fig5.16/assemble.sh SRC   (run from anywhere)
set -eu
src=$1
dir=$(cd "$(dirname "$0")" && pwd)
out=$dir/results.csv
awk -F, 'NR == 1 { next }
  { split($1, w, " "); acc[w[1], w[2]] = $3; if (!(w[1] in seen)) { seen[w[1]] = 1; order[++k] = w[1] } }
  END { print "vcs,policy,accepted_load,relative_to_jsq";
    split("jsq highest lowest random", p, " ");
    for (i = 1; i <= k; i++) for (j = 1; j <= 4; j++)
      printf "%s,%s,%s,%.4f\n", order[i], p[j], acc[order[i], p[j]], acc[order[i], p[j]] / acc[order[i], "jsq"] }' \
  "$src/results.csv" > "$out"
cd "$dir" && gnuplot plots.gp
