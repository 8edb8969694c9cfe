// The fixed-size latency histogram (sim/stats/latency_histogram.h): exact below 2^16 cycles, within
// 1/256 above, memory independent of the run length, exact order-independent merges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "sim/stats/latency_histogram.h"
#include "sim/stats/stats.h"

using netcosim::LatencyHistogram;
using netcosim::LogLinearAxis;

namespace {

// Nearest-rank percentile of sorted samples: the rank-th smallest (rank >= 1).
uint64_t exact_at_rank(const std::vector<uint64_t>& sorted, uint64_t rank) {
  return sorted[rank - 1];
}

std::vector<uint64_t> ranks_to_check(uint64_t n) {
  std::vector<uint64_t> r = {1, n};
  for (double q : {0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999})
    r.push_back(static_cast<uint64_t>(std::ceil(q * double(n))));
  for (uint64_t k = 1; k < 40; ++k) r.push_back(1 + (n - 1) * k / 40);
  return r;
}

TEST(LatencyHistogram, StorageIsFixedAt69632Counters) {
  // 2^16 exact bins + 16 octaves (2^16 .. 2^32) x 2^8 sub-bins.
  EXPECT_EQ(LogLinearAxis::kBins, 65536 + 16 * 256);
  EXPECT_EQ(LatencyHistogram::storage_bytes(), 69632u * 8u);
}

TEST(LatencyHistogram, BinEdgesContainTheirValues) {
  for (uint64_t v : {0ull, 1ull, 65535ull, 65536ull, 65791ull, 65792ull, 131071ull, 131072ull,
                     1000000ull, 1073741823ull, 2147483648ull, 4294967295ull}) {
    const int b = LogLinearAxis::bin_of(v);
    EXPECT_LE(LogLinearAxis::lower_edge(b), v) << v;
    EXPECT_GT(LogLinearAxis::lower_edge(b + 1), v) << v;
  }
  EXPECT_EQ(LogLinearAxis::bin_of(65535), 65535);
  EXPECT_EQ(LogLinearAxis::bin_of(65536), 65536);
  // [2^16, 2^17) has sub-bins of width 2^(16-8) = 256.
  EXPECT_EQ(LogLinearAxis::bin_of(65536 + 255), 65536);
  EXPECT_EQ(LogLinearAxis::bin_of(65536 + 256), 65537);
  EXPECT_EQ(LogLinearAxis::bin_of(131072), 65536 + 256);
  EXPECT_EQ(LogLinearAxis::bin_of(4294967295ull), LogLinearAxis::kBins - 1);
  EXPECT_EQ(LogLinearAxis::lower_edge(LogLinearAxis::kBins), 4294967296ull);
}

TEST(LatencyHistogram, PercentilesAreExactBelowTwoToTheSixteen) {
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 5; ++trial) {
    const uint64_t top = trial == 0 ? 300 : 65536;  // narrow and full exact range
    std::uniform_int_distribution<uint64_t> d(0, top - 1);
    std::vector<uint64_t> s(1000 + 997 * trial);
    LatencyHistogram h;
    for (auto& x : s) {
      x = d(rng);
      h.add(x);
    }
    std::sort(s.begin(), s.end());
    for (uint64_t r : ranks_to_check(s.size()))
      EXPECT_EQ(h.percentile_at_rank(r, s.back()), exact_at_rank(s, r)) << "rank " << r;
  }
}

TEST(LatencyHistogram, PercentilesAboveTheExactRangeAreWithinOne256thAndNeverBelow) {
  std::mt19937_64 rng(777);
  // Log-uniform samples over [1, 2^31).
  std::uniform_real_distribution<double> d(0.0, 31.0);
  std::vector<uint64_t> s(5000);
  LatencyHistogram h;
  for (auto& x : s) {
    x = static_cast<uint64_t>(std::exp2(d(rng)));
    h.add(x);
  }
  std::sort(s.begin(), s.end());
  for (uint64_t r : ranks_to_check(s.size())) {
    const uint64_t exact = exact_at_rank(s, r), got = h.percentile_at_rank(r, s.back());
    if (exact < 65536) {
      EXPECT_EQ(got, exact);
    } else {
      EXPECT_GE(got, exact) << "rank " << r;
      EXPECT_LE(double(got - exact), double(exact) / 256.0) << "rank " << r;
    }
  }
  // The maximum is the exact maximum passed in.
  EXPECT_EQ(h.percentile_at_rank(s.size(), s.back()), s.back());
}

TEST(LatencyHistogram, MergeIsExactAndOrderIndependent) {
  std::mt19937_64 rng(99);
  std::uniform_int_distribution<uint64_t> d(0, 300000);
  LatencyHistogram all, a, b, c, abc, cba;
  for (int i = 0; i < 3000; ++i) {
    const uint64_t x = d(rng);
    all.add(x);
    (i % 3 == 0 ? a : i % 3 == 1 ? b : c).add(x);
  }
  abc.merge(a);
  abc.merge(b);
  abc.merge(c);
  cba.merge(c);
  cba.merge(b);
  cba.merge(a);
  for (int i = 0; i < LogLinearAxis::kBins; ++i) {
    ASSERT_EQ(abc.count_in_bin(i), all.count_in_bin(i)) << i;
    ASSERT_EQ(cba.count_in_bin(i), all.count_in_bin(i)) << i;
  }
}

TEST(LatencyHistogram, SinkPercentilesDoNotDependOnTheWindowLength) {
  // The same deliveries in a short and in a 2^30-cycle window give the same histogram; the
  // sink's histogram is the same fixed object for both (no per-cycle storage).
  netcosim::StatsSink short_w, long_w;
  short_w.init(0, 100000, 8);
  long_w.init(0, 1073741823, 8);
  netcosim::Packet p;
  for (uint32_t i = 0; i < 500; ++i) {
    p.t_gen = i * 7;
    p.t_inject = p.t_gen + 1;
    const netcosim::Cycle del = p.t_gen + 100 + (i * 37) % 900;
    short_w.on_deliver(p, del - 1, del);
    long_w.on_deliver(p, del - 1, del);
  }
  EXPECT_EQ(short_w.window_packets, 500u);
  for (int i = 0; i < LogLinearAxis::kBins; ++i)
    ASSERT_EQ(short_w.latency_hist.count_in_bin(i), long_w.latency_hist.count_in_bin(i));
  EXPECT_EQ(short_w.latency_hist.percentile_at_rank(250, short_w.latency_max),
            long_w.latency_hist.percentile_at_rank(250, long_w.latency_max));
}

}  // namespace
