// The options of the in-network block sockets (systemc/rtl/rtl_sockets.h): parsed and checked by
// both front ends; the attachment is in rtl_attach.cpp (netcosim-rtl) or no_rtl.cpp (netcosim).
#include "systemc/rtl/rtl_sockets.h"

#include <algorithm>
#include <cstdlib>

#include "rtl/catalog.h"
#include "sim/config/config.h"

namespace netcosim::sc {

const std::vector<std::string>& socketed_blocks() {
  static const std::vector<std::string> blocks = {
      "sep_alloc_if", "contention_counters", "credit_counter", "vc_selector",
      "lrs_arbiter",  "age_arbiter",         "dtable_arbiter", "rr_arbiter",
      "drr_arbiter",  "sbt_scheduler",       "ib_vl_arbiter",  "shared_vl_credits"};
  return blocks;
}

namespace {

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

bool parse_u64(const std::string& s, uint64_t& v) {
  if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  v = std::strtoull(s.c_str(), nullptr, 10);
  return true;
}

}  // namespace

std::vector<std::string> parse_rtl_blocks(const std::string& option, const std::string& value) {
  const std::string allowed = "allowed: all, " + joined(socketed_blocks());
  if (value == "all") return socketed_blocks();
  std::vector<std::string> named;
  size_t from = 0;
  for (;;) {
    const size_t comma = value.find(',', from);
    const std::string b = value.substr(from, comma == std::string::npos ? comma : comma - from);
    const auto& s = socketed_blocks();
    if (std::find(s.begin(), s.end(), b) == s.end()) {
      if (b.empty())
        throw ConfigError(option + " '" + value + "': an empty block name; " + allowed);
      if (rtl::find_rtl_block(b) != nullptr)
        throw ConfigError(option + " '" + value + "': block " + b +
                          " has RTL (rtl/catalog.h) but no socket in a router of a network; " +
                          allowed);
      throw ConfigError(option + " '" + value + "': block " + b + " has no RTL; " + allowed +
                        " (RTL blocks of rtl/catalog.h: " + rtl::rtl_block_names() + ")");
    }
    named.push_back(b);
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  std::vector<std::string> r;  // in socketed_blocks()' order, each once
  for (const auto& b : socketed_blocks())
    if (std::find(named.begin(), named.end(), b) != named.end()) r.push_back(b);
  return r;
}

const std::vector<std::string>& faultable_blocks() {
  static const std::vector<std::string> blocks = {
      "sep_alloc_if",  "credit_counter", "vc_selector",      "lrs_arbiter",
      "age_arbiter",   "dtable_arbiter", "rr_arbiter",       "drr_arbiter",
      "sbt_scheduler", "ib_vl_arbiter",  "shared_vl_credits"};
  return blocks;
}

void parse_rtl_fault(const std::string& value, RtlRequest& req) {
  std::vector<std::string> f;
  size_t from = 0;
  for (;;) {
    const size_t colon = value.find(':', from);
    f.push_back(value.substr(from, colon == std::string::npos ? colon : colon - from));
    if (colon == std::string::npos) break;
    from = colon + 1;
  }
  std::string block;
  if (!f.empty() && !f[0].empty() && f[0].find_first_not_of("0123456789") != std::string::npos) {
    block = f[0];
    f.erase(f.begin());
    const auto& b = faultable_blocks();
    if (std::find(b.begin(), b.end(), block) == b.end())
      throw ConfigError("--rtl-fault '" + value + "': block " + block +
                        " has no fault injection; allowed: " + joined(b));
  }
  uint64_t router = 0, cycle = 0, input = 0;
  if ((f.size() != 2 && f.size() != 3) || !parse_u64(f[0], router) || router > 0xffffffffu ||
      !parse_u64(f[1], cycle) || (f.size() == 3 && (!parse_u64(f[2], input) || input >= 64)))
    throw ConfigError("--rtl-fault '" + value + "': expected [BLOCK:]ROUTER:CYCLE[:PORT] (BLOCK " +
                      joined(faultable_blocks()) + "; non-negative integers, PORT < 64)");
  req.fault = true;
  req.fault_block = block;
  req.fault_router = static_cast<uint32_t>(router);
  req.fault_cycle = cycle;
  req.fault_input = f.size() == 3 ? static_cast<int>(input) : -1;
}

void check_rtl_request(const RtlRequest& req, const Config& cfg, const std::string& engine,
                       uint64_t sc_quantum) {
  // The options that name blocks: in a mixed run (--rtl A --rtl-shadow B), an error about one
  // block names the option that named it (opt_of); an error about the run as a whole names the
  // options with their blocks (opt: "--rtl A,B", "--rtl A and --rtl-shadow B", "--rtl all").
  const auto with_blocks = [&](const char* option, const std::vector<std::string>& blocks) {
    std::string s = std::string(option) + " ";
    if (req.all && blocks.size() == socketed_blocks().size()) return s + "all";
    for (size_t i = 0; i < blocks.size(); ++i) s += (i ? "," : "") + blocks[i];
    return s;
  };
  const std::string opt = req.rtl.empty()      ? with_blocks("--rtl-shadow", req.shadow)
                          : req.shadow.empty() ? with_blocks("--rtl", req.rtl)
                                               : with_blocks("--rtl", req.rtl) + " and " +
                                                     with_blocks("--rtl-shadow", req.shadow);
  const auto opt_of = [&](const char* b) -> std::string {
    return std::find(req.rtl.begin(), req.rtl.end(), b) != req.rtl.end() ? "--rtl" : "--rtl-shadow";
  };
  if (!req.any()) {
    if (req.fault) throw ConfigError("--rtl-fault: needs --rtl or --rtl-shadow");
    if (!req.vcd_dir.empty()) throw ConfigError("--rtl-vcd: needs --rtl or --rtl-shadow");
    return;
  }
  if (engine != "systemc")
    throw ConfigError(opt + ": the Verilated blocks run on the SystemC kernel: needs --engine " +
                      "systemc (--engine " + engine + ")");
  // Cycle accuracy: every router evaluates its sockets on every clock edge (strict mode).
  if (sc_quantum != 0 && sc_quantum != 1)
    throw ConfigError("--sc-quantum " + std::to_string(sc_quantum) + ": " + opt +
                      (req.rtl.empty() || req.shadow.empty() ? " runs" : " run") +
                      " the SystemC engine in strict mode (--sc-quantum 1: the default with --rtl "
                      "or --rtl-shadow)");
  for (const auto& b : req.rtl)
    if (std::find(req.shadow.begin(), req.shadow.end(), b) != req.shadow.end())
      throw ConfigError("--rtl-shadow: block " + b +
                        " is also in --rtl (a block is either the RTL or the model beside it)");
  const auto named = [&](const char* b) {
    return std::find(req.rtl.begin(), req.rtl.end(), b) != req.rtl.end() ||
           std::find(req.shadow.begin(), req.shadow.end(), b) != req.shadow.end();
  };
  // The output schedulers' RTL is in the OPA and IB switches, each under its
  // router.output_scheduler: rr_arbiter (rtl/rr_arbiter.sv, the SL arbiter of rr; thesis 003 Sec.
  // 4.3.1), dtable_arbiter (rtl/dtable_arbiter.sv; Sec. 5.4), drr_arbiter (rtl/drr_arbiter.sv;
  // docs/model.md §10.5); their switch allocators take sep_alloc_if (round robin at both stages:
  // the IB switch's one VA-SA, thesis 003 Sec. 5.3.1; the OPA switch's MPort and central
  // allocators, Sec. 2.2); the other blocks are the CIOQ router's. `all` takes what the configured
  // switch has (rtl_attach.cpp).
  struct SchedBlock {
    const char* block;
    const char* sched;
    const char* what;
  };
  static const SchedBlock kSched[] = {{"rr_arbiter", "rr", "round robin per SL"},
                                      {"dtable_arbiter", "dtable", "the DTable"},
                                      {"drr_arbiter", "drr", "DRR"},
                                      {"sbt_scheduler", "sbt", "SBT"},
                                      {"ib_vl_arbiter", "ib_vlarb", "the IB VL arbiter"}};
  const std::string arch = cfg.get_str("router.architecture");
  if (arch == "opa" || arch == "ib") {
    const std::string sched = cfg.get_str("router.output_scheduler");
    if (!req.all)
      for (const auto& b : socketed_blocks())
        if (b != "dtable_arbiter" && b != "rr_arbiter" && b != "drr_arbiter" &&
            b != "sbt_scheduler" && b != "ib_vl_arbiter" && b != "sep_alloc_if" &&
            b != "shared_vl_credits" && named(b.c_str()))
          throw ConfigError(opt_of(b.c_str()) + " " + b +
                            ": the block is the CIOQ router's; the switches of "
                            "router.architecture=" +
                            arch +
                            " have the sockets of sep_alloc_if, shared_vl_credits and the output "
                            "schedulers only (allowed: sep_alloc_if, shared_vl_credits; "
                            "rr_arbiter, dtable_arbiter, drr_arbiter, sbt_scheduler, "
                            "ib_vl_arbiter under router.output_scheduler=rr, dtable, drr, sbt, "
                            "ib_vlarb)");
    // `all` takes the allocators whatever the output scheduler.
    for (const SchedBlock& b : kSched)
      if (named(b.block) && sched != b.sched && !req.all)
        throw ConfigError(opt_of(b.block) + " " + b.block + ": router.output_scheduler=" + sched +
                          ": the switches' output scheduler is not " + b.what +
                          " (allowed: router.output_scheduler=" + b.sched +
                          "; the output schedulers' RTL in router.architecture=" + arch +
                          ": rr (rr_arbiter), dtable (dtable_arbiter), drr (drr_arbiter), sbt "
                          "(sbt_scheduler), ib_vlarb (ib_vl_arbiter))");
    return;
  }
  if (arch != "cioq")
    throw ConfigError(opt + ": the block sockets are in the CIOQ router and the OPA and IB " +
                      "switches; router.architecture=" + arch +
                      " has none (allowed: cioq, opa, ib)");
  if (named("shared_vl_credits") && !req.all)
    throw ConfigError(opt_of("shared_vl_credits") +
                      " shared_vl_credits: router.architecture=cioq: the port buffers shared by "
                      "their VLs with a minimum and a maximum per VL are the OPA and IB "
                      "switches' (thesis 003 Sec. 5.3.1; allowed: router.architecture=opa|ib)");
  for (const SchedBlock& b : kSched)
    if (named(b.block) && !req.all)
      throw ConfigError(opt_of(b.block) + " " + b.block + ": router.architecture=cioq has no " +
                        (std::string(b.sched) == "dtable"     ? std::string("DTable")
                         : std::string(b.sched) == "ib_vlarb" ? std::string("IB VL arbiter")
                                                              : std::string(b.what)) +
                        " output scheduler (allowed: router.architecture=opa|ib with "
                        "router.output_scheduler=" +
                        b.sched + ")");
  const std::string in = cfg.get_str("router.input_arbitration");
  const std::string out = cfg.get_str("router.output_arbitration");
  // The credit counter's RTL is the static per-VC model (sim/blocks/credit_counter.h); `all`
  // leaves it out of a router that has another (rtl_attach.cpp).
  if (named("credit_counter") && !req.all && cfg.get_str("router.buffer_model") != "static")
    throw ConfigError(opt_of("credit_counter") +
                      " credit_counter: router.buffer_model=" + cfg.get_str("router.buffer_model") +
                      ": the downstream buffers are pools shared by their VCs "
                      "(sim/blocks/damq_credits.h), not the per-VC counters of "
                      "rtl/credit_counter.sv (allowed: router.buffer_model=static), in strict and "
                      "in shadow mode");
  // The VC selector's RTL (rtl/vc_selector.sv): FlexVC's selection among several allowed VCs
  // (seed 002 Sec. III-A; the baseline allows one VC per hop, thesis 000 Sec. 1.3), by jsq,
  // highest or lowest over per-VC counts. `all` leaves it out otherwise (rtl_attach.cpp).
  if (named("vc_selector") && !req.all) {
    const std::string vm = cfg.get_str("router.vc_management");
    const std::string sel = cfg.get_str("router.vc_selection");
    if (vm != "flexvc")
      throw ConfigError(opt_of("vc_selector") + " vc_selector: router.vc_management=" + vm +
                        ": each hop allows one VC (thesis 000 Sec. 1.3), there is no VC "
                        "selection for rtl/vc_selector.sv (allowed: router.vc_management=flexvc)");
    if (sel == "random")
      throw ConfigError(opt_of("vc_selector") +
                        " vc_selector: router.vc_selection=random: rtl/vc_selector.sv has no "
                        "random mode (MODE 0 jsq, 1 highest, 2 lowest: no random stream in the "
                        "RTL), so its choice can neither drive the router nor be compared with "
                        "the model's (allowed: router.vc_selection=jsq|highest|lowest), in strict "
                        "and in shadow mode");
    if (cfg.get_str("router.buffer_model") != "static")
      throw ConfigError(opt_of("vc_selector") +
                        " vc_selector: router.buffer_model=" + cfg.get_str("router.buffer_model") +
                        ": a VC's room downstream is its share of a pool "
                        "(sim/blocks/damq_credits.h), not the per-VC count rtl/vc_selector.sv "
                        "compares with the packet size (allowed: router.buffer_model=static)");
  }
  // The allocator's arbiters of a policy with RTL (rtl/lrs_arbiter.sv: lrs, and the LRS inside
  // each class of transit_lrs; rtl/age_arbiter.sv: age). `all` leaves each out of a network that
  // does not use it, and sep_alloc_if out of one that is not rr/rr (rtl_attach.cpp).
  const auto lrs_policy = [](const std::string& p) { return p == "lrs" || p == "transit_lrs"; };
  if (named("lrs_arbiter") && !req.all && !lrs_policy(in) && !lrs_policy(out))
    throw ConfigError(opt_of("lrs_arbiter") + " lrs_arbiter: router.input_arbitration=" + in +
                      ", router.output_arbitration=" + out +
                      ": no arbiter of the switch allocator is least-recently-served, none is "
                      "rtl/lrs_arbiter.sv's (allowed: router.input_arbitration or "
                      "router.output_arbitration lrs or transit_lrs)");
  if (named("age_arbiter") && !req.all && in != "age" && out != "age")
    throw ConfigError(opt_of("age_arbiter") + " age_arbiter: router.input_arbitration=" + in +
                      ", router.output_arbitration=" + out +
                      ": no arbiter of the switch allocator is an age arbiter, none is "
                      "rtl/age_arbiter.sv's (allowed: router.input_arbitration or "
                      "router.output_arbitration age)");
  if (named("sep_alloc_if") && !req.all && (in != "rr" || out != "rr"))
    throw ConfigError(opt_of("sep_alloc_if") +
                      ": block sep_alloc_if (rtl/sep_alloc_if.sv) has round-robin arbiters "
                      "at both stages: needs router.input_arbitration=rr and "
                      "router.output_arbitration=rr (" +
                      in + ", " + out + ")");
}

}  // namespace netcosim::sc
