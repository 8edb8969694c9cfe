#include "sim/network/memory_estimate.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <numeric>
#include <sstream>

#include "sim/blocks/credit_counter.h"
#include "sim/blocks/damq_credits.h"
#include "sim/link/channel.h"
#include "sim/link/packet.h"
#include "sim/nic/nic.h"
#include "sim/router/vl/vl_fifos.h"
#include "sim/router/vl/vl_switch_config.h"
#include "sim/stats/latency_histogram.h"
#include "sim/topology/topology_catalog.h"

namespace netcosim {

namespace {

// Bytes of one packet slot: input buffers hold a Packet, output FIFOs a Packet plus its ready
// cycle and VC (Router::OutEntry), link rings a PacketMsg.
constexpr double kPacketSlot = sizeof(Packet) + sizeof(Cycle);  // and its ready cycle
constexpr double kOutSlot = sizeof(Packet) + 8;
// Fixed per-router state (VC and port tables, allocator, counters, ECtN/PB tables). Measured: the
// 2064-router h8 network peaks at 201 MiB resident, about 23 kB per router beyond the other terms.
constexpr double kPerRouterFixed = 32 * 1024;

double pow2_at_least(double x) {
  double n = 1;
  while (n < x) n *= 2;
  return n;
}

std::string num(int64_t v) {
  return std::to_string(v);
}

}  // namespace

std::string format_bytes(double bytes) {
  const char* units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) {
    bytes /= 1024;
    ++u;
  }
  char buf[64];
  if (u == 0)
    std::snprintf(buf, sizeof buf, "%.0f %s", bytes, units[u]);
  else
    std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
  return buf;
}

MemoryEstimate estimate_memory(const Config& c, uint32_t threads) {
  MemoryEstimate m;
  const TopologyEntry& topo = *topology_entry(c.get_str("topology.type"));
  const std::vector<ClassPorts> ports = topo.ports(c);
  const int64_t R = topo.routers(c), N = topo.nodes(c);
  const int64_t S = c.get_int("packet.size");
  const std::string rs = " x " + num(R) + " routers";
  auto add = [&](std::string what, double bytes) { m.terms.push_back({std::move(what), bytes}); };
  auto key = [&](const char* prefix, size_t k) {
    return prefix + std::string(topo.port_classes[k]);
  };

  // The switches built on service levels (router.architecture=ib|opa) hold their buffers as VL
  // FIFOs (the term below) and use neither the input buffers per class nor the output FIFOs.
  const std::string arch = c.get_str("router.architecture");
  const bool vl_switch = arch == "ib" || arch == "opa";
  // Input buffers: buffer / packet.size packet slots per VC (VCT), per port class; a DAMQ's VC
  // may hold its private part and the whole pool (sim/blocks/damq_credits.h), and its storage
  // is sized so.
  const bool damq = c.get_str("router.buffer_model") == "damq";
  const bool damq_injection = c.get_str("router.damq_injection") == "damq";
  const auto port_buffer = [&](size_t k) {
    const bool shared = damq && (k != kInjectionClass || damq_injection);
    return model::PortBuffer{
        static_cast<uint32_t>(c.get_int(key("router.vcs_", k))),
        static_cast<uint32_t>(c.get_int(key("router.buffer_", k))),
        shared ? static_cast<uint32_t>(c.get_int("router.damq_private")) : 100};
  };
  double radix = 0;
  int64_t lmax = 0;
  for (size_t k = 0; k < ports.size(); ++k) {
    const std::string buffer = key("router.buffer_", k), vcs = key("router.vcs_", k);
    const int64_t per_vc =
        damq ? model::DamqCredits::vc_limit_phits(port_buffer(k)) : c.get_int(buffer);
    const int64_t slots = per_vc / S, v = c.get_int(vcs);
    std::string count = ports[k].what;
    if (ports[k].per_router != std::floor(ports[k].per_router))
      count += " (mean)";
    else
      count += "=" + num(static_cast<int64_t>(ports[k].per_router));
    const std::string per_vc_what = damq ? "router.buffer_model=damq (one VC up to " + num(per_vc) +
                                               " phits of " + buffer + "=" +
                                               num(c.get_int(buffer)) + " x " + vcs + ")"
                                         : buffer + "=" + num(c.get_int(buffer));
    if (!vl_switch)
      add(per_vc_what + " / packet.size=" + num(S) + " x " + vcs + "=" + num(v) + " x " + count +
              " ports" + rs,
          double(slots) * double(v) * ports[k].per_router * double(R) * kPacketSlot);
    radix += ports[k].per_router;
    if (k != kInjectionClass) lmax = std::max(lmax, c.get_int(key("link.latency_", k)));
  }
  if (!vl_switch)
    add("router.buffer_output=" + num(c.get_int("router.buffer_output")) + " / packet.size=" +
            num(S) + " x radix " + num(static_cast<int64_t>(std::ceil(radix))) + rs,
        double(c.get_int("router.buffer_output") / S) * radix * double(R) * kOutSlot);
  if (vl_switch) {
    // Per port an input and an output FIFO per VL, on the OPA switch also two central buffers per
    // MPort of 4 ports, each VL's FIFO of vl_fifo_capacity packets (VlSwitch's constructor,
    // sim/router/ib/ib_switch.cpp).
    const std::unique_ptr<Topology> t = topo.make(c);
    const VlSwitchConfig v = vl_switch_config(c, *t);
    const auto packets = [&](uint32_t vl_max) {
      const std::vector<uint32_t> cap = vl_fifo_capacity(v, vl_max);
      return std::accumulate(cap.begin(), cap.end(), int64_t{0});
    };
    const int64_t P = v.radix();
    int64_t slots = P * (packets(v.in_buffer.vl_max) + packets(v.out_buffer.vl_max));
    std::string what = "router.port_buffer=" + num(c.get_int("router.port_buffer")) +
                       ", router.buffer_output=" + num(c.get_int("router.buffer_output"));
    if (arch == "opa") {
      slots += 2 * ((P + 3) / 4) * packets(v.central_buffer.vl_max);
      what += ", router.central_buffer=" + num(c.get_int("router.central_buffer"));
    }
    add(what + ": VL FIFOs of " + num(slots) + " packets per switch (" + num(P) + " ports, " +
            num(v.vls) + " VLs)" + rs,
        double(slots) * double(R) * sizeof(VlFifos::Entry));
  }
  // Two arrival wheels per router of 2 x (longest link latency + transfer cycles) + 2 slots.
  std::string lkeys;
  for (size_t k = 1; k < ports.size(); ++k)
    lkeys += (lkeys.empty() ? "" : ", ") + key("link.latency_", k);
  const double wheel = pow2_at_least(2.0 * double(lmax + S) + 2);
  add("longest of " + lkeys + " = " + num(lmax) + ": 2 arrival wheels of " +
          num(static_cast<int64_t>(wheel)) + " slots" + rs,
      2 * wheel * 8 * double(R));
  // Link rings: packets in flight (latency + lookahead) / packet.size, credits likewise.
  double links = 0;
  for (size_t k = 1; k < ports.size(); ++k) {
    const double lat = double(c.get_int(key("link.latency_", k)));
    const uint32_t S32 = static_cast<uint32_t>(S);
    const double downstream = damq ? model::DamqCredits::port_packets(port_buffer(k), S32)
                                   : model::StaticCredits::port_packets(port_buffer(k), S32);
    const double data = pow2_at_least(std::min(std::ceil(2 * lat / S) + 2, downstream + 1));
    const double credits = pow2_at_least(std::min(2 * lat + 3, downstream + 2));
    links += ports[k].per_router * double(R) *
             (data * sizeof(PacketMsg) + credits * sizeof(CreditMsg) + sizeof(Link));
  }
  add(lkeys + ": link rings" + rs, links);
  // An unbounded queue (traffic.application_queue) is counted at its first capacity: what it
  // grows to depends on the run.
  const int64_t q = source_queue_plan(c).capacity;
  add("traffic.source_queue=" + num(q) + " x " + num(N) + " nodes",
      double(q) * double(N) * sizeof(SourceEntry) + double(N) * (sizeof(Nic) + sizeof(Link) + 64));
  // qos.nic_queues=per_sl (docs/model.md §9.2): each NIC also holds a ring per SL of the same
  // first capacity and the rings' headers (Nic::init_sl_queues, called when a switch attaches the
  // NIC); the shared ring above stays allocated.
  if (c.get_str("qos.nic_queues") == "per_sl") {
    const int64_t sls = c.get_int("qos.sls");
    add("qos.nic_queues=per_sl: qos.sls=" + num(sls) + " rings of traffic.source_queue=" + num(q) +
            " x " + num(N) + " nodes",
        double(N) * double(sls) * (double(q) * sizeof(SourceEntry) + sizeof(Nic::SlQueue)));
  }
  // Statistics sinks: one per thread, the merged one and the preloaded one (time series: the
  // merged sink only is copied into the results, 5 vectors, and written as text).
  const double sinks = double(threads) + 2;
  const int64_t bin = c.get_int("sim.timeseries_bin");
  if (bin > 0) {
    const int64_t horizon = c.get_int("sim.warmup") + c.get_int("sim.measure");
    const double bins = std::ceil(double(horizon) / double(bin));
    add("sim.timeseries_bin=" + num(bin) + " over sim.warmup+sim.measure=" + num(horizon) +
            " cycles: " + num(static_cast<int64_t>(bins)) + " bins x " +
            num(static_cast<int64_t>(sinks)) + " sinks",
        bins * (sinks * 4 * 8 + 5 * 8 + 160));
  }
  add("latency histograms: " + num(static_cast<int64_t>(sinks)) + " sinks (fixed size)",
      sinks * double(LatencyHistogram::storage_bytes()));
  add("fixed per-router state" + rs, kPerRouterFixed * double(R));
  std::stable_sort(m.terms.begin(), m.terms.end(),
                   [](const MemoryTerm& x, const MemoryTerm& y) { return x.bytes > y.bytes; });
  for (const auto& t : m.terms) m.total_bytes += t.bytes;
  return m;
}

uint64_t available_memory_bytes(std::string* source) {
  std::ifstream f("/proc/meminfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::istringstream is(line.substr(13));
    uint64_t kb = 0;
    if (is >> kb) {
      if (source) *source = "MemAvailable in /proc/meminfo";
      return kb * 1024;
    }
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0) {
    if (source) *source = "sysconf(_SC_AVPHYS_PAGES)";
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
  }
  return 0;
}

void check_memory_fits(const Config& c, uint32_t threads, uint64_t available,
                       const std::string& source) {
  if (available == 0) return;
  const MemoryEstimate m = estimate_memory(c, threads);
  const double allowed = 0.9 * double(available);
  if (m.total_bytes <= allowed) return;
  std::string parts;
  for (size_t i = 0; i < m.terms.size() && i < 3; ++i) {
    if (m.terms[i].bytes < 0.01 * m.total_bytes) break;
    parts +=
        (parts.empty() ? "" : "; ") + m.terms[i].what + " needs " + format_bytes(m.terms[i].bytes);
  }
  throw ConfigError(parts + ": the run needs about " + format_bytes(m.total_bytes) +
                    ", the machine has " + format_bytes(double(available)) + " available (" +
                    source + "; a run may use at most 90% of it); reduce these keys");
}

void check_memory_fits(const Config& c, uint32_t threads) {
  std::string source;
  const uint64_t avail = available_memory_bytes(&source);
  check_memory_fits(c, threads, avail, source);
}

}  // namespace netcosim
