// Configuration: INI sections [topology] [router] [link] [packet] [routing] [traffic] [sim]
// (docs/principles.md §8). Keys have schema entries (type, default, allowed values); unknown keys,
// malformed lines and out-of-range values are errors (ConfigError, exit status 2) that name the
// key, the value and what is allowed. Cross-key checks (VCs for the routing, buffers vs packet
// size, ...) are done by validate_config() before a network is built.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/topology/topology_catalog.h"

namespace netcosim {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Text: any value without control characters, checked by its reader (topology.dims by its
// topology's shape check).
enum class KeyType { Int, Float, Bool, Enum, Text };

struct KeySpec {
  const char* name;  // "section.key"
  KeyType type;
  const char* def;  // default value, as text
  double min;       // Int/Float range (inclusive)
  double max;
  const char* choices;  // Enum: '|'-separated allowed values
  const char* help;
};

const std::vector<KeySpec>& config_schema();

// A default that depends on another key: `key` defaults to `def` when `on` has the value `value`
// (and to its schema default otherwise). Config::get_* and resolved() apply it to a key that was
// not set.
struct ConditionalDefault {
  std::string key, on, value, def;
};
const std::vector<ConditionalDefault>& conditional_defaults();

// A configuration file must be a regular file of at most this many bytes (1 MiB; README
// "Configuration").
constexpr uint64_t kMaxConfigFileBytes = 1048576;
// Messages quote at most this many characters of a value, then "... (N characters)".
constexpr size_t kMaxQuotedChars = 80;

// A value as quoted in messages: control characters as \xNN, at most kMaxQuotedChars characters.
std::string quote_value(const std::string& v);
// A schema limit as text: integers exactly (1048576, 9007199254740991), others in the shortest
// form that reads back as the same double.
std::string format_limit(double v);

// The [curves] section of a configuration file, read only for `netcosim sweep` (docs/sweep.md
// "Curves"): one line per curve, `NAME = section.key=value section.key=value ...`. The reader
// splits each line at its first '=' (name, overrides text; a trailing # or ; comment removed);
// the sweep (sim/experiment/sweep.h) checks the names and applies the overrides.
struct CurveLine {
  std::string name, overrides, where;  // where: "file:line"
};
struct IniCurves {
  bool present = false;  // the file has a [curves] section (possibly without lines)
  std::string where;     // "file:line" of its header
  std::vector<CurveLine> lines;
};

// Config is also what the topology catalogue reads (TopologyKeys, sim/topology/topology_catalog.h).
class Config final : public TopologyKeys {
 public:
  // All keys at their defaults: the embedded default network (a small Dragonfly, p=2 a=4 h=2).
  Config();

  // Parse INI text; `origin` names the source in messages (a file name). Lines end at LF, CRLF
  // or CR; a leading UTF-8 BOM is skipped; control characters other than tab, duplicate
  // sections and duplicate keys are errors. A [curves] section is collected into `curves`; with
  // curves == nullptr (every command but `netcosim sweep`) it is an error naming the sweep.
  void load_ini(const std::string& text, const std::string& origin, IniCurves* curves = nullptr);
  // Reads a regular file of at most kMaxConfigFileBytes bytes (anything else is a ConfigError).
  void load_file(const std::string& path, IniCurves* curves = nullptr);
  // "section.key=value" as given to --set; a later --set of the same key wins.
  void set_override(const std::string& assignment);
  // Set one key (validated against the schema).
  void set(const std::string& key, const std::string& value, const std::string& where = "");

  int64_t get_int(const std::string& key) const override;
  double get_float(const std::string& key) const;
  bool get_bool(const std::string& key) const;
  const std::string& get_str(const std::string& key) const override;

  // True if the key was set by a file or an override (not left at its default).
  bool is_explicit(const std::string& key) const;

  // Fully resolved configuration, in schema order.
  const std::vector<std::pair<std::string, std::string>> resolved() const;

 private:
  const std::string& value(const std::string& key) const;
  std::map<std::string, std::string> values_;
  std::set<std::string> explicit_;
};

// link.latency_<class> of each port class of the configured topology, in class order (0 for the
// injection class, whose links are the NICs'), and the shortest of the router-to-router ones.
std::vector<int64_t> link_latencies(const Config& c);
int64_t shortest_link_latency(const Config& c);
// The lookahead the engines may use at most because of a model rule, 0 for none: 1 cycle with
// routing.contention_count=queued_at_send (a router counts the packets sent towards it in the
// previous cycle, so every router must have finished a cycle before any starts the next).
int64_t engine_lookahead_limit(const Config& c);

// The port class a per-class key belongs to ("local" for router.vcs_local, router.buffer_local and
// link.latency_local; "x" for qos.sl2vl_x and qos.sc2vl_x), "" for every other key.
std::string port_class_of_key(const std::string& key);
// False for a topology.* key another topology reads and for a per-class key of a class `topo`
// does not have: such keys are not in the resolved configuration and are errors when set.
bool key_applies_to_topology(const std::string& key, const TopologyEntry& topo);

// Cross-key consistency checks; throws ConfigError naming the keys involved. Whether a consistent
// configuration fits the machine is checked when its network is built
// (sim/network/memory_estimate.h).
void validate_config(const Config& c);

// The NICs' source queue: traffic.source_queue packets, unbounded with traffic.application_queue;
// with an age arbiter (router.input_arbitration or router.output_arbitration = age),
// router.age_timestamp=gen_q<x> makes it x packets and gen_qinf unbounded (seed 004 Sec. 4.2;
// docs/model.md "Arbiters").
struct SourceQueuePlan {
  uint32_t capacity = 0;
  bool unbounded = false;
};
SourceQueuePlan source_queue_plan(const Config& c);

// Seed 001 Sec. VI-A / thesis 000 Sec. 4.2.2: a contention threshold should satisfy
// 2 x (mean VCs per input port) <= th (uniform traffic must not trigger misrouting) and th <= p
// (the p injection ports of a router must be able to reach it under adversarial traffic). Returns
// a warning when the configured threshold lies outside that range, else "".
std::string contention_threshold_warning(const Config& c);

}  // namespace netcosim
