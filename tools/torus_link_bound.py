#!/usr/bin/env python3
"""DOR's busiest link on a trunked torus under uniform traffic (docs/validation.md Ch. 4, Ch. 5).

Counts, over every source and destination node (uniform traffic: each node sends to the N - 1
others alike), the packets DOR puts on each link (docs/model.md §7.2: x, then y, then z, the
minimal direction, + on a tie at D/2) and prints the busiest link's load as a multiple of the
node load, hence the saturation bound 1 / load (flits/cycle/NIC), for the two link rules:

  destination: link (i + c * floor(r_dst / stride_d)) mod t of the trunk, i the destination's
               port, r_dst its switch (routing.trunk_select=destination);
  spread:      the trunk's packets shared evenly by its t links (the mean; what a per-packet
               choice such as routing.trunk_select=adaptive can approach at best).

With --perm SHARE,... (the load shares of SLs whose nodes send on point-to-point connections,
`qos.pattern=cbr`: a random cyclic permutation of the nodes per SL, docs/model.md §9.2) the rest
of the load (1 - their sum) is uniform and the bound is that of the mix, drawn over --draws sets
of permutations (Sattolo's algorithm with Python's generator, --seed: not the simulator's
stream, so the run's own connections give one value of the distribution printed).

Example: tools/torus_link_bound.py --dims 8x8 --nodes 8 --trunk 10
         tools/torus_link_bound.py --dims 8x8x8 --nodes 4 --trunk 4 \
             --perm 0.0228571,0.3285714,0.4 --draws 20
"""
import argparse
import itertools
import random
import statistics


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dims", required=True, help="e.g. 8x8 or 8x8x4")
    ap.add_argument("--nodes", type=int, required=True, help="nodes per switch (c)")
    ap.add_argument("--trunk", type=int, required=True, help="links per direction (t)")
    ap.add_argument("--perm", default="", help="load shares on connections (random permutations)")
    ap.add_argument("--draws", type=int, default=20, help="permutation sets drawn (with --perm)")
    ap.add_argument("--seed", type=int, default=1, help="Python's generator seed (with --perm)")
    ap.add_argument("--load", type=float, default=0.7,
                    help="offered node load for the over-subscribed links (with --perm)")
    a = ap.parse_args()
    dims = [int(x) for x in a.dims.split("x")]
    c, t = a.nodes, a.trunk
    nd = len(dims)
    strides = [1] * nd
    for d in range(1, nd):
        strides[d] = strides[d - 1] * dims[d - 1]
    switches = strides[-1] * dims[-1]
    n = switches * c
    coords = [tuple((r // strides[d]) % dims[d] for d in range(nd)) for r in range(switches)]

    def router(co):
        return sum(co[d] * strides[d] for d in range(nd))

    # Per switch pair, the hops: (router, dim, plus); the destination's link depends on the
    # destination node, added below.
    link = {}  # (router, dim, plus, k) -> packets
    trunk = {}  # (router, dim, plus) -> packets
    for rs, rd in itertools.product(range(switches), repeat=2):
        if rs == rd:
            continue
        cur = list(coords[rs])
        hops = []
        for d in range(nd):
            D = dims[d]
            ahead = (coords[rd][d] - cur[d]) % D
            plus = ahead <= D - ahead
            steps = ahead if plus else D - ahead
            for _ in range(steps):
                hops.append((router(cur), d, plus))
                cur[d] = (cur[d] + (1 if plus else -1)) % D
        for h in hops:
            trunk[h] = trunk.get(h, 0) + c * c  # c sources x c destinations
            for i in range(c):  # destination port i; c sources each
                k = (i + c * (rd // strides[h[1]])) % t
                key = h + (k,)
                link[key] = link.get(key, 0) + c
    pairs = n - 1  # each source's packets go to n - 1 destinations
    dest = max(link.values()) / pairs
    spread = max(trunk.values()) / t / pairs
    print(f"torus {a.dims}, {c} nodes per switch, trunks of {t}: {n} nodes")
    for name, load in (("destination", dest), ("spread", spread)):
        print(f"  {name:12s} busiest link {load:.4f} x node load: bound {1 / load:.4f}")
    for d in range(nd):
        dl = max(v for k, v in link.items() if k[1] == d) / pairs
        print(f"  dim {d}: destination busiest {dl:.4f}, spread {max(v for k, v in trunk.items() if k[1] == d) / t / pairs:.4f}")
    if not a.perm:
        return
    shares = [float(x) for x in a.perm.split(",")]
    uniform = 1 - sum(shares)

    def path(src, dst):  # DOR's hops of one packet, each (router, dim, plus, link)
        rs, rd, i = src // c, dst // c, dst % c
        cur = list(coords[rs])
        hops = []
        for d in range(nd):
            D = dims[d]
            ahead = (coords[rd][d] - cur[d]) % D
            plus = ahead <= D - ahead
            for _ in range(ahead if plus else D - ahead):
                hops.append((router(cur), d, plus, (i + c * (rd // strides[d])) % t))
                cur[d] = (cur[d] + (1 if plus else -1)) % D
        return hops

    rng = random.Random(a.seed)
    bounds = {"destination": [], "spread": []}
    over = []  # per draw: the share of the connections' load that crosses an over-subscribed link
    for _ in range(a.draws):
        lk = {k: uniform * v / pairs for k, v in link.items()}
        tk = {k: uniform * v / t / pairs for k, v in trunk.items()}
        flows = []
        for f in shares:
            perm = list(range(n))  # Sattolo: one cycle through every node
            for j in range(n - 1, 0, -1):
                m = rng.randrange(j)
                perm[j], perm[m] = perm[m], perm[j]
            for src in range(n):
                hops = path(src, perm[src])
                flows.append((f, hops))
                for h in hops:
                    lk[h] = lk.get(h, 0) + f
                    tk[h[:3]] = tk.get(h[:3], 0) + f / t
        bounds["destination"].append(1 / max(lk.values()))
        bounds["spread"].append(1 / max(tk.values()))
        hot = sum(f for f, hops in flows if any(a.load * lk[h] > 1 for h in hops))
        over.append(hot / (n * sum(shares)) if shares else 0)
    print(f"  with connections (shares {a.perm}, uniform {uniform:.4f}), {a.draws} draws:")
    for name, b in bounds.items():
        print(f"  {name:12s} bound median {statistics.median(b):.4f}, min {min(b):.4f}, max {max(b):.4f}")
    print(f"  destination  at load {a.load}: connection load crossing a link asked for more than"
          f" 1 flit/cycle: median {statistics.median(over):.3f}, min {min(over):.3f}, max {max(over):.3f}")


if __name__ == "__main__":
    main()
