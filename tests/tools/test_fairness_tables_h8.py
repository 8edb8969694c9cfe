#!/usr/bin/env python3
"""The saturation figures of tools/fairness_tables_h8.py (`sat`): the network's (docs/sweep.md,
"Saturation") and the per-router reading, on hand-made inputs whose results follow by hand."""
import csv
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import fairness_tables_h8 as ft  # noqa: E402


class Saturation(unittest.TestCase):
    def test_throughput_is_the_peak_and_point_the_first_shortfall(self):
        # 0.27 < 0.95 x 0.30 = 0.285 is the first shortfall; the peak 0.28 is at 0.40, and the
        # drop after it (0.26 at 0.50) does not move it. Input order does not matter.
        pts = [(0.5, 0.26), (0.1, 0.1), (0.3, 0.27), (0.2, 0.2), (0.4, 0.28)]
        self.assertEqual(ft.saturation(pts), (0.28, 0.4, 0.3))

    def test_exactly_95_percent_is_not_a_shortfall(self):
        # 0.95 x 0.5 and 0.475 are the same double: "below" is strict, so 0.5 is not the point.
        self.assertEqual(ft.saturation([(0.5, 0.475), (0.6, 0.5)]), (0.5, 0.6, 0.6))
        self.assertIsNone(ft.saturation([(0.5, 0.475)])[2])

    def test_router_mean_of_each_routers_peak(self):
        # Router 0 peaks at 0.2 (second load), router 1 at 0.3 (first): (0.2 + 0.3) / 2.
        self.assertAlmostEqual(ft.router_saturation([[0.1, 0.3], [0.2, 0.25]]), 0.25, places=15)


class SatFromFiles(unittest.TestCase):
    def test_sat_reads_the_runs_of_every_load_and_writes_json_and_csv(self):
        with tempfile.TemporaryDirectory() as d:
            # transit MIN at 0.05, 0.10, 0.15; two routers of two nodes each.
            runs = {0.05: (0.05, [0.05, 0.05, 0.04, 0.06]),
                    0.10: (0.06, [0.10, 0.02, 0.08, 0.08]),
                    0.15: (0.055, [0.12, 0.04, 0.01, 0.01])}
            for load, (acc, nodes) in runs.items():
                base = ft.stem(d, "transit", "MIN", load)
                with open(base + ".json", "w") as f:
                    json.dump({"accepted_load": acc}, f)
                with open(base + ".csv", "w") as f:
                    f.write("node,router,offered_load,injected_load\n")
                    for n, x in enumerate(nodes):
                        f.write(f"{n},{n // 2},{load},{x}\n")
            with open(os.path.join(d, "transit_MIN_x.json"), "w") as f:
                f.write("{}")  # not a load: skipped
            self.assertEqual(ft.swept(d, "transit", "MIN"), [0.05, 0.1, 0.15])
            self.assertEqual(ft.router_loads(ft.stem(d, "transit", "MIN", 0.15) + ".csv"),
                             [0.08, 0.01])

            class Args:
                outdir, only, routings = d, "transit", "MIN"
            with open(os.devnull, "w") as null:
                out, sys.stdout = sys.stdout, null
                try:
                    ft.do_sat(Args)
                finally:
                    sys.stdout = out
            with open(os.path.join(d, "saturation.json")) as f:
                row = json.load(f)["rows"][0]
            # Peak 0.06 at 0.10, which is also the first shortfall (0.06 < 0.095); router 0
            # peaks at 0.08 (0.15), router 1 at 0.08 (0.10): mean 0.08.
            self.assertEqual((row["saturation_throughput"], row["throughput_offered_load"],
                              row["saturation_point"], row["throughput_at_top_load"]),
                             (0.06, 0.1, 0.1, False))
            self.assertAlmostEqual(row["router_mean_saturation"], 0.08, places=15)
            self.assertEqual(row["thesis_avg_sat_load"], 0.05)
            with open(os.path.join(d, "saturation.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual((rows[0]["routing"], rows[0]["saturation_point"], rows[0]["loads"]),
                             ("MIN", "0.1", "3"))


if __name__ == "__main__":
    unittest.main()
