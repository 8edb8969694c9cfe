// The DTable configuration tools (`netcosim qos dtable`, docs/qos.md): from each SL's maximum
// entry distance, MTU and bandwidth share to a corrected scheduling table.
//
// Source: thesis 003 Sec. 4.3.3.2 and 5.4.4 (decoupling methodology, Tables 4.3 / 5.1),
// Sec. 5.5.3 (backtracking for w and k), Sec. 4.3.3.3 (entry weights and the bandwidth-correction
// algorithm, Tables 4.4 and 4.5), Sec. 5.4.1 (the IB mapping's 8-bit entries). Units: credits of
// 64 bytes (MTU_i, GMTU, weights).
//   N entries, n_i = N / distance_i entries of SL i, laid out so that two consecutive entries of
//   SL i are exactly distance_i apart;
//   M = GMTU x w (maximum entry weight), pool = N x GMTU x k (k <= w);
//   min phi_i = n_i x MTU_i / pool, max phi_i = n_i x M / pool = n_i x w / (N x k);
//   Tweight_i = pool x phi_i, entry weight = ceil(Tweight_i / n_i) on every entry of SL i;
//   R phi_i = sum_i / sum (after rounding), Dweight_i = -Round((R phi_i - phi_i) x sum),
//   spread over SL i's entries one credit at a time from the end of the table backwards, round
//   robin, never below MTU_i (nor above the 8-bit entry of the IB mapping, 255).
// Backtracking (Sec. 5.5.3): k from 0.1 in steps of 0.1 until min phi_i < phi_i for every SL,
// then w from k in steps of 0.1 until max phi_i > phi_i for every SL; this tool then keeps raising
// w while a corrected entry exceeds M (docs/model.md "QoS configuration": that is what gives the
// thesis's w = 3 for Table 5.4, where the text's rule alone gives 2.9).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/qos/decimal.h"

namespace netcosim::qos {

// Bad input to a QoS tool: the message names the SL or option, the value and the bound; exit 2.
class QosError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SlRequest {
  std::string name;       // "VO"; its SL number is its position in the list
  uint32_t distance = 1;  // maximum distance between two consecutive entries of the SL
  uint32_t mtu = 1;       // credits
  Decimal phi;            // the share of the link asked for
};

enum class DTableTarget { Opa, Ib };

struct DTableRequest {
  uint32_t entries = 64;        // N
  uint32_t gmtu = 1;            // credits
  std::optional<Decimal> w, k;  // both absent: backtracking; only w absent: w from the given k
  std::vector<SlRequest> sls;
  DTableTarget target = DTableTarget::Opa;
};

struct TableEntry {
  uint32_t sl = 0;
  uint32_t weight = 0;  // 0: an empty entry
};

struct SlDesign {
  uint32_t entries = 0;  // n_i
  double min_phi = 0, max_phi = 0;
  uint32_t entry_weight = 0;  // ceil(Tweight_i / n_i), before the correction
  double tweight = 0;         // pool x phi_i
  uint64_t total_before = 0;  // n_i x entry weight
  double r_phi = 0;           // total_before / total of all
  int64_t dweight = 0;
  uint64_t total_after = 0;  // Fweight_i
  double f_phi = 0;
  uint32_t min_entry = 0, max_entry = 0;  // after the correction
  uint32_t max_accumulator = 0;  // deficit (<= MTU_i - 1) + largest entry: the IB 8-bit check
};

struct DTableDesign {
  uint32_t entries = 0, gmtu = 0;
  Decimal w, k;
  bool backtracked = false;    // w by backtracking
  bool k_backtracked = false;  // k by backtracking
  Decimal w_text_rule;  // backtracking: the w of the thesis's rule alone (before the M check)
  double pool = 0, max_weight = 0;  // pool, M
  std::vector<SlRequest> sls;
  std::vector<SlDesign> sl;
  std::vector<TableEntry> before, table;  // before and after the correction
  uint64_t total_before = 0, total_after = 0;
  std::vector<std::string> notes;  // what is worth knowing but not an error
};

// The whole methodology; throws QosError on bad input (a share outside [min phi, max phi], a
// distance that does not divide N, entries that do not fit, an entry below its SL's MTU, weights
// above 255 or a possible accumulator overflow for the IB target, ...).
DTableDesign design_dtable(const DTableRequest& r);

// The layout alone: entry -> SL (or -1: empty), SLs placed by increasing distance, each at the
// first offset whose slots offset, offset + d, ... are all free.
std::vector<int> layout_entries(uint32_t entries, const std::vector<SlRequest>& sls);

// The correction's spreading alone (Sec. 4.3.3.3, Table 4.5): adds dweight[i] to SL i's entries,
// one credit per entry from the end of the table backwards, round robin, SL 0 first; an entry
// never goes below mtu[i] nor above max_entry (0: no bound).
void spread_correction(std::vector<TableEntry>& table, const std::vector<int64_t>& dweight,
                       const std::vector<uint32_t>& mtu, uint32_t max_entry,
                       const std::vector<std::string>& names);

// The backtracking for k and w (Sec. 5.5.3) of the thesis's text: k from 0.1, then w from k, in
// steps of 0.1 (exact decimals). Throws QosError when no k up to 1000 fits.
void backtrack_k_w(uint32_t entries, uint32_t gmtu, const std::vector<SlRequest>& sls, Decimal& k,
                   Decimal& w);

// The report printed by `netcosim qos dtable` and its JSON (netcosim.qos-dtable/1).
std::string dtable_report_text(const DTableDesign& d);
std::string dtable_report_json(const DTableDesign& d);

}  // namespace netcosim::qos
