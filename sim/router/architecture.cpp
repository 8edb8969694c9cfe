#include "sim/router/architecture.h"

#include "sim/router/cioq/cioq_factory.h"
#include "sim/util/registry.h"

namespace netcosim {

const std::vector<ArchitectureEntry>& architecture_registry() {
  static const std::vector<ArchitectureEntry> registry = {
      {"cioq",
       "combined input-output queued router with internal speedup and a separable input-first "
       "allocator (thesis 000 Sec. 1.2.2, Table 1.2)",
       make_cioq},
  };
  return registry;
}

const ArchitectureEntry& architecture_of(const Config& cfg) {
  const std::string& name = cfg.get_str("router.architecture");
  if (const ArchitectureEntry* e = find_entry(architecture_registry(), name)) return *e;
  throw ConfigError("router.architecture=" + name + ": not a registered architecture");
}

}  // namespace netcosim
