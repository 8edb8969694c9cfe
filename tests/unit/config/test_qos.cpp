// The [qos] section (sim/config/qos.h; docs/model.md "Service levels"): the tables as read, and
// every bad input refused with a message naming the key, the value and what is allowed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config_error.h"
#include "sim/config/qos.h"

using namespace netcosim;
using netcosim::test::error_of;

namespace {

// A fat tree with service levels on the CIOQ router (3 SLs, Table 2.2 Config A's shares).
Config with_sls(std::vector<std::string> sets = {}) {
  Config c;
  for (const char* kv :
       {"topology.type=fattree", "topology.k=2", "topology.n=2", "routing.algorithm=updown",
        "traffic.source=service_levels", "qos.sls=3", "qos.inject_share=0.5,0.4,0.1"})
    c.set_override(kv);
  for (const std::string& kv : sets) c.set_override(kv);
  return c;
}

std::string validation_error(const Config& c) {
  return error_of([&] { validate_config(c); });
}
std::string read_error(const Config& c) {
  return error_of([&] { read_service_levels(c); });
}

TEST(Qos, OffByDefaultWithNoTables) {
  const Config c;
  EXPECT_EQ(validation_error(c), "");
  const ServiceLevels q = read_service_levels(c);
  EXPECT_FALSE(q.enabled());
  EXPECT_TRUE(q.share.empty());
  // The cycle time from the link: 64-byte flits at 12.5 GB/s (thesis 003 Ch. 4-5).
  EXPECT_DOUBLE_EQ(q.cycle_ns, 64.0 / 12.5);
}

// The cycle time: the flit's bytes over the link's bandwidth unless sim.cycle_ns sets it
// (docs/model.md §9.3): 64 B at 25 GB/s is 2.56 ns, 16 B at 12.5 GB/s 1.28 ns (thesis 003 Ch. 6),
// and an explicit sim.cycle_ns wins over both.
TEST(Qos, TheCycleTimeFollowsTheLinkUnlessSet) {
  EXPECT_DOUBLE_EQ(read_service_levels(with_sls({"link.bandwidth=25"})).cycle_ns, 2.56);
  EXPECT_DOUBLE_EQ(read_service_levels(with_sls({"link.flit_bytes=16"})).cycle_ns, 1.28);
  EXPECT_DOUBLE_EQ(read_service_levels(with_sls({"link.bandwidth=25", "sim.cycle_ns=1"})).cycle_ns,
                   1.0);
  EXPECT_DOUBLE_EQ(read_service_levels(with_sls({"sim.cycle_ns=0.625"})).cycle_ns, 0.625);
}

TEST(Qos, DefaultsAndTheTablesAsRead) {
  const Config c = with_sls({"qos.sl_names=VO,VI,CL", "qos.message_size=1024,512,1536",
                             "qos.pattern=cbr,bursts4,next", "packet.size=8"});
  ASSERT_EQ(validation_error(c), "");
  const ServiceLevels q = read_service_levels(c);
  EXPECT_EQ(q.sls, 3u);
  EXPECT_EQ(q.names, (std::vector<std::string>{"VO", "VI", "CL"}));
  EXPECT_EQ(q.share, (std::vector<double>{0.5, 0.4, 0.1}));
  // 64-byte flits: 1024 B = 16 flits = 2 packets of packet.size 8 under the CIOQ router.
  EXPECT_EQ(q.message_flits, (std::vector<uint32_t>{16, 8, 24}));
  EXPECT_EQ(q.mtu_flits, (std::vector<uint32_t>{8, 8, 8}));
  EXPECT_EQ(q.packets_per_message(0), 2u);
  EXPECT_EQ(q.packets_per_message(2), 3u);
  EXPECT_EQ(q.pattern,
            (std::vector<SlPattern>{SlPattern::Cbr, SlPattern::Bursts4, SlPattern::Next}));
  // Identity tables by default: SL i -> SC i -> VL i.
  EXPECT_EQ(q.sl2sc, (std::vector<std::vector<uint32_t>>{{0}, {1}, {2}}));
  EXPECT_EQ(q.sc2vl, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(q.vls, 3u);
}

TEST(Qos, TheTable46MappingTwoScsPerSlAndSharedVls) {
  // Thesis 003 Table 4.6: SL i -> SC 2i, 2i+1; SC0..7 -> VL0..7, SC8 -> VL6, SC9 -> VL7.
  Config c = with_sls({"qos.sls=5", "qos.inject_share=0.1,0.3,0.5,0.05,0.05"});
  c.set("qos.sl2sc", "0 1,2 3,4 5,6 7,8 9");
  c.set("qos.sc2vl", "0,1,2,3,4,5,6,7,6,7");
  const ServiceLevels q = read_service_levels(c);
  EXPECT_EQ(q.sl2sc[4], (std::vector<uint32_t>{8, 9}));
  EXPECT_EQ(q.sc2vl[8], 6u);
  EXPECT_EQ(q.vls, 8u);
  // The default SC2VL puts the SCs on VLs in the order SL2SC lists them.
  c.set("qos.sc2vl", "");
  Config d = with_sls();
  d.set("qos.sl2sc", "0 1,2,3");
  EXPECT_EQ(read_service_levels(d).sc2vl, (std::vector<uint32_t>{0, 1, 2, 3}));
}

TEST(Qos, ListsNeedOneEntryPerSl) {
  const std::string e = validation_error(with_sls({"qos.inject_share=0.5,0.5"}));
  EXPECT_NE(e.find("qos.inject_share=0.5,0.5: needs 3 comma-separated entries"), std::string::npos)
      << e;
  EXPECT_NE(validation_error(with_sls({"qos.pattern=uniform,uniform"})).find("qos.pattern="),
            std::string::npos);
}

TEST(Qos, SharesMustSumToOne) {
  const std::string e = validation_error(with_sls({"qos.inject_share=0.5,0.4,0.2"}));
  EXPECT_NE(e.find("qos.inject_share=0.5,0.4,0.2: the shares of traffic.load must sum to 1"),
            std::string::npos)
      << e;
  EXPECT_NE(validation_error(with_sls({"qos.inject_share=0.5,x,0.5"})).find("entry 'x'"),
            std::string::npos);
}

TEST(Qos, SizesAreWholeFlitsAndMessagesWholePackets) {
  std::string e = validation_error(with_sls({"qos.message_size=100,512,512"}));
  EXPECT_NE(e.find("qos.message_size=100,512,512: 100 bytes is not a whole number of flits "
                   "(link.flit_bytes=64)"),
            std::string::npos)
      << e;
  // 192 B = 3 flits is not a whole number of packets of packet.size = 8 flits (CIOQ router).
  e = validation_error(with_sls({"qos.message_size=192,512,512"}));
  EXPECT_NE(e.find("SL SL0's message of 3 flits is not a whole number of its packets of 8 flits "
                   "(packet.size)"),
            std::string::npos)
      << e;
}

TEST(Qos, PatternNamesAreChecked) {
  const std::string e = validation_error(with_sls({"qos.pattern=uniform,cbr,adv"}));
  EXPECT_NE(e.find("entry 'adv': allowed values are uniform|next|cbr|cbr_uniform|bursts4"),
            std::string::npos)
      << e;
}

// qos.pattern=hotspot reads traffic.hotspot_fraction (paper 004's hot spot per SL); the key set
// without a hotspot SL is refused under service levels as it is without them.
TEST(Qos, HotspotPatternReadsTheHotspotFraction) {
  const Config c = with_sls({"qos.pattern=hotspot,uniform,hotspot", "traffic.hotspot_fraction=1"});
  ASSERT_EQ(validation_error(c), "");
  EXPECT_EQ(read_service_levels(c).pattern,
            (std::vector<SlPattern>{SlPattern::Hotspot, SlPattern::Uniform, SlPattern::Hotspot}));
  const std::string e =
      validation_error(with_sls({"qos.pattern=uniform,cbr,next", "traffic.hotspot_fraction=0.5"}));
  EXPECT_NE(e.find("traffic.hotspot_fraction=0.5: with traffic.source=service_levels it applies "
                   "to a qos.pattern entry hotspot only (qos.pattern=uniform,cbr,next)"),
            std::string::npos)
      << e;
  EXPECT_NE(validation_error(with_sls({"traffic.hotspot_fraction=0.5"}))
                .find("hotspot only (qos.pattern=uniform,uniform,uniform)"),
            std::string::npos)
      << "qos.pattern's default";
}

TEST(Qos, ScTablesRefuseReservedSharedAndMissingEntries) {
  Config c = with_sls();
  c.set("qos.sl2sc", "0,15,2");
  EXPECT_NE(read_error(c).find("SC15 is reserved for fabric management"), std::string::npos);
  c.set("qos.sl2sc", "0 1,1,2");
  EXPECT_NE(read_error(c).find("SC1 is given to SL SL0 and to SL SL1"), std::string::npos);
  c.set("qos.sl2sc", "0,1,4");
  c.set("qos.sc2vl", "0,1,2");
  EXPECT_NE(read_error(c).find("qos.sc2vl=0,1,2: SC4 (qos.sl2sc) has no VL"), std::string::npos);
}

TEST(Qos, AMappingToAVlThatDoesNotExistIsRefused) {
  Config c = with_sls();
  c.set("qos.sc2vl", "0,1,3");
  c.set("qos.vls", "3");
  const std::string e = read_error(c);
  EXPECT_NE(e.find("qos.sc2vl=0,1,3: sends a service level to VL3, which does not exist "
                   "(qos.vls=3: VL0 to VL2)"),
            std::string::npos)
      << e;
}

TEST(Qos, KeysNeedServiceLevelsAndTheSource) {
  Config c;
  c.set("qos.inject_share", "1");
  EXPECT_NE(validation_error(c).find("qos.inject_share=1: needs service levels (qos.sls >= 1"),
            std::string::npos);
  Config d;
  d.set("traffic.source", "service_levels");
  EXPECT_NE(validation_error(d).find("traffic.source=service_levels: needs service levels"),
            std::string::npos);
  Config e = with_sls();
  e.set("traffic.source", "bernoulli");
  EXPECT_NE(validation_error(e).find("qos.sls=3: service levels generate their traffic with "
                                     "traffic.source=service_levels"),
            std::string::npos);
  // The Bernoulli source's pattern keys are not read by the service levels' source.
  const std::string p = validation_error(with_sls({"traffic.pattern=uniform"}));
  EXPECT_NE(p.find("traffic.pattern=uniform: not read by traffic.source=service_levels"),
            std::string::npos)
      << p;
}

TEST(Qos, SwitchKeysAreRefusedForTheCioqRouter) {
  for (const char* kv : {"qos.sl2sc=0,1,2", "qos.sc2vl=0,1,2", "qos.sl2vl=0,1,2", "qos.vls=3"}) {
    const std::string e = validation_error(with_sls({kv}));
    EXPECT_NE(e.find("only (router.architecture=cioq)"), std::string::npos) << kv << ": " << e;
  }
  const std::string e = validation_error(with_sls({"qos.sl_mtu=512,512,512"}));
  EXPECT_NE(e.find("qos.sl_mtu=512,512,512: applies to the InfiniBand and Omni-Path switches"),
            std::string::npos)
      << e;
}

TEST(Qos, TheApplicationQueueNeedsAFirstCapacity) {
  Config c;
  c.set("traffic.application_queue", "true");
  EXPECT_EQ(validation_error(c), "");
  c.set("traffic.source_queue", "0");
  EXPECT_NE(validation_error(c).find("traffic.application_queue=true: the unbounded queue starts "
                                     "at traffic.source_queue packets"),
            std::string::npos);
}

}  // namespace
