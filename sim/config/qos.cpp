#include "sim/config/qos.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "sim/config/strategy_catalog.h"

namespace netcosim {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

// "a, b ,c" -> {"a", "b", "c"}; "" -> {}.
std::vector<std::string> split_list(const std::string& text, char sep) {
  std::vector<std::string> out;
  if (trim(text).empty()) return out;
  std::istringstream is(text);
  std::string item;
  while (std::getline(is, item, sep)) out.push_back(trim(item));
  if (!text.empty() && text.back() == sep) out.push_back("");
  return out;
}

// One entry per SL, or a ConfigError naming the key.
std::vector<std::string> per_sl_list(const Config& c, const char* key, uint32_t sls) {
  const std::vector<std::string> items = split_list(c.get_str(key), ',');
  if (items.size() != sls)
    throw ConfigError(std::string(key) + "=" + quote_value(c.get_str(key)) + ": needs " +
                      std::to_string(sls) + " comma-separated entries, one per service level " +
                      "(qos.sls=" + std::to_string(sls) + "); it has " +
                      std::to_string(items.size()));
  return items;
}

bool parse_uint(const std::string& s, uint64_t& out) {
  if (s.empty() || s.size() > 12) return false;
  for (const char ch : s)
    if (ch < '0' || ch > '9') return false;
  out = std::stoull(s);
  return true;
}

uint32_t uint_entry(const Config& c, const char* key, const std::string& item, uint64_t lo,
                    uint64_t hi, const char* what) {
  uint64_t v = 0;
  if (!parse_uint(item, v) || v < lo || v > hi)
    throw ConfigError(std::string(key) + "=" + quote_value(c.get_str(key)) + ": entry '" +
                      quote_value(item) + "' must be an integer in [" + std::to_string(lo) + ", " +
                      std::to_string(hi) + "] (" + what + ")");
  return static_cast<uint32_t>(v);
}

// Space-separated integers of one SL's entry ("0 1").
std::vector<uint32_t> uint_set(const Config& c, const char* key, const std::string& item,
                               uint64_t hi, const char* what) {
  std::vector<uint32_t> out;
  std::istringstream is(item);
  std::string w;
  while (is >> w) out.push_back(uint_entry(c, key, w, 0, hi, what));
  if (out.empty())
    throw ConfigError(std::string(key) + "=" + quote_value(c.get_str(key)) +
                      ": every service level needs at least one entry (" + what + ")");
  return out;
}

// A size in bytes that must be a positive multiple of the flit.
uint32_t flits_of(const Config& c, const char* key, const std::string& item, uint32_t flit) {
  const uint32_t bytes = uint_entry(c, key, item, 1, 1u << 24, "bytes");
  if (bytes % flit != 0)
    throw ConfigError(std::string(key) + "=" + quote_value(c.get_str(key)) + ": " +
                      std::to_string(bytes) + " bytes is not a whole number of flits " +
                      "(link.flit_bytes=" + std::to_string(flit) + ")");
  return bytes / flit;
}

bool is_architecture(const Config& c, const char* name) {
  return c.get_str("router.architecture") == name;
}

const char* const kQosKeys[] = {"qos.sl_names",    "qos.inject_share", "qos.message_size",
                                "qos.sl_mtu",      "qos.pattern",      "qos.sl2sc",
                                "qos.sc2vl",       "qos.sl2vl",        "qos.vls",
                                "qos.sbt_weights", "qos.table",        "qos.backlogged",
                                "qos.nic_queues",  "qos.drr_quantum",  "qos.atomic_messages"};

// qos.sl2vl_<class> or qos.sc2vl_<class> (docs/model.md §10.1).
bool is_class_mapping_key(const std::string& k) {
  return k.rfind("qos.sl2vl_", 0) == 0 || k.rfind("qos.sc2vl_", 0) == 0;
}

}  // namespace

double cycle_ns(const Config& c) {
  const double set = c.get_float("sim.cycle_ns");
  if (set > 0) return set;
  return double(c.get_int("link.flit_bytes")) / c.get_float("link.bandwidth");
}

ServiceLevels read_service_levels(const Config& c) {
  ServiceLevels q;
  q.sls = static_cast<uint32_t>(c.get_int("qos.sls"));
  q.flit_bytes = static_cast<uint32_t>(c.get_int("link.flit_bytes"));
  q.cycle_ns = cycle_ns(c);
  if (q.sls == 0) return q;
  const uint32_t n = q.sls;
  const bool cioq = is_architecture(c, "cioq");
  const uint32_t packet_flits = static_cast<uint32_t>(c.get_int("packet.size"));
  // Names.
  if (c.is_explicit("qos.sl_names")) {
    q.names = per_sl_list(c, "qos.sl_names", n);
    for (size_t s = 0; s < n; ++s) {
      const std::string& nm = q.names[s];
      const bool ok =
          !nm.empty() && nm.size() <= 16 && std::all_of(nm.begin(), nm.end(), [](char ch) {
            return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
                   (ch >= '0' && ch <= '9') || ch == '_';
          });
      if (!ok)
        throw ConfigError("qos.sl_names=" + quote_value(c.get_str("qos.sl_names")) + ": name '" +
                          quote_value(nm) + "' must be 1 to 16 letters, digits or _");
      for (size_t t = 0; t < s; ++t)
        if (q.names[t] == nm)
          throw ConfigError("qos.sl_names=" + quote_value(c.get_str("qos.sl_names")) + ": name '" +
                            nm + "' given twice");
    }
  } else {
    for (uint32_t s = 0; s < n; ++s) q.names.push_back("SL" + std::to_string(s));
  }
  // Injection shares.
  if (c.is_explicit("qos.inject_share")) {
    double sum = 0;
    for (const std::string& item : per_sl_list(c, "qos.inject_share", n)) {
      char* end = nullptr;
      const double v = std::strtod(item.c_str(), &end);
      if (item.empty() || *end != '\0' || !std::isfinite(v) || v < 0 || v > 1)
        throw ConfigError("qos.inject_share=" + quote_value(c.get_str("qos.inject_share")) +
                          ": entry '" + quote_value(item) + "' must be a number in [0, 1]");
      q.share.push_back(v);
      sum += v;
    }
    if (std::fabs(sum - 1.0) > 1e-9)
      throw ConfigError("qos.inject_share=" + quote_value(c.get_str("qos.inject_share")) +
                        ": the shares of traffic.load must sum to 1 (they sum to " +
                        format_limit(sum) + ")");
  } else {
    q.share.assign(n, 1.0 / n);
  }
  // MTU: the CIOQ router's packets all have packet.size phits.
  if (c.is_explicit("qos.sl_mtu")) {
    if (cioq)
      throw ConfigError("qos.sl_mtu=" + quote_value(c.get_str("qos.sl_mtu")) +
                        ": applies to the InfiniBand and Omni-Path switches only; with "
                        "router.architecture=cioq every packet has packet.size=" +
                        std::to_string(packet_flits) + " flits");
    for (const std::string& item : per_sl_list(c, "qos.sl_mtu", n))
      q.mtu_flits.push_back(flits_of(c, "qos.sl_mtu", item, q.flit_bytes));
  } else {
    q.mtu_flits.assign(n, packet_flits);
  }
  if (c.is_explicit("qos.message_size")) {
    const std::vector<std::string> items = per_sl_list(c, "qos.message_size", n);
    for (uint32_t s = 0; s < n; ++s) {
      const uint32_t f = flits_of(c, "qos.message_size", items[s], q.flit_bytes);
      if (f % q.mtu_flits[s] != 0)
        throw ConfigError("qos.message_size=" + quote_value(c.get_str("qos.message_size")) +
                          ": SL " + q.names[s] + "'s message of " + std::to_string(f) +
                          " flits is not a whole number of its packets of " +
                          std::to_string(q.mtu_flits[s]) + " flits (" +
                          (cioq ? "packet.size" : "qos.sl_mtu") + ")");
      q.message_flits.push_back(f);
    }
  } else {
    q.message_flits = q.mtu_flits;
  }
  // Patterns.
  if (c.is_explicit("qos.pattern")) {
    for (const std::string& item : per_sl_list(c, "qos.pattern", n)) {
      SlPattern p;
      if (!sl_pattern_of(item, p))
        throw ConfigError("qos.pattern=" + quote_value(c.get_str("qos.pattern")) + ": entry '" +
                          quote_value(item) + "': allowed values are " + sl_pattern_names());
      q.pattern.push_back(p);
    }
  } else {
    q.pattern.assign(n, SlPattern::Uniform);
  }
  q.backlogged = c.get_bool("qos.backlogged");
  q.nic_per_sl = c.get_str("qos.nic_queues") == "per_sl";
  q.atomic_messages = c.get_bool("qos.atomic_messages");
  // Mapping tables (the switches'; validate_qos refuses them for the CIOQ router).
  if (c.is_explicit("qos.sl2sc")) {
    const std::vector<std::string> items = per_sl_list(c, "qos.sl2sc", n);
    std::vector<int> owner(kMaxScs, -1);
    for (uint32_t s = 0; s < n; ++s) {
      q.sl2sc.push_back(uint_set(c, "qos.sl2sc", items[s], kMaxScs - 1, "SCs 0 to 31"));
      for (const uint32_t sc : q.sl2sc.back()) {
        if (sc == kReservedSc)
          throw ConfigError("qos.sl2sc=" + quote_value(c.get_str("qos.sl2sc")) +
                            ": SC15 is reserved for fabric management (Omni-Path); SL " +
                            q.names[s] + " may not use it");
        if (owner[sc] >= 0)
          throw ConfigError("qos.sl2sc=" + quote_value(c.get_str("qos.sl2sc")) + ": SC" +
                            std::to_string(sc) + " is given to SL " + q.names[owner[sc]] +
                            " and to SL " + q.names[s] + "; an SC belongs to one SL");
        owner[sc] = static_cast<int>(s);
      }
    }
  } else {
    for (uint32_t s = 0; s < n; ++s) q.sl2sc.push_back({s < kReservedSc ? s : s + 1});
  }
  uint32_t max_sc = 0;
  for (const auto& scs : q.sl2sc)
    for (const uint32_t sc : scs) max_sc = std::max(max_sc, sc);
  if (c.is_explicit("qos.sc2vl")) {
    for (const std::string& item : split_list(c.get_str("qos.sc2vl"), ','))
      q.sc2vl.push_back(uint_entry(c, "qos.sc2vl", item, 0, kMaxVls - 1, "VLs 0 to 15"));
    if (q.sc2vl.size() <= max_sc)
      throw ConfigError("qos.sc2vl=" + quote_value(c.get_str("qos.sc2vl")) + ": SC" +
                        std::to_string(max_sc) + " (qos.sl2sc) has no VL: the table needs " +
                        std::to_string(max_sc + 1) + " entries, one per SC from SC0");
  } else {
    // The SCs in the order qos.sl2sc lists them get VLs 0, 1, 2, ...
    q.sc2vl.assign(max_sc + 1, 0);
    uint32_t vl = 0;
    for (const auto& scs : q.sl2sc)
      for (const uint32_t sc : scs) q.sc2vl[sc] = std::min(vl++, kMaxVls - 1);
  }
  if (c.is_explicit("qos.sl2vl")) {
    for (const std::string& item : per_sl_list(c, "qos.sl2vl", n))
      q.sl2vl.push_back(uint_set(c, "qos.sl2vl", item, kMaxVls - 1, "VLs 0 to 15"));
  } else {
    for (uint32_t s = 0; s < n; ++s) q.sl2vl.push_back({std::min(s, kMaxVls - 1)});
  }
  // Per port class (docs/model.md §10.1): qos.sl2vl_<class>, qos.sc2vl_<class>, checked as the
  // network-wide tables (validate_topology_and_traffic refuses a class the topology lacks).
  const std::vector<const char*>& classes =
      topology_entry(c.get_str("topology.type"))->port_classes;
  for (size_t k = 0; k < classes.size() && k < kMaxPortClasses; ++k) {
    const std::string ib_key = std::string("qos.sl2vl_") + classes[k];
    if (c.is_explicit(ib_key))
      for (const std::string& item : per_sl_list(c, ib_key.c_str(), n))
        q.sl2vl_of_class[k].push_back(
            uint_set(c, ib_key.c_str(), item, kMaxVls - 1, "VLs 0 to 15"));
    const std::string opa_key = std::string("qos.sc2vl_") + classes[k];
    if (c.is_explicit(opa_key)) {
      for (const std::string& item : split_list(c.get_str(opa_key), ','))
        q.sc2vl_of_class[k].push_back(
            uint_entry(c, opa_key.c_str(), item, 0, kMaxVls - 1, "VLs 0 to 15"));
      if (q.sc2vl_of_class[k].size() <= max_sc)
        throw ConfigError(opa_key + "=" + quote_value(c.get_str(opa_key)) + ": SC" +
                          std::to_string(max_sc) + " (qos.sl2sc) has no VL: the table needs " +
                          std::to_string(max_sc + 1) + " entries, one per SC from SC0");
    }
  }
  // The VLs per port: qos.vls, or as many as the tables of the architecture use (every class's).
  const bool ib = is_architecture(c, "ib");
  uint32_t used = 0;
  std::string table = ib ? "qos.sl2vl" : "qos.sc2vl";
  for (size_t k = 0; k < classes.size() && k < kMaxPortClasses; ++k)
    for (uint32_t s = 0; s < n; ++s)
      for (const uint32_t vl : q.vls_of(static_cast<uint32_t>(k), s, ib))
        if (vl + 1 > used) {
          used = vl + 1;
          const std::string key = std::string(ib ? "qos.sl2vl_" : "qos.sc2vl_") + classes[k];
          table = c.is_explicit(key) ? key : ib ? "qos.sl2vl" : "qos.sc2vl";
        }
  q.vls = c.is_explicit("qos.vls") ? static_cast<uint32_t>(c.get_int("qos.vls")) : used;
  if (used > q.vls)
    throw ConfigError(table + "=" + quote_value(c.get_str(table)) +
                      ": sends a service level to VL" + std::to_string(used - 1) +
                      ", which does not exist (qos.vls=" + std::to_string(q.vls) + ": VL0 to VL" +
                      std::to_string(q.vls - 1) + ")");
  return q;
}

bool is_switch_architecture(const Config& c) {
  return is_architecture(c, "ib") || is_architecture(c, "opa");
}

SwitchBuffers switch_buffers(const Config& c, const ServiceLevels& q) {
  SwitchBuffers b;
  uint32_t largest = 0;
  for (uint32_t s = 0; s < q.sls; ++s) largest = std::max(largest, q.unit_flits(s));
  b.port_buffer = static_cast<uint32_t>(c.get_int("router.port_buffer"));
  b.output_buffer = static_cast<uint32_t>(c.get_int("router.buffer_output"));
  const uint32_t vl_min = static_cast<uint32_t>(c.get_int("router.vl_min"));
  const uint32_t vl_max = static_cast<uint32_t>(c.get_int("router.vl_max"));
  b.vl_min = vl_min != 0 ? vl_min : largest;
  b.vl_max = vl_max != 0 ? vl_max : b.port_buffer;
  return b;
}

namespace {

const char* const kSwitchRoutings[] = {"updown", "updown_source", "updown_random", "dor"};

// The OPA switch's own keys (docs/model.md §11), refused on every other architecture.
void reject_opa_only_keys(const Config& c) {
  for (const char* k : {"router.central_buffer", "router.central_latency", "router.mport_xbar",
                        "router.central_link"})
    if (c.is_explicit(k))
      throw ConfigError(std::string(k) + "=" + c.get_str(k) +
                        ": applies to router.architecture=opa only (router.architecture=" +
                        c.get_str("router.architecture") + ")");
}

// The switch architectures' own checks (docs/model.md §10): service levels, an oblivious routing
// they support, enough VLs per SL for its deadlock avoidance, and buffers that hold whole packets.
void validate_switch(const Config& c) {
  const std::string arch = c.get_str("router.architecture");
  if (c.get_int("qos.sls") == 0)
    throw ConfigError("router.architecture=" + arch +
                      ": the switch carries service levels: set qos.sls >= 1 (and "
                      "traffic.source=service_levels)");
  const std::string alg = c.get_str("routing.algorithm");
  bool supported = false;
  for (const char* r : kSwitchRoutings) supported = supported || alg == r;
  if (!supported || (alg == "dor" && c.get_str("routing.torus_deadlock") == "bubble" &&
                     c.get_str("topology.type") == "torus"))
    throw ConfigError(
        "routing.algorithm=" + alg +
        (alg == "dor" ? " with routing.torus_deadlock=bubble" : std::string()) +
        ": router.architecture=" + arch +
        " routes with the oblivious routings updown|updown_source|updown_random (fat tree) "
        "and "
        "dor with a dateline (mesh, torus) (docs/model.md §10)");
  for (const auto& s : config_schema()) {
    const std::string key = s.name;
    const bool per_class =
        (key.rfind("router.vcs_", 0) == 0 || key.rfind("router.buffer_", 0) == 0) &&
        key != "router.buffer_output";
    // The CIOQ router's VC selection and its NICs' injection policy: a switch has one VL per
    // routing VC of an SL and its NICs take an SL's injection VLs by JSQ (docs/model.md §10);
    // router.buffer_model is a router.buffer_ key, router.damq_private needs it. The arbitration
    // keys are the CIOQ allocator's (sim/router/cioq/arbitration.h).
    const bool cioq_only = key == "router.vc_selection" || key == "traffic.injection_vc" ||
                           key == "router.input_arbitration" ||
                           key == "router.output_arbitration" || key == "router.age_timestamp" ||
                           key == "router.transit_rr_pointer" ||
                           key == "router.input_arbiter_update";
    if ((per_class || cioq_only) && c.is_explicit(key))
      throw ConfigError(key + "=" + c.get_str(key) + ": not read by router.architecture=" + arch +
                        " (its VLs are qos.vls, its buffers router.port_buffer, "
                        "router.buffer_output, router.vl_min, router.vl_max)");
  }
  const ServiceLevels q = read_service_levels(c);
  switch_vl_plan(c, q);
  read_output_scheduler(c, q);
  const SwitchBuffers b = switch_buffers(c, q);
  for (uint32_t s = 0; s < q.sls; ++s)
    if (q.mtu_flits[s] > b.vl_max)
      throw ConfigError(
          "qos.sl_mtu=" + quote_value(c.get_str("qos.sl_mtu")) + ": SL " + q.names[s] +
          "'s packets of " + std::to_string(q.mtu_flits[s]) +
          " flits are larger than a VL buffer (router.vl_max=" + std::to_string(b.vl_max) +
          " flits" + (c.get_int("router.vl_max") == 0 ? ", the whole router.port_buffer" : "") +
          "); a packet is sent atomically and its VL must hold all of it");
  // A message of several packets is sent atomically and the downstream buffer must hold all of
  // it (thesis 003 Sec. 2.3, extract §2.2; docs/model.md §9.2, §10.1): its flits must fit one
  // VL of every buffer it crosses, the input port buffer (router.vl_max), the output buffer
  // (router.buffer_output) and, on the OPA switch, a central buffer (half of
  // router.central_buffer).
  uint32_t bound = b.vl_max;
  std::string bound_key = "router.vl_max=" + std::to_string(b.vl_max) + " flits" +
                          (c.get_int("router.vl_max") == 0 ? ", the whole router.port_buffer" : "");
  if (b.output_buffer < bound) {
    bound = b.output_buffer;
    bound_key = "router.buffer_output=" + std::to_string(b.output_buffer) + " flits";
  }
  if (is_architecture(c, "opa")) {
    const uint32_t half = static_cast<uint32_t>(c.get_int("router.central_buffer")) / 2;
    if (half < bound) {
      bound = half;
      bound_key = "half of router.central_buffer=" + c.get_str("router.central_buffer") + ", " +
                  std::to_string(half) + " flits";
    }
  }
  for (uint32_t s = 0; s < q.sls; ++s)
    if (q.message_flits[s] > bound)
      throw ConfigError("qos.message_size=" + quote_value(c.get_str("qos.message_size")) + ": SL " +
                        q.names[s] + "'s message of " + std::to_string(q.message_flits[s]) +
                        " flits is larger than a VL buffer (" + bound_key +
                        "); a message is sent atomically and the downstream VL must hold all "
                        "of it");
  uint32_t largest = 0;
  for (uint32_t s = 0; s < q.sls; ++s) largest = std::max(largest, q.unit_flits(s));
  if (b.vl_min < largest)
    throw ConfigError("router.vl_min=" + std::to_string(b.vl_min) +
                      (q.atomic_messages
                           ? ": with qos.atomic_messages=true every VL must be guaranteed a whole "
                             "message of the largest qos.message_size (" +
                                 std::to_string(largest) + " flits)"
                           : ": every VL must be guaranteed a whole packet of the largest MTU (" +
                                 std::to_string(largest) + " flits, qos.sl_mtu)"));
  if (b.vl_min > b.vl_max)
    throw ConfigError("router.vl_min=" + std::to_string(b.vl_min) +
                      ": above router.vl_max=" + std::to_string(b.vl_max));
  if (b.vl_max > b.port_buffer)
    throw ConfigError("router.vl_max=" + std::to_string(b.vl_max) +
                      ": above router.port_buffer=" + std::to_string(b.port_buffer));
  if (uint64_t{q.vls} * b.vl_min > b.port_buffer)
    throw ConfigError("router.port_buffer=" + std::to_string(b.port_buffer) + ": " +
                      std::to_string(q.vls) + " VLs x router.vl_min=" + std::to_string(b.vl_min) +
                      " flits guaranteed do not fit");
  if (is_architecture(c, "opa")) {
    if (c.is_explicit("router.speedup"))
      throw ConfigError("router.speedup=" + c.get_str("router.speedup") +
                        ": not read by router.architecture=opa (its MPort crossbar moves 3 flits "
                        "per cycle, its central crossbar 4: thesis 003 Sec. 2.2)");
    const uint32_t half = static_cast<uint32_t>(c.get_int("router.central_buffer")) / 2;
    if (uint64_t{q.vls} * b.vl_min > half)
      throw ConfigError("router.central_buffer=" + c.get_str("router.central_buffer") +
                        ": each of an MPort's 2 central buffers (" + std::to_string(half) +
                        " flits) must guarantee " + std::to_string(q.vls) +
                        " VLs x router.vl_min=" + std::to_string(b.vl_min) + " flits");
  } else {
    reject_opa_only_keys(c);
  }
  if (uint64_t{q.vls} * b.vl_min > b.output_buffer)
    throw ConfigError("router.buffer_output=" + std::to_string(b.output_buffer) + ": " +
                      std::to_string(q.vls) + " VLs x router.vl_min=" + std::to_string(b.vl_min) +
                      " flits guaranteed do not fit the output buffer");
}

}  // namespace

VlPlan switch_vl_plan(const Config& c, const ServiceLevels& q) {
  VlPlan plan;
  const TopologyEntry& topo = *topology_entry(c.get_str("topology.type"));
  const StrategyInfo& info =
      *strategy_info(*strategy_family("routing.algorithm"), c.get_str("routing.algorithm"));
  const bool ib = is_architecture(c, "ib");
  for (size_t k = 0; k < topo.port_classes.size(); ++k) {
    const char* cls = topo.port_classes[k];
    // Each SL's VLs on this class in table order: IB's SL2VL list, or its SCs' VLs (OPA), from
    // the class's table where one is set (qos.sl2vl_<class>, qos.sc2vl_<class>); the checks
    // below name the table that decided.
    const std::string class_key = std::string(ib ? "qos.sl2vl_" : "qos.sc2vl_") + cls;
    const bool own = c.is_explicit(class_key);
    const std::string table = ib ? (own ? class_key : "qos.sl2vl") : "qos.sl2sc";
    const std::string vl_table = own ? class_key : table;
    std::vector<std::vector<uint32_t>> lists;
    for (uint32_t s = 0; s < q.sls; ++s) lists.push_back(q.vls_of(static_cast<uint32_t>(k), s, ib));
    int64_t need = 1;
    for (const ClassVcs& m : info.min_vcs)
      if (std::string(m.port_class) == cls)
        need = topo.min_vcs != nullptr ? topo.min_vcs(c, cls, m.vcs) : m.vcs;
    if (need > int64_t{kMaxRoutingVcs}) need = kMaxRoutingVcs;
    plan.routing_vcs[k] = static_cast<uint32_t>(need);
    std::fill(std::begin(plan.vl_rank[k]), std::end(plan.vl_rank[k]), kNoRank);
    for (uint32_t s = 0; s < q.sls; ++s) {
      const std::vector<uint32_t>& l = lists[s];
      if (l.size() < size_t(need))
        throw ConfigError(
            table + "=" + quote_value(c.get_str(table)) + ": SL " + q.names[s] + " has " +
            std::to_string(l.size()) + " " + (ib ? "VL" : "SC") + (l.size() == 1 ? "" : "s") +
            "; routing.algorithm=" + c.get_str("routing.algorithm") + " needs " +
            std::to_string(need) + " per SL on the " + cls + " ports for deadlock freedom (" +
            (ib ? "a VL" : "an SC") + " per routing VC, e.g. " +
            (ib ? table + "=0 1,2 3" : std::string("qos.sl2sc=0 1,2 3")) + ")");
      for (size_t i = 0; i < l.size(); ++i) {
        const uint32_t j = static_cast<uint32_t>(i % size_t(need));
        plan.candidates[k][s][j].push_back(static_cast<uint8_t>(l[i]));
        uint8_t& rank = plan.vl_rank[k][l[i]];
        if (rank != kNoRank && rank != j)
          throw ConfigError(vl_table + "=" + quote_value(c.get_str(vl_table)) + ": VL" +
                            std::to_string(l[i]) + " would carry routing VCs " +
                            std::to_string(rank) + " and " + std::to_string(j) + " of the " + cls +
                            " ports (SL " + q.names[s] +
                            "); each VL must keep one deadlock-avoidance VC (docs/model.md §10)");
        rank = static_cast<uint8_t>(j);
      }
    }
  }
  return plan;
}

OutputSchedulerSpec read_output_scheduler(const Config& c, const ServiceLevels& q) {
  OutputSchedulerSpec s;
  const std::string k = c.get_str("router.output_scheduler");
  const std::string ks = "router.output_scheduler=" + k;
  s.kind = k == "sbt"        ? OutputSchedulerKind::Sbt
           : k == "dtable"   ? OutputSchedulerKind::DTable
           : k == "ib_vlarb" ? OutputSchedulerKind::IbVlArb
           : k == "drr"      ? OutputSchedulerKind::Drr
                             : OutputSchedulerKind::Rr;
  const bool sbt = s.kind == OutputSchedulerKind::Sbt;
  const bool drr = s.kind == OutputSchedulerKind::Drr;
  const bool table =
      s.kind == OutputSchedulerKind::DTable || s.kind == OutputSchedulerKind::IbVlArb;
  for (const char* key : {"qos.sbt_weights", "qos.table", "qos.drr_quantum"}) {
    const std::string kk = key;
    const bool read = kk == "qos.table" ? table : kk == "qos.drr_quantum" ? drr : sbt;
    if (!read && c.is_explicit(key))
      throw ConfigError(kk + "=" + quote_value(c.get_str(key)) + ": not read by " + ks +
                        " (qos.sbt_weights is router.output_scheduler=sbt's, "
                        "qos.table dtable's and ib_vlarb's, qos.drr_quantum drr's)");
  }
  if (drr) {
    // DRR (Shreedhar and Varghese; thesis 003 Sec. 5.4 cites it as the DTable's reference;
    // docs/model.md §10.5): a quantum per SL in 64-B credits, the switch's flits, as the
    // DTable's weights. Each quantum covers its SL's packet, so every visit sends at least one
    // packet (DRR's condition quantum >= the largest packet; sim/blocks/drr_arbiter.h passes a
    // lane whose deficit and quantum do not cover its head); 16 bits, as the switch's RTL
    // (docs/cosim.md).
    if (!c.is_explicit("qos.drr_quantum"))
      throw ConfigError(ks +
                        ": needs qos.drr_quantum, one quantum in 64-B credits per SL, each at "
                        "least the SL's MTU (e.g. 32,96 for two SLs of 2-KB packets sharing "
                        "1:3)");
    if (q.flit_bytes != 64)
      throw ConfigError(ks + ": counts 64-byte credits and the switch's credits are flits; " +
                        "link.flit_bytes=" + std::to_string(q.flit_bytes) + " (needs 64)");
    const std::vector<std::string> items = per_sl_list(c, "qos.drr_quantum", q.sls);
    for (uint32_t sl = 0; sl < q.sls; ++sl) {
      // With qos.atomic_messages a DRR turn sends a whole message (docs/model.md §9.2).
      const std::string what =
          "SL " + q.names[sl] + "'s quantum in 64-B credits, at least its " +
          (q.atomic_messages ? "message (qos.message_size with qos.atomic_messages=true: "
                             : "MTU (qos.sl_mtu: ") +
          std::to_string(q.unit_flits(sl)) + " credits), at most 65535";
      s.drr_quanta.push_back(
          uint_entry(c, "qos.drr_quantum", items[sl], q.unit_flits(sl), 65535, what.c_str()));
    }
    return s;
  }
  if (sbt) {
    if (!c.is_explicit("qos.sbt_weights"))
      throw ConfigError(ks +
                        ": needs qos.sbt_weights, one weight in packets per SL (thesis 003 Sec. "
                        "4.3.2; e.g. 60,30,10 for Table 2.2 Config A)");
    uint64_t total = 0;
    for (const std::string& item : per_sl_list(c, "qos.sbt_weights", q.sls)) {
      s.sbt_weights.push_back(
          uint_entry(c, "qos.sbt_weights", item, 0, 1000000, "an SL's weight in packets"));
      total += s.sbt_weights.back();
    }
    if (total == 0)
      throw ConfigError("qos.sbt_weights=" + quote_value(c.get_str("qos.sbt_weights")) +
                        ": every weight is 0; at least one SL needs a weight");
    return s;
  }
  if (!table) return s;
  if (!c.is_explicit("qos.table"))
    throw ConfigError(ks +
                      ": needs qos.table, the table file netcosim qos writes "
                      "(netcosim.qos-table/1, docs/qos.md)");
  if (s.kind == OutputSchedulerKind::DTable && q.flit_bytes != 64)
    throw ConfigError(ks + ": counts 64-byte credits and the switch's credits are flits; " +
                      "link.flit_bytes=" + std::to_string(q.flit_bytes) + " (needs 64)");
  if (s.kind == OutputSchedulerKind::IbVlArb) {
    // The weights count 64-byte units of a packet (thesis 003 Sec. 6.2); Ch. 6's simulation has
    // 16-byte flits and packets of 4 (Sec. 6.5.2): a packet counts its bytes / 64 units.
    if (64 % q.flit_bytes != 0)
      throw ConfigError(ks + ": counts 64-byte units of a packet; link.flit_bytes=" +
                        std::to_string(q.flit_bytes) + " (needs a divisor of 64)");
    s.flits_per_unit = 64 / q.flit_bytes;
    for (uint32_t sl = 0; sl < q.sls; ++sl)
      if (q.mtu_flits[sl] % s.flits_per_unit != 0)
        throw ConfigError(ks + ": counts 64-byte units of a packet; SL " + q.names[sl] +
                          "'s packet of " + std::to_string(q.mtu_flits[sl] * q.flit_bytes) +
                          " bytes (qos.sl_mtu) is not a whole number of them");
  }
  const std::string path = c.get_str("qos.table");
  const std::string name = "qos.table=" + quote_value(path);
  try {
    s.table = qos::parse_qos_table(qos::read_input_file(path), name);
  } catch (const qos::QosError& e) {
    const std::string m = e.what();
    throw ConfigError(m.rfind(name, 0) == 0 ? m : name + ": " + m);
  }
  if (s.table.scheduler != k)
    throw ConfigError(name + ": a '" + s.table.scheduler + "' table; " + ks + " needs a '" + k +
                      "' one");
  if (s.kind == OutputSchedulerKind::DTable) {
    if (s.table.sls.size() != q.sls)
      throw ConfigError(name + ": the table has " + std::to_string(s.table.sls.size()) +
                        " SLs; qos.sls=" + std::to_string(q.sls));
    std::vector<bool> has(q.sls, false);
    for (size_t e = 0; e < s.table.entries.size(); ++e) {
      const qos::TableEntry& x = s.table.entries[e];
      if (x.weight == 0) continue;
      has[x.sl] = true;
      if (x.weight < q.unit_flits(x.sl))
        throw ConfigError(name + ": entries[" + std::to_string(e) + "]: SL " + q.names[x.sl] +
                          " weight " + std::to_string(x.weight) + " is below its " +
                          (q.atomic_messages ? "message (qos.message_size with "
                                               "qos.atomic_messages=true: "
                                             : "MTU (qos.sl_mtu: ") +
                          std::to_string(q.unit_flits(x.sl)) +
                          " credits); an entry must carry a whole message (thesis 003 Sec. "
                          "4.3.3.3)");
    }
    for (uint32_t sl = 0; sl < q.sls; ++sl)
      if (!has[sl])
        throw ConfigError(name + ": SL " + q.names[sl] +
                          " has no entry with a weight; its packets would never leave");
    return s;
  }
  // ib_vlarb: every entry on an existing VL, every VL the mapping tables use in some entry.
  std::vector<bool> has(q.vls, false);
  for (const auto* t : {&s.table.high, &s.table.low})
    for (const qos::IbEntry& x : *t) {
      if (x.vl >= q.vls)
        throw ConfigError(name + ": an entry sends VL" + std::to_string(x.vl) +
                          ", which does not exist (qos.vls=" + std::to_string(q.vls) + ")");
      if (x.weight != 0) has[x.vl] = true;
    }
  const VlPlan plan = switch_vl_plan(c, q);
  for (uint32_t cls = 0; cls < kMaxPortClasses; ++cls)
    for (uint32_t sl = 0; sl < q.sls; ++sl)
      for (uint32_t j = 0; j < kMaxRoutingVcs; ++j)
        for (const uint8_t vl : plan.candidates[cls][sl][j])
          if (!has[vl])
            throw ConfigError(name + ": VL" + std::to_string(vl) + " (SL " + q.names[sl] +
                              ") has no entry with a weight; its packets would never leave");
  return s;
}

// The NIC's link under qos.backlogged or qos.nic_queues=per_sl is a port of the switch's output
// scheduler, which grants a VL whose packet is of that VL's SL: no two SLs may inject on one VL. An
// SL may put several of its own SCs (OPA) on one injection VL (qos.sc2vl_injection).
static void check_one_sl_per_injection_vl(const Config& c, const ServiceLevels& q,
                                          const std::string& setting, const char* what) {
  const VlPlan plan = switch_vl_plan(c, q);
  uint32_t used = 0;  // the VLs of the SLs before s
  for (uint32_t s = 0; s < q.sls; ++s) {
    uint32_t own = 0;
    for (const uint8_t vl : plan.candidates[kInjectionClass][s][0]) {
      if ((used >> vl) & 1u)
        throw ConfigError(setting + ": SL " + q.names[s] + " injects on VL" + std::to_string(vl) +
                          ", which another SL also uses; " + what +
                          " one SL per injection VL (the scheduler grants a VL, the packet "
                          "is its SL's)");
      own |= 1u << vl;
    }
    used |= own;
  }
}

// qos.backlogged (thesis 003 Sec. 6.3's "there are always packets ready", Sec. 6.4-6.5's flows
// that each try to use the full bandwidth; docs/model.md §9.2): the NIC's link is a port of the
// switch's output scheduler, so it needs the switches, random uniform destinations, and one SL per
// injection VL (the scheduler grants a VL; the packet is of that VL's SL).
static void validate_backlogged(const Config& c, const ServiceLevels& q) {
  if (!is_switch_architecture(c))
    throw ConfigError(
        "qos.backlogged=true: applies to router.architecture=ib|opa only "
        "(router.architecture=" +
        c.get_str("router.architecture") +
        "): the NIC's link is served by the switches' router.output_scheduler");
  for (const char* k : {"traffic.load", "qos.inject_share", "qos.message_size"})
    if (c.is_explicit(k))
      throw ConfigError(std::string(k) + "=" + quote_value(c.get_str(k)) +
                        ": not read with qos.backlogged=true (every SL always has a packet of "
                        "its qos.sl_mtu ready at its NIC)");
  for (uint32_t s = 0; s < q.sls; ++s)
    if (q.pattern[s] != SlPattern::Uniform)
      throw ConfigError("qos.pattern=" + quote_value(c.get_str("qos.pattern")) + ": SL " +
                        q.names[s] + " is " + sl_pattern_name(q.pattern[s]) +
                        "; with qos.backlogged=true every SL is uniform");
  check_one_sl_per_injection_vl(c, q, "qos.backlogged=true", "a backlogged NIC needs");
}

// qos.nic_queues=per_sl (docs/model.md §9.2): each SL of a NIC has its own source queue and the
// NIC's link is a port of the switch's output scheduler, so it needs the switches, a source queue
// and one SL per injection VL (the scheduler grants a VL; the packet is its SL's queue's head).
static void validate_nic_queues(const Config& c, const ServiceLevels& q) {
  if (!is_switch_architecture(c))
    throw ConfigError(
        "qos.nic_queues=per_sl: applies to router.architecture=ib|opa only "
        "(router.architecture=" +
        c.get_str("router.architecture") +
        "): the NIC's link is served by the switches' router.output_scheduler");
  if (q.backlogged)
    throw ConfigError(
        "qos.nic_queues=per_sl: not with qos.backlogged=true (a backlogged NIC has no source "
        "queue; allowed: qos.nic_queues=shared)");
  if (c.get_int("traffic.source_queue") == 0)
    throw ConfigError(
        "qos.nic_queues=per_sl: needs a source queue per SL (traffic.source_queue=0; allowed: 1 "
        "or more packets)");
  check_one_sl_per_injection_vl(c, q, "qos.nic_queues=per_sl", "per-SL source queues need");
}

// qos.atomic_messages (thesis 003 Sec. 2.2, extract §2.2: a message's flits are stored, sent and
// received consecutively; docs/model.md §9.2): the switches' buffers and links move whole
// messages, so a NIC must queue whole messages: an unbounded source queue (a bounded one refuses
// packet by packet and could keep part of a message), and messages to send (not backlogged).
static void validate_atomic_messages(const Config& c, const ServiceLevels& q) {
  if (!is_switch_architecture(c))
    throw ConfigError(
        "qos.atomic_messages=true: applies to router.architecture=ib|opa only "
        "(router.architecture=" +
        c.get_str("router.architecture") + ")");
  if (q.backlogged)
    throw ConfigError(
        "qos.atomic_messages=true: not with qos.backlogged=true (a backlogged NIC sends packets, "
        "not messages; allowed: qos.atomic_messages=false)");
  if (c.get_int("traffic.source_queue") == 0 || !c.get_bool("traffic.application_queue"))
    throw ConfigError(
        "qos.atomic_messages=true: needs traffic.application_queue=true and "
        "traffic.source_queue of 1 or more (traffic.application_queue=" +
        c.get_str("traffic.application_queue") +
        ", traffic.source_queue=" + c.get_str("traffic.source_queue") +
        "): a bounded source queue refuses packet by packet and could keep part of a message");
  // A message's input credits return together when its tail has crossed (docs/model.md §9.2),
  // so the per-flit return (router.credit_return=flit, §10.2) has no meaning for it.
  if (c.get_str("router.credit_return") == "flit")
    throw ConfigError(
        "router.credit_return=flit: not with qos.atomic_messages=true (a message's credits return "
        "together when its tail has crossed; allowed: router.credit_return=packet)");
  // An input returns a message's credits in one credit message of 16-bit flits (CreditMsg).
  for (uint32_t s = 0; s < q.sls; ++s)
    if (q.message_flits[s] > 65535)
      throw ConfigError("qos.message_size=" + quote_value(c.get_str("qos.message_size")) + ": SL " +
                        q.names[s] + "'s message of " + std::to_string(q.message_flits[s]) +
                        " flits; with qos.atomic_messages=true a message is at most 65535 flits "
                        "(its credits return together)");
}

void validate_qos(const Config& c) {
  if (is_switch_architecture(c)) {
    validate_switch(c);
  } else {
    for (const char* k : {"router.port_buffer", "router.vl_min", "router.vl_max",
                          "router.alloc_retry", "router.output_scheduler", "router.credit_return"})
      if (c.is_explicit(k))
        throw ConfigError(std::string(k) + "=" + c.get_str(k) +
                          ": applies to router.architecture=ib|opa only (router.architecture=" +
                          c.get_str("router.architecture") + ")");
    reject_opa_only_keys(c);
  }
  if (c.get_bool("traffic.application_queue") && c.get_int("traffic.source_queue") == 0)
    throw ConfigError(
        "traffic.application_queue=true: the unbounded queue starts at "
        "traffic.source_queue packets and doubles when full; "
        "traffic.source_queue=0 (no queue) cannot grow");
  const int64_t sls = c.get_int("qos.sls");
  const bool sl_source = c.get_str("traffic.source") == "service_levels";
  if (sls == 0) {
    for (const char* k : kQosKeys)
      if (c.is_explicit(k))
        throw ConfigError(std::string(k) + "=" + quote_value(c.get_str(k)) +
                          ": needs service levels (qos.sls >= 1; qos.sls=0)");
    for (const auto& sk : config_schema())
      if (is_class_mapping_key(sk.name) && c.is_explicit(sk.name))
        throw ConfigError(std::string(sk.name) + "=" + quote_value(c.get_str(sk.name)) +
                          ": needs service levels (qos.sls >= 1; qos.sls=0)");
    if (sl_source)
      throw ConfigError(
          "traffic.source=service_levels: needs service levels (qos.sls >= 1; "
          "qos.sls=0)");
    return;
  }
  if (!sl_source)
    throw ConfigError("qos.sls=" + std::to_string(sls) +
                      ": service levels generate their "
                      "traffic with traffic.source=service_levels (traffic.source=" +
                      c.get_str("traffic.source") + ")");
  for (const char* k :
       {"traffic.pattern", "traffic.pattern2", "traffic.mix", "traffic.switch_cycle",
        "traffic.adv_offset", "traffic.adv_offset2", "traffic.adv_target"})
    if (c.is_explicit(k))
      throw ConfigError(std::string(k) + "=" + c.get_str(k) +
                        ": not read by traffic.source=service_levels (each service level's "
                        "pattern is qos.pattern: " +
                        sl_pattern_names() + ")");
  const bool cioq = is_architecture(c, "cioq");
  for (const char* k : {"qos.sl2sc", "qos.sc2vl", "qos.sl2vl", "qos.vls"}) {
    if (!c.is_explicit(k)) continue;
    const bool ib_key = std::string(k) == "qos.sl2vl",
               opa_key = !ib_key && std::string(k) != "qos.vls";
    if (cioq || (ib_key && !is_architecture(c, "ib")) || (opa_key && !is_architecture(c, "opa")))
      throw ConfigError(std::string(k) + "=" + quote_value(c.get_str(k)) + ": applies to " +
                        (ib_key    ? "router.architecture=ib"
                         : opa_key ? "router.architecture=opa"
                                   : "router.architecture=ib|opa") +
                        " only (router.architecture=" + c.get_str("router.architecture") + ")");
  }
  for (const auto& sk : config_schema()) {
    const std::string k = sk.name;
    if (!is_class_mapping_key(k) || !c.is_explicit(k)) continue;
    const char* arch = k.rfind("qos.sl2vl_", 0) == 0 ? "ib" : "opa";
    if (!is_architecture(c, arch))
      throw ConfigError(k + "=" + quote_value(c.get_str(k)) +
                        ": applies to router.architecture=" + arch +
                        " only (router.architecture=" + c.get_str("router.architecture") + ")");
  }
  const ServiceLevels q = read_service_levels(c);
  if (c.is_explicit("traffic.hotspot_fraction") &&
      std::find(q.pattern.begin(), q.pattern.end(), SlPattern::Hotspot) == q.pattern.end()) {
    std::string read;
    for (const SlPattern p : q.pattern)
      read += (read.empty() ? "" : ",") + std::string(sl_pattern_name(p));
    throw ConfigError("traffic.hotspot_fraction=" + c.get_str("traffic.hotspot_fraction") +
                      ": with traffic.source=service_levels it applies to a qos.pattern entry "
                      "hotspot only (qos.pattern=" +
                      read + ")");
  }
  if (q.nic_per_sl) validate_nic_queues(c, q);
  if (q.atomic_messages) validate_atomic_messages(c, q);
  if (q.backlogged) validate_backlogged(c, q);
  if (topology_entry(c.get_str("topology.type"))->nodes(c) < 2)
    throw ConfigError("qos.sls=" + std::to_string(sls) +
                      ": the service levels' patterns need at least 2 nodes (the topology has 1)");
}

}  // namespace netcosim
