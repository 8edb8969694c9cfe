// The blocks and storage of a configured router (router_area.h).
#include "sim/experiment/router_area.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "sim/config/qos.h"
#include "sim/experiment/text_format.h"
#include "sim/router/vl/vl_switch_config.h"
#include "sim/routing/routing.h"
#include "sim/topology/topology.h"
#include "sim/topology/topology_catalog.h"

namespace netcosim::experiment {

uint32_t counter_bits(uint64_t cap) {
  uint32_t w = 1;
  while ((uint64_t{1} << w) <= cap) ++w;
  return w;
}

namespace {

// The smallest power of two >= n and >= 2 (dtable_arbiter's S and N, rtl/dtable_arbiter.sv).
uint32_t pow2_at_least(uint32_t n) {
  uint32_t p = 2;
  while (p < n) p <<= 1;
  return p;
}

// A buffer of `flits` shared dynamically by `vls` VLs (thesis 003 Sec. 5.3.1): one array and its
// VL lists, priced as a DAMQ's (thesis 000 Sec. 5.3.1: a next pointer per flit, a head and a
// tail per VL and for the free list, each of ceil(log2(flits)) bits).
void shared_buffer(RouterAreaPlan& plan, const std::string& what, uint64_t flits, uint32_t vls,
                   uint32_t arrays) {
  const uint64_t w = counter_bits(flits - 1);
  plan.storage.push_back({what, flits * plan.phit_bits, arrays});
  plan.storage.push_back({what + ", VL lists", flits * w + 2 * (vls + 1) * w, arrays});
}

// The InfiniBand and Omni-Path switches (router_area.h; sim/router/ib/ib_switch.h: each line
// names the VlSwitch member it prices).
void plan_switch(const Config& cfg, const Topology& topo, RouterAreaPlan& plan) {
  const VlSwitchConfig c = vl_switch_config(cfg, topo);
  const ServiceLevels q = read_service_levels(cfg);
  const bool opa = plan.architecture == "opa";
  plan.phit_bits = static_cast<uint32_t>(cfg.get_int("link.flit_bytes")) * 8;
  const uint32_t P = c.radix(), V = c.vls, S = c.sls;
  // SBT's block (rtl/sbt_scheduler.sv) serves 2 to 8 SLs, its weights parameters.
  if (c.scheduler.kind == OutputSchedulerKind::Sbt && (S < 2 || S > 8))
    throw ConfigError("router.output_scheduler=sbt with qos.sls=" + std::to_string(S) +
                      ": netcosim area prices SBT's block, sbt_scheduler, for 2 to 8 SLs");
  const std::string sv = std::to_string(V);
  const std::string iter = std::to_string(cfg.get_int("router.allocator_iterations"));
  const uint32_t mports = (P + 3) / 4, central = 2 * mports;  // VlSwitch::kMPortPorts = 4
  // One switch for every place in the network: a port has credit counters if it leads to a switch
  // on some switch (a fat tree's ports 0..k-1 face nodes on level 0 only).
  uint32_t to_switches = 0;
  for (uint32_t p = 0; p < P; ++p) {
    bool faces_switch = false;
    for (uint32_t r = 0; r < topo.routers() && !faces_switch; ++r)
      faces_switch = topo.port_class_of(r, p) != kInjectionClass;
    to_switches += faces_switch ? 1 : 0;
  }
  // The allocators (alloc_; OPA: mport_alloc_, central_alloc_).
  if (!opa) {
    plan.blocks.push_back(
        {"sep_alloc_if",
         "P=" + std::to_string(P) + ",V=" + sv + ",Q=" + std::to_string(P) + ",ITER=" + iter, 1,
         "separable allocator (VA-SA)"});
  } else {
    plan.blocks.push_back({"sep_alloc_if", "P=4,V=" + sv + ",Q=6,ITER=" + iter, mports,
                           "MPort allocator (VA-SA, 4:6)"});
    plan.blocks.push_back(
        {"sep_alloc_if",
         "P=" + std::to_string(central) + ",V=" + sv + ",Q=" + std::to_string(P) + ",ITER=" + iter,
         1, "central allocator (VA-SA)"});
  }
  // The accounting of each buffer shared by the VLs (thesis 003 Sec. 5.3.1; SharedVlCredits,
  // sim/blocks/shared_vl_credits.h): one shared_vl_credits block per buffer at its VLs, flits,
  // guaranteed minimum and maximum per VL (W: the bits of TOTAL), for the downstream input
  // buffers (credits_), the switch's own output buffers (out_space_) and central buffers
  // (central_space_).
  // The parameters are model::shared_vl_rtl_params's, the in-network socket's sets.
  const auto shared = [&](const model::SharedVlBuffer& b, uint32_t count, const std::string& role) {
    plan.blocks.push_back(
        {"shared_vl_credits", model::shared_vl_rtl_params(b).text(), count, role});
  };
  if (to_switches > 0) shared(c.in_buffer, to_switches, "downstream credits, outputs to switches");
  shared(c.out_buffer, P, "output buffer space, shared by the VLs");
  if (opa) shared(c.central_buffer, central, "central buffer space, shared by the VLs");
  // Each NIC's credits of the switch's input buffer its link feeds (VlSwitch::nic_credits_,
  // consumed by the NIC's injections and given back by the switch: the same shared accounting,
  // thesis 003 Sec. 5.3.1's credit-based flow control on the NIC's link): the socket's nic<p>,
  // at the input buffer's set.
  plan.nic_blocks.push_back({"shared_vl_credits", model::shared_vl_rtl_params(c.in_buffer).text(),
                             1, "NIC: credits, switch input buffer"});
  // The output schedulers (sched_), one per output port; rr and dtable choose among an SL's VLs
  // on the port (the VLs of its candidates on the port's class) with a round-robin arbiter each.
  std::map<uint32_t, uint32_t> vl_arbiters;  // VLs of an SL on a port -> arbiters
  size_t most_candidates = 1;                // next_candidate_'s range
  for (uint32_t o = 0; o < P; ++o) {
    for (uint32_t s = 0; s < S; ++s) {
      uint32_t vls = 0;
      for (uint32_t j = 0; j < kMaxRoutingVcs; ++j) {
        const auto& cand = c.plan.candidates[c.classes[o]][s][j];
        most_candidates = std::max(most_candidates, cand.size());
        for (const uint8_t vl : cand) vls |= 1u << vl;
      }
      const uint32_t n = static_cast<uint32_t>(__builtin_popcount(vls));
      if (n > 1) ++vl_arbiters[n];
    }
  }
  const std::string sched = cfg.get_str("router.output_scheduler");
  if (sched == "rr" && S > 1)
    plan.blocks.push_back(
        {"rr_arbiter", "N=" + std::to_string(S), P, "output scheduler, round robin over SLs"});
  if (sched == "dtable") {
    const model::DTableParams& d = c.dtable_params;
    const uint32_t ds = pow2_at_least(S), dn = pow2_at_least(c.dtable->size());
    plan.blocks.push_back({"dtable_arbiter",
                           "S=" + std::to_string(ds) + ",N=" + std::to_string(dn) + ",WW=" +
                               std::to_string(d.weight_bits) + ",AW=" + std::to_string(d.acc_bits) +
                               ",SW=" + std::to_string(d.size_bits),
                           P, "output scheduler, DTable"});
    // The RTL holds its table; OPA's is one per device (thesis 003 Sec. 5.4.2).
    const uint64_t table = uint64_t{dn} * (counter_bits(ds - 1) + d.weight_bits);
    if (opa) {
      char note[320];
      std::snprintf(note, sizeof note,
                    "DTable: each dtable_arbiter holds its table (%u entries, %llu bits); OPA has "
                    "one per device (thesis 003 Sec. 5.4.2), so %u copies (%llu bits) are counted "
                    "in excess",
                    dn, static_cast<unsigned long long>(table), P - 1,
                    static_cast<unsigned long long>(table * (P - 1)));
      plan.notes.push_back(note);
    }
  }
  // DRR (docs/model.md §10.5): a drr_arbiter per output port at the switch's lanes and widths
  // (VlSwitchConfig::drr_params_for); it holds its quanta and deficits.
  if (sched == "drr") {
    const model::DrrParams& d = c.drr_params;
    plan.blocks.push_back({"drr_arbiter",
                           "V=" + std::to_string(d.vls) + ",QW=" + std::to_string(d.quantum_bits) +
                               ",SW=" + std::to_string(d.size_bits),
                           P, "output scheduler, DRR"});
  }
  // SBT (thesis 003 Algorithm 2, Table 4.2's per-switch table): an sbt_scheduler per output port
  // with the SLs' weights (qos.sbt_weights, packets) as its parameters, WW the widest weight's
  // bits.
  if (sched == "sbt") {
    const std::vector<uint32_t>& w = c.scheduler.sbt_weights;
    std::string params = "S=" + std::to_string(S) + ",WW=" +
                         std::to_string(counter_bits(*std::max_element(w.begin(), w.end())));
    for (uint32_t sl = 0; sl < S; ++sl)
      params += ",W" + std::to_string(sl) + "=" + std::to_string(w[sl]);
    plan.blocks.push_back({"sbt_scheduler", params, P, "output scheduler, SBT"});
  }
  if (sched == "rr" || sched == "dtable" || sched == "drr" || sched == "sbt")
    for (const auto& [n, count] : vl_arbiters)
      plan.blocks.push_back({"rr_arbiter", "N=" + std::to_string(n), count,
                             "output scheduler, round robin over an SL's VLs"});
  // Storage, at the flits of the links.
  shared_buffer(plan, "input buffer per port", c.in_buffer.total_phits, V, P);
  if (opa)
    shared_buffer(plan, "central buffer, 2 per MPort", c.central_buffer.total_phits, V, central);
  shared_buffer(plan, "output buffer per port", c.out_buffer.total_phits, V, P);
  // The IB VL arbiter (thesis 003 Sec. 5.3.1, 6.2): an ib_vl_arbiter per output port
  // (IbVlArbScheduler, sim/router/vl/table_schedulers.h), which holds both tables, at the
  // configured tables' shape: V the port's VLs and N the larger table's entries, each rounded up
  // to a power of two (the RTL's indexes), WW = 8 (IB's weights), SW = 7 bits of 64-B units (IB's
  // largest MTU, 4,096 B = 64 units; more when an atomic message is larger), LIMIT the table's
  // LimitOfHighPriority; the set the in-network socket runs (systemc/rtl/rtl_attach.cpp).
  if (sched == "ib_vlarb") {
    const auto& t = c.scheduler.table;
    uint32_t max_phits = c.max_unit_phits;
    for (uint32_t s = 0; s < S; ++s) max_phits = std::max(max_phits, c.phits[s]);
    const uint32_t units = max_phits / c.scheduler.flits_per_unit;
    uint32_t sw = 7;
    while ((uint64_t{1} << sw) <= units) ++sw;
    const uint32_t n = pow2_at_least(static_cast<uint32_t>(std::max(t.high.size(), t.low.size())));
    plan.blocks.push_back({"ib_vl_arbiter",
                           "V=" + std::to_string(pow2_at_least(V)) + ",N=" + std::to_string(n) +
                               ",WW=8,SW=" + std::to_string(sw) +
                               ",LIMIT=" + std::to_string(t.limit),
                           P, "output scheduler, IB VL arbiter (its two tables)"});
  }
  // The mapping tables, one copy per switch (VlSwitchConfig::plan): IB's SL2VL as a VL mask per
  // SL (qos.sl2vl), OPA's SL2SC as an SC mask per SL over the 32 SCs and SC2VL as a 4-bit VL per
  // SC (qos.sl2sc, qos.sc2vl; thesis 003 Sec. 2.3, Table 2.2).
  if (!opa) {
    plan.storage.push_back({"SL2VL table", uint64_t{S} * V, 1});
  } else {
    plan.storage.push_back({"SL2SC table", uint64_t{S} * kMaxScs, 1});
    plan.storage.push_back({"SC2VL table", uint64_t{q.sc2vl.size()} * 4, 1});
  }
  // next_candidate_: the round-robin pointer of each (output port, SL) among its VLs.
  if (most_candidates > 1)
    plan.storage.push_back({"VL round-robin pointers, per output port and SL",
                            uint64_t{P} * S * counter_bits(most_candidates - 1), 1});
}

}  // namespace

RouterAreaPlan plan_router_area(const Config& cfg, uint32_t phit_bits) {
  validate_config(cfg);
  const std::unique_ptr<Topology> topo = topology_entry(cfg.get_str("topology.type"))->make(cfg);
  RouterAreaPlan plan;
  plan.architecture = cfg.get_str("router.architecture");
  plan.topology = topo->describe();
  plan.routers = topo->routers();
  plan.radix = topo->router_radix();
  plan.phit_bits = phit_bits;
  plan.nics = topo->nodes();
  if (plan.architecture == "ib" || plan.architecture == "opa") {
    plan_switch(cfg, *topo, plan);
    return plan;
  }
  if (plan.architecture != "cioq")
    throw ConfigError("router.architecture=" + plan.architecture +
                      ": netcosim area has per-router plans for cioq, ib and opa");
  const SensorNeeds needs = make_routing(cfg, *topo)->sensor_needs();
  const auto& names = topo->port_class_names();
  std::vector<uint32_t> ports(names.size(), 0);
  for (uint32_t p = 0; p < plan.radix; ++p) ++ports[topo->port_class_of(0, p)];
  const auto vcs = [&](size_t c) {
    return static_cast<uint32_t>(cfg.get_int("router.vcs_" + names[c]));
  };
  const auto buffer = [&](size_t c) {
    return static_cast<uint64_t>(cfg.get_int("router.buffer_" + names[c]));
  };
  const uint32_t p = plan.radix;
  uint32_t max_vcs = 1;
  for (size_t c = 0; c < names.size(); ++c)
    if (ports[c] > 0) max_vcs = std::max(max_vcs, vcs(c));
  const std::string sp = std::to_string(p);
  plan.blocks.push_back({"sep_alloc_if",
                         "P=" + sp + ",V=" + std::to_string(max_vcs) + ",Q=" + sp +
                             ",ITER=" + std::to_string(cfg.get_int("router.allocator_iterations")),
                         1, "separable allocator"});
  const bool flexvc = cfg.get_str("router.vc_management") == "flexvc";
  const std::map<std::string, int> mode = {{"jsq", 0}, {"highest", 1}, {"lowest", 2}};
  for (size_t c = 1; c < names.size(); ++c) {
    if (ports[c] == 0) continue;
    const uint64_t cap = buffer(c);
    const std::string w = std::to_string(counter_bits(cap));
    plan.blocks.push_back(
        {"credit_counter",
         "V=" + std::to_string(vcs(c)) + ",W=" + w + ",CAP=" + std::to_string(cap), ports[c],
         "credit counter, " + names[c] + " outputs"});
    const auto m = mode.find(cfg.get_str("router.vc_selection"));
    if (flexvc && vcs(c) > 1 && m == mode.end())
      throw ConfigError("router.vc_selection=" + cfg.get_str("router.vc_selection") +
                        ": the VC selector has RTL for jsq, highest and lowest only "
                        "(rtl/vc_selector.sv)");
    if (flexvc && vcs(c) > 1)
      plan.blocks.push_back(
          {"vc_selector",
           "V=" + std::to_string(vcs(c)) + ",W=" + w + ",MODE=" + std::to_string(m->second),
           ports[c], "VC selector, " + names[c] + " outputs"});
  }
  // The NIC's credits of its router's injection buffer (CioqRouter::nic_credits_: the router's
  // credit model at the injection class's VCs and buffer per VC; thesis 000 Sec. 1.6.3's
  // credit-based flow control on the injection link), priced as the router's credit counters.
  {
    const uint64_t cap = buffer(kInjectionClass);
    plan.nic_blocks.push_back({"credit_counter",
                               "V=" + std::to_string(vcs(kInjectionClass)) +
                                   ",W=" + std::to_string(counter_bits(cap)) +
                                   ",CAP=" + std::to_string(cap),
                               1, "NIC: credits, injection buffer"});
  }
  if (needs.contention)
    plan.blocks.push_back({"contention_counters", "Q=" + sp + ",W=8,N=" + std::to_string(2 * p), 1,
                           "contention counters"});
  // DAMQ (thesis 000 Sec. 5.3.1): one shared array per input port, and its linked lists (thesis
  // 000 Sec. 5.3.1's overhead: a next pointer per phit of ceil(log2(phits)) bits, "576 bytes
  // (14%)" for 512 phits), with a head and a tail pointer per VC and for the free list.
  const bool damq = cfg.get_str("router.buffer_model") == "damq";
  for (size_t c = 0; c < names.size(); ++c) {
    if (ports[c] == 0) continue;
    if (damq) {
      const uint64_t phits = buffer(c) * vcs(c);
      const uint64_t w = counter_bits(phits - 1);
      plan.storage.push_back(
          {"input buffer per port (DAMQ), " + names[c] + " ports", phits * phit_bits, ports[c]});
      plan.storage.push_back({"DAMQ pointers per port, " + names[c] + " ports",
                              phits * w + 2 * (vcs(c) + 1) * w, ports[c]});
    } else {
      plan.storage.push_back({"input buffer per VC, " + names[c] + " ports", buffer(c) * phit_bits,
                              ports[c] * vcs(c)});
    }
  }
  // ECtN (seed 001 Sec. III-C, VI-B): a partial counter per destination group, the partial
  // arrays received from the other routers of the group and the combined counters. A partial
  // counter saturates at routing.ectn_threshold (thc) without changing a decision (a combined
  // count reaches thc as soon as one partial does), so it has the bits of thc: 4 for the seed's
  // thc = 10 ("10 <= 2^4"); a combined counter sums the group's a partials.
  if (needs.ectn) {
    const uint64_t groups = topo->partitions(), a = topo->partition_size(0);
    const uint64_t thc = static_cast<uint64_t>(cfg.get_int("routing.ectn_threshold"));
    const uint64_t wp = counter_bits(thc), wc = counter_bits(a * thc);
    plan.storage.push_back({"ECtN partial counters", (groups - 1) * wp, 1});
    plan.storage.push_back(
        {"ECtN partials received from the group", (groups - 1) * wp, static_cast<uint32_t>(a - 1)});
    plan.storage.push_back({"ECtN combined counters", (groups - 1) * wc, 1});
    const uint64_t period = static_cast<uint64_t>(cfg.get_int("routing.ectn_period"));
    char note[256];
    std::snprintf(
        note, sizeof note,
        "ECtN broadcast: %llu bits per %llu cycles on each local link, %.2f%% of a link "
        "of %u-bit phits (seed 001 Sec. VI-B: 512 bits, about 6%%)",
        static_cast<unsigned long long>((groups - 1) * wp), static_cast<unsigned long long>(period),
        100.0 * static_cast<double>((groups - 1) * wp) / static_cast<double>(period * phit_bits),
        phit_bits);
    plan.notes.push_back(note);
  }
  plan.storage.push_back({"output buffer per port",
                          static_cast<uint64_t>(cfg.get_int("router.buffer_output")) * phit_bits,
                          p});
  return plan;
}

}  // namespace netcosim::experiment

namespace netcosim::experiment {

namespace {

// (role, NAND2 equivalents per router) of every block and storage line of a report.
std::vector<std::pair<std::string, double>> parts_nand2(const RouterAreaReport& r) {
  std::vector<std::pair<std::string, double>> v;
  for (size_t i = 0; i < r.plan.blocks.size(); ++i)
    v.emplace_back(r.plan.blocks[i].role, r.rows[i].nand2 * r.plan.blocks[i].count);
  for (const StorageUse& s : r.plan.storage)
    v.emplace_back(s.role, r.memory.um2(s.bits) * s.arrays / MemoryModel::kNand2Um2);
  return v;
}

}  // namespace

double RouterAreaReport::logic_nand2() const {
  double n = 0;
  for (size_t i = 0; i < plan.blocks.size(); ++i) n += rows[i].nand2 * plan.blocks[i].count;
  return n;
}

double RouterAreaReport::nic_nand2() const {
  double n = 0;
  for (size_t i = 0; i < plan.nic_blocks.size(); ++i)
    n += nic_rows[i].nand2 * plan.nic_blocks[i].count;
  return n;
}

double RouterAreaReport::storage_um2() const {
  double a = 0;
  for (const StorageUse& s : plan.storage) a += memory.um2(s.bits) * s.arrays;
  return a;
}

std::string router_area_text(const RouterAreaReport& r) {
  const double k = MemoryModel::kNand2Um2;
  char buf[512];
  const bool cioq = r.plan.architecture == "cioq";
  std::string t =
      r.config + ": " + r.plan.topology + ", " + std::to_string(r.plan.routers) +
      (cioq ? " routers" : " switches (router.architecture=" + r.plan.architecture + ")") +
      " of radix " + std::to_string(r.plan.radix) + (cioq ? ", phits of " : ", flits of ") +
      std::to_string(r.phit_bits) + " bits\n";
  std::snprintf(buf, sizeof buf, "%-40s %-30s %7s %14s %14s %14s\n", "part", "block / array",
                "count", "NAND2 eq. each", "NAND2 eq.", "um2");
  t += buf;
  // One line per block use with its synthesized figures (the router's and the NIC's lists).
  const auto block_lines = [&](const std::vector<BlockUse>& uses, const std::vector<AreaRow>& rows,
                               const std::vector<bool>& cached) {
    for (size_t i = 0; i < uses.size(); ++i) {
      const BlockUse& b = uses[i];
      const double each = rows[i].nand2;
      std::snprintf(buf, sizeof buf, "%-40s %-30s %7u %14s %14s %14s%s\n", b.role.c_str(),
                    (b.block + " " + b.params).c_str(), b.count, group_digits(each).c_str(),
                    group_digits(each * b.count).c_str(), group_digits(each * b.count * k).c_str(),
                    cached[i] ? "  (cached)" : "");
      t += buf;
    }
  };
  block_lines(r.plan.blocks, r.rows, r.cached);
  for (const StorageUse& s : r.plan.storage) {
    const double um2 = r.memory.um2(s.bits) * s.arrays;
    std::snprintf(buf, sizeof buf, "%-40s %-30s %7u %14s %14s %14s\n", s.role.c_str(),
                  (group_digits(static_cast<double>(s.bits)) + " bits, " +
                   (r.memory.register_file(s.bits) ? "flip-flops" : "SRAM"))
                      .c_str(),
                  s.arrays, group_digits(r.memory.um2(s.bits) / k).c_str(),
                  group_digits(um2 / k).c_str(), group_digits(um2).c_str());
    t += buf;
  }
  const double logic = r.logic_nand2(), storage = r.storage_um2() / k;
  std::snprintf(buf, sizeof buf,
                "router: logic %s, storage %s, total %s NAND2 eq. (%s um2, %.3f mm2)\n",
                group_digits(logic).c_str(), group_digits(storage).c_str(),
                group_digits(logic + storage).c_str(), group_digits(r.router_um2()).c_str(),
                r.router_um2() / 1e6);
  t += buf;
  // The NIC's blocks, per NIC (not part of the router; the network counts them).
  block_lines(r.plan.nic_blocks, r.nic_rows, r.nic_cached);
  const double nic = r.nic_nand2(), routers = static_cast<double>(r.plan.routers);
  std::snprintf(buf, sizeof buf,
                "NIC: logic %s NAND2 eq. (%s um2)\n"
                "network (%llu routers, %llu NICs): %s x %s + %s x %s = %s NAND2 eq. (%.1f mm2)\n",
                group_digits(nic).c_str(), group_digits(nic * k).c_str(),
                static_cast<unsigned long long>(r.plan.routers),
                static_cast<unsigned long long>(r.plan.nics), group_digits(routers).c_str(),
                group_digits(logic + storage).c_str(),
                group_digits(static_cast<double>(r.plan.nics)).c_str(), group_digits(nic).c_str(),
                group_digits(r.network_nand2()).c_str(), r.network_um2() / 1e6);
  t += buf;
  for (const std::string& n : r.plan.notes) t += n + "\n";
  return t + "45 nm: NAND2 = 0.798 um2; arrays of at most " + std::to_string(r.memory.rf_max_bits) +
         " bits as flip-flops, larger ones as SRAM (docs/area.md \"Per router "
         "configuration\")\n";
}

nlohmann::ordered_json router_area_json(const RouterAreaReport& r) {
  const double k = MemoryModel::kNand2Um2;
  nlohmann::ordered_json j;
  j["config"] = r.config;
  j["architecture"] = r.plan.architecture;
  j["topology"] = r.plan.topology;
  j["routers"] = r.plan.routers;
  j["radix"] = r.plan.radix;
  j["phit_bits"] = r.phit_bits;
  j["technology_nm"] = 45;
  j["nand2_um2"] = k;
  // One JSON row per block use with its synthesized figures (the router's and the NIC's lists).
  const auto block_rows = [](const std::vector<BlockUse>& uses, const std::vector<AreaRow>& rows,
                             const std::vector<bool>& cached) {
    auto a = nlohmann::ordered_json::array();
    for (size_t i = 0; i < uses.size(); ++i) {
      const BlockUse& b = uses[i];
      auto& o = a.emplace_back();
      o["role"] = b.role;
      o["block"] = b.block;
      o["params"] = b.params;
      o["count"] = b.count;
      o["nand2_each"] = rows[i].nand2;
      o["flip_flops_each"] = rows[i].flip_flops;
      o["depth"] = rows[i].depth;
      o["nand2"] = rows[i].nand2 * b.count;
      o["cached"] = static_cast<bool>(cached[i]);
    }
    return a;
  };
  j["blocks"] = block_rows(r.plan.blocks, r.rows, r.cached);
  j["storage"] = nlohmann::ordered_json::array();
  for (const StorageUse& s : r.plan.storage) {
    auto& o = j["storage"].emplace_back();
    o["role"] = s.role;
    o["bits"] = s.bits;
    o["arrays"] = s.arrays;
    o["kind"] = r.memory.register_file(s.bits) ? "flip-flops" : "sram";
    o["um2"] = r.memory.um2(s.bits) * s.arrays;
    o["nand2"] = r.memory.um2(s.bits) * s.arrays / k;
  }
  const double logic = r.logic_nand2(), storage = r.storage_um2() / k;
  j["router"] = {{"logic_nand2", logic},
                 {"storage_nand2", storage},
                 {"nand2", logic + storage},
                 {"um2", r.router_um2()}};
  // One NIC's blocks (not part of the router) and the network: the routers and the NICs.
  j["nics"] = r.plan.nics;
  auto& nic = j["nic"];
  nic["blocks"] = block_rows(r.plan.nic_blocks, r.nic_rows, r.nic_cached);
  nic["nand2"] = r.nic_nand2();
  nic["um2"] = r.nic_nand2() * k;
  const double routers = static_cast<double>(r.plan.routers);
  const double nics = static_cast<double>(r.plan.nics);
  j["network"] = {{"routers_nand2", (logic + storage) * routers},
                  {"nics_nand2", r.nic_nand2() * nics},
                  {"nand2", r.network_nand2()},
                  {"um2", r.network_um2()}};
  j["notes"] = r.plan.notes;
  return j;
}

std::string router_area_compare_text(const RouterAreaReport& a, const RouterAreaReport& b) {
  char buf[512];
  std::string t;
  std::snprintf(buf, sizeof buf, "%-40s %16s %16s %8s\n", "NAND2 eq. per router", "A", "B",
                "B / A");
  t += "A: " + a.config + "\nB: " + b.config + "\n" + buf;
  const auto pa = parts_nand2(a), pb = parts_nand2(b);
  std::vector<std::string> roles;
  for (const auto& p : pa) roles.push_back(p.first);
  for (const auto& p : pb)
    if (std::find(roles.begin(), roles.end(), p.first) == roles.end()) roles.push_back(p.first);
  const auto value = [](const std::vector<std::pair<std::string, double>>& v,
                        const std::string& role) {
    double n = 0;
    for (const auto& p : v)
      if (p.first == role) n += p.second;
    return n;
  };
  const auto line = [&](const std::string& role, double x, double y) {
    const std::string ratio = x > 0 ? [&] {
      char r[32];
      std::snprintf(r, sizeof r, "%.3f", y / x);
      return std::string(r);
    }()
                                    : std::string("-");
    std::snprintf(buf, sizeof buf, "%-40s %16s %16s %8s\n", role.c_str(), group_digits(x).c_str(),
                  group_digits(y).c_str(), ratio.c_str());
    t += buf;
  };
  for (const auto& role : roles) line(role, value(pa, role), value(pb, role));
  const double k = MemoryModel::kNand2Um2;
  line("router logic", a.logic_nand2(), b.logic_nand2());
  line("router storage", a.storage_um2() / k, b.storage_um2() / k);
  line("router", a.router_um2() / k, b.router_um2() / k);
  line("NIC (one per node)", a.nic_nand2(), b.nic_nand2());
  line("network", a.network_nand2(), b.network_nand2());
  return t;
}

}  // namespace netcosim::experiment
