#include "sim/qos/table_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>

#include <nlohmann/json.hpp>

namespace netcosim::qos {

namespace {

using json = nlohmann::ordered_json;
constexpr const char* kSchema = "netcosim.qos-table/1";

const json& member(const json& o, const char* key, const std::string& where) {
  if (!o.is_object() || !o.contains(key)) throw QosError(where + ": no key '" + key + "'");
  return o.at(key);
}

uint32_t uint_of(const json& o, const char* key, const std::string& where, uint64_t max) {
  const json& v = member(o, key, where);
  if (!v.is_number_unsigned() || v.get<uint64_t>() > max)
    throw QosError(where + ": '" + key + "' is " + v.dump() + "; allowed an integer 0 to " +
                   std::to_string(max));
  return static_cast<uint32_t>(v.get<uint64_t>());
}

std::vector<IbEntry> ib_entries(const json& doc, const char* key, const std::string& name) {
  const json& a = member(doc, key, name);
  if (!a.is_array() || a.size() > 64)
    throw QosError(name + ": '" + key + "' must be an array of at most 64 entries");
  std::vector<IbEntry> t;
  for (size_t e = 0; e < a.size(); ++e) {
    const std::string where = name + ": " + key + "[" + std::to_string(e) + "]";
    IbEntry x;
    x.vl = uint_of(a[e], "vl", where, 14);
    x.weight = uint_of(a[e], "weight", where, 255);
    t.push_back(x);
  }
  return t;
}

}  // namespace

std::string qos_table_json(const DTableDesign& d, DTableTarget target) {
  json j;
  j["schema"] = kSchema;
  j["scheduler"] = "dtable";
  j["target"] = target == DTableTarget::Ib ? "ib" : "opa";
  j["credit_bytes"] = 64;
  j["sls"] = json::array();
  for (size_t i = 0; i < d.sls.size(); ++i)
    j["sls"].push_back({{"sl", i}, {"name", d.sls[i].name}, {"mtu", d.sls[i].mtu}});
  j["entries"] = json::array();
  for (const auto& e : d.table) j["entries"].push_back({{"sl", e.sl}, {"weight", e.weight}});
  return j.dump(1) + "\n";
}

std::string qos_table_json(const std::vector<IbEntry>& high, const std::vector<IbEntry>& low,
                           uint32_t limit) {
  json j;
  j["schema"] = kSchema;
  j["scheduler"] = "ib_vlarb";
  j["credit_bytes"] = 64;
  j["limit_of_high_priority"] = limit;
  for (const auto* t : {&high, &low}) {
    json& a = j[t == &high ? "high" : "low"] = json::array();
    for (const auto& e : *t) a.push_back({{"vl", e.vl}, {"weight", e.weight}});
  }
  return j.dump(1) + "\n";
}

QosTable parse_qos_table(const std::string& text, const std::string& name) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw QosError(name + ": not JSON: " + e.what());
  }
  if (!doc.is_object()) throw QosError(name + ": not a JSON object");
  const json& schema = member(doc, "schema", name);
  if (schema != kSchema)
    throw QosError(name + ": schema " + schema.dump() + "; expected \"" + kSchema + "\"");
  if (uint_of(doc, "credit_bytes", name, 1u << 20) != 64)
    throw QosError(name + ": credit_bytes must be 64 (the flow-control credit of thesis 003)");
  QosTable t;
  const json& sched = member(doc, "scheduler", name);
  if (!sched.is_string() || (sched != "dtable" && sched != "ib_vlarb"))
    throw QosError(name + ": scheduler " + sched.dump() + "; allowed \"dtable\", \"ib_vlarb\"");
  t.scheduler = sched.get<std::string>();
  if (t.scheduler == "ib_vlarb") {
    t.limit = uint_of(doc, "limit_of_high_priority", name, 255);
    t.high = ib_entries(doc, "high", name);
    t.low = ib_entries(doc, "low", name);
    if (t.high.empty())
      throw QosError(name + ": 'high' is empty (the high-priority table is mandatory)");
    return t;
  }
  const json& target = member(doc, "target", name);
  if (target != "opa" && target != "ib")
    throw QosError(name + ": target " + target.dump() + "; allowed \"opa\", \"ib\"");
  t.target = target == "ib" ? DTableTarget::Ib : DTableTarget::Opa;
  const bool ib = t.target == DTableTarget::Ib;
  const json& sls = member(doc, "sls", name);
  const size_t max_sls = ib ? 16 : 32;
  if (!sls.is_array() || sls.empty() || sls.size() > max_sls)
    throw QosError(name + ": 'sls' must be an array of 1 to " + std::to_string(max_sls) + " SLs");
  for (size_t i = 0; i < sls.size(); ++i) {
    const std::string where = name + ": sls[" + std::to_string(i) + "]";
    if (uint_of(sls[i], "sl", where, 31) != i)
      throw QosError(where + ": 'sl' must be " + std::to_string(i) + " (SLs in order)");
    const json& n = member(sls[i], "name", where);
    if (!n.is_string()) throw QosError(where + ": 'name' must be a string");
    QosSl s;
    s.name = n.get<std::string>();
    s.mtu = uint_of(sls[i], "mtu", where, 1u << 20);
    if (s.mtu < 1) throw QosError(where + ": 'mtu' must be at least 1 credit");
    t.sls.push_back(s);
  }
  const json& entries = member(doc, "entries", name);
  const size_t max_entries = ib ? 64 : 1024;
  if (!entries.is_array() || entries.empty() || entries.size() > max_entries)
    throw QosError(name + ": 'entries' must be an array of 1 to " + std::to_string(max_entries) +
                   " entries");
  std::vector<uint32_t> largest(t.sls.size(), 0);
  for (size_t e = 0; e < entries.size(); ++e) {
    const std::string where = name + ": entries[" + std::to_string(e) + "]";
    TableEntry x;
    x.sl = uint_of(entries[e], "sl", where, t.sls.size() - 1);
    x.weight = uint_of(entries[e], "weight", where, ib ? 255 : 0xffffffu);
    const QosSl& s = t.sls[x.sl];
    if (x.weight != 0 && x.weight < s.mtu)
      throw QosError(where + ": SL " + s.name + " weight " + std::to_string(x.weight) +
                     " is below its MTU (" + std::to_string(s.mtu) +
                     " credits): an entry must carry a whole message");
    if (x.weight > largest[x.sl]) largest[x.sl] = x.weight;
    t.entries.push_back(x);
  }
  if (ib)
    for (size_t i = 0; i < t.sls.size(); ++i)
      if (largest[i] != 0 && largest[i] + t.sls[i].mtu - 1 > 255)
        throw QosError(name + ": SL " + t.sls[i].name + ": entry " + std::to_string(largest[i]) +
                       " + deficit up to MTU - 1 = " + std::to_string(t.sls[i].mtu - 1) +
                       " exceeds 255, the 8-bit accumulator entry of the IB mapping");
  return t;
}

std::string qos_table_text(const QosTable& t) {
  if (t.scheduler == "ib_vlarb") {
    IbAnalysisRequest r;
    r.high = t.high;
    r.low = t.low;
    r.limit = t.limit;
    return ib_analysis_text(analyse_ib(r));
  }
  char b[256];
  const uint32_t n = static_cast<uint32_t>(t.entries.size());
  uint64_t total = 0;
  for (const auto& e : t.entries) total += e.weight;
  std::string s;
  std::snprintf(b, sizeof b, "DTable (%s): %u entries, total weight %llu\n",
                t.target == DTableTarget::Ib ? "IB" : "OPA", n,
                static_cast<unsigned long long>(total));
  s += b;
  std::snprintf(b, sizeof b, "%-4s %-8s %5s %8s %6s %6s %9s %8s\n", "SL", "name", "MTU", "entries",
                "min", "max", "share", "distance");
  s += b;
  for (uint32_t sl = 0; sl < t.sls.size(); ++sl) {
    uint32_t count = 0, lo = ~uint32_t{0}, hi = 0;
    uint64_t sum = 0;
    int first = -1, prev = -1;
    uint32_t dist = 0;
    for (uint32_t e = 0; e < n; ++e) {
      const TableEntry& x = t.entries[e];
      if (x.sl != sl || x.weight == 0) continue;
      ++count;
      sum += x.weight;
      lo = std::min(lo, x.weight);
      hi = std::max(hi, x.weight);
      if (prev >= 0) dist = std::max(dist, e - static_cast<uint32_t>(prev));
      if (first < 0) first = static_cast<int>(e);
      prev = static_cast<int>(e);
    }
    if (count != 0)
      dist = std::max(dist, static_cast<uint32_t>(first) + n - static_cast<uint32_t>(prev));
    std::snprintf(b, sizeof b, "%-4u %-8s %5u %8u %6u %6u %8.4f%% %8u\n", sl,
                  t.sls[sl].name.c_str(), t.sls[sl].mtu, count, count ? lo : 0, hi,
                  total ? 100.0 * static_cast<double>(sum) / static_cast<double>(total) : 0.0,
                  dist);
    s += b;
  }
  return s +
         "share: the SL's weights over all weights (thesis 003 Eq. 6.1); distance: the "
         "largest gap between two consecutive entries of the SL, cyclically\n";
}

SlRequest parse_sl_spec(const std::string& spec) {
  const std::string opt = "--sl '" + spec + "': ";
  const size_t colon = spec.find(':');
  if (colon == std::string::npos) throw QosError(opt + "expected NAME:distance=D,mtu=M,phi=P");
  SlRequest r;
  r.name = spec.substr(0, colon);
  if (r.name.empty() || r.name.size() > 16 ||
      !std::all_of(r.name.begin(), r.name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '_';
      }))
    throw QosError(opt + "the name must be 1 to 16 letters, digits or '_'");
  std::map<std::string, std::string> kv;
  std::string rest = spec.substr(colon + 1);
  size_t pos = 0;
  while (pos <= rest.size()) {
    const size_t comma = std::min(rest.find(',', pos), rest.size());
    const std::string item = rest.substr(pos, comma - pos);
    const size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw QosError(opt + "'" + item + "' is not KEY=VALUE (keys: distance, mtu, phi)");
    const std::string key = item.substr(0, eq);
    if (key != "distance" && key != "mtu" && key != "phi")
      throw QosError(opt + "unknown key '" + key + "'; allowed: distance, mtu, phi");
    if (!kv.emplace(key, item.substr(eq + 1)).second)
      throw QosError(opt + "'" + key + "' given twice");
    pos = comma + 1;
  }
  for (const char* key : {"distance", "mtu", "phi"})
    if (kv.count(key) == 0) throw QosError(opt + "'" + key + "' is missing");
  auto integer = [&](const char* key, uint32_t& out) {
    const std::string& v = kv[key];
    if (v.empty() || v.size() > 7 || v.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(v) < 1)
      throw QosError(opt + key + " '" + v + "': expected an integer from 1 to 9999999");
    out = static_cast<uint32_t>(std::stoul(v));
  };
  integer("distance", r.distance);
  integer("mtu", r.mtu);
  if (!parse_decimal(kv["phi"], r.phi))
    throw QosError(opt + "phi '" + kv["phi"] +
                   "': expected a decimal number such as 0.25 (at most 9 decimals)");
  return r;
}

std::string read_input_file(const std::string& path) {
  constexpr size_t kMax = 1 << 20;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw QosError("cannot read '" + path + "': " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw QosError("'" + path + "' is not a regular file");
  if (static_cast<uint64_t>(st.st_size) > kMax)
    throw QosError("'" + path + "' is larger than the limit of 1 MiB");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw QosError("cannot read '" + path + "': " + std::strerror(errno));
  std::string text(kMax + 1, '\0');
  size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, &text[got], text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      throw QosError("cannot read '" + path + "': " + std::strerror(err));
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  if (got > kMax) throw QosError("'" + path + "' is larger than the limit of 1 MiB");
  text.resize(got);
  return text;
}

}  // namespace netcosim::qos
