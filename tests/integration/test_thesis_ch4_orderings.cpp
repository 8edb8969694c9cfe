// The orderings of thesis 000 Chapter 4 (Fig. 4.6a-c, 4.7; seed 001 Fig. 5 and 6) that hold on
// the thesis's network with margin, checked on short windows of the figures' own configuration:
// configs/thesis-ch4-h8.ini (h8, 16,512 nodes, seed 001 Table I) and its [curves] section, read
// through the sweep's make_spec, so a test point is exactly the sweep point of
// `netcosim sweep configs/thesis-ch4-h8.ini` with these windows (docs/validation.md "Thesis
// Chapter 4 figures on h8" gives the full figures, their commands and which statements hold).
// Windows: 1,000 warm-up and 1,000 measured cycles unless a test says otherwise (the figures:
// 2,000 + 1,000); one seed.
// Each test stays under two minutes on the 2-core host while a sweep runs (times in
// docs/validation.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "sim/engine/native/native_engine.h"
#include "sim/experiment/sweep.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

using namespace netcosim;

namespace {

const std::string kConfig = std::string(NETCOSIM_SOURCE_DIR) + "/configs/thesis-ch4-h8.ini";

// Runs the named curves of the figure configuration at one load with the given --sets.
std::map<std::string, RunResults> run_curves(const std::vector<std::string>& names,
                                             std::vector<std::string> sets, double load,
                                             int warmup = 1000, int measure = 1000) {
  sets.push_back("sim.warmup=" + std::to_string(warmup));
  sets.push_back("sim.measure=" + std::to_string(measure));
  const experiment::SweepSpec spec = experiment::make_spec(kConfig, sets, {}, {load}, 1);
  std::map<std::string, RunResults> out;
  for (const std::string& name : names) {
    const auto it = std::find_if(spec.curves.begin(), spec.curves.end(),
                                 [&](const experiment::SweepCurve& c) { return c.name == name; });
    EXPECT_NE(it, spec.curves.end()) << name;
    if (it == spec.curves.end()) continue;
    const Config c = experiment::point_config(it->base, load, it->seed0);
    out[name] = run_native(*build_network(c));
  }
  return out;
}

const std::vector<std::string> kUniform{"traffic.pattern=uniform"};
const std::vector<std::string> kAdv1{"traffic.pattern=adv", "traffic.adv_offset=1"};
const std::vector<std::string> kAdvH{"traffic.pattern=adv", "traffic.adv_offset=8"};

}  // namespace

// Fig. 4.6a (UN), below saturation: "Base, Filtered and ECtN match MIN latency" (seed 001 Sec.
// V-A: "match perfectly the optimal latency of MIN before congestion"): their counters almost
// never reach th = 6, so almost every packet takes MIN's path; "PB and OLM have higher latency"
// (they misroute some packets on their occupancy), "Hybrid ~ OLM". At 0.4 the figure has MIN
// 150.7, Base = Filtered = ECtN 150.7, OLM 155.3, Hybrid 153.6, PB 160.1; Base and ECtN misroute
// 0.004% of the packets, Filtered 0.0006%, OLM 16% (the credit trigger's "link busy" includes
// the 4 cycles after every grant while the minimal output's FIFO is written).
TEST(ThesisCh4Uniform, ContentionTriggersMatchMinLatencyBelowSaturation) {
  auto r = run_curves({"MIN", "Base", "Filtered", "ECtN", "OLM", "Hybrid", "PB"}, kUniform, 0.4);
  const double min = r["MIN"].latency_avg;
  for (const char* m : {"Base", "Filtered", "ECtN"}) {
    EXPECT_LT(r[m].nonminimal_fraction, 1e-3) << m;
    EXPECT_NEAR(r[m].latency_avg, min, 1e-3 * min) << m;
  }
  for (const char* m : {"OLM", "Hybrid", "PB"}) {
    EXPECT_GT(r[m].nonminimal_fraction, 5e-3) << m;
    EXPECT_GT(r[m].latency_avg, 1.002 * min) << m;
  }
  EXPECT_GT(r["PB"].latency_avg, 1.03 * min);
  // "Hybrid ~ OLM": below saturation Hybrid's contention condition hardly fires (Base misroutes
  // < 0.1% here), so it misroutes on the credit condition with a 35% candidate threshold, which
  // accepts a subset of the candidates OLM's 50% accepts: no more misrouting than OLM, and a
  // latency between MIN's and OLM's (the figure: 153.6 against OLM 155.3, misrouted 14.4%
  // against 16.0%).
  EXPECT_LE(r["Hybrid"].nonminimal_fraction, r["OLM"].nonminimal_fraction);
  EXPECT_LE(r["Hybrid"].latency_avg, 1.002 * r["OLM"].latency_avg);
}

// Fig. 4.6a (UN) at 0.8, the figure's saturation load: OLM > Base ~ Filtered ~ ECtN > MIN and
// nothing above 0.8 (the figure: OLM 0.784, Base 0.758, ECtN 0.757, Filtered 0.751, MIN 0.705).
// Hybrid >= OLM holds in the figure by 0.0036 only (0.7877 against 0.7841) and is not asserted:
// Hybrid is asserted above the contention-only triggers, as the thesis's order also has it.
TEST(ThesisCh4Uniform, ThroughputOrderAtLoad08) {
  auto r = run_curves({"MIN", "OLM", "Hybrid", "Base", "Filtered", "ECtN"}, kUniform, 0.8);
  for (auto& [name, res] : r) EXPECT_LT(res.accepted_load, 0.8) << name;
  double lo = 1, hi = 0;
  for (const char* m : {"Base", "Filtered", "ECtN"}) {
    lo = std::min(lo, r[m].accepted_load);
    hi = std::max(hi, r[m].accepted_load);
    EXPECT_GT(r[m].accepted_load, r["MIN"].accepted_load + 0.02) << m;
  }
  EXPECT_LT(hi - lo, 0.02);  // Base ~ Filtered ~ ECtN
  EXPECT_GT(r["OLM"].accepted_load, hi + 0.005);
  EXPECT_GT(r["Hybrid"].accepted_load, hi + 0.005);
}

// Fig. 4.6b (ADV+1): "all contention variants have throughput equal to OLM, slightly above 0.5"
// and "OLM beats VAL" (seed 001: "reaching the Valiant limit of 0.5"). At 0.61 the figure has OLM
// and the four contention variants at 0.5036-0.5038, VAL 0.388. The figure's 2,000 warm-up cycles
// are needed here: after 1,000 the contention variants still accept only 0.487-0.490 (OLM 0.504).
// Two tests (Base and Filtered; Hybrid and ECtN) to keep each under two minutes.
static void expect_valiant_limit(const std::vector<std::string>& variants, bool with_val) {
  std::vector<std::string> names = variants;
  names.push_back("OLM");
  if (with_val) names.push_back("VAL");
  auto r = run_curves(names, kAdv1, 0.6, 2000, 500);
  for (const std::string& m : names) {
    if (m == "VAL") continue;
    EXPECT_GT(r[m].accepted_load, 0.5) << m;
    EXPECT_LT(r[m].accepted_load, 0.52) << m;  // slightly above 0.5
    EXPECT_NEAR(r[m].accepted_load, r["OLM"].accepted_load, 0.01) << m;
    if (with_val) {
      EXPECT_GT(r[m].accepted_load, r["VAL"].accepted_load + 0.05) << m;
    }
  }
}

TEST(ThesisCh4AdversarialPlus1, OlmBaseFilteredReachTheValiantLimitAboveVal) {
  expect_valiant_limit({"Base", "Filtered"}, true);
}

TEST(ThesisCh4AdversarialPlus1, HybridEctnReachTheValiantLimitWithOlm) {
  expect_valiant_limit({"Hybrid", "ECtN"}, false);
}

// Fig. 4.6b (ADV+1): "ECtN is best" (seed 001: "better than OLM, since the distribution of
// contention information ... allowing for misrouting at injection"). In the figure ECtN has the
// lowest latency of all mechanisms from 0.11 to 0.46 (at 0.31: ECtN 241.8, OLM 251.4, Hybrid
// 253.3, Base 263.5, Filtered 265.5, VAL 303.3, PB 417.9); below 0.1 OLM is lower (the counters
// still wait for th, the thesis's second zone).
TEST(ThesisCh4AdversarialPlus1, EctnHasTheLowestLatencyAtLoad03) {
  auto r = run_curves({"ECtN", "OLM", "Hybrid", "Base", "Filtered", "VAL", "PB"}, kAdv1, 0.3);
  const double ectn = r["ECtN"].latency_avg;
  for (auto& [name, res] : r) {
    if (name == "ECtN") continue;
    EXPECT_LT(ectn, 0.98 * res.latency_avg) << name;
  }
}

// Fig. 4.6b (ADV+1), the three latency zones of the contention variants: low at 0.01 (the traffic
// goes minimally while the counters stay below th), above OLM at 0.05-0.15 while the counters
// wait to reach th. Base in the figure: 191.6 at 0.01, 264.7 at 0.11 (OLM 246.8).
TEST(ThesisCh4AdversarialPlus1, BaseLatencyLowAt001AboveOlmAt011) {
  auto low = run_curves({"Base"}, kAdv1, 0.01);
  auto mid = run_curves({"Base", "OLM"}, kAdv1, 0.11);
  EXPECT_LT(low["Base"].latency_avg, 0.85 * mid["Base"].latency_avg);
  EXPECT_GT(mid["Base"].latency_avg, 1.02 * mid["OLM"].latency_avg);
}

// Fig. 4.6c (ADV+h, h = 8): "throughput drops after saturation for all in-transit mechanisms and
// for VAL". In the figure VAL peaks at 0.3985 (offered 0.45) and accepts 0.3863 at 0.6; Base
// 0.4923 at 0.5, 0.4584 at 0.6 (Filtered, Hybrid and ECtN drop as Base does, by 7-12%; left out
// for the test's time). The credit OLM does not drop in the figure's window (0.4939 at 0.5, 0.4965
// at 0.6) and only by 2.4% after 5,000 warm-up cycles (docs/validation.md): not asserted. 2,000
// warm-up cycles as in the figure, 500 measured.
TEST(ThesisCh4AdversarialPlusH, ThroughputDropsPastSaturationForValAndBase) {
  auto val_peak = run_curves({"VAL"}, kAdvH, 0.45, 2000, 500);
  auto peak = run_curves({"Base"}, kAdvH, 0.5, 2000, 500);
  auto past = run_curves({"VAL", "Base"}, kAdvH, 0.6, 2000, 500);
  EXPECT_LT(past["VAL"].accepted_load, val_peak["VAL"].accepted_load - 0.005);
  EXPECT_LT(past["Base"].accepted_load, peak["Base"].accepted_load - 0.02);
}

// Fig. 4.7 (a fraction of ADV+1, the rest uniform, total load 0.35): "ECtN clearly best"
// (seed 001 Fig. 6: "ECtN clearly outperforms the reference OLM") and the other contention
// counters "competitive with OLM". In the figure at 60% ADV+1: ECtN 205.8, OLM 216.0, Hybrid
// 216.9, Base 225.8, Filtered 227.5; ECtN is lowest at every fraction from 0.2 to 1.
TEST(ThesisCh4Mix, EctnHasTheLowestLatencyAt60PercentAdv) {
  auto r = run_curves({"ECtN", "OLM", "Hybrid", "Base", "Filtered"},
                      {"traffic.pattern=uniform", "traffic.pattern2=adv", "traffic.mix=0.6"}, 0.35);
  const double ectn = r["ECtN"].latency_avg, olm = r["OLM"].latency_avg;
  for (auto& [name, res] : r) {
    if (name == "ECtN") continue;
    EXPECT_LT(ectn, 0.98 * res.latency_avg) << name;
  }
  for (const char* m : {"Base", "Filtered", "Hybrid"})  // competitive: within 10% of OLM
    EXPECT_LT(r[m].latency_avg, 1.1 * olm) << m;
}
