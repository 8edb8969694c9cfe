// The round-robin output scheduler with equal weights per SL (sim/router/vl/rr_sl_scheduler.h;
// thesis 003 Sec. 4.3.1): turns go to the SLs in order, then to an SL's VLs in order; select()
// changes nothing until accept().
#include <gtest/gtest.h>

#include <vector>

#include "sim/router/vl/rr_sl_scheduler.h"

using netcosim::RrSlScheduler;

namespace {

std::vector<uint32_t> serve(RrSlScheduler& s, uint32_t active, int turns) {
  std::vector<uint32_t> out;
  const uint32_t sizes[16] = {};
  for (int k = 0; k < turns; ++k) {
    const uint32_t vl = s.select(active, sizes);
    EXPECT_EQ(s.select(active, sizes), vl) << "select() alone changes nothing";
    s.accept(vl);
    out.push_back(vl);
  }
  return out;
}

TEST(RrSlScheduler, EqualTurnsPerSlNotPerVl) {
  // SL0 on VLs 0 and 1, SL1 on VL 2 (the thesis's example): SL1 gets every other turn.
  const uint16_t sl_vls[] = {0b011, 0b100};
  RrSlScheduler s(2, sl_vls);
  EXPECT_EQ(serve(s, 0b111, 6), (std::vector<uint32_t>{0, 2, 1, 2, 0, 2}));
}

TEST(RrSlScheduler, IdleSlsAndVlsAreSkipped) {
  const uint16_t sl_vls[] = {0b0011, 0b0100, 0b1000};
  RrSlScheduler s(3, sl_vls);
  EXPECT_EQ(serve(s, 0b1010, 4), (std::vector<uint32_t>{1, 3, 1, 3}));
  EXPECT_EQ(serve(s, 0b0100, 2), (std::vector<uint32_t>{2, 2}));
}

TEST(RrSlScheduler, AVlSharedBySlsGetsATurnPerSl) {
  // Table 4.6: BE (SL3) and BK (SL4) share VLs 6 and 7; with VO (SL0) also active the shared VLs
  // get two turns out of three.
  const uint16_t sl_vls[] = {0b11, 0b1100, 0b110000, 0b11000000, 0b11000000};
  RrSlScheduler s(5, sl_vls);
  const std::vector<uint32_t> v = serve(s, 0b11000001, 6);
  int shared = 0;
  for (const uint32_t x : v) shared += x >= 6;
  EXPECT_EQ(shared, 4);
}

}  // namespace
