// The synthesis cache of `netcosim area` (area_cache.h).
#include "sim/experiment/area_cache.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sim/util/output_file.h"

namespace netcosim::experiment {

namespace {

uint64_t fnv1a(const std::string& text, uint64_t h = 1469598103934665603ull) {
  for (const unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

std::string cache_file(const std::string& dir, const std::string& key) {
  return dir + "/" + key.substr(0, key.find('|')) + "-" + hex64(fnv1a(key)) + ".json";
}

}  // namespace

std::string default_area_cache_dir() {
  if (const char* d = std::getenv("NETCOSIM_CACHE_DIR"); d != nullptr && *d != '\0')
    return std::string(d) + "/area";
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d != nullptr && *d != '\0')
    return std::string(d) + "/netcosim/area";
  if (const char* d = std::getenv("HOME"); d != nullptr && *d != '\0')
    return std::string(d) + "/.cache/netcosim/area";
  return "";
}

std::string area_cache_key(const std::string& rtl_dir, const rtl::RtlBlock& b,
                           const std::string& params, const std::string& yosys_version) {
  uint64_t h = fnv1a("");
  for (const char* f : b.rtl_files) {
    std::ifstream in(rtl_dir + "/" + f, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    h = fnv1a(std::string(f) + '\n' + text.str(), h);
  }
  return std::string(b.block) + "|" + params + "|" + hex64(h) + "|" + yosys_version;
}

bool area_cache_load(const std::string& dir, const std::string& key, AreaRow& row) {
  if (dir.empty()) return false;
  std::ifstream in(cache_file(dir, key));
  if (!in) return false;
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("key") || j["key"] != key) return false;
  try {
    row.block = j.at("block").get<std::string>();
    row.params = j.at("params").get<std::string>();
    row.cells = j.at("cells").get<long long>();
    row.flip_flops = j.at("flip_flops").get<long long>();
    row.cmos_cells = j.at("cmos_cells").get<long long>();
    row.transistors = j.at("transistors").get<long long>();
    row.transistors_partial = j.at("transistors_partial").get<bool>();
    row.depth = j.at("depth").get<long long>();
    row.nand2 = static_cast<double>(row.transistors) / 4.0;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
  return true;
}

bool area_cache_store(const std::string& dir, const std::string& key, const AreaRow& row,
                      std::string& why) {
  if (dir.empty()) return true;
  nlohmann::ordered_json j;
  j["key"] = key;
  j["block"] = row.block;
  j["params"] = row.params;
  j["cells"] = row.cells;
  j["flip_flops"] = row.flip_flops;
  j["cmos_cells"] = row.cmos_cells;
  j["transistors"] = row.transistors;
  j["transistors_partial"] = row.transistors_partial;
  j["depth"] = row.depth;
  try {
    util::prepare_output_dir(dir);
    util::write_output_file(cache_file(dir, key), j.dump(2) + "\n");
  } catch (const util::OutputError& e) {
    why = e.what();
    return false;
  }
  return true;
}

}  // namespace netcosim::experiment
