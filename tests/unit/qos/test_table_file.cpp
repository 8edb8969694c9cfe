// The QoS table file (sim/qos/table_file.h): what `netcosim qos` writes is what the simulator
// reads back, and a file that breaks a scheduler's assumption names the entry, the SL and the
// bound (an entry below its SL's MTU, thesis 003 Sec. 4.3.3.3; IB 8-bit weights and accumulator,
// Sec. 5.3.1 / 5.4.1).
#include <gtest/gtest.h>

#include <string>

#include "sim/qos/table_file.h"

namespace netcosim::qos {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_qos_table(text, "t.json");
  } catch (const QosError& e) {
    return e.what();
  }
  return "(no error)";
}

const char* kHead =
    R"({"schema": "netcosim.qos-table/1", "scheduler": "dtable", "credit_bytes": 64, )";

TEST(QosTableFile, DTableDesignRoundTrips) {
  DTableRequest r;
  r.entries = 8;
  r.gmtu = 4;
  Decimal w, k;
  parse_decimal("2", w);
  parse_decimal("1", k);
  r.w = w;
  r.k = k;
  Decimal a, b;
  parse_decimal("0.75", a);
  parse_decimal("0.25", b);
  r.sls = {{"HI", 2, 2, a}, {"LO", 2, 1, b}};
  const auto d = design_dtable(r);
  const QosTable t = parse_qos_table(qos_table_json(d, DTableTarget::Opa), "out.json");
  EXPECT_EQ(t.scheduler, "dtable");
  EXPECT_EQ(t.target, DTableTarget::Opa);
  ASSERT_EQ(t.sls.size(), 2u);
  EXPECT_EQ(t.sls[0].name, "HI");
  EXPECT_EQ(t.sls[0].mtu, 2u);
  ASSERT_EQ(t.entries.size(), 8u);
  for (size_t e = 0; e < 8; ++e) {
    EXPECT_EQ(t.entries[e].sl, d.table[e].sl) << e;
    EXPECT_EQ(t.entries[e].weight, d.table[e].weight) << e;
  }
  // pool 32: HI 24 / 4 = 6 per entry, LO 8 / 4 = 2.
  EXPECT_EQ(t.entries[0].weight, 6u);
  EXPECT_EQ(t.entries[1].weight, 2u);
}

TEST(QosTableFile, IbArbiterTablesRoundTrip) {
  const QosTable t = parse_qos_table(qos_table_json({{0, 9}, {1, 10}}, {{3, 6}}, 1), "ib.json");
  EXPECT_EQ(t.scheduler, "ib_vlarb");
  EXPECT_EQ(t.limit, 1u);
  ASSERT_EQ(t.high.size(), 2u);
  EXPECT_EQ(t.high[1].vl, 1u);
  EXPECT_EQ(t.high[1].weight, 10u);
  ASSERT_EQ(t.low.size(), 1u);
  EXPECT_EQ(t.low[0].weight, 6u);
}

TEST(QosTableFile, EntryBelowItsSlsMtuNamesTheSlAndTheMtu) {
  const std::string doc = std::string(kHead) +
                          R"("target": "opa", "sls": [{"sl": 0, "name": "VO", "mtu": 2},
      {"sl": 1, "name": "CL", "mtu": 8}], "entries": [{"sl": 0, "weight": 2},
      {"sl": 1, "weight": 7}]})";
  EXPECT_EQ(error_of(doc),
            "t.json: entries[1]: SL CL weight 7 is below its MTU (8 credits): an entry must carry "
            "a whole message");
}

TEST(QosTableFile, IbTargetBoundsWeightsAndAccumulator) {
  std::string doc = std::string(kHead) +
                    R"("target": "ib", "sls": [{"sl": 0, "name": "BE", "mtu": 16}],
      "entries": [{"sl": 0, "weight": 300}]})";
  EXPECT_EQ(error_of(doc), "t.json: entries[0]: 'weight' is 300; allowed an integer 0 to 255");
  doc = std::string(kHead) + R"("target": "ib", "sls": [{"sl": 0, "name": "BE", "mtu": 16}],
      "entries": [{"sl": 0, "weight": 250}]})";
  EXPECT_EQ(error_of(doc),
            "t.json: SL BE: entry 250 + deficit up to MTU - 1 = 15 exceeds 255, the 8-bit "
            "accumulator entry of the IB mapping");
}

TEST(QosTableFile, MalformedFilesAreRefused) {
  EXPECT_EQ(error_of("[1, 2]"), "t.json: not a JSON object");
  EXPECT_NE(error_of("{"), "(no error)");
  EXPECT_EQ(error_of(R"({"schema": "x"})"),
            "t.json: schema \"x\"; expected \"netcosim.qos-table/1\"");
  EXPECT_EQ(error_of(std::string(kHead) + R"("target": "opa", "sls": [], "entries": []})"),
            "t.json: 'sls' must be an array of 1 to 32 SLs");
  EXPECT_EQ(error_of(std::string(kHead) +
                     R"("target": "opa", "sls": [{"sl": 1, "name": "A", "mtu": 1}]})"),
            "t.json: sls[0]: 'sl' must be 0 (SLs in order)");
  EXPECT_EQ(error_of(std::string(kHead) + R"("target": "opa", "sls": [{"sl": 0, "name": "A",
      "mtu": 1}], "entries": [{"sl": 1, "weight": 1}]})"),
            "t.json: entries[0]: 'sl' is 1; allowed an integer 0 to 0");
  EXPECT_EQ(error_of(R"({"schema": "netcosim.qos-table/1", "scheduler": "ib_vlarb",
      "credit_bytes": 64, "limit_of_high_priority": 1, "high": [{"vl": 15, "weight": 1}],
      "low": []})"),
            "t.json: high[0]: 'vl' is 15; allowed an integer 0 to 14");
}

// `--sl NAME:distance=D,mtu=M,phi=P`: keys in any order, each once.
TEST(QosTableFile, SlSpecs) {
  const SlRequest r = parse_sl_spec("VO:phi=0.1,distance=2,mtu=2");
  EXPECT_EQ(r.name, "VO");
  EXPECT_EQ(r.distance, 2u);
  EXPECT_EQ(r.mtu, 2u);
  EXPECT_EQ(r.phi.text, "0.1");
  auto err = [](const std::string& spec) {
    try {
      parse_sl_spec(spec);
    } catch (const QosError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(err("VO"), "--sl 'VO': expected NAME:distance=D,mtu=M,phi=P");
  EXPECT_EQ(err("V O:distance=2,mtu=2,phi=0.1"),
            "--sl 'V O:distance=2,mtu=2,phi=0.1': the name must be 1 to 16 letters, digits or '_'");
  EXPECT_EQ(err("VO:distance=2,mtu=2"), "--sl 'VO:distance=2,mtu=2': 'phi' is missing");
  EXPECT_EQ(err("VO:distance=2,mtu=2,phi=0.1,mtu=3"),
            "--sl 'VO:distance=2,mtu=2,phi=0.1,mtu=3': 'mtu' given twice");
  EXPECT_EQ(err("VO:distance=2,mtu=2,phi=0.1,weight=3"),
            "--sl 'VO:distance=2,mtu=2,phi=0.1,weight=3': unknown key 'weight'; allowed: "
            "distance, mtu, phi");
  EXPECT_EQ(err("VO:distance=0,mtu=2,phi=0.1"),
            "--sl 'VO:distance=0,mtu=2,phi=0.1': distance '0': expected an integer from 1 to "
            "9999999");
  EXPECT_EQ(err("VO:distance=2,mtu=2,phi=1e-1"),
            "--sl 'VO:distance=2,mtu=2,phi=1e-1': phi '1e-1': expected a decimal number such as "
            "0.25 (at most 9 decimals)");
}

}  // namespace
}  // namespace netcosim::qos
