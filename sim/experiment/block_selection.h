// The RTL blocks named on the command line of `netcosim cosim` and `netcosim area`
// (rtl/catalog.h), shared by both subcommands: every block of the catalogue when none is named.
#pragma once

#include <string>
#include <vector>

#include "rtl/catalog.h"

namespace netcosim::experiment {

// The blocks of `names` in the order given, or every block when `names` is empty. An unknown name
// sets `unknown` to "unknown block 'NAME'; allowed: <the catalogue's names>" and returns nothing.
inline std::vector<const rtl::RtlBlock*> select_blocks(const std::vector<std::string>& names,
                                                       std::string& unknown) {
  std::vector<const rtl::RtlBlock*> blocks;
  for (const auto& name : names) {
    blocks.push_back(rtl::find_rtl_block(name));
    if (blocks.back() == nullptr) {
      unknown = "unknown block '" + name + "'; allowed: " + rtl::rtl_block_names();
      return {};
    }
  }
  if (blocks.empty())
    for (const auto& b : rtl::rtl_blocks()) blocks.push_back(&b);
  return blocks;
}

}  // namespace netcosim::experiment
