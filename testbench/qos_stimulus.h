// Constrained-random stimulus of the table schedulers' benches (cosim_dtable_arbiter.cpp,
// cosim_drr_arbiter.cpp; docs/cosim.md): a configuration write port and per-lane activity, sizes
// and an accept, in the bursts of the shared burst generator (burst_generator.h).
//
//   programming  after every reset, the whole table (or every lane's quantum) is written, one
//                address per cycle, in one of three styles: "proper" (weights at least the lane's
//                MTU, up to the maximum), "random" (uniform over the weight's range, 0 included)
//                and "small" (0 to 4: entries too small for most messages, so the walk passes
//                them); the table's SLs are random lanes or a round robin over the lanes; each
//                lane gets an MTU for the period, mostly small;
//                rare single writes (0.5 % of the cycles) also change the table in operation;
//   traffic      bursts of 1 to 256 cycles: activity sticky (each lane flips with 5 % per cycle
//                from a random start), random every cycle at a density from one lane to 95 %,
//                all lanes, one lane, or idle; sizes the lane's MTU, random from 1 to the
//                maximum, the maximum, 1, or random with 0 in 2 % of them; accept with
//                probability 1, 0.9, 0.5 or 0 (back-pressure: the state must hold);
//   resets       the burst generator's (two cycles in the middle of the run plus rare random
//                ones); the power-on reset is drawn too, so the table is programmed after it.
#pragma once

#include <array>
#include <cstdint>
#include <sstream>
#include <string>

#include "burst_generator.h"

namespace netcosim::cosim {

constexpr int kQosMaxLanes = 64;

struct QosStimulus {
  bool rst = false, cfg_we = false, accept = false;
  uint32_t cfg_addr = 0, cfg_sl = 0, cfg_weight = 0;
  uint64_t active = 0;
  std::array<uint32_t, kQosMaxLanes> size{};
};

// A cycle's inputs of a table scheduler for a mismatch report: reset, accept, the configuration
// write (`write`: what it writes, e.g. "entry 3: SL 1, weight 8"), the active lanes and the head
// sizes of `lanes` lanes.
inline std::string qos_inputs_text(const QosStimulus& s, int lanes, const std::string& write) {
  std::ostringstream o;
  o << "rst=" << s.rst << " accept=" << s.accept << " cfg_we=" << s.cfg_we;
  if (s.cfg_we) o << " (" << write << ")";
  o << " active=0x" << std::hex << s.active << std::dec << " size=";
  for (int l = 0; l < lanes; ++l) o << (l ? "," : "") << s.size[l];
  return o.str();
}

class QosShape {
 public:
  using Stimulus = QosStimulus;
  static constexpr uint32_t kMaxBurst = 256;
  static constexpr bool kResets = true;
  static constexpr bool kDrawsPowerOnReset = true;
  // `lanes` SLs or VLs, `addresses` table entries (DTable) or lanes (DRR), weights of
  // `weight_bits`, sizes of `size_bits`; `entry_sl`: the writes carry an SL (DTable). Drawn
  // weights stay below 2^10 and sizes below 2^8 when the fields are wider (the switches' sets,
  // WW = 24, SW = 16: their tables' weights are hundreds of credits and their messages at most 32
  // credits, thesis 003 Tables 4.9 and 5.4), so that messages end and entries compete as in the
  // narrower sets instead of one message of up to 65,535 credits holding the grant.
  QosShape(int lanes, int addresses, int weight_bits, int size_bits, bool entry_sl)
      : lanes_(lanes),
        addrs_(addresses),
        wmax_((1u << (weight_bits < 10 ? weight_bits : 10)) - 1),
        smax_((1u << (size_bits < 8 ? size_bits : 8)) - 1),
        entry_sl_(entry_sl) {}

  void fill(QosStimulus& s, uint64_t /*cycle*/, Rng& rng) {
    if (s.rst) {
      program_at_ = 0;  // reprogram after the reset
      new_programming(rng);
      return;
    }
    if (program_at_ < addrs_) {
      s.cfg_we = true;
      s.cfg_addr = static_cast<uint32_t>(program_at_);
      s.cfg_sl = entry_sl_ ? (round_robin_sl_ ? static_cast<uint32_t>(program_at_ % lanes_)
                                              : rng.below(static_cast<uint32_t>(lanes_)))
                           : 0;
      s.cfg_weight = weight_for(s.cfg_sl, rng);
      ++program_at_;
    } else if (rng.chance(0.005)) {
      s.cfg_we = true;
      s.cfg_addr = rng.below(static_cast<uint32_t>(addrs_));
      s.cfg_sl = entry_sl_ ? rng.below(static_cast<uint32_t>(lanes_)) : 0;
      s.cfg_weight = rng.below(wmax_ + 1);
    }
    switch (active_mode_) {
      case 0:  // sticky
        for (int l = 0; l < lanes_; ++l)
          if (rng.chance(0.05)) sticky_ ^= uint64_t{1} << l;
        s.active = sticky_;
        break;
      case 1:  // random every cycle
        for (int l = 0; l < lanes_; ++l)
          if (rng.chance(density_)) s.active |= uint64_t{1} << l;
        break;
      case 2:
        s.active = lanes_ == 64 ? ~uint64_t{0} : (uint64_t{1} << lanes_) - 1;
        break;
      case 3:
        s.active = uint64_t{1} << one_;
        break;
      default:
        break;
    }
    for (int l = 0; l < lanes_; ++l) {
      switch (size_mode_) {
        case 0:
          s.size[l] = mtu_[l];
          break;
        case 1:
          s.size[l] = 1 + rng.below(smax_);
          break;
        case 2:
          s.size[l] = smax_;
          break;
        case 3:
          s.size[l] = 1;
          break;
        default:
          s.size[l] = rng.chance(0.02) ? 0 : 1 + rng.below(smax_);
          break;
      }
    }
    s.accept = rng.chance(p_accept_);
  }
  void new_burst(Rng& rng) {
    static constexpr double kDensity[] = {0.05, 0.2, 0.5, 0.8, 0.95};
    static constexpr double kAccept[] = {1.0, 1.0, 0.9, 0.5, 0.0};
    active_mode_ = static_cast<int>(rng.below(5));
    size_mode_ = static_cast<int>(rng.below(5));
    density_ = kDensity[rng.below(5)];
    if (density_ == 0.05) density_ = 1.0 / lanes_;  // about one lane per cycle
    p_accept_ = kAccept[rng.below(5)];
    one_ = static_cast<int>(rng.below(static_cast<uint32_t>(lanes_)));
    sticky_ = 0;
    for (int l = 0; l < lanes_; ++l)
      if (rng.chance(0.5)) sticky_ |= uint64_t{1} << l;
  }

 private:
  void new_programming(Rng& rng) {
    style_ = static_cast<int>(rng.below(3));
    round_robin_sl_ = rng.chance(0.5);
    for (int l = 0; l < lanes_; ++l) {
      // Mostly small MTUs (1 to 4), sometimes up to the maximum.
      mtu_[l] = rng.chance(0.7) ? 1 + rng.below(smax_ < 4 ? smax_ : 4) : 1 + rng.below(smax_);
    }
  }
  uint32_t weight_for(uint32_t lane, Rng& rng) {
    switch (style_) {
      case 0: {  // proper: at least the lane's MTU
        const uint32_t lo = mtu_[lane] <= wmax_ ? mtu_[lane] : wmax_;
        return lo + rng.below(wmax_ - lo + 1);
      }
      case 1:
        return rng.below(wmax_ + 1);
      default:
        return rng.below(5 <= wmax_ ? 5 : wmax_ + 1);
    }
  }

  int lanes_, addrs_;
  uint32_t wmax_, smax_;
  bool entry_sl_;
  int program_at_ = 0;
  int style_ = 0;
  bool round_robin_sl_ = false;
  std::array<uint32_t, kQosMaxLanes> mtu_{};
  int active_mode_ = 0, size_mode_ = 0, one_ = 0;
  double density_ = 0.5, p_accept_ = 1.0;
  uint64_t sticky_ = 0;
};

using QosGenerator = BurstGenerator<QosShape>;

}  // namespace netcosim::cosim
