// Co-simulation bench: rtl/vc_selector.sv against the C++ VC selectors JsqVc, HighestVc and
// LowestVc (sim/blocks/vc_selector.h), the functions the router calls.
//
// Source of the mechanism: seed 002 Sec. III-A (the VC selection functions of FlexVC among the
// allowed VCs with credits for the whole packet; JSQ with ties to the highest VC as FOGSim's
// LOWEST_OCCUPANCY) and Sec. VII (JSQ as a stage of comparators). The block is combinational: it
// has no clock, no reset and no state, so every compared cycle is one independent evaluation.
// Bench top and timing: bench_top.h and docs/cosim.md.
#include <type_traits>

#include "bench_top.h"
#include "burst_generator.h"
#include "sim/blocks/vc_selector.h"
#include "systemc/blocks/vc_selector.h"

#include "Vvc_selector_v2w6_jsq.h"
#ifndef NETCOSIM_MUTANT
#include "Vvc_selector_v2w6_highest.h"
#include "Vvc_selector_v2w6_lowest.h"
#include "Vvc_selector_v2w9_highest.h"
#include "Vvc_selector_v2w9_jsq.h"
#include "Vvc_selector_v2w9_lowest.h"
#include "Vvc_selector_v3w6_highest.h"
#include "Vvc_selector_v3w6_jsq.h"
#include "Vvc_selector_v3w6_lowest.h"
#include "Vvc_selector_v4w6_highest.h"
#include "Vvc_selector_v4w6_jsq.h"
#include "Vvc_selector_v4w6_lowest.h"
#include "Vvc_selector_v4w9_highest.h"
#include "Vvc_selector_v4w9_jsq.h"
#include "Vvc_selector_v4w9_lowest.h"
#include "Vvc_selector_v8w6_highest.h"
#include "Vvc_selector_v8w6_jsq.h"
#include "Vvc_selector_v8w6_lowest.h"
#endif

namespace netcosim::cosim {
namespace {

// One cycle of inputs.
struct VsStimulus {
  uint32_t allowed = 0;
  uint32_t credits[model::CreditLevels::kMaxVcs] = {};
  uint32_t pkt = 0;
};

// Constrained-random stimulus in bursts of 1 to 256 cycles, each with its own shape of the three
// inputs:
//   allowed: every VC; none; one VC; a prefix 0..k (FlexVC: every VC up to the highest the hop's
//     position allows, seed 002 Sec. III); a contiguous range; random bits at 25/50/75 %;
//   credits: uniform over [0, 2^W - 1]; two values shared by the VCs (ties); one value for all;
//     the packet size - 1, itself or + 1 (the boundary); all below the packet size (none has
//     credits); multiples of 8 phits up to the port's buffer (32 phits for W = 6, 256 for W = 9,
//     docs/model.md §2), as a credit counter with 8-phit packets holds them; a credit counter's
//     walk (one VC sends or gets back 8 phits per cycle); near 2^W - 1;
//   pkt_size: 8 phits (seed 002 Table V) in 40 % of the bursts; random; exactly the credits of
//     one VC (an allowed one if any); 1; 0; 2^W - 1.
template <int V, int W>
class VsShape {
 public:
  using Stimulus = VsStimulus;
  static constexpr uint32_t kMaxBurst = 256;
  // The block has no reset: no reset is drawn, and the power-on cycles of the bench top drive
  // VsStimulus{} (no VC allowed).
  static constexpr bool kResets = false;
  static constexpr bool kDrawsPowerOnReset = false;
  static constexpr uint32_t kMax = (1u << W) - 1;
  static constexpr uint32_t kCap = kMax >= 256 ? 256 : (kMax >= 32 ? 32 : kMax);
  static constexpr uint32_t kPacket = kMax >= 8 ? 8 : 1;

  VsShape() {
    for (int v = 0; v < V; ++v) walk_[v] = kCap;
  }
  void fill(VsStimulus& s, uint64_t /*cycle*/, Rng& rng) {
    s.pkt = packet_size(rng);
    s.allowed = allowed_mask(rng);
    draw_credits(s, rng);
    if (pkt_mode_ == kPktEqualToCredits) {  // exactly the credits of one VC (allowed if any is)
      const uint32_t from = s.allowed != 0 ? s.allowed : (1u << V) - 1;
      uint32_t pick = rng.below(static_cast<uint32_t>(__builtin_popcount(from)));
      uint32_t m = from;
      for (; pick != 0; --pick) m &= m - 1;
      s.pkt = s.credits[__builtin_ctz(m)];
    }
  }

 private:
  enum PktMode { kPktPacket, kPktRandom, kPktEqualToCredits, kPktOne, kPktZero, kPktMax };
  enum MaskMode { kAll, kNone, kOne, kPrefix, kRange, kRandomBits };
  enum CreditMode {
    kUniform,
    kTwoValues,
    kAllEqual,
    kAroundPacket,
    kBelowPacket,
    kMultiples,
    kWalk,
    kNearMax,
    kCreditModes
  };

 public:
  void new_burst(Rng& rng) {
    static constexpr PktMode kPkt[] = {
        kPktPacket,         kPktPacket,         kPktPacket, kPktPacket, kPktRandom,
        kPktEqualToCredits, kPktEqualToCredits, kPktOne,    kPktZero,   kPktMax};
    pkt_mode_ = kPkt[rng.below(sizeof kPkt / sizeof kPkt[0])];
    static constexpr MaskMode kMask[] = {
        kAll,    kAll,   kAll,   kNone,       kOne,        kOne,        kPrefix,     kPrefix,
        kPrefix, kRange, kRange, kRandomBits, kRandomBits, kRandomBits, kRandomBits, kRandomBits};
    mask_mode_ = kMask[rng.below(sizeof kMask / sizeof kMask[0])];
    static constexpr double kDensity[] = {0.25, 0.5, 0.75};
    density_ = kDensity[rng.below(3)];
    credit_mode_ = static_cast<CreditMode>(rng.below(kCreditModes));
  }

 private:
  uint32_t packet_size(Rng& rng) {
    switch (pkt_mode_) {
      case kPktPacket:
      case kPktEqualToCredits:  // replaced once the credits are drawn
        return kPacket;
      case kPktRandom:
        return rng.below(kMax + 1);
      case kPktOne:
        return 1;
      case kPktZero:
        return 0;
      default:
        return kMax;
    }
  }
  uint32_t allowed_mask(Rng& rng) {
    const uint32_t all = (1u << V) - 1;
    switch (mask_mode_) {
      case kAll:
        return all;
      case kNone:
        return 0;
      case kOne:
        return 1u << rng.below(V);
      case kPrefix:
        return (2u << rng.below(V)) - 1;
      case kRange: {
        const uint32_t lo = rng.below(V), hi = lo + rng.below(V - lo);
        return ((2u << hi) - 1) & ~((1u << lo) - 1);
      }
      default: {
        uint32_t m = 0;
        for (int v = 0; v < V; ++v) m |= rng.chance(density_) ? 1u << v : 0u;
        return m;
      }
    }
  }
  void draw_credits(VsStimulus& s, Rng& rng) {
    const uint32_t a = rng.below(kMax + 1), b = rng.below(kMax + 1);
    for (int v = 0; v < V; ++v) {
      uint32_t& c = s.credits[v];
      switch (credit_mode_) {
        case kUniform:
          c = rng.below(kMax + 1);
          break;
        case kTwoValues:
          c = rng.chance(0.5) ? a : b;
          break;
        case kAllEqual:
          c = a;
          break;
        case kAroundPacket: {
          const int64_t x = static_cast<int64_t>(s.pkt) + static_cast<int64_t>(rng.below(3)) - 1;
          c = static_cast<uint32_t>(std::clamp<int64_t>(x, 0, kMax));
          break;
        }
        case kBelowPacket:
          c = s.pkt == 0 ? 0 : rng.below(s.pkt);
          break;
        case kMultiples:
          c = kPacket * rng.below(kCap / kPacket + 1);
          break;
        case kWalk:
          c = walk_[v];
          break;
        default:
          c = kMax - rng.below(3);
          break;
      }
    }
    if (credit_mode_ == kWalk) {  // the next cycle's counts: one VC sends or gets credits back
      const unsigned v = rng.below(V);
      if (rng.chance(0.5)) {
        walk_[v] = walk_[v] >= kPacket ? walk_[v] - kPacket : walk_[v];
      } else {
        walk_[v] = walk_[v] + kPacket <= kCap ? walk_[v] + kPacket : walk_[v];
      }
    }
  }

  PktMode pkt_mode_ = kPktPacket;
  MaskMode mask_mode_ = kAll;
  CreditMode credit_mode_ = kUniform;
  double density_ = 0.5;
  uint32_t walk_[V] = {};
};

template <int V, int W, int MODE, class Vtop>
class VsBench : public BenchTop<VsBench<V, W, MODE, Vtop>, BurstGenerator<VsShape<V, W>>, Vtop> {
 public:
  using Top = BenchTop<VsBench<V, W, MODE, Vtop>, BurstGenerator<VsShape<V, W>>, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::timing_buffer;
  friend Top;
  using Sel = sc::VcSelectorOf<MODE>;
  sc_core::sc_signal<Port<V>> allowed{"allowed"};
  sc_core::sc_signal<Port<V * W>> credits{"credits"};
  sc_core::sc_signal<Port<W>> pkt_size{"pkt_size"};
  sc_core::sc_signal<Port<V>> grant_model{"grant_model"};
  sc_core::sc_signal<bool> valid_model{"valid_model"};
  RtlOutput<Port<V>> grant{"grant"};
  RtlOutput<bool> valid{"valid"};
  sc::VcSelector<V, W, MODE> model{"model"};

  VsBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r,
            "vc_selector_V" + std::to_string(V) + "_W" + std::to_string(W) + "_MODE" +
                std::to_string(MODE)) {
    dut.allowed(allowed);
    dut.credits(credits);
    dut.pkt_size(pkt_size);
    dut.grant(grant.dut);
    dut.valid(valid.dut);
    model.allowed(allowed);
    model.credits(credits);
    model.pkt_size(pkt_size);
    model.grant(grant_model);
    model.valid(valid_model);
  }

  void compare(Checker& c) override {
    const auto gm = grant_model.read(), gr = grant.rtl.read();
    for (int v = 0; v < V; ++v) c.check("grant", v, field(gm, v, 1), field(gr, v, 1));
    c.check("valid", -1, valid_model.read(), valid.rtl.read());
    coverage_of_cycle(static_cast<uint32_t>(field(gm, 0, V)));
  }
  Coverage coverage() const override {
    return {{"grants", cov_grants_, true},
            {"no_vc_allowed", cov_none_allowed_, true},
            {"all_vcs_allowed", cov_all_allowed_, true},
            {"allowed_but_no_credits", cov_no_credits_, true},
            {"granted_with_credits_equal_to_packet", cov_exact_, true},
            {"allowed_vc_one_credit_short", cov_short_, true},
            {"ties_for_most_credits", cov_ties_, true},
            {"ties_of_3_or_more_vcs", cov_ties3_, V >= 3},
            {"jsq_differs_from_highest", cov_jsq_ne_high_, true},
            {"jsq_differs_from_lowest", cov_jsq_ne_low_, true},
            {"unallowed_vc_with_more_credits", cov_masked_, true},
            {"credits_at_max", cov_at_max_, true},
            {"packet_size_0", cov_pkt0_, true},
            {"min_grants_per_vc", min_of(cov_per_vc_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override { return {&grant.tap, &valid.tap}; }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "allowed VCs {";
    for (int v = 0, first = 1; v < V; ++v) {
      if (((stimulus().allowed >> v) & 1u) == 0) continue;
      s << (first ? "" : ",") << v;
      first = 0;
    }
    s << "} credits ";
    for (int v = 0; v < V; ++v) s << (v ? "," : "") << stimulus().credits[v];
    s << " pkt_size=" << stimulus().pkt << " (MODE " << MODE << ", "
      << sc::kVcSelectorModeName[MODE] << ")";
    return s.str();
  }
  // The replayed buffer of the timing phase (BenchTop) and the model's credit levels of each entry.
  void prepare_timing(uint64_t entries) override {
    Top::prepare_timing(entries);
    levels_.clear();
    for (const VsStimulus& s : timing_buffer()) {
      sc::VcSelectorCredits l(V, (1u << W) - 1);
      for (int v = 0; v < V; ++v) l.set(v, s.credits[v]);
      levels_.push_back(l);
    }
  }
  double time_model(uint64_t cycles) override {
    netcosim::Rng rng;
    uint64_t sink = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (uint64_t k = 0; k < cycles; ++k) {
      const size_t i = k % timing_buffer().size();
      const VsStimulus& s = timing_buffer()[i];
      sink += static_cast<uint64_t>(Sel::select(levels_[i], s.allowed, s.pkt, rng) + 1);
    }
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    sink_ = sink;
    return t;
  }

 private:
  BurstGenerator<VsShape<V, W>> make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, VsShape<V, W>()};
  }
  // The situations of the cycle, from its stimulus and the three selection functions.
  void coverage_of_cycle(uint32_t grant_model_bits) {
    const VsStimulus& s = stimulus();
    const uint32_t all = (1u << V) - 1;
    cov_none_allowed_ += s.allowed == 0;
    cov_all_allowed_ += s.allowed == all;
    cov_pkt0_ += s.pkt == 0;
    sc::VcSelectorCredits l(V, (1u << W) - 1);
    uint32_t ok = 0, most = 0;
    bool short_one = false, at_max = false;
    for (int v = 0; v < V; ++v) {
      l.set(v, s.credits[v]);
      const bool allowed = ((s.allowed >> v) & 1u) != 0;
      if (allowed && s.credits[v] >= s.pkt) {
        ok |= 1u << v;
        most = std::max(most, s.credits[v]);
      }
      short_one = short_one || (allowed && s.credits[v] + 1 == s.pkt);
      at_max = at_max || (allowed && s.credits[v] == (1u << W) - 1);
    }
    cov_short_ += short_one;
    cov_at_max_ += at_max;
    if (ok == 0) {
      cov_no_credits_ += s.allowed != 0;
      return;
    }
    ++cov_grants_;
    if (grant_model_bits != 0) ++cov_per_vc_[__builtin_ctz(grant_model_bits)];
    int tied = 0;
    for (int v = 0; v < V; ++v) tied += ((ok >> v) & 1u) != 0 && s.credits[v] == most;
    cov_ties_ += tied >= 2;
    cov_ties3_ += tied >= 3;
    netcosim::Rng rng;
    const int jsq = JsqVc::select(l, s.allowed, s.pkt, rng);
    cov_jsq_ne_high_ += jsq != HighestVc::select(l, s.allowed, s.pkt, rng);
    cov_jsq_ne_low_ += jsq != LowestVc::select(l, s.allowed, s.pkt, rng);
    const int chosen = Sel::select(l, s.allowed, s.pkt, rng);
    bool masked = false;
    for (int v = 0; v < V; ++v) {
      masked = masked || (((s.allowed >> v) & 1u) == 0 && s.credits[v] >= s.pkt &&
                          s.credits[v] > s.credits[chosen]);
    }
    cov_masked_ += masked;
    cov_exact_ += s.credits[chosen] == s.pkt;
  }
  void write(const VsStimulus& s) {
    allowed.write(packed<Port<V>>(V, {{0, s.allowed}}, V));
    BitPacker cp(V * W);
    for (int v = 0; v < V; ++v) cp.put(v * W, W, s.credits[v]);
    Port<V * W> cv{};
    cp.store(cv);
    credits.write(cv);
    pkt_size.write(packed<Port<W>>(W, {{0, s.pkt}}, W));
  }
  std::vector<sc::VcSelectorCredits> levels_;
  volatile uint64_t sink_ = 0;
  uint64_t cov_grants_ = 0, cov_none_allowed_ = 0, cov_all_allowed_ = 0, cov_no_credits_ = 0;
  uint64_t cov_exact_ = 0, cov_short_ = 0, cov_ties_ = 0, cov_ties3_ = 0, cov_jsq_ne_high_ = 0;
  uint64_t cov_jsq_ne_low_ = 0, cov_masked_ = 0, cov_at_max_ = 0, cov_pkt0_ = 0;
  std::vector<uint64_t> cov_per_vc_ = std::vector<uint64_t>(V, 0);  // grants per VC
};

template <int V, int W, int MODE, class Vtop>
ParamSetEntry entry(const char* name) {
  static_assert(V >= 2 && V <= static_cast<int>(model::CreditLevels::kMaxVcs), "V: 2..16");
  static_assert(W >= 2 && W <= 16, "W: 2..16");
  static_assert(MODE >= 0 && MODE <= 2, "MODE: 0 jsq, 1 highest, 2 lowest");
  return bench_entry<VsBench<V, W, MODE, Vtop>>(
      name, "V=" + std::to_string(V) + ",W=" + std::to_string(W) + ",MODE=" + std::to_string(MODE));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // Local outputs of 32 phits per VC (W = 6) with 2, 4 or 8 VCs, global outputs of 256 (W = 9)
  // with 2 or 4: the h8 router's VC sets 2/1, 4/2, 8/4 (seed 002 Table V and Sec. V).
  BenchInfo info{"vc_selector", {"grant", "valid"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for v2w6_jsq only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<2, 6, 0, Vvc_selector_v2w6_jsq>("v2w6_jsq")};
#else
  info.sets = {
      entry<2, 6, 0, Vvc_selector_v2w6_jsq>("v2w6_jsq"),
      entry<2, 6, 1, Vvc_selector_v2w6_highest>("v2w6_highest"),
      entry<2, 6, 2, Vvc_selector_v2w6_lowest>("v2w6_lowest"),
      entry<4, 6, 0, Vvc_selector_v4w6_jsq>("v4w6_jsq"),
      entry<4, 6, 1, Vvc_selector_v4w6_highest>("v4w6_highest"),
      entry<4, 6, 2, Vvc_selector_v4w6_lowest>("v4w6_lowest"),
      entry<8, 6, 0, Vvc_selector_v8w6_jsq>("v8w6_jsq"),
      entry<8, 6, 1, Vvc_selector_v8w6_highest>("v8w6_highest"),
      entry<8, 6, 2, Vvc_selector_v8w6_lowest>("v8w6_lowest"),
      entry<2, 9, 0, Vvc_selector_v2w9_jsq>("v2w9_jsq"),
      entry<2, 9, 1, Vvc_selector_v2w9_highest>("v2w9_highest"),
      entry<2, 9, 2, Vvc_selector_v2w9_lowest>("v2w9_lowest"),
      entry<4, 9, 0, Vvc_selector_v4w9_jsq>("v4w9_jsq"),
      entry<4, 9, 1, Vvc_selector_v4w9_highest>("v4w9_highest"),
      entry<4, 9, 2, Vvc_selector_v4w9_lowest>("v4w9_lowest"),
      // The local ports of the h2 FlexVC routers of the in-network socket (rtl/catalog.h).
      entry<3, 6, 0, Vvc_selector_v3w6_jsq>("v3w6_jsq"),
      entry<3, 6, 1, Vvc_selector_v3w6_highest>("v3w6_highest"),
      entry<3, 6, 2, Vvc_selector_v3w6_lowest>("v3w6_lowest"),
  };
#endif
  return bench_main(argc, argv, info);
}
