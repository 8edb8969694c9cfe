#include "sim/qos/dtable_design.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include <nlohmann/json.hpp>

namespace netcosim::qos {

namespace {

constexpr uint32_t kMaxEntries = 1024;
constexpr uint32_t kOpaSls = 32, kIbSls = 16, kIbEntries = 64, kIbWeightMax = 255;
constexpr int64_t kMaxTenths = 10000;  // k and w up to 1000

std::string fmt(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// A decimal from num / den (den a power of ten), shortest text.
Decimal make_decimal(int64_t num, int64_t den) {
  std::string s = std::to_string(num / den);
  int64_t frac = num % den;
  if (frac != 0) {
    std::string f;
    for (int64_t d = den / 10; d >= 1; d /= 10) {
      f += static_cast<char>('0' + frac / d);
      frac %= d;
    }
    while (!f.empty() && f.back() == '0') f.pop_back();
    s += "." + f;
  }
  return Decimal{num, den, s};
}

// r = a / b as a double (for display only).
double ratio(i128 a, i128 b) {
  return static_cast<double>(a) / static_cast<double>(b);
}

// phi_i >= min phi_i = n x MTU / (N x GMTU x k)  <=>  phi_num x N x GMTU x k_num >= n x MTU x
// k_den x phi_den (strict for the backtracking's "lower than").
i128 min_lhs(const SlRequest& s, uint32_t N, uint32_t G, const Decimal& k) {
  return i128{s.phi.num} * N * G * k.num;
}
i128 min_rhs(const SlRequest& s, uint32_t n, const Decimal& k) {
  return i128{n} * s.mtu * k.den * s.phi.den;
}
// phi_i <= max phi_i = n x w / (N x k)  <=>  phi_num x N x k_num x w_den <= n x w_num x k_den x
// phi_den.
i128 max_lhs(const SlRequest& s, uint32_t N, const Decimal& k, const Decimal& w) {
  return i128{s.phi.num} * N * k.num * w.den;
}
i128 max_rhs(const SlRequest& s, uint32_t n, const Decimal& k, const Decimal& w) {
  return i128{n} * w.num * k.den * s.phi.den;
}

void validate(const DTableRequest& r) {
  const bool ib = r.target == DTableTarget::Ib;
  if (r.entries < 1 || r.entries > (ib ? kIbEntries : kMaxEntries))
    throw QosError(
        "--entries " + std::to_string(r.entries) + ": allowed 1 to " +
        std::to_string(ib ? kIbEntries : kMaxEntries) +
        (ib ? " (the 64 high-priority entries of an IB port, thesis 003 Sec. 5.4.1)" : ""));
  if (r.gmtu < 1) throw QosError("--gmtu 0: the GMTU is at least 1 credit");
  const uint32_t max_sls = ib ? kIbSls : kOpaSls;
  if (r.sls.empty()) throw QosError("no SL given (--sl NAME:distance=D,mtu=M,phi=P)");
  if (r.sls.size() > max_sls)
    throw QosError(std::to_string(r.sls.size()) + " SLs: allowed at most " +
                   std::to_string(max_sls) + (ib ? " (IB)" : " (OPA)"));
  i128 sum_num = 0, den = 1;
  for (const auto& s : r.sls) den = std::max<i128>(den, s.phi.den);
  for (const auto& s : r.sls) {
    if (s.distance < 1 || r.entries % s.distance != 0)
      throw QosError("SL " + s.name + ": distance " + std::to_string(s.distance) +
                     " does not divide the " + std::to_string(r.entries) +
                     " entries of the table (its entries are N / distance apart)");
    if (s.mtu < 1 || s.mtu > r.gmtu)
      throw QosError("SL " + s.name + ": MTU " + std::to_string(s.mtu) +
                     " credits is outside [1, GMTU = " + std::to_string(r.gmtu) + "]");
    if (s.phi.num <= 0)
      throw QosError("SL " + s.name + ": share " + s.phi.text + " must be above 0");
    sum_num += i128{s.phi.num} * (den / s.phi.den);
  }
  // The shares add up to the link: 1, within 0.001.
  if (sum_num * 1000 < 999 * den || sum_num * 1000 > 1001 * den)
    throw QosError("the shares add up to " + fmt("%.6g", ratio(sum_num, den)) +
                   "; they must add up to 1 (within 0.001)");
  uint32_t used = 0;
  for (const auto& s : r.sls) used += r.entries / s.distance;
  if (used > r.entries)
    throw QosError("the SLs' distances ask for " + std::to_string(used) +
                   " entries; the table has " + std::to_string(r.entries));
}

// The smallest k (steps of 0.1 from 0.1) with min phi_i < phi_i for every SL.
Decimal backtrack_k(uint32_t N, uint32_t G, const std::vector<SlRequest>& sls) {
  for (int64_t t = 1; t <= kMaxTenths; ++t) {
    const Decimal k = tenths(t);
    bool ok = true;
    for (const auto& s : sls)
      if (!(min_lhs(s, N, G, k) > min_rhs(s, N / s.distance, k))) ok = false;
    if (ok) return make_decimal(t, 10);
  }
  throw QosError("backtracking: no k up to 1000 gives every SL min phi below its share");
}

// w from k in steps of 0.1 until max phi_i > phi_i for every SL.
Decimal backtrack_w(uint32_t N, const std::vector<SlRequest>& sls, const Decimal& k) {
  const int64_t den = std::max<int64_t>(k.den, 10);
  for (int64_t j = 0; j <= kMaxTenths; ++j) {
    const Decimal w = make_decimal(k.num * (den / k.den) + j * (den / 10), den);
    bool ok = true;
    for (const auto& s : sls)
      if (!(max_rhs(s, N / s.distance, k, w) > max_lhs(s, N, k, w))) ok = false;
    if (ok) return w;
  }
  throw QosError("backtracking: no w up to k + 1000 gives every SL max phi above its share");
}

}  // namespace

std::vector<int> layout_entries(uint32_t entries, const std::vector<SlRequest>& sls) {
  std::vector<int> slot(entries, -1);
  std::vector<size_t> order(sls.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return sls[a].distance < sls[b].distance; });
  for (size_t i : order) {
    const uint32_t d = sls[i].distance;
    bool placed = false;
    for (uint32_t o = 0; o < d && !placed; ++o) {
      bool free = true;
      for (uint32_t e = o; e < entries; e += d) free = free && slot[e] < 0;
      if (!free) continue;
      for (uint32_t e = o; e < entries; e += d) slot[e] = static_cast<int>(i);
      placed = true;
    }
    if (!placed)
      throw QosError("SL " + sls[i].name + ": no offset leaves entries every " + std::to_string(d) +
                     " free (the SLs of shorter distances took them)");
  }
  return slot;
}

void spread_correction(std::vector<TableEntry>& table, const std::vector<int64_t>& dweight,
                       const std::vector<uint32_t>& mtu, uint32_t max_entry,
                       const std::vector<std::string>& names) {
  for (size_t i = 0; i < dweight.size(); ++i) {
    int64_t left = dweight[i];
    if (left == 0) continue;
    const int step = left > 0 ? 1 : -1;
    while (left != 0) {
      bool progress = false;
      for (size_t e = table.size(); e-- > 0 && left != 0;) {
        TableEntry& t = table[e];
        if (t.sl != i || t.weight == 0) continue;
        if (step < 0 && t.weight <= mtu[i]) continue;
        if (step > 0 && max_entry != 0 && t.weight >= max_entry) continue;
        t.weight += step;
        left -= step;
        progress = true;
      }
      if (!progress) {
        if (step < 0)
          throw QosError("SL " + names[i] + ": Dweight " + std::to_string(dweight[i]) +
                         " cannot be spread: its entries would go below its MTU (" +
                         std::to_string(mtu[i]) + " credits)");
        throw QosError("SL " + names[i] + ": Dweight +" + std::to_string(dweight[i]) +
                       " cannot be spread: its entries would exceed " + std::to_string(max_entry) +
                       ", the 8-bit weight of an IB table entry (thesis 003 Sec. 5.3.1)");
      }
    }
  }
}

void backtrack_k_w(uint32_t entries, uint32_t gmtu, const std::vector<SlRequest>& sls, Decimal& k,
                   Decimal& w) {
  k = backtrack_k(entries, gmtu, sls);
  w = backtrack_w(entries, sls, k);
}

DTableDesign design_dtable(const DTableRequest& r) {
  validate(r);
  const bool ib = r.target == DTableTarget::Ib;
  const uint32_t N = r.entries, G = r.gmtu;
  DTableDesign d;
  d.entries = N;
  d.gmtu = G;
  d.sls = r.sls;
  if (!r.k && r.w) throw QosError("--w needs --k (or neither: backtracking)");
  d.backtracked = !r.w;
  d.k_backtracked = !r.k;
  d.k = r.k ? *r.k : backtrack_k(N, G, r.sls);
  if (d.k.num <= 0) throw QosError("--k " + d.k.text + ": must be above 0");
  if (r.w) {
    d.w = *r.w;
    if (i128{d.w.num} * d.k.den < i128{d.k.num} * d.w.den)
      throw QosError("--w " + d.w.text + " is below --k " + d.k.text +
                     ": the pool N x GMTU x k cannot exceed N x M = N x GMTU x w");
  } else {
    d.w = backtrack_w(N, r.sls, d.k);
    d.w_text_rule = d.w;
  }
  const size_t S = r.sls.size();
  // pool = N x G x k_num / k_den.
  d.pool = static_cast<double>(N) * G * d.k.value();
  d.sl.resize(S);
  std::vector<uint32_t> mtu(S);
  std::vector<std::string> names(S);
  for (size_t i = 0; i < S; ++i) {
    const SlRequest& s = r.sls[i];
    SlDesign& o = d.sl[i];
    mtu[i] = s.mtu;
    names[i] = s.name;
    o.entries = N / s.distance;
    o.min_phi = ratio(i128{o.entries} * s.mtu * d.k.den, i128{N} * G * d.k.num);
    o.max_phi = ratio(i128{o.entries} * d.w.num * d.k.den, i128{N} * d.k.num * d.w.den);
    if (min_lhs(s, N, G, d.k) < min_rhs(s, o.entries, d.k))
      throw QosError("SL " + s.name + ": share " + s.phi.text +
                     " is below min phi = " + fmt("%.6g", o.min_phi) + " (n_i x MTU_i / pool = " +
                     std::to_string(o.entries) + " x " + std::to_string(s.mtu) + " / " +
                     fmt("%g", d.pool) + "): its entries would be below its MTU");
    if (max_lhs(s, N, d.k, d.w) > max_rhs(s, o.entries, d.k, d.w))
      throw QosError("SL " + s.name + ": share " + s.phi.text + " is above max phi = " +
                     fmt("%.6g", o.max_phi) + " (n_i x w / (N x k) = " + std::to_string(o.entries) +
                     " x " + d.w.text + " / (" + std::to_string(N) + " x " + d.k.text + "))");
    // entry weight = ceil(pool x phi / n) = ceil(N G k_num phi_num / (k_den phi_den n)).
    const i128 num = i128{N} * G * d.k.num * s.phi.num;
    const i128 den = i128{d.k.den} * s.phi.den * o.entries;
    const i128 ew = ceil_div(num, den);
    if (ib && ew > kIbWeightMax)
      throw QosError("SL " + s.name + ": entry weight " + std::to_string(static_cast<int64_t>(ew)) +
                     " exceeds 255, the 8-bit weight of an IB table entry (thesis 003 Sec. 5.3.1)");
    if (ew > 0xffffffff) throw QosError("SL " + s.name + ": entry weight too large");
    o.entry_weight = static_cast<uint32_t>(ew);
    o.tweight = d.pool * s.phi.value();
    o.total_before = uint64_t{o.entries} * o.entry_weight;
    d.total_before += o.total_before;
  }
  const std::vector<int> slot = layout_entries(N, r.sls);
  d.before.resize(N);
  for (uint32_t e = 0; e < N; ++e)
    if (slot[e] >= 0) d.before[e] = {static_cast<uint32_t>(slot[e]), d.sl[slot[e]].entry_weight};
  const uint32_t unused = static_cast<uint32_t>(std::count(slot.begin(), slot.end(), -1));
  if (unused != 0)
    d.notes.push_back(std::to_string(unused) + " of the " + std::to_string(N) +
                      " entries are empty (weight 0, never selected)");
  // Dweight_i = -Round((R phi_i - phi_i) x sum) = Round(phi_i x sum - sum_i).
  std::vector<int64_t> dweight(S);
  for (size_t i = 0; i < S; ++i) {
    const SlRequest& s = r.sls[i];
    SlDesign& o = d.sl[i];
    o.r_phi = ratio(o.total_before, d.total_before);
    const i128 x = i128{s.phi.num} * d.total_before - i128{o.total_before} * s.phi.den;
    o.dweight = static_cast<int64_t>(round_div(x, s.phi.den));
    dweight[i] = o.dweight;
  }
  d.table = d.before;
  spread_correction(d.table, dweight, mtu, ib ? kIbWeightMax : 0, names);
  for (size_t i = 0; i < S; ++i) {
    SlDesign& o = d.sl[i];
    o.min_entry = ~uint32_t{0};
    for (const auto& t : d.table) {
      if (t.sl != i || t.weight == 0) continue;
      o.total_after += t.weight;
      o.min_entry = std::min(o.min_entry, t.weight);
      o.max_entry = std::max(o.max_entry, t.weight);
    }
    d.total_after += o.total_after;
    o.max_accumulator = r.sls[i].mtu - 1 + o.max_entry;
  }
  for (size_t i = 0; i < S; ++i) d.sl[i].f_phi = ratio(d.sl[i].total_after, d.total_after);
  if (ib) {
    // Sec. 5.4.1: the accumulated weight (a deficit of at most MTU_i - 1 plus an entry) lives in
    // one 8-bit low-priority entry.
    for (size_t i = 0; i < S; ++i)
      if (d.sl[i].max_accumulator > kIbWeightMax)
        throw QosError("SL " + r.sls[i].name + ": its accumulated weight can reach " +
                       std::to_string(d.sl[i].max_accumulator) + " (entry " +
                       std::to_string(d.sl[i].max_entry) +
                       " + deficit up to MTU - 1 = " + std::to_string(r.sls[i].mtu - 1) +
                       "), above 255, the 8-bit accumulator entry of the IB mapping (thesis 003 "
                       "Sec. 5.4.1)");
  }
  // M = G x w; the backtracking raises w until no corrected entry exceeds it.
  auto largest = [&] {
    uint32_t m = 0;
    for (const auto& t : d.table) m = std::max(m, t.weight);
    return m;
  };
  if (d.backtracked) {
    const int64_t den = d.w.den;
    int64_t num = d.w.num;
    while (i128{G} * num < i128{largest()} * den) num += den / 10;
    d.w = make_decimal(num, den);
    for (size_t i = 0; i < S; ++i)
      d.sl[i].max_phi =
          ratio(i128{d.sl[i].entries} * d.w.num * d.k.den, i128{N} * d.k.num * d.w.den);
  }
  d.max_weight = G * d.w.value();
  for (size_t i = 0; i < S; ++i)
    if (i128{d.sl[i].max_entry} * d.w.den > i128{G} * d.w.num)
      d.notes.push_back("SL " + r.sls[i].name + ": entry weight " +
                        std::to_string(d.sl[i].max_entry) +
                        " exceeds M = GMTU x w = " + fmt("%g", d.max_weight));
  return d;
}

std::string dtable_report_text(const DTableDesign& d) {
  std::string t;
  char b[512];
  std::snprintf(b, sizeof b,
                "DTable: N = %u entries, GMTU = %u credits, w = %s, k = %s: M = %g, pool = %g%s\n",
                d.entries, d.gmtu, d.w.text.c_str(), d.k.text.c_str(), d.max_weight, d.pool,
                d.k_backtracked ? " (k and w by backtracking)"
                : d.backtracked ? " (w by backtracking)"
                                : "");
  t += b;
  if (d.backtracked && d.w_text_rule.text != d.w.text)
    t += "  backtracking: the shares alone give w = " + d.w_text_rule.text + "; raised to " +
         d.w.text + " so that no entry exceeds M = GMTU x w\n";
  std::snprintf(b, sizeof b, "%-4s %-6s %5s %6s %7s %5s %8s %8s %8s %9s %6s %8s %8s %8s %8s %8s\n",
                "SL", "name", "dist", "#entr", "%entr", "MTU", "minphi", "maxphi", "phi", "E.W.",
                "sumW", "Rphi", "Dweight", "E.W.'", "T.W.", "Fphi");
  t += b;
  for (size_t i = 0; i < d.sl.size(); ++i) {
    const SlDesign& o = d.sl[i];
    const SlRequest& s = d.sls[i];
    std::string ew = std::to_string(o.min_entry);
    if (o.max_entry != o.min_entry) ew += "-" + std::to_string(o.max_entry);
    std::snprintf(b, sizeof b,
                  "%-4zu %-6s %5u %6u %6.3f%% %5u %8.5g %8.5g %8s %9u %6llu %8.5f %+8lld %8s %8llu "
                  "%8.5f\n",
                  i, s.name.c_str(), s.distance, o.entries, 100.0 * o.entries / d.entries, s.mtu,
                  o.min_phi, o.max_phi, s.phi.text.c_str(), o.entry_weight,
                  static_cast<unsigned long long>(o.total_before), o.r_phi,
                  static_cast<long long>(o.dweight), ew.c_str(),
                  static_cast<unsigned long long>(o.total_after), o.f_phi);
    t += b;
  }
  std::snprintf(b, sizeof b, "total: %llu before the correction, %llu after\n",
                static_cast<unsigned long long>(d.total_before),
                static_cast<unsigned long long>(d.total_after));
  t += b;
  t += "table (entry: SL weight):\n";
  for (size_t e = 0; e < d.table.size(); ++e) {
    std::snprintf(b, sizeof b, "%s%4zu: %2u %4u", e % 8 == 0 ? "  " : "  ", e, d.table[e].sl,
                  d.table[e].weight);
    t += b;
    if (e % 8 == 7 || e + 1 == d.table.size()) t += "\n";
  }
  for (const auto& n : d.notes) t += "note: " + n + "\n";
  return t;
}

std::string dtable_report_json(const DTableDesign& d) {
  nlohmann::ordered_json j;
  j["schema"] = "netcosim.qos-dtable/1";
  j["entries"] = d.entries;
  j["gmtu"] = d.gmtu;
  j["w"] = d.w.value();
  j["k"] = d.k.value();
  j["backtracked"] = d.backtracked;
  j["max_weight"] = d.max_weight;
  j["pool"] = d.pool;
  j["sls"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < d.sl.size(); ++i) {
    const SlDesign& o = d.sl[i];
    const SlRequest& s = d.sls[i];
    nlohmann::ordered_json x;
    x["sl"] = i;
    x["name"] = s.name;
    x["distance"] = s.distance;
    x["entries"] = o.entries;
    x["mtu"] = s.mtu;
    x["min_phi"] = o.min_phi;
    x["max_phi"] = o.max_phi;
    x["phi"] = s.phi.value();
    x["tweight"] = o.tweight;
    x["entry_weight"] = o.entry_weight;
    x["total_before"] = o.total_before;
    x["r_phi"] = o.r_phi;
    x["dweight"] = o.dweight;
    x["total_weight"] = o.total_after;
    x["f_phi"] = o.f_phi;
    x["min_entry"] = o.min_entry;
    x["max_entry"] = o.max_entry;
    j["sls"].push_back(x);
  }
  j["total_before"] = d.total_before;
  j["total_weight"] = d.total_after;
  j["table"] = nlohmann::ordered_json::array();
  for (const auto& e : d.table) j["table"].push_back({{"sl", e.sl}, {"weight", e.weight}});
  j["notes"] = d.notes;
  return j.dump(2) + "\n";
}

}  // namespace netcosim::qos
