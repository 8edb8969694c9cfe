#include "sim/qos/ib_analysis.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

namespace netcosim::qos {

namespace {

constexpr uint32_t kMaxVl = 14;  // VL15 is the management lane, not arbitrated (Sec. 6.2)
constexpr uint32_t kMaxEntries = 64, kMaxWeight = 255, kMaxLimit = 255, kNoLimit = 255;

void check_table(const std::vector<IbEntry>& t, const char* which) {
  if (t.size() > kMaxEntries)
    throw QosError(std::string(which) + " table: " + std::to_string(t.size()) +
                   " entries; allowed at most 64");
  for (size_t e = 0; e < t.size(); ++e) {
    if (t[e].vl > kMaxVl)
      throw QosError(std::string(which) + " table entry " + std::to_string(e) + ": VL " +
                     std::to_string(t[e].vl) + "; allowed 0 to 14");
    if (t[e].weight > kMaxWeight)
      throw QosError(std::string(which) + " table entry " + std::to_string(e) + " (VL " +
                     std::to_string(t[e].vl) + "): weight " + std::to_string(t[e].weight) +
                     " exceeds 255, the 8-bit weight of an IB table entry");
  }
}

}  // namespace

IbAnalysis analyse_ib(const IbAnalysisRequest& r) {
  check_table(r.high, "high-priority");
  check_table(r.low, "low-priority");
  if (r.high.empty()) throw QosError("the high-priority table is empty (it is mandatory)");
  if (r.limit > kMaxLimit)
    throw QosError("--limit " + std::to_string(r.limit) + ": allowed 0 to 255");
  if (r.runs < 1 || r.runs > 1000000)
    throw QosError("--runs " + std::to_string(r.runs) + ": allowed 1 to 1000000");
  if (r.packet_bytes < 64 || r.packet_bytes % 64 != 0 || r.packet_bytes > 4096)
    throw QosError("--packet-size " + std::to_string(r.packet_bytes) +
                   ": a multiple of 64 bytes from 64 to 4096 (the IB MTU)");
  IbAnalysis a;
  a.request = r;
  std::map<uint32_t, IbVlResult> vl;
  for (const auto& e : r.high) {
    auto& x = vl[e.vl];
    x.vl = e.vl;
    ++x.high_entries;
    x.high_weight += e.weight;
  }
  for (const auto& e : r.low) {
    auto& x = vl[e.vl];
    x.vl = e.vl;
    ++x.low_entries;
    x.low_weight += e.weight;
  }
  std::map<uint32_t, uint64_t> last;  // VL -> step of its last selection
  uint64_t step = 0;
  auto select = [&](uint32_t v) {
    IbVlResult& x = vl[v];
    auto it = last.find(v);
    if (it != last.end()) {
      const uint64_t dist = step - it->second;
      x.accum_distance += dist;
      x.max_distance = std::max(x.max_distance, dist);
    }
    last[v] = step;
    ++x.times_selected;
    ++step;
  };
  auto packets_of = [&](uint32_t weight) {
    return (uint64_t{weight} * 64 + r.packet_bytes - 1) / r.packet_bytes;
  };
  const bool low_any =
      std::any_of(r.low.begin(), r.low.end(), [](const IbEntry& e) { return e.weight != 0; });
  const uint64_t limit_bytes = uint64_t{r.limit} * 4096;
  uint64_t counter = 0;
  size_t lp = 0;
  const size_t n = r.high.size();
  for (uint64_t i = 0; i < n * r.runs; ++i) {
    const IbEntry& hp = r.high[i % n];
    if (hp.weight == 0) continue;
    select(hp.vl);
    for (uint64_t j = 0; j < packets_of(hp.weight); ++j) {
      if (r.limit != kNoLimit && low_any && counter >= limit_bytes) {
        while (r.low[lp].weight == 0) lp = (lp + 1) % r.low.size();
        const IbEntry& e = r.low[lp];
        lp = (lp + 1) % r.low.size();
        select(e.vl);
        vl[e.vl].packets += packets_of(e.weight);
        ++a.low_turns;
        counter = 0;
      }
      ++vl[hp.vl].packets;
      counter += r.packet_bytes;
    }
  }
  a.selections = step;
  for (auto& [v, x] : vl) a.packets += x.packets;
  for (auto& [v, x] : vl) {
    x.share = a.packets ? static_cast<double>(x.packets) / static_cast<double>(a.packets) : 0.0;
    x.distance = x.times_selected
                     ? static_cast<double>(x.accum_distance) / static_cast<double>(x.times_selected)
                     : 0.0;
    a.vls.push_back(x);
  }
  return a;
}

std::vector<IbEntry> parse_ib_table_csv(const std::string& text, const std::string& name) {
  std::vector<IbEntry> t;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    std::string s;
    for (char c : line)
      if (c != ' ' && c != '\t') s += c;
    if (s.empty()) continue;
    const std::string where = name + ":" + std::to_string(lineno) + ": ";
    const size_t comma = s.find(',');
    auto number = [&](const std::string& v, const char* what, uint32_t max) {
      if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos)
        throw QosError(where + "'" + line + "': expected VL,weight (two non-negative integers)");
      const uint32_t x = static_cast<uint32_t>(std::stoul(v));
      if (x > max)
        throw QosError(where + what + " " + v + " exceeds " + std::to_string(max) +
                       (max == kMaxWeight ? ", the 8-bit weight of an IB table entry"
                                          : " (VL15 is the management lane)"));
      return x;
    };
    if (comma == std::string::npos || s.find(',', comma + 1) != std::string::npos)
      throw QosError(where + "'" + line + "': expected VL,weight");
    t.push_back({number(s.substr(0, comma), "VL", kMaxVl),
                 number(s.substr(comma + 1), "weight", kMaxWeight)});
    if (t.size() > kMaxEntries)
      throw QosError(where + "more than 64 entries (an IB arbitration table has at most 64)");
  }
  return t;
}

std::string ib_table_csv(const std::vector<IbEntry>& t) {
  std::string s;
  for (const auto& e : t) s += std::to_string(e.vl) + "," + std::to_string(e.weight) + "\n";
  return s;
}

std::string ib_analysis_text(const IbAnalysis& a) {
  const auto& r = a.request;
  char b[256];
  std::string t;
  std::snprintf(b, sizeof b,
                "IB VL arbiter: %zu high-priority and %zu low-priority entries, "
                "LimitOfHighPriority %u%s, %u runs, %u-byte packets\n",
                r.high.size(), r.low.size(), r.limit,
                r.limit == 255 ? " (no limit)"
                : r.limit == 0 ? " (one high-priority packet at a time)"
                               : (" (" + std::to_string(r.limit * 4096) + " bytes)").c_str(),
                r.runs, r.packet_bytes);
  t += b;
  std::snprintf(b, sizeof b, "%-4s %7s %8s %7s %8s %12s %9s %10s %8s\n", "VL", "high", "weight",
                "low", "weight", "packets", "share", "distance", "max");
  t += b;
  for (const auto& x : a.vls) {
    std::snprintf(b, sizeof b, "%-4u %7u %8llu %7u %8llu %12llu %8.2f%% %10.4f %8llu\n", x.vl,
                  x.high_entries, static_cast<unsigned long long>(x.high_weight), x.low_entries,
                  static_cast<unsigned long long>(x.low_weight),
                  static_cast<unsigned long long>(x.packets), 100.0 * x.share, x.distance,
                  static_cast<unsigned long long>(x.max_distance));
    t += b;
  }
  std::snprintf(b, sizeof b,
                "%llu packets, %llu entry selections, %llu low-priority turns; distance: "
                "average entry distance in selections (thesis 003 Eq. 6.2)\n",
                static_cast<unsigned long long>(a.packets),
                static_cast<unsigned long long>(a.selections),
                static_cast<unsigned long long>(a.low_turns));
  return t + b;
}

std::string ib_analysis_json(const IbAnalysis& a) {
  nlohmann::ordered_json j;
  j["schema"] = "netcosim.qos-ib-analysis/1";
  j["limit"] = a.request.limit;
  j["runs"] = a.request.runs;
  j["packet_bytes"] = a.request.packet_bytes;
  j["packets"] = a.packets;
  j["selections"] = a.selections;
  j["low_turns"] = a.low_turns;
  j["vls"] = nlohmann::ordered_json::array();
  for (const auto& x : a.vls) {
    nlohmann::ordered_json v;
    v["vl"] = x.vl;
    v["high_entries"] = x.high_entries;
    v["high_weight"] = x.high_weight;
    v["low_entries"] = x.low_entries;
    v["low_weight"] = x.low_weight;
    v["packets"] = x.packets;
    v["share"] = x.share;
    v["times_selected"] = x.times_selected;
    v["distance"] = x.distance;
    v["max_distance"] = x.max_distance;
    j["vls"].push_back(v);
  }
  return j.dump(2) + "\n";
}

}  // namespace netcosim::qos
