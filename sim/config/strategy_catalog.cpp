#include "sim/config/strategy_catalog.h"

namespace netcosim {

// The order of each family is the order of its allowed values in messages and --help.
const std::vector<StrategyFamily>& strategy_catalog() {
  static const std::vector<StrategyFamily> catalog = {
      {"routing.algorithm",
       "routing algorithms",
       nullptr,
       nullptr,
       {
           {"min",
            "the minimal l-g-l path (thesis 000 Sec. 1.4.1)",
            {},
            "dragonfly",
            {{"local", 2}, {"global", 1}}},
           {"val",
            "Valiant: minimally to a random intermediate router, then minimally to the "
            "destination (thesis 000 Sec. 1.4.1); routing.valiant=group needs 3/2 VCs",
            {"routing.valiant", "routing.valiant_group_draw", "routing.recompute_valiant"},
            "dragonfly",
            {{"local", 4}, {"global", 2}}},
           {"olm",
            "Opportunistic Local Misrouting, in-transit adaptive (thesis 000 Sec. 1.4.2, "
            "Fig. 1.15; seed 001 Sec. IV-A)",
            {"routing.trigger", "routing.global_policy"},
            "dragonfly",
            {{"local", 3}, {"global", 2}}},
           {"ugal",
            "UGAL-L at the source router: minimal iff Q_MIN <= F*Q_VAL + T (thesis 000 "
            "Sec. 1.4.2, Eq. 1.2); routing.valiant=group needs 3/2 VCs",
            {"routing.ugal_f", "routing.ugal_t", "routing.sensing", "routing.recompute_valiant",
             "routing.ugal_compare", "routing.mincred", "routing.valiant",
             "routing.valiant_group_draw"},
            "dragonfly",
            {{"local", 4}, {"global", 2}}},
           {"pb",
            "PiggyBack: UGAL-L, and nonminimal when the group's minimal global link is "
            "saturated (thesis 000 Sec. 1.4.2, Eq. 1.3); routing.valiant=group needs 3/2 VCs",
            {"routing.ugal_f", "routing.ugal_t", "routing.sensing", "routing.recompute_valiant",
             "routing.ugal_compare", "routing.mincred", "routing.valiant",
             "routing.valiant_group_draw", "routing.piggyback_coef", "routing.piggyback_t",
             "routing.piggyback_sensing", "routing.piggyback_bits"},
            "dragonfly",
            {{"local", 4}, {"global", 2}}},
           {"par",
            "Progressive Adaptive Routing: UGAL at injection and after a minimal local "
            "hop (thesis 000 Sec. 1.4.2)",
            {"routing.ugal_f", "routing.ugal_t", "routing.sensing"},
            "dragonfly",
            {{"local", 5}, {"global", 2}}},
           {"updown",
            "up*/down* on the k-ary n-tree, the up port from the destination's digits (D-mod-k; "
            "docs/model.md \"Fat tree\")",
            {},
            "fattree",
            {{"tree", 1}}},
           {"updown_source",
            "up*/down* on the k-ary n-tree, the up port from the source's digits (S-mod-k; "
            "paper 004 Sec. 3's oblivious fat tree)",
            {},
            "fattree",
            {{"tree", 1}}},
           {"updown_random",
            "up*/down* on the k-ary n-tree, a random up port per hop",
            {},
            "fattree",
            {{"tree", 1}}},
           {"updown_adaptive",
            "up*/down* on the k-ary n-tree, the up port with the most free credits (paper 004 "
            "Sec. 3)",
            {},
            "fattree",
            {{"tree", 1}}},
           {"dor",
            "dimension-order routing, x then y then z (thesis 003 Sec. 5.5.2); on a torus with a "
            "dateline (2 VCs per dimension) or bubble flow control (routing.torus_deadlock)",
            {"routing.torus_deadlock", "routing.trunk_select"},
            "mesh|torus",
            {{"x", 1}, {"y", 1}, {"z", 1}}},
           {"mesh_adaptive",
            "minimal adaptive with DOR on VC 0 as the escape channel (Duato; paper 004 Sec. 3); "
            "on a torus the adaptive bubble router, its escape under bubble flow control "
            "(routing.torus_deadlock=bubble)",
            {"routing.torus_deadlock"},
            "mesh|torus",
            {{"x", 2}, {"y", 2}, {"z", 2}}},
       }},
      {"routing.trigger",
       "OLM misrouting triggers",
       "routing.algorithm",
       "olm",
       {
           {"credit",
            "the minimal output VC has no credits for a packet or its link is busy (seed 001 "
            "Sec. II-B, IV-A; FOGSim)",
            {"routing.credit_threshold", "routing.credit_min_occupancy", "routing.credit_busy",
             "routing.global_restriction_coef", "routing.global_restriction_th",
             "routing.global_restriction_sensing", "routing.credit_candidates",
             "routing.credit_compare"}},
           {"contention",
            "Base: the minimal output's contention counter >= th (seed 001 Sec. "
            "III-B; thesis 000 Sec. 4.2.1.1)",
            {"routing.threshold", "routing.contention_count"}},
           {"filtered",
            "Base on exponentially averaged counters (thesis 000 Eq. 4.1)",
            {"routing.threshold", "routing.filter_alpha", "routing.contention_count"}},
           {"hybrid",
            "contention or credit condition (seed 001 Sec. III-C)",
            {"routing.threshold", "routing.credit_threshold", "routing.credit_min_occupancy",
             "routing.contention_count", "routing.credit_busy", "routing.global_restriction_coef",
             "routing.global_restriction_th", "routing.global_restriction_sensing",
             "routing.credit_candidates", "routing.credit_compare"}},
           {"ectn",
            "at injection the group's combined counter of the destination group, in "
            "transit Base (seed 001 Sec. III-D)",
            {"routing.threshold", "routing.ectn_threshold", "routing.ectn_period",
             "routing.contention_count"}},
       }},
      {"routing.global_policy",
       "OLM global misrouting policies",
       "routing.algorithm",
       "olm",
       {
           {"rrg", "a random intermediate group (thesis 000 Sec. 1.4.3)", {}},
           {"crg", "a group linked to the current router (thesis 000 Sec. 1.4.3)", {}},
           {"nrg", "a group linked to another router of the group (thesis 000 Sec. 1.4.3)", {}},
           {"mm", "CRG at injection, NRG in transit (thesis 000 Sec. 1.4.3)", {}},
       }},
  };
  return catalog;
}

const StrategyFamily* strategy_family(const std::string& key) {
  for (const auto& f : strategy_catalog())
    if (key == f.key) return &f;
  return nullptr;
}

const StrategyInfo* strategy_info(const StrategyFamily& family, const std::string& name) {
  for (const auto& e : family.entries)
    if (name == e.name) return &e;
  return nullptr;
}

std::string strategy_names(const StrategyFamily& family) {
  std::string out;
  for (const auto& e : family.entries) out += (out.empty() ? "" : "|") + std::string(e.name);
  return out;
}

}  // namespace netcosim
