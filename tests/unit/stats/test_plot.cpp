// The gnuplot script of `netcosim sweep` (sim/stats/plot.h): with named curves, one line per curve
// on each plot, reading exactly that curve's rows of results.csv (`every ::first::last` after the
// header), the offered and measured columns shifted by the leading `curve` column, titled with
// the curve's name (not enhanced text), with the same colour and point type in both plots.
#include <gtest/gtest.h>

#include <string>

#include "sim/stats/plot.h"

namespace {

using netcosim::stats::sweep_plot_script;
using netcosim::stats::SweepPlot;

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(SweepPlotScript, OneLinePerNamedCurveOnBothPlots) {
  SweepPlot p;
  p.csv = "/o/results.csv";
  p.latency_png = "/o/latency.png";
  p.throughput_png = "/o/throughput.png";
  p.title = "h2.ini";
  p.seeds = 1;
  p.max_load = 0.2;
  p.curves = {"MIN", "it's_VAL"};
  p.loads = 2;
  const std::string s = sweep_plot_script(p);
  EXPECT_NE(s.find("set output '/o/latency.png'\nset title 'h2.ini: latency' noenhanced\n"
                   "set ylabel 'latency (cycles)'\nset yrange [0:*]\n"
                   "plot '/o/results.csv' skip 1 every ::0::1 using 2:5 with linespoints lw 2 lc 1 "
                   "pt 7 title 'MIN' noenhanced, \\\n"
                   "     '/o/results.csv' skip 1 every ::2::3 using 2:5 with linespoints lw 2 lc 2 "
                   "pt 5 title 'it''s_VAL' noenhanced\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("plot '/o/results.csv' skip 1 every ::0::1 using 2:3 with linespoints lw 2 lc 1 "
                   "pt 7 title 'MIN' noenhanced, \\\n"
                   "     '/o/results.csv' skip 1 every ::2::3 using 2:3 with linespoints lw 2 lc 2 "
                   "pt 5 title 'it''s_VAL' noenhanced, \\\n"
                   "     x with lines dt 2 lc rgb 'gray40' title 'y = x'\n"),
            std::string::npos)
      << s;
  EXPECT_EQ(count(s, "latency p99"), 0u);
  // Two seeds or more: 95% confidence bars from the ci95 columns.
  p.seeds = 3;
  const std::string bars = sweep_plot_script(p);
  EXPECT_EQ(count(bars, "every ::2::3 using 2:5:6 with yerrorlines lw 2 lc 2 pt 5"), 1u) << bars;
  EXPECT_EQ(count(bars, "every ::2::3 using 2:3:4 with yerrorlines lw 2 lc 2 pt 5"), 1u) << bars;
}

TEST(SweepPlotScript, WithoutCurvesTheAverageAndP99OrAcceptedAndYEqualsX) {
  SweepPlot p;
  p.csv = "/o/results.csv";
  p.latency_png = "/o/l.png";
  p.throughput_png = "/o/t.png";
  p.title = "h2.ini";
  p.seeds = 2;
  const std::string s = sweep_plot_script(p);
  EXPECT_NE(s.find("plot '/o/results.csv' skip 1 using 1:4:5 with yerrorlines lw 2 pt 7 title "
                   "'latency avg (95% CI)', \\\n     '/o/results.csv' skip 1 using 1:7 with "
                   "linespoints lw 1 pt 6 dt 2 title 'latency p99'\n"),
            std::string::npos)
      << s;
  EXPECT_NE(
      s.find("plot '/o/results.csv' skip 1 using 1:2:3 with yerrorlines lw 2 pt 7 title "
             "'accepted (95% CI)', \\\n     x with lines dt 2 lc rgb 'gray40' title 'y = x'\n"),
      std::string::npos)
      << s;
  EXPECT_EQ(count(s, "every"), 0u);
}

// Per-SL plots (docs/sweep.md): per_sl.csv has one row per load and SL, so SL c of curve k is
// every S-th row from k*loads*S + c; x is offered_load, y latency_avg (column 7) or accepted_load
// (column 5), shifted by one with named curves; one line per (curve,) SL, coloured by SL.
TEST(SweepPlotScript, PerSlPlotsHaveOneLinePerSl) {
  SweepPlot p;
  p.csv = "/o/results.csv";
  p.latency_png = "/o/latency.png";
  p.throughput_png = "/o/throughput.png";
  p.title = "q.ini";
  p.loads = 3;
  EXPECT_EQ(count(sweep_plot_script(p), "per SL"), 0u);  // no SLs: no per-SL plot
  p.sl_csv = "/o/per_sl.csv";
  p.sl_latency_png = "/o/per_sl_latency.png";
  p.sl_throughput_png = "/o/per_sl_throughput.png";
  p.sls = {"VO", "BE"};
  const std::string s = sweep_plot_script(p);
  EXPECT_NE(s.find("set output '/o/per_sl_latency.png'\nset title 'q.ini: latency per SL' "
                   "noenhanced\nset ylabel 'latency (ns)'\nset yrange [0:*]\n"
                   "plot '/o/per_sl.csv' skip 1 every 2::0::5 using 1:8 with linespoints lw 2 lc 1 "
                   "pt 7 title 'VO' noenhanced, \\\n"
                   "     '/o/per_sl.csv' skip 1 every 2::1::5 using 1:8 with linespoints lw 2 lc 2 "
                   "pt 7 title 'BE' noenhanced\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("set output '/o/per_sl_throughput.png'\nset title 'q.ini: accepted load per SL' "
                   "noenhanced\nset ylabel 'accepted load (phits/(node*cycle))'\nset yrange "
                   "[0:*]\nplot '/o/per_sl.csv' skip 1 every 2::0::5 using 1:5 with linespoints "
                   "lw 2 lc 1 pt 7 title 'VO' noenhanced, \\\n"
                   "     '/o/per_sl.csv' skip 1 every 2::1::5 using 1:5 with linespoints lw 2 lc 2 "
                   "pt 7 title 'BE' noenhanced\n"),
            std::string::npos)
      << s;
  // Named curves: 2 curves x 2 SLs, curve k's rows from k*6, columns shifted by one.
  p.curves = {"rr", "sbt"};
  const std::string named = sweep_plot_script(p);
  EXPECT_EQ(count(named, "per_sl.csv' skip 1"), 8u) << named;
  EXPECT_EQ(count(named, "every 2::7::11 using 2:9 with linespoints lw 2 lc 2 pt 5 title 'sbt BE'"),
            1u)
      << named;
  EXPECT_EQ(count(named, "every 2::6::11 using 2:6 with linespoints lw 2 lc 1 pt 5 title 'sbt VO'"),
            1u)
      << named;
}

}  // namespace
