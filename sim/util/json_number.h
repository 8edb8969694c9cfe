// Numbers in netcosim's JSON documents, which are all written and read with nlohmann-json.
// Writing: a double that is not finite (an average over no packets, a confidence interval of one
// seed) is written as null, on purpose (JSON has no NaN or infinity; the schemas and docs say
// null). Reading: the number stored under "key" in a JSON text whose keys are unique (a
// netcosim.run/1 document, a co-simulation bench's one-line result), enough to read a few figures
// back from a child process; the key is looked for at any depth.
#pragma once

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

namespace netcosim::util {

// `v` as a JSON number, or null when it is NaN or infinite.
inline nlohmann::ordered_json finite_or_null(double v) {
  return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr);
}

namespace detail {
inline const nlohmann::json* find_json_key(const nlohmann::json& j, const std::string& key) {
  if (j.is_object()) {
    const auto it = j.find(key);
    if (it != j.end()) return &*it;
  }
  if (j.is_structured())
    for (const auto& child : j)
      if (const nlohmann::json* hit = find_json_key(child, key)) return hit;
  return nullptr;
}
}  // namespace detail

// False if the text is not JSON, or the key is absent or does not hold a number (null included).
inline bool find_json_number(const std::string& text, const std::string& key, double& out) {
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return false;
  const nlohmann::json* v = detail::find_json_key(doc, key);
  if (v == nullptr || !v->is_number()) return false;
  out = v->get<double>();
  return true;
}

}  // namespace netcosim::util
