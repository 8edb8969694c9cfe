// Lookups shared by the name registries (topologies, routing strategies, router architectures,
// traffic sources and patterns, engines): each is a table of entries with a `name` member.
#pragma once

#include <string>
#include <vector>

namespace netcosim {

// The entry named `name`, nullptr if none.
template <class Entry>
const Entry* find_entry(const std::vector<Entry>& registry, const std::string& name) {
  for (const Entry& e : registry)
    if (name == e.name) return &e;
  return nullptr;
}

// The entries' names in table order, separated by `sep` (the allowed values of a key).
template <class Entry>
std::string entry_names(const std::vector<Entry>& registry, const char* sep = "|") {
  std::string names;
  for (const Entry& e : registry) names += (names.empty() ? "" : sep) + std::string(e.name);
  return names;
}

}  // namespace netcosim
