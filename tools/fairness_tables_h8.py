#!/usr/bin/env python3
"""Thesis 000 Tables 3.1-3.3 on h8 (ADVc, 16,512 nodes): 8 routings x 2 offered loads x 3
arbitrations = 48 runs of netcosim, one JSON and one per-node CSV each, then the tables.

  tools/fairness_tables_h8.py run OUTDIR [--warmup W] [--measure M] [--threads T] [--only ARB]
                                         [--routings R1,R2,...] [--loads L1,L2] [--set K=V]...
                                         [--exe BINARY]
  tools/fairness_tables_h8.py table OUTDIR
  tools/fairness_tables_h8.py sweep OUTDIR --loads L1,L2,... [--only ARB] [--routings R1,...]
                                           [--warmup W] [--measure M] [--threads T] [--set K=V]...
  tools/fairness_tables_h8.py sat OUTDIR [--only ARB] [--routings R1,...]

`run` skips the runs whose JSON exists, runs each under `nice -n 10` (no shell) and prints its
wall time; `table` prints one Markdown table per arbitration: min router load (% of offered),
Max/Min, CoV beside the thesis's values (extract-000-dragonfly-thesis.md §6), the accepted load,
the mean injected load of router positions 0 and 15 of the groups (R0, R15) over the mean, and the
share of the delivered packets routed minimally (1 - nonminimal_fraction; thesis Sec. 3.3.2 gives
15-20% for Src-RRG and about 40% for Src-CRG).
`sweep` runs the same keys at any offered loads (arbitrations in Table 3.1, 3.3, 3.2 order; the
same file names, so `table` reads the two rows' loads among them); `sat` gives the tables' "Avg.
sat. load" column from every load run in OUTDIR: the network's saturation throughput (the highest
accepted load, the average throughput of thesis Fig. 3.2) and saturation point (the first offered
load accepted below 95% of it), the two figures of `netcosim sweep` (docs/sweep.md), and the mean
over the routers of each router's highest injected load; also OUTDIR/saturation.json and .csv.
Routings and keys: docs/validation.md, "Thesis 000 Tables 3.1-3.3 on h8".
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Oblivious and source-adaptive rows: router-level Valiant with VAL's 4/2 VCs (docs/model.md §4),
# RRG = an intermediate router outside the source group, CRG = an intermediate router of the h
# groups the source router's global links reach (thesis 000 Sec. 1.4.3).
ROUTER_VAL = ["router.vcs_local=4", "router.vcs_global=2"]
RRG = ["routing.valiant=outside_source_group"]
CRG = ["routing.valiant=current_router"]
ROUTINGS = {
    "MIN": ["routing.algorithm=min"],
    "Obl-RRG": ["routing.algorithm=val"] + ROUTER_VAL + RRG,
    "Obl-CRG": ["routing.algorithm=val"] + ROUTER_VAL + CRG,
    "Src-RRG": ["routing.algorithm=pb"] + ROUTER_VAL + RRG,
    "Src-CRG": ["routing.algorithm=pb"] + ROUTER_VAL + CRG,
    "In-Trns-RRG": ["routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                    "routing.global_policy=rrg"],
    "In-Trns-CRG": ["routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                    "routing.global_policy=crg"],
    "In-Trns-MM": ["routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                   "routing.global_policy=mm"],
}
ARBS = {
    "transit": ["router.input_arbitration=rr", "router.output_arbitration=transit_rr"],
    "rr": ["router.input_arbitration=rr", "router.output_arbitration=rr"],
    "age": ["router.input_arbitration=age", "router.output_arbitration=age",
            "router.age_timestamp=accumulated"],
}
# Thesis 000 Tables 3.1 (transit), 3.2 (rr), 3.3 (age): routing -> [(sat, offered, min, max/min,
# cov)] for the two offered loads of the row (extract-000-dragonfly-thesis.md §6).
THESIS = {
    "transit": {
        "MIN": [(0.05, 0.03, 0.0275, 1.180, 0.0236), (0.05, 0.55, 0.0100, 43.81, 0.4106)],
        "Obl-RRG": [(0.40, 0.35, 0.3416, 1.048, 0.0069), (0.40, 0.55, 0.3522, 1.309, 0.0345)],
        "Obl-CRG": [(0.43, 0.40, 0.3913, 1.045, 0.0063), (0.43, 0.55, 0.3833, 1.321, 0.0533)],
        "Src-RRG": [(0.33, 0.30, 0.1589, 1.925, 0.0483), (0.33, 0.55, 0.1739, 3.138, 0.1569)],
        "Src-CRG": [(0.12, 0.10, 0.0571, 1.829, 0.0857), (0.12, 0.55, 0.0528, 8.832, 0.2251)],
        "In-Trns-RRG": [(0.47, 0.40, 0.0066, 62.79, 0.2435), (0.47, 0.55, 0.0039, 145.29, 0.2820)],
        "In-Trns-CRG": [(0.49, 0.40, 0.0042, 97.90, 0.2450), (0.49, 0.55, 0.0032, 172.89, 0.2525)],
        "In-Trns-MM": [(0.49, 0.40, 0.0053, 79.74, 0.2442), (0.49, 0.55, 0.0051, 112.56, 0.2519)],
    },
    "rr": {
        "MIN": [(0.05, 0.03, 0.0275, 1.180, 0.0236), (0.05, 0.55, 0.0056, 91.16, 1.3382)],
        "Obl-RRG": [(0.38, 0.35, 0.3424, 1.047, 0.0068), (0.38, 0.55, 0.3237, 1.364, 0.0427)],
        "Obl-CRG": [(0.40, 0.35, 0.3421, 1.049, 0.0068), (0.40, 0.55, 0.3477, 1.354, 0.0394)],
        "Src-RRG": [(0.32, 0.30, 0.1388, 2.207, 0.0668), (0.32, 0.55, 0.1409, 3.954, 0.2216)],
        "Src-CRG": [(0.12, 0.10, 0.0560, 1.868, 0.0339), (0.12, 0.55, 0.0419, 13.14, 0.5937)],
        "In-Trns-RRG": [(0.45, 0.40, 0.2729, 1.496, 0.0701), (0.45, 0.55, 0.3092, 1.781, 0.1032)],
        "In-Trns-CRG": [(0.46, 0.40, 0.2683, 1.523, 0.0740), (0.46, 0.55, 0.2814, 1.874, 0.1080)],
        "In-Trns-MM": [(0.46, 0.40, 0.2634, 1.551, 0.0741), (0.46, 0.55, 0.2829, 1.857, 0.1078)],
    },
    "age": {
        "MIN": [(0.05, 0.03, 0.0275, 1.180, 0.0236), (0.05, 0.55, 0.0156, 29.54, 0.5676)],
        "Obl-RRG": [(0.40, 0.35, 0.3422, 1.046, 0.0068), (0.40, 0.55, 0.3794, 1.212, 0.0317)],
        "Obl-CRG": [(0.43, 0.40, 0.3919, 1.043, 0.0063), (0.43, 0.55, 0.3797, 1.359, 0.0632)],
        "Src-RRG": [(0.28, 0.25, 0.2428, 1.060, 0.0081), (0.28, 0.55, 0.1961, 2.802, 0.2190)],
        "Src-CRG": [(0.12, 0.10, 0.0956, 1.092, 0.0128), (0.12, 0.55, 0.0782, 4.167, 0.1830)],
        "In-Trns-RRG": [(0.50, 0.40, 0.3784, 1.082, 0.0103), (0.50, 0.55, 0.2582, 2.069, 0.1033)],
        "In-Trns-CRG": [(0.49, 0.40, 0.3883, 1.052, 0.0067), (0.49, 0.55, 0.2701, 2.044, 0.0979)],
        "In-Trns-MM": [(0.49, 0.40, 0.3896, 1.050, 0.0068), (0.49, 0.55, 0.2735, 2.020, 0.0973)],
    },
}
ROUTERS_PER_GROUP = 16  # configs/dragonfly-h8.ini: a = 16


def runs():
    for arb in ARBS:
        for routing, rows in THESIS[arb].items():
            for row in rows:
                yield arb, routing, row[1]


def stem(outdir, arb, routing, load):
    return os.path.join(outdir, f"{arb}_{routing}_{load:.2f}")


def run_one(args, exe, arb, routing, load):
    """One run (skipped when its JSON exists): OUTDIR/ARB_ROUTING_LOAD.json and .csv."""
    base = stem(args.outdir, arb, routing, load)
    if os.path.exists(base + ".json"):
        return
    cmd = ["nice", "-n", "10", exe, "run", os.path.join(ROOT, "configs", "dragonfly-h8.ini")]
    keys = ["traffic.pattern=advc", f"traffic.load={load}", f"sim.warmup={args.warmup}",
            f"sim.measure={args.measure}"] + ROUTINGS[routing] + ARBS[arb] + (args.set or [])
    for kv in keys:
        cmd += ["--set", kv]
    cmd += ["--threads", str(args.threads), "-q", "--json", base + ".json",
            "--node-loads-csv", base + ".csv"]
    t0 = time.time()
    subprocess.run(cmd, check=True)
    print(f"{arb:8s} {routing:12s} {load:.2f}  {time.time() - t0:6.1f} s", flush=True)


def selected(args, arb, routing):
    if args.only and arb != args.only:
        return False
    return not args.routings or routing in args.routings.split(",")


def check_routings(args):
    for r in (args.routings.split(",") if args.routings else []):
        if r not in ROUTINGS:
            print(f"--routings: unknown routing '{r}'; allowed: " + ",".join(ROUTINGS),
                  file=sys.stderr)
            sys.exit(2)


def do_run(args):
    check_routings(args)
    offered = sorted({load for _, _, load in runs()})
    for x in (args.loads.split(",") if args.loads else []):
        try:
            ok = any(abs(float(x) - load) < 1e-9 for load in offered)
        except ValueError:
            ok = False
        if not ok:
            print(f"--loads: no row is run at '{x}'; allowed: " + ",".join(map(str, offered)),
                  file=sys.stderr)
            sys.exit(2)
    os.makedirs(args.outdir, exist_ok=True)
    exe = args.exe or os.path.join(ROOT, "build", "netcosim")
    for arb, routing, load in runs():
        if not selected(args, arb, routing):
            continue
        if args.loads and not any(abs(load - float(x)) < 1e-9 for x in args.loads.split(",")):
            continue
        run_one(args, exe, arb, routing, load)


def sweep_loads(text):
    """--loads of `sweep`: offered loads in (0, 1], two decimals (the file names carry two)."""
    loads = []
    for x in (text or "").split(","):
        try:
            v = float(x)
        except ValueError:
            v = -1.0
        if not 0 < v <= 1 or abs(round(v, 2) - v) > 1e-9:
            print(f"--loads: '{x}' is not an offered load; allowed: numbers in (0, 1] with at "
                  "most two decimals, comma-separated", file=sys.stderr)
            sys.exit(2)
        loads.append(round(v, 2))
    return loads


def do_sweep(args):
    """Runs every selected (arbitration, routing) at every load of --loads, in that order: the
    arbitrations in Table 3.1, 3.3, 3.2 order (transit, age, rr) unless --only picks one."""
    check_routings(args)
    loads = sweep_loads(args.loads)
    os.makedirs(args.outdir, exist_ok=True)
    exe = args.exe or os.path.join(ROOT, "build", "netcosim")
    for arb in ("transit", "age", "rr"):
        for routing in ROUTINGS:
            if selected(args, arb, routing):
                for load in loads:
                    run_one(args, exe, arb, routing, load)


def positions(csv_path, a=ROUTERS_PER_GROUP):
    """Mean injected load of each router position in its group (0..a-1) over the mean (a: the
    routers per group; tools/intransit_fair_h4.py reads h4's through this too)."""
    sums = [0.0] * a
    counts = [0] * a
    with open(csv_path) as f:
        for r in csv.DictReader(f):
            pos = int(r["router"]) % a
            sums[pos] += float(r["injected_load"])
            counts[pos] += 1
    means = [s / c for s, c in zip(sums, counts)]
    avg = sum(sums) / sum(counts)
    return [m / avg for m in means]


def do_table(args):
    for arb in ARBS:
        print(f"\n{arb}\n")
        print("| routing | offered | accepted | min router load (%) | thesis | Max/Min | thesis "
              "| CoV | thesis | R0/avg | R15/avg | minimal |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for routing, rows in THESIS[arb].items():
            for sat, load, tmin, tmm, tcov in rows:
                base = stem(args.outdir, arb, routing, load)
                if not os.path.exists(base + ".json"):
                    print(f"| {routing} | {load:.2f} | (not run) |")
                    continue
                d = json.load(open(base + ".json"))
                f = d["fairness_per_router"]
                pos = positions(base + ".csv")
                # Max/Min is null in the JSON when a router injected nothing (a starved router).
                mm = f["max_min_ratio"]
                mm = "inf" if mm is None else f"{mm:.3f}"
                print(f"| {routing} | {load:.2f} | {d['accepted_load']:.4f} | "
                      f"{f['min_router_load']:.4f} ({100 * f['min_router_load'] / load:.1f}%) | "
                      f"{tmin:.4f} ({100 * tmin / load:.1f}%) | {mm} | {tmm} | "
                      f"{f['cov']:.4f} | {tcov} | {pos[0]:.2f} | {pos[15]:.2f} | "
                      f"{100 * (1 - d['nonminimal_fraction']):.1f}% |")


SAT_SHORTFALL = 0.95  # docs/sweep.md "Saturation": the point is the first accepted < 0.95 x offered


def saturation(points, shortfall=SAT_SHORTFALL):
    """The two saturation figures of `netcosim sweep` (docs/sweep.md, "Saturation") from
    [(offered, accepted)]: (throughput, its offered load, point). throughput = the highest
    accepted load of the sweep, the network's average throughput at saturation (the curves of
    thesis 000 Fig. 3.2, whose saturation the tables' "Avg. sat. load" column quotes); point =
    the lowest offered load whose accepted load is below shortfall x offered, None if none is."""
    pts = sorted(points)
    thr, at = max((acc, off) for off, acc in pts)
    point = next((off for off, acc in pts if acc < shortfall * off), None)
    return thr, at, point


def router_loads(csv_path):
    """Injected load of each router: the mean over its nodes (the `fairness_per_router` basis)."""
    sums, counts = {}, {}
    with open(csv_path) as f:
        for r in csv.DictReader(f):
            k = int(r["router"])
            sums[k] = sums.get(k, 0.0) + float(r["injected_load"])
            counts[k] = counts.get(k, 0) + 1
    return [sums[k] / counts[k] for k in sorted(sums)]


def router_saturation(per_load):
    """The other reading of the column: each router's own saturation throughput, the highest
    injected load it reached over the sweep, averaged over the routers. per_load: one list of
    per-router loads (same router order) per swept load."""
    peaks = [max(col) for col in zip(*per_load)]
    return sum(peaks) / len(peaks)


def swept(outdir, arb, routing):
    """The loads of OUTDIR's runs of (arb, routing), from the file names stem() writes."""
    prefix = f"{arb}_{routing}_"
    loads = []
    for name in os.listdir(outdir):
        if name.startswith(prefix) and name.endswith(".json"):
            try:
                loads.append(float(name[len(prefix):-len(".json")]))
            except ValueError:
                pass
    return sorted(loads)


def do_sat(args):
    """The "Avg. sat. load" column from OUTDIR's runs of every load (sweep and run alike): one
    Markdown table per arbitration, and OUTDIR/saturation.json and saturation.csv."""
    check_routings(args)
    out = []
    for arb in ("transit", "age", "rr"):
        if args.only and arb != args.only:
            continue
        print(f"\n{arb}\n")
        print("| routing | thesis | sat. throughput | at offered | sat. point | router mean "
              "| loads | accepted at each load |")
        print("|---|---|---|---|---|---|---|---|")
        for routing, rows in THESIS[arb].items():
            if args.routings and routing not in args.routings.split(","):
                continue
            loads = swept(args.outdir, arb, routing)
            if not loads:
                print(f"| {routing} | {rows[0][0]:.2f} | (not run) |")
                continue
            acc = [json.load(open(stem(args.outdir, arb, routing, x) + ".json"))["accepted_load"]
                   for x in loads]
            thr, at, point = saturation(list(zip(loads, acc)))
            rmean = router_saturation(
                [router_loads(stem(args.outdir, arb, routing, x) + ".csv") for x in loads])
            # A maximum at the top load says the sweep did not reach past saturation.
            edge = at == loads[-1]
            rec = {"arbitration": arb, "routing": routing, "thesis_avg_sat_load": rows[0][0],
                   "saturation_throughput": thr, "throughput_offered_load": at,
                   "throughput_at_top_load": edge, "saturation_point": point,
                   "router_mean_saturation": rmean, "threshold": SAT_SHORTFALL,
                   "loads": loads, "accepted": acc}
            out.append(rec)
            curve = " ".join(f"{x:.2f}:{a:.3f}" for x, a in zip(loads, acc))
            print(f"| {routing} | {rows[0][0]:.2f} | {'>=' if edge else ''}{thr:.4f} | {at:.2f} | "
                  f"{'not reached' if point is None else f'{point:.2f}'} | {rmean:.4f} | "
                  f"{loads[0]:.2f}-{loads[-1]:.2f} ({len(loads)}) | {curve} |")
    with open(os.path.join(args.outdir, "saturation.json"), "w") as f:
        json.dump({"schema": "fairness_tables_h8.saturation/1", "rows": out}, f, indent=1)
    with open(os.path.join(args.outdir, "saturation.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["arbitration", "routing", "thesis_avg_sat_load", "saturation_throughput",
                    "throughput_offered_load", "throughput_at_top_load", "saturation_point",
                    "router_mean_saturation", "loads"])
        for r in out:
            w.writerow([r["arbitration"], r["routing"], r["thesis_avg_sat_load"],
                        f"{r['saturation_throughput']:.6f}", r["throughput_offered_load"],
                        int(r["throughput_at_top_load"]),
                        "" if r["saturation_point"] is None else r["saturation_point"],
                        f"{r['router_mean_saturation']:.6f}", len(r["loads"])])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("action", choices=["run", "table", "sweep", "sat"])
    ap.add_argument("outdir")
    ap.add_argument("--warmup", type=int, default=1500)
    ap.add_argument("--measure", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", choices=list(ARBS))
    ap.add_argument("--routings", help="comma-separated routings to run (default: all 8)")
    ap.add_argument("--set", action="append", metavar="K=V",
                    help="an extra configuration key for every run (repeatable)")
    ap.add_argument("--loads",
                    help="comma-separated offered loads to run (run: default both of each row; "
                    "sweep: required, any in (0, 1])")
    ap.add_argument("--exe", help="the netcosim binary (default: build/netcosim)")
    args = ap.parse_args()
    {"run": do_run, "table": do_table, "sweep": do_sweep, "sat": do_sat}[args.action](args)


if __name__ == "__main__":
    sys.exit(main())
