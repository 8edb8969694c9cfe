// Thesis 003 Sec. 6.5 (Fig. 6.4; docs/validation.md "Ch. 6"): Table 6.1's configuration A on every
// port of the 2-ary 2-tree of InfiniBand switches, every SL backlogged at every NIC
// (configs/qos-ch6-ib-fattree-2-2.ini, qos.backlogged), against the offline analyser of Sec. 6.3
// (`netcosim qos ib-analyse`, 300 runs as the thesis).
//
// The tolerance, derived. With every VL active the arbiter's sequence is the analyser's; from its
// start (every NIC starts its arbiter in the same state) an SL's count after t packets is within
// D packets of phi_i x t, D at most one high-priority entry (10 packets, SL1's largest) plus the
// low-priority turn that can interrupt it (6): D = 16. The window starts at cycle 0 (no warm-up):
// each of the N NICs sends a packet of 4 flits every 4 cycles when every VL has credits
// (asserted: the applied load is 1 flit/cycle/NIC), so it injects T = measure / 4 packets of that
// sequence, and the N T injected are within N D of phi_i N T for SL i. The packets delivered in
// the window are those injected minus those in flight at its end, F_i = injected_i - delivered_i
// (both in the results), F = the sum. So the delivered share differs from phi_i by at most
// (N D + F_i + phi_i F) / (N T - F). The analyser's own 300 runs are its sequence's first 173,244
// packets: D / 173,244 more.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/integration/cli_runner.h"
#include "tests/test_files.h"

namespace {

using netcosim::test::run_netcosim;

const std::string kSrc = NETCOSIM_SOURCE_DIR;
constexpr double kMeasure = 200000;  // cycles: 50,000 packets per NIC, 87 table cycles
constexpr double kPacketFlits = 4;   // 64-B packets of 16-B flits (Sec. 6.5.2)
constexpr double kD = 16;  // packets: one high-priority entry (10) + the low-priority turn (6)

TEST(QosCh6Analyser, SimulatedSharesOfTable61AWithinTheDerivedBoundOfTheAnalysers) {
  const std::string dir = netcosim::test::fresh_dir("qos-ch6-");
  const auto a = run_netcosim(
      {"qos", "ib-analyse", "--high", kSrc + "/configs/qos/table6_1_a_high.csv", "--low",
       kSrc + "/configs/qos/table6_1_a_low.csv", "--runs", "300", "--json", dir + "/a.json"});
  ASSERT_EQ(a.status, 0) << a.output;
  const auto aj = nlohmann::json::parse(netcosim::test::read_text(dir + "/a.json"));
  const double analysed_packets = aj["packets"].get<double>();

  const auto r =
      run_netcosim({"run", kSrc + "/configs/qos-ch6-ib-fattree-2-2.ini", "--set",
                    "qos.table=" + kSrc + "/configs/qos/table6_1_a.json", "--set", "sim.warmup=0",
                    "--set", "sim.measure=" + std::to_string(static_cast<int>(kMeasure)), "--quiet",
                    "--json", dir + "/s.json"});
  ASSERT_EQ(r.status, 0) << r.output;
  const auto sj = nlohmann::json::parse(netcosim::test::read_text(dir + "/s.json"));
  // Every NIC sent a packet every 4 cycles: the arbiter's sequence with every VL active.
  ASSERT_DOUBLE_EQ(sj["applied_load"].get<double>(), 1.0);
  const double N = sj["nodes"].get<double>(), T = kMeasure / kPacketFlits;
  const auto& per_sl = sj["per_sl"];
  ASSERT_EQ(per_sl.size(), 4u);
  std::vector<double> injected, delivered;
  double F = 0, total = 0;
  for (const auto& s : per_sl) {
    injected.push_back(std::round(s["applied_load"].get<double>() * N * kMeasure / kPacketFlits));
    delivered.push_back(s["packets_measured"].get<double>());
    F += injected.back() - delivered.back();
    total += delivered.back();
  }
  ASSERT_EQ(total + F, N * T);
  for (size_t i = 0; i < 4; ++i) {
    const double analysed = aj["vls"][i]["share"].get<double>();
    const double Fi = injected[i] - delivered[i];
    ASSERT_GE(Fi, 0);
    // The NICs' sequence: within N D of phi_i N T.
    EXPECT_NEAR(injected[i] / (N * T), analysed, kD / T + kD / analysed_packets) << "SL " << i;
    const double tol = (N * kD + Fi + analysed * F) / (N * T - F) + kD / analysed_packets;
    EXPECT_NEAR(delivered[i] / total, analysed, tol) << "SL " << i << " (in flight " << F << ")";
  }
}

TEST(QosCh6Analyser, BackloggedNicsRefuseWhatTheyCannotServe) {
  const std::string cfg = kSrc + "/configs/qos-ch6-ib-fattree-2-2.ini";
  const std::string table = "qos.table=" + kSrc + "/configs/qos/table6_1_a.json";
  auto r = run_netcosim({"run", cfg, "--set", table, "--set", "traffic.load=0.5"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("traffic.load=0.5: not read with qos.backlogged=true"), std::string::npos)
      << r.err;
  r = run_netcosim(
      {"run", cfg, "--set", table, "--set", "qos.pattern=uniform,cbr,uniform,uniform"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("SL SL1 is cbr; with qos.backlogged=true every SL is uniform"),
            std::string::npos)
      << r.err;
  // The arbiter counts 64-byte units of a packet: a flit that does not divide 64, a packet that
  // is not a whole number of units.
  r = run_netcosim({"run", cfg, "--set", table, "--set", "link.flit_bytes=48", "--set",
                    "qos.sl_mtu=96,96,96,96"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("router.output_scheduler=ib_vlarb: counts 64-byte units of a packet; "
                       "link.flit_bytes=48 (needs a divisor of 64)"),
            std::string::npos)
      << r.err;
  r = run_netcosim({"run", cfg, "--set", table, "--set", "qos.sl_mtu=64,64,64,80"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("SL SL3's packet of 80 bytes (qos.sl_mtu) is not a whole number of them"),
            std::string::npos)
      << r.err;
  const std::string dir = netcosim::test::fresh_dir("qos-ch6-bad-");
  {
    std::ofstream f(dir + "/cioq.ini");
    f << "[topology]\ntype = fattree\nk = 2\nn = 2\n[routing]\nalgorithm = updown\n"
         "[traffic]\nsource = service_levels\n[qos]\nsls = 2\nbacklogged = true\n";
  }
  r = run_netcosim({"run", dir + "/cioq.ini"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("qos.backlogged=true: applies to router.architecture=ib|opa only "
                       "(router.architecture=cioq)"),
            std::string::npos)
      << r.err;
  r = run_netcosim(
      {"run", cfg, "--set", table, "--set", "qos.sl2vl=0,1,2,2", "--set", "qos.vls=4"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("qos.backlogged=true: SL SL3 injects on VL2, which another SL also uses"),
            std::string::npos)
      << r.err;
}

}  // namespace
