#!/usr/bin/env python3
"""In-transit adaptive routing (OLM) without transit priority on h4 under ADVc: per-router
injection of the bottleneck router (R15's role: router a-1 = position 7 of each group) against
the others, one variant at a time (thesis 000 Sec. 3.3.3.2; docs/validation.md, "In-transit
without priority: R15 on h4").

  tools/intransit_fair_h4.py run OUTDIR [--loads 0.40,0.45] [--warmup W] [--measure M]
                                       [--variants "V1;V2"] [--exe B]
  tools/intransit_fair_h4.py table OUTDIR [--loads 0.40,0.45]

`run` skips the runs whose JSON exists and runs each under `nice -n 10` on one thread; `table`
prints one Markdown row per variant and load: accepted load, R15/avg and R0/avg (mean injected
load of position a-1 and 0 over the mean of all routers), Max/Min and CoV over the routers
(`fairness_per_router`), min router load (% of offered), the noise floor 1/sqrt(lambda*T) of the
CoV, and the share of the delivered packets routed minimally.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fairness_tables_h8 import positions as group_positions  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
A = 8  # configs/dragonfly-h4.ini: a = 8 routers per group, R15's role is position a-1 = 7
P = 4  # nodes per router
SIZE = 8  # phits per packet

BASE = ["traffic.pattern=advc", "routing.algorithm=olm", "router.vcs_local=3",
        "router.vcs_global=2", "router.input_arbitration=rr", "router.output_arbitration=rr"]
# Variant -> the keys it changes from BASE (OLM, mm, credit_candidates=all, rr/rr).
VARIANTS = {
    "base (mm, all)": [],
    "one_random": ["routing.credit_candidates=one_random"],
    "rrg": ["routing.global_policy=rrg"],
    "crg": ["routing.global_policy=crg"],
    "rrg + one_random": ["routing.global_policy=rrg", "routing.credit_candidates=one_random"],
    "crg + one_random": ["routing.global_policy=crg", "routing.credit_candidates=one_random"],
    "injection 1000 phits": ["router.buffer_injection=1000"],
    "allocator 1 iteration": ["router.allocator_iterations=1"],
    "speedup 1": ["router.speedup=1"],
    "no global restriction": ["routing.global_restriction_coef=0"],
    "no restriction, crg": ["routing.global_restriction_coef=0", "routing.global_policy=crg"],
    "no restriction, rrg": ["routing.global_restriction_coef=0", "routing.global_policy=rrg"],
    "credit_threshold 35": ["routing.credit_threshold=35"],
    "input lrs / output lrs": ["router.input_arbitration=lrs", "router.output_arbitration=lrs"],
    "input lrs": ["router.input_arbitration=lrs"],
    "output lrs": ["router.output_arbitration=lrs"],
    "busy fifo_full": ["routing.credit_busy=fifo_full"],
    "speedup 1 + busy fifo_full": ["router.speedup=1", "routing.credit_busy=fifo_full"],
    "speedup 4": ["router.speedup=4"],
    "transit_rr (control)": ["router.output_arbitration=transit_rr"],
    "input update on request": ["router.input_arbiter_update=request"],
    # FOGSim's injection side: its generator's destination-dependent injection VC, with and
    # without a source queue (docs/validation.md, "FOGSim's injection side against ours").
    "injection dest": ["traffic.injection_vc=dest"],
    "FOGSim injection (dest, no queue)": ["traffic.injection_vc=dest", "traffic.source_queue=0"],
    "FOGSim injection, lrs / lrs": ["traffic.injection_vc=dest", "traffic.source_queue=0",
                                    "router.input_arbitration=lrs",
                                    "router.output_arbitration=lrs"],
    "input lrs / output lrs, update on request": ["router.input_arbitration=lrs",
                                                  "router.output_arbitration=lrs",
                                                  "router.input_arbiter_update=request"],
}


def stem(outdir, variant, load):
    name = "".join(c if c.isalnum() else "_" for c in variant)
    return os.path.join(outdir, f"{name}_{load:.2f}")


def do_run(args):
    for v in (args.variants.split(";") if args.variants else []):
        if v not in VARIANTS:
            print(f"--variants: unknown variant '{v}'; allowed: " + "; ".join(VARIANTS),
                  file=sys.stderr)
            sys.exit(2)
    os.makedirs(args.outdir, exist_ok=True)
    exe = args.exe or os.path.join(ROOT, "build", "netcosim")
    for load in [float(x) for x in args.loads.split(",")]:
        for variant, keys in VARIANTS.items():
            if args.variants and variant not in args.variants.split(";"):
                continue
            base = stem(args.outdir, variant, load)
            if os.path.exists(base + ".json"):
                continue
            cmd = ["nice", "-n", "10", exe, "run", os.path.join(ROOT, "configs", "dragonfly-h4.ini")]
            for kv in BASE + keys + [f"traffic.load={load}", f"sim.warmup={args.warmup}",
                                     f"sim.measure={args.measure}"]:
                cmd += ["--set", kv]
            cmd += ["--threads", "1", "-q", "--json", base + ".json", "--node-loads-csv",
                    base + ".csv"]
            t0 = time.time()
            subprocess.run(cmd, check=True)
            print(f"{variant:24s} {load:.2f}  {time.time() - t0:6.1f} s", flush=True)


def do_table(args):
    print("| variant | offered | accepted | R15/avg | R0/avg | Max/Min | CoV | noise CoV "
          "| min router load (%) | minimal |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for load in [float(x) for x in args.loads.split(",")]:
        for variant in VARIANTS:
            base = stem(args.outdir, variant, load)
            if not os.path.exists(base + ".json"):
                continue
            d = json.load(open(base + ".json"))
            f = d["fairness_per_router"]
            pos = group_positions(base + ".csv", A)
            # A router injects p*lambda*T/SIZE packets in T cycles (p nodes x lambda/SIZE packets
            # per node and cycle): Bernoulli generation alone gives a CoV of 1/sqrt(that).
            noise = 1 / math.sqrt(P * load * d["cycles_measured"] / SIZE)
            print(f"| {variant} | {load:.2f} | {d['accepted_load']:.4f} | {pos[A - 1]:.3f} | "
                  f"{pos[0]:.3f} | {f['max_min_ratio']:.3f} | {f['cov']:.4f} | {noise:.4f} | "
                  f"{f['min_router_load']:.4f} ({100 * f['min_router_load'] / load:.1f}%) | "
                  f"{100 * (1 - d['nonminimal_fraction']):.1f}% |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("action", choices=["run", "table"])
    ap.add_argument("outdir")
    ap.add_argument("--loads", default="0.40,0.45")
    ap.add_argument("--warmup", type=int, default=30000)
    ap.add_argument("--measure", type=int, default=10000)
    ap.add_argument("--variants", help="variants to run, separated by semicolons (default: all)")
    ap.add_argument("--exe", help="the netcosim binary (default: build/netcosim)")
    args = ap.parse_args()
    (do_run if args.action == "run" else do_table)(args)


if __name__ == "__main__":
    sys.exit(main())
