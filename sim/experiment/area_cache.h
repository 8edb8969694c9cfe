// The synthesis cache of `netcosim area` (docs/area.md "Cache"): one JSON file per block,
// parameters, RTL text and yosys version, so that a second call with the same blocks reads its
// figures instead of synthesizing again. A changed RTL file or another yosys gives another key.
#pragma once

#include <string>

#include "sim/experiment/area.h"

namespace netcosim::experiment {

// $NETCOSIM_CACHE_DIR/area, else $XDG_CACHE_HOME/netcosim/area, else $HOME/.cache/netcosim/area;
// "" when none of them is set.
std::string default_area_cache_dir();

// The key of one synthesis: the block, its parameters, a 64-bit FNV-1a hash of its RTL files'
// text (rtl_dir/file, in the catalogue's order) and the yosys version line.
std::string area_cache_key(const std::string& rtl_dir, const rtl::RtlBlock& b,
                           const std::string& params, const std::string& yosys_version);

// The cached row of `key` in `dir`; false when there is none or it does not parse.
bool area_cache_load(const std::string& dir, const std::string& key, AreaRow& row);
// Stores `row` under `key` (the directory is created; the file is written whole or not at all).
// False, with `why`, when it cannot be written: the caller reports it and goes on.
bool area_cache_store(const std::string& dir, const std::string& key, const AreaRow& row,
                      std::string& why);

}  // namespace netcosim::experiment
