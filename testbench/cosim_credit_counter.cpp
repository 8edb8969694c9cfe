// Co-simulation bench: rtl/credit_counter.sv against netcosim::model::CreditCounter.
//
// Source of the mechanism: thesis 000 Sec. 1.1 and 1.6.3 (credit-based flow control per VC,
// counted in phits; Virtual Cut-Through needs room for the whole packet). Bench top and
// timing: bench_top.h and docs/cosim.md.
#include <deque>

#include "bench_top.h"
#include "burst_generator.h"
#include "sim/blocks/credit_counter.h"
#include "systemc/blocks/credit_counter.h"

#include "Vcredit_counter_v2w6c32.h"
#ifndef NETCOSIM_MUTANT
#include "Vcredit_counter_v1w6c32.h"
#include "Vcredit_counter_v1w9c256.h"
#include "Vcredit_counter_v2w9c256.h"
#include "Vcredit_counter_v3w6c32.h"
#include "Vcredit_counter_v3w9c256.h"
#include "Vcredit_counter_v4w6c32.h"
#include "Vcredit_counter_v4w9c256.h"
#endif

namespace netcosim::cosim {
namespace {

struct CcStimulus {
  bool rst = false, cv = false, rv = false;
  uint32_t cvc = 0, camt = 0, rvc = 0, ramt = 0, pkt = 0;
};

// A sender and a link: packets are sent only when the VC has room (as a sender checks can_send);
// their credits come back after a per-burst delay (0, 1, 10 or 100 cycles), in order; bursts with
// the credit return stalled (back-pressure) drain the counts to zero; packet sizes 8 phits, 1, the
// whole buffer or random. Unless --legal-only: rare protocol violations (a send without enough
// credits, a spurious credit return) exercise the underflow/overflow flags. The fields of an
// invalid consume/return carry random values. Resets (one mid-run) also empty the link.
template <int V, int W, int CAP>
class CcShape {
 public:
  using Stimulus = CcStimulus;
  static constexpr uint32_t kMaxBurst = 512;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = false;
  static constexpr int VW = index_width(V);
  explicit CcShape(bool legal_only) : legal_(legal_only), shadow_(V, CAP) {}
  void fill(CcStimulus& s, uint64_t cycle, Rng& rng) {
    s.cvc = rng.below(1u << VW) % V;
    s.rvc = rng.below(1u << VW) % V;
    s.camt = rng.below(1u << W);
    s.ramt = rng.below(1u << W);
    if (!stall_ && !link_.empty() && link_.front().due <= cycle) {
      s.rv = true;
      s.rvc = link_.front().vc;
      s.ramt = link_.front().amt;
      link_.pop_front();
    } else if (!legal_ && rng.chance(0.002)) {  // spurious return: overflow unless drained
      s.rv = true;
      s.rvc = rng.below(V);
      s.ramt = 1 + rng.below((1u << W) - 1);
    }
    if (rng.chance(p_send_)) {
      const uint32_t vc = rng.below(V);
      const uint32_t amt = packet_size(rng);
      const bool room = shadow_.credits(vc) >= amt;
      if (room || (!legal_ && rng.chance(0.02))) {  // without room: underflow
        s.cv = true;
        s.cvc = vc;
        s.camt = amt;
        if (room) link_.push_back({cycle + delay_, vc, amt});
      }
    }
    s.pkt = rng.chance(0.5) ? size_ : rng.below(1u << W);
    if (s.rst) {
      shadow_.reset();
      link_.clear();
    } else {
      shadow_.cycle(s.cv, s.cvc, s.camt, s.rv, s.rvc, s.ramt);
    }
  }
  void new_burst(Rng& rng) {
    static constexpr double kSend[] = {0.0, 0.1, 0.5, 1.0};
    static constexpr uint64_t kDelay[] = {0, 1, 10, 100};
    p_send_ = kSend[rng.below(4)];
    delay_ = kDelay[rng.below(4)];
    stall_ = rng.chance(0.2);
    size_mode_ = static_cast<int>(rng.below(4));
    size_ = CAP < 8 ? CAP : 8;  // packets of 8 phits (docs/model.md §2)
  }

 private:
  struct InFlight {
    uint64_t due;
    uint32_t vc, amt;
  };
  uint32_t packet_size(Rng& rng) {
    switch (size_mode_) {
      case 0:
        return size_;
      case 1:
        return 1;
      case 2:
        return CAP;
      default:
        return rng.below(CAP + 1);
    }
  }
  bool legal_;
  model::CreditCounter shadow_;  // the counter as the sender sees it
  std::deque<InFlight> link_;
  uint64_t delay_ = 1;
  double p_send_ = 0.5;
  bool stall_ = false;
  int size_mode_ = 0;
  uint32_t size_ = 8;
};

template <int V, int W, int CAP, class Vtop>
class CcBench
    : public BenchTop<CcBench<V, W, CAP, Vtop>, BurstGenerator<CcShape<V, W, CAP>>, Vtop> {
 public:
  using Top = BenchTop<CcBench<V, W, CAP, Vtop>, BurstGenerator<CcShape<V, W, CAP>>, Vtop>;
  using Top::clk, Top::dut, Top::options, Top::stimulus, Top::time_replay;
  friend Top;
  static constexpr int VW = index_width(V);
  sc_core::sc_signal<bool> rst{"rst"}, consume_valid{"consume_valid"}, return_valid{"return_valid"};
  sc_core::sc_signal<Port<VW>> consume_vc{"consume_vc"}, return_vc{"return_vc"};
  sc_core::sc_signal<Port<W>> consume_amt{"consume_amt"}, return_amt{"return_amt"};
  sc_core::sc_signal<Port<W>> pkt_size{"pkt_size"};
  sc_core::sc_signal<Port<V>> can_send_model{"can_send_model"};
  sc_core::sc_signal<Port<V * W>> credits_model{"credits_model"};
  sc_core::sc_signal<bool> underflow_model{"underflow_model"}, overflow_model{"overflow_model"};
  RtlOutput<Port<V>> can_send{"can_send"};
  RtlOutput<Port<V * W>> credits{"credits"};
  RtlOutput<bool> underflow{"underflow"}, overflow{"overflow"};
  sc::CreditCounter<V, W, CAP> model{"model"};

  CcBench(sc_core::sc_module_name n, const Options& o, RunResult& r)
      : Top(n, o, r,
            "credit_counter_V" + std::to_string(V) + "_W" + std::to_string(W) + "_CAP" +
                std::to_string(CAP)) {
    dut.clk(clk);
    dut.rst(rst);
    dut.consume_valid(consume_valid);
    dut.consume_vc(consume_vc);
    dut.consume_amt(consume_amt);
    dut.return_valid(return_valid);
    dut.return_vc(return_vc);
    dut.return_amt(return_amt);
    dut.pkt_size(pkt_size);
    dut.can_send(can_send.dut);
    dut.credits(credits.dut);
    dut.underflow(underflow.dut);
    dut.overflow(overflow.dut);
    model.clk(clk);
    model.rst(rst);
    model.consume_valid(consume_valid);
    model.consume_vc(consume_vc);
    model.consume_amt(consume_amt);
    model.return_valid(return_valid);
    model.return_vc(return_vc);
    model.return_amt(return_amt);
    model.pkt_size(pkt_size);
    model.can_send(can_send_model);
    model.credits(credits_model);
    model.underflow(underflow_model);
    model.overflow(overflow_model);
  }

  void compare(Checker& c) override {
    const auto cs_m = can_send_model.read(), cs_r = can_send.rtl.read();
    const auto cr_m = credits_model.read(), cr_r = credits.rtl.read();
    for (int v = 0; v < V; ++v) c.check("can_send", v, field(cs_m, v, 1), field(cs_r, v, 1));
    for (int v = 0; v < V; ++v) c.check("credits", v, field(cr_m, v * W, W), field(cr_r, v * W, W));
    c.check("underflow", -1, underflow_model.read(), underflow.rtl.read());
    c.check("overflow", -1, overflow_model.read(), overflow.rtl.read());
    cov_under_ += underflow_model.read();
    cov_over_ += overflow_model.read();
    cov_same_ +=
        stimulus().cv && stimulus().rv && stimulus().cvc == stimulus().rvc && !stimulus().rst;
    cov_blocked_ += field(cs_m, 0, V) == 0;
    bool empty = false, full = false, exact = false;
    for (int v = 0; v < V; ++v) {
      const uint64_t cr = field(cr_m, v * W, W);
      empty = empty || cr == 0;
      full = full || cr == CAP;
      exact = exact || (cr == stimulus().pkt && cr > 0);
    }
    cov_empty_ += empty;
    cov_full_ += full;
    cov_exact_ += exact;
    cov_resets_ += stimulus().rst;
    if (!stimulus().rst && stimulus().cv) ++cov_consumes_[stimulus().cvc % V];
    if (!stimulus().rst && stimulus().rv) ++cov_returns_[stimulus().rvc % V];
  }
  Coverage coverage() const override {
    // Under --legal-only the stimulus never violates the protocol: no underflow, no overflow.
    return {{"underflow_cycles", cov_under_, !options().legal_only},
            {"overflow_cycles", cov_over_, !options().legal_only},
            {"same_vc_consume_and_return", cov_same_, true},
            {"cycles_with_a_vc_at_0_credits", cov_empty_, true},
            {"cycles_with_a_vc_at_cap", cov_full_, true},
            {"packet_size_equal_to_credits", cov_exact_, true},
            {"can_send_all_low", cov_blocked_, true},
            {"reset_cycles", cov_resets_, true},
            {"min_consumes_per_vc", min_of(cov_consumes_), true},
            {"min_returns_per_vc", min_of(cov_returns_), true}};
  }
  std::vector<FaultTapBase*> fault_taps() override {
    return {&can_send.tap, &credits.tap, &underflow.tap, &overflow.tap};
  }
  std::string inputs_text() const override {
    std::ostringstream s;
    s << "rst=" << stimulus().rst << " consume_valid=" << stimulus().cv
      << " consume_vc=" << stimulus().cvc << " consume_amt=" << stimulus().camt
      << " return_valid=" << stimulus().rv << " return_vc=" << stimulus().rvc
      << " return_amt=" << stimulus().ramt << " pkt_size=" << stimulus().pkt;
    return s.str();
  }
  double time_model(uint64_t cycles) override {
    model::CreditCounter m(V, CAP);
    return time_replay(cycles, [&](const CcStimulus& s) {
      uint64_t out = 0;
      for (int v = 0; v < V; ++v) out += m.can_send(v, s.pkt);
      if (s.rst) {
        m.reset();
      } else {
        const auto f = m.cycle(s.cv, s.cvc, s.camt, s.rv, s.rvc, s.ramt);
        out += f.underflow + f.overflow;
      }
      return out;
    });
  }

 private:
  BurstGenerator<CcShape<V, W, CAP>> make_generator(uint64_t seed, uint64_t mid_reset) const {
    return {seed, mid_reset, CcShape<V, W, CAP>(options().legal_only)};
  }
  void write(const CcStimulus& s) {
    rst.write(s.rst);
    consume_valid.write(s.cv);
    return_valid.write(s.rv);
    consume_vc.write(packed<Port<VW>>(VW, {{0, s.cvc}}, VW));
    return_vc.write(packed<Port<VW>>(VW, {{0, s.rvc}}, VW));
    consume_amt.write(packed<Port<W>>(W, {{0, s.camt}}, W));
    return_amt.write(packed<Port<W>>(W, {{0, s.ramt}}, W));
    pkt_size.write(packed<Port<W>>(W, {{0, s.pkt}}, W));
  }
  uint64_t cov_under_ = 0, cov_over_ = 0, cov_same_ = 0, cov_blocked_ = 0, cov_empty_ = 0;
  uint64_t cov_resets_ = 0, cov_full_ = 0, cov_exact_ = 0;
  std::vector<uint64_t> cov_consumes_ = std::vector<uint64_t>(V, 0);  // per VC
  std::vector<uint64_t> cov_returns_ = std::vector<uint64_t>(V, 0);
};

template <int V, int W, int CAP, class Vtop>
ParamSetEntry entry(const char* name) {
  static_assert(CAP < (1 << W), "CAP must fit in W bits");
  return bench_entry<CcBench<V, W, CAP, Vtop>>(
      name, "V=" + std::to_string(V) + ",W=" + std::to_string(W) + ",CAP=" + std::to_string(CAP));
}

}  // namespace
}  // namespace netcosim::cosim

int sc_main(int argc, char** argv) {
  using namespace netcosim::cosim;
  // Local ports: 32 phits per VC; global and injection ports: 256 (docs/model.md §2). v3w9c256: the
  // h8 Dragonfly router's 3 VCs.
  BenchInfo info{"credit_counter", {"can_send", "credits", "underflow", "overflow"}, {}, ""};
#ifdef NETCOSIM_MUTANT
  // A deliberately broken RTL copy (testbench/CMakeLists.txt), Verilated for v2w6c32 only.
  info.mutant = NETCOSIM_MUTANT;
  info.sets = {entry<2, 6, 32, Vcredit_counter_v2w6c32>("v2w6c32")};
#else
  info.sets = {
      entry<2, 6, 32, Vcredit_counter_v2w6c32>("v2w6c32"),
      entry<3, 9, 256, Vcredit_counter_v3w9c256>("v3w9c256"),
      entry<4, 9, 256, Vcredit_counter_v4w9c256>("v4w9c256"),
      // The ports of the routers of the in-network socket (rtl/catalog.h).
      entry<1, 6, 32, Vcredit_counter_v1w6c32>("v1w6c32"),
      entry<3, 6, 32, Vcredit_counter_v3w6c32>("v3w6c32"),
      entry<4, 6, 32, Vcredit_counter_v4w6c32>("v4w6c32"),
      entry<1, 9, 256, Vcredit_counter_v1w9c256>("v1w9c256"),
      entry<2, 9, 256, Vcredit_counter_v2w9c256>("v2w9c256"),
  };
#endif
  return bench_main(argc, argv, info);
}
