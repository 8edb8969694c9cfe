// The offline analysis of the InfiniBand VL arbiter (`netcosim qos ib-analyse`, docs/qos.md):
// thesis 003 Sec. 6.3, Algorithm 4, with the two corrections its text needs.
//
// Packets are always ready and always fit downstream. The high-priority table is walked `runs`
// times; each entry sends ceil(weight x 64 / packet_bytes) packets one at a time (a weight counts
// 64-byte units and is rounded up to a whole packet, Sec. 6.2), and before each of them, when the
// byte counter has reached LimitOfHighPriority x 4096 bytes (the text compares the counter with
// the Limit itself: corrected) and the limit is not 255, the next low-priority entry (the text
// asks get_lp_entry(hp): corrected to the low-priority table) sends all its packets at once and
// the counter restarts; each high-priority packet adds packet_bytes to the counter. Weight-0
// entries send nothing and are not selections. Every entry selection (high or low) is a step of
// the sequence the distances are counted in.
// Results per VL (Eq. 6.2): phi_i = packets_i / all packets; distance_i = accumDst_i /
// timesSelected_i, accumDst_i the sum of the distances (in selections) between consecutive
// selections of VL i's entries; also the largest such distance.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/qos/dtable_design.h"

namespace netcosim::qos {

struct IbEntry {
  uint32_t vl = 0;
  uint32_t weight = 0;  // 64-B units, 0..255
};

struct IbAnalysisRequest {
  std::vector<IbEntry> high, low;
  uint32_t limit = 1;          // LimitOfHighPriority, 0..255
  uint32_t runs = 30;          // walks of the high-priority table
  uint32_t packet_bytes = 64;  // a multiple of 64
};

struct IbVlResult {
  uint32_t vl = 0;
  uint32_t high_entries = 0, low_entries = 0;
  uint64_t high_weight = 0, low_weight = 0;
  uint64_t packets = 0;
  double share = 0;
  uint64_t times_selected = 0, accum_distance = 0, max_distance = 0;
  double distance = 0;  // accum / times (Eq. 6.2); 0 if never selected
};

struct IbAnalysis {
  IbAnalysisRequest request;
  uint64_t packets = 0, selections = 0, low_turns = 0;
  std::vector<IbVlResult> vls;  // the VLs of some entry, increasing
};

// Throws QosError on bad input (VL above 14, weight above 255, more than 64 entries, limit above
// 255, runs 0, a packet size that is not a positive multiple of 64).
IbAnalysis analyse_ib(const IbAnalysisRequest& r);

// A table file of the thesis's tool: one entry per line, "VL,weight" (spaces allowed, '#' starts a
// comment, blank lines skipped). Errors name the file, the line and the bound.
std::vector<IbEntry> parse_ib_table_csv(const std::string& text, const std::string& name);
std::string ib_table_csv(const std::vector<IbEntry>& t);

std::string ib_analysis_text(const IbAnalysis& a);
std::string ib_analysis_json(const IbAnalysis& a);

}  // namespace netcosim::qos
