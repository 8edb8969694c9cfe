#!/usr/bin/env python3
"""Seed 004's fairness study on 64-node networks (Table 2, Sec. 5.1-5.4): the runs, the tables
beside the seed's numbers and the figures of docs/figures/seed004/.

  tools/seed004_fairness.py run OUTDIR [--exe BINARY] [--only GROUP,...]
  tools/seed004_fairness.py tables OUTDIR
  tools/seed004_fairness.py plots OUTDIR FIGDIR

`run` runs every case of the groups (table2, table2_batch, table2_long, gen_q, sec51, sec52,
workload1, hotspot; all by default) under `nice -n 10` with one thread, no shell, one JSON and one
per-node CSV per case in OUTDIR, and skips the cases whose JSON exists; an unknown group exits 2.
`tables` prints the Markdown tables of docs/validation.md ("8x8 mesh, transpose at saturation, age
timestamps" and "SAT injection throttling"); `plots` writes the data files and gnuplot scripts of
the figures into FIGDIR and runs gnuplot on each (no shell): table2.png (Table 2, ours beside the
seed's), fig5.png (Sec. 5.2: average and maximum latency against load, Fig. 5), fig4.png (Sec. 5.1:
min/avg against average throughput, Fig. 4), fig8.png (Sec. 5.4: average and minimum throughput
against the hot-spot fraction, Fig. 8) and fig9.png (per-node throughput maps at 10% hot spot, Fig.
9). Keys and their reasons: docs/validation.md.
"""
import argparse
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Seed 004 Table 1: 16-phit packets, 64-phit transit queues, a 24-packet injection queue; the
# router's injection buffer one VC of 64 phits (docs/validation.md, Table 2 section).
TABLE1 = ["packet.size=16", "traffic.source_queue=24", "router.buffer_injection=64",
          "router.vcs_injection=1", "router.buffer_output=64", "traffic.load=1.0",
          "sim.warmup=5000", "sim.measure=20000"]
MESH = ["router.buffer_x=64", "router.buffer_y=64"]
ONE_CYCLE = ["link.latency_x=1", "link.latency_y=1"]
# Table 2 keeps the 10-cycle links of the documented transpose row (mesh-8x8.ini).
TABLE2_BASE = ["configs/mesh-8x8.ini", "routing.algorithm=dor"] + MESH + TABLE1

# Sec. 5.1's networks: config, keys, SAT l (seed Sec. 4.1: 8 on the direct networks, 16 on the
# fat tree).
NETWORKS = {
    "mesh_dor": ("configs/mesh-8x8.ini", ["routing.algorithm=dor"] + MESH + ONE_CYCLE, 8),
    "mesh_adaptive": ("configs/mesh-8x8.ini", ["routing.algorithm=mesh_adaptive"] + MESH +
                      ONE_CYCLE, 8),
    "torus_dateline": ("configs/torus-8x8.ini", ["routing.algorithm=dor"] + MESH + ONE_CYCLE, 8),
    "torus_bubble": ("configs/torus-8x8.ini", ["routing.algorithm=dor",
                                               "routing.torus_deadlock=bubble"] + MESH +
                     ONE_CYCLE, 8),
    # The adaptive bubble router (seed 004 Sec. 3, ref. [36]; docs/model.md §7.2).
    "torus_adaptive": ("configs/torus-8x8.ini", ["routing.algorithm=mesh_adaptive",
                                                 "routing.torus_deadlock=bubble"] + MESH +
                       ONE_CYCLE, 8),
    "fattree_updown": ("configs/fattree-4-3.ini", ["routing.algorithm=updown",
                                                   "router.buffer_tree=64",
                                                   "link.latency_tree=1"], 16),
    # The seed's oblivious fat tree: the up port by the source (S-mod-k, seed 004 Sec. 3).
    "fattree_source": ("configs/fattree-4-3.ini", ["routing.algorithm=updown_source",
                                                   "router.buffer_tree=64",
                                                   "link.latency_tree=1"], 16),
    "fattree_adaptive": ("configs/fattree-4-3.ini", ["routing.algorithm=updown_adaptive",
                                                     "router.buffer_tree=64",
                                                     "link.latency_tree=1"], 16),
}
PATTERNS = ["uniform", "hotregion", "shuffle", "bitrev", "transpose"]
AGE = ["router.input_arbitration=age", "router.output_arbitration=age"]


def policies(l):
    """Sec. 5.1's four policies: round-robin, age with the 24-packet queue, SAT lk and l2k."""
    return {"rr": [], "age": AGE + ["router.age_timestamp=gen_q24"],
            "sat_k1": ["traffic.throttling=sat", f"traffic.sat_l={l}", f"traffic.sat_k={l}"],
            "sat_k2": ["traffic.throttling=sat", f"traffic.sat_l={l}", f"traffic.sat_k={2 * l}"]}


# Seed 004 Table 2 (phits/cycle), columns gen_qinf, gen_q24, inj_time.
SEED_TABLE2 = {"uniform": (0.4073, 0.3631, 0.3323), "shuffle": (0.2377, 0.1892, 0.1061),
               "bitrev": (0.1392, 0.1235, 0.0867), "transpose": (0.1416, 0.1237, 0.0867)}
TIMESTAMPS = ["gen_qinf", "gen_q24", "inj_time"]
GEN_Q = ["gen_q1", "gen_q4", "gen_q24", "gen_q96", "gen_q1000", "gen_qinf", "inj_time"]
SEC52_LOADS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6]
HOT_FRACTIONS = [0.0, 0.01, 0.02, 0.03, 0.05, 0.1, 0.15, 0.2]
W1_LOADS = [0.2, 0.3, 0.4, 0.5, 0.6]


def cases():
    """Every case: name -> (config, [KEY=VALUE, ...]). Names are file stems."""
    out = {}
    for p in SEED_TABLE2:
        out[f"t2_{p}_rr"] = (TABLE2_BASE[0], TABLE2_BASE[1:] + [f"traffic.pattern={p}"])
        for ts in TIMESTAMPS:
            out[f"t2_{p}_{ts}"] = (TABLE2_BASE[0], TABLE2_BASE[1:] + [
                f"traffic.pattern={p}", f"router.age_timestamp={ts}"] + AGE)
    # The seed's batch method (Sec. 3: 50,000 warm-up cycles, 5 batches of 10 N^2 packets).
    for p in SEED_TABLE2:
        for ts in TIMESTAMPS:
            out[f"t2b_{p}_{ts}"] = (TABLE2_BASE[0], TABLE2_BASE[1:] + [
                f"traffic.pattern={p}", f"router.age_timestamp={ts}", "sim.warmup=50000",
                "sim.mode=batch"] + AGE)
    # Long windows: gen_qinf's correction builds up over the run (docs/validation.md).
    for p in SEED_TABLE2:
        for ts in TIMESTAMPS:
            out[f"t2l_{p}_{ts}"] = (TABLE2_BASE[0], TABLE2_BASE[1:] + [
                f"traffic.pattern={p}", f"router.age_timestamp={ts}", "sim.warmup=50000",
                "sim.measure=400000"] + AGE)
    for ts in GEN_Q:
        out[f"genq_transpose_{ts}"] = (TABLE2_BASE[0], TABLE2_BASE[1:] + [
            "traffic.pattern=transpose", f"router.age_timestamp={ts}"] + AGE)
    for net, (cfg, keys, l) in NETWORKS.items():
        for p in PATTERNS:
            for pol, pk in policies(l).items():
                out[f"s51_{net}_{p}_{pol}"] = (cfg, keys + TABLE1 + [f"traffic.pattern={p}"] + pk)
    cfg, keys, l = NETWORKS["mesh_dor"]
    for p in ["hotregion", "shuffle"]:
        for load in SEC52_LOADS:
            for pol, pk in policies(l).items():
                if pol == "sat_k2":
                    continue
                out[f"s52_{p}_{load:g}_{pol}"] = (cfg, keys + TABLE1 + [
                    f"traffic.pattern={p}", f"traffic.load={load:g}"] + pk)
    for load in W1_LOADS:
        for pol, pk in policies(l).items():
            if pol == "sat_k2":
                continue
            out[f"w1_{load:g}_{pol}"] = (cfg, keys + TABLE1 + [
                "traffic.fullrate_nodes=20,51", f"traffic.load={load:g}"] + pk)
    for net in ["mesh_dor", "mesh_adaptive"]:
        cfg, keys, l = NETWORKS[net]
        for h in HOT_FRACTIONS:
            for pol, pk in policies(l).items():
                if pol == "sat_k2":
                    continue
                out[f"hot_{net}_{h:g}_{pol}"] = (cfg, keys + TABLE1 + [
                    "traffic.pattern=hotspot", f"traffic.hotspot_fraction={h:g}"] + pk)
    return out


GROUPS = {"table2": "t2_", "table2_batch": "t2b_", "table2_long": "t2l_", "gen_q": "genq_",
          "sec51": "s51_", "sec52": "s52_", "workload1": "w1_", "hotspot": "hot_"}


def command(exe, cfg, keys, base):
    cmd = ["nice", "-n", "10", exe, "run", os.path.join(ROOT, cfg)]
    for k in keys:
        cmd += ["--set", k]
    return cmd + ["--threads", "1", "-q", "--json", base + ".json", "--node-loads-csv",
                  base + ".csv"]


def do_run(args):
    os.makedirs(args.outdir, exist_ok=True)
    only = [GROUPS[g] for g in args.only.split(",")] if args.only else list(GROUPS.values())
    for name, (cfg, keys) in cases().items():
        if not any(name.startswith(p) for p in only):
            continue
        base = os.path.join(args.outdir, name)
        if os.path.exists(base + ".json"):
            continue
        r = subprocess.run(command(args.exe, cfg, keys, base), capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"{name}: exit {r.returncode}: {r.stderr.strip()}")


def load(outdir, name):
    with open(os.path.join(outdir, name + ".json")) as f:
        return json.load(f)


def node_loads(path):
    """The injected load of every node of a --node-loads-csv file, in node order."""
    with open(path) as f:
        return [float(row["injected_load"]) for row in csv.DictReader(f)]


def grid(loads, x):
    """Rows of an X-wide mesh's node loads, y = 0 first (node n = x + X*y, docs/model.md §7.2)."""
    if len(loads) % x != 0:
        raise ValueError(f"{len(loads)} nodes are not rows of {x}")
    return [loads[i:i + x] for i in range(0, len(loads), x)]


def change(new, old):
    """Relative change new/old - 1 in percent."""
    return 100.0 * (new / old - 1.0)


def mean(xs):
    return sum(xs) / len(xs)


def do_tables(args):
    d = args.outdir
    print("Table 2: minimum node throughput (phits/cycle), ours (seed 004)\n")
    print("| pattern | rr | gen_qinf | gen_q24 | inj_time | accepted (rr / gen_qinf) |")
    print("|---|---|---|---|---|---|")
    for p, seed in SEED_TABLE2.items():
        rr = load(d, f"t2_{p}_rr")
        cells = [f"{load(d, f't2_{p}_{ts}')['fairness']['min_node_load']:.4f} ({s:.4f})"
                 for ts, s in zip(TIMESTAMPS, seed)]
        acc = f"{rr['accepted_load']:.4f} / {load(d, f't2_{p}_gen_qinf')['accepted_load']:.4f}"
        print(f"| {p} | {rr['fairness']['min_node_load']:.4f} | " + " | ".join(cells) +
              f" | {acc} |")
    print("\nTable 2 by the seed's batches: mean (sd) of the 5 batches' minima\n")
    print("| pattern | gen_qinf | gen_q24 | inj_time |")
    print("|---|---|---|---|")
    for p in SEED_TABLE2:
        cells = []
        for ts in TIMESTAMPS:
            b = load(d, f"t2b_{p}_{ts}")["batches"]
            cells.append(f"{b['mean']['fairness']['min_node_load']:.4f} "
                         f"({b['stddev']['fairness']['min_node_load']:.4f})")
        print(f"| {p} | " + " | ".join(cells) + " |")
    print("\nTable 2 on 50,000 + 400,000 cycles: minimum (row 0's minimum)\n")
    print("| pattern | gen_qinf | gen_q24 | inj_time |")
    print("|---|---|---|---|")
    for p in SEED_TABLE2:
        cells = []
        for ts in TIMESTAMPS:
            n = node_loads(os.path.join(d, f"t2l_{p}_{ts}.csv"))
            cells.append(f"{min(n):.4f} ({min(n[1:8]):.4f})")
        print(f"| {p} | " + " | ".join(cells) + " |")
    print("\nTranspose, NIC queue depth under age\n")
    print("| timestamp | min | row 0 nodes 1-7 | injection latency avg | latency max |")
    print("|---|---|---|---|---|")
    for ts in GEN_Q:
        r = load(d, f"genq_transpose_{ts}")
        row0 = node_loads(os.path.join(d, f"genq_transpose_{ts}.csv"))[1:8]
        print(f"| {ts} | {r['fairness']['min_node_load']:.4f} | " +
              " ".join(f"{x:.3f}" for x in row0) +
              f" | {r['injection_latency_avg']:.0f} | {r['latency_max']} |")
    print("\nSec. 5.1: accepted load (min/avg), latency max\n")
    for net in NETWORKS:
        print(f"\n{net}\n")
        print("| pattern | rr | age | sat lk | sat l2k | max latency rr / age |")
        print("|---|---|---|---|---|---|")
        avgs = {pol: [] for pol in ["rr", "age", "sat_k1", "sat_k2"]}
        for p in PATTERNS:
            cells = []
            for pol in avgs:
                r = load(d, f"s51_{net}_{p}_{pol}")
                avgs[pol].append(r["accepted_load"])
                cells.append(f"{r['accepted_load']:.4f} ({r['fairness']['min_avg_ratio']:.3f})")
            lm = [load(d, f"s51_{net}_{p}_{pol}")["latency_max"] for pol in ["rr", "age"]]
            print(f"| {p} | " + " | ".join(cells) + f" | {lm[0]} / {lm[1]} |")
        base = mean(avgs["rr"])
        print(f"| **average** | {base:.4f} | " + " | ".join(
            f"{mean(avgs[p]):.4f} ({change(mean(avgs[p]), base):+.1f}%)"
            for p in ["age", "sat_k1", "sat_k2"]) + " | |")
    print("\nSec. 5.2: latency avg / max, mesh DOR\n")
    for p in ["hotregion", "shuffle"]:
        print(f"\n{p}\n")
        print("| load | rr accepted | rr avg / max | age avg / max | age max vs rr | "
              "sat avg / max |")
        print("|---|---|---|---|---|---|")
        for ld in SEC52_LOADS:
            rs = {pol: load(d, f"s52_{p}_{ld:g}_{pol}") for pol in ["rr", "age", "sat_k1"]}
            print(f"| {ld:g} | {rs['rr']['accepted_load']:.4f} | " + " | ".join(
                f"{rs[pol]['latency_avg']:.0f} / {rs[pol]['latency_max']}"
                for pol in ["rr", "age"]) +
                f" | {change(rs['age']['latency_max'], rs['rr']['latency_max']):+.0f}% | "
                f"{rs['sat_k1']['latency_avg']:.0f} / {rs['sat_k1']['latency_max']} |")
    print("\nSec. 5.3 Workload 1 (mesh DOR): min / avg / nodes 20, 51\n")
    print("| load | rr | age | sat l8k8 |")
    print("|---|---|---|---|")
    for ld in W1_LOADS:
        cells = []
        for pol in ["rr", "age", "sat_k1"]:
            name = f"w1_{ld:g}_{pol}"
            r, n = load(d, name), node_loads(os.path.join(d, name + ".csv"))
            cells.append(f"{r['fairness']['min_node_load']:.4f} / {r['accepted_load']:.4f} / "
                         f"{n[20]:.3f}, {n[51]:.3f}")
        print(f"| {ld:g} | " + " | ".join(cells) + " |")
    print("\nSec. 5.4 hot spot: accepted (min), max\n")
    for net in ["mesh_dor", "mesh_adaptive"]:
        print(f"\n{net}\n")
        print("| hot fraction | rr | age | sat l8k8 |")
        print("|---|---|---|---|")
        for h in HOT_FRACTIONS:
            rs = [load(d, f"hot_{net}_{h:g}_{pol}") for pol in ["rr", "age", "sat_k1"]]
            print(f"| {h:g} | " + " | ".join(
                f"{r['accepted_load']:.4f} ({r['fairness']['min_node_load']:.4f}), "
                f"{r['fairness']['max_node_load']:.4f}" for r in rs) + " |")


def gnuplot(script_path):
    """Runs gnuplot on a script file in its directory (the scripts name their files relative to
    it), without a shell; exits with gnuplot's message on failure."""
    r = subprocess.run(["gnuplot", os.path.basename(script_path)], capture_output=True, text=True,
                       cwd=os.path.dirname(script_path))
    if r.returncode != 0:
        sys.exit(f"gnuplot {script_path}: {r.stderr.strip()}")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def table2_data(outdir, prefix):
    """Table 2's rows: pattern, ours (the runs `prefix`PATTERN_TIMESTAMP) and the seed's for
    gen_qinf, gen_q24, inj_time."""
    rows = []
    for p, seed in SEED_TABLE2.items():
        ours = [load(outdir, f"{prefix}{p}_{ts}")["fairness"]["min_node_load"]
                for ts in TIMESTAMPS]
        rows.append([p] + [v for pair in zip(ours, seed) for v in pair])
    return rows


def heatmap_data(loads, x):
    """gnuplot `matrix` text of a mesh's node loads: one line per y, y = 0 first."""
    return "".join(" ".join(f"{v:.4f}" for v in row) + "\n" for row in grid(loads, x))


TABLE2_TITLE = ("Seed 004 Table 2: min node throughput, 8x8 DOR mesh, age\\n"
                "bars: netcosim (50,000 + 400,000 cycles), points: seed")


def do_plots(args):
    d, fig = args.outdir, os.path.abspath(args.figdir)
    os.makedirs(fig, exist_ok=True)
    # Table 2: bars of ours (the long windows), markers at the seed's values.
    write(os.path.join(fig, "table2.dat"), "# pattern " + " ".join(
        f"ours_{t} seed_{t}" for t in TIMESTAMPS) + "\n" + "".join(
        " ".join([r[0]] + [f"{v:.4f}" for v in r[1:]]) + "\n" for r in table2_data(d, "t2l_")))
    write(os.path.join(fig, "table2.gp"), f"""set terminal pngcairo size 900,550
set output 'table2.png'
set title "{TABLE2_TITLE}"
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.6 noborder
set ylabel 'min node throughput (phits/cycle)'
set yrange [0:0.45]
set key top right
set grid ytics
plot 'table2.dat' using 2:xtic(1) title 'gen\\_qinf', '' using 4 title 'gen\\_q24', \\
     '' using 6 title 'inj\\_time', \\
     '' using ($0-0.25):3 with points pt 7 ps 1.5 lc rgb 'black' title 'seed', \\
     '' using ($0):5 with points pt 7 ps 1.5 lc rgb 'black' notitle, \\
     '' using ($0+0.25):7 with points pt 7 ps 1.5 lc rgb 'black' notitle
set output
""")
    gnuplot(os.path.join(fig, "table2.gp"))
    # Fig. 4: min/avg against average throughput, one panel per network.
    lines = []
    for net in NETWORKS:
        for pol in ["rr", "age", "sat_k1", "sat_k2"]:
            for p in PATTERNS:
                r = load(d, f"s51_{net}_{p}_{pol}")
                lines.append(f"{net} {pol} {p} {r['accepted_load']:.4f} "
                             f"{r['fairness']['min_avg_ratio']:.4f}\n")
            lines.append("\n\n")
    write(os.path.join(fig, "fig4.dat"), "".join(lines))
    panels = []
    for i, net in enumerate(NETWORKS):
        plots = ", ".join(f"'fig4.dat' index {4 * i + j} using 4:5 with points pt {pt} "
                          f"ps 1.6 title '{pol}'" for j, (pol, pt) in enumerate(
                              [("rr", 6), ("age", 7), ("sat lk", 5), ("sat l2k", 9)]))
        panels.append(f"set title '{net.replace('_', ' ')}'\nplot {plots}\n")
    write(os.path.join(fig, "fig4.gp"), f"""set terminal pngcairo size 1600,750
set output 'fig4.png'
set multiplot layout 2,4 title 'Seed 004 Fig. 4 (netcosim): min/avg node throughput against ' . \
    'average throughput, 5 patterns at load 1.0'
set xlabel 'average throughput (phits/(node*cycle))'
set ylabel 'min/avg'
set xrange [0:1]
set yrange [0:1.05]
set key bottom right
set grid
""" + "".join(panels) + "unset multiplot\nset output\n")
    gnuplot(os.path.join(fig, "fig4.gp"))
    # Fig. 5: average and maximum latency against offered load below and past saturation.
    lines = []
    for p in ["hotregion", "shuffle"]:
        for pol in ["rr", "age", "sat_k1"]:
            for ld in SEC52_LOADS:
                r = load(d, f"s52_{p}_{ld:g}_{pol}")
                lines.append(f"{ld:g} {r['latency_avg']:.1f} {r['latency_max']}\n")
            lines.append("\n\n")
    write(os.path.join(fig, "fig5.dat"), "".join(lines))
    panels = []
    for i, p in enumerate(["hot region", "perfect shuffle"]):
        plots = []
        for j, pol in enumerate(["rr", "age", "sat l8k8"]):
            plots.append(f"'fig5.dat' index {3 * i + j} using 1:2 with linespoints lc {j + 1} "
                         f"pt 7 title '{pol} avg'")
            plots.append(f"'' index {3 * i + j} using 1:3 with linespoints lc {j + 1} dt 2 pt 6 "
                         f"title '{pol} max'")
        panels.append(f"set title '{p}'\nplot " + ", ".join(plots) + "\n")
    write(os.path.join(fig, "fig5.gp"), """set terminal pngcairo size 1100,450
set output 'fig5.png'
set multiplot layout 1,2 title 'Seed 004 Fig. 5 (netcosim): average and maximum latency, ' . \\
    '8x8 DOR mesh'
set xlabel 'offered load (phits/(node*cycle))'
set ylabel 'latency (cycles)'
set logscale y
set key top left
set grid
""" + "".join(panels) + "unset multiplot\nset output\n")
    gnuplot(os.path.join(fig, "fig5.gp"))
    # Fig. 8: average and minimum against the hot-spot fraction.
    lines = []
    for net in ["mesh_dor", "mesh_adaptive"]:
        for pol in ["rr", "age", "sat_k1"]:
            for h in HOT_FRACTIONS:
                r = load(d, f"hot_{net}_{h:g}_{pol}")
                lines.append(f"{h:g} {r['accepted_load']:.4f} "
                             f"{r['fairness']['min_node_load']:.4f}\n")
            lines.append("\n\n")
    write(os.path.join(fig, "fig8.dat"), "".join(lines))
    panels = []
    for i, net in enumerate(["mesh_dor", "mesh_adaptive"]):
        plots = []
        for j, pol in enumerate(["rr", "age", "sat l8k8"]):
            plots.append(f"'fig8.dat' index {3 * i + j} using (100*$1):2 with linespoints "
                         f"lc {j + 1} pt 7 title '{pol} avg'")
            plots.append(f"'' index {3 * i + j} using (100*$1):3 with linespoints lc {j + 1} "
                         f"dt 2 pt 6 title '{pol} min'")
        panels.append(f"set title '{net.replace('_', ' ')}'\nplot " + ", ".join(plots) + "\n")
    write(os.path.join(fig, "fig8.gp"), f"""set terminal pngcairo size 1100,450
set output 'fig8.png'
set multiplot layout 1,2 title 'Seed 004 Fig. 8 (netcosim): throughput against traffic to ' . \
    'node 0, 8x8 mesh, load 1.0'
set xlabel 'traffic to the hot node (%)'
set ylabel 'phits/(node*cycle)'
set yrange [0:*]
set key top right
set grid
""" + "".join(panels) + "unset multiplot\nset output\n")
    gnuplot(os.path.join(fig, "fig8.gp"))
    # Fig. 9: per-node maps at 10% hot spot, each panel its own scale as in the seed.
    panels = []
    for net in ["mesh_adaptive", "mesh_dor"]:
        for pol in ["rr", "age", "sat_k1"]:
            name = f"hot_{net}_0.1_{pol}"
            loads = node_loads(os.path.join(d, name + ".csv"))
            write(os.path.join(fig, f"fig9_{net}_{pol}.dat"), heatmap_data(loads, 8))
            panels.append((net, pol, min(loads), max(loads)))
    body = ""
    for pol in ["rr", "age", "sat_k1"]:
        for net in ["mesh_adaptive", "mesh_dor"]:
            lo, hi = [(a, b) for n, p, a, b in panels if n == net and p == pol][0]
            body += (f"set title '{net.replace('_', ' ')}, {pol.replace('_k1', ' l8k8')} "
                     f"(min {lo:.4f}, max {hi:.4f})'\n"
                     f"plot 'fig9_{net}_{pol}.dat' matrix with image notitle, "
                     f"'' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle\n")
    write(os.path.join(fig, "fig9.gp"), f"""set terminal pngcairo size 1000,1350
set output 'fig9.png'
set multiplot layout 3,2 title 'Seed 004 Fig. 9 (netcosim): node throughput ' . \
    '(phits/cycle), 10% to node 0 at (0,0), load 1.0'
set xlabel 'x'
set ylabel 'y'
set xrange [-0.5:7.5]
set yrange [-0.5:7.5]
set size ratio -1
set palette rgbformulae 22,13,-31
""" + body + "unset multiplot\nset output\n")
    gnuplot(os.path.join(fig, "fig9.gp"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("outdir")
    r.add_argument("--exe", default=os.path.join(ROOT, "build", "netcosim"))
    r.add_argument("--only", default="")
    t = sub.add_parser("tables")
    t.add_argument("outdir")
    p = sub.add_parser("plots")
    p.add_argument("outdir")
    p.add_argument("figdir")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        if args.only and any(g not in GROUPS for g in args.only.split(",")):
            print(f"--only={args.only}: allowed groups are {','.join(GROUPS)} (comma-separated)",
                  file=sys.stderr)
            sys.exit(2)
        do_run(args)
    elif args.cmd == "tables":
        do_tables(args)
    else:
        do_plots(args)


if __name__ == "__main__":
    main()
