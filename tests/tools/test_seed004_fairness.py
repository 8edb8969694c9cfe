#!/usr/bin/env python3
"""The computations of tools/seed004_fairness.py on hand-made inputs: the mesh map's layout, the
Table 2 rows read from run files, the relative changes of the tables and the cases' keys."""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import seed004_fairness as sf  # noqa: E402


class MeshMap(unittest.TestCase):
    def test_rows_are_y_with_node_x_plus_X_times_y(self):
        # A 3x2 mesh: nodes 0-2 are y = 0, nodes 3-5 y = 1 (docs/model.md §7.2).
        self.assertEqual(sf.grid([0, 1, 2, 3, 4, 5], 3), [[0, 1, 2], [3, 4, 5]])
        with self.assertRaises(ValueError):
            sf.grid([0, 1, 2, 3], 3)

    def test_matrix_text_has_one_line_per_y_first_line_y0(self):
        # gnuplot's `matrix` puts the first line at y = 0 and column i at x = i.
        self.assertEqual(sf.heatmap_data([0.5, 0.25, 0.125, 1.0], 2),
                         "0.5000 0.2500\n0.1250 1.0000\n")

    def test_node_loads_read_injected_in_node_order(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "n.csv")
            with open(p, "w") as f:
                f.write("node,router,offered_load,injected_load\n0,0,1,0.75\n1,1,1,0.125\n")
            self.assertEqual(sf.node_loads(p), [0.75, 0.125])


class Tables(unittest.TestCase):
    def test_change_is_percent_of_the_base(self):
        self.assertEqual(sf.change(0.5, 0.4), 25.0)
        self.assertAlmostEqual(sf.change(0.3, 0.4), -25.0, places=12)  # 0.3/0.4 is inexact
        self.assertEqual(sf.mean([0.25, 0.5, 0.75]), 0.5)

    def test_table2_rows_pair_ours_with_the_seeds(self):
        with tempfile.TemporaryDirectory() as d:
            for i, p in enumerate(sf.SEED_TABLE2):
                for j, ts in enumerate(sf.TIMESTAMPS):
                    with open(os.path.join(d, f"t2_{p}_{ts}.json"), "w") as f:
                        json.dump({"fairness": {"min_node_load": i + j / 10}}, f)
            rows = sf.table2_data(d, "t2_")
            self.assertEqual(rows[0], ["uniform", 0.0, 0.4073, 0.1, 0.3631, 0.2, 0.3323])
            self.assertEqual(rows[3], ["transpose", 3.0, 0.1416, 3.1, 0.1237, 3.2, 0.0867])


class Cases(unittest.TestCase):
    def test_the_table2_and_sec51_keys(self):
        c = sf.cases()
        cfg, keys = c["t2_transpose_gen_q24"]
        self.assertEqual(cfg, "configs/mesh-8x8.ini")
        for k in ["routing.algorithm=dor", "packet.size=16", "traffic.source_queue=24",
                  "router.buffer_x=64", "traffic.pattern=transpose",
                  "router.age_timestamp=gen_q24", "router.input_arbitration=age",
                  "router.output_arbitration=age"]:
            self.assertIn(k, keys)
        self.assertNotIn("link.latency_x=1", keys)  # Table 2 keeps mesh-8x8.ini's links
        self.assertEqual(c["t2b_transpose_gen_q24"][1][-4:-2], ["sim.warmup=50000",
                                                                "sim.mode=batch"])
        # Sec. 5.1: SAT l = 8 on the direct networks, 16 on the fat tree (seed Sec. 4.1).
        self.assertIn("traffic.sat_k=16", c["s51_torus_bubble_uniform_sat_k2"][1])
        self.assertIn("traffic.sat_l=16", c["s51_fattree_adaptive_bitrev_sat_k1"][1])
        self.assertIn("traffic.sat_k=32", c["s51_fattree_updown_bitrev_sat_k2"][1])
        self.assertIn("routing.algorithm=updown_source", c["s51_fattree_source_uniform_rr"][1])
        self.assertIn("routing.torus_deadlock=bubble", c["s51_torus_bubble_shuffle_age"][1])
        for k in ["routing.algorithm=mesh_adaptive", "routing.torus_deadlock=bubble"]:
            self.assertIn(k, c["s51_torus_adaptive_transpose_rr"][1])
        # the later --set wins: the Sec. 5.2 load overrides Table 1's 1.0
        keys = c["s52_shuffle_0.25_rr"][1]
        self.assertLess(keys.index("traffic.load=1.0"), keys.index("traffic.load=0.25"))
        self.assertEqual(len(c), 4 * 4 + 2 * 4 * 3 + 7 + 8 * 5 * 4 + 2 * 10 * 3 + 5 * 3 + 2 * 8 * 3)

    def test_command_has_no_shell_and_one_thread(self):
        cmd = sf.command("/x/netcosim", "configs/mesh-8x8.ini", ["a=1"], "/o/n")
        self.assertEqual(cmd[:5], ["nice", "-n", "10", "/x/netcosim", "run"])
        self.assertEqual(cmd[6:], ["--set", "a=1", "--threads", "1", "-q", "--json", "/o/n.json",
                                   "--node-loads-csv", "/o/n.csv"])


if __name__ == "__main__":
    unittest.main()
