// The QoS table file (netcosim.qos-table/1): what `netcosim qos` writes and the simulator reads to
// configure an output scheduler (docs/qos.md, "The table file"). JSON, written and read with
// nlohmann-json:
//   {"schema": "netcosim.qos-table/1", "scheduler": "dtable", "target": "opa"|"ib",
//    "credit_bytes": 64, "sls": [{"sl": 0, "name": "VO", "mtu": 2}, ...],
//    "entries": [{"sl": 0, "weight": 7}, ...]}
//   {"schema": "netcosim.qos-table/1", "scheduler": "ib_vlarb", "credit_bytes": 64,
//    "limit_of_high_priority": 1, "high": [{"vl": 0, "weight": 9}, ...], "low": [...]}
// Reading checks everything the schedulers rely on and names the entry, the SL and the bound: a
// DTable entry below its SL's MTU (thesis 003 Sec. 4.3.3.3: an entry must carry a whole message),
// an IB weight above 255 or an accumulator that can overflow its 8-bit entry (Sec. 5.4.1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/qos/dtable_design.h"
#include "sim/qos/ib_analysis.h"

namespace netcosim::qos {

struct QosSl {
  std::string name;
  uint32_t mtu = 1;  // credits
};

struct QosTable {
  std::string scheduler;  // "dtable" or "ib_vlarb"
  DTableTarget target = DTableTarget::Opa;
  std::vector<QosSl> sls;           // dtable
  std::vector<TableEntry> entries;  // dtable
  uint32_t limit = 1;               // ib_vlarb
  std::vector<IbEntry> high, low;   // ib_vlarb
};

std::string qos_table_json(const DTableDesign& d, DTableTarget target);
std::string qos_table_json(const std::vector<IbEntry>& high, const std::vector<IbEntry>& low,
                           uint32_t limit);

// Parses and checks a table file; throws QosError ("NAME: ..." naming the key, value and bound).
QosTable parse_qos_table(const std::string& text, const std::string& name);

// What `netcosim qos check` prints of a table file: per SL its entries, total weight, share of
// the table (Eq. 6.1: the SL's weights over all weights) and the largest distance between two
// consecutive entries; an ib_vlarb file is analysed (analyse_ib, 30 runs, 64-B packets).
std::string qos_table_text(const QosTable& t);

// One --sl option of `netcosim qos dtable`: "NAME:distance=D,mtu=M,phi=P" (each key once, in any
// order; NAME of letters, digits and '_', at most 16). Throws QosError naming the option.
SlRequest parse_sl_spec(const std::string& spec);

// The whole text of an input file: a regular file of at most 1 MiB. Throws QosError naming the
// path and the reason.
std::string read_input_file(const std::string& path);

}  // namespace netcosim::qos
