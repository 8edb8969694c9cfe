// Latency histogram of fixed size, independent of the run length (docs/model.md §5.1).
// Boost.Histogram (https://www.boost.org/doc/libs/1_74_0/libs/histogram/doc/html/index.html,
// "Axis with custom binning") over a log-linear axis, the layout of HdrHistogram
// (G. Tene, http://hdrhistogram.org/) with an exact linear range:
//   - latencies 0 .. 2^16-1 cycles: one bin per cycle (exact);
//   - 2^16 .. 2^32-1 cycles: every octave [2^e, 2^(e+1)) is split into 2^8 = 256 equal sub-bins
//     of width 2^(e-8), a relative width of at most 1/256 (0.39%).
// 65536 + 16 * 256 = 69632 bins of uint64_t counters: 557,056 bytes per histogram, whatever the
// run length (the previous exact histogram had one counter per cycle of the run: 8 GB for
// 2^30 cycles). Counters are integers, so merging the histograms of several threads is exact
// and independent of the order (docs/model.md "Latency histogram").
#pragma once

#include <boost/histogram.hpp>
#include <cstdint>

namespace netcosim {

class LogLinearAxis {
 public:
  static constexpr unsigned kExactBits = 16;  // exact bins for values below 2^16
  static constexpr unsigned kSubBits = 8;     // 2^8 sub-bins per octave above
  static constexpr unsigned kTopBits = 32;    // values below 2^32 (Cycle is 32 bits)
  static constexpr uint64_t kExactLimit = uint64_t{1} << kExactBits;
  static constexpr int kBins =
      static_cast<int>(kExactLimit + (kTopBits - kExactBits) * (uint64_t{1} << kSubBits));

  static constexpr int bin_of(uint64_t v) {
    if (v < kExactLimit) return static_cast<int>(v);
    if (v >= (uint64_t{1} << kTopBits)) return kBins - 1;  // not reached: latencies are Cycles
    unsigned e = kExactBits;
    while ((v >> (e + 1)) != 0) ++e;
    const uint64_t sub = (v >> (e - kSubBits)) & ((uint64_t{1} << kSubBits) - 1);
    return static_cast<int>(kExactLimit + ((e - kExactBits) << kSubBits) + sub);
  }
  // Smallest value of bin i; lower_edge(kBins) = 2^32.
  static constexpr uint64_t lower_edge(int i) {
    if (i < static_cast<int>(kExactLimit)) return static_cast<uint64_t>(i);
    const uint64_t j = static_cast<uint64_t>(i) - kExactLimit;
    const uint64_t e = kExactBits + (j >> kSubBits);
    const uint64_t sub = j & ((uint64_t{1} << kSubBits) - 1);
    return ((uint64_t{1} << kSubBits) + sub) << (e - kSubBits);
  }

  // The Boost.Histogram axis protocol.
  boost::histogram::axis::index_type index(uint64_t v) const { return bin_of(v); }
  double value(double i) const { return static_cast<double>(lower_edge(static_cast<int>(i))); }
  boost::histogram::axis::index_type size() const { return kBins; }
  static constexpr unsigned options() noexcept { return boost::histogram::axis::option::none; }
  bool operator==(const LogLinearAxis&) const { return true; }
  bool operator!=(const LogLinearAxis&) const { return false; }
};

class LatencyHistogram {
 public:
  using Hist = boost::histogram::histogram<std::tuple<LogLinearAxis>,
                                           boost::histogram::dense_storage<uint64_t>>;

  // Allocates its fixed storage once (never in the cycle loop).
  LatencyHistogram()
      : h_(boost::histogram::make_histogram_with(boost::histogram::dense_storage<uint64_t>(),
                                                 LogLinearAxis())) {}

  void clear() { h_.reset(); }
  void add(uint64_t latency) { h_(latency); }
  void merge(const LatencyHistogram& o) { h_ += o.h_; }
  uint64_t count_in_bin(int i) const { return h_.at(i); }

  // Nearest-rank percentile: the smallest latency L such that at least `rank` samples are <= L
  // (rank >= 1). Exact below 2^16 cycles; above, the upper end of the bin holding that sample,
  // capped at `max` (the exact maximum): never below the exact value and at most
  // (bin width - 1) < value/256 above it. Returns `max` if there are fewer than `rank` samples.
  uint64_t percentile_at_rank(uint64_t rank, uint64_t max) const {
    uint64_t cum = 0;
    for (int i = 0; i < LogLinearAxis::kBins; ++i) {
      cum += h_.at(i);
      if (cum >= rank) {
        if (i < static_cast<int>(LogLinearAxis::kExactLimit)) return static_cast<uint64_t>(i);
        const uint64_t hi = LogLinearAxis::lower_edge(i + 1) - 1;
        return hi < max ? hi : max;
      }
    }
    return max;
  }

  // Bytes of counter storage (constant).
  static constexpr uint64_t storage_bytes() {
    return static_cast<uint64_t>(LogLinearAxis::kBins) * sizeof(uint64_t);
  }

 private:
  Hist h_;
};

}  // namespace netcosim
