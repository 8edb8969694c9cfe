// The per-router area plan (sim/experiment/router_area.h), its memory-area model and the
// synthesis cache (sim/experiment/area_cache.h): the blocks and arrays a configuration implies,
// counted by hand from its ports, VCs and buffers.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "rtl/catalog.h"
#include "sim/blocks/shared_vl_credits.h"
#include "sim/config/config.h"
#include "sim/experiment/area_cache.h"
#include "sim/experiment/router_area.h"
#include "sim/network/build.h"
#include "sim/network/network.h"

namespace {

using namespace netcosim;
using namespace netcosim::experiment;

Config h2(const std::vector<std::string>& sets = {}) {
  Config c;
  c.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini");
  for (const auto& s : sets) c.set_override(s);
  return c;
}

std::string blocks_text(const RouterAreaPlan& p) {
  std::string t;
  for (const auto& b : p.blocks)
    t += b.block + " " + b.params + " x" + std::to_string(b.count) + "\n";
  return t;
}

std::string nic_text(const RouterAreaPlan& p) {
  std::string t;
  for (const auto& b : p.nic_blocks)
    t += b.block + " " + b.params + " x" + std::to_string(b.count) + "\n";
  return t;
}

std::string storage_text(const RouterAreaPlan& p) {
  std::string t;
  for (const auto& s : p.storage)
    t += s.role + ": " + std::to_string(s.bits) + " x" + std::to_string(s.arrays) + "\n";
  return t;
}

TEST(RouterArea, CounterBits) {
  EXPECT_EQ(counter_bits(0), 1u);
  EXPECT_EQ(counter_bits(1), 1u);
  EXPECT_EQ(counter_bits(31), 5u);
  EXPECT_EQ(counter_bits(32), 6u);  // 0..32 (the RTL catalogue's W=6, CAP=32)
  EXPECT_EQ(counter_bits(256), 9u);
}

// h2: radix 7 = 2 injection + 3 local + 2 global ports; VCs 3/2/1; buffers 256/32/256 phits per
// VC and 32 per output; 2 allocator iterations; MIN needs no sensor. 72 nodes, each NIC with the
// credits of its router's injection buffer: 3 VCs of 256 phits (9 bits to count 0..256).
TEST(RouterArea, H2BaselinePlan) {
  const RouterAreaPlan p = plan_router_area(h2(), 80);
  EXPECT_EQ(p.routers, 36u);
  EXPECT_EQ(p.radix, 7u);
  EXPECT_EQ(p.nics, 72u);
  EXPECT_EQ(nic_text(p), "credit_counter V=3,W=9,CAP=256 x1\n");
  EXPECT_EQ(p.nic_blocks[0].role, "NIC: credits, injection buffer");
  EXPECT_EQ(blocks_text(p),
            "sep_alloc_if P=7,V=3,Q=7,ITER=2 x1\n"
            "credit_counter V=2,W=6,CAP=32 x3\n"
            "credit_counter V=1,W=9,CAP=256 x2\n");
  EXPECT_EQ(storage_text(p),
            "input buffer per VC, injection ports: 20480 x6\n"
            "input buffer per VC, local ports: 2560 x6\n"
            "input buffer per VC, global ports: 20480 x2\n"
            "output buffer per port: 2560 x7\n");
}

// FlexVC 4/2 with JSQ: one selector per router-facing output with more than one VC; the
// allocator's V is the largest input VC count (4 local).
TEST(RouterArea, FlexVcAddsSelectorsAndContentionAddsCounters) {
  const RouterAreaPlan f = plan_router_area(
      h2({"router.vc_management=flexvc", "router.vcs_local=4", "router.vcs_global=2"}), 80);
  EXPECT_EQ(blocks_text(f),
            "sep_alloc_if P=7,V=4,Q=7,ITER=2 x1\n"
            "credit_counter V=4,W=6,CAP=32 x3\n"
            "vc_selector V=4,W=6,MODE=0 x3\n"
            "credit_counter V=2,W=9,CAP=256 x2\n"
            "vc_selector V=2,W=9,MODE=0 x2\n");
  const RouterAreaPlan o =
      plan_router_area(h2({"routing.algorithm=olm", "router.vcs_local=3", "router.vcs_global=2",
                           "routing.trigger=contention"}),
                       80);
  EXPECT_EQ(o.blocks.back().block + " " + o.blocks.back().params,
            "contention_counters Q=7,W=8,N=14");
  // The credit trigger senses credits only: no contention counters.
  const RouterAreaPlan c = plan_router_area(h2({"routing.algorithm=olm", "router.vcs_local=3",
                                                "router.vcs_global=2", "routing.trigger=credit"}),
                                            80);
  for (const auto& b : c.blocks) EXPECT_NE(b.block, "contention_counters");
}

// A DAMQ is one array per port and its pointer lists: a next pointer per phit, a head and a tail
// per VC and for the free list, each of ceil(log2(phits)) bits. Injection: 3 x 256 = 768 phits,
// 10-bit pointers, 768 x 10 + 2 x 4 x 10 = 7,760; local: 2 x 32 = 64 phits, 6 bits, 384 + 36 =
// 420; global: 256 phits, 8 bits, 2,048 + 32 = 2,080.
TEST(RouterArea, DamqIsOneArrayPerPortWithItsPointers) {
  const RouterAreaPlan p = plan_router_area(h2({"router.buffer_model=damq"}), 80);
  EXPECT_EQ(storage_text(p),
            "input buffer per port (DAMQ), injection ports: 61440 x2\n"
            "DAMQ pointers per port, injection ports: 7760 x2\n"
            "input buffer per port (DAMQ), local ports: 5120 x3\n"
            "DAMQ pointers per port, local ports: 420 x3\n"
            "input buffer per port (DAMQ), global ports: 20480 x2\n"
            "DAMQ pointers per port, global ports: 2080 x2\n"
            "output buffer per port: 2560 x7\n");
  // Thesis 000 Sec. 5.3.1's example, a 4 KB DAMQ of 8-byte phits (512 phits): 9-bit pointers,
  // 512 x 9 = 4,608 bits = 576 bytes (14%), plus 54 bits of head and tail pointers.
  const RouterAreaPlan t = plan_router_area(
      h2({"router.buffer_model=damq", "router.vcs_local=2", "router.buffer_local=256"}), 64);
  EXPECT_NE(storage_text(t).find("input buffer per port (DAMQ), local ports: 32768 x3\n"
                                 "DAMQ pointers per port, local ports: 4662 x3\n"),
            std::string::npos);
}

// ECtN (seed 001 Sec. III-C, VI-B) on h2: 9 groups, 4 routers per group; thc = 10 (4 bits):
// partial 8 x 4 = 32 bits, the 3 other routers' partials, combined 8 x counter_bits(40) = 48
// bits; the broadcast is 32 bits per 100 cycles on each local link = 0.4% of 80-bit phits.
TEST(RouterArea, EctnAddsItsCounterArraysAndItsBroadcast) {
  const RouterAreaPlan p = plan_router_area(h2({"routing.algorithm=olm", "routing.trigger=ectn",
                                                "router.vcs_local=3", "router.vcs_global=2"}),
                                            80);
  const std::string s = storage_text(p);
  EXPECT_NE(s.find("ECtN partial counters: 32 x1\n"
                   "ECtN partials received from the group: 32 x3\n"
                   "ECtN combined counters: 48 x1\n"),
            std::string::npos)
      << s;
  ASSERT_EQ(p.notes.size(), 1u);
  EXPECT_EQ(p.notes[0],
            "ECtN broadcast: 32 bits per 100 cycles on each local link, 0.40% of a link of 80-bit "
            "phits (seed 001 Sec. VI-B: 512 bits, about 6%)");
  EXPECT_TRUE(plan_router_area(h2({"routing.algorithm=olm", "routing.trigger=contention",
                                   "router.vcs_local=3", "router.vcs_global=2"}),
                               80)
                  .notes.empty());
}

Config qos(const std::string& file, const std::vector<std::string>& sets = {}) {
  Config c;
  c.load_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/" + file);
  for (const auto& s : sets) c.set_override(s);
  return c;
}

// The IB switch of the 4-ary 2-tree (8 switches of radix 8: ports 0-3 face nodes on level 0 and
// switches on level 1, so all 8 price the downstream buffer's credits): 3 SLs on VLs 0-2 (identity
// SL2VL), buffers of 256 64-byte flits (512 bits) per port in and out, each accounted by a
// shared_vl_credits block (thesis 003 Sec. 5.3.1: 9 bits to 256 flits, a minimum per VL of the
// largest packet, 8 flits, a VL holding up to the whole buffer), 2 allocator iterations, round
// robin over the 3 SLs, one VL per SL (no VL arbiter). Lists: 256 next pointers of 8 bits, a head
// and a tail per VL and the free list: 2,048 + 64 = 2,112 bits; SL2VL 3 SLs x 3 VLs.
TEST(RouterArea, IbSwitchPlan) {
  const RouterAreaPlan p = plan_router_area(qos("qos-ib-fattree-4-2.ini"), 80);
  EXPECT_EQ(p.architecture, "ib");
  EXPECT_EQ(p.routers, 8u);
  EXPECT_EQ(p.radix, 8u);
  EXPECT_EQ(p.phit_bits, 512u);
  EXPECT_EQ(blocks_text(p),
            "sep_alloc_if P=8,V=3,Q=8,ITER=2 x1\n"
            "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x8\n"
            "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x8\n"
            "rr_arbiter N=3 x8\n");
  EXPECT_EQ(p.blocks[1].role, "downstream credits, outputs to switches");
  EXPECT_EQ(p.blocks[2].role, "output buffer space, shared by the VLs");
  // The tree's 16 NICs, each with the credits of its switch's input buffer (the same set).
  EXPECT_EQ(p.nics, 16u);
  EXPECT_EQ(nic_text(p), "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x1\n");
  EXPECT_EQ(storage_text(p),
            "input buffer per port: 131072 x8\n"
            "input buffer per port, VL lists: 2112 x8\n"
            "output buffer per port: 131072 x8\n"
            "output buffer per port, VL lists: 2112 x8\n"
            "SL2VL table: 9 x1\n");
  EXPECT_TRUE(p.notes.empty());
  // router.vl_max caps a VL (100) in the port buffers and the output buffers; one switch of 48
  // ports (n = 1) has no switch-facing port; its 8-byte flits make the 128-byte packets, and the
  // minimum per VL, 16 flits.
  const RouterAreaPlan m =
      plan_router_area(qos("qos-ib-fattree-4-2.ini", {"router.vl_max=100"}), 80);
  EXPECT_EQ(m.blocks[1].params, "VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=100");
  EXPECT_EQ(m.blocks[2].params, "VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=100");
  EXPECT_EQ(m.nic_blocks[0].params, "VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=100");
  const RouterAreaPlan one = plan_router_area(qos("qos-ch2-ib-switch-48.ini"), 80);
  EXPECT_EQ(blocks_text(one),
            "sep_alloc_if P=48,V=3,Q=48,ITER=2 x1\n"
            "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=16,VL_MAX=256 x48\n"
            "rr_arbiter N=3 x48\n");
  EXPECT_EQ(one.phit_bits, 64u);
  EXPECT_EQ(one.nics, 48u);
  EXPECT_EQ(nic_text(one), "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=16,VL_MAX=256 x1\n");
}

// The IB VL arbiter of Table 6.1 Config A (64 high-priority entries, 1 low, LimitOfHighPriority
// 1) on 4 SLs/VLs: one ib_vl_arbiter per output port at V = 4, N = 64 (the larger table), WW = 8,
// SW = 7 (heads of at most 512 B = 8 units fit IB's 7 bits), LIMIT = 1, which holds both tables:
// no table storage line, no note.
TEST(RouterArea, IbVlArbiterIsABlockPerOutput) {
  const RouterAreaPlan p = plan_router_area(
      qos("qos-ib-fattree-4-2.ini",
          {"router.output_scheduler=ib_vlarb", "qos.sls=4", "qos.inject_share=0.4,0.3,0.2,0.1",
           "qos.sl_mtu=256,256,512,256", "qos.message_size=256,512,512,256",
           "qos.pattern=uniform,uniform,bursts4,uniform",
           "qos.table=" + std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table6_1_a.json"}),
      80);
  EXPECT_EQ(blocks_text(p),
            "sep_alloc_if P=8,V=4,Q=8,ITER=2 x1\n"
            "shared_vl_credits VLS=4,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x8\n"
            "shared_vl_credits VLS=4,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x8\n"
            "ib_vl_arbiter V=4,N=64,WW=8,SW=7,LIMIT=1 x8\n");
  EXPECT_EQ(storage_text(p).find("IB VL arbiter"), std::string::npos) << storage_text(p);
  EXPECT_NE(storage_text(p).find("SL2VL table: 16 x1\n"), std::string::npos) << storage_text(p);
  EXPECT_TRUE(p.notes.empty());
  // Ch. 6's tree (16-B flits, 64-B packets: 1 unit) takes the same set, the one
  // rtl/catalog.h's v4n64l1 co-simulates.
  const RouterAreaPlan ch6 = plan_router_area(
      qos("qos-ch6-ib-fattree-2-2.ini",
          {"qos.table=" + std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table6_1_a.json"}),
      80);
  EXPECT_NE(blocks_text(ch6).find("ib_vl_arbiter V=4,N=64,WW=8,SW=7,LIMIT=1 x4\n"),
            std::string::npos)
      << blocks_text(ch6);
}

// The OPA switch of the same tree: 2 MPorts, each with a 4:6 allocator, the central allocator of
// 2 x 2 = 4 central buffers to 8 outputs, central buffers of 512 / 2 = 256 flits; SL2SC 3 SLs x 32
// SCs, SC2VL 3 SCs x 4 bits.
TEST(RouterArea, OpaSwitchPlan) {
  const RouterAreaPlan p = plan_router_area(qos("qos-opa-fattree-4-2.ini"), 80);
  EXPECT_EQ(p.architecture, "opa");
  EXPECT_EQ(blocks_text(p),
            "sep_alloc_if P=4,V=3,Q=6,ITER=2 x2\n"
            "sep_alloc_if P=4,V=3,Q=8,ITER=2 x1\n"
            "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x8\n"
            "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x8\n"
            "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x4\n"
            "rr_arbiter N=3 x8\n");
  EXPECT_EQ(p.blocks[0].role, "MPort allocator (VA-SA, 4:6)");
  EXPECT_EQ(p.blocks[4].role, "central buffer space, shared by the VLs");
  EXPECT_EQ(p.nics, 16u);
  EXPECT_EQ(nic_text(p), "shared_vl_credits VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256 x1\n");
  EXPECT_EQ(storage_text(p),
            "input buffer per port: 131072 x8\n"
            "input buffer per port, VL lists: 2112 x8\n"
            "central buffer, 2 per MPort: 131072 x4\n"
            "central buffer, 2 per MPort, VL lists: 2112 x4\n"
            "output buffer per port: 131072 x8\n"
            "output buffer per port, VL lists: 2112 x8\n"
            "SL2SC table: 96 x1\n"
            "SC2VL table: 12 x1\n");
}

// Table 4.9's DTable on the Ch. 4 mix (Table 4.6: two SCs per SL, SC2VL 0-7,6,7, so 8 VLs and
// every SL on 2 VLs): per output port a dtable_arbiter of S = 8 (5 SLs), N = 128 entries and the
// OPA widths (24-bit weights, 32-bit accumulators, 16-bit sizes), and per (port, SL) a 2-VL
// round-robin arbiter, 8 x 5 = 40, with a 1-bit pointer each for the routing's choice among the
// SL's VLs. Buffers of 1,024 flits (shared_vl_credits of 11 bits, a minimum of 16 flits per VL;
// 10-bit pointers: 10,240 + 2 x 9 x 10 = 10,420 bits); central buffers 2,048 / 2. The table,
// 128 x (3 + 24) = 3,456 bits, is in each port's arbiter: 7 copies too many for OPA's one per
// device.
TEST(RouterArea, OpaDTablePlan) {
  const RouterAreaPlan p = plan_router_area(
      qos("qos-ch4-opa-fattree-4-2.ini",
          {"router.output_scheduler=dtable",
           "qos.table=" + std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table4_9_dtable.json"}),
      80);
  EXPECT_EQ(blocks_text(p),
            "sep_alloc_if P=4,V=8,Q=6,ITER=2 x2\n"
            "sep_alloc_if P=4,V=8,Q=8,ITER=2 x1\n"
            "shared_vl_credits VLS=8,W=11,TOTAL=1024,VL_MIN=16,VL_MAX=1024 x8\n"
            "shared_vl_credits VLS=8,W=11,TOTAL=1024,VL_MIN=16,VL_MAX=1024 x8\n"
            "shared_vl_credits VLS=8,W=11,TOTAL=1024,VL_MIN=16,VL_MAX=1024 x4\n"
            "dtable_arbiter S=8,N=128,WW=24,AW=32,SW=16 x8\n"
            "rr_arbiter N=2 x40\n");
  EXPECT_EQ(storage_text(p),
            "input buffer per port: 524288 x8\n"
            "input buffer per port, VL lists: 10420 x8\n"
            "central buffer, 2 per MPort: 524288 x4\n"
            "central buffer, 2 per MPort, VL lists: 10420 x4\n"
            "output buffer per port: 524288 x8\n"
            "output buffer per port, VL lists: 10420 x8\n"
            "SL2SC table: 160 x1\n"
            "SC2VL table: 40 x1\n"
            "VL round-robin pointers, per output port and SL: 40 x1\n");
  EXPECT_EQ(nic_text(p), "shared_vl_credits VLS=8,W=11,TOTAL=1024,VL_MIN=16,VL_MAX=1024 x1\n");
  ASSERT_EQ(p.notes.size(), 1u);
  EXPECT_EQ(p.notes[0],
            "DTable: each dtable_arbiter holds its table (128 entries, 3456 bits); OPA has one per "
            "device (thesis 003 Sec. 5.4.2), so 7 copies (24192 bits) are counted in excess");
  // The round robin per SL: an SL arbiter of 5 per port, the same VL arbiters.
  const RouterAreaPlan rr = plan_router_area(qos("qos-ch4-opa-fattree-4-2.ini"), 80);
  EXPECT_NE(blocks_text(rr).find("rr_arbiter N=5 x8\nrr_arbiter N=2 x40\n"), std::string::npos)
      << blocks_text(rr);
  // DRR (docs/model.md §10.5): a drr_arbiter per port over 8 lanes (5 SLs rounded up) at the
  // switch's 16-bit quanta and sizes, the same VL arbiters.
  const RouterAreaPlan drr =
      plan_router_area(qos("qos-ch4-opa-fattree-4-2.ini",
                           {"router.output_scheduler=drr", "qos.drr_quantum=32,96,160,16,16"}),
                       80);
  EXPECT_NE(blocks_text(drr).find("drr_arbiter V=8,QW=16,SW=16 x8\nrr_arbiter N=2 x40\n"),
            std::string::npos)
      << blocks_text(drr);
  // SBT (thesis 003 Algorithm 2): an sbt_scheduler per port with Table 4.9's SBT weights as its
  // parameters, WW = 6 bits for the largest (50 < 64), the same VL arbiters.
  const RouterAreaPlan sbt =
      plan_router_area(qos("qos-ch4-opa-fattree-4-2.ini",
                           {"router.output_scheduler=sbt", "qos.sbt_weights=10,30,50,5,5"}),
                       80);
  EXPECT_NE(blocks_text(sbt).find("sbt_scheduler S=5,WW=6,W0=10,W1=30,W2=50,W3=5,W4=5 x8\n"
                                  "rr_arbiter N=2 x40\n"),
            std::string::npos)
      << blocks_text(sbt);
}

// The NICs' credits the plan prices are the buffers the switches hand the in-network socket as
// nic<p> (RouterModel::shared_vl_buffers), one per node, at model::shared_vl_rtl_params's set; and
// every buffer of these networks, the NICs' included, has its set in rtl/catalog.h (Ch. 4's OPA
// tree: 8 VLs of 1,024 flits, a minimum of 16; Ch. 6's IB tree: 4 VLs of 7,168 flits, a minimum
// of 4, 13 bits to count 7,168).
TEST(RouterArea, NicCreditsAreTheSocketsNicBuffersAndHaveCatalogSets) {
  struct Net {
    std::string file;
    std::vector<std::string> sets;
    uint64_t nics;
    std::string nic;
  };
  const std::string table6 =
      "qos.table=" + std::string(NETCOSIM_SOURCE_DIR) + "/configs/qos/table6_1_a.json";
  const std::vector<Net> nets = {
      {"qos-ib-fattree-4-2.ini", {}, 16, "VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256"},
      {"qos-opa-fattree-4-2.ini", {}, 16, "VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256"},
      {"qos-ch4-opa-fattree-4-2.ini", {}, 16, "VLS=8,W=11,TOTAL=1024,VL_MIN=16,VL_MAX=1024"},
      {"qos-ch6-ib-fattree-2-2.ini", {table6}, 4, "VLS=4,W=13,TOTAL=7168,VL_MIN=4,VL_MAX=7168"}};
  const rtl::RtlBlock* block = rtl::find_rtl_block("shared_vl_credits");
  ASSERT_NE(block, nullptr);
  for (const Net& n : nets) {
    const Config cfg = qos(n.file, n.sets);
    const RouterAreaPlan p = plan_router_area(cfg, 80);
    EXPECT_EQ(p.nics, n.nics) << n.file;
    ASSERT_EQ(p.nic_blocks.size(), 1u) << n.file;
    EXPECT_EQ(p.nic_blocks[0].params, n.nic) << n.file;
    const auto net = build_network(cfg);
    uint64_t nic_buffers = 0;
    std::vector<RouterModel::SharedVlBufferShape> buffers;
    for (uint32_t r = 0; r < net->routers(); ++r) {
      std::string why;
      ASSERT_TRUE(net->router(r).shared_vl_buffers(buffers, why)) << why;
      for (const auto& b : buffers) {
        const std::string params = model::shared_vl_rtl_params(b.buffer).text();
        if (b.name.rfind("nic", 0) == 0) {
          ++nic_buffers;
          EXPECT_EQ(params, p.nic_blocks[0].params) << n.file << " router " << r << " " << b.name;
        }
        bool in_catalog = false;
        for (const auto& set : block->sets) in_catalog |= params == set.params;
        EXPECT_TRUE(in_catalog) << n.file << " router " << r << " " << b.name << ": " << params;
      }
    }
    EXPECT_EQ(nic_buffers, p.nics) << n.file;
  }
}

TEST(RouterArea, RefusedConfigurationsNameTheKey) {
  try {
    plan_router_area(
        qos("qos-opa-fattree-4-2.ini",
            {"router.output_scheduler=sbt", "qos.sls=1", "qos.inject_share=1", "qos.sl_mtu=512",
             "qos.message_size=512", "qos.pattern=uniform", "qos.sbt_weights=100"}),
        80);
    FAIL() << "SBT's block serves 2 to 8 SLs";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()),
              "router.output_scheduler=sbt with qos.sls=1: netcosim area prices SBT's block, "
              "sbt_scheduler, for 2 to 8 SLs");
  }
  try {
    plan_router_area(h2({"router.vc_management=flexvc", "router.vc_selection=random"}), 80);
    FAIL() << "random selection has no RTL";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("router.vc_selection=random"), std::string::npos);
  }
  try {
    plan_router_area(h2({"router.allocator_iterations=0"}), 80);
    FAIL() << "an invalid configuration is refused";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("router.allocator_iterations"), std::string::npos);
  }
}

// The memory-area model: flip-flop arrays cost a DFF_X1 and a MUX2_X1 per bit, SRAM a 6T cell
// over the array efficiency; auto switches at rf_max_bits.
TEST(RouterArea, MemoryModel) {
  MemoryModel m;
  EXPECT_TRUE(m.register_file(4096));
  EXPECT_FALSE(m.register_file(4097));
  EXPECT_DOUBLE_EQ(m.um2(2560), 2560 * (4.522 + 1.862));
  EXPECT_DOUBLE_EQ(m.um2(20480), 20480 * 0.346 / 0.5);
  m.kind = MemoryKind::Sram;
  EXPECT_DOUBLE_EQ(m.um2(2560), 2560 * 0.346 / 0.5);
  m.kind = MemoryKind::RegisterFile;
  EXPECT_DOUBLE_EQ(m.um2(20480), 20480 * (4.522 + 1.862));
}

TEST(RouterArea, ReportSumsBlocksAndArrays) {
  RouterAreaReport r;
  r.config = "x.ini";
  r.plan = plan_router_area(h2(), 80);
  for (size_t i = 0; i < r.plan.blocks.size(); ++i) {
    AreaRow row;
    row.nand2 = 100.0 * static_cast<double>(i + 1);
    r.rows.push_back(row);
    r.cached.push_back(false);
  }
  AreaRow nic;
  nic.nand2 = 1225.0;  // the NIC's credit counter
  r.nic_rows.push_back(nic);
  r.nic_cached.push_back(true);
  // 100 x 1 + 200 x 3 + 300 x 2.
  EXPECT_DOUBLE_EQ(r.logic_nand2(), 1300.0);
  const double storage =
      6 * 20480 * 0.692 + 6 * 2560 * 6.384 + 2 * 20480 * 0.692 + 7 * 2560 * 6.384;
  EXPECT_NEAR(r.storage_um2(), storage, 1e-6 * storage);
  const auto j = router_area_json(r);
  EXPECT_DOUBLE_EQ(j["router"]["logic_nand2"].get<double>(), 1300.0);
  // The network: 36 routers and 72 NICs of 1,225 NAND2 eq.; the router's figures leave the NICs
  // out.
  EXPECT_DOUBLE_EQ(r.nic_nand2(), 1225.0);
  EXPECT_EQ(j["nics"], 72);
  EXPECT_DOUBLE_EQ(j["nic"]["nand2"].get<double>(), 1225.0);
  EXPECT_DOUBLE_EQ(j["network"]["nics_nand2"].get<double>(), 72 * 1225.0);
  EXPECT_NEAR(j["network"]["routers_nand2"].get<double>(), 36 * (1300.0 + storage / 0.798), 1e-6);
  EXPECT_NEAR(j["network"]["um2"].get<double>(),
              36 * (1300.0 * 0.798 + storage) + 72 * 1225.0 * 0.798, 1e-3);
  const std::string text = router_area_text(r);
  EXPECT_NE(text.find("NIC: credits, injection buffer           credit_counter V=3,W=9,CAP=256 "
                      "      1          1,225          1,225            978  (cached)\n"
                      "NIC: logic 1,225 NAND2 eq. (978 um2)\nnetwork (36 routers, 72 NICs): 36 x "),
            std::string::npos)
      << text;
  // Compared with itself every ratio is 1.
  const std::string t = router_area_compare_text(r, r);
  EXPECT_NE(
      t.find("router logic                                        1,300            1,300    1.000"),
      std::string::npos)
      << t;
  EXPECT_NE(
      t.find("NIC (one per node)                                  1,225            1,225    1.000"),
      std::string::npos)
      << t;
}

TEST(AreaCache, StoresLoadsAndMissesOnAnotherKey) {
  char tmpl[] = "/tmp/netcosim_area_cache_XXXXXX";
  const std::string dir = std::string(mkdtemp(tmpl)) + "/area";
  const auto* b = rtl::find_rtl_block("credit_counter");
  const std::string rtl_dir = std::string(NETCOSIM_SOURCE_DIR) + "/rtl";
  const std::string key = area_cache_key(rtl_dir, *b, "V=2,W=6,CAP=32", "Yosys 0.23");
  AreaRow row, back;
  row.block = "credit_counter";
  row.params = "V=2,W=6,CAP=32";
  row.cells = 353;
  row.flip_flops = 12;
  row.cmos_cells = 543;
  row.transistors = 2206;
  row.depth = 25;
  EXPECT_FALSE(area_cache_load(dir, key, back));
  std::string why;
  ASSERT_TRUE(area_cache_store(dir, key, row, why)) << why;
  ASSERT_TRUE(area_cache_load(dir, key, back));
  EXPECT_EQ(back.cells, 353);
  EXPECT_EQ(back.transistors, 2206);
  EXPECT_DOUBLE_EQ(back.nand2, 551.5);
  // Another yosys or other parameters: another key, a miss.
  EXPECT_FALSE(
      area_cache_load(dir, area_cache_key(rtl_dir, *b, "V=2,W=6,CAP=32", "Yosys 0.24"), back));
  EXPECT_FALSE(
      area_cache_load(dir, area_cache_key(rtl_dir, *b, "V=3,W=6,CAP=32", "Yosys 0.23"), back));
  EXPECT_NE(key, area_cache_key(rtl_dir, *rtl::find_rtl_block("rr_arbiter"), "V=2,W=6,CAP=32",
                                "Yosys 0.23"));
}

}  // namespace
