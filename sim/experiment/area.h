// yosys area estimates of the RTL blocks (`netcosim area`, docs/area.md). Per block and parameter
// set of rtl/catalog.h:
//   read_verilog -sv FILES; chparam -set K V ... TOP; synth -flatten -top TOP; stat
//   dffunmap; abc -g cmos2; stat -tech cmos; ltp -noff
// cells and flip-flops come from the first stat (yosys's generic gate library, before dffunmap);
// transistors from the last (without dffunmap some flip-flops are not counted and yosys prints
// the total with a '+'); NAND2 equivalents = transistors / 4 (a CMOS NAND2 has 4 transistors);
// logic depth = the longest path in cmos2 gates between flip-flops and ports (ltp -noff).
// yosys runs in the RTL directory and the script names the files by their bare names: no path is
// ever written into a yosys script.
#pragma once

#include <string>
#include <vector>

#include "rtl/catalog.h"

namespace netcosim::experiment {

struct AreaRow {
  std::string block, params;
  long long cells = 0, flip_flops = 0, cmos_cells = 0, transistors = 0, depth = 0;
  bool transistors_partial = false;
  double nand2 = 0;
};

// The yosys script of one block and parameter set; throws std::invalid_argument if an RTL file
// name is not a plain name (letters, digits, '_', '.').
std::string yosys_script(const rtl::RtlBlock& b, const rtl::RtlParamSet& set);

// The figures of a yosys log of that script; false (with `why`) if it has not the two stat
// sections, or if yosys inferred a latch (the row is still filled).
bool parse_yosys_log(const std::string& log, const std::string& top, AreaRow& row,
                     std::string& why);

// The first executable `prog` in PATH, "" if none.
std::string find_in_path(const std::string& prog);

// Synthesizes one parameter set with `yosys` in `rtl_dir`. Latch: the row is filled but yosys
// inferred a latch; BadParameters: the block's own elaboration check refused the parameters
// (an `$error("<block>: ...")` of its RTL; `why` holds that message); Failed: `why` holds the
// exit status, the script and the tail of the log.
enum class SynthResult { Ok, Latch, BadParameters, Failed };
SynthResult synthesize(const std::string& yosys, const std::string& rtl_dir, const rtl::RtlBlock& b,
                       const rtl::RtlParamSet& set, AreaRow& row, std::string& why);

std::string area_table_text(const std::vector<AreaRow>& rows);
// The DTable / DRR ratio of NAND2 equivalents for every pair of dtable_arbiter and drr_arbiter
// rows with the same lanes and widths (S = V, WW = QW, the same SW), next to the ratio thesis 003
// cites (Sec. 5.4: DTable about twice DRR); "" when no pair is there.
std::string area_ratio_text(const std::vector<AreaRow>& rows);
// The VC selectors of an h8 router per selection function and VC set (local/global VCs 2/1, 4/2,
// 8/4; seed 002 Table V): 15 local outputs (vc_selector W=6) and 8 global ones (W=9), in NAND2
// equivalents; "" when no VC set has its rows.
std::string area_vc_selector_text(const std::vector<AreaRow>& rows);
std::string area_json(const std::vector<AreaRow>& rows);

}  // namespace netcosim::experiment
