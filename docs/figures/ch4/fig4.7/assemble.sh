#!/bin/sh
# Thesis Fig. 4.7 (docs/validation.md): joins the six sweeps at load 0.35 (one per fraction of
# ADV+1 traffic, written to SRC/adv0.0 ... SRC/adv1.0) into results.csv, one row per mechanism and
# fraction with the fraction first, and draws latency.png and throughput.png from it (plots.gp).
# Usage: docs/figures/ch4/fig4.7/assemble.sh SRC [OUT]   (run from anywhere; OUT defaults to this
# directory, docs/figures/ch4-arb/lrs-transit_lrs/fig4.7 holds the run under FOGSim's arbiters)
set -eu
src=$1
dir=$(cd "$(dirname "$0")" && pwd)
dest=${2:-$dir}
mkdir -p "$dest"
out=$dest/results.csv
printf 'adv_fraction,' > "$out"
head -n 1 "$src/adv0.0/results.csv" >> "$out"
for curve in MIN VAL PB OLM Base Filtered Hybrid ECtN; do
  for f in 0.0 0.2 0.4 0.6 0.8 1.0; do
    grep "^$curve," "$src/adv$f/results.csv" | sed "s/^/$f,/" >> "$out"
  done
done
cd "$dest" && gnuplot "$dir/plots.gp"
