// The RTL blocks and the parameter sets at which they are co-simulated and synthesized: the one
// list shared by `netcosim cosim`, `netcosim area` and the benches (each bench checks at start-up
// that its compiled parameterisations are exactly these). testbench/CMakeLists.txt reads this file
// at configure time for the verilate() calls and the CTest entries: keep each block as
// {"block", "cosim_block", {"file.sv", ...}, {{"name", "K=V,K=V"}, ...}} with names of lower-case
// letters, digits and '_'.
//
// Sizes follow the reference router (docs/model.md §2, thesis 000 Table 1.2): the h8 Dragonfly
// router has 31 ports (p=8 injection, a-1=15 local, h=8 global) and 3 VCs; buffers of 32 phits
// per VC on local ports and 256 phits on global and injection ports.
#pragma once

#include <string>
#include <vector>

namespace netcosim::rtl {

struct RtlParamSet {
  const char* name;    // --params NAME of the bench
  const char* params;  // "K=V,K=V": the module parameters (Verilator -G, yosys chparam)
};

struct RtlBlock {
  const char* block;                   // RTL top module
  const char* bench;                   // co-simulation executable (testbench/)
  std::vector<const char*> rtl_files;  // relative to rtl/, top first
  std::vector<RtlParamSet> sets;
};

inline const std::vector<RtlBlock>& rtl_blocks() {
  static const std::vector<RtlBlock> blocks = {
      // Inside a network (systemc/rtl/sched_arbiter_socket.h): the OPA and IB switches' SL
      // arbiter of router.output_scheduler=rr, N = qos.sls: n3 the 3-SL configurations (Ch. 2,
      // the small trees), n4 Ch. 6's, n5 Ch. 4's (Table 4.7's mix), n7 Ch. 5's (Table 5.4's), n2
      // the 4x4 tori's.
      {"rr_arbiter",
       "cosim_rr_arbiter",
       {"rr_arbiter.sv", "rr_arb_core.sv"},
       {{"n3", "N=3"},
        {"n4", "N=4"},
        {"n7", "N=7"},
        {"n31", "N=31"},
        {"n5", "N=5"},
        {"n2", "N=2"}}},
      {"sep_alloc_if",
       "cosim_sep_alloc_if",
       {"sep_alloc_if.sv", "rr_arb_core.sv"},
       // The routers of the networks the in-network sockets are tested and measured on
       // (systemc/rtl/, docs/cosim.md "Verilated blocks inside a network"): P ports, V = the
       // most VCs of a port class (injection 3), 2 iterations: h2 Dragonfly (7 ports) with MIN or
       // OLM 3/2 (p7v3q7i2) and VAL or UGAL 4/2 (p7v4q7i2), the 4-ary 3-tree's switch (8 ports),
       // h4 Dragonfly (15 ports) with MIN, h8 (31 ports) with MIN or OLM 3/2.
       // The Omni-Path switches' allocators (docs/model.md §11; 2 iterations), each MPort's
       // (P=4 inputs, Q=6: its 4 output buffers and 2 central buffers) and the central one's
       // (P = 2 central buffers per MPort, Q = the ports): configs/qos-opa-fattree-4-2.ini's
       // 8-port switches with 3 VLs (p4v3q6i2, p4v3q8i2), configs/qos-opa-torus-4x4.ini's 5-port
       // switches with 4 VLs (p4v4q6i2, p4v4q5i2); Ch. 4's 8-VL tree
       // (configs/qos-ch4-opa-fattree-4-2.ini: p4v8q6i2, p4v8q8i2), Ch. 5's 7-VL 4-ary 3-tree
       // (configs/qos-ch5-opa-fattree-4-3.ini: p4v7q6i2, p4v7q8i2) and its tori without trunks,
       // 14 VLs under the dateline (configs/qos-ch5-opa-torus-8x8.ini: p4v14q6i2, p4v14q5i2;
       // configs/qos-ch5-opa-torus-8x8x8.ini: p4v14q6i2, p4v14q7i2).
       {{"p4v2q4i1", "P=4,V=2,Q=4,ITER=1"},
        {"p7v3q7i2", "P=7,V=3,Q=7,ITER=2"},
        {"p7v4q7i2", "P=7,V=4,Q=7,ITER=2"},
        {"p8v3q8i2", "P=8,V=3,Q=8,ITER=2"},
        {"p15v3q15i2", "P=15,V=3,Q=15,ITER=2"},
        {"p31v3q31i2", "P=31,V=3,Q=31,ITER=2"},
        {"p4v3q6i2", "P=4,V=3,Q=6,ITER=2"},
        {"p4v3q8i2", "P=4,V=3,Q=8,ITER=2"},
        {"p4v4q6i2", "P=4,V=4,Q=6,ITER=2"},
        {"p4v4q5i2", "P=4,V=4,Q=5,ITER=2"},
        {"p4v8q6i2", "P=4,V=8,Q=6,ITER=2"},
        {"p4v8q8i2", "P=4,V=8,Q=8,ITER=2"},
        {"p4v7q6i2", "P=4,V=7,Q=6,ITER=2"},
        {"p4v7q8i2", "P=4,V=7,Q=8,ITER=2"},
        {"p4v14q6i2", "P=4,V=14,Q=6,ITER=2"},
        {"p4v14q5i2", "P=4,V=14,Q=5,ITER=2"},
        {"p4v14q7i2", "P=4,V=14,Q=7,ITER=2"}}},
      {"credit_counter",
       "cosim_credit_counter",
       {"credit_counter.sv"},
       // v1w6c32 to v4w6c32, v1w9c256 and v2w9c256: the output ports of the routers the
       // in-network socket is tested on (systemc/rtl/, docs/cosim.md "Verilated blocks inside a
       // network": V = the port class's VCs, CAP = its buffer per VC): h2 Dragonfly local/global
       // with MIN 2/1, OLM 3/2, VAL or UGAL 4/2, the 4-ary 3-tree's 1 VC of 32 phits.
       {{"v2w6c32", "V=2,W=6,CAP=32"},
        {"v3w9c256", "V=3,W=9,CAP=256"},
        {"v4w9c256", "V=4,W=9,CAP=256"},
        {"v1w6c32", "V=1,W=6,CAP=32"},
        {"v3w6c32", "V=3,W=6,CAP=32"},
        {"v4w6c32", "V=4,W=6,CAP=32"},
        {"v1w9c256", "V=1,W=9,CAP=256"},
        {"v2w9c256", "V=2,W=9,CAP=256"}}},
      // Q outputs, W-bit counters, N event slots per kind. q31w8n62: the h8 router (31 ports,
      // at most 2 increments per input port per cycle; 8-bit counters as in
      // sim/congestion/contention_sensor.h).
      {"contention_counters",
       "cosim_contention_counters",
       {"contention_counters.sv"},
       // q7w8n14, q15w8n30: the h2 and h4 routers' counters inside a network (systemc/rtl/:
       // 8-bit counters, 2 Q event slots per kind).
       {{"q7w4n4", "Q=7,W=4,N=4"},
        {"q7w8n14", "Q=7,W=8,N=14"},
        {"q15w6n16", "Q=15,W=6,N=16"},
        {"q15w8n30", "Q=15,W=8,N=30"},
        {"q31w8n62", "Q=31,W=8,N=62"}}},
      // The DTable scheduler of thesis 003 (S SLs, N entries, WW-bit weights, AW-bit deficits and
      // accumulator, SW-bit message sizes). s4n8: small widths, the accumulator overflows;
      // s8n16: 8 SLs with 8-bit weights, the DRR comparison (drr_arbiter v8); s16n64: the IB
      // mapping (16 SLs, 64 high-priority entries, 8-bit weights and accumulator, Sec. 5.4.1).
      // s8n128_opa, s8n64_opa, s8n64_ib: the OPA and IB switches' DTable inside a network
      // (systemc/rtl/dtable_arbiter_socket.h) with the tables of configs/qos/: Table 4.9's (5 SLs,
      // 128 entries) and Table 5.4's (7 SLs, 64) at the OPA widths of
      // sim/router/vl/vl_switch_config.cpp, and Table 5.4's IB mapping (8-bit entries, Fig. 5.3).
      {"dtable_arbiter",
       "cosim_dtable_arbiter",
       {"dtable_arbiter.sv", "rr_arb_core.sv"},
       {{"s4n8", "S=4,N=8,WW=4,AW=4,SW=3"},
        {"s8n16", "S=8,N=16,WW=8,AW=9,SW=6"},
        {"s16n64", "S=16,N=64,WW=8,AW=8,SW=6"},
        {"s8n128_opa", "S=8,N=128,WW=24,AW=32,SW=16"},
        {"s8n64_opa", "S=8,N=64,WW=24,AW=32,SW=16"},
        {"s8n64_ib", "S=8,N=64,WW=8,AW=8,SW=16"}}},
      // Deficit Round Robin (V lanes, QW-bit quanta, SW-bit sizes): the area reference of the
      // DTable (thesis 003 Sec. 5.4); v8 and v16 have dtable_arbiter s8n16's and s16n64's lanes
      // and widths. v4q16s16, v8q16s16: the OPA and IB switches' router.output_scheduler=drr
      // inside a network (systemc/rtl/sched_arbiter_socket.h; 16-bit quanta and sizes,
      // VlSwitchConfig::drr_params_for) with 3 or 4 SLs (the small trees, Ch. 6) and 5 to 8
      // (Ch. 4, Ch. 5).
      {"drr_arbiter",
       "cosim_drr_arbiter",
       {"drr_arbiter.sv", "rr_arb_core.sv"},
       {{"v4", "V=4,QW=4,SW=3"},
        {"v8", "V=8,QW=8,SW=6"},
        {"v16", "V=16,QW=8,SW=6"},
        {"v4q16s16", "V=4,QW=16,SW=16"},
        {"v8q16s16", "V=8,QW=16,SW=16"}}},
      // The Simple Bandwidth Table of thesis 003 (Sec. 4.3.2, Algorithm 2; S SLs, one lane per SL,
      // WW-bit remaining weights, the weights W0..W(S-1) in packets). s3_ch2a: Table 2.2's
      // configuration A (60/30/10); s5_ch4: Table 4.9's SBT weights of Ch. 4's five SLs
      // (10/30/50/5/5); s4w4: an SL at weight 1 and one at the maximum, 15; the lanes and weight
      // width of dtable_arbiter s4n8 and drr_arbiter v4 (the area comparison). Inside a network
      // (systemc/rtl/table_sched_socket.h: router.output_scheduler=sbt, the set of qos.sls and
      // qos.sbt_weights): s3_ch2a on the IB and OPA 4-ary 2-trees (qos.sbt_weights=60,30,10),
      // s5_ch4 on Ch. 4's OPA tree (configs/qos-ch4-opa-fattree-4-2.ini).
      {"sbt_scheduler",
       "cosim_sbt_scheduler",
       {"sbt_scheduler.sv", "rr_arb_core.sv"},
       {{"s3_ch2a", "S=3,WW=7,W0=60,W1=30,W2=10"},
        {"s5_ch4", "S=5,WW=7,W0=10,W1=30,W2=50,W3=5,W4=5"},
        {"s4w4", "S=4,WW=4,W0=1,W1=15,W2=2,W3=5"}}},
      // Least-recently-served arbiter (FOGSim's LRS): N=3 the VC arbiter, N=31 the output
      // arbiter of the h8 router. Inside a network (systemc/rtl/, docs/cosim.md "Verilated blocks
      // inside a network"): the Dragonfly routers' VC arbiters (N = the router's most VCs of a
      // port class, the same for h2, h4 and h8: n3 under MIN or OLM 3/2 with 3 injection VCs, n4
      // under VAL or UGAL 4/2) and output arbiters (N = the ports: n7 h2, n15 h4, n31 h8).
      {"lrs_arbiter",
       "cosim_lrs_arbiter",
       {"lrs_arbiter.sv"},
       {{"n3", "N=3"}, {"n7", "N=7"}, {"n31", "N=31"}, {"n4", "N=4"}, {"n15", "N=15"}}},
      // Age arbiter: N requesters with W-bit ages; n31w16 the output arbiter of the h8 router.
      // n3w32, n4w32, n7w32, n15w32, n31w32: the Dragonfly routers' VC arbiters (n3w32, n4w32, as
      // lrs_arbiter's n3, n4) and output arbiters (h2 n7w32, h4 n15w32, h8 n31w32) inside a
      // network (systemc/rtl/), with the 32-bit ages the router feeds its age arbiters
      // (sim/blocks/separable_allocator.h).
      {"age_arbiter",
       "cosim_age_arbiter",
       {"age_arbiter.sv", "rr_arb_core.sv"},
       {{"n3w4", "N=3,W=4"},
        {"n7w8", "N=7,W=8"},
        {"n31w16", "N=31,W=16"},
        {"n3w32", "N=3,W=32"},
        {"n4w32", "N=4,W=32"},
        {"n7w32", "N=7,W=32"},
        {"n15w32", "N=15,W=32"},
        {"n31w32", "N=31,W=32"}}},
      // FlexVC's VC selector of one output port (V VCs, W-bit credits and packet size; MODE 0 jsq,
      // 1 highest, 2 lowest: VcSelection's order). The ports of the h8 router's VC sets of seed
      // 002 Table V and Sec. V (local/global VCs 2/1, 4/2, 8/4): local outputs of 32 phits per VC
      // (W=6) with 2, 4 or 8 VCs, global outputs of 256 (W=9) with 2 or 4 (one VC needs no
      // selector). The first set is JSQ: the mutants run it. v3w6 (jsq, highest, lowest): the local
      // outputs of the h2 FlexVC networks the in-network socket is tested on with 3/2 VCs (VAL,
      // OLM: seed 002 Table III's minimum for their paths; systemc/rtl/, docs/cosim.md "Verilated
      // blocks inside a network"); their global outputs are v2w9, MIN's 2/1 v2w6.
      {"vc_selector",
       "cosim_vc_selector",
       {"vc_selector.sv"},
       {{"v2w6_jsq", "V=2,W=6,MODE=0"},
        {"v2w6_highest", "V=2,W=6,MODE=1"},
        {"v2w6_lowest", "V=2,W=6,MODE=2"},
        {"v4w6_jsq", "V=4,W=6,MODE=0"},
        {"v4w6_highest", "V=4,W=6,MODE=1"},
        {"v4w6_lowest", "V=4,W=6,MODE=2"},
        {"v8w6_jsq", "V=8,W=6,MODE=0"},
        {"v8w6_highest", "V=8,W=6,MODE=1"},
        {"v8w6_lowest", "V=8,W=6,MODE=2"},
        {"v2w9_jsq", "V=2,W=9,MODE=0"},
        {"v2w9_highest", "V=2,W=9,MODE=1"},
        {"v2w9_lowest", "V=2,W=9,MODE=2"},
        {"v4w9_jsq", "V=4,W=9,MODE=0"},
        {"v4w9_highest", "V=4,W=9,MODE=1"},
        {"v4w9_lowest", "V=4,W=9,MODE=2"},
        {"v3w6_jsq", "V=3,W=6,MODE=0"},
        {"v3w6_highest", "V=3,W=6,MODE=1"},
        {"v3w6_lowest", "V=3,W=6,MODE=2"}}},
      // The InfiniBand VL arbiter of thesis 003 Sec. 5.3.1 and 6.2 (V VLs, N entries per table,
      // WW-bit weights and SW-bit packet sizes in 64-B units, LIMIT = LimitOfHighPriority).
      // v4n4l1: Fig. 6.1's example (4 VLs, Limit 1); v4n64l1: Table 6.1's configuration A (64
      // high-priority entries, Limit 1); v16n64l0: the full-size arbiter (16 VLs, 64 + 64 entries)
      // with Limit 0, the tables alternating; v8n8l255: no limit. Inside a network
      // (systemc/rtl/table_sched_socket.h: router.output_scheduler=ib_vlarb; V = the port's VLs
      // and N = the larger table's entries rounded up to powers of two, WW = 8, SW = 7, LIMIT =
      // the table's): v4n64l1 is Ch. 6's trees (configs/qos-ch6-ib-fattree-2-2.ini, Table 6.1's
      // configuration A on 4 VLs), which `netcosim area` prices per output port too.
      {"ib_vl_arbiter",
       "cosim_ib_vl_arbiter",
       {"ib_vl_arbiter.sv", "rr_arb_core.sv"},
       {{"v4n4l1", "V=4,N=4,WW=8,SW=7,LIMIT=1"},
        {"v4n64l1", "V=4,N=64,WW=8,SW=7,LIMIT=1"},
        {"v16n64l0", "V=16,N=64,WW=8,SW=7,LIMIT=0"},
        {"v8n8l255", "V=8,N=8,WW=8,SW=7,LIMIT=255"}}},
      // The IB and OPA switches' port buffer shared by the VLs (sim/blocks/shared_vl_credits.h;
      // thesis 003 Sec. 5.3.1): VLS VLs, W-bit counts, TOTAL flits, VL_MIN and VL_MAX flits per VL
      // as sim/config/qos.cpp's switch_buffers derives them (router.vl_min 0: the largest packet;
      // router.vl_max 0: the whole buffer). v3t24: small, the maximum binding (below the
      // minimum plus the shared part; the mutants run it); v3t256: configs/qos-ib-fattree-4-2.ini
      // (3 VLs, 256 flits, 8-flit
      // packets); v4t256: configs/qos-ib-torus-4x4.ini (4 VLs with the dateline); v7t1792:
      // Ch. 5's fat trees (configs/qos-ch5-ib-fattree-4-3.ini: 7 VLs, 1,792 flits, 2,048-byte
      // packets of 64-byte flits = 32); v14t1792: Ch. 5's tori, 14 VLs with the dateline
      // (configs/qos-ch5-ib-torus-8x8.ini); v8t1024: Ch. 4's OPA tree
      // (configs/qos-ch4-opa-fattree-4-2.ini: 8 VLs, port and output buffers of 1,024 flits, half
      // of the 2,048-flit central buffer, 1,024-byte packets of 64-byte flits = 16); v4t7168: Ch.
      // 6's IB tree (configs/qos-ch6-ib-fattree-2-2.ini: 4 VLs, 7,168 flits, 64-byte packets of
      // 16-byte flits = 4); v3t256m16: Ch. 2's single 48-port switches
      // (configs/qos-ch2-{ib,opa}-switch-48.ini: 3 VLs, 256 flits, 128-byte packets of 8-byte
      // flits = 16). The same sets are the in-network socket's
      // (systemc/rtl/shared_vl_credits_socket.h, one instance per switch buffer): v3t256 is every
      // buffer of the IB and OPA 4-ary 2-trees (port and output buffers of 256 flits, OPA's
      // central buffers half of 512).
      {"shared_vl_credits",
       "cosim_shared_vl_credits",
       {"shared_vl_credits.sv"},
       {{"v3t24", "VLS=3,W=5,TOTAL=24,VL_MIN=2,VL_MAX=12"},
        {"v3t256", "VLS=3,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256"},
        {"v4t256", "VLS=4,W=9,TOTAL=256,VL_MIN=8,VL_MAX=256"},
        {"v7t1792", "VLS=7,W=11,TOTAL=1792,VL_MIN=32,VL_MAX=1792"},
        {"v14t1792", "VLS=14,W=11,TOTAL=1792,VL_MIN=32,VL_MAX=1792"},
        {"v8t1024", "VLS=8,W=11,TOTAL=1024,VL_MIN=16,VL_MAX=1024"},
        {"v4t7168", "VLS=4,W=13,TOTAL=7168,VL_MIN=4,VL_MAX=7168"},
        {"v3t256m16", "VLS=3,W=9,TOTAL=256,VL_MIN=16,VL_MAX=256"}}},
  };
  return blocks;
}

inline const RtlBlock* find_rtl_block(const std::string& name) {
  for (const auto& b : rtl_blocks()) {
    if (name == b.block) return &b;
  }
  return nullptr;
}

inline std::string rtl_block_names() {
  std::string s;
  for (const auto& b : rtl_blocks()) s += (s.empty() ? "" : ", ") + std::string(b.block);
  return s;
}

}  // namespace netcosim::rtl
