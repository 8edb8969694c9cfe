#include "sim/router/architecture.h"

#include "sim/router/cioq/cioq_factory.h"
#include "sim/router/ib/ib_factory.h"
#include "sim/util/registry.h"

namespace netcosim {

const std::vector<ArchitectureEntry>& architecture_registry() {
  static const std::vector<ArchitectureEntry> registry = {
      {"cioq",
       "combined input-output queued router with internal speedup and a separable input-first "
       "allocator (thesis 000 Sec. 1.2.2, Table 1.2)",
       make_cioq},
      {"ib",
       "InfiniBand switch: input and output buffers per port shared by the VLs, a separable "
       "VA-SA allocator, an unbuffered crossbar, output queues per VL (thesis 003 Sec. 5.3.1)",
       make_ib_switches},
      {"opa",
       "Omni-Path hierarchical switch: MPorts of 4 ports with a 4:6 crossbar, a buffered central "
       "crossbar with VLs, two VA-SA stages across MPorts (thesis 003 Sec. 2.2, Figs. 2.1/4.2/5.1)",
       make_opa_switches},
  };
  return registry;
}

const ArchitectureEntry& architecture_of(const Config& cfg) {
  const std::string& name = cfg.get_str("router.architecture");
  if (const ArchitectureEntry* e = find_entry(architecture_registry(), name)) return *e;
  throw ConfigError("router.architecture=" + name + ": not a registered architecture");
}

}  // namespace netcosim
